"""The Night Cage in the game registry (:mod:`solver.games`): what the front doors need to reach it."""

from __future__ import annotations

from solver.base.games import Game

GAME = Game(
    id="night-cage",
    title="The Night Cage (Piège obscur)",
    position_format="lueur-position/1",
    other_formats=(),
    forms="JSON, a TOML scenario or the one-line notation",
    requests="solver.nightcage.requests",
    cli_files={"check": "cli.nightcage.position:check", "show": "cli.nightcage.position:show", "render": "cli.nightcage.render:render"},
    schema_name="position",
    position_schema="solver.nightcage.notation.json_schema:position_schema",
    docs="docs/position-format.md",
)
