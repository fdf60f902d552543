"""The PDDL domain of the Final Flickers: predicates, derived predicates, and one block of actions per rule.

:func:`domain_text` writes it; it depends only on the end-game rulings, so
every position read the same way shares one domain (the problem,
:mod:`solver.nightcage.endgame.pddl.problem`, holds the position).

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

What is modelled exactly (the order and conditions of :class:`solver.nightcage.endgame.kernel.Turn`)
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
  Nerve while it holds any, and with none stays free only if it could not
  move or jump (derived ``can-walk``, §8.6 amended).
* **Relighting at the turn start** (RULING-RELIGHT-AT-START, §8.2):
  ``begin-turn`` relights as step 6b does (below), before the first decision.
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
  at once (an empty plan, 0 turns, as :func:`solver.nightcage.endgame.search.solve` answers);
  in a lost one the goal is unreachable (a falling prisoner has no ``at``
  fact, and the counts above cannot recover), so a planner proves it
  unsolvable. The problem says which in a comment.

Under these restrictions every winning action sequence of the rules (and of
the kernel) is a plan, turn for turn, and every plan replays in the rules
engine (:func:`plan_turns` + :func:`solver.nightcage.endgame.plan.verify`): the optimal plan
cost is the optimal number of turns. Checked by ``benchmarks/fast_downward.py``
(the end-game corpus: Fast Downward and the search agree on every verdict and
optimal length both reach, and every FD plan replays as a win; figures in
benchmarks/README.md) and, without FD, by ``tests/nightcage/endgame/test_pddl.py``.
"""

from __future__ import annotations

from solver.nightcage.endgame import kernel as eg

DOMAIN_NAME = "night-cage-final-flickers"
LEVELS = ("l0", "l1", "l2", "l3")
DIR_OBJECTS = ("north", "east", "south", "west")
"""Direction objects, in the order of :data:`solver.nightcage.model.grid.DIRECTIONS`."""


def domain_text(ctx: eg.Context) -> str:
    """The domain: the same for every position with the same end-game rulings (``ctx.flags``)."""
    parts = [
        f"(define (domain {domain_name(ctx)})",
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
        *_actions(ctx),
        ")",
    ]
    return "\n".join(parts) + "\n"


def domain_name(ctx: eg.Context) -> str:
    """The domain's name: domains of other readings get another (``-alt-`` and the rulings read the other way)."""
    alt = [attr for bit, attr in eg.FLAG_RULINGS if not ctx.flags & bit]
    return DOMAIN_NAME + ("-alt-" + "-".join(a.replace("_", "-") for a in alt) if alt else "")


def _derived(ctx: eg.Context) -> list[str]:
    same_gate = ""
    if ctx.same_gate_adjacent:
        same_gate = "\n        (exists (?c - cell) (and (not (= ?p ?q)) (at ?p ?c) (at ?q ?c)))"
    out = [
        "  (:derived (occupied ?c - cell) (exists (?p - prisoner) (at ?p ?c)))",
        "  (:derived (adjacent ?p ?q - prisoner)",
        "    (or (exists (?c ?d - cell) (and (at ?p ?c) (at ?q ?d) (link ?c ?d)))" + same_gate + "))",
        "  ; a move or a jump is possible (a Lights Out prisoner without Nerve stays free only without one, §8.6)",
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
_HITS = (
    "(forall (?c - cell) (and (not (dest ?c)) (not (triggered ?c))))",
    "(forall (?q - prisoner ?c - cell) (when (and (at ?q ?c) (seen ?c)) (not (lit ?q))))",
)
"""The hits that end a move's or a charge's resolution: triggers cleared, the lit prisoners seen put out."""


def _action(name: str, params: str, pre: list[str], eff: list[str]) -> list[str]:
    return [
        f"  (:action {name}",
        f"    :parameters ({params})",
        "    :precondition (and " + "\n                       ".join(pre) + ")",
        "    :effect (and " + "\n                 ".join(eff) + "))",
    ]


def _actions(ctx: eg.Context) -> list[str]:
    """Every action, in the order of a turn."""
    return [
        *_begin_turn(ctx),
        *_key_passes(),
        *_stays(),
        *_moves(ctx),
        *_charges(ctx),
        *_darkness(ctx),
        *_move_again(),
        *_final_flickers(ctx),
        *_end_turn(),
    ]


def _begin_turn(ctx: eg.Context) -> list[str]:
    """The turn starts: the one action that costs (plan cost = number of turns); under
    RULING-RELIGHT-AT-START (§8.2) it relights as step 6b does, before the first decision."""
    relight = _relight(ctx) if ctx.relight_at_start else []
    return _action("begin-turn", "", ["(idle)"], ["(not (idle)) (main)", "(increase (total-cost) 1)", *relight])


def _key_passes() -> list[str]:
    """Key passes (§5, §8.1, §8.3): give, receive, take at a decision point."""
    out: list[str] = []
    add = out.extend
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
    return out


def _stays() -> list[str]:
    """Stays (§4.1, §8.6 amended): lit (gains Nerve), Lights Out paying while it holds Nerve,
    Lights Out free with no Nerve and no move or jump."""
    out: list[str] = []
    add = out.extend
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
            [*stay_pre, "(not (lit ?a)) (nerve ?a ?n) (pay ?n ?n2)"],
            ["(not (main)) (darken-stay)", "(not (nerve ?a ?n)) (nerve ?a ?n2) (not (spent l0)) (spent l1)"],
        )
    )
    add(
        _action(
            "stay-dark-free",
            "?a - prisoner ?c - cell",
            [*stay_pre, "(not (lit ?a)) (not (can-walk ?a)) (nerve ?a l0)"],
            ["(not (main)) (darken-stay)"],
        )
    )
    return out


