"""Random end-game layouts: the candidates of the puzzle corpus (:mod:`solver.nightcage.puzzles.corpus`).

How a candidate is built (:func:`candidate`)
--------------------------------------------

With an empty pile a tile survives only while a prisoner lights it, so an
end-game board is the prisoners' cells and their lit neighbours. A candidate
is laid out around one gate (sometimes two): *arms*, self-avoiding walks from
the gate, are paved with tiles whose openings join one cell to the next, and
prisoners stand along the arms, some on the gate, others a few cells out.
Prisoners close enough to light the cells between them keep a corridor open;
a wider gap breaks it, so some of the group can regroup within a few turns
and others cannot. Key tiles, wax eaters, pits and crumbling tiles go on the
arms and on the lit cells beside them; candles, Nerve and keys are random;
now and then a prisoner is falling (with an empty pile, an immediate loss).
Tiles nobody lights are then discarded, as darkness would, so the position is
consistent by construction (it is checked all the same).

In the advanced setup there are no key tiles: a keeper carries each key, so
keepers (facing a random way) stand where key tiles would.

Every random draw comes from the generator given, in a fixed order: the same
generator state always gives the same candidate.
"""

from __future__ import annotations

import random
from dataclasses import replace

from solver.nightcage.model import counts
from solver.nightcage.model.grid import DIRECTIONS, OPPOSITE, geometry
from solver.nightcage.model.newgame import DEFAULT_NAMES
from solver.nightcage.model.setups import Setup
from solver.nightcage.model.state import GameState, Pile, Prisoner
from solver.nightcage.model.tiles import SHAPE, TILE_TYPES, Kind, Tile, TileType, rotations
from solver.nightcage.rules.lighting import illuminated
from solver.nightcage.rules.validate import consistency_problems

MIN_TILES, MAX_TILES = 6, 24
"""The tile counts a candidate may have."""
STYLES = {"near": 3.0, "spread": 1.0, "chain": 1.5}
"""Layouts and their odds: all but one to three on a gate; arms with prisoners anywhere; prisoners strung
along long arms."""
CROWDED_ODDS = 0.4
"""Chance that a candidate is crowded: more openings around the prisoners, most of them leading to tiles."""
FALLING_ODDS = 0.08
"""Chance that a prisoner is falling (with an empty pile, the game is lost: §5)."""
_TURN_ODDS = 0.35
"""Chance that an arm turns at each cell (else it goes straight on)."""


def candidate(rng: random.Random, setup: Setup) -> tuple[GameState, str] | None:
    """A random consistent end-game turn start laid out around one or two gates (module doc),
    and the name of its layout (:data:`STYLES`).

    None when this draw does not give a usable position (tile count out of
    :data:`MIN_TILES`..:data:`MAX_TILES`, or a kind ran out).
    """
    return usable(_Layout(rng, setup), MIN_TILES, MAX_TILES)


def usable(layout: _Layout, min_tiles: int, max_tiles: int) -> tuple[GameState, str] | None:
    """The position ``layout`` builds and its style, or None when it cannot be built or does not
    hold ``min_tiles`` to ``max_tiles`` tiles, one or two gates, and a consistent position."""
    if not layout.build():
        return None
    state = layout.state()
    tiles = [t for t in state.tiles if t is not None]
    gates = sum(1 for t in tiles if t.kind is Kind.GATE)
    if not min_tiles <= len(tiles) <= max_tiles or not 1 <= gates <= 2 or consistency_problems(state):
        return None
    return state, layout.style


