"""The documents name modules and files that exist: a path or a dotted name left behind by a move fails here."""

from __future__ import annotations

import importlib
import itertools
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cli.main import COMMANDS, cli
from solver.base.exit_codes import ExitCode
from solver.nightcage.model import setups
from solver.nightcage.model.actions import Verb
from solver.nightcage.model.rulings import ALL_RULINGS, BOOLEAN_RULINGS
from solver.nightcage.model.state import StepName
from solver.nightcage.model.tiles import Kind
from solver.nightcage.notation import json_pile, json_prisoners, json_setup, json_tiles, pending, position_json
from solver.nightcage.notation.fields import TYPE_NAMES
from solver.nightcage.notation.forms import load_text
from tests import conftest
from tests.paths import ROOT

DOCUMENTS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md", ROOT / "benchmarks" / "README.md"]
REFERENCE = re.compile(r"\bsolver/[\w/]+(?:\.py)?|\bsolver(?:\.\w+)+")


def resolves(reference: str) -> bool:
    """A path from the repository's root, or a dotted module path with attributes after it."""
    if reference.startswith("solver/"):
        return (ROOT / reference).exists()
    parts = reference.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(obj, attribute):
                return False
            obj = getattr(obj, attribute)
        return True
    return False


def references(path: Path) -> list[tuple[int, str]]:
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        found += [(number, m.group(0).rstrip(".")) for m in REFERENCE.finditer(line)]
    return found


