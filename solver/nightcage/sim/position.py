"""The simulator's position: the mutable state of a game with a known pile order,
the tables shared by every position of one board size and prisoner count, and the
primitives every rule part uses (placing and removing tiles, decisions, Nerve, draws).

:class:`Position` declares the state and its primitives; the rule parts (the modules
``sight``, ``lighting``, ``outcome``, ``attacks``, ``hit_choices``, ``moves``, ``placing``,
``omens``, ``keys`` and ``runner`` of :mod:`solver.nightcage.sim`) add the rules
as mixins and :class:`solver.nightcage.sim.sim.Sim` combines them into one class.

The position
------------

* per cell: ``typ`` (the tile type index of :data:`solver.nightcage.model.tiles.TILE_TYPES`,
  ``-1`` for an empty cell; a pit keeps the type it was, :data:`NOTYPE` when
  unknown) and ``opn`` (the openings, N=1 E=2 S=4 W=8; 0 for pits);
* bitmasks (bit ``c`` for cell ``c``): ``present`` (every tile, pits
  included), ``pit``, ``mon`` (wax eaters), ``gate``, ``keyed`` (key tiles
  whose key is still there), ``crumb`` (crumbling tiles), ``keeper`` and
  ``pathless`` (both also in ``mon``, the watching monsters), ``dirge`` (the
  Dirge's pit, also in ``pit``, typed :data:`NOTYPE`); ``face``: a
  keeper's cell to the direction index (0-3, N E S W) its mouth faces;
* per prisoner (lists, turn order): ``pc`` cell or -1, ``pf`` falling code
  (-1; ``FELL + c`` fell from ``c``, row or column not chosen; ``ROW + r``;
  ``FILE + f``), ``lit``, ``nerve``, ``key``, ``unplaced``;
* the pile: ``order`` (type indices, top first, the whole game's order) and
  ``top`` (tiles drawn so far), ``hand`` (a drawn tile not yet placed, or -1);
  ``omens``: the omens revealed (``GameState.omens``: 0, 1 or 2);
* the turn: ``turn``, ``spent`` (Nerve spent this turn per prisoner),
  ``gained``, ``flickers`` (the turn began with an empty pile: Final Flickers).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from solver.nightcage.model.grid import cells_of, geometry

# -- tile types (indices into solver.nightcage.model.tiles.TILE_TYPES) ---------------------------------

START, STRAIGHT, T, CRACKED_T, CROSS, KEY, GATE, WAX, KEEPER, PIT_FIEND, PATHLESS, OMEN = range(12)
STANDARD_TYPES = 8
PLAYED_TYPES = 12
"""The types the simulator plays: every one (an omen is placed only to bring the Dirge)."""
NOTYPE = 12
"""``typ`` of a pit whose former type is unknown (not counted in the discard)."""

ROTATIONS = ((3, 6, 9, 12), (5, 10), (7, 11, 13, 14), (7, 11, 13, 14), (15,), (15,), (15,), (15,), (15,), (15,), (0,), (15,))
"""The distinct openings of each type (as :func:`solver.nightcage.model.tiles.rotations`): a pathless has none,
and is the only tile placed without opening toward anything (:func:`solver.nightcage.model.tiles.placements`)."""
CRUMBLES = (True, True, False, True, False, True, False, False, False, False, False, False)
SWAPPED = frozenset({WAX, KEEPER, PIT_FIEND, PATHLESS, OMEN})
"""The monsters a stay draws and swaps in (an omen only when it brings the Dirge)."""

OPP = (4, 8, 1, 2)
"""The side facing back, as a bit, for direction index 0-3 (N, E, S, W)."""

FELL = 100
ROW = 200
FILE = 300

MAX_NERVE = 2
NERVE_PER_TURN = 2


class Over(Exception):
    """The game ended (``result`` is ``"win"`` or ``"lose"``)."""

    def __init__(self, result: str) -> None:
        super().__init__(result)
        self.result = result


class Stuck(Exception):
    """A decision with no legal option (the engine would wait forever)."""


class Tables:
    """Per board size and prisoner count: neighbours, rays, light masks, option tuples."""

    def __init__(self, size: int, n: int) -> None:
        geo = geometry(size)
        cells = geo.cells
        self.size = size
        self.cells = cells
        self.nb = geo.neighbours
        # Sight rays: the cells met from c in direction i, until just before c again.
        self.rays = geo.rays
        # lightm[c][o]: what a lit prisoner on c with openings o illuminates (c itself included).
        self.lightm = tuple(
            tuple((1 << c) | sum(1 << geo.neighbours[c][i] for i in range(4) if o >> i & 1) for o in range(16)) for c in range(cells)
        )
        self.between = geo.adjacent_direction
        self.nbmask = tuple(sum(1 << x for x in geo.neighbours[c]) for c in range(cells))
        self.rows = tuple(geo.row_cells(r) for r in range(size))
        self.files = tuple(geo.file_cells(f) for f in range(size))
        # The same lines as masks, for the falling prisoner's test (outcome.nowhere_to_land).
        self.rowmask = tuple(sum(1 << c for c in cells_) for cells_ in self.rows)
        self.filemask = tuple(sum(1 << c for c in cells_) for cells_ in self.files)
        self.dist = geo.distance
        """Torus Manhattan distance, ``dist[a * cells + b]`` (for policies)."""
        self.place = tuple(tuple(tuple(("place", c, o, t) for o in range(16)) for c in range(cells)) for t in range(PLAYED_TYPES))
        # back[c][f]: the cells behind a keeper on c facing direction index f (§8.14, RULING-KEEPER-BACK):
        # (size - 1) // 2 steps backward, so that on an even board the cell straight opposite is not behind.
        self.back = tuple(tuple(_behind(geo.neighbours, c, f ^ 2, (size - 1) // 2) for f in range(4)) for c in range(cells))
        # rowcol[c]: a pathless's reach, its whole row and column (its own cell excluded).
        self.rowcol = tuple(
            sum(1 << x for x in set(geo.row_cells(geo.rank_of(c)) + geo.file_cells(geo.file_of(c))) - {c}) for c in range(cells)
        )
        # diag[c]: a pit fiend's four diagonals from c, to the board's edges (no wrap).
        self.diag = tuple(_diagonals(size, c) for c in range(cells))
        # square[c]: the 3x3 Dirge (RULING-DIRGE-SHAPE default) with its corner (lowest file and rank)
        # on c, 0 where it would not lie wholly inside the board; dirges[c]: the options covering c.
        self.square = tuple(_square(size, c) for c in range(cells))
        self.dirges = tuple(
            tuple(("dirge", k, 0) for k in range(cells) if self.square[k] >> c & 1) for c in range(cells)
        )
        self.start = tuple(tuple(("start", c, o) for o in range(16)) for c in range(cells))
        self.land = tuple(("land", c) for c in range(cells))
        self.swap = tuple(("swap", c) for c in range(cells))
        self.discard = tuple(("discard", c) for c in range(cells))
        self.block = tuple(("block", i) for i in range(n))
        self.give = tuple(tuple(("give", i, j) for j in range(n)) for i in range(n))


def _behind(neighbours: tuple[tuple[int, ...], ...], c: int, d: int, steps: int) -> int:
    mask = 0
    for _ in range(steps):
        c = neighbours[c][d]
        mask |= 1 << c
    return mask


def _square(size: int, corner: int) -> int:
    x0, y0 = corner % size, corner // size
    if x0 > size - 3 or y0 > size - 3:
        return 0
    return sum(1 << ((y0 + dy) * size + x0 + dx) for dy in range(3) for dx in range(3))


def _diagonals(size: int, cell: int) -> tuple[int, ...]:
    x0, y0 = cell % size, cell // size
    out = []
    for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        x, y = x0 + dx, y0 + dy
        while 0 <= x < size and 0 <= y < size:
            out.append(y * size + x)
            x, y = x + dx, y + dy
    return tuple(out)


_TABLES: dict[tuple[int, int], Tables] = {}


def tables(size: int, n: int) -> Tables:
    key = (size, n)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = Tables(size, n)
    return t


bits = cells_of
"""The cells of a mask, in increasing order (the grid's helper, under the simulator's short name)."""


SLOTS = (
    "tb",
    "n",
    "typ",
    "opn",
    "present",
    "pit",
    "mon",
    "gate",
    "keyed",
    "crumb",
    "keeper",
    "pathless",
    "dirge",
    "face",
    "pc",
    "pf",
    "lit",
    "nerve",
    "key",
    "unplaced",
    "order",
    "top",
    "npile",
    "gsuf",
    "ksuf",
    "hand",
    "omens",
    "turn",
    "spent",
    "gained",
    "flickers",
    "choose",
    "on_turn",
    "log",
    "turns",
    "decisions",
    "max_decisions",
)
"""The position's attributes (described in the module doc): the ``__slots__`` of :class:`solver.nightcage.sim.sim.Sim`."""


