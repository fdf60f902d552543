"""The Dungeon Twister commands, once for every front end: check, show, legal, apply, combat, economy, reach,
threats, turn and render.

Each takes a position of the game (:class:`solver.dungeontwister.model.state.Position`)
and returns an :class:`~solver.base.answers.Answer` whose document is what
``lueur dt <command> --json`` prints and the protocol's ``dt.<command>`` sends
as ``result``, and whose value is what the command line's text form reads.
A question the position cannot answer (no such character, a combat the rules
refuse) is an :class:`~solver.base.answers.OptionError` naming the option, or
an :class:`~solver.base.errors.IllegalActionError`: both exit 2.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from solver.base.answers import Answer, OptionError
from solver.base.errors import IllegalActionError, NotationError, PositionError
from solver.base.exit_codes import ExitCode
from solver.dungeontwister.analysis.economy import EconomyAnswer, solve_economy
from solver.dungeontwister.analysis.odds import CombatReport, combat_report
from solver.dungeontwister.analysis.reach import GEOMETRY_NOTE, ReachError, search
from solver.dungeontwister.analysis.threats import threats
from solver.dungeontwister.analysis.turn_plan import plan_turn
from solver.dungeontwister.model.events import Illegal
from solver.dungeontwister.model.rulings import FIXED, SWITCHES
from solver.dungeontwister.model.state import Position
from solver.dungeontwister.notation.economy_json import EconomyPlan
from solver.dungeontwister.notation.writing import to_json
from solver.dungeontwister.present.svg import position_svg
from solver.dungeontwister.present.text import show_text, status_text
from solver.dungeontwister.rules.actions import COMBATS, Action, format_action, parse_action
from solver.dungeontwister.rules.adjudicate import adjudicate
from solver.dungeontwister.rules.duel import Duel, Fight, Side
from solver.dungeontwister.rules.engagement import CombatKind, Engagement, Weapon, engage
from solver.dungeontwister.rules.engine import legal_actions

KINDS = {"attack": CombatKind.MELEE, "lance": CombatKind.LANCE, "shoot": CombatKind.RANGED}


def dt_check(load: Callable[[], Position]) -> Answer:
    """Whether the position reads: ``{"valid": true, "problems": []}`` or every problem with its place (exit 2)."""
    try:
        load()
    except PositionError as exc:
        return Answer(ExitCode.BAD_INPUT, {"valid": False, "total": exc.total, "problems": [p.as_json() for p in exc.problems]})
    return Answer(ExitCode.OK, {"valid": True, "problems": [], "geometry": GEOMETRY_NOTE})


def dt_show(position: Position) -> Answer:
    text = show_text(position)
    return Answer(ExitCode.OK, {"status": status_text(position), "text": text, "position": to_json(position),
                                "geometry": GEOMETRY_NOTE}, text)


def dt_legal(position: Position) -> Answer:
    actions = legal_actions(position)
    document = {"to_move": position.players[position.to_move].name, "ap": position.players[position.to_move].ap,
                "actions": [format_action(a) for a in actions if not a.needs_cards],
                "combats": [format_action(a) for a in actions if a.needs_cards],
                "note": "a combat needs the cards both players chose: add cards=A/D (dt combat advises)",
                "geometry": GEOMETRY_NOTE}
    return Answer(ExitCode.OK, document, actions)


def dt_apply(position: Position, texts: list[str]) -> Answer:
    """Play the actions, each step citing the aid; the other reading of every ruling the result depends on."""
    result = adjudicate(position, texts)
    document = {**result.as_json(), "position": to_json(result.position), "status": status_text(result.position),
                "geometry": GEOMETRY_NOTE}
    return Answer(ExitCode.BAD_INPUT if result.refused else ExitCode.OK, document, result, result.position)


def _engagement(position: Position, action_text: str) -> Engagement:
    try:
        action = parse_action(action_text)
    except NotationError as exc:
        raise OptionError("fight", str(exc)) from None
    if action.verb not in COMBATS:
        raise OptionError("fight", f"{action_text!r} is not a combat: attack, lance or shoot ATTACKER TARGET")
    if not position.has_character(action.actor):
        raise OptionError("fight", f"{action.actor!r} is not a character: "
                                   f"{', '.join(c.ident for c in position.characters)}")
    attacker = position.character(action.actor)
    if attacker.owner != position.to_move:  # a fight the opponent starts: weighed as on its turn
        position = replace(position, to_move=attacker.owner)
    weapon = action.option("with")
    try:
        return engage(position, KINDS[action.verb.value], action.actor, action.target,
                      Weapon(weapon) if weapon in ("bow", "crossbow") else None)
    except Illegal as refused:
        raise IllegalActionError(format_action(Action(action.verb, action.actor, action.target)), refused.reason) from None


def dt_combat(position: Position, fight: str, values: tuple[Fraction, Fraction, Fraction] | None = None) -> Answer:
    """The combat ``fight`` (``attack A T``, ``lance A T``, ``shoot A T [with=bow]``) as a card game over both hands."""
    engagement = _engagement(position, fight)
    mover = position.character(engagement.attacker).owner
    position = replace(position, to_move=mover)
    report = combat_report(engagement.duel(position), *([values] if values else []))
    document = {"engagement": engagement.as_json(), **report.as_json(), "geometry": GEOMETRY_NOTE}
    return Answer(ExitCode.OK, document, (engagement, report))


def dt_combat_values(attacker: int, defender: int, attacker_cards: tuple[int, ...], defender_cards: tuple[int, ...],
                     berserker: bool = False, telepath: str | None = None, weapon_master: str | None = None,
                     values: tuple[Fraction, Fraction, Fraction] | None = None) -> Answer:
    """A combat given by its values alone (no position): each side's value before cards, both hands, the powers."""
    duel = Duel(Side(attacker, tuple(sorted(attacker_cards)), berserker, telepath == "attacker", weapon_master == "attacker"),
                Side(defender, tuple(sorted(defender_cards)), False, telepath == "defender", weapon_master == "defender"))
    report: CombatReport = combat_report(duel, *([values] if values else []))
    return Answer(ExitCode.OK, report.as_json(), (None, report))


