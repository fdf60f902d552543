"""Reading the enemies: by space (``enemies``), or the encounter's cards placed in the order drawn (p. 8)."""

from __future__ import annotations

from typing import Any

from solver.base.fields import Reader, shown
from solver.deadcells.model.cards import Catalogue
from solver.deadcells.model.state import NO_STATES, Enemy
from solver.deadcells.model.vocabulary import ROUND_LABELS, SPACE_INDEX, SPACES, STATE_INDEX, STATES, Round, Space, StateKind
from solver.deadcells.notation.bounds import SHIELD_TOKENS, STATE_TOKENS
from solver.deadcells.notation.cards_reader import ident_problem
from solver.deadcells.notation.vocabulary_reader import read_counts

ENEMY_FIELDS = ("card", "damage", "shields", "states", "frozen", "stage")


def read_board(r: Reader, obj: dict[str, Any], cards: Catalogue) -> tuple[Enemy | None, ...] | None:
    """The enemies by space, or placed from the encounter's cards (p. 8)."""
    if "enemies" in obj and "encounter" in obj:
        r.problem("encounter", "give either enemies (by space) or encounter (the cards in the order drawn), "
                                    "not both")
        return None
    if "encounter" in obj:
        return _encounter(r, obj["encounter"], cards)
    given = r.object(obj.get("enemies", {}), "enemies")
    board: list[Enemy | None] = [None] * len(SPACES)
    for key, item in (given or {}).items():
        if key not in [s.value for s in SPACES]:
            r.problem(f"enemies.{key}", f"unknown space; spaces: {', '.join(s.value for s in SPACES)} (one left "
                                             "of the group, three right of it)")
            continue
        enemy = _enemy(r, item, f"enemies.{key}", cards)
        if enemy is not None:
            board[SPACE_INDEX[Space(key)]] = enemy
    return tuple(board)

def _enemy(r: Reader, value: Any, path: str, cards: Catalogue) -> Enemy | None:
    obj = r.object(value, path)
    if obj is None:
        return None
    r.unknown_fields(obj, path, ENEMY_FIELDS)
    ident = ident_problem(r, obj.get("card"), f"{path}.card", "card id")
    if ident is None:
        return None
    if ident not in cards.enemies:
        r.problem(f"{path}.card", f"no monster, boss or enemy card {shown(ident)} in cards")
        return None
    card = cards.enemies[ident]
    stage = r.integer(obj.get("stage", 0), f"{path}.stage", 0, len(card.stages) - 1)
    if stage is None:
        return None
    side = card.stages[stage]
    damage = r.integer(obj.get("damage", 0), f"{path}.damage", 0, side.health - 1)
    shields = r.integer(obj.get("shields", 0), f"{path}.shields", 0, SHIELD_TOKENS)
    counts = read_counts(r, obj.get("states", {}), f"{path}.states", tuple(s.value for s in STATES), STATE_TOKENS)
    if "frozen" in counts:
        r.problem(f"{path}.states.frozen", "a Frozen token sits on a line: give the rounds as frozen")
    if counts.get("burning", 0) >= 2:
        r.problem(f"{path}.states.burning", "a second Burning token eliminates at once (p. 11): at most 1")
    states = list(NO_STATES)
    for key, n in counts.items():
        states[STATE_INDEX[StateKind(key)]] = n
    frozen = set()
    for i, label in enumerate(r.list(obj.get("frozen", []), f"{path}.frozen") or []):
        word = r.choice(label, f"{path}.frozen[{i}]", ROUND_LABELS[1:])
        if word is not None:
            if not side.lines[Round.parse(word)]:
                r.problem(f"{path}.frozen[{i}]", f"line {word} of {ident} is empty: Frozen lands on a line "
                                                      "with an action (p. 11)")
            frozen.add(int(Round.parse(word)))
    if damage is None or shields is None:
        return None
    return Enemy(ident, damage, shields, tuple(states), frozenset(frozen), stage)

def _encounter(r: Reader, value: Any, cards: Catalogue) -> tuple[Enemy | None, ...] | None:
    """The encounter's cards placed one at a time (p. 8): a special placement if its space is free, else the
    first free space from R1."""
    items = r.list(value, "encounter")
    if items is None:
        return None
    board: list[Enemy | None] = [None] * len(SPACES)
    for i, item in enumerate(items):
        ident = ident_problem(r, item, f"encounter[{i}]", "card id")
        if ident is None:
            continue
        if ident not in cards.enemies:
            r.problem(f"encounter[{i}]", f"no monster, boss or enemy card {shown(ident)} in cards")
            continue
        placement = cards.enemies[ident].placement
        if placement is not None and board[SPACE_INDEX[placement]] is None:
            board[SPACE_INDEX[placement]] = Enemy(ident)
            continue
        free = [SPACE_INDEX[s] for s in (Space.R1, Space.R2, Space.R3) if board[SPACE_INDEX[s]] is None]
        if not free:
            r.problem(f"encounter[{i}]", "the three spaces right of the group are taken: the rules do not say "
                                              "where another enemy goes")
            continue
        board[free[0]] = Enemy(ident)
    return tuple(board)
