"""The compiled Final Flickers kernel against the pure-Python one, its reference.

The C extension ``solver.nightcage.endgame.kernel._fast`` must give, for every kernel
position, the very list the pure kernel gives: the same results, in the same
order, each with the same actions (so plans are byte-identical), and the same
``turns_needed`` bound. Positions: every end-game of the corpora
(``benchmarks/endgames/``, its ``advanced/`` and ``profile/`` sets, where the
kernel covers them) and of the scenarios, sampled positions (with keepers and
the pathless too), and their
successors one and two turns deep; the rulings the kernel models are each
switched on a share of them. Then the search with either kernel gives the same
Solutions on the easy corpus, and the notice is given when the compiled kernel
is missing.

The comparisons are skipped when the extension was not built (no C compiler
at install); the notice tests always run.
"""

from __future__ import annotations

import functools
import os
import random
import subprocess
import sys

import pytest

from solver.nightcage.endgame import bounds, search
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.kernel import compiled
from solver.nightcage.endgame.kernel import turn as pure
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.forms import load_path
from solver.nightcage.puzzles.study import kernel_of
from solver.testing.endgame import final_flickers_version, sample_position
from tests.nightcage.endgame.advanced_samples import sample_advanced
from tests.paths import ROOT, night_cage_scenarios

CORPORA = ("benchmarks/endgames", "benchmarks/endgames/advanced", "benchmarks/endgames/profile")
DEEP_LIMIT = 2_500
"""Positions two turns deep kept (every n-th, in a fixed order)."""

built = pytest.mark.skipif(compiled.compiled_successors is None or compiled._compiled is None,
                           reason="the compiled kernel was not built (no C compiler at install)")


_kernel = kernel_of  # the same test the puzzle study makes: a Final Flickers turn start of the standard pieces


@functools.cache
def roots() -> tuple[eg.K, ...]:
    """Every corpus and scenario end-game the kernel covers, and sampled positions."""
    found: list[eg.K] = []
    for corpus in CORPORA:
        for path in sorted((ROOT / corpus).glob("*.json")):
            if path.name != "index.json":
                k = _kernel(load_path(path)[0].state)
                if k is not None:
                    found.append(k)
    for path in night_cage_scenarios():
        try:
            state = load_path(path)[0].state
        except Exception:  # a scenario that is not a position (a puzzle set, a chance study)
            continue
        for candidate in (state, final_flickers_version(state)):
            k = _kernel(candidate)
            if k is not None:
                found.append(k)
    rng = random.Random(15)
    for _ in range(200):
        k = _kernel(sample_position(rng))
        if k is not None:
            found.append(k)
    for _ in range(60):  # keepers and the pathless (issue 29)
        found.append(eg.from_state(sample_advanced(rng)))
    return tuple(dict.fromkeys(found))


def _live_children(ks: tuple[eg.K, ...]) -> tuple[eg.K, ...]:
    out = [k2 for k in ks for k2, _ in pure.successors(k) if eg.outcome(k2) is None]
    return tuple(dict.fromkeys(out))


