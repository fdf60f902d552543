"""A played game reviewed: where the bot's estimate of the win chance dropped most, and when it was lost.

The record (:mod:`solver.nightcage.play.game_record`) is replayed through the fast
simulator, its actions followed decision by decision (a decision with one
option is taken without asking; a decline the record leaves implicit,
``end`` or ``noblock``, is taken when the next action belongs to a later
decision, as :class:`solver.nightcage.bot.endgame.TurnScript` does). At every decision
with a choice while tiles remain, a :class:`~solver.nightcage.bot.search.SearchBot`
values each option as a win chance; its turn replay then follows the action
really played, not its own pick. The bot sees what players know: the start
with the pile's order hidden (:func:`solver.nightcage.play.game_record.players_view`).

A decision's **drop** is the best option's estimate minus the played one's.
At each Final Flickers turn start (pile empty) the end-game oracle says
whether the game still wins; the first turn start proven lost, with none
proven winnable after it, is where the game was **lost for good**. Before
the Final Flickers the oracle proves nothing: only a loss that happens is a proof.

Same record, seed and samples: same review, but for the oracle, which stops
at its time limit per turn (a faster machine may prove more).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solver.base.errors import LimitReached, LueurError, NotCovered, PositionError, Problem
from solver.nightcage.bot.endgame import DECLINES
from solver.nightcage.bot.search import SearchBot
from solver.nightcage.endgame.oracle import EndgameOracle
from solver.nightcage.model.actions import Action, Verb, format_action, parse_action
from solver.nightcage.model.state import GameState
from solver.nightcage.model.tiles import TYPE_INDEX
from solver.nightcage.play.game_record import CHANCE_VERBS, GameRecord, players_view
from solver.nightcage.sim.convert import compile_state, option_text, to_state
from solver.nightcage.sim.sim import Sim

DEFAULT_TOP = 5
DEFAULT_SAMPLES = 3
DEFAULT_ORACLE_SECONDS = 2.0
ORACLE_NODES = 2_000_000
"""The oracle's node budget per turn start (its time limit usually ends a question first)."""
NOISE = 1e-9
"""Drops this small are equal estimates summed in another order, not a better choice."""

KIND_NAMES = {
    "start": "start tile", "land": "landing", "main": "main action", "again": "move again",
    "extra": "extra move", "place": "placement", "final": "Final Flickers discard", "block": "Block",
    "scramble": "scramble", "swap": "swap", "fall": "fall", "dirge": "the Dirge",
}
"""The simulator's decision kinds as a player names them."""


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision with a choice, valued by the bot."""

    action_index: int
    """The played action's place in the record's ``meta.actions`` (0-based; for a decline the record
    leaves implicit, the place of the next action)."""
    turn: int
    prisoner: str
    kind: str
    options: tuple[str, ...]
    """Every option the bot valued, in the simulator's order."""
    estimates: tuple[float, ...]
    """Each option's estimated win chance (0..1), as ``options``."""
    played: int
    """Index of the option played in ``options``."""

    @property
    def best(self) -> int:
        """The option with the highest estimate (the first of equals)."""
        return max(range(len(self.estimates)), key=self.estimates.__getitem__)

    @property
    def drop(self) -> float:
        return self.estimates[self.best] - self.estimates[self.played]

    def as_json(self) -> dict[str, Any]:
        return {
            "action_index": self.action_index, "turn": self.turn, "prisoner": self.prisoner,
            "kind": self.kind, "played": self.options[self.played], "better": self.options[self.best],
            "played_estimate": round(self.estimates[self.played], 4), "better_estimate": round(self.estimates[self.best], 4),
            "drop": round(self.drop, 4),
        }


@dataclass(frozen=True)
class TurnStart:
    """A turn's start: the bot's estimate (the best option at its first decision valued), and the oracle's verdict."""

    turn: int
    prisoner: str
    pile: int
    """Tiles left in the pile (0: a Final Flickers turn)."""
    estimate: float | None
    oracle: str | None
    """``"win"``, ``"lose"`` or ``"unknown"`` (out of time, or not a position the oracle takes); None: not asked."""

    def as_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "prisoner": self.prisoner, "pile": self.pile,
                "estimate": None if self.estimate is None else round(self.estimate, 4), "oracle": self.oracle}


