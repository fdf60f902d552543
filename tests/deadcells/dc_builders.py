"""Small Dead Cells combats for the tests, built from a few words: invented cards only (the project ships none)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from solver.deadcells.model.state import Combat
from solver.deadcells.notation.position import Loaded, read
from solver.deadcells.rules import engine
from solver.deadcells.rules.engine import rounds_done
from solver.deadcells.rules.events import Event

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios" / "deadcells"


def scenario(name: str) -> dict[str, Any]:
    return json.loads((SCENARIOS / name).read_text(encoding="utf-8"))


def card(**lines: list[dict[str, Any]]) -> dict[str, Any]:
    """A combat card from its lines: ``card(I=[{"damage": 1, "range": ["R1"]}])`` (``Z`` is round 0)."""
    return {"kind": "combat", "lines": {("0" if k == "Z" else k): v for k, v in lines.items()}}


def monster(health: int, **lines: Any) -> dict[str, Any]:
    """A monster: ``monster(2, I=[{"damage": 1}], death={"cell": 1})``."""
    out: dict[str, Any] = {"kind": "monster", "health": health, "lines": {}}
    for key, value in lines.items():
        if key in ("death", "immunities", "elite", "placement", "name"):
            out[key] = value
        else:
            out["lines"]["0" if key == "Z" else key] = value
    return out


def combat(cards: dict[str, Any], prisoners: list[dict[str, Any]], enemies: dict[str, str | dict[str, Any]],
           **fields: Any) -> dict[str, Any]:
    """A position document; ``enemies`` maps a space to a card id (or a full entry)."""
    document: dict[str, Any] = {
        "format": "lueur-dc-combat/1",
        "cards": cards,
        "prisoners": prisoners,
        "first_player": fields.pop("first_player", prisoners[0]["name"]),
        "enemies": {space: ({"card": e} if isinstance(e, str) else e) for space, e in enemies.items()},
    }
    document.update(fields)
    return document


def duel(prisoner_card: dict[str, Any], enemy: dict[str, Any], *, space: str = "R1", health: int = 3,
         **fields: Any) -> dict[str, Any]:
    """Three players (one card each) against one enemy: Ann plays ``a``; Bob and Cy play cards that do nothing."""
    cards = {"a": prisoner_card, "idle": card(), "m": enemy}
    prisoners = [{"name": n, "health": health, "hand": [c]} for n, c in (("Ann", "a"), ("Bob", "idle"), ("Cy", "idle"))]
    return combat(cards, prisoners, {space: "m"}, **fields)


def played(document: dict[str, Any]) -> dict[str, Any]:
    """The document with every prisoner's hand played (3 players, one card each)."""
    doc = copy.deepcopy(document)
    for prisoner in doc["prisoners"]:
        if not prisoner.get("serenade"):
            prisoner["played"] = prisoner.pop("hand")[:1]
    return doc


def run(document: dict[str, Any], *choices: str) -> Loaded:
    doc = copy.deepcopy(document)
    doc["choices"] = list(doc.get("choices", [])) + list(choices)
    return read(doc)


def settled(document: dict[str, Any], *choices: str) -> tuple[Combat, list[Event]]:
    """The combat where its rounds end (before the upkeep discards the monsters and clears the tokens), and the
    events up to there."""
    loaded = run({**document, "choices": []})
    found: list[Event] = []
    combat = engine.start(loaded.initial, found, until=rounds_done)
    for choice in list(document.get("choices", [])) + list(choices):
        combat = engine.apply(combat, choice, found, until=rounds_done)
    return combat, found


def texts(loaded: Loaded) -> list[str]:
    return [e.text for e in loaded.opening + loaded.events]


def events(loaded: Loaded) -> list[Event]:
    return list(loaded.opening + loaded.events)


def has(loaded: Loaded, fragment: str) -> Event:
    """The first event whose text holds ``fragment`` (fails listing the texts otherwise)."""
    for event in events(loaded):
        if fragment in event.text:
            return event
    raise AssertionError(f"no event with {fragment!r}: {texts(loaded)}")
