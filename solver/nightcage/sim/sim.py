"""The full-game simulator's rules: one mutable position and whole turns played on it.

:class:`Sim` is an independent, fast implementation of the rules engine's turn
(:mod:`solver.nightcage.rules.runner`, :mod:`solver.nightcage.rules.moves`, :mod:`solver.nightcage.rules.placing`,
:mod:`solver.nightcage.rules.attacks`, :mod:`solver.nightcage.rules.hit_choices`, :mod:`solver.nightcage.rules.keys`) for the
standard pieces (start, straight, T, cracked T, cross, key, gate, wax eater,
pit), keepers, pit fiends, the pathless, omens and the Dirge
(:mod:`solver.nightcage.rules.omens`) under the default rulings, with the pile's order known. It is made for
Monte Carlo rollouts: one trajectory, so the position is mutated in place and
never copied inside a game. :mod:`solver.nightcage.sim.convert` converts positions from and
to :class:`solver.nightcage.model.state.GameState`, :mod:`solver.nightcage.sim.game` plays rollouts with
the policies of :mod:`solver.nightcage.sim.policies`; ``tests/nightcage/sim/test_fastgame.py`` replays the
games through the engine.

The position (:mod:`solver.nightcage.sim.position`, which describes the representation) and
the rule parts, one per concern of the rules engine, are combined here into one
class: :mod:`solver.nightcage.sim.sight`, :mod:`solver.nightcage.sim.lighting`, :mod:`solver.nightcage.sim.outcome`,
:mod:`solver.nightcage.sim.attacks`, :mod:`solver.nightcage.sim.hit_choices`, :mod:`solver.nightcage.sim.moves`,
:mod:`solver.nightcage.sim.placing`, :mod:`solver.nightcage.sim.omens`, :mod:`solver.nightcage.sim.keys` and
:mod:`solver.nightcage.sim.runner`. They are
mixins without state of their own, and :class:`Sim` holds every attribute in its
own ``__slots__``, so a method or attribute is looked up as on a single class: the
split costs nothing in the rollouts' hot paths.

The turn
--------

Each decision asks the policy (``choose(sim, kind, options) -> index``) to
pick one of a list of option tuples whose first item is the verb of the
engine's notation (see :func:`solver.nightcage.sim.convert.option_action`). The rules run
in the engine's order, unit by unit: a *unit* is what one engine action or
automatic step does before the engine checks the outcome (``solver.nightcage.rules.runner.run``
checks it after every step). The game ends by raising :class:`~solver.nightcage.sim.position.Over`
at the first unit boundary where the engine would see it end, so that the position
then is exactly the engine's (the unplayed rest of the turn aside).
Outcome checks are made only after units that can change it (an arrival or a
key pass for the win; a draw, a burn, a removed or collapsed tile, or a fall
for the losses).
"""

from __future__ import annotations

from solver.nightcage.sim.attacks import Attacks
from solver.nightcage.sim.hit_choices import HitChoices
from solver.nightcage.sim.keys import Keys
from solver.nightcage.sim.lighting import Lighting
from solver.nightcage.sim.moves import Moves
from solver.nightcage.sim.omens import Omens
from solver.nightcage.sim.outcome import Outcome
from solver.nightcage.sim.placing import Placing
from solver.nightcage.sim.position import SLOTS
from solver.nightcage.sim.runner import Runner
from solver.nightcage.sim.sight import Sight


class Sim(Runner, Moves, Placing, Omens, Keys, HitChoices, Attacks, Lighting, Outcome, Sight):
    """A position with a known pile order (every piece, omens and the Dirge included), and the rules to play it."""

    __slots__ = SLOTS
