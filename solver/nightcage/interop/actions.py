"""The fixed integer encoding of every decision action, for OpenSpiel and Gymnasium.

Learning tools want actions as integers ``0 .. N-1`` with ``N`` fixed for a
game. :class:`ActionCodec` maps every :class:`~solver.nightcage.model.actions.Action` a
decision can take (docs/notation.md) to one integer and back, for a board of
``size`` cells a side (``n = size * size``) and ``P`` prisoners (``P`` is
fixed for a game: prisoners are named by their seat, their index in turn
order). The blocks follow one another in this order; an index is the block's
offset plus the position inside it:

====================  ======  ======================================================
block                 length  position inside the block
====================  ======  ======================================================
bare verbs            6       ``stay``, ``again``, ``end``, ``take``, ``hold``, ``noblock``
directed verbs        20      verb * 4 + direction; verbs ``move``, ``jump``,
                              ``charge``, ``blind``, ``scramble``; directions N E S W
fall                  2       ``fall row``, ``fall file``
start                 4n      cell * 4 + rotation (the start tile's openings
                              ``NE``, ``ES``, ``SW``, ``NW`` in mask order 3, 6, 9, 12)
land                  n       cell
swap                  n       cell
discard               n       cell
dirge                 4n      cell * 4 + variant (a shape has at most 4 orientations)
place                 22n     cell * 22 + placement; the placements are each tile
                              type's distinct openings, types in
                              :data:`~solver.nightcage.model.tiles.TILE_TYPES` order, openings
                              by mask (start 4, straight 2, t 4, cracked_t 4, then one
                              each for cross, key, gate, wax_eater, keeper, pit_fiend,
                              pathless, omen)
block                 P       the seat of the prisoner who Blocks
give                  P * P   giver's seat * P + receiver's seat
====================  ======  ======================================================

A cell is ``rank * size + file`` (``a1`` = 0), as everywhere in Lueur. A
standard game (6x6, 4 prisoners) has 1,236 actions; a five-prisoner game
(7x7) 1,675. Indices that no rule can produce (``give`` to oneself, a Dirge
variant the shape does not have) are simply never legal.

``give`` is written ``give B`` when the active prisoner gives, ``give A B``
otherwise, so encoding and decoding take the active prisoner's seat. Chance
draws are not actions here: OpenSpiel numbers them separately (one tile type
at a time, see :mod:`solver.nightcage.interop.draws`).

>>> codec = ActionCodec(6, ("red", "blue", "green", "yellow"))
>>> codec.num_actions
1236
>>> a = parse_action("place c5 t:NES", 6)
>>> i = codec.encode(a, active=0)
>>> i, format_action(codec.decode(i, active=0), 6)
(1002, 'place c5 t:NES')
"""

from __future__ import annotations

from solver.nightcage.model.actions import Action, Verb, format_action, parse_action
from solver.nightcage.model.grid import DIRECTIONS
from solver.nightcage.model.tiles import TILE_TYPES, Kind, TileType, kind_of_type, rotations

BARE_VERBS: tuple[Verb, ...] = (Verb.STAY, Verb.AGAIN, Verb.END, Verb.TAKE, Verb.HOLD, Verb.NOBLOCK)
DIRECTED_VERBS: tuple[Verb, ...] = (Verb.MOVE, Verb.JUMP, Verb.CHARGE, Verb.BLIND, Verb.SCRAMBLE)
FALL_AXES = ("row", "file")
START_ROTATIONS: tuple[int, ...] = rotations(Kind.START)
DIRGE_VARIANTS = 4
PLACEMENTS: tuple[tuple[TileType, int], ...] = tuple((t, o) for t in TILE_TYPES for o in rotations(kind_of_type(t)))
"""Every (tile type, openings) a placement may use, in the order of the ``place`` block."""

_PLACEMENT_INDEX = {p: i for i, p in enumerate(PLACEMENTS)}
_DIR_INDEX = {d: i for i, d in enumerate(DIRECTIONS)}