def architecture_table() -> dict[str, set[str]]:
    """docs/architecture.md's module table: each package and the names in backquotes on its row."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text[text.index("## What lives where"):text.index("## One vocabulary")]
    rows = {}
    for line in table.splitlines():
        match = re.match(r"\| `([\w.]+)` \| (.*) \|$", line)
        if match:
            rows[match.group(1)] = set(re.findall(r"`([\w./]+)`", match.group(2)))
    return rows


def modules_of(package: str) -> set[str]:
    """The modules and sub-packages directly in a package of the tree (``kernel/`` for a sub-package)."""
    folder = ROOT / Path(*package.split("."))
    names = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
    return names | {f"{p.name}/" for p in folder.iterdir() if (p / "__init__.py").exists()}


def left_out(rows: dict[str, set[str]], package: str) -> set[str]:
    """The modules of ``package`` its row does not name (a sub-package may have a row of its own instead)."""
    return {name for name in modules_of(package)
            if name not in rows.get(package, set()) and f"{package}.{name.rstrip('/')}" not in rows}


def test_the_architecture_table_names_every_module_of_the_tree() -> None:
    rows = architecture_table()
    packages = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "solver").rglob("__init__.py")}
    assert sorted(packages - {"solver"} - set(rows)) == [], "packages without a row"
    assert sorted(set(rows) - packages) == [], "rows naming no package"
    for package in sorted(rows):
        assert left_out(rows, package) == set(), package


def test_a_module_left_out_of_the_architecture_table_is_caught() -> None:
    rows = architecture_table()
    rows["solver.nightcage.present"] = rows["solver.nightcage.present"] - {"svg_style"}
    assert left_out(rows, "solver.nightcage.present") == {"svg_style"}
    assert left_out({k: v for k, v in rows.items() if k != "solver.nightcage.endgame.kernel"}, "solver.nightcage.endgame") == set()
    rows["solver.nightcage.endgame"] = rows["solver.nightcage.endgame"] - {"kernel/"}
    assert left_out({k: v for k, v in rows.items() if k != "solver.nightcage.endgame.kernel"},
                    "solver.nightcage.endgame") == {"kernel/"}


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_module_a_document_names_exists(document: Path) -> None:
    missing = [f"line {n}: {ref}" for n, ref in references(document) if not resolves(ref)]
    assert missing == []


def test_a_stale_name_is_caught() -> None:
    assert resolves("solver.nightcage.rules.engine.legal_actions") and resolves("solver/nightcage/model/state.py")
    assert not resolves("solver.engine.legal_actions") and not resolves("solver/fastgame.py")


# -- the project's own docs hold what a user needs, and point nowhere else ------------------------------------------

FORMAT_DOC = ROOT / "docs" / "position-format.md"
PENDING_DOC = ROOT / "docs" / "pending.md"
NOTATION_DOC = ROOT / "docs" / "notation.md"
RULES_DOC = ROOT / "docs" / "rules.md"
FORMATS_DOC = ROOT / "docs" / "formats.md"
EXAMPLE_MARK = "<!-- example -->"
"""The line before a fenced block whose text must load as a position (its info string names the form)."""


def named(name: str, text: str) -> bool:
    """Whether a doc names ``name`` as code (`name`, or "name" inside a code span or block)."""
    return f"`{name}`" in text or f'"{name}"' in text


def test_every_field_the_json_reader_accepts_is_named_in_the_format_doc() -> None:
    fields = {
        "": position_json.TOP_FIELDS, "tiles": json_tiles.TILE_FIELDS, "prisoners": json_prisoners.PRISONER_FIELDS,
        "pile": json_pile.PILE_FIELDS, "setup": json_setup.SETUP_FIELDS, "setup.difficulty": tuple(setups.DIFFICULTY_KEYS),
        "setup.supreme": tuple(setups.SUPREME_KEYS), "setup (bases)": setups.BASES,
    }
    text = FORMAT_DOC.read_text(encoding="utf-8")
    missing = [f"{where}: {name}" for where, names in fields.items() for name in names if not named(name, text)]
    assert missing == []


def test_every_pending_field_and_step_is_named_in_the_pending_doc() -> None:
    hit_fields = re.findall(r'ho\.get\("(\w+)"', Path(pending.__file__).read_text(encoding="utf-8"))
    names = [*pending.PENDING_FIELDS, *pending.STEP_FIELDS, *pending.PURPOSES, *hit_fields, *(s.value for s in StepName)]
    text = PENDING_DOC.read_text(encoding="utf-8")
    assert len(hit_fields) == 5 and [name for name in names if not named(name, text)] == []


def test_every_tile_kind_and_pile_type_is_named_in_the_format_doc() -> None:
    text = FORMAT_DOC.read_text(encoding="utf-8")
    assert [kind.value for kind in Kind if not named(kind.value, text)] == []
    assert [name for name in TYPE_NAMES if not named(name, text)] == []


def test_every_action_verb_is_in_the_notation_doc_with_its_usage() -> None:
    text = NOTATION_DOC.read_text(encoding="utf-8")
    assert [verb.value for verb in Verb if not re.search(rf"`{verb.value}\b", text)] == []


def rulings_table() -> dict[str, tuple[str, str]]:
    rows = re.findall(r"^\| (RULING-[A-Z0-9-]+) \| (.+?) \| (.+?) \|$", RULES_DOC.read_text(encoding="utf-8"), re.M)
    return {name: (engine, other) for name, engine, other in rows}


def test_every_ruling_is_described_in_the_rules_doc_with_both_readings() -> None:
    table = rulings_table()
    text = RULES_DOC.read_text(encoding="utf-8")
    assert list(table) == list(ALL_RULINGS)
    assert {name: table[name] for name in BOOLEAN_RULINGS} == BOOLEAN_RULINGS
    assert [name for name in ALL_RULINGS if f"\n### {name}\n" not in text] == []


def examples() -> list[tuple[str, str, str]]:
    """Each block marked as an example in docs/: where it is, its form (the fence's info string) and its text."""
    found = []
    for doc in sorted((ROOT / "docs").glob("*.md")):
        lines = doc.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            if line.strip() != EXAMPLE_MARK:
                continue
            fence = lines[number]
            indent = len(fence) - len(fence.lstrip())
            body = list(itertools.takewhile(lambda text: text.strip() != "```", lines[number + 1:]))
            found.append((f"{doc.name}:{number}", fence.strip().removeprefix("```"), "\n".join(t[indent:] for t in body) + "\n"))
    return found


def test_the_docs_show_examples_of_every_form() -> None:
    assert {form for _, form, _ in examples()} == {"json", "toml", "line"}


@pytest.mark.parametrize(("where", "form", "text"), examples(), ids=[e[0] for e in examples()])
def test_an_example_in_the_docs_loads(where: str, form: str, text: str) -> None:
    load_text(text, f"example.{form}")


def test_the_formats_doc_says_a_straight_crumbles_and_how_an_empty_pile_is_written() -> None:
    text = FORMATS_DOC.read_text(encoding="utf-8")
    assert re.search(r"`I:NS` \| straight \(a crumbling tile\)", text)
    assert "`contents = {}`" in text and '`"pile": {"count": 0, "contents": {}}`' in text and "`pile:`" in text
    assert any(form == "line" and text.rstrip().endswith(" pile:") for _, form, text in examples())
    assert any(form == "toml" and "contents = {}" in text for _, form, text in examples())


OUR_TEXTS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md", *sorted((ROOT / "cli").glob("*.py")),
             *sorted((ROOT / "solver").rglob("*.py"))]
