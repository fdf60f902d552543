"""Lueur: a rules engine, adjudicator and solver for The Night Cage (Piège obscur).

One import gives a user's first lines: read a position, ask what may be done,
apply an action, see where it leads.

>>> import solver
>>> position, warnings = solver.load_text("1,X,4/1,T:ESW,4/X,T:NSW,4/X,W,2,T:NSW,I:EW/1,P/I,4/X,X,X,3 "
...                                       "purple@b4+0,red@f3+0,green@b1+0,blue>row6+1 purple pile:t=6,key=4,gate=2")
>>> state = position.state
>>> print(solver.node_type(state), [solver.format_action(a, state.size) for a in solver.legal_actions(state)])
decision ['stay', 'move N', 'move W']
>>> state, events = solver.apply(state, solver.parse_action("move N", state.size))
>>> for event in events[:3]:
...     print(event.text)
purple moves north from b4 to b5
the wax eater on b3 attacks: purple moved into its sight at b5
purple on b5 is hit by the wax eater on b3: 3 tiles and Lights Out

The library never prints, never exits and never imports click. Positions are
immutable, hashable :class:`GameState` values; the rules are pure functions.
The packages, in layers (each imports only those below it): ``protocol``,
``commands``, ``present`` / ``puzzles`` / ``play``, ``bot`` / ``chance``,
``endgame`` / ``sim``, ``notation``, ``rules``, ``core`` (docs/architecture.md).
"""

__version__ = "0.1.0"

import importlib
from typing import TYPE_CHECKING, Any

from solver.base import compiled_python

compiled_python.install()  # a module's source runs, not its Cython build, when the build is stale (or on request)

if TYPE_CHECKING:  # the names below, for the type checker; at run time each is imported on first use
    from solver.base.errors import IllegalActionError, LueurError, NotationError, PositionError, Problem, UnsupportedError
    from solver.nightcage.model.actions import Action, format_action, parse_action
    from solver.nightcage.model.state import GameState
    from solver.nightcage.notation.forms import dump, load_path, load_text
    from solver.nightcage.rules.engine import apply, candidates, chance_outcomes, legal_actions, node_type, outcome

    NightCageError = LueurError

FACE = {
    "IllegalActionError": "solver.base.errors",
    "LueurError": "solver.base.errors",
    "NightCageError": "solver.base.errors:LueurError",
    "NotationError": "solver.base.errors",
    "PositionError": "solver.base.errors",
    "Problem": "solver.base.errors",
    "UnsupportedError": "solver.base.errors",
    "Action": "solver.nightcage.model.actions",
    "format_action": "solver.nightcage.model.actions",
    "parse_action": "solver.nightcage.model.actions",
    "GameState": "solver.nightcage.model.state",
    "dump": "solver.nightcage.notation.forms",
    "load_path": "solver.nightcage.notation.forms",
    "load_text": "solver.nightcage.notation.forms",
    "apply": "solver.nightcage.rules.engine",
    "candidates": "solver.nightcage.rules.engine",
    "chance_outcomes": "solver.nightcage.rules.engine",
    "legal_actions": "solver.nightcage.rules.engine",
    "node_type": "solver.nightcage.rules.engine",
    "outcome": "solver.nightcage.rules.engine",
}
"""Each name of the face -> the module holding it (``module:name`` when named otherwise there; ``NightCageError``
is the errors' base class under its first name, from when Lueur played one game, kept for users' code).
Imported on first use, so that importing any submodule (``solver.base.errors``: this module runs first), and
``lueur --version``, do not load the rules engine and the notation."""


def __getattr__(name: str) -> Any:
    if name not in FACE:
        raise AttributeError(f"module 'solver' has no attribute {name!r}")
    module, _, attribute = FACE[name].partition(":")
    value = getattr(importlib.import_module(module), attribute or name)
    globals()[name] = value  # the next look-up does not come here
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(FACE))


__all__ = [
    "__version__",
    "Action",
    "GameState",
    "apply",
    "candidates",
    "chance_outcomes",
    "dump",
    "format_action",
    "legal_actions",
    "load_path",
    "load_text",
    "node_type",
    "outcome",
    "parse_action",
    "IllegalActionError",
    "LueurError",
    "NightCageError",
    "NotationError",
    "PositionError",
    "Problem",
    "UnsupportedError",
]
