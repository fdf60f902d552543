"""PDDL export of a Final Flickers position: an independent planner's view of the end-game.

:func:`export` writes a Final Flickers turn-start position of the standard
pieces (the positions :func:`solver.nightcage.endgame.kernel.from_state` accepts) as a
PDDL 2.2 domain and problem with derived predicates, conditional
effects and action costs, for an optimal classical planner such as Fast
Downward (``benchmarks/fast_downward.py`` runs it and compares it with
:func:`solver.nightcage.endgame.search.solve`). The text is generated here; nothing in
``solver/`` imports or runs a planner. :func:`plan_turns` reads a planner's
plan back as turns in the engine's notation, so that
:func:`solver.nightcage.endgame.plan.verify` can replay it through the rules engine.

The modules: :mod:`.domain` (the rules as a domain; its docstring says what
is modelled exactly, what is simplified, and why the optimal number of turns
cannot change), :mod:`.problem` (the position as a problem, and
:func:`export`), :mod:`.plan` (reading a plan back).
"""

from __future__ import annotations

from .domain import DIR_OBJECTS, DOMAIN_NAME, LEVELS, domain_text
from .plan import parse_plan, plan_cost, plan_turns
from .problem import ExportError, PddlTask, export

__all__ = [
    "DIR_OBJECTS",
    "DOMAIN_NAME",
    "LEVELS",
    "ExportError",
    "PddlTask",
    "domain_text",
    "export",
    "parse_plan",
    "plan_cost",
    "plan_turns",
]
