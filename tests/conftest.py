"""Test markers applied by name: the slow tests, left out by ``make quick``; and the fixtures every test may use.

``make test`` runs everything (the README says how long it takes); ``make quick``
runs ``-m "not slow"``. The lists below name the slow ones (measured with
``pytest --durations``: subprocesses, planners, CP-SAT, Ray, the HTTP server),
so no test file needs a decorator. A name here that matches no test fails
``tests/test_docs.py``, so the lists cannot go stale silently. Every test has
300 seconds (``--timeout`` in pyproject.toml's addopts): a hang fails that test,
not the run.

Where the tests write: each test writes only in its own ``tmp_path`` (or a folder
of ``tmp_path_factory``; Ray's session files too, see :func:`local_ray`) and
reads nothing outside it but the repository's own files, so no run depends on
what an earlier one left. The one exception: the browser tests leave a
screenshot of each page in ``build/test-artefacts/workbench/`` (ignored by git)
to be looked at after a run (tests/browser.py). The tools' own caches stay where
the tools keep them (``.pytest_cache``, Hypothesis's ``.hypothesis``, ``__pycache__``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest_plugins = ["tests.browser", "tests.pictures"]
"""The workbench's browser fixtures (``workbench``, ``browser``, ``page``); every picture written parsed as XML."""

SLOW_MODULES = frozenset({
    "tests/workbench/test_workbench_editor.py",
    "tests/workbench/test_workbench_dispute.py",
    "tests/nightcage/play/test_advanced_commands.py",
    "tests/nightcage/endgame/test_advanced_endgames.py",
    "tests/nightcage/rules/test_advanced_properties.py",
    "tests/nightcage/play/test_analyze_run.py",
    "tests/nightcage/bot/test_bot_benchmark.py",
    "tests/nightcage/bot/test_bot_hindsight_bench.py",
    "tests/nightcage/bot/test_selfplay_backends.py",
    "tests/nightcage/chance/test_chance_solve.py",
    "tests/cli/test_interrupts.py",
    "tests/protocol/test_protocol_fuzz.py",
    "tests/nightcage/puzzles/test_puzzles_advanced.py",
    "tests/protocol/test_serve_load.py",
    "tests/nightcage/rules/test_supreme_properties.py",
    "tests/nightcage/endgame/test_cpsat.py",
    "tests/protocol/test_examples.py",
    "tests/nightcage/interop/test_openspiel.py",
    "tests/nightcage/sim/test_fastgame.py",
    "tests/nightcage/endgame/test_hard_endgames.py",
    "tests/nightcage/endgame/test_pddl.py",
    "tests/nightcage/endgame/test_planners_agree.py",
    "tests/nightcage/play/test_play.py",
    "tests/nightcage/rules/test_properties.py",
    "tests/protocol/test_protocol.py",
    "tests/nightcage/puzzles/test_puzzles.py",
    "tests/nightcage/puzzles/test_puzzles_batch.py",
    "tests/nightcage/puzzles/test_puzzles_curated.py",
    "tests/test_readme.py",
    "tests/protocol/test_serve.py",
    "tests/workbench/test_workbench_shell.py",
    "tests/workbench/test_workbench_solve.py",
    "tests/workbench/test_workbench_companion.py",
})
"""Modules whose tests are slow as a whole (each starts processes or runs searches)."""

SLOW_TESTS = frozenset({
    "tests/test_docs.py::test_every_help_example_runs",
    "tests/nightcage/endgame/test_corpus.py::test_every_position_resolves_to_the_stored_answer",
    "tests/nightcage/present/test_render_cli.py::test_render_plan_draws_each_prisoners_whole_walk",
    "tests/nightcage/present/test_render_cli.py::test_render_plan_of_a_lost_position_writes_nothing_and_exits_1",
    "tests/nightcage/present/test_render_cli.py::test_solve_render_writes_a_frame_per_turn_and_the_final_one",
    "tests/nightcage/present/test_render_cli.py::test_solve_render_without_a_plan_writes_nothing",
    "tests/nightcage/endgame/test_search.py::test_the_pruning_changes_no_answer",
    "tests/nightcage/endgame/test_endgame.py::test_cross_check_sweep",
    "tests/nightcage/endgame/test_search.py::test_solve_command_exit_codes_and_json",
    "tests/nightcage/endgame/test_search.py::test_the_nerve_objective_trades_turns_for_nerve",
    "tests/nightcage/endgame/test_fast_kernel.py::test_the_search_gives_the_same_solutions_with_either_kernel",
    "tests/nightcage/endgame/test_search_compiled.py::test_the_searches_agree_on_every_third_position_of_each_corpus",
    "tests/fearsome/test_fearsome_front.py::test_the_engine_answers_the_three_commands_and_locates_a_bad_position",
    "tests/deadcells/test_dc_plan.py::test_the_plan_agrees_with_an_independent_brute_force",
    "tests/deadcells/test_dc_properties.py::test_no_play_beats_the_plan",
    "tests/deadcells/test_dc_front.py::test_the_engine_and_http_serve_the_commands",
})
"""Single slow tests in otherwise quick modules (every parametrised case of each)."""


def is_slow(nodeid: str) -> bool:
    module, _, name = nodeid.partition("::")
    return module in SLOW_MODULES or f"{module}::{name.split('[')[0]}" in SLOW_TESTS


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if is_slow(item.nodeid):
            item.add_marker(pytest.mark.slow)


@pytest.fixture
def local_ray(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The ``ray`` module with a local instance of one CPU running (skipped without ray).

    Its session files go to a folder of this run (a short path: Ray's socket paths must stay
    under 108 bytes), not to /tmp/ray, which every Ray instance on the machine shares.
    """
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False, _temp_dir=str(tmp_path_factory.mktemp("ray")))
    try:
        yield ray
    finally:
        ray.shutdown()