class _Layout:
    """The pieces of one candidate as they are laid: required openings, kinds, prisoners."""

    def __init__(self, rng: random.Random, setup: Setup) -> None:
        self.rng = rng
        self.setup = setup
        self.geo = geometry(setup.size)
        self.n = setup.prisoners
        self.left = dict(zip(TILE_TYPES, setup.totals()))
        self.key_type = TileType.KEY if self.left[TileType.KEY] else TileType.KEEPER
        """What carries the keys: key tiles, or keepers in the advanced game."""
        self.need: dict[int, int] = {}
        """cell -> openings its tile must have (arms pass through it)."""
        self.kind: dict[int, Kind] = {}
        """cell -> kind fixed in advance (gates, keys, monsters on the arms)."""
        self.tiles: list[Tile | None] = [None] * self.geo.cells
        self.arms: list[list[int]] = []
        self.style = ""
        self.crowded = False
        self.gates: list[int] = []
        self.cells: list[int] = []
        """The prisoners' cells, in turn order (-1: falling)."""

    # -- the skeleton ----------------------------------------------------------------------

    def build(self) -> bool:
        """Gates, arms, prisoners, then the tiles; False when a kind ran out."""
        rng = self.rng
        self.style = rng.choices(list(STYLES), list(STYLES.values()))[0]
        self.crowded = rng.random() < CROWDED_ODDS
        gate = rng.randrange(self.geo.cells)
        self.gates.append(gate)
        self.kind[gate] = Kind.GATE
        if rng.random() < 0.3:
            arm = self.walk(gate, rng.randint(2, 4))
            if len(arm) >= 3:
                self.gates.append(arm[-1])
                self.kind[arm[-1]] = Kind.GATE
        if self.style == "chain":
            for _ in range(rng.randint(1, 2)):
                self.walk(rng.choice(self.gates), rng.randint(4, 9))
            self.place_chain()
        else:
            spread = rng.choice((2, 3, 4, 5, 6)) if self.style == "spread" else 3
            for _ in range(rng.randint(1, 3)):
                self.walk(rng.choice(self.gates), rng.randint(1, spread))
            self.place_prisoners(spread)
        self.decorate_arms()
        if not self.pave():
            return False
        self.add_side_tiles()
        return min(self.left.values()) >= 0

    def walk(self, start: int, length: int) -> list[int]:
        """A self-avoiding arm from ``start``; its cells' needed openings are recorded."""
        rng, geo = self.rng, self.geo
        arm = [start]
        heading = rng.randrange(4)
        used = set(self.need) | set(self.kind)
        for _ in range(length):
            if rng.random() < _TURN_ODDS:
                heading = (heading + rng.choice((1, 3))) % 4
            here = arm[-1]
            nxt = geo.neighbours[here][heading]
            if nxt in used or nxt in arm:
                break
            self.need[here] = self.need.get(here, 0) | DIRECTIONS[heading]
            self.need[nxt] = self.need.get(nxt, 0) | OPPOSITE[DIRECTIONS[heading]]
            arm.append(nxt)
        self.arms.append(arm)
        return arm

    def place_prisoners(self, spread: int) -> None:
        """Some prisoners on a gate (all but one to three in the "near" style), the others along the arms."""
        rng = self.rng
        spots = [c for arm in self.arms for c in arm[1:]]
        if self.style == "near":
            on_gate = self.n - rng.choice((1, 1, 2, 2, 3))
        else:
            on_gate = sum(rng.random() < 0.3 for _ in range(self.n))
        cells: list[int] = []
        for i in range(self.n):
            free = [c for c in spots if c not in cells and c not in self.kind]
            if not free or i < on_gate:
                cells.append(rng.choice(self.gates))
            else:
                far = [c for c in free if self._depth(c) >= rng.randint(1, spread)]
                cells.append(rng.choice(far or free))
        rng.shuffle(cells)
        self.cells = cells

    def place_chain(self) -> None:
        """Prisoners strung along the arms one to three cells apart, from the gate out."""
        rng = self.rng
        strings: list[list[int]] = []
        for arm in self.arms:
            spots = []
            depth = rng.choice((0, 1, 1, 2)) if strings else rng.choice((0, 1))
            while depth < len(arm):
                if depth == 0 or arm[depth] not in self.kind:
                    spots.append(arm[depth])
                depth += rng.choice((2, 3, 3) if self.crowded else (1, 2, 2, 3))
            strings.append(spots)
        cells: list[int] = []
        for i in range(max(map(len, strings), default=0)):
            cells += [spots[i] for spots in strings if i < len(spots) and (spots[i] not in cells or spots[i] in self.gates)]
        cells = cells[: self.n]
        while len(cells) < self.n:
            cells.append(rng.choice(self.gates))
        rng.shuffle(cells)
        self.cells = cells

    def _depth(self, cell: int) -> int:
        """How far out along its arm a cell lies."""
        return next((arm.index(cell) for arm in self.arms if cell in arm), 0)

    def decorate_arms(self) -> None:
        """Key tiles, wax eaters and pits on arm cells no prisoner stands on."""
        rng = self.rng
        for arm in self.arms:
            for c in arm[1:]:
                if c in self.kind or c in self.cells:
                    continue
                roll = rng.random()
                if roll < 0.12:
                    self.kind[c] = Kind(self.key_type.value)
                elif roll < 0.18:
                    self.kind[c] = Kind.WAX_EATER
                elif roll < 0.22:
                    self.kind[c] = Kind.PIT

    # -- tiles ------------------------------------------------------------------------------

    def pave(self) -> bool:
        """A tile on every arm cell, its openings including those the arm needs."""
        for c, need in sorted(self.need.items()):
            tile = self.tile_for(self.kind.get(c), need, standable=c in self.cells)
            if tile is None:
                return False
            self.tiles[c] = tile
        for c in self.gates:
            if self.tiles[c] is None:
                self.tiles[c] = self.take(TileType.GATE, SHAPE[Kind.GATE])
        return all(self.tiles[c] is not None for c in self.cells)

    def tile_for(self, kind: Kind | None, need: int, standable: bool) -> Tile | None:
        """A tile of ``kind`` (or a fitting ordinary kind) opening at least toward ``need``."""
        if kind is Kind.PIT:
            return self.pit()
        if kind is not None:
            return self.take(TileType(kind.value), SHAPE[kind], self.rng.choice(DIRECTIONS) if kind is Kind.KEEPER else 0)
        options = [t for t in _PATH_TYPES if self.left[t] > 0 and any(r & need == need for r in rotations(_KIND[t]))]
        if not options:
            return None
        boost = _CROWDED_BOOST if self.crowded and standable else {}
        weights = [_PATH_WEIGHT[t] * boost.get(t, 1.0) * self.left[t] for t in options]
        t = self.rng.choices(options, weights)[0]
        fits = [r for r in rotations(_KIND[t]) if r & need == need]
        return self.take(t, self.rng.choice(fits))

    def take(self, t: TileType, openings: int, facing: int = 0) -> Tile:
        self.left[t] -= 1
        return Tile.of_type(t, openings, facing)

    def pit(self) -> Tile:
        """A pit that was a crumbling tile still available."""
        options = [t for t in (TileType.STRAIGHT, TileType.KEY, TileType.START) if self.left[t] > 0]
        t = self.rng.choice(options)
        self.left[t] -= 1
        return Tile.of_type(t).pit()

    def add_side_tiles(self) -> None:
        """Random tiles in empty cells beside the prisoners, where their tiles open."""
        rng, geo = self.rng, self.geo
        density = 0.9 if self.crowded else rng.choice((0.2, 0.4, 0.6))
        boost = _CROWDED_BOOST if self.crowded else {}
        for c in self.cells:
            tile = self.tiles[c]
            for i, d in enumerate(DIRECTIONS):
                x = geo.neighbours[c][i]
                if tile is None or not tile.openings & d or self.tiles[x] is not None or rng.random() > density:
                    continue
                kinds = [self.key_type if s is TileType.KEY else s for s in _SIDE_TYPES]
                weights = [_SIDE_WEIGHT[s] * boost.get(s, 1.0) * max(self.left[k], 0) for s, k in zip(_SIDE_TYPES, kinds)]
                t = kinds[rng.choices(range(len(kinds)), weights)[0]]
                if t is TileType.GATE:
                    if len(self.gates) >= 2:
                        continue
                    self.gates.append(x)
                if rng.random() < 0.2 and t in (TileType.STRAIGHT, TileType.KEY, TileType.START):
                    self.tiles[x] = self.take(t, rng.choice(rotations(_KIND[t]))).pit()
                elif t is TileType.KEEPER:
                    self.tiles[x] = self.take(t, SHAPE[Kind.KEEPER], rng.choice(DIRECTIONS))
                else:
                    self.tiles[x] = self.take(t, rng.choice(rotations(_KIND[t])))

    # -- the position -----------------------------------------------------------------------

    def state(self) -> GameState:
        """The position: candles and Nerve drawn, dark tiles discarded, then the keys dealt."""
        rng = self.rng
        out_odds = rng.choice((0.0, 0.15, 0.3))
        prisoners = [
            Prisoner(DEFAULT_NAMES[i], cell=c, lit=rng.random() >= out_odds, nerve=rng.choice((0, 1, 1, 2)))
            for i, c in enumerate(self.cells)
        ]
        if rng.random() < FALLING_ODDS:
            i = rng.randrange(self.n)
            axis = rng.choice(("row", "file"))
            prisoners[i] = prisoners[i]._replace(cell=None, falling=(axis, rng.randrange(self.geo.size)))
        base = GameState(self.geo.size, tuple(self.tiles), tuple(prisoners), self.first(), Pile(order=()), counts.ZERO, self.setup)
        lit = illuminated(base)
        tiles = [t if lit >> c & 1 else None for c, t in enumerate(self.tiles)]
        prisoners = self.deal_keys(prisoners, tiles)
        tiles = key_tiles_taken(self.rng, prisoners, tiles)
        base = replace(base, tiles=tuple(tiles), prisoners=tuple(prisoners))
        return replace(base, discarded=counts.sub(self.setup.totals(), base.board_counts()))

    def first(self) -> int:
        """Whose turn it is: in the "near" layout, a prisoner not on the gate plays soon."""
        rng = self.rng
        away = [i for i, c in enumerate(self.cells) if c not in self.gates]
        if self.style == "near" and away:
            wait = rng.choices(range(self.n), (4, 3, 2, 1, 1)[: self.n])[0]
            return (rng.choice(away) - wait) % self.n
        return rng.randrange(self.n)

    def deal_keys(self, prisoners: list[Prisoner], tiles: list[Tile | None]) -> list[Prisoner]:
        """Keys in hand: usually enough, with the key tiles on the board, for everyone; now and then one short.

        Half the time the prisoners already on a gate are served first (two
        prisoners on one gate cannot pass keys to each other).
        """
        rng = self.rng
        on_board = sum(1 for t in tiles if t is not None and t.has_key)
        spare = rng.choice((-1, 0, 0, 0, 1, 1, 1, 2, 2))
        holders = max(0, min(self.n, self.n - on_board + spare))
        order = list(range(self.n))
        rng.shuffle(order)
        if rng.random() < 0.5:
            order.sort(key=lambda i: prisoners[i].cell not in self.gates)
        chosen = set(order[:holders])
        return [p._replace(key=i in chosen) for i, p in enumerate(prisoners)]