@dataclass(frozen=True)
class Review:
    result: str | None
    """``"win"``, ``"lose"``, or None when the record ends before the game does."""
    turns: int
    """Turns begun in the record."""
    actions: int
    decisions: tuple[ReviewedDecision, ...]
    """Every decision valued, in the game's order."""
    costliest: tuple[ReviewedDecision, ...]
    """The decisions with the largest drops (positive ones only), largest first."""
    turn_starts: tuple[TurnStart, ...]
    lost_at: int | None
    """The turn whose start is proven lost, with no later turn start proven winnable (Final Flickers)."""
    last_winnable: int | None
    """The last turn start proven winnable before ``lost_at`` (or in the whole game when nothing is proven lost)."""
    verdict: str
    """One or two sentences on the game's end, for players."""
    pile_view: str
    """How the bot saw the pile (a phrase: the standard layers, the record's, one layer)."""
    seed: int
    samples: int
    oracle_seconds: float

    def as_json(self) -> dict[str, Any]:
        return {
            "result": self.result, "turns": self.turns, "actions": self.actions,
            "decisions_valued": len(self.decisions), "costliest": [d.as_json() for d in self.costliest],
            "lost_for_good": {"turn": self.lost_at, "last_winnable": self.last_winnable, "verdict": self.verdict},
            "turn_starts": [t.as_json() for t in self.turn_starts],
            "bot": {"seed": self.seed, "samples": self.samples, "pile_view": self.pile_view},
            "oracle_seconds": self.oracle_seconds,
        }


class RecordEnds(Exception):
    """The record has no action left for a decision of the game (a game saved before its end)."""


def review(record: GameRecord, *, top: int = DEFAULT_TOP, samples: int = DEFAULT_SAMPLES, seed: int = 0,
           oracle_seconds: float = DEFAULT_ORACLE_SECONDS, should_stop: Callable[[], bool] | None = None) -> Review:
    """The review of a record (see the module doc). Once ``should_stop`` answers true, the oracle's
    questions left are answered "unknown" at once (the bot's estimates are all made first)."""
    view, pile_view = players_view(record.start)
    bot = SearchBot(random.Random(f"review-{seed}"), view, samples=samples)
    try:
        sim = compile_state(record.start, [TYPE_INDEX[t] for t in record.order])
    except NotCovered as exc:
        raise PositionError([Problem("", f"the simulator cannot replay this game: {exc}")]) from None
    follower = Follower(record, bot)
    starts = [(1, sim.snapshot())]
    sim.log = []
    sim.choose = follower
    result: str | None
    try:
        result = sim.play()
    except RecordEnds:
        result = None
    starts += [(n + 2, entry[1]) for n, entry in enumerate(e for e in sim.log if e[0] == "turn_end")]
    turn_starts = _turn_starts(record.start, record.order, starts, follower.estimates, oracle_seconds, should_stop)
    lost_at, last_winnable = _lost_for_good(turn_starts)
    decisions = tuple(follower.decisions)
    costliest = sorted((d for d in decisions if d.drop > NOISE), key=lambda d: (-d.drop, d.action_index))[:top]
    verdict = _verdict(result, sim.turns, turn_starts, lost_at, last_winnable, oracle_seconds)
    return Review(result, sim.turns, len(record.actions), decisions, tuple(costliest), tuple(turn_starts), lost_at,
                  last_winnable, verdict, pile_view, seed, samples, oracle_seconds)


