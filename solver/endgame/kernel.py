"""Final Flickers kernel: an exact, fast successor generator for the end-game.

When the pile is empty (rules §7, Dernières Lueurs) the game is deterministic:
a turn is the active prisoner's choices alone. The planners explore that game
tree, so they need a successor function far faster than the rules engine's
step queue. This module is an independent implementation of the same rules
for turn-start positions (``state.pending is None``, pile empty) of the
standard pieces (start, straight, T and cracked T, cross, key, gate,
wax eater, pit), checked against :mod:`solver.rules.engine` by
``tests/test_endgame.py``.

The position: a tuple ``K`` (hashable, cheap to copy)
-------------------------------------------------------

``K = (ctx, turn, present, open_n, open_e, open_s, open_w, pit, monster, gate,
key, crumbling, p0, p1, …)``

* ``ctx`` is an interned :class:`Context` (board size, prisoner names, the
  rulings that matter in the end-game): identical contexts are the same
  object, so comparing and hashing it is one pointer operation.
* the ten board masks have bit ``c`` for cell ``c`` (the numbering of
  :mod:`solver.core.grid`): tiles present (pits included), each side's openings,
  pits, wax eaters, gates, key tiles whose key is still there, crumbling tiles.
* one int per prisoner, in turn order: bits 0-6 its place (a cell < 64;
  ``64 + c`` fell from ``c``; ``113 + r`` / ``120 + f`` falling toward row
  ``r`` / file ``f``), bit 7 lit, bits 8-9 Nerve, bit 10 a key held.

Tiles never move in the end-game and none is drawn: they are only removed,
flipped into pits, or robbed of their key. So ``K`` names a tile by its
openings and flags, and :func:`to_state` takes the rest (a pit's ``was``, the
discard counts, names, setup, rulings) from a template position the turn
started from (or any earlier end-game position of the same game).

Results of a turn
-----------------

:func:`successors` gives one entry per distinct position one full turn of the
active prisoner can reach, with one action sequence (the engine's canonical
notation, readable by :func:`solver.rules.adjudicate.play`) that reaches it. A turn
that ends the game (a win on arrival; a fall, the last gate or too few keys)
stops where the engine stops: the result keeps ``turn`` on the active
prisoner and shows the board at that moment (for example a wax eater that
has just attacked is still there if the loss came before its removal). The
engine keeps the unplayed rest of that turn in ``pending``; a finished game
has no rest to play, so the kernel drops it (:func:`settled` does the same to
an engine state, for comparisons).

Pruning is limited to choices that cannot change the set of results: the
order of key passes (their reachable configurations are enumerated once per
decision point), key passes before a stay that cannot fall (the same passes
are possible after it), decision points reached again by another path, and
duplicate results. ``successors(k, include_losses=False)`` also leaves out
the lost results, for planners that only need to know a turn loses.

Speed (``benchmarks/engine_speed.py``): a few hundred thousand successors per
second on one core, about 40 times the rules engine enumerating the same
turns.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from solver.core import counts
from solver.core.grid import DIR_LETTER, DIRECTIONS, cells_of, geometry
from solver.core.rulings import (
    FF_OCCUPIED,
    LOS_END,
    MONSTER_REMOVED,
    RELIGHT_WITH_ACTIVE,
    SAME_GATE_NOT_ADJACENT,
    TRIGGER_ORIGIN,
    Rulings,
)
from solver.core.state import GameState, Prisoner
from solver.core.tiles import (
    Kind,
    Tile,
)

K = tuple
"""A kernel position (see the module doc)."""

# -- the prisoner int ---------------------------------------------------------------

POS = 0x7F
LIT = 0x80
NERVE_ONE = 0x100
NERVE_SHIFT = 8
KEY = 0x400
FALLEN = 64
"""``FALLEN + c``: fell from cell ``c`` (the row-or-column choice not made)."""
FALLING_ROW = 113
FALLING_FILE = 120

# -- indices into K -------------------------------------------------------------------

CTX, TURN, PRESENT, OPEN_N, OPEN_E, OPEN_S, OPEN_W, PIT, MONSTER, GATE, KEYED, CRUMBLING = range(12)
PRISONERS = 12
"""First prisoner int in K; the board tuple ``b`` used below is ``K[2:12]``."""

# Indices into the board tuple b = K[PRESENT:PRISONERS] (openings of direction i at b[1 + i]).
_P, _N, _E, _S, _W, _PIT, _MON, _GATE, _KEY, _CRUMB = range(10)

STANDARD_KINDS = frozenset({Kind.START, Kind.STRAIGHT, Kind.T, Kind.CROSS, Kind.KEY, Kind.GATE, Kind.WAX_EATER, Kind.PIT})

_SIGHT_CACHE_LIMIT = 65_536
"""Boards whose sight lines a context remembers (then it forgets them all)."""


# -- the context --------------------------------------------------------------------------


class Context:
    """What a position does not vary: size, names, rulings, and precomputed tables.

    Contexts are interned (:func:`context`), so identity is equality; pickling
    goes back through :func:`context` to keep that true in another process.
    """

    __slots__ = (
        "size",
        "names",
        "flags",
        "cells",
        "los_end",
        "trigger_origin",
        "monster_removed",
        "relight_with_active",
        "same_gate_adjacent",
        "ff_occupied",
        "nb",
        "nb_bit",
        "rays",
        "between",
        "discard_text",
        "move_text",
        "jump_text",
        "charge_text",
        "scramble_text",
        "give_to",
        "give_from",
        "sights",
    )

    def __init__(self, size: int, names: tuple[str, ...], flags: int) -> None:
        geo = geometry(size)
        self.size = size
        self.names = names
        self.flags = flags
        self.cells = geo.cells
        self.los_end = bool(flags & F_LOS_END)
        self.trigger_origin = bool(flags & F_TRIGGER_ORIGIN)
        self.monster_removed = bool(flags & F_MONSTER_REMOVED)
        self.relight_with_active = bool(flags & F_RELIGHT_WITH_ACTIVE)
        self.same_gate_adjacent = not flags & F_SAME_GATE_NOT_ADJACENT
        self.ff_occupied = bool(flags & F_FF_OCCUPIED)
        self.nb = geo.neighbours
        self.nb_bit = tuple(tuple(1 << x for x in row) for row in geo.neighbours)
        # Sight rays as cell bits: the cells met from c in direction i, until just before c again.
        self.rays = tuple(tuple(tuple(1 << x for x in ray) for ray in geo.rays[c]) for c in range(geo.cells))
        self.between = geo.adjacent_direction
        self.discard_text = tuple(f"discard {geo.name(c)}" for c in range(geo.cells))
        letters = [DIR_LETTER[d] for d in DIRECTIONS]
        self.move_text = tuple(f"move {x}" for x in letters)
        self.jump_text = tuple(f"jump {x}" for x in letters)
        self.charge_text = tuple(f"charge {x}" for x in letters)
        self.scramble_text = tuple(f"scramble {x}" for x in letters)
        # The engine writes "give B" when the active prisoner gives, "give A B" otherwise.
        self.give_to = tuple(tuple(f"give {b}" for b in names) for _ in names)
        self.give_from = tuple(tuple(f"give {b} {a}" for b in names) for a in names)
        self.sights: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        return context, (self.size, self.names, self.flags)

    def __repr__(self) -> str:
        return f"Context(size={self.size}, names={self.names}, flags={self.flags:#x})"


F_LOS_END = 1
F_TRIGGER_ORIGIN = 2
F_MONSTER_REMOVED = 4
F_RELIGHT_WITH_ACTIVE = 8
F_SAME_GATE_NOT_ADJACENT = 16
F_FF_OCCUPIED = 32

MODELLED_RULINGS = (
    LOS_END,
    TRIGGER_ORIGIN,
    MONSTER_REMOVED,
    RELIGHT_WITH_ACTIVE,
    SAME_GATE_NOT_ADJACENT,
    FF_OCCUPIED,
)
"""The rulings a Final Flickers turn can depend on: the kernel's flags below, in their order."""

