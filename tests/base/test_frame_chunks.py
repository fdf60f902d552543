"""Python's frame stack keeps the chunks it frees (:mod:`solver.base.frame_chunks`).

A recursion 400 calls deep, repeated, needs frame stack chunks past the current one at each repeat.
Without the helper Python maps them afresh each time (and faults their pages in); with it, the chunks
come back from those kept. Counted as the process's minor page faults, in a fresh process each.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from solver.base import frame_chunks
from solver.base.deep_calls import deep_calls
from tests.paths import ROOT

pytestmark = pytest.mark.skipif(frame_chunks._compiled is None, reason="the frame chunks helper is not built (no C compiler)")

REPEATS = 2_000

OSCILLATE = """
import resource, sys
from solver.base.frame_chunks import keep_frame_chunks
sys.setrecursionlimit(10_000)
if {keep}:
    assert keep_frame_chunks()
def down(n):
    return 0 if n == 0 else down(n - 1) + 1
def faults():
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt
down(400)
before = faults()
for _ in range({repeats}):
    assert down(400) == 400
print(faults() - before)
"""


def faults_while_recursing(keep: bool) -> int:
    done = subprocess.run([sys.executable, "-c", OSCILLATE.format(keep=keep, repeats=REPEATS)], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return int(done.stdout)


def test_kept_chunks_spare_the_page_faults_of_a_recursion_repeated() -> None:
    mapped_afresh = faults_while_recursing(keep=False)
    kept = faults_while_recursing(keep=True)
    assert mapped_afresh >= REPEATS  # at least a page of a fresh chunk each time: what the helper is for
    assert kept <= REPEATS // 20


def test_the_searches_deep_calls_keep_the_chunks() -> None:
    def down(n: int) -> int:
        return 0 if n == 0 else down(n - 1) + 1

    with deep_calls(10_000):
        assert down(400) == 400
    assert frame_chunks.keep_frame_chunks() and frame_chunks.chunks_kept() >= 1
