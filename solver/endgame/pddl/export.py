"""PDDL export of a Final Flickers position: an independent planner's view of the end-game.

:func:`export` writes a Final Flickers turn-start position of the standard
pieces (the positions :func:`solver.endgame.kernel.from_state` accepts) as a
PDDL 2.2 domain and problem with derived predicates, conditional
effects and action costs, for an optimal classical planner such as Fast
Downward (``benchmarks/fast_downward.py`` runs it and compares it with
:func:`solver.endgame.search.solve`). The text is generated here; nothing in
``solver/`` imports or runs a planner. :func:`plan_turns` reads a planner's
plan back as turns in the engine's notation, so that
:func:`solver.endgame.plan.verify` can replay it through the rules engine.

Plan cost = number of turns
---------------------------

Each prisoner's turn is a sequence of actions. ``begin-turn`` costs 1 and
every other action costs 0, so the cost of a plan is the number of turns
begun, the last one possibly cut short by the win; a cost-optimal plan
therefore has the fewest turns (the objective ``turns`` of the search, not
its Nerve tie-break). ``end-turn`` hands the turn to the next prisoner in
turn order (static ``next``) and resets the turn's counters. A turn runs
through phases (one flag true at a time)::

    idle --begin-turn--> main --stay-*--------------------> darken-stay --darken--> final
                          |  \\--move--> resolve-move --hit-move--> darken-move --darken--> decide
                          |   \\-charge-> resolve-charge --hit-charge--> scrambling --scramble--> darken-move
    decide --again--> must-step (move or charge, as from main)
    decide | final --discard | hold | pass-final--> closing --end-turn--> idle

Key passes (``give``, ``receive``, ``take``) are allowed in ``main``,
``decide`` and ``final``: the decision points where the engine and the
kernel offer them (rules notes 3-4; a pass in the middle of a move's
resolution could be made at the next decision point with the same result).

What is modelled exactly (the order and conditions of :class:`solver.endgame.kernel._Turn`)
-------------------------------------------------------------------------------------

* **Tiles** never move and none is drawn: a cell holds a tile at the start or
  never will, so only those cells are objects. Openings are static
  (``link ?c ?d``: a passage, both edges open; ``faces ?c ?d``: ``?c``'s tile
  opens toward its neighbour ``?d``, which is what lights ``?d``). The
  dynamic part is ``present``, ``pit``, ``monster``, ``gate``, ``keyed`` (a
  key tile still holding its key) and ``crumbling``; a removed tile loses
  them all, a crumbled one keeps ``present`` and becomes a ``pit`` (its key
  lost with it).
* **Moves** along passages onto a present tile that is not a pit nor a wax
  eater, holding no prisoner unless it is a gate; a key is taken on arrival
  by a keyless prisoner. **Stays**: a lit prisoner gains a Nerve (up to 2,
  and then ``gained`` bars holding the light); a Lights Out prisoner pays 1
  Nerve if it could move or jump (derived ``can-walk``), else stays free.
  **Move again** (``again``) pays 1 Nerve and must be followed by a move or
  charge. **Nerve** levels 0-3 and the Nerve spent this turn (0-2) are
  objects ``l0``-``l3``; every payment needs ``spend ?s ?s2`` (at most 2 a
  turn).
* **Crumbling**: the tile a prisoner moves off turns into a pit.
* **Wax eaters** (§6.1): their lines of sight are derived from static rays
  (``ray-first``, ``ray-pass``: which neighbours a line may enter, given the
  openings and RULING-LOS-END) over the tiles still present and not pits
  (``sight ?m ?dir ?c``, ``sees ?m ?c``). A move or charge triggers the
  monsters that saw the origin before the move (RULING-TRIGGER-ORIGIN,
  evaluated in the move's own condition, i.e. before the origin crumbles)
  and those that see the destination after it (``dest`` in ``hit-*``);
  ``attacks`` closes them under chain reactions, ``seen`` is what they see;
  lit prisoners standing there go Lights Out and the attackers are removed
  (RULING-MONSTER-REMOVED). **Charge** (1 Nerve): the charged monster and
  every watcher attack, the charger goes out, scrambles to a neighbour that
  opens back toward it (present, not a pit nor a monster, free unless a
  gate, taking a key there), and the monsters go (all attackers, or only the
  charged one under the other reading of MONSTER-REMOVED).
* **Darkness** (step 6) after every move, scramble and stay: every present
  tile that no prisoner illuminates (derived ``illuminated``: a prisoner's
  own cell, and the cells a lit prisoner's tile opens toward) is removed, by
  a conditional effect quantified over the cells; **relighting** in the
  same action (RULING-RELIGHT-WITH-ACTIVE: the active prisoner is relit by a
  lit connected neighbour, then relights its connected neighbours; the
  other reading: derived ``relit``, chains of connected prisoners).
  Relighting depends only on prisoners' cells, which darkness never
  removes, so doing both in one action is exact.
* **Final Flickers**: discard one present tile holding no prisoner, or hold
  the light (1 Nerve, at most 1 spent before, not after a gain); under the
  other reading of RULING-FF-OCCUPIED, ``pass-final`` ends a turn with no
  free tile and no light to hold.
* **Adjacency** for passes and relighting (``adjacent``): connected cells,
  or one gate under the other reading of RULING-SAME-GATE-NOT-ADJACENT.
* **The win** (the goal): every prisoner on one gate holding a key. A
  planner stops at the first state where it holds, so the win is checked
  after every action, in particular right after an arrival.

What is simplified, and why the optimal number of turns cannot change
---------------------------------------------------------------------

* **Losing branches are left out**: jumping into a pit, staying on a
  crumbling tile, a charge with nowhere to scramble, and discarding an
  occupied tile make a prisoner fall, and with an empty pile a fall loses at
  once (rules notes 17). No winning plan contains them, so the encoding has
  no action for them (a charge with no scramble is a dead end).
* **Loss checks are not encoded**: the game is lost when no gate is left or
  fewer keys remain (held, or on key tiles) than prisoners. Both counts only
  ever fall (keys change hands or leave their tile for a hand, never
  appear), and the goal needs a gate and a key per prisoner, so from a
  state the rules call lost the goal is unreachable; the planner may
  explore on but never wins there. The engine also checks the win before
  any loss, and in every goal state the gate under the prisoners is present
  and every key is held, so no goal state is a lost one.
* **No fall, no landing**: falling prisoners are never reached, so the
  row-or-column choice, landing and the attacks of a fall are absent.
* **The win mid-resolution**: the engine stops the turn on a win at arrival,
  before triggers; here the move's effects and the following ``hit-move``
  still apply, but they change no position, key or gate under the
  prisoners, so the goal holds at the same point.
* **Finished games** are exported as they are: a won position's goal holds
  at once (an empty plan, 0 turns, as :func:`solver.endgame.search.solve` answers);
  in a lost one the goal is unreachable (a falling prisoner has no ``at``
  fact, and the counts above cannot recover), so a planner proves it
  unsolvable. The problem says which in a comment.

Under these restrictions every winning action sequence of the rules (and of
the kernel) is a plan, turn for turn, and every plan replays in the rules
engine (:func:`plan_turns` + :func:`solver.endgame.plan.verify`): the optimal plan
cost is the optimal number of turns. Checked by ``benchmarks/fast_downward.py``
(the end-game corpus: Fast Downward and the search agree on every verdict and
optimal length both reach, and every FD plan replays as a win; figures in
benchmarks/README.md) and, without FD, by ``tests/test_pddl.py``.

>>> import random
>>> from solver.testing.endgame import sample_position
>>> task = export(sample_position(random.Random(4)))
>>> task.domain.startswith("(define (domain night-cage-final-flickers")
True
>>> "(:goal" in task.problem and task.prisoners == ("red", "blue", "green", "yellow")
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from solver.core.errors import NightCageError
from solver.core.grid import DIRECTIONS, cells_of, geometry
from solver.core.state import GameState
from solver.endgame import kernel as eg
from solver.endgame.plan import PlanTurn

DOMAIN_NAME = "night-cage-final-flickers"
LEVELS = ("l0", "l1", "l2", "l3")
DIR_OBJECTS = ("north", "east", "south", "west")
"""Direction objects, in the order of :data:`solver.core.grid.DIRECTIONS`."""
_RESERVED = frozenset(LEVELS + DIR_OBJECTS + ("and", "or", "not", "when", "forall", "exists", "either", "object"))


class ExportError(NightCageError, ValueError):
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

    Raises :class:`ExportError` when :func:`solver.endgame.kernel.from_state` refuses
    the position (a turn under way, a pile, advanced pieces, an unplaced
    prisoner). A finished game is exported too (see the module doc).
    """
    try:
        k = eg.from_state(state)
    except ValueError as exc:
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