_FLAG_RULINGS = (
    (F_LOS_END, "los_end"),
    (F_TRIGGER_ORIGIN, "trigger_origin"),
    (F_MONSTER_REMOVED, "monster_removed"),
    (F_RELIGHT_WITH_ACTIVE, "relight_with_active"),
    (F_SAME_GATE_NOT_ADJACENT, "same_gate_not_adjacent"),
    (F_FF_OCCUPIED, "ff_occupied"),
)
"""The rulings that can change an end-game turn. The others cannot: no tile is
drawn (FILL-ALL-LIT, STAY-SWAP), nobody lands (LAND-FULL-LINE), no Block is
offered (BLOCK-ANY-TURN), no advanced piece is played (KEEPER-RANGED-OUT,
PATHLESS-SIGHT, ADV-5P-WAX, DIRGE-SHAPE), and the only Nerve use left after a
gain is holding the light, barred under both readings of NERVE-AFTER-GAIN.
MONSTER-REMOVED matters only with LOS-END's alternative: whoever lights a wax
eater stands in its sight (its tile opens toward it), so once it attacks that
candle goes out and darkness removes it anyway, unless the line stops before
that prisoner."""

_CONTEXTS: dict[tuple[int, tuple[str, ...], int], Context] = {}


def context(size: int, names: tuple[str, ...], flags: int) -> Context:
    """The interned context of a board size, prisoner names and ruling flags."""
    key = (size, tuple(names), flags)
    ctx = _CONTEXTS.get(key)
    if ctx is None:
        ctx = _CONTEXTS[key] = Context(size, tuple(names), flags)
    return ctx


def ruling_flags(rulings: Rulings) -> int:
    """The end-game ruling switches of a position as bits (set = default reading)."""
    return sum(bit for bit, attr in _FLAG_RULINGS if getattr(rulings, attr))


# -- conversion ---------------------------------------------------------------------------