class ActionCodec:
    """The bijection between decision actions and ``0 .. num_actions - 1`` for one game's size and prisoners."""

    def __init__(self, size: int, names: tuple[str, ...]):
        self.size = size
        self.names = names
        cells, seats = size * size, len(names)
        lengths = {
            "bare": len(BARE_VERBS),
            "directed": len(DIRECTED_VERBS) * 4,
            "fall": len(FALL_AXES),
            "start": cells * len(START_ROTATIONS),
            "land": cells,
            "swap": cells,
            "discard": cells,
            "dirge": cells * DIRGE_VARIANTS,
            "place": cells * len(PLACEMENTS),
            "block": seats,
            "give": seats * seats,
        }
        self.offsets: dict[str, int] = {}
        total = 0
        for block, length in lengths.items():
            self.offsets[block] = total
            total += length
        self.num_actions = total
        self._seat = {name: i for i, name in enumerate(names)}

    def encode(self, action: Action, active: int) -> int:
        """The integer of a decision action; ``active`` is the seat of the prisoner whose turn it is.

        Raises ValueError for what is not a decision action of this game (a draw, a burn, an unknown prisoner).
        """
        o, v = self.offsets, action.verb
        if v in BARE_VERBS:
            return o["bare"] + BARE_VERBS.index(v)
        if v in DIRECTED_VERBS:
            return o["directed"] + DIRECTED_VERBS.index(v) * 4 + _DIR_INDEX[action.direction]
        if v == Verb.FALL:
            return o["fall"] + FALL_AXES.index(action.axis)
        if v == Verb.START:
            return o["start"] + action.cell * len(START_ROTATIONS) + START_ROTATIONS.index(action.openings)
        if v in (Verb.LAND, Verb.SWAP, Verb.DISCARD):
            return o[v.value] + self._cell(action.cell)
        if v == Verb.DIRGE:
            if not 0 <= action.variant < DIRGE_VARIANTS:
                raise ValueError(f"a Dirge variant is 0 to {DIRGE_VARIANTS - 1}, not {action.variant}")
            return o["dirge"] + self._cell(action.cell) * DIRGE_VARIANTS + action.variant
        if v == Verb.PLACE:
            placement = _PLACEMENT_INDEX.get((action.tile_type, action.openings))  # type: ignore[arg-type]
            if placement is None:
                raise ValueError(f"no placement {format_action(action, self.size)!r} in the encoding")
            return o["place"] + self._cell(action.cell) * len(PLACEMENTS) + placement
        if v == Verb.BLOCK:
            names = action.names or (self.names[active],)
            return o["block"] + self._seat_of(names[0])
        if v == Verb.GIVE:
            giver, receiver = (self.names[active], action.names[0]) if len(action.names) == 1 else action.names
            return o["give"] + self._seat_of(giver) * len(self.names) + self._seat_of(receiver)
        raise ValueError(f"{v} is a draw, not a decision: OpenSpiel numbers draws by tile type")

    def decode(self, index: int, active: int) -> Action:
        """The action of an integer (its canonical form, as ``legal_actions`` lists it)."""
        if not 0 <= index < self.num_actions:
            raise ValueError(f"an action is an integer from 0 to {self.num_actions - 1}, not {index}")
        block = max((b for b, start in self.offsets.items() if start <= index), key=lambda b: self.offsets[b])
        i = index - self.offsets[block]
        if block == "bare":
            return Action(BARE_VERBS[i])
        if block == "directed":
            return Action(DIRECTED_VERBS[i // 4], direction=DIRECTIONS[i % 4])
        if block == "fall":
            return Action(Verb.FALL, axis=FALL_AXES[i])
        if block == "start":
            return Action(Verb.START, cell=i // len(START_ROTATIONS), openings=START_ROTATIONS[i % len(START_ROTATIONS)])
        if block in ("land", "swap", "discard"):
            return Action(Verb(block), cell=i)
        if block == "dirge":
            return Action(Verb.DIRGE, cell=i // DIRGE_VARIANTS, variant=i % DIRGE_VARIANTS)
        if block == "place":
            tile_type, openings = PLACEMENTS[i % len(PLACEMENTS)]
            return Action(Verb.PLACE, cell=i // len(PLACEMENTS), openings=openings, tile_type=tile_type)
        if block == "block":
            return Action(Verb.BLOCK, names=(self.names[i],))
        giver, receiver = divmod(i, len(self.names))
        if giver == active:
            return Action(Verb.GIVE, names=(self.names[receiver],))
        return Action(Verb.GIVE, names=(self.names[giver], self.names[receiver]))

    def text(self, index: int, active: int) -> str:
        """The notation of an integer, e.g. ``place c5 t:NES``."""
        return format_action(self.decode(index, active), self.size)

    def parse(self, text: str, active: int) -> int:
        """The integer of an action written in the notation."""
        return self.encode(parse_action(text, self.size), active)

    def _cell(self, cell: int) -> int:
        if not 0 <= cell < self.size * self.size:
            raise ValueError(f"cell {cell} is off a {self.size}x{self.size} board")
        return cell

    def _seat_of(self, name: str) -> int:
        seat = self._seat.get(name)
        if seat is None:
            raise ValueError(f"{name!r} is not a prisoner of this game ({', '.join(self.names)})")
        return seat


__all__ = ["ActionCodec", "PLACEMENTS", "BARE_VERBS", "DIRECTED_VERBS", "FALL_AXES", "START_ROTATIONS", "DIRGE_VARIANTS"]