# -- the domain -----------------------------------------------------------------------------------


def domain_text(ctx: eg.Context) -> str:
    """The domain: the same for every position with the same end-game rulings (``ctx.flags``)."""
    origin = ctx.trigger_origin
    removed = ctx.monster_removed
    parts = [
        f"(define (domain {DOMAIN_NAME}{_ruling_suffix(ctx)})",
        "  (:requirements :strips :typing :equality :negative-preconditions :disjunctive-preconditions",
        "                 :existential-preconditions :universal-preconditions :conditional-effects",
        "                 :derived-predicates :action-costs)",
        "  (:types cell prisoner level dir)",
        f"  (:constants {' '.join(LEVELS)} - level {' '.join(DIR_OBJECTS)} - dir)",
        "  (:predicates",
        "    ; static: the board's passages, lines of sight, turn order, Nerve arithmetic",
        "    (link ?c ?d - cell) (faces ?c ?d - cell)",
        "    (ray-first ?m - cell ?r - dir ?y - cell) (ray-pass ?m - cell ?r - dir ?x ?y - cell)",
        "    (next ?p ?q - prisoner) (gain ?l ?k - level) (pay ?l ?k - level) (spend ?l ?k - level)",
        "    ; tiles",
        "    (present ?c - cell) (pit ?c - cell) (monster ?c - cell) (gate ?c - cell) (keyed ?c - cell) (crumbling ?c - cell)",
        "    ; prisoners",
        "    (at ?p - prisoner ?c - cell) (lit ?p - prisoner) (has-key ?p - prisoner) (nerve ?p - prisoner ?l - level)",
        "    ; the turn",
        "    (active ?p - prisoner) (spent ?l - level) (gained)",
        "    (idle) (main) (must-step) (resolve-move) (resolve-charge) (scrambling) (darken-move) (darken-stay)",
        "    (decide) (final) (closing)",
        "    (dest ?c - cell) (triggered ?m - cell) (doomed ?m - cell)",
        "    ; derived",
        "    (occupied ?c - cell) (adjacent ?p ?q - prisoner) (can-walk ?p - prisoner)",
        "    (sight ?m - cell ?r - dir ?y - cell) (sees ?m ?y - cell) (attacks ?m - cell) (seen ?c - cell)",
        "    (illuminated ?c - cell)" + (" (relit ?p - prisoner)" if not ctx.relight_with_active else ""),
        "  )",
        "  (:functions (total-cost) - number)",
        "",
        *_derived(ctx),
        "",
        *_actions(ctx, origin, removed),
        ")",
    ]
    return "\n".join(parts) + "\n"