def from_state(state: GameState) -> K:
    """The kernel position of an end-game turn-start state.

    Raises ``ValueError`` when the state is not at a turn start, its pile is
    not empty, it holds pieces other than the standard ones, or a prisoner is
    unplaced or (the game not being over) stands where no prisoner can stand
    between turns. Finished games are accepted as they are, so that every
    result of :func:`successors` converts back and forth.
    """
    if state.pending is not None:
        raise ValueError("not at a turn start (a turn is under way)")
    if state.pile.count:
        raise ValueError(f"not the end-game: the pile holds {state.pile.count} tiles")
    if len(state.prisoners) > 8:
        raise ValueError("too many prisoners")
    masks = [0] * 10
    for c, tile in enumerate(state.tiles):
        if tile is not None:
            _encode_tile(masks, c, tile, state)
    prisoners = tuple(_encode_prisoner(state, i) for i in range(len(state.prisoners)))
    ctx = context(state.size, tuple(p.name for p in state.prisoners), ruling_flags(state.rulings))
    k = (ctx, state.turn, *masks, *prisoners)
    if outcome(k) is None:
        for p in state.prisoners:
            _check_standing(state, p)
    return k


def _encode_tile(masks: list[int], c: int, tile: Tile, state: GameState) -> None:
    if tile.kind not in STANDARD_KINDS or tile.dirge:
        raise ValueError(f"{state.geo.name(c)}: {tile.describe()} is not a standard end-game piece")
    bit = 1 << c
    masks[_P] |= bit
    for i, d in enumerate(DIRECTIONS):
        if tile.openings & d:
            masks[1 + i] |= bit
    if tile.kind is Kind.PIT:
        masks[_PIT] |= bit
    if tile.kind is Kind.WAX_EATER:
        masks[_MON] |= bit
    if tile.kind is Kind.GATE:
        masks[_GATE] |= bit
    if tile.kind is Kind.KEY and not tile.key_taken:
        masks[_KEY] |= bit
    if tile.crumbling:
        masks[_CRUMB] |= bit


def _encode_prisoner(state: GameState, i: int) -> int:
    p = state.prisoners[i]
    if p.unplaced:
        raise ValueError(f"{p.name} has not placed its start tile")
    if not 0 <= p.nerve <= 3:
        raise ValueError(f"{p.name} holds {p.nerve} Nerve")
    flags = (LIT if p.lit else 0) | (p.nerve << NERVE_SHIFT) | (KEY if p.key else 0)
    if p.falling is not None:
        axis, index = p.falling
        base = {"cell": FALLEN, "row": FALLING_ROW, "file": FALLING_FILE}[axis]
        return base + index | flags
    assert p.cell is not None
    return p.cell | flags


def _check_standing(state: GameState, p: Prisoner) -> None:
    """Between turns a prisoner stands on a tile that is neither a pit nor a monster, alone unless on a gate."""
    if p.cell is None:
        return
    tile = state.tiles[p.cell]
    where = state.geo.name(p.cell)
    if tile is None or tile.is_pit or tile.is_monster:
        raise ValueError(f"{p.name} stands on {where}, which holds no tile a prisoner can stand on")
    if tile.kind is not Kind.GATE and len(state.occupants(p.cell)) > 1:
        raise ValueError(f"several prisoners stand on {where}, which is not a gate")


def to_state(k: K, template: GameState) -> GameState:
    """The :class:`GameState` of a kernel position, between turns (``pending`` None).

    ``template`` is the end-game position the kernel position descends from
    (any earlier one of the same game): it gives the size, setup, rulings,
    names, pile, the tiles' kinds and the discard counts, which are increased
    by every tile no longer on the board. Raises ``ValueError`` when ``k``
    cannot descend from ``template``.
    """
    ctx: Context = k[CTX]
    names = tuple(p.name for p in template.prisoners)
    if ctx.size != template.size or ctx.names != names or ctx.flags != ruling_flags(template.rulings):
        raise ValueError("the template does not match the position's size, prisoners or rulings")
    tiles: list[Tile | None] = []
    discarded = template.discarded
    for c, old in enumerate(template.tiles):
        tile = _decode_tile(k, c, old)
        if tile is None and old is not None and old.type is not None:
            discarded = counts.bump(discarded, old.type)
        tiles.append(tile)
    prisoners = tuple(_decode_prisoner(p, k[PRISONERS + i]) for i, p in enumerate(template.prisoners))
    return replace(template, tiles=tuple(tiles), prisoners=prisoners, turn=k[TURN], discarded=discarded, pending=None)


def _decode_tile(k: K, c: int, old: Tile | None) -> Tile | None:
    bit = 1 << c
    if not k[PRESENT] & bit:
        return None
    if old is None:
        raise ValueError(f"cell {c} holds a tile the template does not have")
    if k[PIT] & bit:
        return old if old.is_pit else old.pit()
    openings = sum(d for i, d in enumerate(DIRECTIONS) if k[OPEN_N + i] & bit)
    if old.is_pit or openings != old.openings:
        raise ValueError(f"cell {c} holds a tile that differs from the template's")
    if old.kind is Kind.KEY:
        return old._replace(key_taken=not k[KEYED] & bit)
    return old


