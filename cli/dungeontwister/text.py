"""Plain-text views of the Dungeon Twister answers (``lueur dt``'s default output)."""

from __future__ import annotations

from typing import Any

from solver.dungeontwister.analysis.economy import EconomyAnswer
from solver.dungeontwister.analysis.odds import CombatReport, fraction_text
from solver.dungeontwister.analysis.reach import GEOMETRY_NOTE, ReachAnswer
from solver.dungeontwister.analysis.threats import ThreatMap
from solver.dungeontwister.analysis.turn_plan import ASSUMPTIONS, TurnPlan
from solver.dungeontwister.rules.engagement import Engagement


def legal_text(doc: dict[str, Any]) -> str:
    lines = [f"{doc['to_move']} to move, {doc['ap']} AP. Legal actions ({len(doc['actions'])}):"]
    lines += [f"  {a}" for a in doc["actions"]]
    if doc["combats"]:
        lines.append(f"Combats ({len(doc['combats'])}; add cards=A/D, the cards both players chose):")
        lines += [f"  {a}" for a in doc["combats"]]
    lines.append(f"The geometry: {GEOMETRY_NOTE}")
    return "\n".join(lines)


def _play(cards: list[int] | tuple[int, ...]) -> str:
    return "+".join(map(str, cards)) if cards else "no card"


def combat_text(value: tuple[Engagement | None, CombatReport]) -> str:
    engagement, report = value
    lines = []
    if engagement is not None:
        side = lambda terms: " + ".join(f"{t.ident} {t.value} ({t.why})" for t in terms)  # noqa: E731
        lines.append(f"{engagement.kind.value} {engagement.attacker} -> {engagement.target} in {engagement.zone}"
                     f"{' (a group combat)' if engagement.group else ''}")
        lines.append(f"  attacker: {side(engagement.attackers)}")
        lines.append(f"  defender: {side(engagement.defenders)}")
    duel = report.duel
    lines.append(f"Attacker {duel.attacker.base} with cards {' '.join(map(str, duel.attacker.hand)) or 'none'}; "
                 f"defender {duel.defender.base} with cards {' '.join(map(str, duel.defender.hand)) or 'none'}.")
    lines.append("Outcomes: " + ", ".join(f"{name} {how}" for name, how in
                                          (("attacker wins", report.possibility["attacker"]), ("tie", report.possibility["tie"]),
                                           ("defender wins", report.possibility["defender"]))))
    stage = report.solution.stage
    if stage.branch.count == 2:
        lines.append("The berserker announces 2 cards.")
    if stage.branch.named is not None:
        lines.append(f"The {stage.branch.namer}'s telepath names {stage.branch.named}.")
    if stage.order.value != "at_once":
        lines.append(f"One side's weapon master sees the other card first ({stage.order.value.replace('_', ' ')}).")
    a, d = report.attacker_maximin, report.defender_maximin
    lines.append(f"Attacker's maximin: {_play(a.play)} (at worst: {a.worst.word})")
    lines.append(f"Defender's maximin: {_play(d.play)} (at worst: {d.worst.word})")
    mix = lambda plays, probs: ", ".join(f"{_play(p)} (p={fraction_text(q)})" for p, q in zip(plays, probs) if q)  # noqa: E731
    lines.append(f"Equilibrium: attacker plays {mix(stage.branch.attacker_plays, stage.attacker_mix)}; "
                 f"defender plays {mix(stage.branch.defender_plays, stage.defender_mix)}")
    lines.append(f"Value for the attacker (win {fraction_text(report.values[0])}, tie {fraction_text(report.values[1])}, "
                 f"loss {fraction_text(report.values[2])}): {fraction_text(report.value)}; chances: "
                 + ", ".join(f"{k} {fraction_text(v)}" for k, v in report.chances.items()))
    return "\n".join(lines)


