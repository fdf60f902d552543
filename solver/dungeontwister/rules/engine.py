"""The rules engine's public face: the legal actions of the player to move, and applying one.

Every action costs 1 AP (the aid: « Réaliser 1 action = diminuer sa carte d'1
PA »), but ``end`` and the samurai's free melee; an action is finished before
the next starts (golden rule A), and golden rule B is checked at its end.
:func:`apply` returns the position after and the events, each citing the
aid's line that decides it; a refused action raises
:class:`~solver.base.errors.IllegalActionError` saying why.

A combat is listed once, without its cards: both players choose them at once
(``dt combat`` advises); applying it needs ``cards=A/D``.
"""

from __future__ import annotations

from dataclasses import replace

from solver.base.errors import IllegalActionError, NotationError
from solver.dungeontwister.model.board import PORTCULLISES, WALLS
from solver.dungeontwister.model.catalogue import Ability, ObjectKind
from solver.dungeontwister.model.checks import MAX_PER_ZONE
from solver.dungeontwister.model.events import Event, Illegal, event
from solver.dungeontwister.model.state import GAINED_AP, KEPT_AP, MAX_AP, Character, Place, Position
from solver.dungeontwister.rules import abilities, board_actions, movement
from solver.dungeontwister.rules.actions import Action, Verb, format_action, parse_action, parse_cards
from solver.dungeontwister.rules.engagement import CombatKind, Weapon, engage, shooter_value
from solver.dungeontwister.rules.fights import resolve
from solver.dungeontwister.rules.scoring import escape
from solver.dungeontwister.rules.sight import sees

FREE = (Verb.END,)


def apply(position: Position, action: Action | str) -> tuple[Position, list[Event]]:
    """Play one action (or its text); raises :class:`IllegalActionError` (or :class:`NotationError` for bad text)."""
    if isinstance(action, str):
        action = parse_action(action)
    text = format_action(action)
    try:
        return _apply(position, action)
    except Illegal as refused:
        reason = refused.reason
        if refused.citation is not None:
            reason += f" [{refused.citation.text()}]"
        raise IllegalActionError(text, reason) from None
    except NotationError as bad:
        raise IllegalActionError(text, str(bad)) from None


def _apply(position: Position, action: Action) -> tuple[Position, list[Event]]:
    if position.winner >= 0:
        raise Illegal(f"the game is over: {position.players[position.winner].name} has {position.target_vp} VP", "scenario")
    if action.verb is Verb.END:
        return end_turn(position)
    if action.verb is Verb.INVERSION:
        raise Illegal("the inversion scroll swaps two rooms' places, and a zone graph does not say where rooms lie "
                      "(DT-INVERSION): not played", "object_ap")
    cost, free_melee = 1, False
    if action.verb in (Verb.ATTACK, Verb.LANCE) and position.has_character(action.actor):
        c = position.character(action.actor)
        free_melee = c.has(Ability.SEASONED) and not c.free_melee
        cost = 0 if free_melee else 1
    player = position.players[position.to_move]
    if player.ap < cost:
        raise Illegal(f"{player.name} has no AP left: end the turn", "ap_spend")
    after, events = _play(position, action)
    if cost:
        spender = after.players[position.to_move]
        after = after.with_player(position.to_move, replace(spender, ap=spender.ap - cost))
    elif free_melee:
        events.insert(0, Event("the samurai's free melee this turn (0 AP)", position.character(action.actor).card.abilities[0]
                               .citation))
    crowded = _crowded(after)
    if crowded:
        raise Illegal(crowded, "golden_b")
    return after, events


def _crowded(position: Position) -> str | None:
    counts: dict[tuple[str, int], int] = {}
    for c in position.characters:
        if c.on_board:
            key = (position.zone_of(c), c.owner)
            counts[key] = counts.get(key, 0) + 1
    over = sorted(k for k, n in counts.items() if n > MAX_PER_ZONE)
    if over:
        zone, owner = over[0]
        return f"{position.players[owner].name} would have more than {MAX_PER_ZONE} characters in {zone} (golden rule B)"
    return None


