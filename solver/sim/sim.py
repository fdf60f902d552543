"""The full-game simulator's rules: one mutable position and whole turns played on it.

:class:`Sim` is an independent, fast implementation of the rules engine's turn
(:mod:`solver.rules.turn`, :mod:`solver.rules.moves`, :mod:`solver.rules.placing`,
:mod:`solver.rules.attacks`, :mod:`solver.rules.hit_choices`, :mod:`solver.rules.keys`) for the
standard pieces (start, straight, T, cracked T, cross, key, gate, wax eater,
pit) under the default rulings, with the pile's order known. It is made for
Monte Carlo rollouts: one trajectory, so the position is mutated in place and
never copied inside a game. :mod:`solver.sim.game` converts positions from and
to :class:`solver.core.state.GameState`, defines the policies and plays rollouts;
``tests/test_fastgame.py`` replays the games through the engine.

The position
------------

* per cell: ``typ`` (the tile type index of :data:`solver.core.tiles.TILE_TYPES`,
  ``-1`` for an empty cell; a pit keeps the type it was, :data:`NOTYPE` when
  unknown) and ``opn`` (the openings, N=1 E=2 S=4 W=8; 0 for pits);
* bitmasks (bit ``c`` for cell ``c``): ``present`` (every tile, pits
  included), ``pit``, ``mon`` (wax eaters), ``gate``, ``keyed`` (key tiles
  whose key is still there), ``crumb`` (crumbling tiles);
* per prisoner (lists, turn order): ``pc`` cell or -1, ``pf`` falling code
  (-1; ``FELL + c`` fell from ``c``, row or column not chosen; ``ROW + r``;
  ``FILE + f``), ``lit``, ``nerve``, ``key``, ``unplaced``;
* the pile: ``order`` (type indices, top first, the whole game's order) and
  ``top`` (tiles drawn so far), ``hand`` (a drawn tile not yet placed, or -1);
* the turn: ``turn``, ``spent`` (Nerve spent this turn per prisoner),
  ``gained``, ``ff`` (the turn began with an empty pile: Final Flickers).

The turn
--------

Each decision asks the policy (``choose(sim, kind, options) -> index``) to
pick one of a list of option tuples whose first item is the verb of the
engine's notation (see :func:`solver.sim.game.option_action`). The rules run
in the engine's order, unit by unit: a *unit* is what one engine action or
automatic step does before the engine checks the outcome (``solver.rules.turn.run``
checks it after every step). The game ends by raising :class:`Over` at the
first unit boundary where the engine would see it end, so that the position
then is exactly the engine's (the unplayed rest of the turn aside).
Outcome checks are made only after units that can change it (an arrival or a
key pass for the win; a draw, a burn, a removed or collapsed tile, or a fall
for the losses).
"""

from __future__ import annotations

from typing import Any

from solver.core.grid import cells_of, geometry

# -- tile types (indices into solver.core.tiles.TILE_TYPES) ---------------------------------

START, STRAIGHT, T, CRACKED_T, CROSS, KEY, GATE, WAX = range(8)
STANDARD_TYPES = 8
NOTYPE = 12
"""``typ`` of a pit whose former type is unknown (not counted in the discard)."""

ROTATIONS = ((3, 6, 9, 12), (5, 10), (7, 11, 13, 14), (7, 11, 13, 14), (15,), (15,), (15,), (15,))
"""The distinct openings of each standard type (as :func:`solver.core.tiles.rotations`)."""
CRUMBLES = (True, True, False, True, False, True, False, False)

OPP = (4, 8, 1, 2)
"""The side facing back, as a bit, for direction index 0-3 (N, E, S, W)."""

FELL = 100
ROW = 200
FILE = 300

