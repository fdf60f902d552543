"""An independent brute force of small Dead Cells combats, to check ``dc plan`` against.

It re-reads the rulebook for a subset of the vocabulary (combat cards and
monsters with damage, block, states, loot and heal; no equipment, skills or
bosses; Serenade without a power) and imports nothing of ``solver.deadcells``:
it reads the position document itself, simulates the combat with plain
mutable dictionaries, and enumerates every sequence of choices by replaying
the combat from the start with a longer and longer prefix of choices. No
table, no pruning: the value of a prefix is the best (a decision) or the
average (a card revealed) of its extensions. Only the default rulings.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from itertools import combinations
from typing import Any

ROUNDS = ("0", "I", "II", "III", "IV")
SPACES = ("L", "R1", "R2", "R3")
LOOT = ("cell", "big_cell", "gold", "big_gold", "potion", "vial", "scroll_green", "scroll_purple", "scroll_red",
        "equipment", "blueprint")


class Need(Exception):
    """The prefix of choices ran out: the simulation needs one more, among ``options`` (with ``weights`` for chance)."""

    def __init__(self, options: list[Any], weights: list[Fraction] | None) -> None:
        super().__init__()
        self.options = options
        self.weights = weights


class Sim:
    def __init__(self, doc: dict[str, Any], prefix: list[Any]) -> None:
        self.cards = doc["cards"]
        self.prefix = prefix
        self.used = 0
        self.p = []
        for entry in doc["prisoners"]:
            self.p.append({"name": entry["name"], "health": entry.get("health", 4 if entry.get("serenade") else None),
                           "damage": entry.get("damage", 0), "shields": entry.get("shields", 0),
                           "states": dict(entry.get("states", {})), "immune": set(entry.get("immunities", [])),
                           "hand": list(entry.get("hand", [])), "serenade": entry.get("serenade", False),
                           "deck": entry.get("deck", []), "cards": [], "frozen": set(), "dead": False})
        self.names = [p["name"] for p in self.p]
        self.first = self.names.index(doc["first_player"])
        self.e: list[dict[str, Any] | None] = [None] * 4
        for space, entry in doc.get("enemies", {}).items():
            card = self.cards[entry["card"]]
            self.e[SPACES.index(space)] = {"card": card, "damage": entry.get("damage", 0), "shields": 0,
                                          "states": dict(entry.get("states", {})), "frozen": set()}
        self.loot = dict(doc.get("loot", {}))
        self.potions = doc.get("bag", {}).get("potion", 0)
        self.passer: int | None = None
        self.kills = 0
        self.gained = 0
        self.start_damage = sum(p["damage"] for p in self.p)
        self.acted: set[Any] = set()

    # -- choices -----------------------------------------------------------------------------------------------

    def choose(self, options: list[Any]) -> Any:
        if len(options) == 1:
            return options[0]
        if self.used < len(self.prefix):
            self.used += 1
            return self.prefix[self.used - 1]
        raise Need(options, None)

    def chance(self, options: list[Any], weights: list[Fraction]) -> Any:
        if len(options) == 1:
            return options[0]
        if self.used < len(self.prefix):
            self.used += 1
            return self.prefix[self.used - 1]
        raise Need(options, weights)

    # -- who is where --------------------------------------------------------------------------------------------

    def seats(self) -> list[int]:
        n = len(self.p)
        return [(self.first + i) % n for i in range(n) if (self.first + i) % n != self.passer]

    def alive(self) -> list[int]:
        return [s for s in self.seats() if not self.p[s]["dead"]]

    # -- the play -------------------------------------------------------------------------------------------------

    def play(self) -> None:
        players = sum(1 for p in self.p if not p["serenade"])
        n = len(self.p)
        order = [(self.first + i) % n for i in range(n)]
        humans = [s for s in order if not self.p[s]["serenade"]]
        for k, seat in enumerate(humans):
            p = self.p[seat]
            two = players == 1 or (players == 2 and seat == self.first)
            options: list[Any] = []
            can_pass = players == 4 and seat != self.first and self.passer is None
            must_pass = can_pass and k == len(humans) - 1
            if not must_pass:
                if two:
                    options += [(a, b) for a in sorted(set(p["hand"])) for b in sorted(set(p["hand"]))
                                if a != b or p["hand"].count(a) > 1]
                else:
                    options += [(a,) for a in sorted(set(p["hand"]))]
            if can_pass:
                options.append("pass")
            pick = self.choose(options)
            if pick == "pass":
                self.passer = seat
            else:
                p["cards"] = [self.cards[c] for c in pick]
        for p in self.p:
            if p["serenade"]:
                deck = p["deck"]
                cards = deck if isinstance(deck, list) else deck["unknown"]
                if isinstance(deck, list):
                    top = cards[0]
                else:
                    distinct = sorted(set(cards))
                    top = self.chance(distinct, [Fraction(cards.count(c), len(cards)) for c in distinct])
                p["cards"] = [self.cards[top]]

    # -- effects ------------------------------------------------------------------------------------------------------

    def holder(self, target: tuple[str, int]) -> dict[str, Any] | None:
        kind, where = target
        h = self.p[where] if kind == "p" else self.e[where]
        if h is None or (kind == "p" and h["dead"]):
            return None
        return h

    def hit(self, target: tuple[str, int], amount: int, poison: bool = False) -> None:
        h = self.holder(target)
        if h is None:
            return
        total = amount + h["states"].get("targeted", 0)
        shields = 0 if poison else h["shields"]
        blocked = min(shields, total)
        h["shields"] -= blocked
        h["damage"] += total - blocked
        if target[0] == "p":
            if h["damage"] >= h["health"]:
                h["damage"], h["dead"] = h["health"], True
        elif h["damage"] >= h["card"]["health"]:
            self.kill(target[1])

    def kill(self, space: int) -> None:
        enemy = self.e[space]
        assert enemy is not None
        self.e[space] = None
        self.kills += 1
        death = enemy["card"].get("death", {})
        self.gained += sum(n for k, n in death.items() if k != "damage")
        if death.get("damage"):
            options = self.alive()
            if options:
                seat = self.choose(options)
                self.hit(("p", seat), death["damage"])

    def give_state(self, target: tuple[str, int], state: str, now: int) -> None:
        h = self.holder(target)
        if h is None:
            return
        immune = h["immune"] if target[0] == "p" else set(h["card"].get("immunities", []))
        if state in immune:
            return
        if state == "frozen":
            if target[0] == "p":
                line_of = h["cards"][0]["lines"] if h["cards"] else {}
                actor = ("card", target[1], 0)
            else:
                line_of = h["card"].get("lines", {})
                actor = ("enemy", target[1])
            start = now if (now >= 1 and actor not in self.acted) else now + 1
            for r in range(max(start, 1), 4):
                if line_of.get(ROUNDS[r]) and r not in h["frozen"]:
                    h["frozen"].add(r)
                    return
            return
        h["states"][state] = h["states"].get(state, 0) + 1
        if state == "burning" and h["states"]["burning"] >= 2:
            self.eliminate(target)

    def eliminate(self, target: tuple[str, int]) -> None:
        if target[0] == "p":
            h = self.p[target[1]]
            h["dead"], h["damage"] = True, h["health"]
        else:
            self.kill(target[1])

    # -- actions ---------------------------------------------------------------------------------------------------

    def prisoner_action(self, seat: int, action: dict[str, Any], now: int) -> None:
        if "damage" in action or "state" in action:
            reach = [i for i, s in enumerate(SPACES) if s in action["range"] and self.e[i] is not None]
            k = action.get("targets", 1)
            picked = reach if len(reach) <= k else self.choose([list(c) for c in combinations(reach, k)])
            for space in picked:
                if "damage" in action:
                    self.hit(("e", space), action["damage"])
                else:
                    self.give_state(("e", space), action["state"], now)
        elif "block" in action:
            self.p[seat]["shields"] += action["block"]
        elif "heal" in action:
            hurt = [s for s in self.alive() if self.p[s]["damage"] > 0]
            if hurt:
                s = self.choose(hurt)
                self.p[s]["damage"] -= min(action["heal"], self.p[s]["damage"])
        elif "loot" in action:
            options: list[Any] = [k for k in LOOT if self.loot.get(k)]
            if self.potions:
                options += [("potion", s) for s in self.alive() if self.p[s]["damage"] > 0]
            if options:
                pick = self.choose(options)
                if isinstance(pick, tuple):
                    self.potions -= 1
                    self.gained -= 1
                    self.p[pick[1]]["damage"] = 0
                else:
                    self.gained += self.loot.pop(pick)

    def enemy_action(self, space: int, action: dict[str, Any], now: int) -> None:
        if self.e[space] is None:
            return
        if "block" in action:
            self.e[space]["shields"] += action["block"]  # type: ignore[index]
            return
        seats = self.alive()
        if action.get("first_player"):
            seats = [s for s in seats if s == self.first]
        k = action.get("targets", 1)
        picked = seats if len(seats) <= k else self.choose([list(c) for c in combinations(seats, k)])
        for seat in picked:
            if "damage" in action:
                self.hit(("p", seat), action["damage"])
            else:
                self.give_state(("p", seat), action["state"], now)

    # -- the rounds -------------------------------------------------------------------------------------------------

    def round(self, r: int) -> None:
        self.acted = set()
        label = ROUNDS[r]
        if self.e[0] is not None:
            self.enemy_turn(0, r)
        while r == 0 and self.potions:
            hurt = [s for s in self.alive() if self.p[s]["damage"] > 0]
            if not hurt:
                break
            drink = self.choose(hurt + ["none"])
            if drink == "none":
                break
            self.potions -= 1
            self.gained -= 1
            self.p[drink]["damage"] = 0
        for seat in self.seats():
            p = self.p[seat]
            for k, card in enumerate(p["cards"]):
                self.acted.add(("card", seat, k))
                if p["dead"] or (k == 0 and r in p["frozen"]):
                    continue
                for action in card.get("lines", {}).get(label, []):
                    if not p["dead"]:
                        self.prisoner_action(seat, action, r)
        for space in (1, 2, 3):
            self.enemy_turn(space, r)

    def enemy_turn(self, space: int, r: int) -> None:
        self.acted.add(("enemy", space))
        enemy = self.e[space]
        if enemy is None or r in enemy["frozen"]:
            return
        for action in enemy["card"].get("lines", {}).get(ROUNDS[r], []):
            self.enemy_action(space, action, r)

    def everyone(self) -> list[tuple[str, int]]:
        found = [("e", 0)] if self.e[0] is not None else []
        found += [("p", s) for s in self.seats() if not self.p[s]["dead"]]
        return found + [("e", i) for i in (1, 2, 3) if self.e[i] is not None]

    def end_round(self, r: int) -> None:
        for target in self.everyone():
            h = self.holder(target)
            if h is not None and h["states"].get("poisoned"):
                self.hit(target, h["states"]["poisoned"], poison=True)
        if r == 3:
            return
        for space in (1, 2, 3):
            enemy = self.e[space]
            if enemy is None or enemy["card"]["kind"] != "monster":
                continue
            to = space
            while to > 1 and self.e[to - 1] is None:
                to -= 1
            self.e[to], self.e[space] = enemy, (None if to != space else enemy)

    def run(self) -> tuple[int, int, int, int]:
        self.play()
        round0 = any(card.get("lines", {}).get("0") for p in self.p if p is not None for card in p["cards"]) or any(
            e is not None and e["card"].get("lines", {}).get("0") for e in self.e)
        for r in ([0] if round0 else []) + [1, 2, 3]:
            self.round(r)
            self.end_round(r)
        for target in self.everyone():
            h = self.holder(target)
            if h is not None and h["states"].get("bleeding"):
                self.eliminate(target)
        self.acted = set()
        for space in range(4):
            enemy = self.e[space]
            if enemy is not None and 4 not in enemy["frozen"]:
                for action in enemy["card"].get("lines", {}).get("IV", []):
                    self.enemy_action(space, action, 4)
        deaths = sum(1 for p in self.p if p["dead"])
        damage = sum(p["damage"] for p in self.p) - self.start_damage
        return deaths, damage, self.kills, self.gained


Value = tuple[Fraction, Fraction, Fraction, Fraction]


def best(doc: dict[str, Any], prefix: list[Any] | None = None) -> Value:
    """The best value over every sequence of choices: (chance of no death, expected damage, kills, loot)."""
    prefix = prefix or []
    try:
        deaths, damage, kills, loot = Sim(copy.deepcopy(doc), prefix).run()
    except Need as need:
        values = [best(doc, prefix + [option]) for option in need.options]
        if need.weights is None:
            return max(values, key=lambda v: (v[0], -v[1], v[2], v[3]))
        return tuple(sum((w * v[i] for w, v in zip(need.weights, values)), Fraction(0)) for i in range(4))  # type: ignore[return-value]
    return (Fraction(int(deaths == 0)), Fraction(damage), Fraction(kills), Fraction(loot))
