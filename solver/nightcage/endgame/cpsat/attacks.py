"""Monsters' attacks in the CP-SAT model (§4.4-4.5, §6.1, §6.4, §8.7).

The monsters a step triggers (from the cell left, at the destination, a
charged one, and their chain reactions), the prisoners they put out, and
the attackers removed.
"""

from __future__ import annotations

from .lits import Lit
from .variables import Variables


def triggers(
    model: Variables, t: int, k: int, solid: dict[int, Lit], left: dict[int, Lit], walked_to: dict[int, Lit], charged: dict[int, Lit]
) -> tuple[dict[int, Lit], dict[tuple[int, int], Lit]]:
    """Rule §4.4 (RULING-TRIGGER-ORIGIN), §6.1, §6.4: the monsters that attack after the step.

    Sight is taken on the board after step 2. A watcher's sight of the cell
    left is the same before its collapse (only the cells before it on the line
    count), so one board serves both. A charged monster attacks, and so do
    the monsters that see it. Returns the attackers and ``(m, x) -> m sees x``.
    """
    b, lits = model.board, model.lits
    tag = f"t={t},k={k}"
    sees: dict[tuple[int, int], list[Lit]] = {}
    prior: dict[tuple[int, int], list[Lit]] = {}
    for m, rays in model.tables.rays.items():
        for r, ray in enumerate(rays):
            chain = solid[m]
            for x in ray:
                prior.setdefault((m, x), []).append(chain)
                chain = lits.and_(f"ray[{tag},{model.cell(m)},{r},{model.cell(x)}]", [chain, solid[x]])
                sees.setdefault((m, x), []).append(chain)
    seen = {mx: lits.or_(f"sees[{tag},{model.cell(mx[0])},{model.cell(mx[1])}]", vs) for mx, vs in sees.items()}
    first: dict[int, list[Lit]] = {m: [charged.get(m, False)] for m in b.monsters}
    for (m, x), chains in prior.items():
        if b.trigger_origin and left.get(x, False) is not False:
            saw = lits.or_(f"saw[{tag},{model.cell(m)},{model.cell(x)}]", chains)
            first[m].append(lits.and_(f"origin[{tag},{model.cell(m)},{model.cell(x)}]", [left[x], saw]))
    for (m, x), v in seen.items():
        came = charged.get(x, False) if x in b.monsters else walked_to.get(x, False)
        if came is not False:
            first[m].append(lits.and_(f"dest[{tag},{model.cell(m)},{model.cell(x)}]", [came, v]))
    trig = {m: lits.or_(f"trig[{tag},r=0,{model.cell(m)}]", vs) for m, vs in first.items()}
    # Rule §4.4: chain reaction, a monster in an attacker's sight attacks too (to a fixed point).
    for r in range(1, len(b.monsters)):
        nxt = {}
        for m2 in b.monsters:
            reached = [
                lits.and_(f"chain[{tag},r={r},{model.cell(m)},{model.cell(m2)}]", [trig[m], seen[(m, m2)]])
                for m in b.monsters
                if (m, m2) in seen
            ]
            nxt[m2] = lits.or_(f"trig[{tag},r={r},{model.cell(m2)}]", [trig[m2], *reached])
        if all(nxt[m] is trig[m] for m in b.monsters):
            break
        trig = nxt
    return trig, seen


def hits(model: Variables, t: int, k: int, trig: dict[int, Lit], seen: dict[tuple[int, int], Lit]) -> dict[int, Lit]:
    """Rule §4.5, §8.7: every lit prisoner an attacker sees goes Lights Out; so does a charger.

    Returns the candles after the hits, by prisoner.
    """
    b, lits = model.board, model.lits
    a = b.active(t)
    tag = f"t={t},k={k}"
    hit_by: dict[int, list[Lit]] = {}
    for (m, x), v in seen.items():
        hit_by.setdefault(x, []).append(lits.and_(f"hit[{tag},{model.cell(m)},{model.cell(x)}]", [trig[m], v]))
    hit = {x: lits.or_(f"hit[{tag},{model.cell(x)}]", vs) for x, vs in hit_by.items()}
    lit = {}
    for j, place in enumerate(model.places(t, k)):
        struck = lits.select(f"struck[{tag},p={j}]", place, hit)
        charger = [lits.not_(model.charging[(t, k)])] if j == a else []
        lit[j] = lits.and_(f"lit_mid[{tag},p={j}]", [model.lit[(t, k - 1, j)], lits.not_(struck), *charger])
    return lit


def remove_attackers(model: Variables, t: int, k: int, solid: dict[int, Lit], trig: dict[int, Lit], charged: dict[int, Lit]) -> None:
    """Rule §4.5 (RULING-MONSTER-REMOVED), §6.4: attackers are discarded (a charged one always)."""
    b, lits = model.board, model.lits
    for m in b.monsters:
        gone = trig[m] if b.monster_removed else charged.get(m, False)
        solid[m] = lits.and_(f"solid_rm[t={t},k={k},{model.cell(m)}]", [solid[m], lits.not_(gone)])