def _ruling_suffix(ctx: eg.Context) -> str:
    """Domains of other readings get another name (``-alt-`` and the rulings read the other way)."""
    alt = [attr for bit, attr in eg._FLAG_RULINGS if not ctx.flags & bit]
    return "-alt-" + "-".join(a.replace("_", "-") for a in alt) if alt else ""


def _derived(ctx: eg.Context) -> list[str]:
    same_gate = ""
    if ctx.same_gate_adjacent:
        same_gate = "\n        (exists (?c - cell) (and (not (= ?p ?q)) (at ?p ?c) (at ?q ?c)))"
    out = [
        "  (:derived (occupied ?c - cell) (exists (?p - prisoner) (at ?p ?c)))",
        "  (:derived (adjacent ?p ?q - prisoner)",
        "    (or (exists (?c ?d - cell) (and (at ?p ?c) (at ?q ?d) (link ?c ?d)))" + same_gate + "))",
        "  ; a move or a jump is possible (a Lights Out prisoner stays free only without one, §8.6)",
        "  (:derived (can-walk ?p - prisoner)",
        "    (exists (?c ?d - cell) (and (at ?p ?c) (faces ?c ?d) (present ?d)",
        "      (or (pit ?d) (and (link ?c ?d) (not (monster ?d)) (or (gate ?d) (not (occupied ?d))))))))",
        "  ; lines of sight (§6.1) over the tiles still standing",
        "  (:derived (sight ?m - cell ?r - dir ?y - cell)",
        "    (and (present ?y) (not (pit ?y))",
        "      (or (and (monster ?m) (ray-first ?m ?r ?y))",
        "          (exists (?x - cell) (and (ray-pass ?m ?r ?x ?y) (sight ?m ?r ?x))))))",
        "  (:derived (sees ?m ?y - cell) (exists (?r - dir) (sight ?m ?r ?y)))",
        "  ; the monsters that attack: triggered, watching the destination, or reached by an attack",
        "  (:derived (attacks ?m - cell)",
        "    (and (monster ?m)",
        "      (or (triggered ?m)",
        "          (exists (?c - cell) (and (dest ?c) (sees ?m ?c)))",
        "          (exists (?k - cell) (and (attacks ?k) (sees ?k ?m))))))",
        "  (:derived (seen ?c - cell) (exists (?m - cell) (and (attacks ?m) (sees ?m ?c))))",
        "  (:derived (illuminated ?c - cell)",
        "    (exists (?p - prisoner) (or (at ?p ?c) (and (lit ?p) (exists (?d - cell) (and (at ?p ?d) (faces ?d ?c)))))))",
    ]
    if not ctx.relight_with_active:
        out += [
            "  (:derived (relit ?p - prisoner)",
            "    (or (lit ?p) (exists (?q - prisoner) (and (relit ?q) (adjacent ?p ?q)))))",
        ]
    return out


