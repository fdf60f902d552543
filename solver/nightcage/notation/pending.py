"""The ``pending`` object: a turn in progress, written as data (see docs/pending.md)."""

from __future__ import annotations

from typing import Any

from solver.nightcage.model.grid import geometry
from solver.nightcage.model.setups import MAX_NERVE
from solver.nightcage.model.state import (
    AGAIN,
    BLOCK,
    BURN,
    COLLAPSE,
    DIRGE,
    DISCARD_MONSTERS,
    END_TURN,
    EXTRA,
    FALL,
    FINAL,
    LAND,
    LIGHT,
    MAIN,
    PLACE,
    SCRAMBLE,
    START,
    STAY_DRAW,
    SWAP,
    GameState,
    Hit,
    Prisoner,
    Step,
    StepName,
    Turn,
)
from solver.nightcage.model.tiles import TileType
from solver.nightcage.notation.fields import TYPE_NAMES, Reader
from solver.nightcage.rules.describe import decision_text

STEP_NAMES = (
    MAIN,
    EXTRA,
    AGAIN,
    FINAL,
    PLACE,
    LAND,
    START,
    BURN,
    STAY_DRAW,
    SWAP,
    BLOCK,
    FALL,
    SCRAMBLE,
    DIRGE,
    COLLAPSE,
    DISCARD_MONSTERS,
    LIGHT,
    END_TURN,
)
STEP_FIELDS = ("step", "prisoner", "cell", "cells", "hand", "purpose", "count", "hits", "origin", "triggered")
PURPOSES = ("fill", "land", "blind", "scramble")
HIT_TILES_RANGE = (1, 5)
"""How far a monster's hit reaches, in tiles."""
PENDING_FIELDS = ("decision", "awaits", "steps", "spent", "gained", "final_flickers", "relit")


def pending_to_json(state: GameState) -> dict[str, Any]:
    turn = state.pending
    assert turn is not None
    names = [p.name for p in state.prisoners]
    geo = state.geo
    out: dict[str, Any] = {"decision": turn.front.name, "awaits": decision_text(state)}
    out["steps"] = [_step_json(s, names, geo) for s in turn.steps]
    spent = {names[i]: n for i, n in enumerate(turn.spent) if n}
    if spent:
        out["spent"] = spent
    out["gained"] = turn.gained
    out["final_flickers"] = turn.final_flickers
    if turn.relit:
        out["relit"] = [names[i] for i in turn.relit]
    return out


def _step_json(step: Step, names: list[str], geo: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"step": step.name}
    if step.who >= 0:
        out["prisoner"] = names[step.who]
    if step.cell >= 0:
        out["cell"] = geo.name(step.cell)
    if step.cells:
        out["cells"] = [geo.name(c) for c in step.cells]
    if step.hand is not None:
        out["hand"] = step.hand.value
    if step.purpose:
        out["purpose"] = step.purpose
    if step.count:
        out["count"] = step.count
    if step.hits:
        out["hits"] = [
            {
                "prisoner": names[h.prisoner],
                "monster": geo.name(h.monster),
                "tiles": h.tiles,
                "blockable": h.blockable,
                "blocked": h.blocked,
            }
            for h in step.hits
        ]
    if step.origin >= 0:
        out["origin"] = geo.name(step.origin)
    if step.triggered:
        out["triggered"] = [geo.name(c) for c in step.triggered]
    return out


