"""The PDDL exporter (solver/pddl.py) and ``lueur export``: well-formed, deterministic text.

Fast Downward itself is not needed here; the one test that runs it is
skipped unless ``up_fast_downward`` is installed (``.venv-fd``, see
``make bench-fd``), where it compares FD's optimal turns with the search.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cli.main import cli
from solver.base.limits import Limits
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.pddl import DIR_OBJECTS, LEVELS, ExportError, PddlTask, export, parse_plan, plan_cost, plan_turns
from solver.nightcage.endgame.plan import PlanError, verify
from solver.nightcage.endgame.search import solve
from solver.nightcage.model.newgame import new_game
from solver.nightcage.model.rulings import Rulings
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState, Pile
from solver.nightcage.model.tiles import Kind, Tile
from solver.nightcage.notation.forms import dump
from solver.nightcage.rules.engine import apply, legal_actions
from solver.nightcage.rules.outcome import outcome
from solver.testing.endgame import final_flickers_version, sample_position
from tests.paths import ROOT

END_GAME_RULINGS = eg.MODELLED_RULINGS


def sampled(seed: int, **kw: object) -> GameState:
    return sample_position(random.Random(seed), **kw)  # type: ignore[arg-type]


def with_rulings(state: GameState, given: dict[str, bool]) -> GameState:
    rulings = Rulings.from_given(given)
    return replace(state, rulings=rulings, setup=replace(state.setup, rulings=rulings))


# -- a small PDDL reader: s-expressions, declarations, uses ------------------------------------------


def sexp(text: str) -> list[object]:
    """Parse PDDL text (``;`` comments) into nested lists; fails on unbalanced parentheses."""
    tokens = re.findall(r"\(|\)|[^\s()]+", re.sub(r";[^\n]*", "", text))
    stack: list[list[object]] = [[]]
    for tok in tokens:
        if tok == "(":
            stack.append([])
        elif tok == ")":
            assert len(stack) > 1, "unbalanced: ')' without '('"
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(tok.lower())
    assert len(stack) == 1, "unbalanced: '(' never closed"
    assert len(stack[0]) == 1, "more than one top-level expression"
    return stack[0][0]  # type: ignore[return-value]


def section(doc: list[object], key: str) -> list[object]:
    found = [x for x in doc if isinstance(x, list) and x and x[0] == key]
    assert len(found) == 1, f"{key}: {len(found)} sections"
    return found[0]


def typed_names(items: list[object]) -> dict[str, str]:
    """``a b - t c - u`` as {a: t, b: t, c: u}."""
    out: dict[str, str] = {}
    pending: list[str] = []
    it = iter(items)
    for x in it:
        if x == "-":
            kind = next(it)
            for name in pending:
                out[name] = kind  # type: ignore[assignment]
            pending = []
        else:
            pending.append(x)  # type: ignore[arg-type]
    assert not pending, f"untyped names {pending}"
    return out


CONNECTIVES = {"and", "or", "not", "when", "forall", "exists", "increase", "="}


def atoms(expr: object, variables: frozenset[str] = frozenset()) -> list[tuple[str, tuple[str, ...], frozenset[str]]]:
    """Every atom (predicate, arguments, variables in scope) in a condition or effect."""
    if not isinstance(expr, list) or not expr:
        return []
    head = expr[0]
    if head in ("forall", "exists"):
        names = frozenset(typed_names(expr[1]))  # type: ignore[arg-type]
        return [a for x in expr[2:] for a in atoms(x, variables | names)]
    if head in ("and", "or", "not", "when"):
        return [a for x in expr[1:] for a in atoms(x, variables)]
    if head in ("increase", "="):
        return []
    assert all(isinstance(x, str) for x in expr), expr
    return [(head, tuple(expr[1:]), variables)]  # type: ignore[arg-type]


def check_well_formed(task: PddlTask) -> tuple[list[object], list[object]]:
    """Balanced parentheses, every predicate declared with its arity, every name declared."""
    domain, problem = sexp(task.domain), sexp(task.problem)
    assert domain[0] == "define" and problem[0] == "define"
    dname = section(domain, "domain")[1]
    assert section(problem, ":domain")[1] == dname
    types = set(section(domain, ":types")[1:])  # type: ignore[arg-type]
    constants = typed_names(section(domain, ":constants")[1:])
    assert set(constants.values()) <= types
    predicates: dict[str, int] = {}
    for decl in section(domain, ":predicates")[1:]:
        assert isinstance(decl, list)
        args = typed_names(decl[1:])
        assert set(args.values()) <= types, decl
        predicates[decl[0]] = len(args)  # type: ignore[index]

    def check(expr: object, scope: frozenset[str]) -> None:
        for pred, args, variables in atoms(expr, scope):
            assert pred in predicates, f"undeclared predicate {pred}"
            assert len(args) == predicates[pred], f"({pred} {' '.join(args)}): arity {predicates[pred]}"
            for a in args:
                assert a in variables or a in constants or a in objects, f"({pred} {' '.join(args)}): {a} undeclared"

    objects: dict[str, str] = {}
    for item in domain[2:]:
        if isinstance(item, list) and item[0] == ":derived":
            head = item[1]
            assert isinstance(head, list) and head[0] in predicates
            check(item[2], frozenset(typed_names(head[1:])))
        if isinstance(item, list) and item[0] == ":action":
            fields = dict(zip(item[2::2], item[3::2]))
            params = frozenset(typed_names(fields[":parameters"]))  # type: ignore[arg-type]
            check(fields[":precondition"], params)
            check(fields[":effect"], params)
    objects = typed_names(section(problem, ":objects")[1:])
    assert set(objects.values()) <= types
    assert not set(objects) & set(constants)
    check(["and", *section(problem, ":init")[1:]], frozenset())
    check(section(problem, ":goal")[1], frozenset())
    return domain, problem


def init_facts(problem: list[object]) -> set[tuple[str, ...]]:
    return {tuple(f) for f in section(problem, ":init")[1:] if isinstance(f, list) and f[0] != "="}  # type: ignore[arg-type]


def _finished() -> list[GameState]:
    """Lost games as the corpus has them: too few keys, no gate, a prisoner falling."""
    state = sampled(22)
    out = [replace(state, prisoners=tuple(p._replace(key=False) for p in state.prisoners))]
    no_gate = state
    for c, t in enumerate(state.tiles):
        if t is not None and t.kind is Kind.GATE:
            no_gate = no_gate.with_tile(c, None)
    out.append(no_gate)
    falling = state.prisoners[0]._replace(cell=None, falling=("row", 2))
    out.append(replace(state, prisoners=(falling, *state.prisoners[1:])))
    for s in out:
        assert eg.outcome(eg.from_state(s)) == "lose"
    return out


CORPUS_LIKE = [sampled(seed) for seed in range(40)] + [sampled(seed, setup=Setup(base="five")) for seed in range(5)] + _finished()


# -- the export ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("index", range(len(CORPUS_LIKE)))
def test_well_formed_and_faithful_to_the_position(index: int) -> None:
    state = CORPUS_LIKE[index]
    task = export(state)
    _, problem = check_well_formed(task)
    geo = state.geo
    objects = typed_names(section(problem, ":objects")[1:])
    tiles = {geo.name(c) for c, t in enumerate(state.tiles) if t is not None}
    standing = {geo.name(p.cell) for p in state.prisoners if p.cell is not None}  # without a tile only in a lost game
    assert {o for o, t in objects.items() if t == "cell"} == tiles | standing
    assert [o for o, t in objects.items() if t == "prisoner"] == list(task.prisoner_objects)
    facts = init_facts(problem)
    for obj, p in zip(task.prisoner_objects, state.prisoners):
        assert {f for f in facts if f[:2] == ("at", obj)} == ({("at", obj, geo.name(p.cell))} if p.cell is not None else set())
        assert ("nerve", obj, LEVELS[p.nerve]) in facts
        assert (("lit", obj) in facts) == p.lit and (("has-key", obj) in facts) == p.key
    assert ("active", task.prisoner_objects[state.turn]) in facts and ("idle",) in facts
    for c, tile in enumerate(state.tiles):
        if tile is None:
            continue
        name = geo.name(c)
        assert ("present", name) in facts
        assert (("gate", name) in facts) == (tile.kind is Kind.GATE)
        assert (("monster", name) in facts) == (tile.kind is Kind.WAX_EATER)
        assert (("pit", name) in facts) == tile.is_pit
        assert (("crumbling", name) in facts) == bool(tile.crumbling and not tile.is_pit)
        assert (("keyed", name) in facts) == (tile.kind is Kind.KEY and not tile.key_taken)
    goal = section(problem, ":goal")[1]
    goal_atoms = atoms(goal)
    gates = {geo.name(c) for c, t in enumerate(state.tiles) if t is not None and t.kind is Kind.GATE}
    if not gates:  # a lost game: the goal names one cell that is no gate
        gates = {a[0] for p, a, _ in goal_atoms if p == "gate"}
        assert len(gates) == 1 and ("gate", *gates) not in facts
    assert {a[0] for p, a, _ in goal_atoms if p == "gate"} == gates
    for obj in task.prisoner_objects:
        assert {a[1] for p, a, _ in goal_atoms if p == "at" and a[0] == obj} == gates
        assert any(p == "has-key" and a == (obj,) for p, a, _ in goal_atoms)


def test_statics_follow_the_openings() -> None:
    """``link`` is a passage both ways; ``faces`` one side; rays only from wax eaters."""
    state = sampled(22)
    _, problem = check_well_formed(export(state))
    facts = init_facts(problem)
    geo = state.geo
    for c, tile in enumerate(state.tiles):
        if tile is None or tile.is_pit:
            continue
        for d, x in zip((1, 2, 4, 8), geo.neighbours[c]):
            other = state.tiles[x]
            opposite = {1: 4, 2: 8, 4: 1, 8: 2}[d]
            faces = other is not None and bool(tile.openings & d)
            link = faces and other is not None and not other.is_pit and bool(other.openings & opposite)
            assert (("faces", geo.name(c), geo.name(x)) in facts) == faces
            assert (("link", geo.name(c), geo.name(x)) in facts) == link
    monsters = {geo.name(c) for c, t in enumerate(state.tiles) if t is not None and t.kind is Kind.WAX_EATER}
    rays = [f for f in facts if f[0] in ("ray-first", "ray-pass")]
    assert {f[1] for f in rays} <= monsters and {f[2] for f in rays} <= set(DIR_OBJECTS)


def test_deterministic_in_process_and_across_hash_seeds() -> None:
    state = sampled(22)
    assert export(state) == export(state)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "pos.json"
        path.write_text(dump(state, None, "json"))
        code = (
            "import sys; from cli.nightcage.files import load; from solver.nightcage.endgame.pddl import export; "
            "t = export(load(sys.argv[1])[0].state); print(t.domain + t.problem)"
        )
        outputs = set()
        for seed in ("1", "2"):
            env = {**os.environ, "PYTHONHASHSEED": seed}
            done = subprocess.run([sys.executable, "-c", code, str(path)], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
            outputs.add(done.stdout)
        assert outputs == {export(state).domain + export(state).problem + "\n"}


def test_rulings_change_the_encoding() -> None:
    state = sampled(22)
    default = export(state)
    assert "pass-final" not in default.domain and "(relit" not in default.domain
    for rid in END_GAME_RULINGS:
        task = export(with_rulings(state, {rid: False}))
        check_well_formed(task)
        assert task.domain != default.domain, rid
    assert "pass-final" in export(with_rulings(state, {"RULING-FF-OCCUPIED": False})).domain
    assert "(relit ?p" in export(with_rulings(state, {"RULING-RELIGHT-WITH-ACTIVE": False})).domain
    no_origin = export(with_rulings(state, {"RULING-TRIGGER-ORIGIN": False})).domain
    assert "(sees ?m ?f)" in default.domain and "(sees ?m ?f)" not in no_origin


def test_los_end_alternative_sees_less() -> None:
    """A T met from its stem ends the line: in sight by default, not under the alternative."""
    rays = []
    for given in ({}, {"RULING-LOS-END": False}):
        found = 0
        for seed in range(40):
            state = with_rulings(sampled(seed), given)
            if eg.outcome(eg.from_state(state)) is None:
                found += sum(1 for f in init_facts(sexp(export(state).problem)) if f[0].startswith("ray-"))
        rays.append(found)
    assert rays[0] > rays[1] > 0


def test_refuses_what_it_does_not_cover() -> None:
    state = sampled(11)
    with pytest.raises(ExportError, match="pile"):
        export(replace(state, pile=Pile(order=(state.tiles[state.prisoners[0].cell].type,))))
    for action in legal_actions(state):
        after = apply(state, action)[0]
        if after.pending is not None and outcome(after) is None:
            with pytest.raises(ExportError, match="turn"):
                export(after)
            break
    free = next(c for c, t in enumerate(state.tiles) if t is None)
    with pytest.raises(ExportError, match="keeper"):
        export(state.with_tile(free, Tile.make(Kind.KEEPER)))
    with pytest.raises(ExportError, match="start tile"):
        export(final_flickers_version(new_game(Setup())))


def test_finished_games_say_so() -> None:
    for state in _finished():
        assert "already over (lose): the goal is unreachable" in export(state).problem
    won = sampled(22)
    gate = next(c for c, t in enumerate(won.tiles) if t is not None and t.kind is Kind.GATE)
    won = replace(won, prisoners=tuple(p._replace(cell=gate, key=True) for p in won.prisoners))
    assert eg.outcome(eg.from_state(won)) == "win"
    assert "already over (win): the goal holds at once" in export(won).problem


def test_prisoner_names_become_safe_objects() -> None:
    state = sampled(22)
    names = ("Ana Lou", "a1", "north", "ok")
    renamed = replace(state, prisoners=tuple(p._replace(name=n) for p, n in zip(state.prisoners, names)))
    task = export(renamed)
    check_well_formed(task)
    assert task.prisoner_objects == ("p1", "p2", "p3", "ok")
    assert "p1 = Ana Lou" in task.problem


# -- reading a plan back -------------------------------------------------------------------------------

SEED_18_PLAN = """\
(begin-turn )
(stay-lit blue f2)
(darken-after-stay )
(discard a1)
(end-turn blue green)
(begin-turn )
(stay-dark-paid green f2 l1 l0)
(darken-after-stay )
(discard a2)
(end-turn green yellow)
(begin-turn )
(move yellow f1 f2)
; cost = 3 (general cost)
"""
"""Fast Downward's optimal plan for sample position 18 (astar(blind()))."""


