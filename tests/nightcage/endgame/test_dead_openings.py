"""Openings toward no tile closed (``kernel/dead_openings.py``): the same answer from the end-game oracle.

The end-game oracle remembers a position by its key with those openings closed, on the argument of the
module's doc. Here the argument is checked where it can fail: on every end-game question
of the oracle's own tests (the easy, advanced and hard corpora, and sampled positions with keepers), the
position as it is and closed get the same answer, from the compiled oracle and from its Python reference.
"""

from __future__ import annotations

from solver.base.errors import NotCovered
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.endgame.kernel.dead_openings import close_dead_openings
from solver.nightcage.endgame.kernel.layout import OPEN_N, PRESENT, context
from solver.nightcage.endgame.oracle import EndgameOracle
from solver.nightcage.rules.outcome import outcome
from tests.nightcage.endgame.test_oracle_compiled import questions


def kernel_questions() -> list[tuple]:
    out = []
    for state in questions():
        if outcome(state) is not None or state.pending is not None or state.pile.count:
            continue
        try:
            out.append(eg.from_state(state))
        except NotCovered:
            continue
    return out


def test_closed_openings_change_no_answer() -> None:
    ks = kernel_questions()
    changed = [k for k in ks if close_dead_openings(k) is not k]
    assert len(changed) >= 50, f"only {len(changed)} of {len(ks)} positions have an opening toward no tile"
    for compiled in (True, False):
        as_is, closed = EndgameOracle(compiled=compiled), EndgameOracle(compiled=compiled)
        answers = [(as_is.wins_kernel(k), closed.wins_kernel(close_dead_openings(k))) for k in changed]
        assert all(a == b for a, b in answers), [i for i, (a, b) in enumerate(answers) if a != b]
        assert 0 < sum(a for a, _ in answers) < len(answers), "wins and losses both"


def test_only_openings_toward_no_tile_are_closed() -> None:
    for k in kernel_questions():
        closed = close_dead_openings(k)
        ctx, present = k[0], k[PRESENT]
        assert closed[:OPEN_N] == k[:OPEN_N] and closed[OPEN_N + 4:] == k[OPEN_N + 4:]
        for d in range(4):
            kept = closed[OPEN_N + d]
            assert kept & ~k[OPEN_N + d] == 0
            for c in range(ctx.cells):
                if k[OPEN_N + d] >> c & 1:
                    assert (kept >> c & 1) == (present >> ctx.nb[c][d] & 1), (c, d)


def test_each_opening_is_kept_only_toward_its_neighbour_on_the_torus() -> None:
    """A tile open on all four sides and one tile beside it, every cell and side, on both board sizes."""
    for size in (6, 7):
        ctx = context(size, ("a",), 1)
        for c in range(ctx.cells):
            for d in range(4):
                bit = 1 << c
                k = (ctx, 0, bit | 1 << ctx.nb[c][d], bit, bit, bit, bit, *[0] * 9, c)
                assert close_dead_openings(k)[OPEN_N:OPEN_N + 4] == tuple(bit if e == d else 0 for e in range(4)), (c, d)


def test_the_oracle_answers_as_the_search_does() -> None:
    """Against a planner whose keys keep every opening (the A* search): the oracle's answers on all its test positions."""
    from solver.nightcage.endgame.search import solve

    states = [s for s in questions() if outcome(s) is None]
    verdicts = [solve(s).verdict for s in states]
    assert all(v in ("win", "lose") for v in verdicts)
    assert 0 < verdicts.count("win") < len(states)
    for compiled in (True, False):
        oracle = EndgameOracle(compiled=compiled)
        assert [oracle.wins(s) for s in states] == [v == "win" for v in verdicts]