# Option tuples that need no argument (shared, never mutated).
STAY = ("stay",)
AGAIN = ("again",)
END = ("end",)
HOLD = ("hold",)
TAKE = ("take",)
NOBLOCK = ("noblock",)
FALL_ROW = ("fall", "row")
FALL_FILE = ("fall", "file")
MOVE = tuple(("move", d) for d in range(4))
JUMP = tuple(("jump", d) for d in range(4))
CHARGE = tuple(("charge", d) for d in range(4))
BLIND = tuple(("blind", d) for d in range(4))
SCRAMBLE = tuple(("scramble", d) for d in range(4))
FALLS = [FALL_ROW, FALL_FILE]

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
        self.dist = geo.distance
        """Torus Manhattan distance, ``dist[a * cells + b]`` (for policies)."""
        self.place = tuple(tuple(tuple(("place", c, o, t) for o in range(16)) for c in range(cells)) for t in range(STANDARD_TYPES))
        self.start = tuple(tuple(("start", c, o) for o in range(16)) for c in range(cells))
        self.land = tuple(("land", c) for c in range(cells))
        self.swap = tuple(("swap", c) for c in range(cells))
        self.discard = tuple(("discard", c) for c in range(cells))
        self.block = tuple(("block", i) for i in range(n))
        self.give = tuple(tuple(("give", i, j) for j in range(n)) for i in range(n))


_TABLES: dict[tuple[int, int], Tables] = {}


def tables(size: int, n: int) -> Tables:
    key = (size, n)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = Tables(size, n)
    return t


bits = cells_of
"""The cells of a mask, in increasing order (the grid's helper, under the simulator's short name)."""


