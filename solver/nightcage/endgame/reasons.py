"""Why a position is lost: the simplest true reason the planner can state.

Reasons are tried from the plainest to the most general: a loss the rules
already declare; a prisoner who cannot reach any gate the others can reach;
more turns needed than the board can last; and last, the exhaustive search
itself, with its size.
"""

from __future__ import annotations

from typing import Any

from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.bounds import INFINITE, gate_distances, turns_left, turns_needed
from solver.nightcage.model.state import GameState
from solver.nightcage.rules.outcome import outcome


def loss_reason(state: GameState, node: Any, expanded: int) -> str:
    """The reason a proven-lost position is lost (``node`` is its kernel form, if any)."""
    over = outcome(state)
    if over is not None:
        return over.reason
    if isinstance(node, tuple):
        plain = _end_game_reason(state, node)
        if plain:
            return plain
    return f"no sequence of turns reaches a win (exhaustive search: {expanded:,} positions expanded)"


def _end_game_reason(state: GameState, k: Any) -> str | None:
    ctx = k[eg.CTX]
    b = k[eg.PRESENT : eg.PRISONERS]
    geo = state.geo
    if not b[eg.B_GATE]:
        return "no gate is left on the board and the pile is empty"
    reach = {}
    for p, code in zip(state.prisoners, k[eg.PRISONERS :]):
        gates = set(gate_distances(ctx, b, code & eg.POS))
        if not gates:
            return f"{p.name} on {geo.name(code & eg.POS)} cannot reach any gate, even charging through monsters"
        reach[p.name] = gates
    common = set.intersection(*reach.values())
    if not common:
        listing = "; ".join(f"{name} reaches {', '.join(sorted(geo.name(g) for g in gates))}" for name, gates in reach.items())
        return f"no gate can be reached by every prisoner ({listing})"
    needed = turns_needed(k)
    left = turns_left(k)
    if needed < INFINITE and needed > left:
        return (
            f"gathering on a gate needs at least {needed} more turns, but the board can last at most {left} "
            "(every Final Flickers turn burns a tile or a Nerve)"
        )
    return None
