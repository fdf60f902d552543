"""A named ruling: a question the rules text leaves open, the reading the engine plays, and the other one.

Every game names each real ambiguity of its text this way, so that a trace,
an adjudication or a page can say which reading decided a step and what the
other reading would give. A *switch* is played both ways (chosen per
position); a *fixed* ruling (``other`` None) names a reading the engine
always takes, listed so that a reader knows the choice was made.

>>> r = Ruling("DEMO-PASS", "a pass ends the turn", "a pass only skips the action", question="Does a pass end the turn?")
>>> r.switch, r.line()
(True, 'DEMO-PASS: a pass ends the turn (other reading: a pass only skips the action)')
"""

from __future__ import annotations

from typing import NamedTuple


class Ruling(NamedTuple):
    name: str
    """Its identifier, as positions and traces name it (``FF-POOL-WALL``, ``RULING-LOS-END``)."""
    default: str
    """The reading the engine plays unless a position says otherwise."""
    other: str | None
    """The other reading; None for a fixed ruling (the other reading is not played)."""
    question: str = ""
    """What the text leaves open, in players' words."""
    letter: str = ""
    """Which reading the text's letter supports, and where."""

    @property
    def switch(self) -> bool:
        return self.other is not None

    def line(self) -> str:
        """The ruling in one line: its name, its default, and the other reading when it has one."""
        return f"{self.name}: {self.default}" + (f" (other reading: {self.other})" if self.other else "")