MD_REFERENCE = re.compile(r"[\w./-]*\.md\b")


def _inside(path: Path) -> bool:
    """Whether ``path`` exists inside the repository (``../shared/`` may exist beside a checkout, never in it)."""
    return path.exists() and path.resolve().is_relative_to(ROOT.resolve())


def outside_references(text: str, bases: tuple[Path, ...]) -> list[str]:
    """References to a place outside the repository: ``shared/``, ``../``, or a .md file found under none of ``bases``."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        if "shared/" in line or "../" in line:
            found.append(f"line {number}: {line.strip()}")
        found += [f"line {number}: {ref}" for ref in MD_REFERENCE.findall(line) if not any(_inside(base / ref) for base in bases)]
    return found


def test_no_doc_or_help_points_outside_the_repository() -> None:
    found = [f"{path.relative_to(ROOT)}, {ref}" for path in OUR_TEXTS
             for ref in outside_references(path.read_text(encoding="utf-8"), (ROOT, ROOT / "docs", path.parent))]
    assert found == []


def test_a_reference_outside_the_repository_is_caught() -> None:
    bases = (ROOT, ROOT / "docs")
    assert outside_references("see `docs/rules.md`, `rules-notes.md` and benchmarks/README.md", bases) == []
    stale = "see `../shared/spec/position-format.md`\nand `night-cage-rules.md`"
    assert outside_references(stale, bases) == [
        "line 1: see `../shared/spec/position-format.md`", "line 1: ../shared/spec/position-format.md", "line 2: night-cage-rules.md"]


# -- the command's help: its examples run as shown ---------------------------------------------------------------------

HELP_EXAMPLE = re.compile(r"(?:^|[|;]\s*|xargs (?:-0 )?)lueur ")
"""A line of help that runs ``lueur`` (alone or in a pipeline), its usage line aside."""

LINKED = ("docs", "scenarios", "benchmarks", "examples")


def help_examples() -> list[tuple[str, str]]:
    """Each example command of ``lueur --help`` and of every command's --help, in the order shown."""
    runner = CliRunner()
    found = []
    groups = [(name, command) for name in sorted(COMMANDS) if isinstance(command := cli.get_command(click.Context(cli), name), click.Group)]
    subcommands = [f"{name} {sub}" for name, group in groups for sub in sorted(group.commands)]
    for name in ["", *sorted(COMMANDS), *subcommands]:
        shown = runner.invoke(cli, [*name.split(), "--help"], prog_name="lueur", terminal_width=200).output
        found += [(name or "lueur", line.strip()) for line in shown.splitlines()
                  if HELP_EXAMPLE.search(line.strip()) and not line.startswith("Usage:")]
    return found


def test_the_help_shows_examples() -> None:
    commands = {name for name, _ in help_examples()}
    assert {"lueur", "engine", "play", "serve"} <= commands and len(help_examples()) >= 8


