"""Objects named by ``module:attribute``, their module imported on first use.

For a costly branch that most calls never take (the expectimax for a pile of unknown order, the
pictures of ``solve --render``): the caller names it, and the modules it needs load only when it
runs, so that a quick command starts quickly. Each name is held to its object by a test.

>>> load("solver.base.exit_codes:ExitCode").OK
<ExitCode.OK: 0>
"""

from __future__ import annotations

import importlib
from typing import Any


def load(reference: str) -> Any:
    """The object ``reference`` (``module:attribute``) names."""
    module, _, attribute = reference.partition(":")
    return getattr(importlib.import_module(module), attribute)