def _decode_prisoner(p: Prisoner, code: int) -> Prisoner:
    pos = code & POS
    lit, nerve, key = bool(code & LIT), code >> NERVE_SHIFT & 3, bool(code & KEY)
    if pos < FALLEN:
        return p._replace(cell=pos, falling=None, lit=lit, nerve=nerve, key=key)
    if pos < FALLING_ROW:
        falling: tuple[str, int] = ("cell", pos - FALLEN)
    elif pos < FALLING_FILE:
        falling = ("row", pos - FALLING_ROW)
    else:
        falling = ("file", pos - FALLING_FILE)
    return p._replace(cell=None, falling=falling, lit=lit, nerve=nerve, key=key)


# -- outcome ------------------------------------------------------------------------------


def outcome(k: K) -> str | None:
    """``"win"``, ``"lose"`` or None, as :func:`solver.rules.outcome.outcome` decides (win first)."""
    b = k[PRESENT:PRISONERS]
    ps = k[PRISONERS:]
    if _won(b, ps):
        return "win"
    if _fallen(ps) or _lost(b, ps):
        return "lose"
    return None


def _won(b: tuple[int, ...], ps: tuple[int, ...]) -> bool:
    """Every prisoner on one gate (on the board), each holding a key."""
    first = ps[0] & (POS | KEY)
    for p in ps:
        if p & (POS | KEY) != first:
            return False
    pos = first & POS
    return bool(first & KEY) and pos < FALLEN and bool(b[_GATE] >> pos & 1)


def _fallen(ps: tuple[int, ...]) -> bool:
    """A prisoner is falling: with an empty pile it can never land."""
    for p in ps:
        if p & POS >= FALLEN:
            return True
    return False


def _lost(b: tuple[int, ...], ps: tuple[int, ...]) -> bool:
    """No gate left, or fewer keys (held, or on key tiles) than prisoners (the pile is empty)."""
    if not b[_GATE]:
        return True
    held = 0
    for p in ps:
        held += p >> 10 & 1
    return held + b[_KEY].bit_count() < len(ps)


# -- the board --------------------------------------------------------------------------------


def _without(b: tuple[int, ...], mask: int) -> tuple[int, ...]:
    """The board with the tiles of ``mask`` removed."""
    m = ~mask
    return (b[0] & m, b[1] & m, b[2] & m, b[3] & m, b[4] & m, b[5] & m, b[6] & m, b[7] & m, b[8] & m, b[9] & m)


def _collapsed(b: tuple[int, ...], bit: int) -> tuple[int, ...]:
    """The board with the crumbling tile of ``bit`` flipped into a pit (step 2)."""
    m = ~bit
    return (b[0], b[1] & m, b[2] & m, b[3] & m, b[4] & m, b[5] | bit, b[6] & m, b[7] & m, b[8] & m, b[9] & m)


def _key_taken(b: tuple[int, ...], bit: int) -> tuple[int, ...]:
    return b[:_KEY] + (b[_KEY] & ~bit,) + b[_KEY + 1 :]


def _set(ps: tuple[int, ...], i: int, p: int) -> tuple[int, ...]:
    return ps[:i] + (p,) + ps[i + 1 :]


def _occupied(ps: tuple[int, ...]) -> int:
    """Cells holding a prisoner."""
    occ = 0
    for p in ps:
        pos = p & POS
        if pos < FALLEN:
            occ |= 1 << pos
    return occ


