"""The combat engine's public face: what a combat awaits, a choice applied, the steps that run by themselves.

A combat is a queue of steps (``Combat.pending``). Some run by themselves (a
round expanding into its actors, the end of a round); some wait for the
group's decision or for chance (a card revealed from a deck of unknown
order). :func:`advance` runs the queue up to the next decision or chance with
more than one option (a decision with one option is taken, and said so);
:func:`apply` makes one choice, given as the text of one of the options.

>>> from solver.deadcells.model.state import Combat
>>> awaiting(Combat(prisoners=(), first=0)) is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from solver.base.errors import IllegalActionError
from solver.deadcells.model.state import Combat, Phase, Step, StepKind
from solver.deadcells.model.vocabulary import LOOT_INDEX, LootKind
from solver.deadcells.rules import acts, play, rounds, upkeep
from solver.deadcells.rules.awaiting import Awaiting
from solver.deadcells.rules.events import Event, Log

Handler = Callable[[Combat, Step, "str | None", Log], Combat]
Asker = Callable[[Combat, Step], "Awaiting | None"]

HANDLERS: dict[StepKind, Handler] = {
    StepKind.PLAY: play.run_play,
    StepKind.REVEAL: play.run_reveal,
    StepKind.PASSER_SCROLL: play.run_scroll,
    StepKind.SERENADE_CARD: play.run_serenade,
    StepKind.POWER_SYMBOL: play.run_power,
    StepKind.START_ROUNDS: rounds.run_start_rounds,
    StepKind.ROUND: rounds.run_round,
    StepKind.POTIONS: acts.run_potions,
    StepKind.ACTOR: acts.run_actor,
    StepKind.TIMED: acts.run_timed,
    StepKind.ACTION: acts.run_action,
    StepKind.REWARD_DAMAGE: acts.run_reward,
    StepKind.END_ROUND: rounds.run_end_round,
    StepKind.FINAL: rounds.run_final,
    StepKind.ROUNDS_OVER: upkeep.run_rounds_over,
    StepKind.GIVE: upkeep.run_give,
    StepKind.UPKEEP: upkeep.run_upkeep,
    StepKind.DRAW: upkeep.run_draw,
    StepKind.NEW_MANCHE: upkeep.run_new_manche,
}

ASKERS: dict[StepKind, Asker] = {
    StepKind.PLAY: play.play_awaiting,
    StepKind.REVEAL: play.reveal_awaiting,
    StepKind.PASSER_SCROLL: play.scroll_awaiting,
    StepKind.SERENADE_CARD: play.serenade_awaiting,
    StepKind.POWER_SYMBOL: play.power_awaiting,
    StepKind.POTIONS: acts.potions_awaiting,
    StepKind.TIMED: acts.timed_awaiting,
    StepKind.ACTION: acts.action_awaiting,
    StepKind.REWARD_DAMAGE: acts.reward_awaiting,
    StepKind.GIVE: upkeep.give_awaiting,
    StepKind.DRAW: upkeep.draw_awaiting,
}

MAX_STEPS = 100_000
"""Steps one call may run before it gives up (a boss fight never won nor lost would otherwise run on)."""


def _ask(combat: Combat) -> Awaiting | None:
    if not combat.pending:
        return None
    step = combat.pending[0]
    asker = ASKERS.get(step.kind)
    return asker(combat, step) if asker is not None else None


def awaiting(combat: Combat) -> Awaiting | None:
    """The decision or chance the combat waits for (None when it is over, or settled for the plan's purpose)."""
    return _ask(combat)


def _run(combat: Combat, choice: str | None, events: list[Event]) -> Combat:
    step = combat.pending[0]
    log = Log(combat.round)
    combat = HANDLERS[step.kind](combat.but(pending=combat.pending[1:]), step, choice, log)
    events.extend(log.events)
    return combat


def advance(combat: Combat, events: list[Event] | None = None, *, until: Callable[[Combat], bool] | None = None) -> Combat:
    """Run the steps that need nobody, and decisions with a single option, up to a real choice or the end.

    ``until`` stops early at the first position it accepts (the planner stops at the end of the rounds).
    """
    out = events if events is not None else []
    for _ in range(MAX_STEPS):
        if not combat.pending or (until is not None and until(combat)):
            return combat
        asked = _ask(combat)
        if asked is None:
            combat = _run(combat, None, out)
        elif len(asked.options) == 1:
            if not asked.is_chance:
                out.append(Event("forced", f"{asked.question} Only one choice: {asked.options[0]}", asked.cite, None,
                                 combat.round))
            combat = _run(combat, asked.options[0], out)
        else:
            return combat
    raise RuntimeError(f"the combat ran {MAX_STEPS} steps without a decision")


def normalized(text: str) -> str:
    return " ".join(text.split())


def match(asked: Awaiting, text: str) -> str:
    """The option ``text`` names (spacing and case aside); IllegalActionError listing the options otherwise."""
    wanted = normalized(text)
    for option in asked.options:
        if option == wanted:
            return option
    folded = [o for o in asked.options if o.casefold() == wanted.casefold()]
    if len(folded) == 1:
        return folded[0]
    raise IllegalActionError(wanted, f"not a choice here ({asked.question})", list(asked.options))


def apply(combat: Combat, text: str, events: list[Event] | None = None, *,
          until: Callable[[Combat], bool] | None = None) -> Combat:
    """The combat after the choice ``text`` (one of :func:`awaiting`'s options), run on to the next choice."""
    asked = _ask(combat)
    if asked is None:
        raise IllegalActionError(normalized(text), "the combat awaits no choice: it is over")
    option = match(asked, text)
    out = events if events is not None else []
    return advance(_run(combat, option, out), out, until=until)


def start(combat: Combat, events: list[Event] | None = None, *, until: Callable[[Combat], bool] | None = None) -> Combat:
    """A combat read from a position, its opening steps queued, run to its first choice."""
    if not combat.pending and combat.phase is Phase.PLAY:
        combat = play.opening(combat, round0=combat.boss is None or combat.boss.round0)
    return advance(combat, events, until=until)


def rounds_done(combat: Combat) -> bool:
    """The rounds are over: the upkeep (or the end) is next, or a boss's manche has ended."""
    if combat.phase in (Phase.UPKEEP, Phase.OVER):
        return True
    return bool(combat.pending) and combat.pending[0].kind is StepKind.NEW_MANCHE and combat.pending[0].extra[0] != "plays"


class Tally(NamedTuple):
    """What a combat cost and brought, the plan's objective in its order: deaths, damage, kills, loot."""

    deaths: int
    damage: int
    """Damage tokens the prisoners gained (negative when healing and potions removed more)."""
    kills: int
    loot: int
    """Loot the group's bag gained (tokens and cards; a potion drunk counts -1)."""

    def key(self) -> tuple[int, int, int, int]:
        """Larger is better: no death, then least damage, then most kills, then most loot."""
        return (-self.deaths, -self.damage, self.kills, self.loot)

    def as_json(self) -> dict[str, int]:
        return self._asdict()


def tally(combat: Combat) -> Tally:
    deaths = sum(1 for p in combat.prisoners if p.dead)
    damage = sum(p.damage for p in combat.prisoners) - combat.start_damage
    return Tally(deaths, damage, combat.kills, combat.gained)


def potions(combat: Combat) -> int:
    return combat.bag[LOOT_INDEX[LootKind.POTION]]