_KEY_ON_ARRIVAL = "(when (and (keyed ?t) (not (has-key ?a))) (and (has-key ?a) (not (keyed ?t))))"
_CRUMBLE = "(when (crumbling ?f) (and (pit ?f) (not (crumbling ?f)) (not (keyed ?f))))"
_ORIGIN_TRIGGERS = "(forall (?m - cell) (when (sees ?m ?f) (triggered ?m)))"
_REMOVE_TILE = "(not (present ?c)) (not (pit ?c)) (not (monster ?c)) (not (gate ?c)) (not (keyed ?c)) (not (crumbling ?c))"
_PASS_PHASE = "(or (main) (decide) (final))"
_STEP_PHASE = "(or (main) (must-step))"
_FINAL_PHASE = "(or (decide) (final))"


def _action(name: str, params: str, pre: list[str], eff: list[str]) -> list[str]:
    return [
        f"  (:action {name}",
        f"    :parameters ({params})",
        "    :precondition (and " + "\n                       ".join(pre) + ")",
        "    :effect (and " + "\n                 ".join(eff) + "))",
    ]


def _actions(ctx: eg.Context, origin: bool, removed: bool) -> list[str]:
    out: list[str] = []
    add = out.extend
    add(_action("begin-turn", "", ["(idle)"], ["(not (idle)) (main)", "(increase (total-cost) 1)"]))
    # -- key passes (§5, §8.1, §8.3) --------------------------------------------------------
    add(
        _action(
            "give",
            "?a ?b - prisoner",
            ["(active ?a)", _PASS_PHASE, "(has-key ?a) (not (has-key ?b)) (adjacent ?a ?b)"],
            ["(not (has-key ?a)) (has-key ?b)"],
        )
    )
    add(
        _action(
            "receive",
            "?a ?b - prisoner",
            ["(active ?a)", _PASS_PHASE, "(has-key ?b) (not (has-key ?a)) (adjacent ?a ?b)"],
            ["(not (has-key ?b)) (has-key ?a)"],
        )
    )
    add(
        _action(
            "take",
            "?a - prisoner ?c - cell",
            ["(active ?a)", _PASS_PHASE, "(at ?a ?c) (keyed ?c) (not (has-key ?a))"],
            ["(has-key ?a) (not (keyed ?c))"],
        )
    )
    # -- stays (§4.1, §8.6) -----------------------------------------------------------------------
    stay_pre = ["(main) (active ?a) (at ?a ?c) (not (crumbling ?c))"]
    add(
        _action(
            "stay-lit",
            "?a - prisoner ?c - cell",
            [*stay_pre, "(lit ?a)"],
            [
                "(not (main)) (darken-stay)",
                "(forall (?n ?n2 - level) (when (and (nerve ?a ?n) (gain ?n ?n2)) (and (not (nerve ?a ?n)) (nerve ?a ?n2) (gained))))",
            ],
        )
    )
    add(
        _action(
            "stay-dark-paid",
            "?a - prisoner ?c - cell ?n ?n2 - level",
            [*stay_pre, "(not (lit ?a)) (can-walk ?a) (nerve ?a ?n) (pay ?n ?n2)"],
            ["(not (main)) (darken-stay)", "(not (nerve ?a ?n)) (nerve ?a ?n2) (not (spent l0)) (spent l1)"],
        )
    )
    add(
        _action(
            "stay-dark-free",
            "?a - prisoner ?c - cell",
            [*stay_pre, "(not (lit ?a)) (not (can-walk ?a))"],
            ["(not (main)) (darken-stay)"],
        )
    )
    # -- moves (§4.1-4.6) ---------------------------------------------------------------------------
    move_eff = [
        "(not (main)) (not (must-step)) (resolve-move) (dest ?t)",
        "(not (at ?a ?f)) (at ?a ?t)",
        _KEY_ON_ARRIVAL,
        _CRUMBLE,
    ]
    if origin:
        move_eff.append(_ORIGIN_TRIGGERS)
    add(
        _action(
            "move",
            "?a - prisoner ?f ?t - cell",
            [
                "(active ?a)",
                _STEP_PHASE,
                "(at ?a ?f) (link ?f ?t) (present ?t) (not (pit ?t)) (not (monster ?t))",
                "(or (gate ?t) (not (occupied ?t)))",
            ],
            move_eff,
        )
    )
    hit = [
        "(forall (?c - cell) (and (not (dest ?c)) (not (triggered ?c))))",
        "(forall (?q - prisoner ?c - cell) (when (and (at ?q ?c) (seen ?c)) (not (lit ?q))))",
    ]
    hit_move = ["(not (resolve-move)) (darken-move)", *hit]
    if removed:
        hit_move.append("(forall (?m - cell) (when (attacks ?m) (and (not (present ?m)) (not (monster ?m)))))")
    add(_action("hit-move", "", ["(resolve-move)"], hit_move))
    # -- charge and scramble (§6.4, §8.7) -----------------------------------------------------------
    charge_eff = [
        "(not (main)) (not (must-step)) (resolve-charge) (dest ?t) (triggered ?t)",
        "(not (at ?a ?f)) (at ?a ?t)",
        "(not (nerve ?a ?n)) (nerve ?a ?n2) (not (spent ?s)) (spent ?s2)",
        _CRUMBLE,
    ]
    if origin:
        charge_eff.append(_ORIGIN_TRIGGERS)
    add(
        _action(
            "charge",
            "?a - prisoner ?f ?t - cell ?n ?n2 ?s ?s2 - level",
            [
                "(active ?a)",
                _STEP_PHASE,
                "(at ?a ?f) (link ?f ?t) (present ?t) (monster ?t)",
                "(nerve ?a ?n) (pay ?n ?n2) (spent ?s) (spend ?s ?s2)",
            ],
            charge_eff,
        )
    )
    doomed = "(attacks ?m)" if removed else "(dest ?m)"
    add(
        _action(
            "hit-charge",
            "?a - prisoner",
            ["(resolve-charge) (active ?a)"],
            [
                "(not (resolve-charge)) (scrambling)",
                *hit,
                "(not (lit ?a))",
                f"(forall (?m - cell) (when {doomed} (doomed ?m)))",
            ],
        )
    )
    add(
        _action(
            "scramble",
            "?a - prisoner ?f ?t - cell",
            [
                "(scrambling) (active ?a) (at ?a ?f) (faces ?t ?f) (present ?t) (not (pit ?t)) (not (monster ?t))",
                "(or (gate ?t) (not (occupied ?t)))",
            ],
            [
                "(not (scrambling)) (darken-move)",
                "(not (at ?a ?f)) (at ?a ?t)",
                _KEY_ON_ARRIVAL,
                "(forall (?m - cell) (when (doomed ?m) (and (not (doomed ?m)) (not (present ?m)) (not (monster ?m)))))",
            ],
        )
    )
    # -- step 6: darkness and relighting ----------------------------------------------------------------
    darkness = f"(forall (?c - cell) (when (and (present ?c) (not (illuminated ?c))) (and {_REMOVE_TILE})))"
    if ctx.relight_with_active:
        relight = [
            "(forall (?a - prisoner) (when (and (active ?a) (exists (?j - prisoner) (and (adjacent ?a ?j) (lit ?j)))) (lit ?a)))",
            "(forall (?a ?j - prisoner) (when (and (active ?a) (adjacent ?a ?j)",
            "                                     (or (lit ?a) (exists (?k - prisoner) (and (adjacent ?a ?k) (lit ?k)))))",
            "                                (lit ?j)))",
        ]
    else:
        relight = ["(forall (?p - prisoner) (when (relit ?p) (lit ?p)))"]
    add(_action("darken-after-move", "", ["(darken-move)"], ["(not (darken-move)) (decide)", darkness, *relight]))
    add(_action("darken-after-stay", "", ["(darken-stay)"], ["(not (darken-stay)) (final)", darkness, *relight]))
    # -- move again (§4.7) -------------------------------------------------------------------------------
    add(
        _action(
            "again",
            "?a - prisoner ?n ?n2 ?s ?s2 - level",
            ["(decide) (active ?a) (nerve ?a ?n) (pay ?n ?n2) (spent ?s) (spend ?s ?s2)"],
            ["(not (decide)) (must-step)", "(not (nerve ?a ?n)) (nerve ?a ?n2) (not (spent ?s)) (spent ?s2)"],
        )
    )
    # -- Final Flickers (§4.8, §7) -----------------------------------------------------------------------
    add(
        _action(
            "discard",
            "?c - cell",
            [_FINAL_PHASE, "(present ?c) (not (occupied ?c))"],
            ["(not (decide)) (not (final)) (closing)", _REMOVE_TILE],
        )
    )
    add(
        _action(
            "hold",
            "?a - prisoner ?n ?n2 ?s ?s2 - level",
            [_FINAL_PHASE, "(active ?a) (not (gained)) (nerve ?a ?n) (pay ?n ?n2) (spent ?s) (spend ?s ?s2)"],
            ["(not (decide)) (not (final)) (closing)", "(not (nerve ?a ?n)) (nerve ?a ?n2)"],
        )
    )
    if not ctx.ff_occupied:
        add(
            _action(
                "pass-final",
                "?a - prisoner",
                [
                    _FINAL_PHASE,
                    "(active ?a) (not (exists (?c - cell) (and (present ?c) (not (occupied ?c)))))",
                    "(or (gained) (nerve ?a l0) (spent l2))",
                ],
                ["(not (decide)) (not (final)) (closing)"],
            )
        )
    add(
        _action(
            "end-turn",
            "?a ?b - prisoner",
            ["(closing) (active ?a) (next ?a ?b)"],
            [
                "(not (closing)) (idle) (not (active ?a)) (active ?b) (not (gained))",
                "(forall (?s - level) (not (spent ?s))) (spent l0)",
            ],
        )
    )
    return out