class Sim:
    """A position of a standard game with a known pile order, and the rules to play it."""

    __slots__ = (
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
        "turn",
        "spent",
        "gained",
        "ff",
        "choose",
        "log",
        "turns",
        "decisions",
        "max_decisions",
    )

    def __init__(self, size: int, n: int) -> None:
        self.tb = tables(size, n)
        self.n = n
        cells = self.tb.cells
        self.typ = [-1] * cells
        self.opn = [0] * cells
        self.present = self.pit = self.mon = self.gate = self.keyed = self.crumb = 0
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
        self.turn = 0
        self.spent = [0] * n
        self.gained = False
        self.ff = False
        self.choose: Any = None
        self.log: list[Any] | None = None
        self.turns = 0
        self.decisions = 0
        self.max_decisions = 1_000_000

    # -- set-up and copies ------------------------------------------------------------------------

    def set_pile(self, order: list[int]) -> None:
        """The whole pile, top first (suffix counts of gates and keys for the loss checks)."""
        self.order = order
        self.top = 0
        self.npile = len(order)
        g = [0] * (len(order) + 1)
        k = [0] * (len(order) + 1)
        for i in range(len(order) - 1, -1, -1):
            g[i] = g[i + 1] + (order[i] == GATE)
            k[i] = k[i + 1] + (order[i] == KEY)
        self.gsuf = g
        self.ksuf = k

    def copy(self) -> Sim:
        """An independent copy (the pile's order list is shared: it is never mutated)."""
        s = Sim.__new__(Sim)
        for name in Sim.__slots__:
            setattr(s, name, getattr(self, name))
        s.typ = self.typ[:]
        s.opn = self.opn[:]
        s.pc = self.pc[:]
        s.pf = self.pf[:]
        s.lit = self.lit[:]
        s.nerve = self.nerve[:]
        s.key = self.key[:]
        s.unplaced = self.unplaced[:]
        s.spent = self.spent[:]
        s.log = None
        return s

    def snapshot(self) -> tuple[Any, ...]:
        """Everything :func:`solver.sim.game.to_state` needs, copied."""
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

    def occupied(self) -> int:
        occ = 0
        for c in self.pc:
            if c >= 0:
                occ |= 1 << c
        return occ

    def illuminated(self) -> int:
        """Every cell some prisoner illuminates (§3)."""
        lightm, opn, lit = self.tb.lightm, self.opn, self.lit
        mask = 0
        for i, c in enumerate(self.pc):
            if c >= 0:
                mask |= lightm[c][opn[c]] if lit[i] else 1 << c
        return mask

    def adjacent(self, a: int, b: int) -> bool:
        """Connected neighbouring cells (two prisoners on one gate are not adjacent)."""
        tb = self.tb
        d = tb.between[a * tb.cells + b]
        return d >= 0 and bool(self.opn[a] >> d & 1) and bool(self.opn[b] >> (d ^ 2) & 1)

    # -- sight (§6.1) ---------------------------------------------------------------------------------

    def sight(self, m: int) -> int:
        """A wax eater's line of sight (RULING-LOS-END default: the stopping tile is in sight)."""
        opn = self.opn
        seen = 0
        for i, ray in enumerate(self.tb.rays[m]):
            ahead, back = 1 << i, OPP[i]
            for y in ray:
                o = opn[y]
                if not o & back:
                    break
                seen |= 1 << y
                if not o & ahead:
                    break
        return seen

    def sights(self) -> list[tuple[int, int]]:
        """``(monster bit, sight)`` of every wax eater on the board."""
        return [(1 << m, self.sight(m)) for m in bits(self.mon)]

    def watchers(self, c: int) -> int:
        """The wax eaters that have cell ``c`` in sight."""
        out = 0
        if self.mon:
            bit = 1 << c
            for mbit, seen in self.sights():
                if seen & bit:
                    out |= mbit
        return out

    def watched(self) -> int:
        """Every cell some wax eater sees (for policies)."""
        out = 0
        if self.mon:
            for _, seen in self.sights():
                out |= seen
        return out

    # -- outcome ---------------------------------------------------------------------------------------

    def won(self) -> bool:
        """Every prisoner on one gate, each holding a key (§5)."""
        c = self.pc[0]
        if c < 0 or not self.gate >> c & 1:
            return False
        key = self.key
        for i, x in enumerate(self.pc):
            if x != c or not key[i]:
                return False
        return True

    def check_win(self) -> None:
        if self.won():
            raise Over("win")

    def lost(self) -> bool:
        """A falling prisoner with an empty pile; no gate left; fewer keys than prisoners (§5)."""
        top = self.top
        if top >= self.npile:
            for f in self.pf:
                if f >= 0:
                    return True
        for f in self.pf:
            if f >= ROW and self.nowhere_to_land(f):  # its line chosen (FELL + cell: not yet)
                return True
        hand = self.hand
        if not self.gate and not self.gsuf[top] and hand != GATE:
            return True
        keys = self.keyed.bit_count() + self.ksuf[top] + (hand == KEY)
        for k in self.key:
            keys += k
        return keys < self.n

    def landing_tiles(self, cells: Any) -> list[int]:
        """Existing tiles a falling prisoner may land on: no pit, no prisoner unless a gate."""
        present, pit, gate = self.present, self.pit, self.gate
        occ = self.occupied()
        return [c for c in cells if present >> c & 1 and not pit >> c & 1 and (not occ >> c & 1 or gate >> c & 1)]

    def nowhere_to_land(self, f: int) -> bool:
        """A falling prisoner's line has no empty unlit cell and the board no tile to take it."""
        line = self.tb.files[f - FILE] if f >= FILE else self.tb.rows[f - ROW]
        blocked = self.present | self.illuminated()
        if any(not blocked >> c & 1 for c in line):
            return False
        return not self.landing_tiles(range(self.tb.cells))

    def check_loss(self) -> None:
        if self.lost():
            raise Over("lose")

    def over(self) -> str | None:
        """The outcome of the position as it stands (the win first)."""
        if self.won():
            return "win"
        return "lose" if self.lost() else None

    # -- decisions -----------------------------------------------------------------------------------

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

    def draw(self) -> int:
        """The pile's top tile goes to hand (the outcome counts it until it is placed)."""
        t = self.order[self.top]
        self.top += 1
        self.hand = t
        self.check_loss()
        return t

    # -- a whole turn -----------------------------------------------------------------------------------

    def play_turn(self) -> None:
        """The active prisoner's whole turn (``solver.rules.turn.begin_turn`` and the steps it queues)."""
        a = self.turn
        n = self.n
        self.turns += 1
        self.spent = [0] * n
        self.gained = False
        if self.unplaced[a]:
            self.ff = False
            self.start_tile(a)
            self.light()
        else:
            self.ff = self.top >= self.npile
            if self.pf[a] >= 0:
                self.land(a)
                self.light()
                if self.pc[a] >= 0:
                    self.main(a)
            else:
                self.main(a)
        self.turn = (a + 1) % n

    def start_tile(self, a: int) -> None:
        """The first turn: the start tile on any empty cell, in any rotation (rules notes 1-2)."""
        table = self.tb.start
        present = self.present
        opts = [table[c][o] for c in range(self.tb.cells) if not present >> c & 1 for o in ROTATIONS[START]]
        _, c, o = self.decide("start", opts)
        self.place_tile(c, START, o)
        self.pc[a] = c
        self.unplaced[a] = False

    def main(self, a: int) -> None:
        """The main action (§4.1) with key passes before it; then move again and Final Flickers."""
        while True:
            opts = self.move_options(a, False)
            keys = self.key_options(a)
            opt = self.decide("main", opts + keys if keys else opts)
            v = opt[0]
            if v == "give" or v == "take":
                self.pass_key(a, opt)
                continue
            break
        if v == "stay":
            self.stay(a)
        else:
            self.move(a, v, opt[1])
            self.again(a)
        self.final(a)

    def move_options(self, a: int, extra: bool) -> list[tuple[Any, ...]]:
        """``solver.rules.moves.move_problem`` for every direction and verb, and the stay (§4.1, §8.6)."""
        c = self.pc[a]
        o = self.opn[c]
        nb = self.tb.nb[c]
        opn = self.opn
        present, pit, mon, gate = self.present, self.pit, self.mon, self.gate
        lit = self.lit[a]
        can_draw = self.top < self.npile
        occ = 0
        for x in self.pc:
            if x >= 0:
                occ |= 1 << x
        opts = []
        walk = False
        for d in range(4):
            if not o >> d & 1:
                continue
            y = nb[d]
            yb = 1 << y
            if not present & yb:
                if not lit and can_draw:
                    opts.append(BLIND[d])
                    walk = True
                continue
            if pit & yb:
                opts.append(JUMP[d])
                walk = True
                continue
            if not opn[y] & OPP[d]:
                continue
            if mon & yb:
                if self.can_spend(a):
                    opts.append(CHARGE[d])
                continue
            if occ & yb and not gate & yb:
                continue
            opts.append(MOVE[d])
            walk = True
        if not extra and (lit or not walk or self.can_spend(a)):
            opts.append(STAY)
        return opts

    def key_options(self, a: int) -> list[tuple[Any, ...]]:
        """Key passes between the active prisoner and a connected neighbour; ``take`` (§5, §8.1, §8.3)."""
        ca = self.pc[a]
        if ca < 0:
            return []
        key, pc = self.key, self.pc
        out = []
        near = self.tb.nbmask[ca]
        give = self.tb.give
        for j in range(self.n):
            cj = pc[j]
            if j == a or cj < 0 or not near >> cj & 1 or key[a] == key[j] or not self.adjacent(ca, cj):
                continue
            out.append(give[a][j] if key[a] else give[j][a])
        if self.keyed >> ca & 1 and not key[a]:
            out.append(TAKE)
        return out

    def pass_key(self, a: int, opt: tuple[Any, ...]) -> None:
        if opt[0] == "take":
            self.key[a] = True
            self.keyed &= ~(1 << self.pc[a])
        else:
            self.key[opt[1]] = False
            self.key[opt[2]] = True
        self.check_win()

    # -- stay ------------------------------------------------------------------------------------

    def stay(self, a: int) -> None:
        """Stay (§4.1): Nerve, the pile's top tile discarded (a wax eater swapped in), collapse."""
        if self.lit[a]:
            if self.nerve[a] < MAX_NERVE:
                self.nerve[a] += 1
                self.gained = True
        elif any(opt[0] != "charge" for opt in self.move_options(a, True)):
            self.spend(a)  # a Lights Out prisoner who could move pays to stay (§8.6)
        c = self.pc[a]
        crumbling = self.crumb >> c & 1
        if self.top < self.npile:
            t = self.order[self.top]
            self.top += 1
            if t == WAX:
                targets = self.swap_targets(c)
                if targets:
                    self.hand = t
                    self.check_loss()
                    _, x = self.decide("swap", [self.tb.swap[x] for x in targets])
                    self.remove(1 << x)
                    self.place_tile(x, WAX, 15)
                    self.hand = -1
            self.check_loss()
        if crumbling:
            self.collapse_fall(a, c)
        self.light()

    def swap_targets(self, c: int) -> list[int]:
        """Tiles adjacent to and connected with the stayer, unoccupied (RULING-STAY-SWAP)."""
        occ = self.occupied()
        opn = self.opn
        out = []
        for d, y in enumerate(self.tb.nb[c]):
            if opn[c] >> d & 1 and opn[y] & OPP[d] and not occ >> y & 1:
                out.append(y)
        out.sort()
        return out

    def collapse_fall(self, a: int, c: int) -> None:
        """A stay on a crumbling tile: it flips and the prisoner falls (sight taken before)."""
        trig = self.watchers(c)
        self.collapse(c)
        self.pc[a] = -1
        self.pf[a] = FELL + c
        hits, triggered = self.attack(trig, -1, -1)
        self.check_loss()
        self.fall(a, c)
        self.attack_steps(hits, triggered, -1, -1)

    # -- moves -----------------------------------------------------------------------------------

    def move(self, a: int, verb: str, d: int) -> None:
        """``solver.rules.moves.perform_move`` and the steps it queues, step 6 included."""
        origin = self.pc[a]
        dest = self.tb.nb[origin][d]
        trig = self.watchers(origin)  # sight taken before the move (RULING-TRIGGER-ORIGIN)
        if verb == "charge":
            self.spend(a)
        if verb == "blind":
            t = self.draw()
            want = OPP[d]
            table = self.tb.place[t][dest]
            _, _, o, _ = self.decide("place", [table[o] for o in ROTATIONS[t] if o & want])
            self.place_tile(dest, t, o)
            self.hand = -1
            self.complete_move(a, origin, dest, trig)
        elif verb == "jump":
            self.pc[a] = -1
            self.pf[a] = FELL + dest
            self.collapse(origin)
            hits, triggered = self.attack(trig, -1, -1)
            self.check_loss()
            self.fall(a, dest)
            self.attack_steps(hits, triggered, -1, -1)
        else:
            self.complete_move(a, origin, dest, trig)
        self.light()

    def complete_move(self, a: int, origin: int, dest: int, trig: int) -> None:
        """Arrival (and the win check), the origin crumbling, triggers and hits (steps 1-5)."""
        dbit = 1 << dest
        entering = self.mon & dbit
        if entering:
            self.pc[a] = dest  # on the monster only until the scramble
        else:
            self.arrive(a, dest)
            if self.won():
                raise Over("win")  # checked on arrival, before any trigger (§8.10)
        self.collapse(origin)
        trig |= self.watchers(dest)
        if entering:
            trig |= dbit
            hits, triggered = self.attack(trig, a, dest)
            self.check_loss()
            self.attack_steps(hits, triggered, a, dest)
        else:
            hits, triggered = self.attack(trig, -1, -1)
            self.check_loss()
            self.attack_steps(hits, triggered, -1, -1)

    def arrive(self, who: int, c: int) -> None:
        """A prisoner reaches a tile and takes its key if it holds none."""
        self.pc[who] = c
        self.pf[who] = -1
        bit = 1 << c
        if self.keyed & bit and not self.key[who]:
            self.key[who] = True
            self.keyed &= ~bit

    # -- attacks -----------------------------------------------------------------------------------

    def attack(self, trig: int, enterer: int, cell: int) -> tuple[list[int] | None, int]:
        """Steps 4-5: chain reactions, then hits (one per prisoner and monster) and Lights Out.

        ``enterer`` stands on the monster of ``cell`` (charge, blind step, landing,
        scramble onto a drawn one) and is hit by it. Returns the hits per
        prisoner (None when nobody is hit) and the monsters that attacked.
        """
        if not trig:
            return None, 0
        table = self.sights()
        triggered = trig
        while True:
            seen = 0
            for mbit, s in table:
                if triggered & mbit:
                    seen |= s
            new = seen & self.mon & ~triggered
            if not new:
                break
            triggered |= new
        hits = None
        pc, lit = self.pc, self.lit
        inside = 1 << cell if enterer >= 0 else 0
        for i in range(self.n):
            c = pc[i]
            if c < 0:
                continue
            cbit = 1 << c
            h = 1 if i == enterer and triggered & inside else 0
            for mbit, s in table:
                if triggered & mbit and s & cbit:
                    h += 1
            if h:
                if hits is None:
                    hits = [0] * self.n
                hits[i] = h
                lit[i] = False  # Lights Out is immediate (rules notes 9)
        return hits, triggered

    def attack_steps(self, hits: list[int] | None, triggered: int, mover: int, cell: int) -> None:
        """The steps an attack queues: Blocks, the penalty burn, the scramble, the monsters' removal."""
        if hits is not None:
            self.blocks(hits)
        if mover >= 0:
            self.scramble(mover, cell)
        if triggered:
            gone = triggered & self.mon
            if gone:
                self.remove(gone)

    def blocks(self, hits: list[int]) -> None:
        """Blocks one at a time (rules notes 7), then 3 tiles per hit (2 blocked) burnt (6.2)."""
        blocked = [0] * self.n
        table = self.tb.block
        while self.top < self.npile:
            opts = [table[i] for i in range(self.n) if hits[i] > blocked[i] and self.can_spend(i)]
            if not opts:
                break
            opts.append(NOBLOCK)
            opt = self.decide("block", opts)
            if opt is NOBLOCK:
                break
            i = opt[1]
            blocked[i] += 1
            self.spend(i)
        total = 3 * sum(hits) - sum(blocked)
        left = self.npile - self.top
        if left:
            self.top += total if total < left else left
            self.check_loss()

    def scramble(self, who: int, cell: int) -> None:
        """Off the monster (6.4, §8.7): onto a connected free tile, or a drawn tile; else fall."""
        nb = self.tb.nb[cell]
        present, opn = self.present, self.opn
        can_draw = self.top < self.npile
        occ = self.occupied()
        opts = []
        for d in range(4):
            y = nb[d]
            yb = 1 << y
            if not present & yb:
                if can_draw:
                    opts.append(SCRAMBLE[d])
                continue
            if self.pit & yb or not opn[y] & OPP[d] or self.mon & yb:
                continue
            if occ & yb and not self.gate & yb:
                continue
            opts.append(SCRAMBLE[d])
        if not opts:
            self.pc[who] = -1
            self.pf[who] = FELL + cell
            self.check_loss()
            self.fall(who, cell)
            return
        d = self.decide("scramble", opts)[1]
        y = nb[d]
        if present >> y & 1:
            self.arrive(who, y)
            self.check_win()
            return
        t = self.draw()
        want = OPP[d]
        table = self.tb.place[t][y]
        _, _, o, _ = self.decide("place", [table[o] for o in ROTATIONS[t] if o & want])
        self.place_tile(y, t, o)
        self.hand = -1
        if t == WAX:  # scrambling onto a drawn monster enters it (rules notes 13)
            self.pc[who] = y
            hits, triggered = self.attack(1 << y, who, y)
            self.attack_steps(hits, triggered, who, y)
        else:
            self.arrive(who, y)
            self.check_win()

    def fall(self, who: int, c: int) -> None:
        """The faller's row or column (§4.3)."""
        opt = self.decide("fall", FALLS)
        size = self.tb.size
        self.pf[who] = ROW + c // size if opt is FALL_ROW else FILE + c % size

    # -- landing ---------------------------------------------------------------------------------

    def land(self, a: int) -> None:
        """Step 0: an empty unlit cell of the line (a drawn tile), else an existing tile there."""
        f = self.pf[a]
        line = self.tb.files[f - FILE] if f >= FILE else self.tb.rows[f - ROW]
        present = self.present
        lit = self.illuminated()
        table = self.tb.land
        opts = [table[c] for c in line if not (present | lit) >> c & 1]
        if not opts:  # RULING-LAND-FULL-LINE default, then the whole board (rules-notes: nowhere to land)
            opts = [table[c] for c in self.landing_tiles(line)] or [table[c] for c in self.landing_tiles(range(self.tb.cells))]
            if not opts:
                raise Over("lose")  # (lost() says so first; kept as a guard)
        c = self.decide("land", opts)[1]
        if not present >> c & 1:
            t = self.draw()
            table2 = self.tb.place[t][c]
            _, _, o, _ = self.decide("place", [table2[o] for o in ROTATIONS[t]])
            self.place_tile(c, t, o)
            self.hand = -1
        if self.mon >> c & 1:  # landing on a monster (6.4)
            self.pc[a] = c
            self.pf[a] = -1
            hits, triggered = self.attack(1 << c, a, c)
            self.attack_steps(hits, triggered, a, c)
        else:
            self.arrive(a, c)
            self.check_win()

    # -- light and darkness ------------------------------------------------------------------------

    def light(self) -> None:
        """Step 6: darkness, relighting, then the empty lit cells filled one drawn tile at a time."""
        lit = self.illuminated()
        dark = self.present & ~lit
        if dark:
            self.remove(dark)
        if not all(self.lit):
            if self.relight():
                lit = self.illuminated()
        if dark:
            self.check_loss()
        empty = lit & ~self.present
        if empty and self.top < self.npile:
            self.fill(empty)

    def relight(self) -> bool:
        """RULING-RELIGHT-WITH-ACTIVE: the active prisoner and its connected neighbours."""
        a = self.turn
        here = self.pc[a]
        if here < 0:
            return False
        lit, pc = self.lit, self.pc
        near = [j for j in range(self.n) if j != a and pc[j] >= 0 and self.adjacent(here, pc[j])]
        changed = False
        if not lit[a]:
            if not any(lit[j] for j in near):
                return False
            lit[a] = changed = True
        for j in near:
            if not lit[j]:
                lit[j] = changed = True
        return changed

    def fill(self, empty: int) -> None:
        """Step 6c (RULING-FILL-ALL-LIT): each drawn tile goes to one of the cells left, connected
        back to one of the lit passages that light it."""
        sides: dict[int, int] = {}
        nbs, opn = self.tb.nb, self.opn
        for i, c in enumerate(self.pc):
            if c < 0 or not self.lit[i]:
                continue
            o = opn[c]
            for d in range(4):
                if o >> d & 1:
                    y = nbs[c][d]
                    if empty >> y & 1:
                        sides[y] = sides.get(y, 0) | OPP[d]
        cells = bits(empty)
        place = self.tb.place
        while cells and self.top < self.npile:
            t = self.draw()
            rots = ROTATIONS[t]
            table = place[t]
            opts = [table[c][o] for c in cells for o in rots if o & sides[c]]
            _, c, o, _ = self.decide("place", opts)
            self.place_tile(c, t, o)
            self.hand = -1
            cells.remove(c)

    # -- move again, Final Flickers ------------------------------------------------------------------

    def again(self, a: int) -> None:
        """Move again for 1 Nerve (§4.7) while a move is then possible; key passes meanwhile."""
        while self.pc[a] >= 0:
            possible = False
            if self.can_spend(a):
                self.spend(a)
                possible = bool(self.move_options(a, True))
                self.nerve[a] += 1
                self.spent[a] -= 1
            keys = self.key_options(a)
            if not possible and not keys:
                return
            opts = [AGAIN, END] if possible else [END]
            opt = self.decide("again", opts + keys if keys else opts)
            if opt is END:
                return
            if opt is AGAIN:
                self.spend(a)
                opt = self.decide("extra", self.move_options(a, True))
                self.move(a, opt[0], opt[1])
            else:
                self.pass_key(a, opt)

    def final(self, a: int) -> None:
        """Final Flickers (§4.8, §7): discard an illuminated tile (occupied too) or hold the light."""
        if not self.ff:
            return
        table = self.tb.discard
        while self.pc[a] >= 0:
            tiles = self.present & self.illuminated()
            hold = self.nerve[a] >= 1 and self.spent[a] <= NERVE_PER_TURN - 1 and not self.gained
            keys = self.key_options(a)
            # The decision always waits: with nothing to discard or hold, ``end`` closes it.
            opts = [table[c] for c in bits(tiles)]
            if hold:
                opts.append(HOLD)
            if not opts:
                opts.append(END)
            opt = self.decide("final", opts + keys if keys else opts)
            v = opt[0]
            if v == "give" or v == "take":
                self.pass_key(a, opt)
                continue
            if v == "discard":
                c = opt[1]
                self.remove(1 << c)
                for i, x in enumerate(self.pc):
                    if x == c:
                        self.pc[i] = -1
                        self.pf[i] = FELL + c
                self.check_loss()
            elif v == "hold":
                self.spend(a)
            return

    # -- a whole game --------------------------------------------------------------------------------

    def play(self, max_turns: int = 100_000) -> str:
        """Turns until the game ends; returns ``"win"`` or ``"lose"``."""
        result = self.over()
        if result is not None:
            return result
        try:
            while self.turns < max_turns:
                self.play_turn()
                if self.log is not None:
                    self.log.append(("turn_end", self.snapshot()))
        except Over as end:
            return end.result
        raise RuntimeError(f"no end after {max_turns} turns")