def test_a_planner_plan_reads_back_and_replays_in_the_engine() -> None:
    state = sampled(18)
    task = export(state)
    steps = parse_plan(SEED_18_PLAN)
    assert plan_cost(steps) == 3 == solve(state).turns
    turns = plan_turns(task, steps)
    assert [(t.prisoner, t.actions, t.nerve) for t in turns] == [
        ("blue", ("stay", "discard a1"), 0),
        ("green", ("stay", "discard a2"), 1),
        ("yellow", ("move N",), 0),
    ]
    verify(state, turns)
    with pytest.raises(PlanError):
        verify(state, turns[:2])


def test_plan_reading_covers_every_action() -> None:
    state = sampled(22)
    task = export(state)
    names = dict(zip(task.prisoner_objects, task.prisoners))
    a, b = task.prisoner_objects[:2]
    steps = parse_plan(
        f"(begin-turn)\n(give {a} {b})\n(receive {a} {b})\n(take {a} c3)\n(move {a} c3 c4)\n(hit-move)\n(darken-after-move)\n"
        f"(again {a} l1 l0 l0 l1)\n(charge {a} c4 d4 l1 l0 l1 l2)\n(hit-charge {a})\n(scramble {a} d4 d5)\n(darken-after-move)\n"
        f"(hold {a} l1 l0 l1 l2)\n(end-turn {a} {b})\n(begin-turn)\n(stay-dark-free {b} c3)\n(pass-final {b})\n"
    )
    turns = plan_turns(task, steps)
    first = names[task.prisoner_objects[task.turn]]
    assert turns[0].prisoner == first and turns[1].prisoner == names[b]
    assert turns[0].actions == (
        f"give {names[b]}", f"give {names[b]} {names[a]}", "take", "move N", "again", "charge E", "scramble N", "hold"
    )
    assert turns[0].nerve == 3 and turns[1].actions == ("stay", "end")
    with pytest.raises(ValueError, match="unknown action"):
        plan_turns(task, [("fly", a)])


