"""The full-game simulator's rules: one mutable position and whole turns played on it.

:class:`Sim` is an independent, fast implementation of the rules engine's turn
(:mod:`solver.rules.runner`, :mod:`solver.rules.moves`, :mod:`solver.rules.placing`,
:mod:`solver.rules.attacks`, :mod:`solver.rules.hit_choices`, :mod:`solver.rules.keys`) for the
standard pieces (start, straight, T, cracked T, cross, key, gate, wax eater,
pit), keepers, pit fiends, the pathless, omens and the Dirge
(:mod:`solver.rules.omens`) under the default rulings, with the pile's order known. It is made for
Monte Carlo rollouts: one trajectory, so the position is mutated in place and
never copied inside a game. :mod:`solver.sim.convert` converts positions from and
to :class:`solver.core.state.GameState`, :mod:`solver.sim.game` plays rollouts with
the policies of :mod:`solver.sim.policies`; ``tests/test_fastgame.py`` replays the
games through the engine.

The position (:mod:`solver.sim.position`, which describes the representation) and
the rule parts, one per concern of the rules engine, are combined here into one
class: :mod:`solver.sim.sight`, :mod:`solver.sim.lighting`, :mod:`solver.sim.outcome`,
:mod:`solver.sim.attacks`, :mod:`solver.sim.hit_choices`, :mod:`solver.sim.moves`,
:mod:`solver.sim.placing`, :mod:`solver.sim.omens`, :mod:`solver.sim.keys` and
:mod:`solver.sim.runner`. They are
mixins without state of their own, and :class:`Sim` holds every attribute in its
own ``__slots__``, so a method or attribute is looked up as on a single class: the
split costs nothing in the rollouts' hot paths.

The turn
--------

Each decision asks the policy (``choose(sim, kind, options) -> index``) to
pick one of a list of option tuples whose first item is the verb of the
engine's notation (see :func:`solver.sim.convert.option_action`). The rules run
in the engine's order, unit by unit: a *unit* is what one engine action or
automatic step does before the engine checks the outcome (``solver.rules.runner.run``
checks it after every step). The game ends by raising :class:`~solver.sim.position.Over`
at the first unit boundary where the engine would see it end, so that the position
then is exactly the engine's (the unplayed rest of the turn aside).
Outcome checks are made only after units that can change it (an arrival or a
key pass for the win; a draw, a burn, a removed or collapsed tile, or a fall
for the losses).
"""

from __future__ import annotations

from solver.sim.attacks import Attacks
from solver.sim.hit_choices import HitChoices
from solver.sim.keys import Keys
from solver.sim.lighting import Lighting
from solver.sim.moves import Moves
from solver.sim.omens import Omens
from solver.sim.outcome import Outcome
from solver.sim.placing import Placing
from solver.sim.position import SLOTS
from solver.sim.runner import Runner
from solver.sim.sight import Sight


class Sim(Runner, Moves, Placing, Omens, Keys, HitChoices, Attacks, Lighting, Outcome, Sight):
    """A position with a known pile order (every piece, omens and the Dirge included), and the rules to play it."""

    __slots__ = SLOTS