def _play(position: Position, action: Action) -> tuple[Position, list[Event]]:
    verb = action.verb
    if verb is Verb.MOVE:
        board_actions.own_active(position, action.actor)
        after, events = movement.walk(position, action.actor, action.path)
        if after.character(action.actor).place is Place.ESCAPED:
            after, scored = escape(after, action.actor)
            events += scored
        return after, events
    if verb is Verb.JUMP:
        card = action.option("card")
        return board_actions.jump(position, action.actor, action.path[0], action.target, _number(card, "card"))
    if verb is Verb.ROTATE:
        return board_actions.rotate(position, action.actor, action.target, action.option("dir"))
    if verb is Verb.REVEAL:
        return board_actions.reveal(position, action.actor, action.target, action.path)
    if verb in (Verb.ATTACK, Verb.LANCE, Verb.SHOOT):
        return _combat(position, action)
    return _ability(position, action)


def _number(text: str | None, key: str) -> int | None:
    if text is None:
        return None
    if not text.isdigit() or len(text) > 3:
        raise Illegal(f"{key}={text!r}: a card value, a whole number", "jump_combat_card")
    return int(text)


def _combat(position: Position, action: Action) -> tuple[Position, list[Event]]:
    kind = {Verb.ATTACK: CombatKind.MELEE, Verb.LANCE: CombatKind.LANCE, Verb.SHOOT: CombatKind.RANGED}[action.verb]
    weapon_text = action.option("with")
    if weapon_text is not None and weapon_text not in ("bow", "crossbow"):
        raise Illegal(f"with={weapon_text!r}: bow or crossbow", "ranged_who")
    weapon = Weapon(weapon_text) if weapon_text else None
    engagement = engage(position, kind, action.actor, action.target, weapon)
    cards = action.option("cards")
    if cards is None:
        raise Illegal("the combat is legal; say the cards both players chose: cards=A/D (dt combat advises)",
                      "melee_cards" if kind is not CombatKind.RANGED else "ranged_cards")
    attacker_cards, defender_cards = parse_cards(cards)
    named = _number(action.option("name"), "name")
    after, events, _ = resolve(position, engagement, attacker_cards, defender_cards, named)
    return after, events


def _ability(position: Position, action: Action) -> tuple[Position, list[Event]]:
    verb, actor, target = action.verb, action.actor, action.target
    if verb in (Verb.LOCKPICK, Verb.KEY):
        return abilities.toggle_portcullis(position, actor, target, verb.value)
    if verb is Verb.BEND:
        return abilities.bend_bars(position, actor, target)
    if verb is Verb.SMASH:
        return abilities.smash_walls(position, actor)
    if verb is Verb.WALLWALK:
        return abilities.walk_through_wall(position, actor, target)
    if verb is Verb.HEAL:
        return abilities.heal(position, actor, target)
    if verb is Verb.REGENERATE:
        return abilities.regenerate(position, actor)
    if verb is Verb.STEAL:
        return abilities.steal(position, actor, target)
    if verb is Verb.TELEKINESIS:
        return abilities.telekinesis(position, actor, target, action.path)
    if verb is Verb.FIREBALL:
        return abilities.fireball(position, actor, target)
    if verb is Verb.PICKUP:
        return abilities.pick_up(position, actor, target)
    raise Illegal(f"{verb.value}: not an action here", "ap_spend")  # every verb is handled above


def end_turn(position: Position) -> tuple[Position, list[Event]]:
    """The turn ends: at most 3 AP kept, the turn's marks cleared, the other player gains 3 AP."""
    mover, other = position.to_move, 1 - position.to_move
    kept = min(position.players[mover].ap, KEPT_AP)
    gained = min(position.players[other].ap + GAINED_AP, MAX_AP)
    position = position.with_player(mover, replace(position.players[mover], ap=kept))
    position = position.with_player(other, replace(position.players[other], ap=gained))
    characters = tuple(replace(c, wounded_this_turn=False, entered_from="", shot=False, free_melee=False, resting=False)
                       if c.wounded_this_turn or c.entered_from or c.shot or c.free_melee or c.resting else c
                       for c in position.characters)
    position = replace(position, characters=characters, to_move=other)
    return position, [event(f"{position.players[mover].name} ends the turn keeping {kept} AP", "ap_keep"),
                      event(f"{position.players[other].name} gains {GAINED_AP} AP: {gained}", "ap_gain")]