def _moves(ctx: eg.Context) -> list[str]:
    """Moves (§4.1-4.6) and their resolution: triggers, hits, attackers removed."""
    out: list[str] = []
    add = out.extend
    move_eff = [
        "(not (main)) (not (must-step)) (resolve-move) (dest ?t)",
        "(not (at ?a ?f)) (at ?a ?t)",
        _KEY_ON_ARRIVAL,
        _CRUMBLE,
    ]
    if ctx.trigger_origin:
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
    hit_move = ["(not (resolve-move)) (darken-move)", *_HITS]
    if ctx.monster_removed:
        hit_move.append("(forall (?m - cell) (when (attacks ?m) (and (not (present ?m)) (not (monster ?m)))))")
    add(_action("hit-move", "", ["(resolve-move)"], hit_move))
    return out


def _charges(ctx: eg.Context) -> list[str]:
    """Charge and scramble (§6.4, §8.7): the charged monster and its watchers attack, the charger goes out."""
    out: list[str] = []
    add = out.extend
    charge_eff = [
        "(not (main)) (not (must-step)) (resolve-charge) (dest ?t) (triggered ?t)",
        "(not (at ?a ?f)) (at ?a ?t)",
        "(not (nerve ?a ?n)) (nerve ?a ?n2) (not (spent ?s)) (spent ?s2)",
        _CRUMBLE,
    ]
    if ctx.trigger_origin:
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
    doomed = "(attacks ?m)" if ctx.monster_removed else "(dest ?m)"
    add(
        _action(
            "hit-charge",
            "?a - prisoner",
            ["(resolve-charge) (active ?a)"],
            [
                "(not (resolve-charge)) (scrambling)",
                *_HITS,
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
    return out


def _darkness(ctx: eg.Context) -> list[str]:
    """Step 6: darkness and relighting, after a move or a scramble and after a stay (§3)."""
    out: list[str] = []
    add = out.extend
    darkness = f"(forall (?c - cell) (when (and (present ?c) (not (illuminated ?c))) (and {_REMOVE_TILE})))"
    relight = _relight(ctx)
    add(_action("darken-after-move", "", ["(darken-move)"], ["(not (darken-move)) (decide)", darkness, *relight]))
    add(_action("darken-after-stay", "", ["(darken-stay)"], ["(not (darken-stay)) (final)", darkness, *relight]))
    return out


def _relight(ctx: eg.Context) -> list[str]:
    """Relighting effects (RULING-RELIGHT-WITH-ACTIVE): the active prisoner is relit by a lit
    connected neighbour, then relights its connected neighbours; the other reading: chains."""
    if ctx.relight_with_active:
        return [
            "(forall (?a - prisoner) (when (and (active ?a) (exists (?j - prisoner) (and (adjacent ?a ?j) (lit ?j)))) (lit ?a)))",
            "(forall (?a ?j - prisoner) (when (and (active ?a) (adjacent ?a ?j)",
            "                                     (or (lit ?a) (exists (?k - prisoner) (and (adjacent ?a ?k) (lit ?k)))))",
            "                                (lit ?j)))",
        ]
    return ["(forall (?p - prisoner) (when (relit ?p) (lit ?p)))"]


def _move_again() -> list[str]:
    """Move again (§4.7): 1 Nerve, and a move or a charge must follow."""
    return _action(
        "again",
        "?a - prisoner ?n ?n2 ?s ?s2 - level",
        ["(decide) (active ?a) (nerve ?a ?n) (pay ?n ?n2) (spent ?s) (spend ?s ?s2)"],
        ["(not (decide)) (must-step)", "(not (nerve ?a ?n)) (nerve ?a ?n2) (not (spent ?s)) (spent ?s2)"],
    )


def _final_flickers(ctx: eg.Context) -> list[str]:
    """The Final Flickers end (§4.8, §7): discard a free tile, hold the light, or (alternative reading) pass."""
    out: list[str] = []
    add = out.extend
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
    if not ctx.flickers_occupied:
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
    return out


def _end_turn() -> list[str]:
    """The turn passes to the next prisoner; the turn's counters are reset."""
    return _action(
        "end-turn",
        "?a ?b - prisoner",
        ["(closing) (active ?a) (next ?a ?b)"],
        [
            "(not (closing)) (idle) (not (active ?a)) (active ?b) (not (gained))",
            "(forall (?s - level) (not (spent ?s))) (spent l0)",
        ],
    )


__all__ = ["DIR_OBJECTS", "DOMAIN_NAME", "LEVELS", "domain_name", "domain_text"]
