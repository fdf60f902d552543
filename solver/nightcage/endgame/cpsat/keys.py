"""Keys in the CP-SAT model: passes at the decision points, and keys taken on arrival (§5, §8.1, §8.3)."""

from __future__ import annotations

from .lits import Lit, num
from .variables import Variables


def passes(model: Variables, t: int, k: int) -> None:
    """Key passes at a decision point (§5, §8.1, §8.3; rules notes 3).

    Keys pass between the active prisoner and its connected neighbours, any
    number of times, and a keyless active prisoner may take its key tile's
    key: through the active prisoner, every arrangement of the group's keys
    with the same count is reachable (one more after a take).
    """
    b, lits = model.board, model.lits
    a = b.active(t)
    tag = f"t={t},k={k}"
    adj = model.adjacency(t, k)
    takes = []
    for c in b.cells:
        keyed = model.keyed.get((t, k, c), False)
        model.kept[(t, k, c)] = keyed
        here = model.pos.get((t, k, c), False)
        if keyed is False or here is False:
            continue
        take = lits.new(f"take[{tag},{model.cell(c)}]")
        # Rule §8.3: the key of the tile the active prisoner stands on, if still there.
        lits.implies(take, here)
        lits.implies(take, keyed)
        model.take[(t, k, c)] = take
        model.kept[(t, k, c)] = lits.and_(f"kept[{tag},{model.cell(c)}]", [keyed, ~take])
        takes.append(take)
    if not takes and all(x is False for x in adj.values()):
        for j in range(b.n):
            model.passed[(t, k, j)] = model.key[(t, k, j)]
        return
    for j in range(b.n):
        before = model.key[(t, k, j)]
        if j != a and adj[j] is False:
            model.passed[(t, k, j)] = before
            continue
        after = lits.new(f"key[{tag},p={j},passed]")
        model.passed[(t, k, j)] = after
        if j != a and adj[j] is not True:
            # Rule §8.1: keys pass only between the active prisoner and a connected neighbour.
            model.model.add(after == num(before)).only_enforce_if(lits.not_(adj[j]))
    # Passing moves keys, a take adds the tile's: the count held changes by the take only.
    held_before = sum(num(model.key[(t, k, j)]) for j in range(b.n))
    model.model.add(sum(num(model.passed[(t, k, j)]) for j in range(b.n)) == held_before + sum(takes))
    if takes:
        model.model.add_at_most_one(takes)


def arrival_keys(model: Variables, t: int, k: int, arrive: dict[int, Lit]) -> dict[int, Lit]:
    """Rule §4.1, §8.3: arriving keyless on a key tile takes its key (a scramble arrives too).

    Returns the key tiles whose key was taken on arrival.
    """
    b, lits = model.board, model.lits
    a = b.active(t)
    tag = f"t={t},k={k}"
    held = model.passed[(t, k - 1, a)]
    found, taken = [], {}
    for x, v in arrive.items():
        keyed = model.kept.get((t, k - 1, x), False)
        if keyed is not False:
            there = lits.and_(f"arrive_key[{tag},{model.cell(x)}]", [v, keyed])
            found.append(there)
            taken[x] = lits.and_(f"key_taken[{tag},{model.cell(x)}]", [there, lits.not_(held)])
    for j in range(b.n):
        model.key[(t, k, j)] = model.passed[(t, k - 1, j)]
    model.key[(t, k, a)] = lits.or_(f"key[{tag},p={a}]", [held, *found])
    return taken