class Position:
    """A position of a game with a known pile order, and the primitives the rules use.

    The rule parts are mixins over this class, all with ``__slots__ = ()``;
    :class:`solver.nightcage.sim.sim.Sim` combines them and holds the attributes (:data:`SLOTS`).
    The slots belong to the combined class rather than to this base because CPython
    checks a slot's owner class on every access it does not specialise (``getattr``,
    a slot's value called as ``self.choose(...)``): on the instance's own class the
    check is one comparison, on a base class a walk up the method resolution order.

    Size: about thirty of its lines only declare, for the type checker, the methods
    its mixins define; the behaviour here stays under the usual limit.
    """

    __slots__ = SLOTS if TYPE_CHECKING else ()  # the type checker sees the attributes here

    if TYPE_CHECKING:  # what the rule parts call on one another (for the type checker only)
        # outcome
        def check_win(self) -> None: ...
        def check_loss(self) -> None: ...
        def won(self) -> bool: ...
        def over(self) -> str | None: ...
        def landing_tiles(self, cells: Any) -> list[int]: ...
        # sight, lighting
        def sights(self) -> list[tuple[int, int]]: ...
        def watchers(self, c: int) -> int: ...
        def illuminated(self) -> int: ...
        def adjacent(self, a: int, b: int) -> bool: ...
        def light(self) -> None: ...
        def relight(self) -> bool: ...
        # attacks, hit choices
        def arrive(self, who: int, c: int) -> None: ...
        def complete_move(self, a: int, origin: int, dest: int, trig: int, plain: bool = False) -> None: ...
        def collapse_fall(self, a: int, c: int) -> None: ...
        def attack(self, trig: int, enterer: int, cell: int) -> tuple[list[int] | None, int]: ...
        def attack_steps(self, hits: list[int] | None, triggered: int, mover: int, cell: int) -> None: ...
        def blocks(self, hits: list[int]) -> None: ...
        def scramble(self, who: int, cell: int) -> None: ...
        def fall(self, who: int, c: int) -> None: ...
        def strike(self, cell: int, trig: int) -> None: ...
        def place_advanced(self, c: int, t: int) -> None: ...
        # omens and the Dirge
        def omen_drawn(self) -> int: ...
        def summons(self) -> bool: ...
        def bring_dirge(self, who: int, c: int, trig: int) -> None: ...
        def sight_advanced(self, m: int) -> int: ...
        # placing, keys, moves
        def start_tile(self, a: int) -> None: ...
        def land(self, a: int) -> None: ...
        def swap_targets(self, c: int) -> list[int]: ...
        def fill(self, empty: int) -> None: ...
        def key_options(self, a: int) -> list[tuple[Any, ...]]: ...
        def pass_key(self, a: int, opt: tuple[Any, ...]) -> None: ...
        def move_options(self, a: int, extra: bool) -> list[tuple[Any, ...]]: ...
        def move(self, a: int, verb: str, d: int) -> None: ...
        def stay(self, a: int) -> None: ...
        def again(self, a: int) -> None: ...
        def final(self, a: int) -> None: ...

    def __init__(self, size: int, n: int) -> None:
        self.tb = tables(size, n)
        self.n = n
        cells = self.tb.cells
        self.typ = [-1] * cells
        self.opn = [0] * cells
        self.present = self.pit = self.mon = self.gate = self.keyed = self.crumb = 0
        self.keeper = self.pathless = self.dirge = 0
        self.face: dict[int, int] = {}
        self.pc = [-1] * n
        self.pf = [-1] * n
        self.lit = [True] * n
        self.nerve = [1] * n
        self.key = [False] * n
        self.unplaced = [False] * n
        self.order: list[int] = []
        self.top = 0
        self.npile = 0
        self.gsuf: list[int] = [0]
        self.ksuf: list[int] = [0]
        self.hand = -1
        self.omens = 0
        self.turn = 0
        self.spent = [0] * n
        self.gained = False
        self.flickers = False
        self.choose: Any = None
        self.on_turn: Any = None
        self.log: list[Any] | None = None
        self.turns = 0
        self.decisions = 0
        self.max_decisions = 1_000_000

    # -- set-up and copies ------------------------------------------------------------------------

    def set_pile(self, order: list[int]) -> None:
        """The whole pile, top first (suffix counts of gates and keys, keepers' included, for the loss checks)."""
        self.order = order
        self.top = 0
        self.npile = len(order)
        g = [0] * (len(order) + 1)
        k = [0] * (len(order) + 1)
        for i in range(len(order) - 1, -1, -1):
            g[i] = g[i + 1] + (order[i] == GATE)
            k[i] = k[i + 1] + (order[i] == KEY or order[i] == KEEPER)  # a keeper holds a key
        self.gsuf = g
        self.ksuf = k

    def copy(self) -> Self:
        """An independent copy (the pile's order list is shared: it is never mutated).

        Every slot written out (a loop over :data:`SLOTS` with ``getattr``/``setattr`` cost a tenth
        of a replayed turn); ``tests/nightcage/sim/test_fastgame.py`` checks that none is missed.
        """
        cls = type(self)
        s = cls.__new__(cls)
        s.tb = self.tb
        s.n = self.n
        s.typ = self.typ[:]
        s.opn = self.opn[:]
        s.present = self.present
        s.pit = self.pit
        s.mon = self.mon
        s.gate = self.gate
        s.keyed = self.keyed
        s.crumb = self.crumb
        s.keeper = self.keeper
        s.pathless = self.pathless
        s.dirge = self.dirge
        s.face = self.face  # replaced, never changed in place (placing.py), and rarely at all
        s.pc = self.pc[:]
        s.pf = self.pf[:]
        s.lit = self.lit[:]
        s.nerve = self.nerve[:]
        s.key = self.key[:]
        s.unplaced = self.unplaced[:]
        s.order = self.order
        s.top = self.top
        s.npile = self.npile
        s.gsuf = self.gsuf
        s.ksuf = self.ksuf
        s.hand = self.hand
        s.omens = self.omens
        s.turn = self.turn
        s.spent = self.spent[:]
        s.gained = self.gained
        s.flickers = self.flickers
        s.choose = self.choose
        s.on_turn = None  # it watches the game it was set on, not the lines a policy tries on copies
        s.log = None
        s.turns = self.turns
        s.decisions = self.decisions
        s.max_decisions = self.max_decisions
        return s

    def snapshot(self) -> tuple[Any, ...]:
        """Everything :func:`solver.nightcage.sim.convert.to_state` needs, copied."""
        return (
            self.typ[:],
            self.opn[:],
            self.pit,
            self.keyed,
            self.crumb,
            self.pc[:],
            self.pf[:],
            self.lit[:],
            self.nerve[:],
            self.key[:],
            self.unplaced[:],
            self.turn,
            self.top,
            self.hand,
            self.face.copy(),
            self.dirge,
            self.omens,
        )

    # -- the board ----------------------------------------------------------------------------------

    def place_tile(self, c: int, t: int, o: int) -> None:
        """A drawn tile of type ``t`` with openings ``o`` goes on the empty cell ``c``."""
        bit = 1 << c
        self.typ[c] = t
        self.opn[c] = o
        self.present |= bit
        if t == WAX:
            self.mon |= bit
        elif t == GATE:
            self.gate |= bit
        elif t == KEY:
            self.keyed |= bit
        elif t > WAX:
            self.place_advanced(c, t)
        if CRUMBLES[t]:
            self.crumb |= bit

    def remove(self, mask: int) -> None:
        """The tiles of ``mask`` leave the board (to the discard)."""
        keep = ~mask
        self.present &= keep
        self.pit &= keep
        self.mon &= keep
        self.gate &= keep
        self.keyed &= keep
        self.crumb &= keep
        if self.keeper or self.pathless or self.dirge:
            self.keeper &= keep
            self.pathless &= keep
            self.dirge &= keep
        typ, opn = self.typ, self.opn
        while mask:
            low = mask & -mask
            c = low.bit_length() - 1
            typ[c] = -1
            opn[c] = 0
            mask ^= low

    def collapse(self, c: int) -> None:
        """Step 2: a crumbling tile left or stayed on flips to a pit (a key tile loses its key)."""
        bit = 1 << c
        if self.crumb & bit:
            keep = ~bit
            self.opn[c] = 0
            self.crumb &= keep
            self.keyed &= keep
            self.pit |= bit

    def to_pits(self, mask: int) -> None:
        """The tiles of ``mask`` become pits, each keeping the type it was (a pit fiend's strike,
        a keeper whose key is taken)."""
        keep = ~mask
        self.pit |= mask
        self.mon &= keep
        self.gate &= keep
        self.keyed &= keep
        self.crumb &= keep
        self.keeper &= keep
        self.pathless &= keep
        opn = self.opn
        for c in bits(mask):
            opn[c] = 0

    def occupied(self) -> int:
        occ = 0
        for c in self.pc:
            if c >= 0:
                occ |= 1 << c
        return occ

    # -- decisions, Nerve, draws ---------------------------------------------------------------------

    def decide(self, kind: str, options: list[Any]) -> Any:
        """The option the policy picks (a lone option is taken without asking, unless recording)."""
        self.decisions += 1
        if self.decisions > self.max_decisions:
            raise RuntimeError(f"no end after {self.max_decisions} decisions (a policy looping on key passes?)")
        log = self.log
        if log is None:
            if len(options) == 1:
                return options[0]
            return options[self.choose(self, kind, options)]
        i = self.choose(self, kind, options) if len(options) > 1 else 0
        log.append((kind, options, i, self.turn))
        return options[i]

    def can_spend(self, i: int) -> bool:
        """Prisoner ``i`` may spend 1 Nerve now (§6.3; RULING-NERVE-AFTER-GAIN default)."""
        return self.nerve[i] >= 1 and self.spent[i] <= NERVE_PER_TURN - 1 and not (self.gained and i == self.turn)

    def spend(self, i: int) -> None:
        self.nerve[i] -= 1
        self.spent[i] += 1

    def next_tile(self) -> int:
        """The pile's top tile leaves the pile (drawn, or burnt by a stay): its type.

        The one place a single tile is read off the pile, with :meth:`burn` for several:
        :class:`solver.nightcage.chance.fastsim.ChanceSim` reveals the tile there when the order is unknown.
        """
        t = self.order[self.top]
        self.top += 1
        return t

    def burn(self, count: int) -> None:
        """The pile's top ``count`` tiles are burnt unseen (all of them when fewer are left)."""
        left = self.npile - self.top
        self.top += count if count < left else left

    def draw(self) -> int:
        """The pile's top tile goes to hand (the outcome counts it until it is placed).

        An omen is set aside and the next tile drawn unless it brings the Dirge
        (:meth:`solver.nightcage.sim.omens.Omens.omen_drawn`); -1 when the pile then runs out.
        """
        t = self.next_tile()
        if t == OMEN:
            return self.omen_drawn()
        self.hand = t
        self.check_loss()
        return t
