"""The frames of a stepped picture: a solve's plan turn by turn, an adjudication step by step.

A frame is a position to draw with what the step does written under it. Both
kinds follow one shape: frame k shows the position *before* step k, with the
step drawn over it (the walks of a turn, the cell an action names) and said
in the caption; a last frame shows where the steps lead (the outcome, and for
an adjudication the rulings the result depends on).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from solver.base.errors import LueurError
from solver.nightcage.endgame.plan import PlanTurn, verify
from solver.nightcage.model.actions import DIRECTED, parse_action
from solver.nightcage.model.grid import Cell
from solver.nightcage.model.rulebook import Event, section
from solver.nightcage.model.state import GameState
from solver.nightcage.present.reports import differences
from solver.nightcage.present.svg_board import Overlays, board_svg
from solver.nightcage.rules.adjudicate import Adjudication, play
from solver.nightcage.rules.engine import apply, awaits
from solver.nightcage.rules.outcome import outcome

Path = tuple[int, tuple[Cell, ...]]
"""A prisoner's walk: its index and the cells it stood on, in order."""


@dataclass(frozen=True)
class Frame:
    """One picture of a stepped sequence."""

    title: str
    caption: str
    """One line, drawn under the board: what this step does."""
    state: GameState
    overlays: Overlays = field(default_factory=Overlays)
    notes: tuple[str, ...] = ()
    """More lines for the page around the picture: the events and their rulebook citations."""

    @property
    def text(self) -> str:
        """The caption and its notes, one per line."""
        return "\n".join((self.caption, *self.notes))

    def svg(self) -> str:
        return board_svg(self.state, title=self.title, caption=self.caption, overlays=self.overlays)


def walks(history: Sequence[GameState]) -> tuple[Path, ...]:
    """Each prisoner's cells through ``history`` (standing still and being off the board left out), for those who moved."""
    paths = []
    for index in range(len(history[0].prisoners)):
        cells: list[Cell] = []
        for state in history:
            cell = state.prisoners[index].cell
            if cell is not None and (not cells or cells[-1] != cell):
                cells.append(cell)
        if len(cells) > 1:
            paths.append((index, tuple(cells)))
    return tuple(paths)


def plan_walks(state: GameState, plan: Sequence[PlanTurn]) -> tuple[Path, ...]:
    """Each prisoner's whole walk through a winning ``plan`` (the plan is replayed by the rules engine)."""
    starts = verify(state, tuple(plan))
    history = [state]
    for start, turn in zip(starts, plan):
        history += _turn_history(start, turn)[1:]
    return walks(history)


def _turn_history(start: GameState, turn: PlanTurn) -> list[GameState]:
    """The positions through one turn: its start, then after each of its actions."""
    return play(start, list(turn.actions)).history


def walk_overlays(start: GameState, actions: Sequence[str], *, sight: bool = True, light: bool = False,
                  highlight: frozenset[Cell] = frozenset()) -> Overlays:
    """What a stepped picture draws over ``start`` for ``actions`` (a turn of a plan): each prisoner's walk through
    them and the cells they name (with ``highlight``). The workbench's plan view asks ``render`` for the same.

    Raises :class:`~solver.base.errors.LueurError` when the rules refuse one of the actions.
    """
    adjudication = play(start, list(actions))
    if adjudication.refused is not None:
        raise LueurError(f"{adjudication.refused.action}: refused: {adjudication.refused.reason}")
    history = adjudication.history
    named = frozenset().union(*(_target(text, a, b) for text, a, b in zip(actions, history, history[1:])))
    return Overlays(sight=sight, light=light, paths=walks(history), highlight=named | highlight)


def plan_frames(state: GameState, plan: Sequence[PlanTurn], *, title: str = "", sight: bool = True,
                light: bool = False) -> list[Frame]:
    """One frame per turn of a winning ``plan`` (its start, the turn's walks drawn), then the final position."""
    starts = verify(state, tuple(plan))
    frames = []
    for number, (start, turn) in enumerate(zip(starts, plan), start=1):
        spent = f" ({turn.nerve} Nerve)" if turn.nerve else ""
        caption = f"Turn {number} of {len(plan)}: {turn.prisoner}: {', '.join(turn.actions)}{spent}"
        frames.append(Frame(title, caption, start, walk_overlays(start, turn.actions, sight=sight, light=light)))
    last = starts[-1]
    frames.append(Frame(title, _end_caption(last, f"After turn {len(plan)}" if plan else "Now"), last,
                        Overlays(sight=sight, light=light)))
    return frames


def adjudication_frames(adjudication: Adjudication, *, title: str = "", sight: bool = True,
                        light: bool = False) -> list[Frame]:
    """One frame per step of an adjudication (the action's cell highlighted, its events in the notes), then the result.

    The steps include those the adjudicator implied (a declined optional
    decision, the draw a ``place`` names); a refused action gets a frame of its
    own, saying why.
    """
    frames = []
    state = adjudication.start
    steps = adjudication.steps
    for number, step in enumerate(steps, start=1):
        after, _ = apply(state, parse_action(step.action, state.size))
        implied = " (implied)" if step.implicit else ""
        caption = f"Step {number} of {len(steps)}: {step.action}{implied}"
        overlays = Overlays(sight=sight, light=light, paths=walks([state, after]), highlight=_target(step.action, state, after))
        frames.append(Frame(title, caption, state, overlays, tuple(_event_line(e) for e in step.events)))
        state = after
    refused = adjudication.refused
    if refused is not None:
        notes = [f"refused: {refused.reason}"] + (["legal here: " + ", ".join(refused.legal)] if refused.legal else [])
        highlight = _target(refused.action, state, state)
        frames.append(Frame(title, f"Refused: {refused.action}", state, Overlays(sight=sight, light=light, highlight=highlight),
                            tuple(notes)))
    frames.append(Frame(title, _end_caption(adjudication.state, "Result"), adjudication.state, Overlays(sight=sight, light=light),
                        tuple(_alternative_lines(adjudication))))
    return frames


def _target(text: str, before: GameState, after: GameState) -> frozenset[Cell]:
    """The cell an action points at: the cell it names, or where a step in a direction led."""
    try:
        action = parse_action(text, before.size)
    except ValueError:
        return frozenset()
    if action.cell >= 0:
        return frozenset({action.cell})
    if action.verb in DIRECTED:
        return frozenset(p.cell for p, q in zip(after.prisoners, before.prisoners) if p.cell is not None and p.cell != q.cell)
    return frozenset()


def _event_line(event: Event) -> str:
    source = section(event.rule) + (f"; {event.ruling}" if event.ruling else "")
    return f"{event.text} [{source}]"


def _end_caption(state: GameState, when: str) -> str:
    over = outcome(state)
    if over is not None:
        return f"{when}: {over.result.upper()}: {over.reason}"
    return f"{when}: now {awaits(state)}"


def _alternative_lines(adjudication: Adjudication) -> list[str]:
    lines = []
    for alt in adjudication.alternatives:
        if alt.refused is not None:
            other = f"'{alt.refused.action}' would be refused: {alt.refused.reason}"
        elif alt.outcome is not None:
            other = f"outcome: {alt.outcome.result} ({alt.outcome.reason})"
        else:  # what differs, not what the position awaits (the same words under both readings, often)
            other = "; ".join(differences(alt.compared, alt.state)) or "the same result"
        lines.append(f"under the other reading of {alt.ruling} ({alt.reading}): {other}")
    return lines