class Follower:
    """The simulator's chooser: the record's actions, decision by decision, with the bot's values on the way."""

    def __init__(self, record: GameRecord, bot: SearchBot) -> None:
        self.actions = record.actions
        self.size = record.start.size
        self.names = tuple(p.name for p in record.start.prisoners)
        self.bot = bot
        self.next = 0
        """The record's next action to match."""
        self.logged = 0
        """The simulator's log entries read so far."""
        self.decisions: list[ReviewedDecision] = []
        self.estimates: dict[int, float] = {}
        """Turn -> the best estimate at the turn's first decision valued."""

    def __call__(self, sim: Sim, kind: str, options: list[Any]) -> int:
        self._catch_up(sim)
        texts = [option_text(o, self.size, self.names, sim.turn) for o in options]
        index = self._skip_chance()
        if index >= len(self.actions):
            raise RecordEnds()
        pick = self._match(texts, self.actions[index], sim.turn)
        if pick is not None:
            self.next = index + 1
        else:
            pick = next((texts.index(d) for d in DECLINES if d in texts), None)
            if pick is None:  # not expected: the rules engine accepted the record
                raise PositionError([Problem(f"meta.actions[{index}]", f"{self.actions[index]!r} is not among the "
                                             f"simulator's options here: {', '.join(texts)}")])
        if not sim.flickers:
            self._value(sim, kind, options, texts, pick, index)
        return pick

    def _catch_up(self, sim: Sim) -> None:
        """Decisions with one option were taken without asking: their actions are in the record."""
        log = sim.log or []
        for entry in log[self.logged:]:
            if entry[0] == "turn_end" or len(entry[1]) != 1:
                continue
            index = self._skip_chance()
            text = option_text(entry[1][0], self.size, self.names, entry[3])
            if index < len(self.actions) and self._match([text], self.actions[index], entry[3]) is not None:
                self.next = index + 1
        self.logged = len(log)

    def _skip_chance(self) -> int:
        while self.next < len(self.actions) and self.actions[self.next].split(" ", 1)[0] in CHANCE_VERBS:
            self.next += 1
        return self.next

    def _match(self, texts: list[str], action: str, active: int) -> int | None:
        if action in texts:
            return texts.index(action)
        canonical = self._canonical(action, active)
        return texts.index(canonical) if canonical in texts else None

    def _canonical(self, text: str, active: int) -> str | None:
        """The engine's canonical text (``give A B`` by the active A is ``give B``; ``block`` names the active)."""
        try:
            action = parse_action(text, self.size)
        except LueurError:
            return None
        name = self.names[active]
        if action.verb == Verb.GIVE and len(action.names) == 2 and action.names[0] == name:
            action = Action(Verb.GIVE, names=(action.names[1],))
        if action.verb == Verb.BLOCK and not action.names:
            action = Action(Verb.BLOCK, names=(name,))
        return format_action(action, self.size)

    def _value(self, sim: Sim, kind: str, options: list[Any], texts: list[str], pick: int, index: int) -> None:
        """Ask the bot for every option's value; its turn record then holds the option played."""
        bot = self.bot
        bot.last_values = []
        bot.choose(sim, kind, options)
        bot.played(pick)
        values = bot.last_values
        if not values:  # the bot did not look ahead here (no turn to replay)
            return
        # The bot leaves out key passes back to a hand-out of keys already seen this turn.
        valued = bot.considered(sim, options)
        if len(valued) != len(values) or pick not in valued:
            return
        estimates = tuple(v / bot.last_samples for v in values)
        if sim.turns not in self.estimates:
            self.estimates[sim.turns] = max(estimates)
        self.decisions.append(ReviewedDecision(index, sim.turns, self.names[sim.turn], KIND_NAMES.get(kind, kind),
                                               tuple(texts[i] for i in valued), estimates, valued.index(pick)))


def _turn_starts(start: GameState, order: tuple[Any, ...], starts: list[tuple[int, tuple[Any, ...]]],
                 estimates: dict[int, float], seconds: float, should_stop: Callable[[], bool] | None = None) -> list[TurnStart]:
    """Every turn start, the Final Flickers ones asked to the oracle."""
    names = [p.name for p in start.prisoners]
    pile = [TYPE_INDEX[t] for t in order]
    oracle = EndgameOracle(ORACLE_NODES, should_stop=should_stop)
    out = []
    for turn, snap in starts:
        left = len(pile) - snap[12]
        verdict = None
        if left == 0:
            verdict = _ask(oracle, to_state(snap, start, pile), seconds)
        out.append(TurnStart(turn, names[snap[11]], left, estimates.get(turn), verdict))
    return out


def _ask(oracle: EndgameOracle, state: GameState, seconds: float) -> str:
    try:
        return "win" if oracle.wins(state, time.perf_counter() + seconds) else "lose"
    except (LimitReached, NotCovered):
        return "unknown"


def _lost_for_good(turn_starts: list[TurnStart]) -> tuple[int | None, int | None]:
    """The first turn start proven lost with none proven winnable after it, and the last proven winnable before it."""
    lost_at = last_winnable = None
    for t in turn_starts:
        if t.oracle == "lose" and lost_at is None:
            lost_at = t.turn
        elif t.oracle == "win":
            lost_at, last_winnable = None, t.turn
    return lost_at, last_winnable


def _verdict(result: str | None, turns: int, turn_starts: list[TurnStart], lost_at: int | None,
             last_winnable: int | None, seconds: float) -> str:
    by_turn = {t.turn: t for t in turn_starts}
    winnable = f" The last turn start proven winnable: turn {last_winnable}." if last_winnable else ""
    if result == "win":
        return f"The prisoners escaped during turn {turns}."
    if lost_at is not None:
        who = by_turn[lost_at].prisoner
        head = (f"Lost for good at turn {lost_at} ({who} to play, Final Flickers): "
                "the end-game oracle proves that no sequence of turns escapes from there.")
        return head + (winnable or " No earlier turn start was proven winnable.")
    asked = [t for t in turn_starts if t.oracle is not None]
    if not asked:
        proof = "The oracle proves nothing before the Final Flickers, and the game never reached them"
    else:
        proof = (f"The oracle proves nothing before the Final Flickers, and proved no loss at the {len(asked)} Final Flickers "
                 f"turn start{'s' if len(asked) > 1 else ''} within {seconds:.1f} s each")
    if result == "lose":
        return f"Lost during turn {turns}: the loss itself is the only proof. {proof}.{winnable}"
    return f"The record ends during turn {turns}, before the game's end. {proof}.{winnable}"
