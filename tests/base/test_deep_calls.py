"""The recursion limit when searches overlap (the protocol runs its requests in threads)."""

import sys
import threading
from contextlib import ExitStack

from solver.base.deep_calls import deep_calls


def test_searches_ending_in_either_order_put_back_the_limit_they_found() -> None:
    before = sys.getrecursionlimit()
    first, second = ExitStack(), ExitStack()
    first.enter_context(deep_calls(before + 100))
    second.enter_context(deep_calls(before + 50))
    first.close()  # the first ends while the second still runs: the second keeps its deep stack
    assert sys.getrecursionlimit() == before + 100
    second.close()
    assert sys.getrecursionlimit() == before


def test_a_limit_already_higher_is_left_alone() -> None:
    before = sys.getrecursionlimit()
    with deep_calls(before - 1):
        assert sys.getrecursionlimit() == before
    assert sys.getrecursionlimit() == before


def test_threads_overlapping_leave_the_limit_as_it_was() -> None:
    before = sys.getrecursionlimit()
    inside = threading.Barrier(4)
    seen: list[int] = []

    def search() -> None:
        with deep_calls(before + 1_000):
            inside.wait()  # all four under way at once
            seen.append(sys.getrecursionlimit())

    threads = [threading.Thread(target=search) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == [before + 1_000] * 4
    assert sys.getrecursionlimit() == before
