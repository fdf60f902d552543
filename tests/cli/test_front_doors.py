"""The command lines reach each game only through its commands, its pictures and texts (and Fearsome Floors' file
reader): the contracts that say so are in pyproject.toml, and import-linter enforces them (tests/test_architecture.py)."""

from __future__ import annotations

import tomllib

import grimp

from tests.paths import ROOT

NIGHT_CAGE_INNER = {"rules", "endgame", "sim", "bot", "chance", "puzzles", "play", "notation", "model", "interop"}
FEARSOME_INNER = {"model", "rules", "analysis", "notation.position_json"}


def _forbidden(source: str) -> set[str]:
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    return {m for c in contracts if c["type"] == "forbidden" and c["source_modules"] == [source] for m in c["forbidden_modules"]}


GAMES = {"solver.nightcage", "solver.fearsome", "solver.deadcells", "solver.dungeontwister"}


def test_a_contract_keeps_each_command_line_out_of_its_game_s_inner_packages() -> None:
    cases = (("cli.nightcage", "solver.nightcage", NIGHT_CAGE_INNER), ("cli.fearsome", "solver.fearsome", FEARSOME_INNER))
    for source, game, inner in cases:
        forbidden = _forbidden(source)
        assert {m for m in forbidden if m.startswith(game + ".")} == {f"{game}.{name}" for name in inner}, source
        assert GAMES - {game} <= forbidden, source  # and out of every other game


def test_every_game_module_the_command_lines_import_is_a_front_door() -> None:
    """What the contracts allow, listed: a new import of an inner package fails here with its name."""
    graph = grimp.build_graph("solver", "cli", cache_dir=None)
    doors = {"cli.nightcage": ("solver.nightcage.commands", "solver.nightcage.present"),
             "cli.fearsome": ("solver.fearsome.commands", "solver.fearsome.present", "solver.fearsome.notation.files")}
    for package, allowed in doors.items():
        game = "solver." + package.split(".")[1]
        imported = {m for source in graph.find_descendants(package) | {package}
                    for m in graph.find_modules_directly_imported_by(source) if m.startswith(game)}
        assert imported and all(m.startswith(allowed) for m in imported), sorted(imported)