def test_every_help_example_runs(tmp_path: Path) -> None:
    """From a copy of the repository's root (its folders linked), with ``lueur`` on the PATH as after ``make demo``."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "lueur"
    shim.write_text(f'#!/bin/sh\nPYTHONPATH="{ROOT}" exec "{sys.executable}" -m cli "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    for name in LINKED:
        (tmp_path / name).symlink_to(ROOT / name)
    failed = []
    for command, line in help_examples():
        if line.endswith("&"):
            continue  # a server left running (lueur serve): tests/protocol/test_serve.py runs it
        done = subprocess.run(["bash", "-o", "pipefail", "-c", line], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                              env={"PATH": f"{bin_dir}:/usr/bin:/bin", "COLUMNS": "100"})
        if done.returncode not in (ExitCode.OK, ExitCode.NO, ExitCode.LIMIT):
            failed.append(f"lueur {command} --help: `{line}` exited {done.returncode}: {done.stderr[-300:]}")
    assert failed == []


def test_the_help_examples_name_files_that_exist() -> None:
    """The quick form of the test above: every path an example reads is in the repository."""
    written = {"game.json"}  # written by the example before it (lueur play -o game.json)
    paths = [word for _, line in help_examples() for word in shlex.split(line)
             if re.search(r"\.(json|toml|line)$", word) and word not in written]
    assert paths and [path for path in paths if not (ROOT / path).exists()] == []


# -- the first hour: make demo, make quick, make test ---------------------------------------------------------------------

MAKE = shutil.which("make")


def make_dry_run(target: str) -> list[str]:
    done = subprocess.run([MAKE or "make", "-n", "-s", target], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def setup_section() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return readme[: readme.index("\n## ")]


@pytest.mark.skipif(MAKE is None, reason="make is not installed")
def test_make_demo_ends_by_saying_how_to_run_lueur() -> None:
    lines = make_dry_run("demo")
    last_run = max(i for i, line in enumerate(lines) if re.match(r"\.venv/bin/lueur \w+", line))
    told = " ".join(lines[last_run + 1:])
    assert ". .venv/bin/activate" in told and ".venv/bin/lueur" in told


def test_the_readme_says_how_to_reach_lueur_before_any_command() -> None:
    text = setup_section()
    assert ". .venv/bin/activate" in text and ".venv/bin/lueur" in text and "PATH" in text


@pytest.mark.skipif(MAKE is None, reason="make is not installed")
def test_make_quick_leaves_out_the_slow_tests_and_make_test_runs_them_all() -> None:
    quick = [line for line in make_dry_run("quick") if "pytest" in line]
    everything = [line for line in make_dry_run("test") if "pytest" in line]
    assert quick and all("-m \"not slow\"" in line for line in quick)
    assert everything and not any("slow" in line for line in everything)
    lint = [line for line in make_dry_run("lint") if not line.startswith(".venv/bin/python -m pip")]
    assert set(lint) <= set(make_dry_run("quick"))


def test_the_readme_says_what_make_quick_and_make_test_take() -> None:
    text = setup_section()
    assert "make quick" in text and "make test" in text
    assert re.search(r"`make quick`[^.]*\d+ seconds", text) and re.search(r"\d+ min \d+ s\s+measured", text)


def test_the_slow_lists_name_tests_that_exist() -> None:
    assert all((ROOT / module).is_file() for module in conftest.SLOW_MODULES)
    for test in conftest.SLOW_TESTS:
        module, name = test.split("::")
        assert f"def {name}(" in (ROOT / module).read_text(encoding="utf-8"), test
    assert conftest.is_slow("tests/protocol/test_serve.py::test_x") and conftest.is_slow(
        "tests/nightcage/endgame/test_search.py::test_the_pruning_changes_no_answer[8]")
    assert not conftest.is_slow("tests/test_docs.py::test_a_stale_name_is_caught")


def test_a_repeatable_option_shows_how_to_repeat_it() -> None:
    """An option given several times says so with an example; no help or README writes it as ``--opt VALUE…``."""
    repeatable = []
    for name in sorted(COMMANDS):
        command = cli.get_command(click.Context(cli), name)
        assert command is not None
        for param in command.params:
            if isinstance(param, click.Option) and param.multiple:
                flag = max(param.opts, key=len)
                repeatable.append(name)
                assert (param.help or "").count(f"{flag} '") >= 2, f"lueur {name} {flag}: {param.help}"
    assert "solve" in repeatable
    several = re.compile(r"--[\w-]+[ =][A-Z]+(?:…|\.\.\.)")
    helps = [CliRunner().invoke(cli, [name, "--help"], prog_name="lueur").output for name in sorted(COMMANDS)]
    assert [m for text in [*helps, (ROOT / "README.md").read_text(encoding="utf-8")] for m in several.findall(text)] == []