# -- the legal actions --------------------------------------------------------------------------------------------

def legal_actions(position: Position) -> list[Action]:
    """Every legal action of the player to move (moves once per end, by a shortest path; combats without cards)."""
    if position.winner >= 0:
        return []
    found: list[Action] = []
    has_ap = position.players[position.to_move].ap >= 1
    for c in position.characters:
        if c.owner != position.to_move:
            continue
        if c.active:
            if has_ap:
                found += _character_actions(position, c)
            found += _combats(position, c, has_ap)
        elif c.card.has(Ability.REGENERATION) and has_ap:
            found += _checked(position, [Action(Verb.REGENERATE, c.ident)])
    found.append(Action(Verb.END))
    return found


def _checked(position: Position, candidates: list[Action]) -> list[Action]:
    """The candidates the engine accepts."""
    out = []
    for action in candidates:
        try:
            _apply(position, action)
        except Illegal:
            continue
        out.append(action)
    return out


def _character_actions(position: Position, c: Character, checked: bool = True) -> list[Action]:
    board = position.board
    found = [Action(Verb.MOVE, c.ident, path=end.path) for end in movement.ends(position, c.ident)]
    player = position.players[c.owner]
    spare = sorted(x for x in player.cards if x)
    if player.jump_cards or spare:
        options = () if player.jump_cards else (("card", str(spare[0])),)
        found += [Action(Verb.JUMP, c.ident, landing, (pit,), options) for pit, landing in board_actions.landings(position, c)]
    candidates: list[Action] = _rotations(position, c)
    for index, room in enumerate(board.rooms):
        if not position.layout.revealed[index] and board_actions.access(position, c, index) is None:
            placement = board_actions.default_placement(position, index)
            if placement is not None:
                candidates.append(Action(Verb.REVEAL, c.ident, room.ident, placement))
    for zone in board.neighbours.get(c.zone, ()):
        edge = position.layout.edge(board, c.zone, zone)
        if edge in PORTCULLISES:
            if c.has(Ability.LOCKPICK):
                candidates.append(Action(Verb.LOCKPICK, c.ident, zone))
            if position.carries(c, ObjectKind.KEY):
                candidates.append(Action(Verb.KEY, c.ident, zone))
            if c.has(Ability.BEND_BARS):
                candidates.append(Action(Verb.BEND, c.ident, zone))
        if edge in WALLS and c.has(Ability.WALK_THROUGH_WALLS):
            candidates.append(Action(Verb.WALLWALK, c.ident, zone))
    if c.has(Ability.BREAK_WALLS) and not c.walls_broken:
        candidates.append(Action(Verb.SMASH, c.ident))
    for near in position.in_zone(c.zone):
        if near.wounded and near.ident != c.ident:
            if c.has(Ability.HEAL):
                candidates.append(Action(Verb.HEAL, c.ident, near.ident))
            if not position.rulings.wounded_pickup and near.owner == c.owner:
                candidates.append(Action(Verb.PICKUP, c.ident, near.ident))
        if c.has(Ability.PICK_POCKET) and near.owner != c.owner:
            candidates += [Action(Verb.STEAL, c.ident, x) for x in near.carrying if position.has_item(x)]
    if c.has(Ability.SPELLCASTER) and position.carries(c, ObjectKind.FIREBALL_SCROLL):
        candidates += [Action(Verb.FIREBALL, c.ident, t.ident) for t in position.characters
                       if t.place is Place.ZONE and t.ident != c.ident and sees(position, c.zone, t.zone)]
    if c.has(Ability.PSYCHOKINESIS):
        candidates += _telekinesis(position, c)
    return found + (_checked(position, candidates) if checked else candidates)


