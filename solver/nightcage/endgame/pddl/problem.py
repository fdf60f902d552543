"""The PDDL problem of a Final Flickers position, and :func:`export`, which writes it with its domain.

The problem holds the position: the cells holding a tile (the objects), the
static passages, openings and sight rays over them, the tiles, the prisoners
and whose turn it is, and the goal (everyone on one gate holding a key). The
domain (:mod:`solver.nightcage.endgame.pddl.domain`) holds the rules.

>>> import random
>>> from solver.testing.endgame import sample_position
>>> task = export(sample_position(random.Random(4)))
>>> task.domain.startswith("(define (domain night-cage-final-flickers")
True
>>> "(:goal" in task.problem and task.prisoners == ("red", "blue", "green", "yellow")
True
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass

from solver.base.errors import NotCovered, UnsupportedError
from solver.nightcage.endgame import kernel as eg
from solver.nightcage.model.grid import Geometry, cells_of, geometry
from solver.nightcage.model.state import GameState

from .domain import DIR_OBJECTS, LEVELS, domain_name, domain_text

_RESERVED = frozenset(LEVELS + DIR_OBJECTS + ("and", "or", "not", "when", "forall", "exists", "either", "object"))


class ExportError(UnsupportedError):
    """A position the exporter does not cover (not a live Final Flickers turn start of standard pieces)."""


@dataclass(frozen=True)
class PddlTask:
    """The two PDDL texts of one position and the names needed to read a plan back."""

    domain: str
    problem: str
    size: int
    prisoners: tuple[str, ...]
    """Prisoner names in turn order."""
    prisoner_objects: tuple[str, ...]
    """The PDDL object of each prisoner (same order)."""
    cells: tuple[int, ...]
    """Cells declared as objects (those holding a tile), by cell index; their object is the cell's name."""
    turn: int
    """Index of the prisoner whose turn it is."""


# -- export ------------------------------------------------------------------------------------


def export(state: GameState) -> PddlTask:
    """The PDDL domain and problem of a Final Flickers turn-start position.

    Raises :class:`ExportError` when :func:`solver.nightcage.endgame.kernel.from_state` refuses
    the position (a turn under way, a pile, advanced pieces, an unplaced
    prisoner). A finished game is exported too (see :mod:`solver.nightcage.endgame.pddl.domain`).
    """
    try:
        k = eg.from_state(state, kinds=eg.STANDARD_KINDS)
    except NotCovered as exc:
        raise ExportError(f"not a Final Flickers turn start of standard pieces: {exc}") from None
    ctx: eg.Context = k[eg.CTX]
    names = tuple(p.name for p in state.prisoners)
    objects = _prisoner_objects(names, ctx.size)
    domain = domain_text(ctx)
    problem = _problem_text(k, names, objects)
    cells = tuple(_cell_objects(k))
    return PddlTask(domain, problem, ctx.size, names, objects, cells, k[eg.TURN])


def _prisoner_objects(names: tuple[str, ...], size: int) -> tuple[str, ...]:
    """Readable, unique PDDL objects for the prisoners (their names when they are safe identifiers)."""
    cell_names = set(geometry(size).names)
    out: list[str] = []
    for i, name in enumerate(names):
        obj = name.lower()
        if not re.fullmatch(r"[a-z][a-z0-9_-]*", obj) or obj in _RESERVED or obj in cell_names or obj in out:
            obj = f"p{i + 1}"
            while obj in out or obj in cell_names:
                obj = f"p{i + 1}-{len(out)}"
        out.append(obj)
    return tuple(out)


