"""The combat as text (``lueur dc show``) and as a JSON summary of the board."""

from __future__ import annotations

from solver.deadcells.analyses.plan import OBJECTIVE, Plan, PlanNode, announcement
from solver.deadcells.model.cards import line_text
from solver.deadcells.model.state import Combat, Enemy, Prisoner
from solver.deadcells.model.vocabulary import CARD_ROUNDS, ENEMY_ROUNDS, LOOT_KINDS, SPACES, STATES, SYMBOLS, Round
from solver.deadcells.rules.awaiting import Awaiting
from solver.deadcells.rules.board import enemy_card, group_order, stage


def round_text(combat: Combat) -> str:
    if combat.round < 0:
        return "the play (no round yet)"
    return f"round {Round(combat.round).label}"


def states_text(states: tuple[int, ...]) -> str:
    return ", ".join(f"{s.value} {n}" for s, n in zip(STATES, states) if n)


def loot_text(counts: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {k.value}" for k, n in zip(LOOT_KINDS, counts) if n) or "nothing"


def enemy_line(combat: Combat, space: int, enemy: Enemy) -> str:
    card = enemy_card(combat, enemy)
    side = stage(combat, enemy)
    kind = "elite" if card.elite else card.kind.value
    if len(card.stages) > 1:
        kind += f", stage {enemy.stage + 1} of {len(card.stages)}"
    parts = [f"{SPACES[space].value:3} {side.name} ({kind}): {enemy.damage}/{side.health} damage"]
    if enemy.shields:
        parts.append(f"{enemy.shields} shield{'s' * (enemy.shields > 1)}")
    if any(enemy.states):
        parts.append(states_text(enemy.states))
    if enemy.frozen:
        parts.append("frozen on " + " ".join(Round(r).label for r in sorted(enemy.frozen)))
    if side.immunities:
        parts.append("immune to " + ", ".join(sorted(s.value for s in side.immunities)))
    lines = "; ".join(f"{r.label}: {line_text(side.lines[r])}" for r in ENEMY_ROUNDS if side.lines[r])
    return "; ".join(parts) + f"\n      lines: {lines or 'none'}; death: {side.death.text()}"


def prisoner_lines(combat: Combat, seat: int, prisoner: Prisoner) -> list[str]:
    marks = []
    if seat == combat.first:
        marks.append("First Player")
    if prisoner.serenade:
        marks.append("Serenade")
    if prisoner.dead:
        marks.append("ELIMINATED")
    if combat.passer == seat:
        marks.append("passes")
    head = f"{prisoner.name}" + (f" ({', '.join(marks)})" if marks else "")
    parts = [f"{head}: {prisoner.damage}/{prisoner.health} damage"]
    if prisoner.shields:
        parts.append(f"{prisoner.shields} shield{'s' * (prisoner.shields > 1)}")
    if any(prisoner.states):
        parts.append(states_text(prisoner.states))
    if prisoner.immunities:
        parts.append("immune to " + ", ".join(sorted(s.value for s in prisoner.immunities)))
    out = ["  " + "; ".join(parts)]
    if prisoner.equipment:
        items = []
        for ident in prisoner.equipment:
            item = combat.cards.equipment[ident]
            damage = dict(prisoner.companion_damage).get(ident)
            items.append(item.name + (f" ({damage}/{item.health})" if damage is not None else ""))
        out.append("      equipment: " + ", ".join(items))
    deck = f"{len(prisoner.deck)} ({'known order' if prisoner.deck.ordered else 'unknown order'})"
    scrolls = ", ".join(f"{s.value} {n}" for s, n in zip(SYMBOLS, prisoner.scrolls) if n)
    out.append(f"      hand: {', '.join(prisoner.hand) or 'none'}; deck {deck}; discard {len(prisoner.discard)}"
               + (f"; scrolls moved: {scrolls}" if scrolls else ""))
    for index, ident in enumerate(prisoner.played):
        card = combat.cards.combat[ident]
        lines = "; ".join(f"{r.label}: {line_text(card.line(r))}" for r in CARD_ROUNDS if card.line(r))
        frozen = prisoner.frozen[index] if index < len(prisoner.frozen) else frozenset()
        note = f" [frozen on {' '.join(Round(r).label for r in sorted(frozen))}]" if frozen else ""
        out.append(f"      plays {card.name}{note}: {lines or 'no action'}")
    return out


def show_text(combat: Combat, asked: Awaiting | None) -> str:
    lines = [f"{_upper(round_text(combat))}; First Player: {combat.prisoners[combat.first].name}"
             + (f"; boss fight, manche {combat.boss.manche}" if combat.boss is not None else "")
             + (f"; a {combat.wall_void} in the combat" if combat.wall_void else "")]
    lines.append("Enemies (left to right):")
    lines += ["  " + enemy_line(combat, i, e) for i, e in enumerate(combat.enemies) if e is not None] or ["  none"]
    lines.append(f"Group space: {loot_text(combat.loot)}; bag: {loot_text(combat.bag)}")
    lines.append("Prisoners, from the First Player clockwise:")
    order = group_order(combat) + ([combat.passer] if combat.passer is not None else [])
    for seat in order:
        lines += prisoner_lines(combat, seat, combat.prisoners[seat])
    if asked is not None:
        lines.append(f"Awaits {'a card revealed' if asked.is_chance else 'a choice'}: {asked.question}")
        lines.append("  " + " | ".join(asked.options))
    elif combat.boss is not None and combat.boss.result:
        lines.append(f"The boss fight is {combat.boss.result}.")
    else:
        lines.append("The combat is over.")
    return "\n".join(lines) + "\n"


def board_json(combat: Combat) -> dict[str, object]:
    """The board as it stands (not a position: the steps still to run are not in it)."""
    def enemy(e: Enemy) -> dict[str, object]:
        side = stage(combat, e)
        return {"card": e.card, "name": side.name, "damage": e.damage, "health": side.health, "shields": e.shields,
                "states": {s.value: n for s, n in zip(STATES, e.states) if n},
                "frozen": [Round(r).label for r in sorted(e.frozen)], "stage": e.stage}

    def prisoner(p: Prisoner) -> dict[str, object]:
        return {"name": p.name, "damage": p.damage, "health": p.health, "shields": p.shields, "dead": p.dead,
                "states": {s.value: n for s, n in zip(STATES, p.states) if n}, "hand": list(p.hand),
                "played": list(p.played), "deck": len(p.deck), "discard": len(p.discard),
                "scrolls": dict(zip((s.value for s in SYMBOLS), p.scrolls))}

    return {
        "round": Round(combat.round).label if combat.round >= 0 else None, "phase": combat.phase.value,
        "first_player": combat.prisoners[combat.first].name,
        "passer": combat.prisoners[combat.passer].name if combat.passer is not None else None,
        "enemies": {SPACES[i].value: enemy(e) for i, e in enumerate(combat.enemies) if e is not None},
        "loot": {k.value: n for k, n in zip(LOOT_KINDS, combat.loot) if n},
        "bag": {k.value: n for k, n in zip(LOOT_KINDS, combat.bag) if n},
        "prisoners": [prisoner(p) for p in combat.prisoners],
        "boss": None if combat.boss is None else {"manche": combat.boss.manche, "result": combat.boss.result},
    }


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def plan_text(found: Plan, combat: Combat) -> str:
    """A plan in words: the objective, the value, then each choice with its question (and for a card played, a
    suggested announcement), branching on each card a chance reveals."""
    lines = [f"Objective: {OBJECTIVE} (exact, {found.positions:,} positions solved; the plan was replayed through the "
             "engine).", f"Best: {found.value.text()}."]
    if found.settled:
        lines.append("No choice is left before the rounds end.")
    _node_lines(found.root, combat, lines, "  ")
    return "\n".join(lines) + "\n"


def _node_lines(node: PlanNode, combat: Combat, lines: list[str], indent: str) -> None:
    while node.kind == "decision" and node.rest is not None:
        note = ""
        words = node.choice.split()
        if words[0] == "play":
            note = "  (announce: " + "; ".join(announcement(combat, c) for c in words[2:]) + ")"
        lines.append(f"{indent}{node.question}  ->  {node.choice}{note}")
        node = node.rest
    if node.kind == "chance":
        lines.append(f"{indent}{node.question}:")
        for option, p, rest in node.outcomes:
            lines.append(f"{indent}  if {option} ({p}): {rest.value.text()}")
            _node_lines(rest, combat, lines, indent + "    ")
    elif node.kind == "leaf" and node.tally is not None:
        t = node.tally
        lines.append(f"{indent}outcome: {t.deaths} death{'s' * (t.deaths != 1)}, {t.damage} damage taken, "
                     f"{t.kills} kill{'s' * (t.kills != 1)}, {t.loot} loot")
