"""Ray for the jobs that can run on a cluster: puzzle generation, self-play, the bot benchmark.

:func:`start` joins the cluster at an address (the workers get this tree's
``solver`` package, which the cluster's machines may not have) or starts Ray on
this machine; :func:`in_order` runs a task on every chunk of work with a bounded
number in flight and gives the results back in the chunks' order, whatever
finishes first, so that a job's output does not depend on the workers. Ray is
an optional dependency, imported here only when a job asks for it; each job
passes its own error class, so that its front end reports the problem as its
own (exit 2, one line).
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

SOLVER_PACKAGE = Path(__file__).resolve().parent.parent


def start(address: str | None, workers: int, error: type[Exception], local_path: str | None = None) -> tuple[Any, bool]:
    """The ``ray`` module, initialised, and whether this call started it (then :func:`in_order` shuts it down).

    ``local_path``: a directory put on the ``PYTHONPATH`` of workers started on this machine.
    """
    try:
        import ray
    except ImportError:
        raise error("the ray backend needs the ray package (pip install 'ray>=2')") from None
    if ray.is_initialized():
        return ray, False
    if address:
        check_reachable(address, error)
        try:
            ray.init(address=address, runtime_env={"py_modules": [str(SOLVER_PACKAGE)]}, log_to_driver=False)
        except ConnectionError as exc:  # a wrong address, a cluster that is down, or its authentication
            raise error(f"cannot join the Ray cluster at {address}: {exc} (the head's address is what "
                        "`ray start --head` printed; a cluster with token authentication needs its token here)") from None
    else:
        runtime_env = {"env_vars": {"PYTHONPATH": local_path}} if local_path else None
        ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False, runtime_env=runtime_env)
    return ray, True


def in_order(ray: Any, started_here: bool, task: Callable[..., Any], chunks: Iterable[tuple[Any, ...]],
             workers: int) -> Iterator[Any]:
    """``task(*chunk)`` for every chunk on Ray's workers, results in the chunks' order.

    At most four chunks per worker are in flight. Leaving early (the caller stops
    reading, or an error) cancels what is still running, and shuts Ray down if
    :func:`start` started it.
    """
    remote = ray.remote(task)
    pending: list[Any] = []
    window = 4 * max(1, workers)
    queue = iter(chunks)
    try:
        while True:
            while len(pending) < window:
                chunk = next(queue, None)
                if chunk is None:
                    break
                pending.append(remote.remote(*chunk))
            if not pending:
                return
            yield ray.get(pending.pop(0))
    finally:
        for ref in pending:
            ray.cancel(ref)
        if started_here:
            ray.shutdown()


def check_reachable(address: str, error: type[Exception]) -> None:
    """Fail at once on a ``host:port`` nobody listens on (Ray itself retries for minutes)."""
    host, _, port = address.rpartition(":")
    if "://" in address or not host or not port.isdigit():
        return  # "auto", "ray://…": left to Ray
    try:
        with socket.create_connection((host, int(port)), timeout=5):
            pass
    except OSError as exc:
        raise error(f"cannot join the Ray cluster at {address}: {exc.strerror or exc} "
                    "(the head's address is what `ray start --head` printed)") from None