def economy_text(answer: EconomyAnswer, doc: dict[str, Any]) -> str:
    names = doc.get("players", ["player 0", "player 1"])
    lines = [f"Hands: {names[0]} {' '.join(map(str, answer.hands[0])) or 'none'}; "
             f"{names[1]} {' '.join(map(str, answer.hands[1])) or 'none'}"]
    for index, fight in enumerate(answer.fights, start=1):
        label = f" ({fight.label})" if fight.label else ""
        lines.append(f"  fight {index}{label}: {names[fight.attacker]} attacks, {fight.attacker_base} against "
                     f"{fight.defender_base}")
    first, alone = doc["first_fight"], doc["first_fight_alone"]
    lines.append(f"Value for {names[0]}: {doc['value']} (about {doc['value_float']:.3f})")
    show = lambda mix: ", ".join(f"{_play(m['cards'])} (p={m['p']})" for m in mix)  # noqa: E731
    lines.append(f"First fight, with the rest in view: attacker {show(first['attacker_mix'])}; defender "
                 f"{show(first['defender_mix'])}")
    lines.append(f"First fight alone (as if the last): attacker {show(alone['attacker_mix'])}; defender "
                 f"{show(alone['defender_mix'])}")
    lines.append(f"{answer.nodes} nodes; {answer.certified} matrix games certified (row and column guarantees equal), "
                 f"{answer.sequential} solved in order (a weapon master)")
    return "\n".join(lines)


def reach_text(answer: ReachAnswer) -> str:
    lines = []
    if answer.goal:
        if answer.reached:
            lines.append(f"{answer.character} reaches {answer.goal} with {answer.ap} AP in {answer.turns_used} "
                         f"turn{'s' if answer.turns_used != 1 else ''}:")
            steps = list(answer.plan)
            for index, step in enumerate(steps):
                if step.action == "end" and index > 0 and steps[index - 1].action == "end":
                    continue  # the opponent's end of turn: told with the player's
                if step.action == "end":
                    passes = index + 1 < len(steps) and steps[index + 1].action == "end"
                    lines.append(f"  turn {step.turn + 1}: end of turn, {step.ap_after} AP kept"
                                 + ("; the opponent passes" if passes else ""))
                else:
                    lines.append(f"  turn {step.turn + 1}: {step.action}  ({step.ap_after} AP left)")
        else:
            lines.append(f"{answer.character} cannot reach {answer.goal} within {answer.turns} turn"
                         f"{'s' if answer.turns != 1 else ''}.")
    costs = ", ".join(f"{zone} {ap}" for zone, ap in sorted(answer.costs.items(), key=lambda kv: (kv[1], kv[0])))
    lines.append(f"Fewest AP to each place: {costs}")
    lines.append("Assumed: only this character moves; friends may turn the rooms they stand at; the opponent passes.")
    lines.append(f"The geometry: {GEOMETRY_NOTE}")
    return "\n".join(lines)


def threats_text(result: ThreatMap) -> str:
    lines = [f"Next turn the opponent has {result.enemy_ap} AP. Threats to {result.player}:"]
    lines += [f"  {t.enemy} can {t.kind} {t.target} (in {t.zone}) with {t.ap} AP" for t in result.threats] or ["  none"]
    for enemy, costs in sorted(result.reach.items()):
        lines.append(f"  {enemy} reaches: " + ", ".join(f"{z} {ap}" for z, ap in sorted(costs.items(), key=lambda kv: (kv[1], kv[0]))))
    if result.shots:
        lines.append("  zones under fire: " + ", ".join(f"{z} {ap}" for z, ap in sorted(result.shots.items())))
    lines.append(f"The geometry: {GEOMETRY_NOTE}")
    return "\n".join(lines)


def turn_text(plan: TurnPlan) -> str:
    lines = [f"{plan.player} is sure of {plan.vp} VP this turn" + (":" if plan.plan else ".")]
    lines += [f"  {step}" for step in plan.plan]
    lines += [f"Assumed: {a}." for a in ASSUMPTIONS]
    lines.append(f"The geometry: {GEOMETRY_NOTE}")
    return "\n".join(lines)


def rulings_text(doc: dict[str, Any]) -> str:
    lines = ["Switches (the engine's reading; the other, played on request with \"rulings\": {NAME: false}):"]
    for r in doc["switches"]:
        lines += [f"  {r['name']}: {r['question']}", f"      default: {r['default']}", f"      other:   {r['other']}",
                  f"      the aid: {r['letter']}"]
    lines.append("Fixed readings:")
    lines += [f"  {r['name']}: {r['reading']}" for r in doc["fixed"]]
    return "\n".join(lines)
