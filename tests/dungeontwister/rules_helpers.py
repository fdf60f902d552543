"""Helpers of the rules tests: play actions on an invented dungeon, see which of the aid's lines were cited."""

from __future__ import annotations

from typing import Any

import pytest

from solver.base.errors import IllegalActionError
from solver.dungeontwister.model.events import Event
from solver.dungeontwister.model.state import Position
from solver.dungeontwister.rules.engine import apply
from tests.dungeontwister.builders import corridor, position, with_pieces


def dungeon(characters: list[dict[str, Any]] = (), objects: list[dict[str, Any]] = (),  # type: ignore[assignment]
            names: str = "AB", rulings: dict[str, bool] | None = None, **layout: Any) -> Position:
    """The two-room corridor (red-1 | A | B | blue-1) with these pieces; ``layout`` goes to ``corridor``."""
    fields: dict[str, Any] = {}
    for key in ("red", "blue", "target_vp", "to_move"):
        if key in layout:
            fields[key] = layout.pop(key)
    if rulings:
        fields["rulings"] = rulings
    return position(with_pieces(corridor(names, **layout), list(characters), list(objects), **fields))


def play(pos: Position, *actions: str) -> tuple[Position, list[Event]]:
    events: list[Event] = []
    for action in actions:
        pos, more = apply(pos, action)
        events += more
    return pos, events


def cited(events: list[Event]) -> set[str]:
    return {e.citation.key for e in events}


def refused(pos: Position, action: str) -> str:
    """The reason ``action`` is refused (the test fails if it is not)."""
    with pytest.raises(IllegalActionError) as caught:
        apply(pos, action)
    return caught.value.reason