# -- the problem --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Tiles:
    """The tile masks of a kernel position (one bit per cell)."""

    present: int
    openings: tuple[int, int, int, int]
    pit: int
    monster: int
    gate: int
    keyed: int
    crumbling: int

    @classmethod
    def of(cls, k: eg.K) -> _Tiles:
        present, on, oe, os_, ow, pit, mon, gate, keyed, crumb = k[eg.PRESENT : eg.PRESENT + eg.B_KEEPER]
        return cls(present, (on, oe, os_, ow), pit, mon, gate, keyed, crumb)

    def opens(self, c: int, i: int) -> bool:
        """The tile of ``c`` opens toward direction index ``i`` (a pit opens nowhere)."""
        return bool(self.openings[i] >> c & 1) and not self.pit >> c & 1

    def here(self, c: int) -> bool:
        return bool(self.present >> c & 1)

    def kinds(self) -> tuple[tuple[int, str], ...]:
        """The masks of a tile's kinds and states, with their predicates, in the order the facts are written."""
        return ((self.pit, "pit"), (self.monster, "monster"), (self.gate, "gate"), (self.keyed, "keyed"), (self.crumbling, "crumbling"))


def _problem_text(k: eg.K, names: tuple[str, ...], objects: tuple[str, ...]) -> str:
    ctx: eg.Context = k[eg.CTX]
    geo = geometry(ctx.size)
    tiles = _Tiles.of(k)
    cells = _cell_objects(k)
    cname = geo.name
    static = _static_facts(ctx, geo, tiles, cells, objects)
    tile_facts = _tile_facts(tiles, cname)
    people = _prisoner_facts(k, names, objects, cname)
    goal = _goal(tiles, cells, objects, cname)
    who = ", ".join(f"{o} = {nm}" for o, nm in zip(objects, names))
    over = eg.outcome(k)
    finished = [f"; the game is already over ({over}): " + ("the goal holds at once" if over == "win" else "the goal is unreachable")]
    lines = [
        f"; Final Flickers position, {ctx.size}x{ctx.size} board; prisoners in turn order: {who}",
        *(finished if over else []),
        "; plan cost = number of turns (begin-turn costs 1, every other action 0)",
        f"(define (problem final-flickers-{_digest(static, tile_facts, people, k[eg.TURN])})",
        f"  (:domain {domain_name(ctx)})",
        "  (:objects " + " ".join(cname(c) for c in cells) + " - cell",
        "            " + " ".join(objects) + " - prisoner)",
        "  (:init",
        "    ; static",
        *_wrap(static),
        "    ; tiles",
        *(f"    {t}" for t in tile_facts),
        "    ; prisoners",
        *(f"    {p}" for p in people),
        "    ; the turn",
        f"    (active {objects[k[eg.TURN]]}) (spent l0) (idle) (= (total-cost) 0))",
        f"  (:goal {goal})",
        "  (:metric minimize (total-cost)))",
    ]
    return "\n".join(lines) + "\n"


def _static_facts(ctx: eg.Context, geo: Geometry, tiles: _Tiles, cells: list[int], objects: tuple[str, ...]) -> list[str]:
    """Passages and openings between tiles, the monsters' sight rays, turn order, Nerve arithmetic."""
    cname = geo.name
    static: list[str] = []
    for c in cells:
        for i in range(4):
            d = ctx.nb[c][i]
            if tiles.opens(c, i) and tiles.here(d):
                static.append(f"(faces {cname(c)} {cname(d)})")
                if tiles.opens(d, (i + 2) % 4):
                    static.append(f"(link {cname(c)} {cname(d)})")
    for m in cells_of(tiles.monster):
        for i in range(4):
            static.extend(_ray_facts(ctx.los_end, geo, tiles, m, i))
    n = len(objects)
    for i in range(n):
        static.append(f"(next {objects[i]} {objects[(i + 1) % n]})")
    static += ["(gain l0 l1) (gain l1 l2)", "(pay l1 l0) (pay l2 l1) (pay l3 l2)", "(spend l0 l1) (spend l1 l2)"]
    return static


