"""The end of a turn in the CP-SAT model: the Final Flickers end, Nerve, and the losses.

The Final Flickers end (§4.8, §7: discard a tile or hold the light) and the
board the next turn starts from; the Nerve the turn gains and spends (§4.1,
§4.7, §6.3, §8.6, §8.7); the losses checked at each turn start (§5); and the
order imposed on interchangeable tiles (symmetry breaking).
"""

from __future__ import annotations

from itertools import pairwise

from .board import STEPS
from .lits import Lit, num
from .variables import Variables


def final_flickers(model: Variables, t: int) -> None:
    """Rule §4.8, §7: discard one tile (an occupied one would make its prisoner fall: a loss)
    or hold the light; under RULING-FF-OCCUPIED's alternative, end when neither is possible."""
    b, lits = model.board, model.lits
    a = b.active(t)
    live = model.live[(t, 4)]
    places = model.places(t, 3)
    options = []
    for c in b.cells:
        present = [model.solid[(t, 3, c)], model.pit[(t, 3, c)]]
        if all(x is False for x in present):
            continue
        v = model.discard[(t, c)] = lits.new(f"discard[t={t},{model.cell(c)}]")
        lits.clause([lits.not_(v), *present])
        for place in places:
            lits.implies(v, lits.not_(place.get(c, False)))
        options.append(v)
    model.hold[t] = lits.new(f"hold[t={t}]")
    options.append(model.hold[t])
    if not b.flickers_occupied:
        # RULING-FF-OCCUPIED alternative: "end" only when every tile left is occupied.
        end = model.end[t] = lits.new(f"end[t={t}]")
        options.append(end)
        for c in b.cells:
            occupied = lits.or_(f"occ_final[t={t},{model.cell(c)}]", [place.get(c, False) for place in places])
            for there in (model.solid[(t, 3, c)], model.pit[(t, 3, c)]):
                lits.clause([lits.not_(end), lits.not_(there), occupied])
    model.model.add_exactly_one([x for x in [*options, lits.not_(live)] if x is not False])
    # The next turn starts from this board without the discarded tile.
    for c in b.cells:
        gone = lits.not_(model.discard.get((t, c), False))
        model.solid[(t + 1, 0, c)] = lits.and_(f"solid[t={t + 1},k=0,{model.cell(c)}]", [model.solid[(t, 3, c)], gone])
        model.pit[(t + 1, 0, c)] = lits.and_(f"pit[t={t + 1},k=0,{model.cell(c)}]", [model.pit[(t, 3, c)], gone])
        if model.kept[(t, 3, c)] is not False:
            model.keyed[(t + 1, 0, c)] = lits.and_(f"keyed[t={t + 1},k=0,{model.cell(c)}]", [model.kept[(t, 3, c)], gone])
    for j in range(b.n):
        model.key[(t + 1, 0, j)] = model.passed[(t, 3, j)]
        model.lit[(t + 1, 0, j)] = model.lit[(t, 3, j)]
        cells = model.pos_cells[(t, 3)] if j == a else model.at_cells[(t, j)]
        model.at_cells[(t + 1, j)] = list(cells)
        for c in cells:
            model.at[(t + 1, j, c)] = model.pos[(t, 3, c)] if j == a else model.at[(t, j, c)]
    model.live[(t + 1, 1)] = live


def _walk(model: Variables, t: int) -> Lit:
    """The active prisoner has a move or a jump at the turn start (§8.6, rules notes 5)."""
    b, lits = model.board, model.lits
    mobile = {}
    for c in model.pos_cells[(t, 0)]:
        ways = []
        for d in range(4):
            x = b.neighbours[c][d]
            if not b.opens_to(c, d) or x not in b.opens:
                continue
            ways.append(model.pit[(t, 0, x)])  # a jump into a pit counts as a move
            if b.opens_to(x, d ^ 2) and x not in b.monsters:
                free = True if x in b.gates else lits.not_(model.occupied(t, x))
                ways.append(lits.and_(f"way[t={t},{model.cell(x)}]", [model.solid[(t, 0, x)], free]))
        mobile[c] = lits.or_(f"mobile[t={t},{model.cell(c)}]", ways)
    return lits.select(f"walk[t={t}]", {c: model.pos[(t, 0, c)] for c in mobile}, mobile)