# -- the problem --------------------------------------------------------------------------------------


def _problem_text(k: eg.K, names: tuple[str, ...], objects: tuple[str, ...]) -> str:
    ctx: eg.Context = k[eg.CTX]
    geo = geometry(ctx.size)
    present, on, oe, os_, ow, pit, mon, gate, keyed, crumb = k[eg.PRESENT : eg.PRISONERS]
    openings = (on, oe, os_, ow)
    ps = k[eg.PRISONERS :]
    cells = _cell_objects(k)
    cname = geo.name

    def opens(c: int, i: int) -> bool:
        return bool(openings[i] >> c & 1) and not pit >> c & 1

    def here(c: int) -> bool:
        return bool(present >> c & 1)

    static: list[str] = []
    for c in cells:
        for i in range(4):
            d = ctx.nb[c][i]
            if opens(c, i) and here(d):
                static.append(f"(faces {cname(c)} {cname(d)})")
                if opens(d, (i + 2) % 4):
                    static.append(f"(link {cname(c)} {cname(d)})")
    for m in cells_of(mon):
        for i in range(4):
            static.extend(_ray_facts(ctx, m, i, opens, here, cname))
    n = len(ps)
    for i in range(n):
        static.append(f"(next {objects[i]} {objects[(i + 1) % n]})")
    static += ["(gain l0 l1) (gain l1 l2)", "(pay l1 l0) (pay l2 l1) (pay l3 l2)", "(spend l0 l1) (spend l1 l2)"]

    tiles: list[str] = []
    for c in cells_of(present):
        facts = ["present"]
        bit = 1 << c
        for mask, pred in ((pit, "pit"), (mon, "monster"), (gate, "gate"), (keyed, "keyed"), (crumb, "crumbling")):
            if mask & bit:
                facts.append(pred)
        tiles.append(" ".join(f"({f} {cname(c)})" for f in facts))

    people: list[str] = []
    for i, p in enumerate(ps):
        obj = objects[i]
        pos = p & eg.POS
        facts = [f"(at {obj} {cname(pos)})"] if pos < eg.FALLEN else []
        facts.append(f"(nerve {obj} {LEVELS[p >> eg.NERVE_SHIFT & 3]})")
        if p & eg.LIT:
            facts.append(f"(lit {obj})")
        if p & eg.KEY:
            facts.append(f"(has-key {obj})")
        people.append(" ".join(facts) + f"  ; {names[i]}" + ("" if pos < eg.FALLEN else " (falling: on no cell)"))

    goals = []
    # No gate left (a lost game): name a cell that will never be a gate, so the goal is unreachable.
    for g in cells_of(gate) or cells[:1]:
        conj = " ".join(f"(at {o} {cname(g)}) (has-key {o})" for o in objects)
        goals.append(f"(and (gate {cname(g)}) {conj})")
    goal = goals[0] if len(goals) == 1 else "(or " + "\n          ".join(goals) + ")"

    who = ", ".join(f"{o} = {nm}" for o, nm in zip(objects, names))
    over = eg.outcome(k)
    lines = [
        f"; Final Flickers position, {ctx.size}x{ctx.size} board; prisoners in turn order: {who}",
        *([f"; the game is already over ({over}): " + ("the goal holds at once" if over == "win" else "the goal is unreachable")] if over else []),
        "; plan cost = number of turns (begin-turn costs 1, every other action 0)",
        f"(define (problem final-flickers-{_digest(static, tiles, people, k[eg.TURN])})",
        f"  (:domain {DOMAIN_NAME}{_ruling_suffix(ctx)})",
        "  (:objects " + " ".join(cname(c) for c in cells) + " - cell",
        "            " + " ".join(objects) + " - prisoner)",
        "  (:init",
        "    ; static",
        *_wrap(static),
        "    ; tiles",
        *(f"    {t}" for t in tiles),
        "    ; prisoners",
        *(f"    {p}" for p in people),
        "    ; the turn",
        f"    (active {objects[k[eg.TURN]]}) (spent l0) (idle) (= (total-cost) 0))",
        f"  (:goal {goal})",
        "  (:metric minimize (total-cost)))",
    ]
    return "\n".join(lines) + "\n"


