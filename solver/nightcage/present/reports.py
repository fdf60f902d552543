"""Results as JSON documents and plain text: the output shapes clients rely on.

The shapes follow ``docs/position-format.md`` ("Output shapes that clients rely
on"); the CLI only prints what these functions return.
"""

from __future__ import annotations

import textwrap
from typing import Any

from solver.nightcage.model import counts
from solver.nightcage.model.actions import Action, Verb, format_action
from solver.nightcage.model.grid import DIR_LETTER
from solver.nightcage.model.rulebook import section
from solver.nightcage.model.rulings import BOOLEAN_RULINGS
from solver.nightcage.model.state import PLACE, GameState
from solver.nightcage.model.tiles import Tile, kind_of_type, placements, rotations
from solver.nightcage.notation.position_json import to_json
from solver.nightcage.present.render import render
from solver.nightcage.rules.adjudicate import Adjudication
from solver.nightcage.rules.describe import where
from solver.nightcage.rules.engine import awaits, candidates, chance_outcomes, current, legal_actions, node_type
from solver.nightcage.rules.outcome import outcome
from solver.nightcage.rules.placing import placement_rule


def legal_json(state: GameState, explain: bool = False) -> dict[str, Any]:
    """``legal --json``: ``actions`` in text notation (and ``illegal`` with reasons)."""
    doc: dict[str, Any] = {"node": node_type(state), "awaits": awaits(state)}
    over = outcome(state)
    doc["outcome"] = over.result if over else None
    if node_type(state) == "chance":
        doc["actions"] = chance_texts(state)
        doc["chance"] = [
            {"outcome": format_action(a, state.size), "p": str(p), "p_float": float(p)} for a, p in chance_outcomes(state)
        ]
    else:
        doc["actions"] = [format_action(a, state.size) for a in legal_actions(state)]
    if explain:
        doc["illegal"] = [
            {"action": format_action(a, state.size), "reason": reason} for a, reason in candidates(state) if reason is not None
        ]
    return doc


def chance_texts(state: GameState) -> list[str]:
    """At a draw, what a player may write: each possible tile with each legal placement."""
    state = current(state)
    step = state.pending.front  # type: ignore[union-attr]
    if step.name != PLACE:
        return [format_action(a, state.size) for a, _ in chance_outcomes(state)]
    texts = []
    for action, _ in chance_outcomes(state):
        assert action.tile_type is not None
        for cell in step.cells:
            must, any_of, _ = placement_rule(state, step, cell)
            for openings in placements(action.tile_type, must, any_of):
                if openings in rotations(kind_of_type(action.tile_type)):
                    texts.append(format_action(Action(Verb.PLACE, cell=cell, openings=openings, tile_type=action.tile_type), state.size))
    return texts


def events_json(adj: Adjudication) -> list[dict[str, Any]]:
    """Each event with its rulebook section, and for an event decided by a ruling the reading taken
    (``reading``) and the other one (``other_reading``), so that a dispute shows both."""
    out = []
    for step in adj.steps:
        for e in step.events:
            taken, other = _readings(adj.start, e.ruling)
            out.append({"text": e.text, "rule": section(e.rule), "ruling": e.ruling, "reading": taken, "other_reading": other,
                        "action": step.action, "code": e.code})
    return out


def _readings(state: GameState, ruling: str | None) -> tuple[str | None, str | None]:
    """The reading of a boolean ruling in force in ``state`` and the other one (None, None for no ruling
    or one that is not a yes/no reading)."""
    if ruling not in BOOLEAN_RULINGS:
        return None, None
    default, other = BOOLEAN_RULINGS[ruling]
    return (default, other) if state.rulings.value(ruling) else (other, default)


