"""The named rulings of ``docs/rules.md``, each a switch per position.

A position's ``rulings`` object overrides the defaults by identifier. Boolean
rulings are ``true`` for the default reading and ``false`` for the alternative.

>>> r = Rulings.from_given({"RULING-LOS-END": False})
>>> r.los_end, r.monster_removed
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

LOS_END = "RULING-LOS-END"
TRIGGER_ORIGIN = "RULING-TRIGGER-ORIGIN"
MONSTER_REMOVED = "RULING-MONSTER-REMOVED"
FILL_ALL_LIT = "RULING-FILL-ALL-LIT"
RELIGHT_WITH_ACTIVE = "RULING-RELIGHT-WITH-ACTIVE"
SAME_GATE_NOT_ADJACENT = "RULING-SAME-GATE-NOT-ADJACENT"
STAY_SWAP = "RULING-STAY-SWAP"
LAND_FULL_LINE = "RULING-LAND-FULL-LINE"
FLICKERS_OCCUPIED = "RULING-FF-OCCUPIED"
BLOCK_ANY_TURN = "RULING-BLOCK-ANY-TURN"
NERVE_AFTER_GAIN = "RULING-NERVE-AFTER-GAIN"
KEEPER_RANGED_OUT = "RULING-KEEPER-RANGED-OUT"
PATHLESS_SIGHT = "RULING-PATHLESS-SIGHT"
ADV_5P_WAX = "RULING-ADV-5P-WAX"
DIRGE_SHAPE = "RULING-DIRGE-SHAPE"
RELIGHT_AT_START = "RULING-RELIGHT-AT-START"
KEEPER_BACK = "RULING-KEEPER-BACK"
KEEPER_KEY_TILE = "RULING-KEEPER-KEY-TILE"

DEFAULT_DIRGE_SHAPE: tuple[tuple[int, int], ...] = tuple((dx, dy) for dy in range(3) for dx in range(3))

BOOLEAN_RULINGS: dict[str, tuple[str, str]] = {
    LOS_END: (
        "the tile where a sight line stops (a T met from its stem) is in sight",
        "the sight line stops before that tile",
    ),
    TRIGGER_ORIGIN: (
        "moving out of a sight line triggers the monster (origin or destination)",
        "only the destination counts",
    ),
    MONSTER_REMOVED: (
        "a wax eater that attacked is discarded (French text)",
        "it stays until unlit (charged and fallen-onto monsters are discarded either way)",
    ),
    FILL_ALL_LIT: (
        "every empty lit cell is filled at step 6c",
        "only the active prisoner's passages and relit prisoners' cells are filled",
    ),
    RELIGHT_WITH_ACTIVE: (
        "relighting only when one of the two prisoners is active",
        "any pair relights, in chains",
    ),
    SAME_GATE_NOT_ADJACENT: (
        "prisoners on one gate are not adjacent",
        "prisoners on one gate count as connected (keys, relighting)",
    ),
    STAY_SWAP: (
        "a stay's monster swaps only with unoccupied tiles; with none it is discarded",
        "occupied tiles too; the occupant suffers the monster's attack",
    ),
    LAND_FULL_LINE: (
        "on a full line, land on any tile of that line holding no prisoner (a gate always)",
        "land on any such tile of the whole board",
    ),
    FLICKERS_OCCUPIED: (
        "the Final Flickers discard may take an occupied tile (its prisoners fall)",
        "occupied tiles cannot be chosen",
    ),
    BLOCK_ANY_TURN: (
        "a hit prisoner may Block on any turn",
        "only on its own turn",
    ),
    NERVE_AFTER_GAIN: (
        "no Nerve is spent on a turn in which the prisoner gained one (French)",
        "only holding the light is barred (English card)",
    ),
    KEEPER_RANGED_OUT: (
        "a keeper's ranged hit puts the candle out",
        "1 tile only, the candle stays lit",
    ),
    PATHLESS_SIGHT: (
        "a pathless triggers along sight lines as a 4-way wax eater",
        "it triggers on any move in its row or column",
    ),
    RELIGHT_AT_START: (
        "relighting is also checked when a turn begins, before its first decision (§8.2)",
        "relighting only at step 6b",
    ),
    KEEPER_BACK: (
        "a keeper never watches its back line, even through a wrapped front line, and an attack "
        "from its back side does nothing whatever lies between (§8.14)",
        "wrapped front and side lines watch it; an attack is from behind only when it arrives at the keeper's back",
    ),
    KEEPER_KEY_TILE: (
        "a keeper's key is taken as a key tile's: a prisoner holding a key may enter a keeper from behind, and on "
        "a keeper, before scrambling off, keys pass and the keeper's key is taken once keyless (6.5)",
        "only a keyless prisoner enters a keeper from behind, and no key passes while on a keeper",
    ),
}

ALL_RULINGS: tuple[str, ...] = (*BOOLEAN_RULINGS, ADV_5P_WAX, DIRGE_SHAPE)


@dataclass(frozen=True)
class Rulings:
    """Resolved readings, plus the switches exactly as the position gave them."""

    given: tuple[tuple[str, Any], ...] = ()
    los_end: bool = True
    trigger_origin: bool = True
    monster_removed: bool = True
    fill_all_lit: bool = True
    relight_with_active: bool = True
    same_gate_not_adjacent: bool = True
    stay_swap: bool = True
    land_full_line: bool = True
    flickers_occupied: bool = True
    block_any_turn: bool = True
    nerve_after_gain: bool = True
    keeper_ranged_out: bool = True
    pathless_sight: bool = True
    relight_at_start: bool = True
    keeper_back: bool = True
    keeper_key_tile: bool = True
    adv_5p_wax: int = 2
    dirge_shape: tuple[tuple[int, int], ...] = field(default=DEFAULT_DIRGE_SHAPE)

    @staticmethod
    def from_given(given: dict[str, Any]) -> Rulings:
        """Resolve a (validated) ``rulings`` object."""
        values: dict[str, Any] = {}
        frozen: list[tuple[str, Any]] = []
        for rid, value in given.items():
            if rid == DIRGE_SHAPE:
                value = tuple((int(dx), int(dy)) for dx, dy in value)
            values[_attr(rid)] = value
            frozen.append((rid, value))
        # Sorted, so that the same switches given in another order make an equal state.
        return Rulings(given=tuple(sorted(frozen)), **values)

    def value(self, rid: str) -> Any:
        return getattr(self, _attr(rid))

    def flipped(self, rid: str) -> Rulings:
        """The same rulings with boolean ruling ``rid`` read the other way."""
        given = dict(self.given)
        given[rid] = not self.value(rid)
        return Rulings.from_given(given)

    def as_json(self) -> dict[str, Any]:
        return {rid: ([list(p) for p in v] if rid == DIRGE_SHAPE else v) for rid, v in self.given}


SPELT_OUT = {FLICKERS_OCCUPIED: "flickers_occupied"}
"""Attributes not named after their ruling's id: in code, ``ff`` names Fearsome Floors, never the Final Flickers."""


def _attr(rid: str) -> str:
    return SPELT_OUT.get(rid) or rid.removeprefix("RULING-").lower().replace("-", "_")


DEFAULT_RULINGS = Rulings()