def fights_of(position: Position, texts: list[str]) -> tuple[Fight, ...]:
    """The planned fights of a position, each written as a combat action (``attack A T``...), weighed as they stand."""
    fights = []
    for text in texts:
        engagement = _engagement(position, text)
        flags = engagement.duel_flags
        fights.append(Fight(position.character(engagement.attacker).owner, sum(t.value for t in engagement.attackers),
                            sum(t.value for t in engagement.defenders), flags[0], flags[1], flags[2], flags[3], flags[4],
                            label=text))
    return tuple(fights)


def dt_economy(plan: EconomyPlan, max_nodes: int | None = None) -> Answer:
    answer: EconomyAnswer = solve_economy(plan.fights, plan.hands, *([max_nodes] if max_nodes else []))
    return Answer(ExitCode.OK, answer.as_json(), answer)


def dt_economy_in(position: Position, texts: list[str], max_nodes: int | None = None) -> Answer:
    """The card economy of fights planned in a position, with both players' hands as they are."""
    fights = fights_of(position, texts)
    plan = EconomyPlan((position.players[0].cards, position.players[1].cards), fights)
    answer = dt_economy(plan, max_nodes)
    document = {**answer.document, "players": [p.name for p in position.players], "geometry": GEOMETRY_NOTE}
    document["for"] = position.players[0].name
    return Answer(answer.exit_code, document, answer.value)


def dt_reach(position: Position, character: str, goal: str | None, turns: int = 1, max_nodes: int | None = None) -> Answer:
    """The fewest AP (and the plan) for ``character`` to reach ``goal`` (or every zone's fewest AP); exit 1 when out of
    reach within the turns."""
    try:
        answer = search(position, character, goal, turns, *([max_nodes] if max_nodes else []))
    except ReachError as exc:
        option, _, message = str(exc).partition(": ")
        raise OptionError(option, message) from None
    code = ExitCode.OK if goal is None or answer.reached else ExitCode.NO
    return Answer(code, answer.as_json(), answer)


def dt_threats(position: Position) -> Answer:
    result = threats(position)
    return Answer(ExitCode.OK, result.as_json(), result)


def dt_turn(position: Position, max_nodes: int | None = None) -> Answer:
    plan = plan_turn(position, *([max_nodes] if max_nodes else []))
    return Answer(ExitCode.OK, plan.as_json(), plan)


def dt_render(position: Position, *, title: str | None = None, reach_of: str | None = None, turns: int = 1,
              with_threats: bool = False) -> Answer:
    """The picture as SVG; ``reach_of`` tints every zone the character can reach with its fewest AP; ``with_threats``
    rings every zone an enemy can reach, strike or shoot next turn."""
    reach = dt_reach(position, reach_of, None, turns).value.costs if reach_of else None
    threat = threats(position).zones() if with_threats else None
    captions = []
    if reach_of:
        captions.append(f"Green: where {reach_of} can stand within {turns} turn{'s' if turns > 1 else ''}, with the fewest AP "
                        "(rooms may turn on the way).")
    if with_threats:
        captions.append("Red: the fewest AP an enemy needs next turn to reach, strike or shoot into the zone.")
    svg = position_svg(position, title=title, caption=" ".join(captions) or None, reach=reach, threats=threat)
    return Answer(ExitCode.OK, {"format": "svg", "svg": svg, "geometry": GEOMETRY_NOTE}, svg)


def rulings_document() -> dict[str, Any]:
    """The named rulings (for ``dt rulings`` and the docs)."""
    return {"switches": [{"name": r.name, "question": r.question, "default": r.default, "other": r.other, "letter": r.letter}
                         for r in SWITCHES],
            "fixed": [{"name": r.name, "question": r.question, "reading": r.default} for r in FIXED]}