def _cell_objects(k: eg.K) -> list[int]:
    """Cells that hold a tile, and (in a lost game only) any cell a prisoner stands on without one."""
    mask = k[eg.PRESENT]
    for p in k[eg.PRISONERS :]:
        if p & eg.POS < eg.FALLEN:
            mask |= 1 << (p & eg.POS)
    return cells_of(mask)


def _ray_facts(ctx: eg.Context, m: int, i: int, opens, here, cname) -> list[str]:  # type: ignore[no-untyped-def]
    """Static steps of monster ``m``'s line in direction ``i`` while the openings allow it (§6.1).

    The line enters ``y`` when the previous cell opens ahead and ``y`` opens
    back; it goes on past ``y`` only if ``y`` opens ahead. Under the other
    reading of RULING-LOS-END the tile where it stops is not in sight.
    Whether the tiles are still there is the derived predicate's business.
    """
    out: list[str] = []
    if not opens(m, i):
        return out
    back = (i + 2) % 4
    prev: int | None = None
    for bit in ctx.rays[m][i]:
        y = bit.bit_length() - 1
        if not here(y) or not opens(y, back):
            break
        ahead = opens(y, i)
        if not ahead and not ctx.los_end:
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
    import hashlib

    return hashlib.sha1(repr(parts).encode()).hexdigest()[:10]


