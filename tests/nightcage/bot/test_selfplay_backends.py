"""Self-play for training gives the same games on the Ray backend as on local workers."""

from __future__ import annotations

from typing import Any

import pytest

from solver.nightcage.bot.value import hand_made
from solver.nightcage.play.selfplay import Job, SelfPlayError, run


def test_the_ray_backend_plays_the_same_games(local_ray: Any) -> None:
    job = Job(11, hand_made().to_json(), samples=1)
    local = run(job, 2, workers=1)
    remote = run(job, 2, workers=1, backend="ray")
    assert [(g.index, g.rows, g.label, g.how) for g in remote] == [(g.index, g.rows, g.label, g.how) for g in local]


def test_an_unknown_backend_is_refused() -> None:
    with pytest.raises(SelfPlayError, match="local, ray"):
        run(Job(0, hand_made().to_json(), samples=1), 1, backend="cloud")