def _telekinesis(position: Position, c: Character) -> list[Action]:
    board = position.board
    room = board.room_of.get(c.zone)
    out = []
    for item in position.items:
        if item.place is not Place.ZONE or board.room_of.get(item.zone) != room:
            continue
        paths: dict[str, tuple[str, ...]] = {}
        frontier: list[tuple[str, tuple[str, ...]]] = [(item.zone, ())]
        for _ in range(abilities.PSYCHOKINESIS_ZONES):
            following = []
            for zone, path in frontier:
                for nxt in board.neighbours.get(zone, ()):
                    new_path = (*path, nxt)
                    if nxt not in paths and nxt != item.zone:
                        paths[nxt] = new_path
                        following.append((nxt, new_path))
            frontier = following
        out += [Action(Verb.TELEKINESIS, c.ident, item.ident, path) for path in paths.values()]
    return out


def _combats(position: Position, c: Character, has_ap: bool) -> list[Action]:
    out: list[Action] = []
    free = c.has(Ability.SEASONED) and not c.free_melee
    for target in position.characters:
        if target.owner == c.owner or target.place is not Place.ZONE:
            continue
        kinds = [CombatKind.MELEE] if (has_ap or free) else []
        if has_ap or free:
            kinds.append(CombatKind.LANCE)
        if has_ap:
            kinds.append(CombatKind.RANGED)
        for kind in kinds:
            weapons: list[Weapon | None] = [None]
            if kind is CombatKind.RANGED and c.has(Ability.CROSSBOW) and position.carries(c, ObjectKind.BOW) and not c.shot:
                weapons = [Weapon.CROSSBOW, Weapon.BOW]
            for weapon in weapons:
                try:
                    engage(position, kind, c.ident, target.ident, weapon)
                except Illegal:
                    continue
                verb = {CombatKind.MELEE: Verb.ATTACK, CombatKind.LANCE: Verb.LANCE, CombatKind.RANGED: Verb.SHOOT}[kind]
                options = (("with", weapon.value),) if weapon is not None else ()
                out.append(Action(verb, c.ident, target.ident, options=options))
    return out


def can_shoot(position: Position, c: Character) -> bool:
    try:
        shooter_value(position, c, None)
    except Illegal:
        return False
    return True


PLANNED = (Verb.MOVE, Verb.JUMP, Verb.ROTATE, Verb.LOCKPICK, Verb.KEY, Verb.BEND, Verb.SMASH, Verb.WALLWALK)
"""What a character's route may use: its moves, jumps and the actions that open a way; rooms turned by anyone."""


def route_actions(position: Position, ident: str) -> list[Action]:
    """The candidate actions of a route of ``ident`` now: its own moves, jumps, portcullis and wall actions and
    rotations, and the rotations of every friend standing at a rotation site (the others stay where they are). Moves
    and jumps are legal; the rest are candidates that :func:`apply` may still refuse (a crowded zone, say)."""
    c = position.character(ident)
    if c.owner != position.to_move or position.players[c.owner].ap < 1 or position.winner >= 0:
        return []
    found = [a for a in _character_actions(position, c, checked=False) if a.verb in PLANNED] if c.active else []
    for friend in position.characters:
        if friend.owner == c.owner and friend.ident != ident and friend.active:
            found += _rotations(position, friend)
    return found


def _rotations(position: Position, c: Character) -> list[Action]:
    out = []
    for index, room in enumerate(position.board.rooms):
        if position.layout.revealed[index] and c.zone in board_actions.rotation_sites(position, index):
            out.append(Action(Verb.ROTATE, c.ident, room.ident))
            if c.has(Ability.TINKER):
                out.append(Action(Verb.ROTATE, c.ident, room.ident, options=(("dir", "ccw" if room.arrow.value == "cw" else "cw"),)))
    return out
