"""Every file a command writes is written whole (a temporary file renamed into place), never through a
symbolic link planted where it goes, never over one of the command's inputs (issue 24, items 10, 11, 14)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import cli
from solver.base.errors import LueurError
from solver.base.files import write_file
from tests.paths import DATA, ROOT

POSITION = DATA / "format_example.json"
FF = ROOT / "scenarios" / "fearsome" / "monster-eight-steps.json"
DC = ROOT / "scenarios" / "deadcells" / "rulebook-example.json"
DT = ROOT / "scenarios" / "dungeontwister" / "two-rooms.json"
SECRET = "do not touch\n"


def lueur(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def planted(tmp_path: Path, link: Path) -> Path:
    """A file outside the output, and a symbolic link to it at ``link``."""
    victim = tmp_path / "victim.txt"
    victim.write_text(SECRET)
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(victim)
    return victim


def copy(source: Path, tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copy(source, target)
    return target


# -- the library's one way to write ---------------------------------------------------------------


def test_a_write_renames_a_whole_file_into_place(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")
    other = tmp_path / "other-name.txt"
    os.link(target, other)  # a second name for the old file: a write in place would change it too
    write_file(target, "new")
    assert target.read_text() == "new" and other.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other-name.txt", "out.txt"]  # no temporary file left


def test_a_written_file_gets_the_usual_permissions(tmp_path: Path) -> None:
    mask = os.umask(0o022)
    try:
        write_file(tmp_path / "new.txt", "x")
    finally:
        os.umask(mask)
    assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o644


def test_the_library_refuses_a_link_and_an_input(tmp_path: Path) -> None:
    victim = planted(tmp_path, tmp_path / "out" / "link.svg")
    with pytest.raises(LueurError, match="is a symbolic link: not written through it"):
        write_file(tmp_path / "out" / "link.svg", "x")
    assert victim.read_text() == SECRET
    with pytest.raises(LueurError, match="is the input victim.txt: not overwritten"):
        write_file(victim, "x", inputs=[str(tmp_path / "victim.txt")])
    with pytest.raises(LueurError, match="is the input"):
        write_file(victim, "x", inputs=[str(tmp_path / "out" / "link.svg")])  # the input named through a link
    assert victim.read_text() == SECRET


# -- the commands ----------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ("render", "IN", "-o", "IN"),
    ("ff", "render", "FF", "-o", "FF"),
    ("ff", "forecast", "FF", "--render", "FF"),
    ("dc", "render", "DC", "-o", "DC"),
    ("dt", "render", "DT", "-o", "DT"),
])
def test_a_command_never_writes_over_its_input(tmp_path: Path, args: tuple[str, ...]) -> None:
    inputs = {"IN": copy(POSITION, tmp_path, "pos.svg"), "FF": copy(FF, tmp_path, "ff.svg"), "DC": copy(DC, tmp_path, "dc.svg"),
              "DT": copy(DT, tmp_path, "dt.svg")}
    before = {path: path.read_bytes() for path in inputs.values()}
    result = lueur(*(str(inputs[a]) if a in inputs else a for a in args))
    assert result.exit_code == 2
    assert ": not overwritten (write the output elsewhere)" in result.output
    assert {path: path.read_bytes() for path in inputs.values()} == before
    for path in inputs.values():  # positions named .svg: not pictures for the session's check of every .svg written
        path.unlink()


def test_an_output_that_is_the_input_under_another_name_is_refused(tmp_path: Path) -> None:
    source = copy(POSITION, tmp_path, "pos.json")
    os.link(source, tmp_path / "board.svg")
    result = lueur("render", str(source), "-o", str(tmp_path / "board.svg"))
    assert result.exit_code == 2
    assert f"{tmp_path / 'board.svg'} is the input pos.json: not overwritten" in result.output
    assert source.read_bytes() == POSITION.read_bytes()
    (tmp_path / "board.svg").unlink()


@pytest.mark.parametrize("args, link", [
    (("render", "IN", "-o", "OUT/board.svg"), "board.svg"),
    (("ff", "render", "FF", "-o", "OUT/board.svg"), "board.svg"),
    (("ff", "forecast", "FF", "--render", "OUT/board.svg"), "board.svg"),
    (("ff", "new", "--players", "3", "-o", "OUT/new.json"), "new.json"),
    (("apply", "IN", "stay", "--render", "OUT"), "index.html"),
    (("apply", "IN", "stay", "--render", "OUT"), "step-01.svg"),
    (("schema", "--write", "OUT"), "lueur-position-1.schema.json"),
    (("dc", "render", "DC", "-o", "OUT/board.svg"), "board.svg"),
    (("dt", "render", "DT", "-o", "OUT/board.svg"), "board.svg"),
])
def test_a_symbolic_link_planted_in_the_output_is_not_written_through(tmp_path: Path, args: tuple[str, ...], link: str) -> None:
    out = tmp_path / "out"
    victim = planted(tmp_path, out / link)
    names = {"IN": str(POSITION), "FF": str(FF), "DC": str(DC), "DT": str(DT)}
    result = lueur(*(names.get(a, a.replace("OUT", str(out))) for a in args))
    assert result.exit_code == 2, result.output
    assert f"{out / link} is a symbolic link: not written through it" in result.output
    assert victim.read_text() == SECRET
    assert (out / link).is_symlink()
    written = [p.name for p in out.iterdir() if not p.is_symlink()]
    assert written == []  # every target is checked before the first is written


def test_stepped_pictures_still_write_every_file(tmp_path: Path) -> None:
    result = lueur("apply", str(POSITION), "stay", "--render", str(tmp_path / "steps"))
    assert result.exit_code == 0, result.output
    assert {p.name for p in (tmp_path / "steps").iterdir()} >= {"index.html", "step-01.svg"}


# -- generate's index ------------------------------------------------------------------------------


@pytest.mark.parametrize("text, why", [
    ("{not json", "line 1, column 2: invalid JSON"),
    ("[]", "not an index of lueur generate (a JSON object with format, generator, examined, tally and puzzles)"),
    ("null", "not an index of lueur generate"),
    ('{"format": 1, "generator": {}, "examined": "many", "tally": {}, "puzzles": []}', "examined: a count"),
])
def test_generate_refuses_an_index_it_did_not_write(tmp_path: Path, text: str, why: str) -> None:
    (tmp_path / "index.json").write_text(text)
    result = lueur("generate", "--count", "1", "--max-candidates", "1", "--workers", "1", "--no-cpsat", "-o", str(tmp_path))
    assert result.exit_code == 2, result.output
    assert f"{tmp_path / 'index.json'}: {why}" in result.output
    assert "internal error" not in result.output
    assert (tmp_path / "index.json").read_text() == text  # left as it was
    assert json.dumps(sorted(p.name for p in tmp_path.iterdir())) == '["index.json"]'