def turn_nerve(model: Variables, t: int) -> None:
    """Rule §4.1, §4.7, §4.8, §6.3, §8.6, §8.7: the Nerve a turn gains and spends.

    A lit stay gains 1 (up to 2); a Lights Out stay costs 1 while the prisoner
    holds Nerve, and with none it is allowed only when no move or jump is (§8.6
    amended); each charge, each extra move and holding the light cost
    1; at most 2 a turn; no Nerve spent after a gain (RULING-NERVE-AFTER-GAIN:
    in the Final Flickers only holding the light could follow a gain, and it
    is barred under both readings). Payments come one after another and only
    a stay gains, so "enough Nerve at each payment" is "the total <= Nerve".
    """
    b, lits, m = model.board, model.lits, model.model
    a = b.active(t)
    for j in range(b.n):
        if j != a:
            model.nerve[(t + 1, j)] = model.nerve[(t, j)]
    nerve = model.nerve[(t, a)]
    lit = model.lit[(t, 0, a)]
    if isinstance(nerve, int):
        low: Lit = nerve <= 1
    else:
        low = lits.new(f"nerve_low[t={t}]")
        m.add(nerve <= 1).only_enforce_if(low)
        m.add(nerve >= 2).only_enforce_if(~low)
    gain = lits.and_(f"gain[t={t}]", [model.stay[t], lit, low])
    pay: Lit = False
    if lit is not True:
        # §8.6 amended: a Lights Out stay costs 1 Nerve whenever it can be paid (nothing is spent
        # or gained before the main action); with none it is free only with no move and no jump.
        if isinstance(nerve, int):
            some: Lit = nerve >= 1
        else:
            some = lits.new(f"nerve_some[t={t}]")
            m.add(nerve >= 1).only_enforce_if(some)
            m.add(nerve <= 0).only_enforce_if(~some)
        dark_stay = lits.and_(f"dark_stay[t={t}]", [model.stay[t], lits.not_(lit)])
        pay = lits.and_(f"pay_stay[t={t}]", [dark_stay, some])
        lits.clause([lits.not_(dark_stay), some, lits.not_(_walk(model, t))])
    spent = (
        num(pay) + sum(num(model.charging[(t, k)]) for k in STEPS) + num(model.moving[(t, 2)]) + num(model.moving[(t, 3)]) + model.hold[t]
    )
    model.spent[t] = spent
    m.add(spent <= 2)
    m.add(spent <= nerve)
    lits.implies(model.hold[t], lits.not_(gain))
    after = model.nerve[(t + 1, a)] = m.new_int_var(0, 3, f"nerve[t={t + 1},p={a}]")
    m.add(after == nerve + num(gain) - spent)
    if t in model.end:
        # "end" only when the light cannot be held: no Nerve left, 2 spent already, or a gain.
        broke, tired = lits.new(f"broke[t={t}]"), lits.new(f"tired[t={t}]")
        m.add(nerve - spent <= 0).only_enforce_if(broke)
        m.add(spent >= 2).only_enforce_if(tired)
        lits.clause([lits.not_(model.end[t]), broke, tired, gain])


def not_lost(model: Variables, t: int) -> None:
    """Rule §5: a gate is left, and keys held plus keys on tiles cover every prisoner."""
    b = model.board
    model.model.add(sum(num(model.solid[(t, 0, g)]) for g in b.gates) >= 1)
    held = [num(model.key[(t, 0, j)]) for j in range(b.n)]
    on_tiles = [num(model.keyed[(t, 0, c)]) for c in b.keyed if (t, 0, c) in model.keyed]
    model.model.add(sum(held) + sum(on_tiles) >= b.n)


def spares_in_order(model: Variables, t: int) -> None:
    """Interchangeable tiles go in a fixed order (symmetry breaking, not a rule)."""
    if not model.goal:
        return  # the relation of turns keeps every result
    for group in model.tables.spares:
        for c, later in pairwise(group):
            there = model.pit if c in model.board.pits else model.solid
            model.lits.implies(there[(t, 0, c)], there[(t, 0, later)])
