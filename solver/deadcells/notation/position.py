"""The combat position form ``lueur-dc-combat/1``: reading a decoded document, every problem located.

docs/dead-cells.md describes every field. Reading goes on after a problem so
that a document's every problem is reported at once. Once the position reads,
its ``choices`` are replayed through the engine: a choice the rules refuse is
a problem at ``choices[i]`` listing what was possible.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from solver.core.errors import IllegalActionError, PositionError, Problem
from solver.deadcells.model.cards import Catalogue
from solver.deadcells.model.state import NO_LOOT, NO_STATES, Boss, Combat, Enemy, Prisoner
from solver.deadcells.model.vocabulary import (
    LOOT_INDEX,
    LOOT_KINDS,
    ROUND_LABELS,
    SPACE_INDEX,
    SPACES,
    STATE_INDEX,
    STATES,
    EnemyKind,
    LootKind,
    Round,
    Space,
    StateKind,
)
from solver.deadcells.notation.bounds import (
    DAMAGE_TOKENS,
    MAX_CHOICES,
    MAX_LOOT,
    MAX_MANCHE,
    SHIELD_TOKENS,
    STATE_TOKENS,
)
from solver.deadcells.notation.cards_reader import ident_problem, read_cards
from solver.deadcells.notation.prisoners import ReadPrisoner, read_prisoners
from solver.deadcells.notation.vocabulary_reader import read_counts
from solver.deadcells.rules import engine
from solver.deadcells.rules.events import Event
from solver.deadcells.rules.play import cards_to_play
from solver.deadcells.rulings import DEFAULT, SWITCH_NAMES, Rulings
from solver.notation.fields import Reader, shown

FORMAT = "lueur-dc-combat/1"
FIELDS = ("format", "cards", "prisoners", "first_player", "passer", "enemies", "encounter", "loot", "bag", "wall_void",
          "boss", "rulings", "choices", "meta")
ENEMY_FIELDS = ("card", "damage", "shields", "states", "frozen", "stage")
BOSS_FIELDS = ("manche", "passed", "round0")
LOOT_WORDS = tuple(k.value for k in LOOT_KINDS)


@dataclass(frozen=True)
class Loaded:
    """A position read: the combat as read, at its first choice, after its choices; the events of both."""

    initial: Combat
    """The combat as the document gives it, before any step runs (``rules.engine.start`` runs it)."""
    start: Combat
    combat: Combat
    choices: tuple[str, ...]
    events: tuple[Event, ...]
    opening: tuple[Event, ...]
    title: str | None = None
    document: Any = None
    """The document read (the choices made since are appended to its ``choices`` when it is written)."""


def read(document: Any) -> Loaded:
    """The position of a decoded document; raises :class:`PositionError` listing every problem with its place."""
    reader = Reader()
    loaded = _Read(reader).document(document)
    if reader.problems or loaded is None:
        raise PositionError(reader.problems or [Problem("", "not a position")])
    return loaded


class _Read:
    def __init__(self, reader: Reader) -> None:
        self.r = reader

    def document(self, doc: Any) -> Loaded | None:
        obj = self.r.object(doc, "")
        if obj is None:
            return None
        self.r.unknown_fields(obj, "", FIELDS)
        if obj.get("format") != FORMAT:
            self.r.problem("format", f"expected {json.dumps(FORMAT)}, got {shown(obj.get('format'))}")
        rulings = self.rulings(obj.get("rulings", {}))
        cards = read_cards(self.r, obj.get("cards", {}))
        if cards is None:
            return None
        read = read_prisoners(self.r, obj.get("prisoners"), cards)
        prisoners = [p.prisoner for p in read]
        names = [p.name for p in prisoners]
        first = self.name(obj.get("first_player"), "first_player", names)
        passer = self.name(obj["passer"], "passer", names) if "passer" in obj else None
        enemies = self.board(obj, cards)
        loot = self.loot(obj.get("loot", {}), "loot")
        bag = self.loot(obj.get("bag", {}), "bag")
        wall_void = obj.get("wall_void")
        if wall_void is not None:
            wall_void = self.r.choice(wall_void, "wall_void", ["wall", "void"])
        boss = self.boss(obj, cards, enemies, names)
        choices = self.choices(obj.get("choices", []))
        meta = obj.get("meta")
        title = meta.get("title") if isinstance(meta, dict) and isinstance(meta.get("title"), str) else None
        if self.r.problems or first is None or enemies is None or len(read) != len(self.r_items(obj)):
            return None
        combat = Combat(prisoners=tuple(prisoners), first=names.index(first), enemies=enemies, loot=loot, bag=bag,
                        passer=names.index(passer) if passer else None, wall_void=wall_void, boss=boss,
                        rulings=rulings, cards=cards,
                        start_damage=sum(p.damage for p in prisoners))
        self.consistent(combat, read)
        if self.r.problems:
            return None
        return self.replay(combat, choices, title, doc)

    def r_items(self, obj: dict[str, Any]) -> list[Any]:
        items = obj.get("prisoners")
        return items if isinstance(items, list) else []

    def rulings(self, value: Any) -> Rulings:
        obj = self.r.object(value, "rulings")
        rulings = DEFAULT
        for key, flag in (obj or {}).items():
            if key not in SWITCH_NAMES:
                self.r.problem(f"rulings.{key}", f"unknown ruling; rulings: {', '.join(SWITCH_NAMES)}")
            elif self.r.boolean(flag, f"rulings.{key}") is not None:
                rulings = rulings.with_switch(key, flag)
        return rulings

    def name(self, value: Any, path: str, names: list[str]) -> str | None:
        if value not in names:
            self.r.problem(path, f"{shown(value)} is not a prisoner; prisoners: {', '.join(names) or 'none'}")
            return None
        return str(value)

    def loot(self, value: Any, path: str) -> tuple[int, ...]:
        counts = read_counts(self.r, value, path, LOOT_WORDS, MAX_LOOT)
        out = list(NO_LOOT)
        for key, n in counts.items():
            out[LOOT_INDEX[LootKind(key)]] = n
        return tuple(out)

    def board(self, obj: dict[str, Any], cards: Catalogue) -> tuple[Enemy | None, ...] | None:
        if "enemies" in obj and "encounter" in obj:
            self.r.problem("encounter", "give either enemies (by space) or encounter (the cards in the order drawn), "
                                        "not both")
            return None
        if "encounter" in obj:
            return self.encounter(obj["encounter"], cards)
        given = self.r.object(obj.get("enemies", {}), "enemies")
        board: list[Enemy | None] = [None] * len(SPACES)
        for key, item in (given or {}).items():
            if key not in [s.value for s in SPACES]:
                self.r.problem(f"enemies.{key}", f"unknown space; spaces: {', '.join(s.value for s in SPACES)} (one left "
                                                 "of the group, three right of it)")
                continue
            enemy = self.enemy(item, f"enemies.{key}", cards)
            if enemy is not None:
                board[SPACE_INDEX[Space(key)]] = enemy
        return tuple(board)

    def enemy(self, value: Any, path: str, cards: Catalogue) -> Enemy | None:
        obj = self.r.object(value, path)
        if obj is None:
            return None
        self.r.unknown_fields(obj, path, ENEMY_FIELDS)
        ident = ident_problem(self.r, obj.get("card"), f"{path}.card", "card id")
        if ident is None:
            return None
        if ident not in cards.enemies:
            self.r.problem(f"{path}.card", f"no monster, boss or enemy card {shown(ident)} in cards")
            return None
        card = cards.enemies[ident]
        stage = self.r.integer(obj.get("stage", 0), f"{path}.stage", 0, len(card.stages) - 1)
        if stage is None:
            return None
        side = card.stages[stage]
        damage = self.r.integer(obj.get("damage", 0), f"{path}.damage", 0, side.health - 1)
        shields = self.r.integer(obj.get("shields", 0), f"{path}.shields", 0, SHIELD_TOKENS)
        counts = read_counts(self.r, obj.get("states", {}), f"{path}.states", tuple(s.value for s in STATES), STATE_TOKENS)
        if "frozen" in counts:
            self.r.problem(f"{path}.states.frozen", "a Frozen token sits on a line: give the rounds as frozen")
        if counts.get("burning", 0) >= 2:
            self.r.problem(f"{path}.states.burning", "a second Burning token eliminates at once (p. 11): at most 1")
        states = list(NO_STATES)
        for key, n in counts.items():
            states[STATE_INDEX[StateKind(key)]] = n
        frozen = set()
        for i, label in enumerate(self.r.list(obj.get("frozen", []), f"{path}.frozen") or []):
            word = self.r.choice(label, f"{path}.frozen[{i}]", ROUND_LABELS[1:])
            if word is not None:
                if not side.lines[Round.parse(word)]:
                    self.r.problem(f"{path}.frozen[{i}]", f"line {word} of {ident} is empty: Frozen lands on a line "
                                                          "with an action (p. 11)")
                frozen.add(int(Round.parse(word)))
        if damage is None or shields is None:
            return None
        return Enemy(ident, damage, shields, tuple(states), frozenset(frozen), stage)

    def encounter(self, value: Any, cards: Catalogue) -> tuple[Enemy | None, ...] | None:
        """The encounter's cards placed one at a time (p. 8): a special placement if its space is free, else the
        first free space from R1."""
        items = self.r.list(value, "encounter")
        if items is None:
            return None
        board: list[Enemy | None] = [None] * len(SPACES)
        for i, item in enumerate(items):
            ident = ident_problem(self.r, item, f"encounter[{i}]", "card id")
            if ident is None:
                continue
            if ident not in cards.enemies:
                self.r.problem(f"encounter[{i}]", f"no monster, boss or enemy card {shown(ident)} in cards")
                continue
            placement = cards.enemies[ident].placement
            if placement is not None and board[SPACE_INDEX[placement]] is None:
                board[SPACE_INDEX[placement]] = Enemy(ident)
                continue
            free = [SPACE_INDEX[s] for s in (Space.R1, Space.R2, Space.R3) if board[SPACE_INDEX[s]] is None]
            if not free:
                self.r.problem(f"encounter[{i}]", "the three spaces right of the group are taken: the rules do not say "
                                                  "where another enemy goes")
                continue
            board[free[0]] = Enemy(ident)
        return tuple(board)

    def boss(self, obj: dict[str, Any], cards: Catalogue, enemies: tuple[Enemy | None, ...] | None,
             names: list[str]) -> Boss | None:
        bosses = [e for e in enemies or () if e is not None and cards.enemies[e.card].kind is EnemyKind.BOSS]
        if "boss" not in obj:
            return Boss() if bosses else None
        if not bosses:
            self.r.problem("boss", "a boss fight needs a boss card on the board")
            return None
        given = self.r.object(obj["boss"], "boss") or {}
        self.r.unknown_fields(given, "boss", BOSS_FIELDS)
        manche = self.r.integer(given.get("manche", 1), "boss.manche", 1, MAX_MANCHE) or 1
        passed = []
        for i, name in enumerate(self.r.list(given.get("passed", []), "boss.passed") or []):
            if self.name(name, f"boss.passed[{i}]", names) is not None:
                passed.append(str(name))
        round0 = self.r.boolean(given.get("round0", manche == 1), "boss.round0")
        return Boss(manche, frozenset(passed), None, bool(round0))

    def choices(self, value: Any) -> tuple[str, ...]:
        items = self.r.list(value, "choices")
        if items is None:
            return ()
        if len(items) > MAX_CHOICES:
            self.r.problem("choices", f"{len(items):,} choices: at most {MAX_CHOICES:,}")
            return ()
        found = [self.r.string(item, f"choices[{i}]") for i, item in enumerate(items)]
        return tuple(f for f in found if f is not None)

    def consistent(self, combat: Combat, read: list[ReadPrisoner]) -> None:
        """The checks across fields: who plays, who passes, Serenade, the token supply."""
        players = combat.players
        serenades = [p for p in read if p.prisoner.serenade]
        if not 1 <= players <= 4:
            self.r.problem("prisoners", f"{players} players: Dead Cells is for 1 to 4")
        if players == 1 and len(serenades) != 1:
            self.r.problem("prisoners", "a solo combat needs Serenade beside the prisoner (p. 18): add a prisoner with "
                                        "\"serenade\": true")
        if players > 1 and serenades:
            self.r.problem(f"{serenades[0].path}.serenade", "Serenade plays only in solo (p. 18)")
        if len(serenades) > 1:
            self.r.problem("prisoners", "one Serenade at most")
        self.plays(combat, read)
        self.tokens(combat)
        self.serenade_powers(combat, read)

    def plays(self, combat: Combat, read: list[ReadPrisoner]) -> None:
        players = combat.players
        played = [p for p in read if p.prisoner.played and not p.prisoner.serenade]
        if combat.passer is not None:
            passer = combat.prisoners[combat.passer]
            if players != 4:
                self.r.problem("passer", f"only in a 4-player game does one player pass (p. 10), not with {players}")
            elif combat.passer == combat.first and (combat.boss is None or combat.rulings.pass_deadlock):
                self.r.problem("passer", f"{passer.name} is the First Player, who must take part and may not pass (p. 10)")
            elif passer.played:
                self.r.problem("passer", f"{passer.name} passes and plays a card at once")
            elif not played:
                self.r.problem("passer", "a passer is named before the cards are played: give played for the others, "
                                         "or leave the passer to the choices")
        for item in read:
            p = item.prisoner
            seat = combat.seat_of(p.name)
            assert seat is not None
            need = cards_to_play(combat, seat)
            if p.serenade:
                if len(p.played) > 1:
                    self.r.problem(f"{item.path}.played", "Serenade plays one card, the top of her deck (p. 18)")
                continue
            if played and seat != combat.passer and len(p.played) != need:
                self.r.problem(f"{item.path}.played", f"{p.name} plays {need} card{'s' * (need > 1)}, not "
                                                      f"{len(p.played)} (p. 10: 3 cards are played in all)")
            if not played and len(p.hand) < need and not (players == 4 and seat != combat.first):
                self.r.problem(f"{item.path}.hand", f"{p.name} must play {need} card{'s' * (need > 1)} but holds "
                                                    f"{len(p.hand)}")
        if played and players == 4 and combat.passer is None:
            self.r.problem("passer", "with 4 players and the cards played, name the player who passed (p. 10)")

    def tokens(self, combat: Combat) -> None:
        """No more tokens on the board than the box holds (p. 2)."""
        holders: list[Prisoner | Enemy] = [*combat.prisoners, *(e for e in combat.enemies if e is not None)]
        for state in STATES:
            count = sum(h.states[STATE_INDEX[state]] for h in holders)
            if state is StateKind.FROZEN:
                count = sum(len(f) for p in combat.prisoners for f in p.frozen)
                count += sum(len(e.frozen) for e in combat.enemies if e is not None)
            if count > STATE_TOKENS:
                self.r.problem("", f"{count} {state.value} tokens on the board: the box holds {STATE_TOKENS}")
        shields = sum(h.shields for h in holders)
        if shields > SHIELD_TOKENS:
            self.r.problem("", f"{shields} shields on the board: the box holds {SHIELD_TOKENS}")
        damage = sum(h.damage for h in holders) + sum(d for p in combat.prisoners for _, d in p.companion_damage)
        if damage > DAMAGE_TOKENS:
            self.r.problem("", f"{damage} damage tokens on the board: the box holds {DAMAGE_TOKENS}")

    def serenade_powers(self, combat: Combat, read: list[ReadPrisoner]) -> None:
        """Serenade's power comes from the symbols of the prisoner's top discard: each one needs its power entered."""
        serenade = next((p for p in read if p.prisoner.serenade), None)
        if serenade is None:
            return
        prisoner = next(p.prisoner for p in read if not p.prisoner.serenade)
        if not prisoner.discard:
            return
        symbols = combat.cards.combat[prisoner.discard[-1]].symbols
        entered = {p.symbol for p in serenade.prisoner.powers}
        for symbol in symbols:
            if symbol not in entered:
                self.r.problem(f"{serenade.path}.powers", f"the prisoner's top discard shows {symbol.value}: enter "
                                                          f"Serenade's {symbol.value} power (her board, p. 18)")

    def replay(self, combat: Combat, choices: tuple[str, ...], title: str | None, doc: Any) -> Loaded | None:
        opening: list[Event] = []
        start = engine.start(combat, opening)
        events: list[Event] = []
        current = start
        for index, choice in enumerate(choices):
            try:
                current = engine.apply(current, choice, events)
            except IllegalActionError as exc:
                legal = f"; choices: {', '.join(exc.legal[:12])}" + (" ..." if len(exc.legal) > 12 else "") if exc.legal else ""
                self.r.problem(f"choices[{index}]", f"{shown(choice)}: {exc.reason}{legal}")
                return None
        return Loaded(combat, start, current, choices, tuple(events), tuple(opening), title, doc)


def with_choices(loaded: Loaded, more: list[str]) -> tuple[Loaded, list[Event]]:
    """The position after more choices (IllegalActionError at the first the rules refuse), and their events."""
    events: list[Event] = []
    current = loaded.combat
    for choice in more:
        current = engine.apply(current, choice, events)
    done = replace(loaded, combat=current, choices=loaded.choices + tuple(engine.normalized(c) for c in more),
                   events=loaded.events + tuple(events))
    return done, events


def document_with_choices(loaded: Loaded) -> dict[str, Any]:
    """The document read, its ``choices`` replaced by every choice made so far (a copy)."""
    document = json.loads(json.dumps(loaded.document))
    document["choices"] = list(loaded.choices)
    return document
