"""Dungeon Twister: The Card Game in the game registry (:mod:`solver.games`): what the front doors need to reach it."""

from __future__ import annotations

from solver.base.games import Game

GAME = Game(
    id="dungeon-twister",
    title="Dungeon Twister: The Card Game",
    position_format="lueur-dt-position/1",
    other_formats=(),
    forms="JSON or TOML",
    requests="solver.dungeontwister.requests",
    cli_name="dt",
    cli_group="cli.dungeontwister.group:dt",
    cli_summary="Dungeon Twister: The Card Game on your zone graph: rules, exact combat, card economy, plans.",
    cli_files={"check": "cli.dungeontwister.group:check", "show": "cli.dungeontwister.group:show",
               "render": "cli.dungeontwister.group:render"},
    schema_name="dt-position",
    position_schema="solver.dungeontwister.notation.json_schema:position_schema",
    docs="docs/dungeon-twister.md",
)
