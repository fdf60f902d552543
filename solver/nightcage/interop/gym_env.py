"""The Night Cage as a Gymnasium environment (the optional extra ``lueur[gym]``).

One agent plays the team: it makes every decision, whichever prisoner it
concerns. Actions are ``Discrete(N)`` with the fixed encoding of
:mod:`solver.nightcage.interop.actions`; the observation is a ``Dict`` of the arrays of
:mod:`solver.nightcage.interop.observation` (``planes``, ``pile``, ``pile_top``, ``status``)
and ``action_mask`` (1 for each legal action). The mask is also
``info["action_mask"]`` and :meth:`NightCageEnv.action_masks` (what
sb3-contrib's MaskablePPO and other maskable agents read). After the end
(terminated or truncated) the mask allows action 0 alone, which changes
nothing: a vector environment that resets on the next step always hands its
agent a mask with a legal action. Draws from a pile of unknown order
are made inside :meth:`NightCageEnv.step` (and :meth:`~NightCageEnv.reset`),
with the exact odds of the engine and the environment's random generator,
seeded by ``reset(seed=...)``. The reward is OpenSpiel's: 1 when the game is
won, 0 otherwise, given on the last step. An action the mask forbids changes
nothing: reward 0, ``info["illegal_action"]`` is True.

The rules let a game go on for ever (a key passed back and forth within a
turn), so an episode is cut at :data:`~solver.nightcage.interop.setting.MAX_GAME_LENGTH`
steps: ``truncated`` is then True (reward 0). The environment does it itself
and is registered with ``max_episode_steps`` at the same bound.

Importing the module registers the environment as ``lueur/NightCage-v0``
(``gymnasium.make("lueur/NightCage-v0", setup="advanced")``). Without
Gymnasium the module still imports; :class:`NightCageEnv` then cannot
be built and says which extra to install.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from solver.base.errors import UnsupportedError
from solver.nightcage.interop.actions import ActionCodec
from solver.nightcage.interop.observation import observe, shapes
from solver.nightcage.interop.setting import MAX_GAME_LENGTH, starting_state
from solver.nightcage.model.setups import MAX_TILES_OF_A_TYPE
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.line import format_line
from solver.nightcage.rules.engine import NodeType, apply, chance_outcomes, legal_actions, node_type, outcome

try:
    import gymnasium
    from gymnasium import spaces
except ImportError:  # the extra lueur[gym] is not installed: the module imports, the environment cannot be built
    gymnasium = None  # type: ignore[assignment]

_Env: Any = gymnasium.Env if gymnasium is not None else object

MOST_TILES = float(MAX_TILES_OF_A_TYPE)
"""The most tiles of one type a pile can hold (bounds the ``pile`` and ``pile_top`` spaces)."""
AFTER_THE_END = 0
"""The one action the mask allows after the end: it changes nothing."""


class NightCageEnv(_Env):
    """One agent playing the prisoners' team; the parameters are the OpenSpiel game's."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, setup: str = "standard", rulings: str = "", position: str = "", render_mode: str | None = None):
        if gymnasium is None:
            raise UnsupportedError("Gymnasium is not installed: pip install -e '.[gym]'")
        self.start = starting_state(setup, rulings, position)
        self.codec = ActionCodec(self.start.size, tuple(p.name for p in self.start.prisoners))
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(self.codec.num_actions)
        parts = shapes(self.start.size, len(self.start.prisoners))
        most = float(max(2 * len(self.start.prisoners), 2))
        self.observation_space = spaces.Dict(
            {
                "planes": spaces.Box(0.0, most, parts["planes"], np.float32),
                "pile": spaces.Box(0.0, MOST_TILES, parts["pile"], np.float32),
                "pile_top": spaces.Box(0.0, MOST_TILES, parts["pile_top"], np.float32),
                "status": spaces.Box(0.0, 2.0, parts["status"], np.float32),
                "action_mask": spaces.MultiBinary(self.codec.num_actions),
            }
        )
        self.position = self.start
        self.steps = 0
        """Steps since the reset: the episode is truncated at :data:`MAX_GAME_LENGTH`."""

    @property
    def ended(self) -> bool:
        """The game is over, or the episode was cut at the bound."""
        return node_type(self.position) is NodeType.TERMINAL or self.steps >= MAX_GAME_LENGTH

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        self.position = self._draw(self.start)
        self.steps = 0
        return self._seen(illegal=False)

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self.ended:  # after the end: action 0 is expected and changes nothing; any other is flagged
            finished = node_type(self.position) is NodeType.TERMINAL
            observation, info = self._seen(illegal=int(action) != AFTER_THE_END)
            return observation, 0.0, finished, not finished, info
        chosen = self.codec.decode(int(action), self.position.turn)
        if chosen not in legal_actions(self.position):
            observation, info = self._seen(illegal=True)
            return observation, 0.0, False, False, info
        self.position = self._draw(apply(self.position, chosen)[0])
        self.steps += 1
        over = outcome(self.position)
        reward = 1.0 if over is not None and over.result == "win" else 0.0
        observation, info = self._seen(illegal=False)
        return observation, reward, over is not None, over is None and self.steps >= MAX_GAME_LENGTH, info

    def render(self) -> str | None:
        """``ansi``: the position in the one-line form."""
        return format_line(self.position) if self.render_mode == "ansi" else None

    def action_mask(self) -> np.ndarray:
        """1 for each legal action (``int8``); after the end, 1 for action 0 alone."""
        mask = np.zeros(self.codec.num_actions, np.int8)
        if self.ended:
            mask[AFTER_THE_END] = 1
            return mask
        for action in legal_actions(self.position):
            mask[self.codec.encode(action, self.position.turn)] = 1
        return mask

    def action_masks(self) -> np.ndarray:
        """The mask as booleans, under the name sb3-contrib's maskable agents call."""
        return self.action_mask().astype(bool)

    def _draw(self, state: GameState) -> GameState:
        """Resolve chance nodes with the environment's generator until a decision or the end."""
        while node_type(state) is NodeType.CHANCE:
            outcomes = chance_outcomes(state)
            weights = np.array([float(p) for _, p in outcomes])
            pick = int(self.np_random.choice(len(outcomes), p=weights / weights.sum()))
            state = apply(state, outcomes[pick][0])[0]
        return state

    def _seen(self, illegal: bool) -> tuple[dict[str, Any], dict[str, Any]]:
        """The observation and the info, the mask (computed once) in both."""
        mask = self.action_mask()
        over = outcome(self.position)
        info = {"illegal_action": illegal, "outcome": over.result if over is not None else None, "action_mask": mask}
        return {**observe(self.position), "action_mask": mask}, info


ENV_ID = "lueur/NightCage-v0"
"""The id ``gymnasium.make`` knows the environment by, once this module is imported."""

if gymnasium is not None and ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="solver.nightcage.interop.gym_env:NightCageEnv", max_episode_steps=MAX_GAME_LENGTH)


__all__ = ["ENV_ID", "NightCageEnv"]
