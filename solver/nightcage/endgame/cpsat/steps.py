"""A step in the CP-SAT model (§4 steps 1-6): the choice, the move, the win, the tile left crumbling.

:func:`step` adds one step of a turn: the moves and charges on offer, what
the step is (stay, move or charge; a move again only after a move), the
active prisoner's place after it, the win on arrival, a key taken there,
the crumbling tile left; then the attacks (:mod:`.attacks`) and the light
(:mod:`.light`) that follow it.
"""

from __future__ import annotations

from functools import partial

from .attacks import hits, remove_attackers, triggers
from .board import LETTERS
from .keys import arrival_keys
from .light import darkness, relight
from .lits import Lit, num
from .variables import Variables


def step(model: Variables, t: int, k: int) -> None:
    """Step ``k`` of turn ``t`` (§4 steps 1-6): the choice, arrival, crumbling, triggers, hits, light."""
    b, lits = model.board, model.lits
    tag = f"t={t},k={k}"
    before = model.pos_cells[(t, k - 1)]
    after = model.domain(t, b.active(t), k)
    arcs_out: dict[int, list[Lit]] = {c: [] for c in before}
    arcs_in: dict[int, list[Lit]] = {}
    walked: dict[int, list[Lit]] = {}
    charged_at: dict[int, list[Lit]] = {}
    moves, charges = [], []
    for c in before:
        here = model.pos[(t, k - 1, c)]
        for d, x in model.tables.moves[c]:
            if x not in after:
                continue
            v = lits.new(f"move[{tag},{model.cell(c)},{LETTERS[d]}]")
            # Rule §4.1: a move onto a tile (not a pit, not a monster) that no one holds, a gate excepted.
            lits.implies(v, here)
            lits.implies(v, model.solid[(t, k - 1, x)])
            if x not in b.gates:
                lits.implies(v, lits.not_(model.occupied(t, x)))
            model.move[(t, k, c, d)] = v
            moves.append(v)
            arcs_out[c].append(v)
            arcs_in.setdefault(x, []).append(v)
            walked.setdefault(x, []).append(v)
        for d, m, e, u in model.tables.charges[c]:
            if u not in after or (u == c and c in b.crumbling):
                continue  # the tile left is a pit by the time of the scramble
            v = lits.new(f"charge[{tag},{model.cell(c)},{LETTERS[d]},{LETTERS[e]}]")
            # Rule §6.4, §8.7: charge a monster still there; scramble onto a free tile.
            lits.implies(v, here)
            lits.implies(v, model.solid[(t, k - 1, m)])
            lits.implies(v, model.solid[(t, k - 1, u)])
            if u not in b.gates:
                lits.implies(v, lits.not_(model.occupied(t, u)))
            model.charge[(t, k, c, d, e)] = v
            charges.append(v)
            arcs_out[c].append(v)
            arcs_in.setdefault(u, []).append(v)
            charged_at.setdefault(m, []).append(v)
    model.moving[(t, k)] = moving = lits.one_of(f"moving[{tag}]", moves + charges)
    model.charging[(t, k)] = lits.one_of(f"charging[{tag}]", charges)
    _choice(model, t, k, before, moves + charges, moving)
    _flow(model, t, k, before, after, arcs_in, arcs_out)
    arrive = {x: lits.one_of(f"arrive[{tag},{model.cell(x)}]", vs) for x, vs in arcs_in.items()}
    walked_to = {x: lits.one_of(f"walked[{tag},{model.cell(x)}]", vs) for x, vs in walked.items()}
    charged = {m: lits.one_of(f"charged[{tag},{model.cell(m)}]", vs) for m, vs in charged_at.items()}
    left = {c: lits.one_of(f"left[{tag},{model.cell(c)}]", vs) for c, vs in arcs_out.items() if vs}
    _win(model, t, k, arrive)
    taken = arrival_keys(model, t, k, arrive)
    solid, pit, keyed = _collapse(model, t, k, left, taken)
    trig, sees = triggers(model, t, k, solid, left, walked_to, charged)
    lit = hits(model, t, k, trig, sees)
    remove_attackers(model, t, k, solid, trig, charged)
    darkness(model, t, k, solid, pit, keyed, lit)
    relight(model, t, k, lit)