@functools.cache
def positions() -> tuple[eg.K, ...]:
    """The roots and their live successors one turn deep, and a share of those two turns deep."""
    first = roots()
    # A third of the roots with keepers or the pathless (their turns are wide) have their children in.
    advanced = [k for k in first if k[eg.KEEPER] | k[eg.PATHLESS]]
    second = _live_children(tuple(k for k in first if not k[eg.KEEPER] | k[eg.PATHLESS]) + tuple(advanced[::3]))
    third = _live_children(second[:: max(1, len(second) // 400)])
    third = third[:: max(1, len(third) // DEEP_LIMIT)]
    return tuple(dict.fromkeys(first + second + third))


def _with_flags(k: eg.K, flags: int) -> eg.K:
    ctx = k[eg.CTX]
    return (eg.context(ctx.size, ctx.names, flags),) + k[1:]


def _differences(ks: tuple[eg.K, ...]) -> list[str]:
    out = []
    for k in ks:
        for losses in (True, False):
            expected = list(pure.successors(k, losses))
            got = compiled.compiled_successors(k, losses)
            if got != expected:
                out.append(f"include_losses={losses}: {len(expected)} pure results, {len(got or [])} compiled, from {k[1:]}")
    return out


@built
def test_the_corpora_are_all_there():
    """The roots include every easy-corpus position (the comparison below is not vacuous)."""
    easy = [p for p in (ROOT / "benchmarks/endgames").glob("*.json") if p.name != "index.json"]
    assert len(easy) >= 240
    assert len(roots()) >= len(easy) + 100
    assert len(positions()) >= 2_000


@built
def test_same_successors_in_the_same_order_with_the_same_actions():
    assert _differences(positions()) == []


@built
@pytest.mark.parametrize("flag", [bit for bit, _ in eg.FLAG_RULINGS] + [0], ids=[name for _, name in eg.FLAG_RULINGS] + ["all"])
def test_same_successors_under_the_other_reading_of_each_ruling(flag: int):
    """Each modelled ruling switched (``all``: every one switched to its other reading)."""
    share = positions()[::7]
    switched = tuple(_with_flags(k, k[eg.CTX].flags ^ flag if flag else 0) for k in share)
    assert _differences(switched) == []


@built
def test_same_turns_needed():
    assert eg.KERNEL == compiled.COMPILED or os.environ.get(compiled.PURE_ENV)
    fast = compiled._compiled
    assert fast is not None
    wrong = [k[1:] for k in positions() if fast.turns_needed(k) != bounds.pure_turns_needed(k)]
    assert wrong == []
    wrong = [k[1:] for k in positions() if fast.win_bound(k) != bounds.pure_win_bound(k)]
    assert wrong == []
    cut = [k for k in positions() if bounds.pure_win_bound(k) > bounds.pure_turns_needed(k)]
    assert len(cut) > 10, "the board's budget cuts some positions the turn count does not"


@built
def test_positions_it_cannot_take_go_to_the_pure_kernel():
    """More prisoners than its tables hold: the wrapper answers with the pure kernel."""
    k = next(k for k in roots() if len(k) - eg.PRISONERS == 4)
    ctx = k[eg.CTX]
    names = ctx.names + tuple(f"X{i}" for i in range(5))
    wide = (eg.context(ctx.size, names, ctx.flags),) + k[1:] + k[eg.PRISONERS:eg.PRISONERS + 1] * 5
    assert compiled.compiled_successors(wide) is None
    assert list(compiled.successors(wide)) == list(pure.successors(wide))


def _solutions(states: list[GameState]) -> list[tuple[object, ...]]:
    out = []
    for state in states:
        sol = search.solve(state, compiled=False)  # the Python search over either kernel (the C search: test_search_compiled)
        out.append((sol.verdict, sol.turns, sol.nerve_spent, sol.plan, sol.reason, sol.stats.nodes, sol.stats.generated))
    return out


@built
def test_the_search_gives_the_same_solutions_with_either_kernel(monkeypatch: pytest.MonkeyPatch):
    """The whole easy corpus: verdict, turns, Nerve, the plan (actions included) and the effort."""
    states = [load_path(p)[0].state for p in sorted((ROOT / "benchmarks/endgames").glob("*.json")) if p.name != "index.json"]
    monkeypatch.setattr(compiled, "_fast", compiled._compiled)
    monkeypatch.setattr(search, "win_bound", eg.compiled_bound(bounds.pure_win_bound, "win_bound"))
    with_compiled = _solutions(states)
    monkeypatch.setattr(compiled, "_fast", None)
    monkeypatch.setattr(search, "win_bound", bounds.pure_win_bound)
    with_pure = _solutions(states)
    assert sum(1 for s in with_pure if s[0] == "win") > 100
    assert with_compiled == with_pure


# -- which kernel runs, and the notice -----------------------------------------------------------


def test_choose_names_the_kernel_and_the_notice():
    fake = sys.modules[__name__]  # any module stands for the built extension
    assert compiled.choose({}, fake) == (compiled.COMPILED, None)
    assert compiled.choose({compiled.PURE_ENV: "0"}, fake) == (compiled.COMPILED, None)
    assert compiled.choose({compiled.PURE_ENV: "1"}, fake) == (compiled.PURE, None)
    assert compiled.choose({compiled.PURE_ENV: "1"}, None) == (compiled.PURE, None)
    assert compiled.choose({}, None) == (compiled.PURE, compiled.NOTICE)


def _run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENV} | env
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=environ, check=True)


KERNEL_OF = "import solver.nightcage.endgame.kernel as eg, solver.nightcage.endgame.bounds as b; print(eg.KERNEL, b.turns_needed.__name__)"


def test_a_missing_extension_gives_one_line_of_notice_and_the_pure_kernel():
    hidden = "import sys; sys.modules['solver.nightcage.endgame.kernel._fast'] = None; " + KERNEL_OF
    run = _run(hidden)
    assert run.stdout.split() == ["pure", "pure_turns_needed"]
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and "KernelNotice" in lines[0] and compiled.NOTICE in lines[0], run.stderr


def test_the_environment_forces_the_pure_kernel_without_a_notice():
    run = _run(KERNEL_OF, **{compiled.PURE_ENV: "1"})
    assert run.stdout.split() == ["pure", "pure_turns_needed"]
    assert run.stderr == ""


@built
def test_the_compiled_kernel_runs_when_built():
    run = _run(KERNEL_OF)
    assert run.stdout.split() == ["compiled", "turns_needed"]
    assert run.stderr == ""
