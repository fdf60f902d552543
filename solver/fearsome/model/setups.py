"""Starting positions: the basic layout, the advanced game's scenery rules, and the pawn sets for 2 to 7 players.

The basic game uses the two blood pools and the eleven stone tiles on their
plain side, laid out as the rulebook's diagram shows; the monster stands on
the exit facing east. In the advanced game the players place the 17 scenery
pieces themselves: none on the three squares touching each corner, none
overlapping, no two teleporters side by side (FF-TELEPORTERS-ORTHOGONAL).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from solver.base.errors import Problem
from solver.fearsome.model.board import CORNERS, SQUARES, Direction, adjacent8, name, neighbour, parse, square, xy
from solver.fearsome.model.rulings import DEFAULT, Rulings
from solver.fearsome.model.state import Pawn, Position, StoneKind, Teleporter, sorted_stones

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "white")
"""The seven pawn colours, in the order a new game seats them."""

FOUR_PAWNS = (1, 3, 4, 5)
"""White values of a four-pawn set (6/1, 4/3, 3/4, 2/5)."""
THREE_PAWNS = (1, 4, 5)
"""White values of a three-pawn set (6/1, 3/4, 2/5), for 5 to 7 players."""
MAX_PAWNS_PER_PLAYER = len(FOUR_PAWNS)
"""The most pawns a player may have in a position: each colour's set in the box has four (the safe-move
finder's worst case grows as a product over the pawns, so the bound is checked when a position is read)."""

BASIC_STONES = ("c9", "m8", "h7", "i6", "n6", "g5", "e4", "m4", "o3", "f2", "i2")
"""The basic game's eleven plain stones (the diagram's (2,2) (12,3) (7,4) (8,5) (13,5) (6,6) (4,7) (12,7) (14,8) (5,9) (8,9))."""
BASIC_POOLS = (("i9", "j9", "i8", "j8"), ("e3", "f3", "g3", "h3"))
"""The 2x2 pool and the 1x4 pool of the basic game."""

ADVANCED_STONES = {StoneKind.PLAIN: 3, StoneKind.CRYSTAL: 2, StoneKind.PIVOT_RIGHT: 4, StoneKind.PIVOT_BACK: 2}
"""The eleven stone tiles on their marked side."""
TELEPORTER_PAIRS = 2
POOL_SHAPES = ((2, 2), (1, 4))
"""The pools' shapes (width, height in some orientation): 2x2 and 1x4."""

KEEP_CLEAR = frozenset(sq for corner in CORNERS for sq in adjacent8(corner)) | CORNERS
"""Squares no scenery may take in the advanced game: the corners and the squares touching them."""


def pawn_set(players: int, rulings: Rulings = DEFAULT) -> tuple[int, ...]:
    """White values of each player's pawns: four pawns with 2-4 players (FF-FOUR-PLAYERS-FOUR-PAWNS), three with 5-7."""
    if not 2 <= players <= 7:
        raise ValueError(f"{players} players: Fearsome Floors is for 2 to 7")
    if players <= 3 or (players == 4 and rulings.four_players_four_pawns):
        return FOUR_PAWNS
    return THREE_PAWNS


def pawns_for(colours: Sequence[str], rulings: Rulings = DEFAULT) -> tuple[Pawn, ...]:
    """Every player's pawns waiting beside the entrance, white side up; ids are colour and white value (``red4``)."""
    values = pawn_set(len(colours), rulings)
    return tuple(Pawn(f"{colour}{white}", colour, white) for colour in colours for white in values)


def basic_scenery() -> tuple[tuple[tuple[int, StoneKind], ...], tuple[tuple[int, ...], ...]]:
    stones = {parse(s): StoneKind.PLAIN for s in BASIC_STONES}
    pools = tuple(tuple(sorted(parse(s) for s in pool)) for pool in BASIC_POOLS)
    return sorted_stones(stones), pools


def new_game(players: int | Sequence[str], rulings: Rulings = DEFAULT, *, scenery: Position | None = None) -> Position:
    """A new game: the basic layout (or ``scenery``'s stones, pools and teleporters), monster on the exit facing east."""
    colours = tuple(COLOURS[:players]) if isinstance(players, int) else tuple(players)
    if scenery is None:
        stones, pools = basic_scenery()
        teleporters: tuple[tuple[Teleporter, Teleporter], ...] = ()
    else:
        stones, pools, teleporters = scenery.stones, scenery.pools, scenery.teleporters
    return Position(players=colours, pawns=pawns_for(colours, rulings), monster=square(0, 0), facing=Direction.E,
                    stones=stones, pools=pools, teleporters=teleporters, rulings=rulings)


