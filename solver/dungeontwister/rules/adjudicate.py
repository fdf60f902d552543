"""Adjudicating a sequence of actions: each step with the aid's lines, the first refusal, and the other readings.

:func:`adjudicate` plays the actions through the engine, stopping at the first
one refused; then it replays them once under the other reading of each
ruling switch and reports every switch under which the result differs (a
refusal, or a different position), with the differences in words. A result
that depends on no ruling has no alternatives.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from solver.base.errors import IllegalActionError, NotationError
from solver.dungeontwister.model.events import Event
from solver.dungeontwister.model.rulings import SWITCH_NAMES, field_name
from solver.dungeontwister.model.state import Place, Position
from solver.dungeontwister.rules.actions import format_action, parse_action
from solver.dungeontwister.rules.engine import apply

MAX_ACTIONS = 200
"""Actions one adjudication plays (a whole turn is a handful)."""


@dataclass(frozen=True)
class Step:
    action: str
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Refusal:
    action: str
    reason: str


@dataclass(frozen=True)
class Alternative:
    ruling: str
    reading: str
    refused: Refusal | None
    differences: tuple[str, ...]
    position: Position


@dataclass(frozen=True)
class Adjudication:
    position: Position
    steps: tuple[Step, ...]
    refused: Refusal | None
    alternatives: tuple[Alternative, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {"applied": [{"action": s.action, "events": [e.as_json() for e in s.events]} for s in self.steps],
                "refused": None if self.refused is None else {"action": self.refused.action, "reason": self.refused.reason},
                "alternatives": [{"ruling": a.ruling, "reading": a.reading,
                                  "refused": None if a.refused is None else {"action": a.refused.action,
                                                                             "reason": a.refused.reason},
                                  "differences": list(a.differences)} for a in self.alternatives]}


def play(position: Position, texts: list[str]) -> Adjudication:
    """Play ``texts`` in order; stop at the first action refused (or not readable)."""
    if len(texts) > MAX_ACTIONS:
        raise NotationError(f"{len(texts):,} actions: at most {MAX_ACTIONS} at once")
    steps: list[Step] = []
    for text in texts:
        try:
            action = parse_action(text)
            position, events = apply(position, action)
        except IllegalActionError as exc:
            return Adjudication(position, tuple(steps), Refusal(exc.action, exc.reason))
        except NotationError as exc:
            return Adjudication(position, tuple(steps), Refusal(text, str(exc)))
        steps.append(Step(format_action(action), tuple(events)))
    return Adjudication(position, tuple(steps), None)


def adjudicate(position: Position, texts: list[str]) -> Adjudication:
    """Play ``texts`` (see :func:`play`) and replay them under each switch's other reading where the result differs."""
    result = play(position, texts)
    alternatives = []
    for ruling in SWITCH_NAMES:
        flipped = position.rulings.with_switch(ruling, not getattr(position.rulings, field_name(ruling)))
        other = play(replace(position, rulings=flipped), texts)
        shown = replace(other.position, rulings=position.rulings)
        same_refusal = (other.refused is None) == (result.refused is None)
        if same_refusal and shown == result.position and len(other.steps) == len(result.steps):
            continue
        alternatives.append(Alternative(ruling, flipped.reading(ruling), other.refused,
                                        tuple(differences(result.position, other.position)), other.position))
    return replace(result, alternatives=tuple(alternatives))


def differences(before: Position, after: Position) -> list[str]:
    """What differs between two positions of one game, in words."""
    out: list[str] = []
    for p, q in zip(before.players, after.players):
        for key in ("ap", "vp", "jump_cards", "cards"):
            if getattr(p, key) != getattr(q, key):
                out.append(f"{p.name}'s {key.replace('_', ' ')}: {_shown(getattr(p, key))} here, {_shown(getattr(q, key))} there")
    for c, d in zip(before.characters, after.characters):
        if (c.place, c.zone) != (d.place, d.zone):
            out.append(f"{c.ident}: {_where(c.place, c.zone)} here, {_where(d.place, d.zone)} there")
        if c.wounded != d.wounded:
            out.append(f"{c.ident}: {'wounded' if c.wounded else 'unwounded'} here, {'wounded' if d.wounded else 'unwounded'} there")
        if c.carrying != d.carrying:
            out.append(f"{c.ident} carries {_shown(c.carrying)} here, {_shown(d.carrying)} there")
    for i, j in zip(before.items, after.items):
        if (i.place, i.zone) != (j.place, j.zone):
            out.append(f"{i.ident}: {_where(i.place, i.zone)} here, {_where(j.place, j.zone)} there")
    if before.layout != after.layout:
        out.append("the rooms lie differently (turned, opened or broken)")
    return out


def _where(place: Place, zone: str) -> str:
    return f"in {zone}" if place is Place.ZONE else f"beside {zone}" if place is Place.BESIDE else place.value


def _shown(value: object) -> str:
    if isinstance(value, tuple):
        return ", ".join(map(str, value)) or "nothing"
    return str(value)

