"""The pieces and the position: immutable, hashable values.

A :class:`Position` is the board (fixed, shared), the layout (what turns and
breaks), the two players (AP, jump cards, combat cards, VP), the characters
and the objects. Every change makes a new position (``dataclasses.replace``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from solver.dungeontwister.model.board import Board, Layout
from solver.dungeontwister.model.catalogue import CHARACTERS, OBJECTS, Ability, CharacterCard, Kind, ObjectCard, ObjectKind
from solver.dungeontwister.model.rulings import DEFAULT, Rulings

MAX_AP = 6
"""At most 3 kept and 3 gained."""
KEPT_AP = 3
GAINED_AP = 3


class Place(StrEnum):
    """Where a character or an object is."""

    ZONE = "zone"
    """In a zone or on a start zone (``zone`` says which)."""
    BESIDE = "beside"
    """Face down beside a room not yet revealed (``zone`` is the room's id)."""
    CARRIED = "carried"
    """Carried (objects and wounded characters); the carrier lists it."""
    DEAD = "dead"
    ESCAPED = "escaped"
    GONE = "gone"
    """An object discarded (used up, carried out, broken)."""


@dataclass(frozen=True, slots=True)
class Character:
    ident: str
    kind: Kind
    owner: int
    place: Place = Place.ZONE
    zone: str = ""
    facing: str = ""
    """On a start zone: the zone it faces."""
    wounded: bool = False
    wounded_this_turn: bool = False
    carrying: tuple[str, ...] = ()
    """Ids of the objects and wounded friends it carries."""
    entered_from: str = ""
    """Held in its zone this turn by an unwounded enemy: the zone it came in from, the only way out."""
    shot: bool = False
    """The crossbowman has shot this turn."""
    free_melee: bool = False
    """The samurai has had its free melee this turn."""
    resting: bool = False
    """Healed or regenerated this turn: it does nothing else this turn."""
    walls_broken: bool = False
    """The golem has broken walls (once a game)."""

    @property
    def card(self) -> CharacterCard:
        return CHARACTERS[self.kind]

    def has(self, ability: Ability) -> bool:
        """Whether its ability works now (a wounded character has none, but the paladin keeps its strength)."""
        if self.wounded and ability is not Ability.MIGHTY:
            return False
        return self.card.has(ability)

    @property
    def on_board(self) -> bool:
        return self.place is Place.ZONE or self.place is Place.CARRIED

    @property
    def active(self) -> bool:
        """It may act: on the board, carried by no one, unwounded and not resting."""
        return self.place is Place.ZONE and not self.wounded and not self.resting


@dataclass(frozen=True, slots=True)
class Item:
    """An object card in play."""

    ident: str
    kind: ObjectKind
    owner: int
    """Whose colour it is (it does not limit who carries it)."""
    place: Place = Place.ZONE
    zone: str = ""

    @property
    def card(self) -> ObjectCard:
        return OBJECTS[self.kind]


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    ap: int = 0
    jump_cards: int = 3
    cards: tuple[int, ...] = ()
    """The combat cards in hand, sorted (the spent ones are gone for good, but the 0)."""
    vp: int = 0


@dataclass(frozen=True)
class Position:
    board: Board
    layout: Layout
    players: tuple[Player, Player]
    characters: tuple[Character, ...]
    items: tuple[Item, ...]
    to_move: int = 0
    target_vp: int = 5
    rulings: Rulings = DEFAULT
    winner: int = -1
    """The player who reached the target VP (DT-WIN); -1 while the game goes on."""

    # -- looking things up -----------------------------------------------------------------------------------------
    def character(self, ident: str) -> Character:
        for c in self.characters:
            if c.ident == ident:
                return c
        raise KeyError(ident)

    def item(self, ident: str) -> Item:
        for i in self.items:
            if i.ident == ident:
                return i
        raise KeyError(ident)

    def has_character(self, ident: str) -> bool:
        return any(c.ident == ident for c in self.characters)

    def has_item(self, ident: str) -> bool:
        return any(i.ident == ident for i in self.items)

    def zone_of(self, character: Character) -> str:
        """Where a character on the board is (a carried one is where its carrier is)."""
        if character.place is Place.CARRIED:
            carrier = self.carrier_of(character.ident)
            return carrier.zone if carrier is not None else ""
        return character.zone if character.place is Place.ZONE else ""

    def carrier_of(self, ident: str) -> Character | None:
        return next((c for c in self.characters if ident in c.carrying), None)

    def in_zone(self, zone: str) -> tuple[Character, ...]:
        """The characters in ``zone``, carried ones included."""
        return tuple(c for c in self.characters if c.on_board and self.zone_of(c) == zone)

    def items_in_zone(self, zone: str) -> tuple[Item, ...]:
        """The objects lying in ``zone`` (not carried)."""
        return tuple(i for i in self.items if i.place is Place.ZONE and i.zone == zone)

    def carried_objects(self, character: Character) -> tuple[Item, ...]:
        return tuple(self.item(x) for x in character.carrying if self.has_item(x))

    def carries(self, character: Character, kind: ObjectKind) -> bool:
        return any(self.item(x).kind is kind for x in character.carrying if self.has_item(x))

    def enemies_in(self, zone: str, player: int, unwounded_only: bool = False) -> tuple[Character, ...]:
        return tuple(c for c in self.in_zone(zone) if c.owner != player and not (unwounded_only and c.wounded))

    @property
    def opponent(self) -> int:
        return 1 - self.to_move

    # -- making changes --------------------------------------------------------------------------------------------
    def with_character(self, character: Character) -> Position:
        return replace(self, characters=tuple(character if c.ident == character.ident else c for c in self.characters))

    def with_item(self, item: Item) -> Position:
        return replace(self, items=tuple(item if i.ident == item.ident else i for i in self.items))

    def with_player(self, index: int, player: Player) -> Position:
        players = list(self.players)
        players[index] = player
        return replace(self, players=(players[0], players[1]))


def capacity(character: Character) -> int:
    """How many things it may carry: 1 (golden rule C), 2 for the paladin, none for the ghost."""
    card = character.card
    if card.has(Ability.NO_CARRYING):
        return 0
    return 2 if card.has(Ability.MIGHTY) else 1
