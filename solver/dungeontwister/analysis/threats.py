"""Threats: what each enemy can do next turn, if the player to move ends the turn as things stand.

For each of the opponent's characters, the search of :mod:`solver.dungeontwister.analysis.reach`
runs over its next turn (the AP it kept and 3 more) and visits every position
it can reach, cheapest first; at each, the engine's own checks say which of
the player's characters it could then attack in melee, with the lance, shoot
or burn with a fireball, and which zones it could shoot into. So a threat is
exact for the geometry given: the fewest AP to carry it out, the action that
does it included (the samurai's free melee costs none).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.base.errors import LueurError
from solver.dungeontwister.analysis.reach import ASSUMPTION, GEOMETRY_NOTE, Search
from solver.dungeontwister.model.catalogue import Ability, ObjectKind
from solver.dungeontwister.model.events import Illegal
from solver.dungeontwister.model.state import Place, Position
from solver.dungeontwister.rules import engine
from solver.dungeontwister.rules.engagement import CombatKind, engage
from solver.dungeontwister.rules.sight import seen_from


@dataclass(frozen=True)
class Threat:
    enemy: str
    kind: str
    """``attack``, ``lance``, ``shoot`` or ``fireball``."""
    target: str
    zone: str
    """Where the target stands when it is struck (rooms may have turned it elsewhere)."""
    ap: int


@dataclass(frozen=True)
class ThreatMap:
    player: str
    """Whose characters are threatened (the player to move)."""
    enemy_ap: int
    reach: dict[str, dict[str, int]]
    """Each enemy: every zone it can stand in next turn, with the fewest AP."""
    threats: tuple[Threat, ...]
    shots: dict[str, int]
    """Every zone some enemy can shoot into (or fireball) next turn, with the fewest AP."""

    def zones(self) -> dict[str, int]:
        """Every zone an enemy can reach, attack or shoot next turn, with the fewest AP of any."""
        out: dict[str, int] = {}
        for costs in self.reach.values():
            for zone, ap in costs.items():
                out[zone] = min(ap, out.get(zone, ap))
        for zone, ap in self.shots.items():
            out[zone] = min(ap, out.get(zone, ap))
        return out

    def as_json(self) -> dict[str, Any]:
        return {"player": self.player, "enemy_ap": self.enemy_ap,
                "reach": {e: dict(sorted(c.items())) for e, c in sorted(self.reach.items())},
                "threats": [{"enemy": t.enemy, "kind": t.kind, "target": t.target, "zone": t.zone, "ap": t.ap}
                            for t in self.threats],
                "shots": dict(sorted(self.shots.items())), "zones": dict(sorted(self.zones().items())),
                "geometry": GEOMETRY_NOTE, "assumption": f"the player to move ends the turn as things stand; {ASSUMPTION}"}


def threats(position: Position) -> ThreatMap:
    """The threat map of the opponent's next turn (see the module doc)."""
    victim = position.to_move
    enemy_turn, _ = engine.end_turn(position)
    ap = enemy_turn.players[1 - victim].ap
    reach: dict[str, dict[str, int]] = {}
    best: dict[tuple[str, str, str], Threat] = {}
    shots: dict[str, int] = {}
    for enemy in position.characters:
        if enemy.owner == victim or enemy.place is not Place.ZONE or enemy.wounded:
            continue

        def visit(here: Position, spent: int, ident: str = enemy.ident) -> None:
            _strikes(here, ident, spent, best, shots)

        search = Search(enemy.ident, 1, 200_000)
        costs, _, _, _ = search.run(enemy_turn, None, visit)
        reach[enemy.ident] = costs
    ordered = tuple(sorted(best.values(), key=lambda t: (t.ap, t.enemy, t.kind, t.target)))
    return ThreatMap(position.players[victim].name, ap, reach, ordered, shots)


def _strikes(here: Position, ident: str, spent: int, best: dict[tuple[str, str, str], Threat], shots: dict[str, int]) -> None:
    c = here.character(ident)
    if not c.active:
        return
    left = here.players[c.owner].ap
    for target in here.characters:
        if target.owner == c.owner or target.place is not Place.ZONE:
            continue
        for kind in (CombatKind.MELEE, CombatKind.LANCE, CombatKind.RANGED):
            try:
                engagement = engage(here, kind, ident, target.ident)
            except Illegal:
                continue
            cost = spent + (0 if engagement.free else 1)
            if cost - spent > left:
                continue
            _keep(best, Threat(ident, kind.value, target.ident, target.zone, cost))
        if left >= 1 and c.has(Ability.SPELLCASTER) and here.carries(c, ObjectKind.FIREBALL_SCROLL):
            try:
                engine.apply(here, f"fireball {ident} {target.ident}")
            except LueurError:
                continue
            _keep(best, Threat(ident, "fireball", target.ident, target.zone, spent + 1))
    if left >= 1 and engine.can_shoot(here, c) and not here.enemies_in(c.zone, c.owner):
        for zone in seen_from(here, c.zone):
            if zone not in shots or shots[zone] > spent + 1:
                shots[zone] = spent + 1


def _keep(best: dict[tuple[str, str, str], Threat], threat: Threat) -> None:
    key = (threat.enemy, threat.kind, threat.target)
    if key not in best or best[key].ap > threat.ap:
        best[key] = threat
