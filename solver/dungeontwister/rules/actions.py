"""The action notation: one action a line, words separated by spaces, options as ``key=value``.

============================================  =====================================================================
``move C T1 T2 ...``                          a move along the tokens of :mod:`solver.dungeontwister.rules.movement`
``jump C P B [card=N]``                       over the pit ``P`` into ``B``; ``card=N`` spends combat card N as the jump
``rotate R by C [cw|ccw]``                    turn room ``R`` (the mechanork chooses the way)
``reveal R by C [X@Z ...]``                   reveal room ``R``, placing each card beside it in a zone
``attack C T [cards=A/D] [name=V]``           a melee (``A`` may be ``3+4`` for a berserker; ``name`` a telepath's)
``lance C T [cards=A/D]``                     a melee with the telescopic lance into a linked zone
``shoot C T [with=crossbow|bow] [cards=A/D]``  a ranged combat
``lockpick C Z`` / ``key C Z``                open or close the portcullis between C's zone and ``Z``
``bend C Z``                                  break that portcullis (colossus, warrior)
``smash C``                                   the golem breaks every wall of its room
``wallwalk C Z``                              the wall walker crosses the wall into ``Z``
``heal C W`` / ``regenerate C``               the cleric heals ``W``; the troll heals itself
``steal C X``                                 the pickpocket takes object ``X`` from an enemy in its zone
``telekinesis C X Z1 [Z2 [Z3]] [>Y]``         the telekinetic flies object ``X`` up to 3 zones (and gives it to ``Y``)
``fireball C T``                              a spellcaster burns the fireball scroll at ``T``
``pickup C W``                                pick up wounded friend ``W`` (DT-WOUNDED-PICKUP's other reading)
``end``                                       end the turn
============================================  =====================================================================

>>> format_action(parse_action("attack  berserker troll cards=3+4/2"))
'attack berserker troll cards=3+4/2'
>>> parse_action("rotate A by mech ccw").options
(('dir', 'ccw'),)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from solver.base.errors import NotationError
from solver.dungeontwister.rules.duel import Play


class Verb(StrEnum):
    MOVE = "move"
    JUMP = "jump"
    ROTATE = "rotate"
    REVEAL = "reveal"
    ATTACK = "attack"
    LANCE = "lance"
    SHOOT = "shoot"
    LOCKPICK = "lockpick"
    KEY = "key"
    BEND = "bend"
    SMASH = "smash"
    WALLWALK = "wallwalk"
    HEAL = "heal"
    REGENERATE = "regenerate"
    STEAL = "steal"
    TELEKINESIS = "telekinesis"
    FIREBALL = "fireball"
    INVERSION = "inversion"
    PICKUP = "pickup"
    END = "end"


COMBATS = (Verb.ATTACK, Verb.LANCE, Verb.SHOOT)
OPTIONS = {"cards", "name", "with", "card"}
MAX_ACTION = 400
"""Characters in one action's text (a move of a few zones is short)."""


@dataclass(frozen=True)
class Action:
    verb: Verb
    actor: str = ""
    target: str = ""
    path: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()

    def option(self, key: str) -> str | None:
        return dict(self.options).get(key)

    def with_option(self, key: str, value: str) -> Action:
        kept = tuple((k, v) for k, v in self.options if k != key)
        return Action(self.verb, self.actor, self.target, self.path, tuple(sorted((*kept, (key, value)))))

    @property
    def needs_cards(self) -> bool:
        return self.verb in COMBATS and self.option("cards") is None


def parse_cards(text: str) -> tuple[Play, Play]:
    """``3/1`` or ``3+4/1`` or ``/2`` (a side with no card): the attacker's play and the defender's.

    >>> parse_cards("3+4/0")
    ((3, 4), (0,))
    """
    attacker, slash, defender = text.partition("/")
    if not slash:
        raise NotationError(f"cards={text!r}: write the attacker's card, a slash, the defender's: cards=3/1")
    return _play(attacker, text), _play(defender, text)