def _tile_facts(tiles: _Tiles, cname: Callable[[int], str]) -> list[str]:
    """One line per tile: present, and pit, monster, gate, keyed, crumbling as it is."""
    out: list[str] = []
    for c in cells_of(tiles.present):
        facts = ["present"]
        bit = 1 << c
        for mask, pred in tiles.kinds():
            if mask & bit:
                facts.append(pred)
        out.append(" ".join(f"({f} {cname(c)})" for f in facts))
    return out


def _prisoner_facts(k: eg.K, names: tuple[str, ...], objects: tuple[str, ...], cname: Callable[[int], str]) -> list[str]:
    """One line per prisoner: place (none when falling), Nerve, candle, key."""
    people: list[str] = []
    for i, p in enumerate(k[eg.PRISONERS :]):
        obj = objects[i]
        pos = p & eg.POS
        facts = [f"(at {obj} {cname(pos)})"] if pos < eg.FALLEN else []
        facts.append(f"(nerve {obj} {LEVELS[p >> eg.NERVE_SHIFT & 3]})")
        if p & eg.LIT:
            facts.append(f"(lit {obj})")
        if p & eg.KEY:
            facts.append(f"(has-key {obj})")
        people.append(" ".join(facts) + f"  ; {names[i]}" + ("" if pos < eg.FALLEN else " (falling: on no cell)"))
    return people


def _goal(tiles: _Tiles, cells: list[int], objects: tuple[str, ...], cname: Callable[[int], str]) -> str:
    """Everyone on one gate, each holding a key: one conjunction per gate."""
    goals = []
    # No gate left (a lost game): name a cell that will never be a gate, so the goal is unreachable.
    for g in cells_of(tiles.gate) or cells[:1]:
        conj = " ".join(f"(at {o} {cname(g)}) (has-key {o})" for o in objects)
        goals.append(f"(and (gate {cname(g)}) {conj})")
    return goals[0] if len(goals) == 1 else "(or " + "\n          ".join(goals) + ")"


def _cell_objects(k: eg.K) -> list[int]:
    """Cells that hold a tile, and (in a lost game only) any cell a prisoner stands on without one."""
    mask = k[eg.PRESENT]
    for p in k[eg.PRISONERS :]:
        if p & eg.POS < eg.FALLEN:
            mask |= 1 << (p & eg.POS)
    return cells_of(mask)


def _ray_facts(los_end: bool, geo: Geometry, tiles: _Tiles, m: int, i: int) -> list[str]:
    """Static steps of monster ``m``'s line in direction ``i`` while the openings allow it (§6.1).

    The line enters ``y`` when the previous cell opens ahead and ``y`` opens
    back; it goes on past ``y`` only if ``y`` opens ahead. Under the other
    reading of RULING-LOS-END the tile where it stops is not in sight.
    Whether the tiles are still there is the derived predicate's business.
    """
    out: list[str] = []
    if not tiles.opens(m, i):
        return out
    cname = geo.name
    back = (i + 2) % 4
    prev: int | None = None
    for y in geo.rays[m][i]:  # the torus line, up to the cell before m again
        if not tiles.here(y) or not tiles.opens(y, back):
            break
        ahead = tiles.opens(y, i)
        if not ahead and not los_end:
            break
        d = DIR_OBJECTS[i]
        if prev is None:
            out.append(f"(ray-first {cname(m)} {d} {cname(y)})")
        else:
            out.append(f"(ray-pass {cname(m)} {d} {cname(prev)} {cname(y)})")
        if not ahead:
            break
        prev = y
    return out


def _wrap(facts: list[str], width: int = 100) -> list[str]:
    """Facts on lines of at most ``width`` characters."""
    lines: list[str] = []
    current = "   "
    for f in facts:
        if len(current) + len(f) + 1 > width and current.strip():
            lines.append(current)
            current = "   "
        current += " " + f
    if current.strip():
        lines.append(current)
    return lines


def _digest(*parts: object) -> str:
    """A short stable name for the problem (the same position gives the same name)."""
    return hashlib.sha1(repr(parts).encode()).hexdigest()[:10]


__all__ = ["ExportError", "PddlTask", "export"]
