"""The Night Cage as an OpenSpiel game, ``python_night_cage`` (the optional extra ``lueur[openspiel]``).

Importing this module registers the game with ``pyspiel.register_game`` when
OpenSpiel is installed; without it the module still imports (so ``import
solver`` and the documentation never need it) and :func:`load_game` says
which extra to install.

The game, as OpenSpiel's ``GameType`` declares it:

* sequential, perfect information, **one player**: the prisoners are one
  team, so the team is player 0 and makes every decision, whichever prisoner
  it concerns (whose turn it is is part of the observation);
* identical utility and a terminal reward: 1 for a win, 0 for a loss;
* explicit stochastic chance: each tile drawn from a pile of unknown order is
  a chance node over the 12 tile types with the engine's exact odds as floats
  (a burn of several tiles is several chance nodes, see
  :mod:`solver.nightcage.interop.draws`); with a pile of known order there is no chance;
* actions: the fixed integer encoding of :mod:`solver.nightcage.interop.actions`;
  chance outcomes: the index of the tile type drawn;
* parameters: ``setup`` (``standard``, ``five``, ``advanced``,
  ``advanced-five``), ``rulings`` (a comma list, see
  :mod:`solver.nightcage.interop.setting`) and ``position`` (any ``lueur-position/1``
  document or other position form; then setup and rulings are the position's).
  No seed: the randomness is OpenSpiel's, through the chance nodes. The game
  gives its parameters back encoded where they hold what OpenSpiel's
  ``name(key=value,...)`` cannot (``b64:...``, see
  :mod:`solver.nightcage.interop.setting`), so ``pyspiel.load_game(str(game))``
  rebuilds the same game and a state serializes;
* observation: the tensor of :mod:`solver.nightcage.interop.observation` (planes, pile,
  status, concatenated in that order) and, as its string, the position in
  the one-line form, followed by the tiles of a burn named so far.

``max_game_length`` is a proven bound: the rules let a game go on for ever
(a key passed back and forth within a turn, prisoners walking between lit
tiles), so the adapter ends a game at :data:`MAX_GAME_LENGTH` moves (decisions
and draws alike) as a loss, return 0. It is the adapter's bound, not a rule:
the rules engine, the adjudicator and the planners play the rules as written.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from solver.base.errors import UnsupportedError
from solver.nightcage.interop.actions import ActionCodec
from solver.nightcage.interop.draws import NUM_OUTCOMES, completed, next_types, tiles_wanted
from solver.nightcage.interop.observation import fill, shapes
from solver.nightcage.interop.setting import MAX_GAME_LENGTH, decoded, encoded, starting_state
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import TILE_TYPES, TYPE_INDEX, TileType
from solver.nightcage.notation.line import format_line
from solver.nightcage.rules.engine import NodeType, apply, legal_actions, node_type, outcome

try:
    import pyspiel
except ImportError:  # the extra lueur[openspiel] is not installed: the module imports, the game is not registered
    pyspiel = None

GAME_NAME = "python_night_cage"

DEFAULT_PARAMETERS = {"setup": "standard", "rulings": "", "position": ""}

_Game: Any = pyspiel.Game if pyspiel is not None else object
_State: Any = pyspiel.State if pyspiel is not None else object


def _game_type() -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="The Night Cage (Lueur's rules engine)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.IDENTICAL,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=1,
        min_num_players=1,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=DEFAULT_PARAMETERS,
    )


class NightCageGame(_Game):
    """The game; its parameters fix the starting position, hence the board size and the prisoners."""

    def __init__(self, params: dict[str, Any] | None = None):
        given = {name: decoded(str(value), name) for name, value in {**DEFAULT_PARAMETERS, **(params or {})}.items()}
        self.start = starting_state(given["setup"], given["rulings"], given["position"])
        given = {name: encoded(value) for name, value in given.items()}  # what str(game) writes, and load_game reads back
        self.codec = ActionCodec(self.start.size, tuple(p.name for p in self.start.prisoners))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=NUM_OUTCOMES,
            num_players=1,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(), info, given)

    def new_initial_state(self) -> NightCageState:
        return NightCageState(self, _settled(self.start))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> NightCageObserver:
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        return NightCageObserver(self.start.size, len(self.start.prisoners))


class NightCageState(_State):
    """A position of the engine, and the tiles of a burn named so far (a burn is drawn a tile at a time)."""

    def __init__(self, game: NightCageGame, position: GameState, drawn: tuple[TileType, ...] = (), moves: int = 0):
        super().__init__(game)
        self.position = position
        self.drawn = drawn
        self.moves = moves
        """Moves played so far (decisions and draws): the game ends at :data:`MAX_GAME_LENGTH`."""
        self._codec = game.codec

    def __deepcopy__(self, memo: dict[int, Any]) -> NightCageState:
        # Positions are immutable: a copy shares them (OpenSpiel clones states by deep copy).
        return NightCageState(self.get_game(), self.position, self.drawn, self.moves)

    def current_player(self) -> int:
        kind = node_type(self.position)
        if kind is NodeType.TERMINAL or self.moves >= MAX_GAME_LENGTH:
            return int(pyspiel.PlayerId.TERMINAL)
        if kind is NodeType.CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return 0

    def _legal_actions(self, player: int) -> list[int]:
        turn = self.position.turn
        return sorted(self._codec.encode(a, turn) for a in legal_actions(self.position))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(TYPE_INDEX[t], float(p)) for t, p in next_types(self.position, self.drawn)]

    def _apply_action(self, action: int) -> None:
        chance = self.is_chance_node()
        self.moves += 1
        if chance:
            drawn = (*self.drawn, TILE_TYPES[action])
            whole = completed(self.position, drawn)
            if whole is None:
                self.drawn = drawn
                return
            self.position, self.drawn = _settled(apply(self.position, whole)[0]), ()
            return
        self.position = _settled(apply(self.position, self._codec.decode(action, self.position.turn))[0])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"tile {TILE_TYPES[action].value}"
        return self._codec.text(action, self.position.turn)

    def is_terminal(self) -> bool:
        return outcome(self.position) is not None or self.moves >= MAX_GAME_LENGTH

    def returns(self) -> list[float]:
        over = outcome(self.position)
        return [1.0 if over is not None and over.result == "win" else 0.0]

    def __str__(self) -> str:
        return observation_string(self)


def _settled(position: GameState) -> GameState:
    """Past a chance node with nothing to draw (a burn from an empty pile): it has one outcome, taken at once."""
    while node_type(position) is NodeType.CHANCE and tiles_wanted(position) == 0:
        whole = completed(position, ())
        assert whole is not None
        position = apply(position, whole)[0]
    return position


def observation_string(state: NightCageState) -> str:
    """The position in the one-line form, then the tiles of a burn named so far (``burning: t cross``)."""
    text = format_line(state.position)
    if state.drawn:
        text += " burning: " + " ".join(t.value for t in state.drawn)
    return text


class NightCageObserver:
    """OpenSpiel's observer: one flat tensor, and views on it named ``planes``, ``pile`` and ``status``."""

    def __init__(self, size: int, prisoners: int):
        parts = shapes(size, prisoners)
        self.tensor = np.zeros(sum(int(np.prod(s)) for s in parts.values()), np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, shape in parts.items():
            length = int(np.prod(shape))
            self.dict[name] = self.tensor[at : at + length].reshape(shape)
            at += length

    def set_from(self, state: NightCageState, player: int) -> None:
        fill(state.position, self.dict)

    def string_from(self, state: NightCageState, player: int) -> str:
        return observation_string(state)


def load_game(**parameters: str) -> Any:
    """``pyspiel.load_game("python_night_cage", parameters)``, or an error naming the extra to install."""
    if pyspiel is None:
        raise UnsupportedError("OpenSpiel is not installed: pip install -e '.[openspiel]'")
    return pyspiel.load_game(GAME_NAME, parameters)


if pyspiel is not None:
    pyspiel.register_game(_game_type(), NightCageGame)


__all__ = ["GAME_NAME", "NightCageGame", "NightCageState", "NightCageObserver", "load_game", "observation_string"]