def adjudication_json(adj: Adjudication, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """``apply --json``: position, events, outcome, alternatives (and the refusal, if any)."""
    over = adj.outcome
    doc: dict[str, Any] = {
        "position": to_json(adj.state, meta),
        "events": events_json(adj),
        "outcome": over.result if over else None,
        "outcome_reason": over.reason if over else None,
        "applied": [{"action": s.action, "implicit": s.implicit} for s in adj.steps],
        "awaits": awaits(adj.state),
        "alternatives": [
            {
                "ruling": alt.ruling,
                "reading": alt.reading,
                "outcome": alt.outcome.result if alt.outcome else None,
                "position": to_json(alt.state, meta),
                "refused": None if alt.refused is None else {"action": alt.refused.action, "reason": alt.refused.reason},
                "differences": differences(alt.compared, alt.state),
            }
            for alt in adj.alternatives
        ],
    }
    if adj.refused is not None:
        doc["refused"] = adj.refused.action
        doc["reason"] = adj.refused.reason
        doc["legal"] = list(adj.refused.legal)
    return doc


def differences(a: GameState, b: GameState) -> list[str]:
    """What differs between two positions, in words (prisoners, tiles, pile, discard)."""
    out = []
    geo = a.geo
    for pa, pb in zip(a.prisoners, b.prisoners):
        for label, va, vb in (
            ("place", where(a, pa), where(b, pb)),
            ("candle", "lit" if pa.lit else "out", "lit" if pb.lit else "out"),
            ("Nerve", pa.nerve, pb.nerve),
            ("key", "yes" if pa.key else "no", "yes" if pb.key else "no"),
        ):
            if va != vb:
                out.append(f"{pa.name}'s {label}: {va} here, {vb} under the other reading")
    for cell in range(geo.cells):
        ta, tb = a.tiles[cell], b.tiles[cell]
        if ta != tb:
            out.append(f"{geo.name(cell)}: {_tile(ta)} here, {_tile(tb)} under the other reading")
    if a.pile.count != b.pile.count:
        out.append(f"pile: {a.pile.count} tiles here, {b.pile.count} under the other reading")
    if a.discarded != b.discarded:
        out.append(f"discard: {counts.describe(a.discarded)} here; {counts.describe(b.discarded)} under the other reading")
    if (a.pending is None) != (b.pending is None) or a.turn != b.turn:
        out.append(f"now: {awaits(a)} here; {awaits(b)} under the other reading")
    return out


def _tile(tile: Tile | None) -> str:
    return "empty" if tile is None else tile.describe()


def adjudication_text(adj: Adjudication, meta: dict[str, Any] | None) -> str:
    """``apply``'s plain text: each step with its events and their rulebook sources, the board after, and
    what the other reading of a ruling would have given."""
    lines = []
    for step in adj.steps:
        label = f"{step.action}" + ("  (implied)" if step.implicit else "")
        lines.append(f"> {label}")
        for e in step.events:
            source = section(e.rule) + (f"; {e.ruling}" if e.ruling else "")
            lines += _wrap(f"{e.text}  [{source}]", "    ")
    if adj.refused is not None:
        lines.append(f"> {adj.refused.action}")
        lines += _wrap(f"REFUSED: {adj.refused.reason}", "    ")
        if adj.refused.legal:
            lines += _wrap("legal here: " + ", ".join(adj.refused.legal), "    ")
    lines.append("")
    lines.append(render(adj.state, meta))
    over = adj.outcome
    lines.append(f"Outcome: {over.result.upper()}: {over.reason}" if over else f"Now: {awaits(adj.state)}")
    if adj.alternatives:
        lines.append("")
        lines.append("This result depends on rulings; under the other reading:")
        for alt in adj.alternatives:
            lines += _wrap(f"{alt.ruling} ({alt.reading}):", "  ")
            if alt.refused is not None:
                lines += _wrap(f"'{alt.refused.action}' would be refused: {alt.refused.reason}; before it:", "      ")
            elif alt.outcome is not None:
                lines += _wrap(f"outcome: {alt.outcome.result} ({alt.outcome.reason})", "      ")
            for d in differences(alt.compared, alt.state)[:8]:
                lines += _wrap(d, "      ")
    return "\n".join(lines)


def _wrap(text: str, indent: str) -> list[str]:
    return textwrap.wrap(text, width=100, initial_indent=indent, subsequent_indent=indent + "  ") or [indent]


__all__ = ["legal_json", "adjudication_json", "adjudication_text", "differences", "awaits", "events_json", "DIR_LETTER"]
