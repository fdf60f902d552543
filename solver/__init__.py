"""Lueur: a rules engine, adjudicator and solver for The Night Cage (Piège obscur).

The library never prints, never exits and never imports click. Positions are
immutable :class:`~solver.core.state.GameState` values; the rules are pure functions
in :mod:`solver.rules.engine`.
"""

__version__ = "0.1.0"