# -- reading a plan back ---------------------------------------------------------------------------------

_SILENT = frozenset({"hit-move", "hit-charge", "darken-after-move", "darken-after-stay", "end-turn"})
_PAID = frozenset({"again", "charge", "hold", "stay-dark-paid"})


def parse_plan(text: str) -> list[tuple[str, ...]]:
    """A planner's plan file (``(action arg …)`` per line, ``;`` comments) as tuples of lower-case words."""
    steps = []
    for line in text.splitlines():
        line = line.split(";", 1)[0].strip()
        if line.startswith("(") and line.endswith(")"):
            steps.append(tuple(line[1:-1].lower().split()))
    return steps


def plan_cost(steps: list[tuple[str, ...]]) -> int:
    """The cost of a plan in this encoding: its number of turns."""
    return sum(1 for s in steps if s and s[0] == "begin-turn")


def plan_turns(task: PddlTask, steps: list[tuple[str, ...]]) -> tuple[PlanTurn, ...]:
    """The plan as turns in the engine's notation (for :func:`solver.endgame.plan.verify`).

    A turn runs from one ``begin-turn`` to the next; the internal steps
    (``hit-*``, ``darken-*``, ``end-turn``) write nothing. ``pass-final``
    becomes ``end``; after a move the engine may first wait at the move-again
    decision, which needs an ``end`` of its own (the kernel's
    ``_Turn.closing`` writes ``end end`` then), so a replay that is refused
    may be retried with the ``end`` doubled. Raises ``ValueError`` on an
    action this encoding does not have.
    """
    geo = geometry(task.size)
    who = dict(zip(task.prisoner_objects, task.prisoners))
    turns: list[PlanTurn] = []
    actions: list[str] = []
    active = task.prisoners[task.turn]
    playing: str | None = None
    nerve = 0

    def direction(a: str, b: str) -> str:
        d = geo.direction_between(geo.parse(a), geo.parse(b))
        if d is None:
            raise ValueError(f"{a} and {b} are not neighbours")
        return "NESW"[DIRECTIONS.index(d)]

    for step in steps:
        name, args = step[0], step[1:]
        if name == "begin-turn":
            if playing is not None:
                turns.append(PlanTurn(playing, tuple(actions), nerve))
            actions, nerve, playing = [], 0, active
        elif name == "end-turn":
            active = who[args[1]]
        elif name in _SILENT:
            pass
        elif name == "give":
            actions.append(f"give {who[args[1]]}")
        elif name == "receive":
            actions.append(f"give {who[args[1]]} {who[args[0]]}")
        elif name == "take":
            actions.append("take")
        elif name.startswith("stay-"):
            actions.append("stay")
        elif name in ("move", "charge", "scramble"):
            actions.append(f"{name} {direction(args[1], args[2])}")
        elif name in ("again", "hold"):
            actions.append(name)
        elif name == "discard":
            actions.append(f"discard {args[0]}")
        elif name == "pass-final":
            actions.append("end")
        else:
            raise ValueError(f"unknown action {name!r} in the plan")
        if name in _PAID:
            nerve += 1
    if playing is not None:
        turns.append(PlanTurn(playing, tuple(actions), nerve))
    return tuple(turns)


__all__ = ["ExportError", "PddlTask", "export", "domain_text", "parse_plan", "plan_cost", "plan_turns"]