# -- the command ----------------------------------------------------------------------------------------


def lueur(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_cli_writes_the_two_files(tmp_path: Path) -> None:
    state = sampled(22)
    for form in ("json", "toml", "line"):
        src = tmp_path / f"pos.{form}"
        src.write_text(dump(state, None, form))
        out_dir = tmp_path / f"out-{form}"
        result = lueur("export", str(src), "--pddl", str(out_dir))
        assert result.exit_code == 0, result.output
        assert "plan cost = number of turns" in result.output
        assert (out_dir / "domain.pddl").read_text() == export(state).domain
        assert (out_dir / "problem.pddl").read_text() == export(state).problem
    result = lueur("export", str(tmp_path / "pos.json"), "--pddl", str(tmp_path / "j"), "--json")
    doc = json.loads(result.output)
    assert doc["cost"] == "turns" and doc["active"] == state.active.name and Path(doc["problem"]).exists()


def test_cli_refuses_positions_it_cannot_export(tmp_path: Path) -> None:
    scenario = ROOT / "scenarios" / "rulebook" / "wax-eater-sight.toml"
    result = lueur("export", str(scenario), "--pddl", str(tmp_path / "x"))
    assert result.exit_code == 2
    assert "pile" in result.output and not (tmp_path / "x").exists()
    doc = _json_head(lueur("export", str(scenario), "--pddl", str(tmp_path / "x"), "--json").output)
    assert doc["error"] == "not exportable"
    assert lueur("export", str(tmp_path / "missing.json"), "--pddl", str(tmp_path / "y")).exit_code == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert lueur("export", str(bad), "--pddl", str(tmp_path / "y")).exit_code == 2


def _json_head(text: str) -> dict[str, object]:
    """The JSON document at the start of mixed output (CliRunner merges stderr)."""
    return json.JSONDecoder().raw_decode(text)[0]  # type: ignore[no-any-return]


# -- with Fast Downward (skipped without it) ---------------------------------------------------------------


def _fd_driver() -> Path | None:
    spec = importlib.util.find_spec("up_fast_downward")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0]) / "downward" / "fast-downward.py"
    return path if path.exists() else None


