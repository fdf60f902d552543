"""Plain-English descriptions of what a position awaits (for refusals and the CLI)."""

from __future__ import annotations

from solver.nightcage.model.grid import FILE_LETTERS
from solver.nightcage.model.state import (
    AGAIN,
    BLOCK,
    BURN,
    DIRGE,
    EXTRA,
    FALL,
    FINAL,
    LAND,
    MAIN,
    PLACE,
    SCRAMBLE,
    START,
    STAY_DRAW,
    SWAP,
    GameState,
    Prisoner,
)
from solver.nightcage.model.tiles import Kind, type_name


def where(state: GameState, p: Prisoner) -> str:
    """Where a prisoner is: ``"on c3"``, ``"falling, lands on row 4"``, ``"falling from c3"``, ``"unplaced"``."""
    if p.cell is not None:
        return f"on {state.geo.name(p.cell)}"
    if p.falling is not None:
        axis, index = p.falling
        if axis == "row":
            return f"falling, lands on row {index + 1}"
        if axis == "file":
            return f"falling, lands on file {FILE_LETTERS[index]}"
        return f"falling from {state.geo.name(index)}"
    return "unplaced"


def decision_text(state: GameState, name: str | None = None) -> str:
    """What the position waits for, e.g. ``"red's main action (stay, move, …)"``."""
    if state.pending is None:
        p = state.active
        if p.unplaced:
            return f"{p.name} places its start tile"
        if p.falling is not None:
            return f"{p.name} chooses where to land"
        return f"{p.name}'s main action (stay, move, jump, charge or blind)"
    step = state.pending.front
    name = name or step.name
    who = state.prisoners[step.who].name if step.who >= 0 else state.active.name
    texts: dict[str, str] = {
        MAIN: f"{who}'s main action (stay, move, jump, charge or blind)",
        EXTRA: f"{who}'s extra move (move, jump, charge or blind)",
        AGAIN: f"whether {who} spends Nerve to move again ('again' or 'end')",
        FINAL: f"{who}'s Final Flickers discard ('discard <cell>' or 'hold')",
        LAND: f"{who} chooses where to land ('land <cell>')",
        START: f"{who} places its start tile ('start <cell> <openings>')",
        SWAP: f"where the monster drawn by {who}'s stay goes ('swap <cell>')",
        BLOCK: "whether the prisoners hit Block ('block <name>' or 'noblock')",
        FALL: f"{who} chooses the row or the column to land on ('fall row' or 'fall file')",
        SCRAMBLE: f"where {who} scrambles ('scramble <direction>')",
        BURN: f"which {step.count} tiles the penalty burns ('burn <type>...')",
        STAY_DRAW: "which tile the stay burns ('burn <type>')",
        DIRGE: f"where {who} lays the Dirge over the omen ('dirge <cell>': its corner with the lowest file and rank)",
    }
    if name == PLACE:
        if step.hand is None:
            return "a tile is drawn ('place <cell> <type>:<openings>' names it and places it)"
        return f"where and how the {type_name(step.hand)} just drawn is placed ('place <cell> {step.hand.value}[:<openings>]')"
    return texts.get(name, name)


MONSTER_RULES: dict[Kind, str] = {
    Kind.WAX_EATER: "monsters",
    Kind.KEEPER: "keeper",
    Kind.PIT_FIEND: "pit_fiend",
    Kind.PATHLESS: "pathless",
    Kind.OMEN: "omens",
}
"""The rulebook section (key of :data:`solver.nightcage.model.rulebook.SECTIONS`) that governs each monster."""


def monster_rule(kind: Kind) -> str:
    """The rulebook section of a monster's own rules (the wax eaters' for any other tile)."""
    return MONSTER_RULES.get(kind, "monsters")
