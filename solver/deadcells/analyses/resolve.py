"""The whole trace of a combat from the cards played and the choices made, round by round, every step cited.

Like a combat log read from left to right: the play, then each round (0, I,
II, III, IV) with every action, hit, shield, state, kill and advance, then
the upkeep. A choice left open can be filled by the planner's best (``plan``)
or by the first option (``first``); without a fill, the trace stops at the
first open choice and says what it awaits.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.base.errors import IllegalActionError, NoDecision
from solver.base.limits import NO_LIMITS, Limits
from solver.deadcells.analyses.plan import plan
from solver.deadcells.model.rulebook import cite
from solver.deadcells.model.state import Combat
from solver.deadcells.model.vocabulary import Round
from solver.deadcells.notation.position import Loaded
from solver.deadcells.rules import engine
from solver.deadcells.rules.awaiting import Awaiting
from solver.deadcells.rules.engine import Tally, rounds_done, tally
from solver.deadcells.rules.events import Event

FILLS = ("none", "plan", "first")


def section_of(event: Event) -> str:
    """The part of the log an event belongs to: ``play``, a round's label, or ``upkeep``."""
    if event.round < 0:
        return "play"
    if event.code in ("over", "give", "draw", "upkeep", "reshuffle", "boss", "manche") and event.round >= Round.III:
        return "end"
    return Round(event.round).label


@dataclass(frozen=True)
class Trace:
    events: tuple[Event, ...]
    combat: Combat
    awaiting: Awaiting | None
    tally: Tally
    filled: tuple[str, ...]
    """The choices the fill made, in order."""

    def sections(self) -> list[tuple[str, list[Event]]]:
        found: list[tuple[str, list[Event]]] = []
        for event in self.events:
            name = section_of(event)
            if not found or found[-1][0] != name:
                found.append((name, []))
            found[-1][1].append(event)
        return found

    def text(self, citations: bool = False) -> str:
        lines = []
        titles = {"play": "The play", "end": "The end of the combat"}
        for name, events in self.sections():
            lines.append(titles.get(name, f"Round {name}"))
            for event in events:
                if event.code == "round":
                    continue
                tags = [cite(event.cite).where] if event.cite else []
                if event.ruling:
                    tags.append(event.ruling)
                lines.append(f"  {event.text}" + (f"  [{', '.join(tags)}]" if tags else ""))
                if citations and event.cite:
                    c = cite(event.cite)
                    lines.append(f"      « {c.original} » ({c.english})")
        if self.awaiting is not None:
            lines.append(f"Awaits {'a card revealed' if self.awaiting.is_chance else 'a choice'}: {self.awaiting.question}")
            lines.append("  " + " | ".join(self.awaiting.options))
        t = self.tally
        so_far = " so far" if self.awaiting is not None else ""
        lines.append(f"Outcome{so_far}: {t.deaths} death{'s' * (t.deaths != 1)}, {t.damage} damage taken, "
                     f"{t.kills} kill{'s' * (t.kills != 1)}, {t.loot} loot gained")
        if self.combat.boss is not None and self.combat.boss.result is not None:
            lines.append(f"The boss fight is {self.combat.boss.result}.")
        return "\n".join(lines) + "\n"

    def as_json(self) -> dict[str, object]:
        return {
            "sections": [{"section": name, "events": [e.as_json() for e in events]} for name, events in self.sections()],
            "awaiting": self.awaiting.as_json() if self.awaiting is not None else None,
            "outcome": self.tally.as_json(),
            "over": self.awaiting is None,
            "filled": list(self.filled),
            "boss": None if self.combat.boss is None else {"manche": self.combat.boss.manche,
                                                           "result": self.combat.boss.result},
        }


def resolve(loaded: Loaded, more: list[str] = (), fill: str = "none",  # type: ignore[assignment]
            limits: Limits = NO_LIMITS) -> Trace:
    """The trace of the position's choices, then ``more`` (IllegalActionError at the first the rules refuse),
    then open choices filled as ``fill`` says."""
    if fill not in FILLS:
        raise ValueError(f"fill {fill!r}: one of {', '.join(FILLS)}")
    events = list(loaded.opening) + list(loaded.events)
    combat = loaded.combat
    for choice in more:
        combat = engine.apply(combat, choice, events)
    filled: list[str] = []
    while fill != "none":
        asked = engine.awaiting(combat)
        if asked is None or asked.is_chance:
            break
        choice = asked.options[0]
        if fill == "plan" and not rounds_done(combat):
            try:
                choice = plan(combat, limits).root.choice
            except NoDecision:
                pass
        filled.append(choice)
        combat = engine.apply(combat, choice, events)
    return Trace(tuple(events), combat, engine.awaiting(combat), tally(combat), tuple(filled))


__all__ = ["FILLS", "IllegalActionError", "Trace", "resolve"]
