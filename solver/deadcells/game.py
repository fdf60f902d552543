"""Dead Cells in the game registry (:mod:`solver.games`): what the front doors need to reach it."""

from __future__ import annotations

from solver.base.games import Game

GAME = Game(
    id="dead-cells",
    title="Dead Cells: The Rogue-Lite Board Game (its combat)",
    position_format="lueur-dc-combat/1",
    other_formats=(),
    forms="JSON or TOML",
    requests="solver.deadcells.requests",
    cli_name="dc",
    cli_group="cli.deadcells.group:dc",
    cli_summary="Dead Cells, the third game: its combat adjudicated, resolved and planned over the cards you enter.",
    cli_files={"check": "cli.deadcells.group:check", "show": "cli.deadcells.group:show", "render": "cli.deadcells.group:render"},
    schema_name="dc-combat",
    position_schema="solver.deadcells.notation.json_schema:position_schema",
    docs="docs/dead-cells.md",
)