def _choice(model: Variables, t: int, k: int, before: list[int], steps: list[Lit], moving: Lit) -> None:
    """What the step is: the main action (§4.1) or a move bought with Nerve (§4.7)."""
    lits = model.lits
    live = model.live[(t, k)]
    if k > 1:
        # Rule §4.7: move again only after a move (not after a stay), and not once the game is won.
        model.model.add_at_most_one(steps)
        lits.implies(moving, model.moving[(t, k - 1)])
        lits.implies(moving, live)
        return
    # Rule §4.1: stay or move; a turn after the win is idle.
    model.stay[t] = lits.new(f"stay[t={t}]")
    model.model.add_exactly_one([x for x in [model.stay[t], *steps, lits.not_(live)] if x is not False])
    for c in before:
        if c in model.board.crumbling:
            # Rule §4.2-4.3: staying on a crumbling tile falls; with an empty pile, a loss.
            lits.clause([lits.not_(model.stay[t]), lits.not_(model.pos[(t, 0, c)])])


def _flow(
    model: Variables, t: int, k: int, before: list[int], after: set[int], arcs_in: dict[int, list[Lit]], arcs_out: dict[int, list[Lit]]
) -> None:
    """The active prisoner's place after the step: where it stood, plus the arc in, minus the arc out."""
    cells = sorted(set(before) | set(arcs_in))
    model.pos_cells[(t, k)] = []
    for c in cells:
        here = model.pos.get((t, k - 1, c), False)
        gone, come = arcs_out.get(c, []), arcs_in.get(c, [])
        if gone:
            model.model.add(sum(gone) <= num(here))  # a step leaves the cell it starts from
        if c not in after:
            model.model.add(num(here) + sum(come) - sum(gone) == 0)
            continue
        model.pos_cells[(t, k)].append(c)
        if not come and not gone:
            model.pos[(t, k, c)] = here
            continue
        v = model.lits.new(f"pos[t={t},k={k},{model.cell(c)}]")
        model.model.add(v == num(here) + sum(come) - sum(gone))
        model.pos[(t, k, c)] = v


def _win(model: Variables, t: int, k: int, arrive: dict[int, Lit]) -> None:
    """Rule §5, §8.10: the win is checked on arrival, before any trigger: everyone on one
    gate holding a key. (A key pass never wins: prisoners sharing a gate pass keys only
    among themselves, and a gate holds no key to take.)"""
    b, lits = model.board, model.lits
    a = b.active(t)
    gathered = []
    for g, v in arrive.items():
        if g in b.gates:
            others = [model.at.get((t, j, g), False) for j in range(b.n) if j != a]
            waiting = model.memoized(("waiting", t, g), partial(lits.and_, f"waiting[t={t},{model.cell(g)}]", others))
            gathered.append(lits.and_(f"gathered[t={t},k={k},{model.cell(g)}]", [v, waiting]))
    met = lits.or_(f"met[t={t},k={k}]", gathered)
    keys = [model.passed[(t, k - 1, j)] for j in range(b.n)]
    live = model.live[(t, k)]
    win = model.win[(t, k)] = lits.and_(f"win[t={t},k={k}]", [live, met, *keys])
    nxt = (t, k + 1)
    if win is False:
        model.live[nxt] = live
    else:
        model.live[nxt] = lits.new(f"live[t={t},k={k + 1}]")
        model.model.add(model.live[nxt] == num(live) - win)


def _collapse(model: Variables, t: int, k: int, left: dict[int, Lit], taken: dict[int, Lit]) -> tuple[dict[int, Lit], ...]:
    """Rule §4.2: the crumbling tile a prisoner moved from becomes a pit (losing a key left on it).

    Returns the board after step 2: solid, pit, keyed, by cell.
    """
    b, lits = model.board, model.lits
    tag = f"t={t},k={k}"
    solid, pit, keyed = {}, {}, {}
    for c in b.cells:
        gone = left.get(c, False) if c in b.crumbling else False
        solid[c] = lits.and_(f"solid_mid[{tag},{model.cell(c)}]", [model.solid[(t, k - 1, c)], lits.not_(gone)])
        pit[c] = lits.or_(f"pit_mid[{tag},{model.cell(c)}]", [model.pit[(t, k - 1, c)], gone])
        before = model.kept.get((t, k - 1, c), False)
        if before is not False:
            keyed[c] = lits.and_(f"keyed_mid[{tag},{model.cell(c)}]", [before, lits.not_(taken.get(c, False)), lits.not_(gone)])
    return solid, pit, keyed
