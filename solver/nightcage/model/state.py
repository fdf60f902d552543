"""The immutable game state: board, prisoners, pile, discard, rulings and turn progress.

A :class:`GameState` is a hashable value. Between turns ``pending`` is None
and the state stands at the start of ``turn``'s turn (before landing, if that
prisoner is falling). In the middle of a turn ``pending`` holds a
:class:`Turn`: what the turn has done so far (Nerve spent and gained, Final
Flickers, prisoners relit) and the **steps** still to run, front first. The
front step is the decision (or chance draw) awaited. Steps are plain data, so
a mid-turn position can be written to a file and resumed exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from solver.nightcage.model import counts
from solver.nightcage.model.counts import Counts
from solver.nightcage.model.grid import Cell, Geometry, geometry
from solver.nightcage.model.rulings import DEFAULT_RULINGS, Rulings
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.tiles import Tile, TileType


class Prisoner(NamedTuple):
    """One prisoner. Exactly one of ``cell``, ``falling`` or ``unplaced`` applies."""

    name: str
    cell: Cell | None = None
    falling: tuple[str, int] | None = None
    """``("row", rank)`` or ``("file", file)`` once chosen; ``("cell", c)`` right after
    falling from ``c``, while the row-or-column choice is awaited."""
    unplaced: bool = False
    lit: bool = True
    nerve: int = 1
    key: bool = False

    @property
    def on_board(self) -> bool:
        return self.cell is not None


class Pile(NamedTuple):
    """The draw pile: known order (top first) or shuffled layers (top layer first)."""

    layers: tuple[Counts, ...] = ()
    order: tuple[TileType, ...] | None = None
    as_layers: bool = False
    """Written back as ``layers`` rather than ``contents`` (form kept from the input)."""

    @property
    def count(self) -> int:  # type: ignore[override]  # the pile's size, not tuple.count
        if self.order is not None:
            return len(self.order)
        return sum(counts.total(layer) for layer in self.layers)

    @property
    def contents(self) -> Counts:
        if self.order is not None:
            return counts.counts_of(self.order)
        out = counts.ZERO
        for layer in self.layers:
            out = counts.add(out, layer)
        return out

    def count_of(self, tile_type: TileType) -> int:
        """How many tiles of one type the pile holds."""
        if self.order is not None:
            return self.order.count(tile_type)
        i = counts.TYPE_INDEX[tile_type]
        return sum(layer[i] for layer in self.layers)

    @property
    def known(self) -> bool:
        return self.order is not None

    def top_layer(self) -> Counts:
        """The layer the next draw comes from (unknown order only)."""
        for layer in self.layers:
            if counts.total(layer):
                return layer
        return counts.ZERO

    def without_top(self) -> Pile:
        """Known order: the pile after drawing its top tile."""
        assert self.order is not None and self.order
        return self._replace(order=self.order[1:])

    def without(self, drawn: Counts) -> Pile:
        """The pile after the given tiles were drawn from the top.

        Known order: ``drawn`` must be the top tiles. Shuffled layers: upper
        layers are consumed first, so the split of ``drawn`` between layers is
        forced (every layer above the last one touched is emptied).
        """
        n = counts.total(drawn)
        if self.order is not None:
            assert counts.counts_of(self.order[:n]) == drawn
            return self._replace(order=self.order[n:])
        remaining = drawn
        layers = []
        for layer in self.layers:
            take = tuple(min(a, b) for a, b in zip(layer, remaining))
            if counts.total(remaining) >= counts.total(layer):
                take = layer
            remaining = counts.sub(remaining, take)
            layers.append(counts.sub(layer, take))
        assert not any(remaining) and all(min(layer) >= 0 for layer in layers), "burn not in pile"
        return self._replace(layers=_trim_layers(tuple(layers)))


def _trim_layers(layers: tuple[Counts, ...]) -> tuple[Counts, ...]:
    """Drop emptied layers at the top (keep one layer so the form survives)."""
    kept = tuple(layer for layer in layers if counts.total(layer))
    return kept or (counts.ZERO,)


class Hit(NamedTuple):
    """One prisoner hit by one monster during an attack."""

    prisoner: int
    monster: Cell
    tiles: int = 3
    blockable: bool = True
    blocked: bool = False


class Step(NamedTuple):
    """One step of the rest of a turn (see the module doc and docs/pending.md).

    Only the fields a step's ``name`` uses are set; the others keep defaults.
    """

    name: StepName
    who: int = -1
    cell: Cell = -1
    cells: tuple[Cell, ...] = ()
    hand: TileType | None = None
    purpose: str = ""
    count: int = 0  # type: ignore[assignment]  # tiles to burn, not tuple.count
    hits: tuple[Hit, ...] = ()
    origin: Cell = -1
    triggered: tuple[Cell, ...] = ()


class StepName(StrEnum):
    """The steps of a turn. Decisions await an action; chance steps await a draw
    (automatic when the pile order is known); the others run by themselves."""

    MAIN = "main"  # decision: stay / move / jump / charge / blind (after landing)
    EXTRA = "extra"  # decision: the move bought by `again`
    AGAIN = "again"  # decision: `again` or `end`
    FINAL = "final"  # decision: Final Flickers `discard X` or `hold`
    PLACE = "place"  # chance (draw) then decision: where and how a drawn tile goes
    LAND = "land"  # decision: landing cell (first step of a falling prisoner's turn)
    START = "start"  # decision: start tile cell and rotation (first turn)
    BURN = "burn"  # chance: penalty tiles discarded from the pile
    STAY_DRAW = "stay_draw"  # chance: the stay's top tile
    SWAP = "swap"  # decision: where the monster drawn by a stay goes
    BLOCK = "block"  # decision: Block or not, for the pending hits
    FALL = "fall"  # decision: the faller's row or column
    SCRAMBLE = "scramble"  # decision: where the attacked prisoner scrambles
    DIRGE = "dirge"  # decision: where the omen's placer lays the Dirge over it
    COLLAPSE = "collapse"  # automatic: a stay on a crumbling tile flips it and its prisoner falls
    DISCARD_MONSTERS = "discard_monsters"  # automatic: monsters removed after attacking
    LIGHT = "light"  # automatic: darkness, relighting, then the fill placements
    END_TURN = "end_turn"  # automatic: the next prisoner's turn begins


# The members under the short names the rule modules use (a module global is read faster than an enum attribute).
MAIN = StepName.MAIN
EXTRA = StepName.EXTRA
AGAIN = StepName.AGAIN
FINAL = StepName.FINAL
PLACE = StepName.PLACE
LAND = StepName.LAND
START = StepName.START
BURN = StepName.BURN
STAY_DRAW = StepName.STAY_DRAW
SWAP = StepName.SWAP
BLOCK = StepName.BLOCK
FALL = StepName.FALL
SCRAMBLE = StepName.SCRAMBLE
DIRGE = StepName.DIRGE
COLLAPSE = StepName.COLLAPSE
DISCARD_MONSTERS = StepName.DISCARD_MONSTERS
LIGHT = StepName.LIGHT
END_TURN = StepName.END_TURN

DECISIONS = frozenset({MAIN, EXTRA, AGAIN, FINAL, PLACE, LAND, START, SWAP, BLOCK, FALL, SCRAMBLE, DIRGE})
CHANCE = frozenset({BURN, STAY_DRAW})


class Turn(NamedTuple):
    """Progress of the turn under way."""

    steps: tuple[Step, ...]
    spent: tuple[int, ...]
    """Nerve spent this turn, per prisoner (at most 2 each)."""
    gained: bool = False
    """The active prisoner gained Nerve this turn."""
    final_flickers: bool = False
    """The turn began with an empty pile: it ends with the Final Flickers discard."""
    relit: tuple[int, ...] = ()
    """Prisoners relit this turn (their cells are filled under the French letter)."""

    @property
    def front(self) -> Step:
        return self.steps[0]


@dataclass(frozen=True)
class GameState:
    """A Night Cage position. Immutable and hashable; rules are functions over it."""

    size: int
    tiles: tuple[Tile | None, ...]
    prisoners: tuple[Prisoner, ...]
    turn: int
    pile: Pile
    discarded: Counts
    setup: Setup = field(default_factory=Setup)
    rulings: Rulings = DEFAULT_RULINGS
    pending: Turn | None = None
    omens: int = 0
    """Omens revealed for placement so far (docs/rules.md, omens): 0, 1 (the first set
    aside) or 2 (the Dirge summoned). Omens a penalty or a stay discards do not count."""

    def evolve(self, **changes: object) -> GameState:
        """A copy with some fields changed (``dataclasses.replace``, without its overhead).

        The engine copies states at every step; a plain attribute copy is several
        times faster and drops the cached hash and outcome.
        """
        new = object.__new__(GameState)
        fields = new.__dict__
        mine = self.__dict__
        for name in _FIELDS:
            fields[name] = changes[name] if name in changes else mine[name]
        return new

    def __hash__(self) -> int:
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(
                (
                    self.size, self.tiles, self.prisoners, self.turn, self.pile,
                    self.discarded, self.setup, self.rulings, self.pending, self.omens,
                )
            )
            self.__dict__["_hash"] = cached
        return cached

    def __getstate__(self) -> dict[str, object]:
        """The fields alone, for pickle and copy: what is memoised in ``__dict__`` stays behind.

        The cached hash is only valid in the process that computed it (a string's hash
        depends on ``PYTHONHASHSEED``): shipped to another process, a state would not be
        found in a dict keyed by an equal state there. The rules' caches (the opened turn,
        the outcome) are recomputed as cheaply as they were computed.

        >>> import pickle
        >>> from solver.nightcage.model.newgame import new_game
        >>> state = new_game(Setup())
        >>> seen = {state: "seen"}  # hashed: the hash is memoised
        >>> shipped = pickle.loads(pickle.dumps(state))
        >>> "_hash" in state.__dict__, "_hash" in shipped.__dict__, shipped == state, seen[shipped]
        (True, False, True, 'seen')
        """
        mine = self.__dict__
        return {name: mine[name] for name in _FIELDS}

    @property
    def geo(self) -> Geometry:
        return geometry(self.size)

    @property
    def active(self) -> Prisoner:
        return self.prisoners[self.turn]

    def tile(self, cell: Cell) -> Tile | None:
        return self.tiles[cell]

    def occupants(self, cell: Cell) -> list[int]:
        return [i for i, p in enumerate(self.prisoners) if p.cell == cell]

    def prisoner_index(self, name: str) -> int | None:
        for i, p in enumerate(self.prisoners):
            if p.name == name:
                return i
        return None

    def with_tile(self, cell: Cell, tile: Tile | None) -> GameState:
        tiles = list(self.tiles)
        tiles[cell] = tile
        return self.evolve(tiles=tuple(tiles))

    def with_prisoner(self, index: int, **changes: Any) -> GameState:
        prisoners = list(self.prisoners)
        prisoners[index] = prisoners[index]._replace(**changes)
        return self.evolve(prisoners=tuple(prisoners))

    def board_counts(self) -> Counts:
        """Tile types on the board (pits by what they were; unknown pits skipped)."""
        types = [t.type for t in self.tiles if t is not None]
        return counts.counts_of(t for t in types if t is not None)

    def in_hand_counts(self) -> Counts:
        """Tiles out of play but not discarded: start tiles of unplaced prisoners, a drawn tile."""
        start = sum(1 for p in self.prisoners if p.unplaced)
        held = counts.counts_from({"start": start})
        if self.pending and self.pending.front.hand is not None:
            held = counts.bump(held, self.pending.front.hand)
        return held


_FIELDS = ("size", "tiles", "prisoners", "turn", "pile", "discarded", "setup", "rulings", "pending", "omens")