def _sights(ctx: Context, b: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """``(monster bit, sight mask)`` of every wax eater, cached by the openings and monsters."""
    key = (b[1], b[2], b[3], b[4], b[_MON])
    table = ctx.sights.get(key)
    if table is None:
        table = tuple((1 << m, _sight(ctx, b, m)) for m in cells_of(b[_MON]))
        if len(ctx.sights) >= _SIGHT_CACHE_LIMIT:
            ctx.sights.clear()
        ctx.sights[key] = table
    return table


def _sight(ctx: Context, b: tuple[int, ...], m: int) -> int:
    """A monster's line of sight (§6.1): along each of its openings, through tiles that open
    back and straight on; the tile where the line stops is in sight under RULING-LOS-END."""
    seen = 0
    mbit = 1 << m
    for i in range(4):
        ahead = b[1 + i]
        if not ahead & mbit:
            continue
        back = b[1 + (i ^ 2)]
        for y in ctx.rays[m][i]:
            if not back & y:
                break
            if ahead & y:
                seen |= y
            else:
                if ctx.los_end:
                    seen |= y
                break
    return seen


def _watchers(table: tuple[tuple[int, int], ...], cell_bit: int) -> int:
    """The monsters that have the cell in sight."""
    out = 0
    for mbit, seen in table:
        if seen & cell_bit:
            out |= mbit
    return out


def _attack(table: tuple[tuple[int, int], ...], monsters: int, triggered: int) -> tuple[int, int]:
    """Chain reaction (step 4): ``(every monster that attacks, every cell they see)``."""
    while True:
        seen = 0
        for mbit, sight in table:
            if triggered & mbit:
                seen |= sight
        new = seen & monsters & ~triggered
        if not new:
            return triggered, seen
        triggered |= new


def _put_out(ps: tuple[int, ...], seen: int) -> tuple[int, ...]:
    """Step 5 with an empty pile: every lit prisoner standing in ``seen`` goes Lights Out."""
    out = ps
    for i, p in enumerate(ps):
        pos = p & POS
        if p & LIT and pos < FALLEN and seen >> pos & 1:
            out = _set(out, i, p ^ LIT)
    return out


def _adjacent(ctx: Context, b: tuple[int, ...], a: int, c: int) -> bool:
    """Two prisoners' cells are connected neighbours (or one gate, if the ruling says so) (§8.1)."""
    if a == c:
        return ctx.same_gate_adjacent
    i = ctx.between[a * ctx.cells + c]
    return i >= 0 and bool(b[1 + i] >> a & 1) and bool(b[1 + (i ^ 2)] >> c & 1)


# -- successors -----------------------------------------------------------------------------------


def successors(k: K, include_losses: bool = True) -> Iterator[tuple[K, tuple[str, ...]]]:
    """Every distinct result of one full turn of the active prisoner, with actions reaching it.

    Nothing when the game is already over. With ``include_losses=False`` the
    results where the game is lost are left out (a planner's choice: they
    are all worth the same); no result at all then means every turn loses.
    """
    if outcome(k) is not None:
        return iter(())
    turn = _Turn(k[CTX], k[TURN], len(k) - PRISONERS, include_losses)
    turn.main(k[PRESENT:PRISONERS], k[PRISONERS:])
    return iter(turn.out.items())


def successor_map(k: K, include_losses: bool = True) -> dict[K, tuple[str, ...]]:
    """:func:`successors` as a dict (result → actions)."""
    return dict(successors(k, include_losses))


class _Turn:
    """One expansion: walks the turn's decisions and collects the distinct results.

    The methods follow the rules' order (§4): ``main`` (key passes, then stay,
    move, jump or charge), ``after_move`` (move again), ``final`` (key passes,
    then discard or hold). ``b`` is the board tuple, ``ps`` the prisoner ints,
    ``spent`` the Nerve the active prisoner spent this turn.
    """

    __slots__ = ("ctx", "a", "nxt", "losses", "out", "done")

    def __init__(self, ctx: Context, active: int, n: int, losses: bool = True) -> None:
        self.ctx = ctx
        self.a = active
        self.nxt = (active + 1) % n
        self.losses = losses
        self.out: dict[K, tuple[str, ...]] = {}
        self.done: set[tuple[Any, ...]] = set()
        """Decision points already explored (reached again by other paths: same results)."""

    def end(self, b: tuple[int, ...], ps: tuple[int, ...], acts: tuple[str, ...]) -> None:
        """The game ended mid-turn (won or lost): the result keeps the turn on the active prisoner."""
        if self.losses or _won(b, ps):
            self.out.setdefault((self.ctx, self.a) + b + ps, acts)

    # -- main action -------------------------------------------------------------------

    def main(self, b: tuple[int, ...], ps: tuple[int, ...]) -> None:
        """The turn from its start: key passes, then each main action (§4.1)."""
        a = self.a
        cell = ps[a] & POS
        # A stay that cannot fall changes no adjacency, so passes before it equal passes
        # after it at the Final Flickers decision, which always waits under
        # RULING-FF-OCCUPIED (the active prisoner's own tile can be discarded).
        stay_every_config = bool(b[_CRUMB] >> cell & 1) or not self.ctx.ff_occupied
        for n, (b1, ps1, kacts) in enumerate(self.key_configs(b, ps)):
            if kacts and _won(b1, ps1):
                self.end(b1, ps1, kacts)
                continue
            if n == 0 or stay_every_config:
                self.stay(b1, ps1, kacts)
            for d in range(4):
                self.step(b1, ps1, d, 0, kacts)

    def stay(self, b: tuple[int, ...], ps: tuple[int, ...], acts: tuple[str, ...]) -> None:
        """Stay (§4.1): gain 1 Nerve if lit; Lights Out, pay 1 unless it cannot move at all (§8.6)."""
        a = self.a
        p = ps[a]
        cell = p & POS
        spent, gained = 0, False
        if p & LIT:
            if p >> NERVE_SHIFT & 3 < 2:
                p += NERVE_ONE
                gained = True
        elif self.mobility(b, ps)[0]:
            if not p >> NERVE_SHIFT & 3:
                return
            p -= NERVE_ONE
            spent = 1
        ps = _set(ps, a, p)
        acts = acts + ("stay",)
        bit = 1 << cell
        if b[_CRUMB] & bit:
            # The tile crumbles under the prisoner, who falls: sight taken before the pit forms.
            trig = _watchers(_sights(self.ctx, b), bit) if b[_MON] else 0
            b = _collapsed(b, bit)
            ps = _set(ps, a, p - cell + FALLEN + cell)
            if trig:
                ps = _put_out(ps, _attack(_sights(self.ctx, b), b[_MON], trig)[1])
            self.end(b, ps, acts)
            return
        b, ps = self.light(b, ps)
        if _lost(b, ps):
            self.end(b, ps, acts)
            return
        self.final(b, ps, spent, gained, acts)

    def step(self, b: tuple[int, ...], ps: tuple[int, ...], d: int, spent: int, acts: tuple[str, ...]) -> None:
        """A move, jump or charge toward direction index ``d``, if legal (blind steps need a tile)."""
        ctx = self.ctx
        p = ps[self.a]
        cell = p & POS
        if not b[1 + d] >> cell & 1:
            return
        target = ctx.nb[cell][d]
        tbit = 1 << target
        if not b[_P] & tbit:
            return
        if b[_PIT] & tbit:
            self.jump(b, ps, cell, target, acts + (ctx.jump_text[d],))
            return
        if not b[1 + (d ^ 2)] & tbit:
            return
        if b[_MON] & tbit:
            if p >> NERVE_SHIFT & 3 and spent <= 1:
                self.charge(b, ps, cell, target, spent + 1, acts + (ctx.charge_text[d],))
            return
        if not b[_GATE] & tbit and _occupied(ps) & tbit:
            return
        self.move(b, ps, cell, target, spent, acts + (ctx.move_text[d],))

    def mobility(self, b: tuple[int, ...], ps: tuple[int, ...]) -> tuple[bool, bool]:
        """``(a move or jump is legal, a monster could be charged)`` for the active prisoner."""
        cell = ps[self.a] & POS
        occ = _occupied(ps)
        walk = charge = False
        for d in range(4):
            if not b[1 + d] >> cell & 1:
                continue
            tbit = self.ctx.nb_bit[cell][d]
            if not b[_P] & tbit:
                continue
            if b[_PIT] & tbit:
                walk = True
            elif not b[1 + (d ^ 2)] & tbit:
                continue
            elif b[_MON] & tbit:
                charge = True
            elif b[_GATE] & tbit or not occ & tbit:
                walk = True
        return walk, charge

    # -- moves -------------------------------------------------------------------------------

    def move(self, b: tuple[int, ...], ps: tuple[int, ...], cell: int, target: int, spent: int, acts: tuple[str, ...]) -> None:
        """Steps 1-6 of a move onto a tile (§4): arrive, win?, crumble, trigger, hit, light."""
        ctx, a = self.ctx, self.a
        cbit, tbit = 1 << cell, 1 << target
        trig = _watchers(_sights(ctx, b), cbit) if ctx.trigger_origin and b[_MON] else 0
        p = ps[a] - cell + target
        if b[_KEY] & tbit and not p & KEY:
            p |= KEY
            b = _key_taken(b, tbit)
        ps = _set(ps, a, p)
        if _won(b, ps):  # checked on arrival, before any trigger (§8.10)
            self.end(b, ps, acts)
            return
        if b[_CRUMB] & cbit:
            b = _collapsed(b, cbit)  # a key tile crumbling with its key may lose the game here
        if b[_MON]:
            table = _sights(ctx, b)
            trig |= _watchers(table, tbit)
            if trig:
                trig, seen = _attack(table, b[_MON], trig)
                ps = _put_out(ps, seen)
        if _lost(b, ps):
            self.end(b, ps, acts)
            return
        if trig and ctx.monster_removed:
            b = _without(b, trig)
        self.settle(b, ps, spent, acts)

    def charge(self, b: tuple[int, ...], ps: tuple[int, ...], cell: int, target: int, spent: int, acts: tuple[str, ...]) -> None:
        """Charge (§6.4, §8.7): 1 Nerve, the monster attacks its sight and the charger, who
        scrambles to a connected free tile (or falls); the monster is discarded."""
        ctx, a = self.ctx, self.a
        cbit, tbit = 1 << cell, 1 << target
        trig = _watchers(_sights(ctx, b), cbit) if ctx.trigger_origin else 0
        ps = _set(ps, a, ps[a] - NERVE_ONE - cell + target)
        if b[_CRUMB] & cbit:
            b = _collapsed(b, cbit)
        table = _sights(ctx, b)
        trig, seen = _attack(table, b[_MON], trig | _watchers(table, tbit) | tbit)
        ps = _put_out(ps, seen)
        ps = _set(ps, a, ps[a] & ~LIT)  # the charged monster hits the charger
        if _lost(b, ps):
            self.end(b, ps, acts)
            return
        removed = trig if ctx.monster_removed else tbit
        occ = _occupied(ps)
        scrambled = False
        for e in range(4):
            ubit = ctx.nb_bit[target][e]
            if not b[_P] & ubit or b[_PIT] & ubit or b[_MON] & ubit or not b[1 + (e ^ 2)] & ubit:
                continue
            if occ & ubit and not b[_GATE] & ubit:
                continue
            scrambled = True
            self.scramble(b, ps, target, ctx.nb[target][e], removed, spent, acts + (ctx.scramble_text[e],))
        if not scrambled:
            self.end(b, _set(ps, a, ps[a] - target + FALLEN + target), acts)

    def scramble(
        self, b: tuple[int, ...], ps: tuple[int, ...], cell: int, target: int, removed: int, spent: int, acts: tuple[str, ...]
    ) -> None:
        """The charger steps off the monster (not a move: nothing triggers, nothing crumbles)."""
        a = self.a
        tbit = 1 << target
        p = ps[a] - cell + target
        if b[_KEY] & tbit and not p & KEY:
            p |= KEY
            b = _key_taken(b, tbit)
        ps = _set(ps, a, p)
        if _won(b, ps):
            self.end(b, ps, acts)
            return
        self.settle(_without(b, removed), ps, spent, acts)

    def jump(self, b: tuple[int, ...], ps: tuple[int, ...], cell: int, target: int, acts: tuple[str, ...]) -> None:
        """A jump into a pit is a fall: the monsters that saw the prisoner attack; the game is lost."""
        ctx, a = self.ctx, self.a
        cbit = 1 << cell
        trig = _watchers(_sights(ctx, b), cbit) if b[_MON] else 0
        ps = _set(ps, a, ps[a] - cell + FALLEN + target)
        if b[_CRUMB] & cbit:
            b = _collapsed(b, cbit)
        if trig:
            ps = _put_out(ps, _attack(_sights(ctx, b), b[_MON], trig)[1])
        self.end(b, ps, acts)

    def settle(self, b: tuple[int, ...], ps: tuple[int, ...], spent: int, acts: tuple[str, ...]) -> None:
        """Step 6 after a move, then the move-again decision."""
        b, ps = self.light(b, ps)
        if _lost(b, ps):
            self.end(b, ps, acts)
            return
        self.after_move(b, ps, spent, acts)

    # -- light ---------------------------------------------------------------------------------

    def light(self, b: tuple[int, ...], ps: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Step 6 with an empty pile (§3): darkness, then relighting; nothing is filled."""
        nb_bit = self.ctx.nb_bit
        lit = 0
        for p in ps:
            pos = p & POS
            if pos >= FALLEN:
                continue
            bit = 1 << pos
            lit |= bit
            if p & LIT:
                near = nb_bit[pos]
                if b[1] & bit:
                    lit |= near[0]
                if b[2] & bit:
                    lit |= near[1]
                if b[3] & bit:
                    lit |= near[2]
                if b[4] & bit:
                    lit |= near[3]
        dark = b[_P] & ~lit
        if dark:
            b = _without(b, dark)
        for p in ps:
            if not p & LIT:
                return b, self.relight(b, ps)
        return b, ps

    def relight(self, b: tuple[int, ...], ps: tuple[int, ...]) -> tuple[int, ...]:
        """Relighting (§4 step 6, RULING-RELIGHT-WITH-ACTIVE): pairs with the active prisoner.

        The active prisoner is relit by a lit connected neighbour, and then
        (or if lit already) relights every connected neighbour.
        """
        ctx, a = self.ctx, self.a
        if not ctx.relight_with_active:
            return _relight_chains(ctx, b, ps)
        here = ps[a] & POS
        near = [j for j, q in enumerate(ps) if j != a and q & POS < FALLEN and _adjacent(ctx, b, here, q & POS)]
        if not ps[a] & LIT:
            if not any(ps[j] & LIT for j in near):
                return ps
            ps = _set(ps, a, ps[a] | LIT)
        for j in near:
            ps = _set(ps, j, ps[j] | LIT)
        return ps

    # -- move again ---------------------------------------------------------------------------------

    def after_move(self, b: tuple[int, ...], ps: tuple[int, ...], spent: int, acts: tuple[str, ...]) -> None:
        """Move again (§4.7) for 1 Nerve, offered when a move is then possible; or go on."""
        point = (b, ps, spent)
        if point in self.done:
            return
        self.done.add(point)
        a = self.a
        nerve = ps[a] >> NERVE_SHIFT & 3
        again = False
        if nerve and spent <= 1:
            walk, charge = self.mobility(b, ps)
            again = walk or (charge and nerve >= 2 and spent == 0)
        configs = None
        if again:
            configs = self.key_configs(b, ps)
            for b1, ps1, kacts in configs:
                base = acts + kacts
                if kacts and _won(b1, ps1):
                    self.end(b1, ps1, base)
                    continue
                paid = _set(ps1, a, ps1[a] - NERVE_ONE)
                base = base + ("again",)
                for d in range(4):
                    self.step(b1, paid, d, spent + 1, base)
        self.final(b, ps, spent, False, acts, configs, moved=True)

    def closing(self, b: tuple[int, ...], ps: tuple[int, ...], moved: bool) -> tuple[str, ...]:
        """How a turn with nothing to discard and no light to hold is ended in the notation.

        ``end`` closes the Final Flickers decision. After a move the move-again
        decision comes first; it still waits (with no Nerve to spend) while a
        key could change hands, and then needs its own ``end``.
        """
        if moved and len(self.key_configs(b, ps)) > 1:
            return ("end", "end")
        return ("end",)

    # -- Final Flickers ----------------------------------------------------------------------------

    def final(
        self,
        b: tuple[int, ...],
        ps: tuple[int, ...],
        spent: int,
        gained: bool,
        acts: tuple[str, ...],
        configs: list[Any] | None = None,
        moved: bool = False,
    ) -> None:
        """Key passes, then the Final Flickers discard or hold (§4.8).

        After step 6 every tile on the board is illuminated, so every tile may
        be discarded (occupied ones only under RULING-FF-OCCUPIED). Keys pass
        here (passes at a waiting move-again decision reach the same
        configurations). With nothing to discard and no Nerve to hold the
        light (possible only under the alternative ruling) the turn ends with
        ``end``, after any key passes (rules notes 4).
        ``configs``: the key configurations, when the caller has them already;
        ``moved``: the turn's last action was a move (not a stay).
        """
        point = (b, ps, spent, gained)
        if point in self.done:
            return
        self.done.add(point)
        a = self.a
        hold = ps[a] >> NERVE_SHIFT & 3 >= 1 and spent <= 1 and not gained
        discardable = b[_P] if self.ctx.ff_occupied else b[_P] & ~_occupied(ps)
        for b1, ps1, kacts in configs or self.key_configs(b, ps):
            base = acts + kacts if kacts else acts
            if kacts and _won(b1, ps1):
                self.end(b1, ps1, base)
                continue
            if not (discardable or hold):
                self.out.setdefault((self.ctx, self.nxt) + b1 + ps1, base + self.closing(b1, ps1, moved))
                continue
            if discardable:
                self.discards(b1, ps1, discardable, base)
            if hold:
                self.out.setdefault((self.ctx, self.nxt) + b1 + _set(ps1, a, ps1[a] - NERVE_ONE), base + ("hold",))

    def discards(self, b: tuple[int, ...], ps: tuple[int, ...], cells: int, base: tuple[str, ...]) -> None:
        """One result per discarded tile: the hot loop of the end-game search."""
        ctx, out = self.ctx, self.out
        texts = ctx.discard_text
        turn_on, turn_over = self.nxt, self.a
        present, on, oe, os_, ow, pit, mon, gate, keyed, crumb = b
        spare_keys = keyed.bit_count() - len(ps)
        fallen: dict[int, tuple[int, ...]] = {}  # cell -> the prisoners once its tile is gone
        for i, p in enumerate(ps):
            spare_keys += p >> 10 & 1
            pos = p & POS
            if pos < FALLEN:
                fallen[pos] = _set(fallen.get(pos, ps), i, p + FALLEN)
        while cells:
            low = cells & -cells
            cells ^= low
            c = low.bit_length() - 1
            if c in fallen:  # its prisoners fall: the game is lost (RULING-FF-OCCUPIED)
                if self.losses:
                    out.setdefault((ctx, turn_over) + _without(b, low) + fallen[c], base + (texts[c],))
                continue
            m = ~low
            lost = gate == low or (keyed & low and spare_keys <= 0)
            if lost and not self.losses:
                continue
            turn = turn_over if lost else turn_on
            k2 = (ctx, turn, present ^ low, on & m, oe & m, os_ & m, ow & m, pit & m, mon & m, gate & m, keyed & m, crumb & m) + ps
            out.setdefault(k2, base + (texts[c],))

    # -- keys -------------------------------------------------------------------------------------

    def key_configs(self, b: tuple[int, ...], ps: tuple[int, ...]) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...]]]:
        """Every key configuration passes (and ``take``) can reach now, the current one first.

        Passes join the active prisoner and a connected neighbour (§5, §8.1); a
        prisoner on a key tile whose key is there may take it when keyless
        (§8.3). The order of passes does not matter, only what they reach.
        """
        ctx, a = self.ctx, self.a
        here = ps[a] & POS
        hbit = 1 << here
        near = [j for j, q in enumerate(ps) if j != a and q & POS < FALLEN and _adjacent(ctx, b, here, q & POS)]
        can_take = b[_KEY] & hbit
        if not can_take:
            holders = ps[a] >> 10 & 1
            for j in near:
                holders += ps[j] >> 10 & 1
            if holders == 0 or holders == len(near) + 1:
                return [(b, ps, ())]
        give_to, give_from = ctx.give_to[a], ctx.give_from[a]
        found = [(b, ps, ())]
        seen = {(ps, b[_KEY])}
        i = 0
        while i < len(found):
            b0, ps0, acts0 = found[i]
            i += 1
            pa = ps0[a]
            moves = []
            if pa & KEY:
                for j in near:
                    if not ps0[j] & KEY:
                        moves.append((b0, _set(_set(ps0, a, pa ^ KEY), j, ps0[j] | KEY), give_to[j]))
            else:
                for j in near:
                    if ps0[j] & KEY:
                        moves.append((b0, _set(_set(ps0, a, pa | KEY), j, ps0[j] ^ KEY), give_from[j]))
                if b0[_KEY] & hbit:
                    moves.append((_key_taken(b0, hbit), _set(ps0, a, pa | KEY), "take"))
            for b1, ps1, text in moves:
                state = (ps1, b1[_KEY])
                if state not in seen:
                    seen.add(state)
                    found.append((b1, ps1, acts0 + (text,)))
        return found


def _relight_chains(ctx: Context, b: tuple[int, ...], ps: tuple[int, ...]) -> tuple[int, ...]:
    """RULING-RELIGHT-WITH-ACTIVE alternative: any connected pair, in chains."""
    changed = True
    while changed:
        changed = False
        for i, p in enumerate(ps):
            if p & LIT or p & POS >= FALLEN:
                continue
            for q in ps:
                if q & LIT and q & POS < FALLEN and _adjacent(ctx, b, p & POS, q & POS):
                    ps = _set(ps, i, p | LIT)
                    changed = True
                    break
    return ps


__all__ = [
    "K",
    "Context",
    "context",
    "from_state",
    "to_state",
    "successors",
    "successor_map",
    "outcome",
    "ruling_flags",
]
