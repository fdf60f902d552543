"""Fearsome Floors in the game registry (:mod:`solver.games`): what the front doors need to reach it."""

from __future__ import annotations

from solver.base.games import Game

GAME = Game(
    id="fearsome-floors",
    title="Fearsome Floors",
    position_format="lueur-ff-position/1",
    other_formats=("lueur-ff-scenario/1",),
    forms="JSON",
    requests="solver.fearsome.requests",
    cli_name="ff",
    cli_group="cli.fearsome.group:ff",
    cli_summary="Fearsome Floors, the second game: show, check, start and draw its positions; forecast the monster.",
    cli_files={"check": "cli.fearsome.group:check", "show": "cli.fearsome.group:show", "render": "cli.fearsome.group:render"},
    schema_name="ff-position",
    position_schema="solver.fearsome.notation.json_schema:position_schema",
    docs="docs/fearsome-floors.md",
)