def pool_shape_ok(squares: Sequence[int]) -> bool:
    """Whether the squares form a 2x2 block or a straight line of four."""
    xs = sorted({xy(s)[0] for s in squares})
    ys = sorted({xy(s)[1] for s in squares})
    if len(set(squares)) != 4:
        return False
    block = len(xs) == 2 == len(ys) and xs[1] - xs[0] == 1 and ys[1] - ys[0] == 1
    line = (len(xs) == 1 and ys == list(range(ys[0], ys[0] + 4))) or (len(ys) == 1 and xs == list(range(xs[0], xs[0] + 4)))
    return block or line


def scenery_problems(position: Position, path: str = "", advanced: bool = True) -> list[Problem]:
    """What breaks the scenery rules: overlaps always; with ``advanced``, the corners' clearance and touching teleporters."""
    problems: list[Problem] = []
    taken: dict[int, str] = {}

    def claim(sq: int, where: str) -> None:
        if sq in taken:
            problems.append(Problem(where, f"{name(sq)} is already taken by {taken[sq]}: scenery pieces may not overlap"))
        elif advanced and sq in KEEP_CLEAR:
            problems.append(Problem(where, f"{name(sq)} touches the entrance or the exit: no scenery on a corner or the squares around it"))
        taken.setdefault(sq, where)

    for index, (sq, _) in enumerate(position.stones):
        claim(sq, f"{path}stones[{index}]")
    for index, pool in enumerate(position.pools):
        if not pool_shape_ok(pool):
            problems.append(Problem(f"{path}pools[{index}]", "a pool is a 2x2 block or a straight line of 4 squares"))
        for sq in pool:
            claim(sq, f"{path}pools[{index}]")
    pads = [t for pair in position.teleporters for t in pair]
    for index, pad in enumerate(pads):
        claim(pad.square, f"{path}teleporters[{index // 2}][{index % 2}]")
    near = _touching(position.rulings)
    for i, one in enumerate(pads):
        for other in pads[i + 1:]:
            if advanced and other.square in near(one.square):
                problems.append(Problem(f"{path}teleporters", f"teleporters {name(one.square)} and {name(other.square)} touch"))
    return problems


def _touching(rulings: Rulings) -> Callable[[int], set[int]]:
    """The squares a teleporter may not share with another: its sides, or all eight around (FF-TELEPORTERS-ORTHOGONAL)."""
    if rulings.teleporters_orthogonal:
        return lambda sq: {n for d in Direction if (n := neighbour(sq, d)) is not None}
    return lambda sq: set(adjacent8(sq))


def random_scenery(rng: random.Random, rulings: Rulings = DEFAULT, tries: int = 2000) -> Position:
    """An advanced-game scenery placed at random under the placement rules (for tests and demonstrations)."""
    free = [sq for sq in SQUARES if sq not in KEEP_CLEAR]
    for _ in range(tries):
        taken: set[int] = set()
        pools = []
        for width, height in POOL_SHAPES:
            w, h = (width, height) if rng.random() < 0.5 else (height, width)
            origin = rng.choice(free)
            x0, y0 = xy(origin)
            block = [square(x0 + dx, y0 + dy) for dy in range(h) for dx in range(w)]
            if any(xy(s) != (x0 + i % w, y0 + i // w) or s not in free or s in taken for i, s in enumerate(block)):
                break
            taken.update(block)
            pools.append(tuple(sorted(block)))
        if len(pools) < 2:
            continue
        rest = [sq for sq in free if sq not in taken]
        rng.shuffle(rest)
        kinds = [kind for kind, count in ADVANCED_STONES.items() for _ in range(count)]
        stones = dict(zip(rest, kinds))
        pads_left = rest[len(kinds):]
        pads: list[int] = []
        near = _touching(rulings)
        for sq in pads_left:
            if all(sq not in near(p) for p in pads):
                pads.append(sq)
            if len(pads) == 2 * TELEPORTER_PAIRS:
                break
        arrows = [Direction(rng.randrange(4)) for _ in pads]
        teleporters = tuple((Teleporter(pads[2 * i], arrows[2 * i]), Teleporter(pads[2 * i + 1], arrows[2 * i + 1]))
                            for i in range(TELEPORTER_PAIRS))
        candidate = Position(players=(), pawns=(), monster=square(0, 0), facing=Direction.E, stones=sorted_stones(stones),
                             pools=tuple(pools), teleporters=teleporters, rulings=rulings)
        if not scenery_problems(candidate):
            return candidate
    raise RuntimeError("no scenery found")  # the free squares are plenty: a bug if reached