def _play(part: str, whole: str) -> Play:
    if not part:
        return ()
    try:
        cards = tuple(sorted(int(c) for c in part.split("+")))
    except ValueError:
        raise NotationError(f"cards={whole!r}: a card is a number (two joined by + for a berserker)") from None
    if any(c < 0 or c > 99 for c in cards):
        raise NotationError(f"cards={whole!r}: card values are 0 to 99")
    return cards


def parse_action(text: str) -> Action:
    """The action ``text`` writes; raises :class:`NotationError` saying what would be valid."""
    if len(text) > MAX_ACTION:
        raise NotationError(f"an action is at most {MAX_ACTION} characters, got {len(text):,}")
    words = text.split()
    if not words:
        raise NotationError("an empty action: one of " + ", ".join(v.value for v in Verb))
    try:
        verb = Verb(words[0])
    except ValueError:
        raise NotationError(f"{words[0]!r} is not an action: one of {', '.join(v.value for v in Verb)}") from None
    options: list[tuple[str, str]] = []
    rest: list[str] = []
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if eq and key in OPTIONS:
            options.append((key, value))
        else:
            rest.append(word)
    action = _shape(verb, rest, text)
    return Action(action.verb, action.actor, action.target, action.path, tuple(sorted((*action.options, *options))))


def _need(words: list[str], count: int, usage: str) -> list[str]:
    if len(words) != count:
        raise NotationError(f"expected: {usage}")
    return words


def _shape(verb: Verb, words: list[str], text: str) -> Action:
    if verb is Verb.END:
        _need(words, 0, "end")
        return Action(verb)
    if verb is Verb.MOVE:
        if len(words) < 2:
            raise NotationError("expected: move CHARACTER ZONE... (at least one step)")
        return Action(verb, words[0], path=tuple(words[1:]))
    if verb is Verb.JUMP:
        actor, pit, landing = _need(words, 3, "jump CHARACTER PIT ZONE [card=N]")
        return Action(verb, actor, landing, (pit,))
    if verb in (Verb.ROTATE, Verb.REVEAL):
        if len(words) < 3 or words[1] != "by":
            raise NotationError(f"expected: {verb.value} ROOM by CHARACTER ...")
        room, _, actor, *more = words
        if verb is Verb.ROTATE:
            if more not in ([], ["cw"], ["ccw"]):
                raise NotationError("expected: rotate ROOM by CHARACTER [cw|ccw]")
            return Action(verb, actor, room, options=(("dir", more[0]),) if more else ())
        return Action(verb, actor, room, tuple(more))
    if verb in (Verb.SMASH, Verb.REGENERATE):
        (actor,) = _need(words, 1, f"{verb.value} CHARACTER")
        return Action(verb, actor)
    if verb is Verb.TELEKINESIS:
        if len(words) < 3:
            raise NotationError("expected: telekinesis CHARACTER OBJECT ZONE [ZONE [ZONE]] [>CHARACTER]")
        return Action(verb, words[0], words[1], tuple(words[2:]))
    actor, target = _need(words, 2, f"{verb.value} CHARACTER TARGET")
    return Action(verb, actor, target)


def format_action(action: Action) -> str:
    """The action in the notation (``parse_action`` reads it back)."""
    options = " ".join(f"{k}={v}" for k, v in action.options if k != "dir")
    if action.verb is Verb.END:
        words = ["end"]
    elif action.verb is Verb.MOVE:
        words = ["move", action.actor, *action.path]
    elif action.verb is Verb.JUMP:
        words = ["jump", action.actor, *action.path, action.target]
    elif action.verb in (Verb.ROTATE, Verb.REVEAL):
        words = [action.verb.value, action.target, "by", action.actor, *action.path]
        if action.option("dir"):
            words.append(str(action.option("dir")))
    elif action.verb in (Verb.SMASH, Verb.REGENERATE):
        words = [action.verb.value, action.actor]
    elif action.verb is Verb.TELEKINESIS:
        words = ["telekinesis", action.actor, action.target, *action.path]
    else:
        words = [action.verb.value, action.actor, action.target]
    return " ".join(words + ([options] if options else []))