_KIND = {t: (Kind.T if t is TileType.CRACKED_T else Kind(t.value)) for t in TILE_TYPES}
_PATH_TYPES = (TileType.STRAIGHT, TileType.START, TileType.T, TileType.CROSS, TileType.KEY)
_PATH_WEIGHT = {TileType.STRAIGHT: 1.0, TileType.START: 1.0, TileType.T: 0.6, TileType.CROSS: 0.6, TileType.KEY: 0.5}
_CROWDED_BOOST = {TileType.T: 4.0, TileType.CROSS: 4.0}
"""In a crowded candidate, prisoners stand on T's and crosses, and their many openings lead to tiles."""
_SIDE_TYPES = (TileType.WAX_EATER, TileType.KEY, TileType.T, TileType.CROSS, TileType.STRAIGHT, TileType.GATE)
_SIDE_WEIGHT = {
    TileType.WAX_EATER: 0.5, TileType.KEY: 0.5, TileType.T: 0.1, TileType.CROSS: 0.1, TileType.STRAIGHT: 0.2, TileType.GATE: 0.3,
}

__all__ = ["CROWDED_ODDS", "FALLING_ODDS", "MAX_TILES", "MIN_TILES", "STYLES", "candidate"]


def key_tiles_taken(rng: random.Random, prisoners: list[Prisoner], tiles: list[Tile | None]) -> list[Tile | None]:
    """A key tile under a key holder may have given its key already (§8.3)."""
    out = []
    for c, tile in enumerate(tiles):
        if tile is not None and tile.kind is Kind.KEY:
            holder = any(p.cell == c and p.key for p in prisoners)
            tile = tile._replace(key_taken=holder and rng.random() < 0.5)
        out.append(tile)
    return out
