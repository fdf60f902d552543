"""Light in the CP-SAT model (§3, step 6): darkness takes the unlit tiles, then prisoners relight."""

from __future__ import annotations

from .lits import Lit
from .variables import Variables


def darkness(
    model: Variables, t: int, k: int, solid: dict[int, Lit], pit: dict[int, Lit], keyed: dict[int, Lit], lit: dict[int, Lit]
) -> None:
    """Rule §3, step 6a: tiles that no prisoner illuminates vanish (a standing prisoner lights its
    own tile; a lit one also the neighbours its tile opens toward).

    After the first step of a turn this removes nothing when no step is taken,
    so it runs on every step alike.
    """
    b, lits = model.board, model.lits
    tag = f"t={t},k={k}"
    places = model.places(t, k)
    glow = {}
    for y in sorted({y for ys in model.tables.sources.values() for y in ys}):
        here = [lits.and_(f"glow[{tag},p={j},{model.cell(y)}]", [places[j].get(y, False), lit[j]]) for j in range(b.n)]
        glow[y] = lits.or_(f"glow[{tag},{model.cell(y)}]", here)
    for x in b.cells:
        lamps = [place.get(x, False) for place in places] + [glow.get(y, False) for y in model.tables.sources[x]]
        lamp = lits.or_(f"lamp[{tag},{model.cell(x)}]", lamps)
        model.solid[(t, k, x)] = lits.and_(f"solid[{tag},{model.cell(x)}]", [solid[x], lamp])
        model.pit[(t, k, x)] = lits.and_(f"pit[{tag},{model.cell(x)}]", [pit[x], lamp])
        if x in keyed:
            model.keyed[(t, k, x)] = lits.and_(f"keyed[{tag},{model.cell(x)}]", [keyed[x], lamp])


def relight(model: Variables, t: int, k: int, lit: dict[int, Lit]) -> None:
    """Rule §3, step 6b (RULING-RELIGHT-WITH-ACTIVE): relighting after darkness."""
    b, lits = model.board, model.lits
    a = b.active(t)
    tag = f"t={t},k={k}"
    adj = model.adjacency(t, k)
    if b.relight_with_active:
        # The active prisoner is relit by a lit neighbour, then relights every neighbour.
        near_lit = lits.or_(f"near_lit[{tag}]", [lits.and_(f"adj_lit[{tag},p={j}]", [adj[j], lit[j]]) for j in adj])
        lit_a = model.lit[(t, k, a)] = lits.or_(f"lit[{tag},p={a}]", [lit[a], near_lit])
        for j in adj:
            model.lit[(t, k, j)] = lits.or_(f"lit[{tag},p={j}]", [lit[j], lits.and_(f"relit[{tag},p={j}]", [adj[j], lit_a])])
        return
    # The alternative: any connected pair relights, in chains (to a fixed point).
    places = model.places(t, k)
    pair: dict[tuple[int, int], Lit] = {}
    for i in range(b.n):
        for j in range(i + 1, b.n):
            if a in (i, j):
                v = adj[j if i == a else i]
            else:
                v = lits.select(f"pair[t={t},p={i},p={j}]", places[i], {c: model.beside(t, j, c) for c in places[i]})
            pair[(i, j)] = pair[(j, i)] = v
    current = dict(lit)
    for r in range(1, b.n):
        current = {
            j: lits.or_(
                f"lit[{tag},r={r},p={j}]",
                [current[j], *[lits.and_(f"relit[{tag},r={r},p={i},p={j}]", [pair[(i, j)], current[i]]) for i in range(b.n) if i != j]],
            )
            for j in range(b.n)
        }
    for j in range(b.n):
        model.lit[(t, k, j)] = current[j]
