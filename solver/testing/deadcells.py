"""Random small Dead Cells combats (seeded), as ``lueur-dc-combat/1`` documents: invented cards only.

tests/deadcells/test_dc_plan.py checks the plan against a brute force on them;
benchmarks/deadcells_speed.py times the plan on them.
"""

from __future__ import annotations

import random
from typing import Any

STATES = ("poisoned", "frozen", "burning", "bleeding", "targeted")
SPACES = ("L", "R1", "R2", "R3")


def _prisoner_action(rng: random.Random) -> dict[str, Any]:
    roll = rng.random()
    reach = sorted(rng.sample(SPACES, rng.randint(1, 3)), key=SPACES.index)
    if roll < 0.45:
        action: dict[str, Any] = {"damage": rng.choice((1, 1, 2)), "range": reach}
        if rng.random() < 0.15:
            action["targets"] = 2
        return action
    if roll < 0.6:
        return {"state": rng.choice(STATES), "range": reach}
    if roll < 0.75:
        return {"block": 1}
    if roll < 0.88:
        return {"loot": 1}
    return {"heal": 1}


def _enemy_action(rng: random.Random) -> dict[str, Any]:
    roll = rng.random()
    if roll < 0.6:
        action: dict[str, Any] = {"damage": 1}
        if rng.random() < 0.2:
            action["targets"] = 2
        elif rng.random() < 0.15:
            action["first_player"] = True
        return action
    if roll < 0.8:
        return {"state": rng.choice(STATES)}
    return {"block": 1}


def _lines(rng: random.Random, rounds: tuple[str, ...], density: float, make: Any) -> dict[str, Any]:
    return {r: [make(rng)] for r in rounds if rng.random() < density}


def random_combat(seed: int) -> dict[str, Any]:
    """A combat of 1 to 4 players (solo with Serenade's card unknown), 1 or 2 monsters, hands of 2 cards."""
    rng = random.Random(seed)
    players = rng.choice((1, 2, 2, 3, 3, 4))
    cards: dict[str, Any] = {}
    for i in range(6 if players < 4 else 5):
        cards[f"c{i}"] = {"kind": "combat", "lines": _lines(rng, ("0", "I", "II", "III"), 0.35, _prisoner_action)}
        if rng.random() < 0.3:
            cards[f"c{i}"]["lines"].setdefault("I", [_prisoner_action(rng)])
    for i in range(2):
        monster: dict[str, Any] = {"kind": "monster", "health": rng.randint(1, 3),
                                   "lines": _lines(rng, ("0", "I", "II", "III", "IV"), 0.4, _enemy_action)}
        if rng.random() < 0.3:
            monster["death"] = {"cell": 1} if rng.random() < 0.6 else {"damage": 1}
        if rng.random() < 0.15:
            monster["immunities"] = [rng.choice(STATES)]
        cards[f"m{i}"] = monster
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    pool = [c for c in cards if c.startswith("c")]
    prisoners: list[dict[str, Any]] = []
    for name in names:
        hand = [rng.choice(pool) for _ in range(2)]
        prisoners.append({"name": name, "health": rng.randint(2, 4), "damage": rng.randint(0, 1), "hand": hand})
    if players == 1:
        prisoners.append({"name": "Serenade", "serenade": True, "deck": {"unknown": rng.sample(pool, rng.randint(2, 3))}})
    spaces = rng.sample(SPACES, rng.randint(1, 2))
    enemies = {space: {"card": f"m{i}"} for i, space in enumerate(sorted(spaces, key=SPACES.index))}
    document: dict[str, Any] = {
        "format": "lueur-dc-combat/1", "cards": cards, "prisoners": prisoners,
        "first_player": rng.choice(names), "enemies": enemies,
    }
    if rng.random() < 0.5:
        document["loot"] = {rng.choice(("cell", "gold", "scroll_red")): rng.randint(1, 2)}
    if rng.random() < 0.2:
        document["bag"] = {"potion": 1}
    return document