def read_pending(value: Any, r: Reader, size: int, prisoners: tuple[Prisoner, ...]) -> Turn | None:
    obj = r.object(value, "pending")
    if obj is None:
        return None
    r.unknown_fields(obj, "pending", PENDING_FIELDS)
    names = [p.name for p in prisoners]
    items = r.list(obj.get("steps"), "pending.steps") if "steps" in obj else None
    if "steps" not in obj:
        r.problem("pending.steps", "missing (the rest of the turn, front first)")
    if not items:
        if items is not None:
            r.problem("pending.steps", "at least one step is needed")
        return None
    steps = [_read_step(item, f"pending.steps[{i}]", r, size, names) for i, item in enumerate(items)]
    if any(s is None for s in steps):
        return None
    if "decision" in obj and obj["decision"] != steps[0].name:  # type: ignore[union-attr]
        r.problem("pending.decision", f"{obj['decision']!r} does not match the first step ({steps[0].name!r})")  # type: ignore[union-attr]
    spent = [0] * len(prisoners)
    for name, n in (r.object(obj.get("spent", {}), "pending.spent") or {}).items():
        if name not in names:
            r.problem(f"pending.spent.{name}", "not a prisoner")
        elif r.integer(n, f"pending.spent.{name}", 0, MAX_NERVE) is not None:
            spent[names.index(name)] = n
    gained = r.boolean(obj.get("gained", False), "pending.gained")
    flickers = r.boolean(obj.get("final_flickers", False), "pending.final_flickers")
    relit: list[int] = []
    for i, name in enumerate(r.list(obj.get("relit", []), "pending.relit") or []):
        if name in names:
            relit.append(names.index(name))
        else:
            r.problem(f"pending.relit[{i}]", f"{name!r} is not a prisoner")
    return Turn(tuple(steps), tuple(spent), bool(gained), bool(flickers), tuple(sorted(set(relit))))  # type: ignore[arg-type]


def _read_step(value: Any, path: str, r: Reader, size: int, names: list[str]) -> Step | None:
    obj = r.object(value, path)
    if obj is None:
        return None
    r.unknown_fields(obj, path, STEP_FIELDS)
    name = r.choice(obj.get("step"), f"{path}.step", STEP_NAMES)
    if name is None:
        return None
    geo = geometry(size)
    ok = True

    def cell(v: Any, p: str) -> int:
        nonlocal ok
        try:
            return geo.parse(v) if isinstance(v, str) else _bad(p, "expected a cell name")
        except ValueError as exc:
            r.problem(p, str(exc))
            ok = False
            return -1

    def _bad(p: str, message: str) -> int:
        nonlocal ok
        r.problem(p, message)
        ok = False
        return -1

    def who(v: Any, p: str) -> int:
        if v in names:
            return names.index(v)
        return _bad(p, f"{v!r} is not a prisoner")

    step = Step(StepName(name))
    if "prisoner" in obj:
        step = step._replace(who=who(obj["prisoner"], f"{path}.prisoner"))
    if "cell" in obj:
        step = step._replace(cell=cell(obj["cell"], f"{path}.cell"))
    if "origin" in obj:
        step = step._replace(origin=cell(obj["origin"], f"{path}.origin"))
    for key in ("cells", "triggered"):
        if key in obj:
            items = r.list(obj[key], f"{path}.{key}") or []
            cells = tuple(cell(c, f"{path}.{key}[{i}]") for i, c in enumerate(items))
            step = step._replace(cells=cells) if key == "cells" else step._replace(triggered=cells)
    if "hand" in obj:
        if r.choice(obj["hand"], f"{path}.hand", TYPE_NAMES) is None:
            ok = False
        else:
            step = step._replace(hand=TileType(obj["hand"]))
    if "purpose" in obj:
        if r.choice(obj["purpose"], f"{path}.purpose", PURPOSES) is None:
            ok = False
        else:
            step = step._replace(purpose=obj["purpose"])
    if "count" in obj:
        n = r.integer(obj["count"], f"{path}.count", 0)
        step = step._replace(count=n or 0)
    if "hits" in obj:
        hits = []
        for i, h in enumerate(r.list(obj["hits"], f"{path}.hits") or []):
            hp = f"{path}.hits[{i}]"
            ho = r.object(h, hp)
            if ho is None:
                ok = False
                continue
            hits.append(
                Hit(
                    who(ho.get("prisoner"), f"{hp}.prisoner"),
                    cell(ho.get("monster"), f"{hp}.monster"),
                    r.integer(ho.get("tiles", 3), f"{hp}.tiles", *HIT_TILES_RANGE) or 3,
                    bool(r.boolean(ho.get("blockable", True), f"{hp}.blockable")),
                    bool(r.boolean(ho.get("blocked", False), f"{hp}.blocked")),
                )
            )
        step = step._replace(hits=tuple(hits))
    return step if ok else None