@pytest.mark.skipif(_fd_driver() is None, reason="Fast Downward (up-fast-downward) is not installed: make bench-fd")
def test_fast_downward_finds_the_optimal_number_of_turns(tmp_path: Path) -> None:
    driver = _fd_driver()
    checked = 0
    for seed in range(40):
        state = sampled(seed)
        if eg.outcome(eg.from_state(state)) is not None:
            continue
        sol = solve(state, limits=Limits(time_limit=30))
        if sol.verdict != "win" and sol.stats.nodes > 50:
            continue  # FD proves losses by exhausting the space: keep the test short
        task = export(state)
        work = tmp_path / str(seed)
        work.mkdir()
        (work / "domain.pddl").write_text(task.domain)
        (work / "problem.pddl").write_text(task.problem)
        cmd = [sys.executable, str(driver), "--overall-time-limit", "60s", "--plan-file", "plan", "domain.pddl", "problem.pddl"]
        cmd += ["--translate-options", "--invariant-generation-max-candidates", "0", "--search-options", "--search", "astar(blind())"]
        done = subprocess.run(cmd, cwd=work, capture_output=True, text=True, timeout=120)
        if sol.verdict == "win":
            assert done.returncode == 0, done.stdout[-2000:]
            steps = parse_plan((work / "plan").read_text())
            assert plan_cost(steps) == sol.turns, seed
            verify(state, plan_turns(task, steps))
        else:
            assert done.returncode in (10, 11), (seed, done.returncode)
        checked += 1
        if checked == 12:
            break
    assert checked >= 8
