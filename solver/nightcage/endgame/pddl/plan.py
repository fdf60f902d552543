"""Reading a planner's plan back: PDDL actions as turns in the engine's notation.

:func:`parse_plan` reads a plan file, :func:`plan_cost` counts its turns (its
cost in this encoding), and :func:`plan_turns` writes it as turns that
:func:`solver.nightcage.endgame.plan.verify` replays through the rules engine.
"""

from __future__ import annotations

from solver.nightcage.endgame.plan import PlanTurn
from solver.nightcage.model.grid import DIRECTIONS, geometry

from .problem import PddlTask

_SILENT = frozenset({"hit-move", "hit-charge", "darken-after-move", "darken-after-stay", "end-turn"})
"""The encoding's internal steps: no action of the notation."""
_PAID = frozenset({"again", "charge", "hold", "stay-dark-paid"})
"""The actions that cost 1 Nerve."""


def parse_plan(text: str) -> list[tuple[str, ...]]:
    """A planner's plan file (``(action arg …)`` per line, ``;`` comments) as tuples of lower-case words."""
    steps = []
    for line in text.splitlines():
        line = line.split(";", 1)[0].strip()
        if line.startswith("(") and line.endswith(")"):
            steps.append(tuple(line[1:-1].lower().split()))
    return steps


def plan_cost(steps: list[tuple[str, ...]]) -> int:
    """The cost of a plan in this encoding: its number of turns."""
    return sum(1 for s in steps if s and s[0] == "begin-turn")


def plan_turns(task: PddlTask, steps: list[tuple[str, ...]]) -> tuple[PlanTurn, ...]:
    """The plan as turns in the engine's notation (for :func:`solver.nightcage.endgame.plan.verify`).

    A turn runs from one ``begin-turn`` to the next; the internal steps
    (``hit-*``, ``darken-*``, ``end-turn``) write nothing. ``pass-final``
    becomes ``end``; after a move the engine may first wait at the move-again
    decision, which needs an ``end`` of its own (the kernel's
    ``Turn.closing`` writes ``end end`` then), so a replay that is refused
    may be retried with the ``end`` doubled. Raises ``ValueError`` on an
    action this encoding does not have.
    """
    geo = geometry(task.size)
    who = dict(zip(task.prisoner_objects, task.prisoners))
    turns: list[PlanTurn] = []
    actions: list[str] = []
    active = task.prisoners[task.turn]
    playing: str | None = None
    nerve = 0

    def direction(a: str, b: str) -> str:
        d = geo.direction_between(geo.parse(a), geo.parse(b))
        if d is None:
            raise ValueError(f"{a} and {b} are not neighbours")
        return "NESW"[DIRECTIONS.index(d)]

    for step in steps:
        name, args = step[0], step[1:]
        if name == "begin-turn":
            if playing is not None:
                turns.append(PlanTurn(playing, tuple(actions), nerve))
            actions, nerve, playing = [], 0, active
        elif name == "end-turn":
            active = who[args[1]]
        elif name in _SILENT:
            pass
        elif name == "give":
            actions.append(f"give {who[args[1]]}")
        elif name == "receive":
            actions.append(f"give {who[args[1]]} {who[args[0]]}")
        elif name == "take":
            actions.append("take")
        elif name.startswith("stay-"):
            actions.append("stay")
        elif name in ("move", "charge", "scramble"):
            actions.append(f"{name} {direction(args[1], args[2])}")
        elif name in ("again", "hold"):
            actions.append(name)
        elif name == "discard":
            actions.append(f"discard {args[0]}")
        elif name == "pass-final":
            actions.append("end")
        else:
            raise ValueError(f"unknown action {name!r} in the plan")
        if name in _PAID:
            nerve += 1
    if playing is not None:
        turns.append(PlanTurn(playing, tuple(actions), nerve))
    return tuple(turns)


__all__ = ["parse_plan", "plan_cost", "plan_turns"]
