"""Puzzle files: a TOML scenario per puzzle (with its solution in comments and checks) and the index.

Every write is atomic (a temporary file in the same directory, then
``os.replace``), so an interrupted run leaves whole files only. Nothing
machine-dependent is written (no time, no date): the same seed gives the
same bytes.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from solver.nightcage.endgame.plan import PlanTurn
from solver.nightcage.model.grid import geometry
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.scenario import format_scenario
from solver.nightcage.puzzles.study import Study

INDEX = "index.json"
FORMAT = 1


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` all at once (a reader never sees half a file)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def read_index(directory: Path) -> dict[str, Any] | None:
    path = directory / INDEX
    if not path.exists():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def write_index(directory: Path, index: dict[str, Any]) -> None:
    write_atomic(directory / INDEX, json.dumps(index, indent=1, ensure_ascii=False) + "\n")


def question_of(study: Study) -> str:
    if study.status == "lose":
        return "Prove there is no escape: whatever the prisoners do, they cannot all regroup on a gate with keys."
    turns = study.turns
    return f"Escape in {turns} turns (the fewest), spending as little Nerve as possible: there is exactly one way."


def solution_lines(plan: tuple[PlanTurn, ...]) -> list[str]:
    """``N. name: action, action (k Nerve)`` per turn."""
    out = []
    for i, turn in enumerate(plan, start=1):
        spent = f" ({turn.nerve} Nerve)" if turn.nerve else ""
        out.append(f"{i}. {turn.prisoner}: {', '.join(turn.actions)}{spent}")
    return out


def header(state: GameState, study: Study, seed: int, candidate: int, notes: list[str] | None = None) -> str:
    """The comment block at the top of a puzzle file: situation, solution, why it is the only one."""
    assert study.grade is not None
    f = study.grade.features
    geo = geometry(state.size)
    lines = [f"Puzzle (seed {seed}, candidate {candidate}): {study.grade.grade}, score {study.grade.score}.", ""]
    who = []
    for p in state.prisoners:
        assert p.cell is not None
        bits = [geo.name(p.cell), "lit" if p.lit else "Lights Out", f"{p.nerve} Nerve", "key" if p.key else "no key"]
        who.append(f"{p.name} ({', '.join(bits)})")
    lines.append(f"Situation. Final Flickers, {state.active.name} to play. Turn order: " + "; ".join(who) + ".")
    lines.append("")
    if study.status == "lose":
        lines.append(f"Answer: no escape. {study.reason}.")
        lines.append(f"The proof: the A* search expanded {f['proof_nodes']} positions; a depth-first search over every "
                     f"line the board's life allows agrees. From the start, {f['first_options']} different first turns.")
    else:
        lines.append(f"Solution: {study.turns} turns, {study.nerve} Nerve.")
        lines += ["  " + s for s in solution_lines(study.plan)]
        lines.append(f"Nothing shorter: {study.details.get('shortest', '')}.")
        traps = study.details.get("first_traps", [])
        if traps:
            lines.append("Tempting first turns that fail:")
            lines += [f"  - {t}" for t in traps[:6]]
            if len(traps) > 6:
                lines.append(f"  - and {len(traps) - 6} more")
        if study.details.get("proofs") == "engine":
            proofs = ("the A* planner found the optimum, and an enumeration of every whole turn through the rules "
                      "engine the same optimum and this one line")
        elif study.cpsat_lines is None and study.agree:
            proofs = "the line search found this one line, and the A* planner the same optimum"
        else:
            proofs = f"the search and CP-SAT each found this one line{'' if study.agree else '; CP-SAT not run'}"
        lines.append(f"Unique: every other way takes more turns or more Nerve, or only burns different spare tiles ({proofs}).")
        lines.append(
            f"Why it is {study.grade.grade}: {f['traps_first']} first move(s) look on schedule but fail, "
            f"{f['traps']} such trap(s) in all; {f['choice_turns']} turn(s) with a real choice; "
            f"tricks: {f['again']} move again, {f['holds']} hold, {f['charges']} Charge, {f['passes']} key passing; "
            f"the walk-to-the-nearest-gate heuristic {'escapes' if f['greedy_solves'] else 'fails'}."
        )
    for note in notes or []:
        lines.append(note)
    return "".join(f"# {line}".rstrip() + "\n" for line in lines)


def puzzle_text(state: GameState, study: Study, seed: int, candidate: int, title: str, notes: list[str] | None = None) -> str:
    """The whole puzzle file: header comments, then the TOML scenario with its checks."""
    assert study.grade is not None
    checks: list[dict[str, Any]] = []
    if study.status == "lose":
        checks.append({"note": "No escape (the exact planner)", "solve": {"verdict": "lose"}})
    else:
        checks.append({"note": "The exact planner: the optimum",
                       "solve": {"verdict": "win", "turns": study.turns, "nerve_spent": study.nerve}})
        checks.append({"note": "The solution replayed through the rules engine wins",
                       "actions": [a for turn in study.plan for a in turn.actions], "outcome": "win"})
    meta = {
        "title": title,
        "source": f"lueur generate, seed {seed}, candidate {candidate}",
        "question": question_of(study),
        "puzzle": {
            "seed": seed,
            "candidate": candidate,
            "verdict": "lose" if study.status == "lose" else "win",
            "grade": study.grade.grade,
            "score": study.grade.score,
            "turns": study.turns if study.turns is not None else -1,
            "nerve": study.nerve if study.nerve is not None else -1,
            "solution": [[turn.prisoner, *turn.actions] for turn in study.plan],
            "features": {k: v for k, v in study.grade.features.items() if v is not None},
        },
        "checks": checks,
    }
    return header(state, study, seed, candidate, notes) + format_scenario(state, meta)


__all__ = ["FORMAT", "INDEX", "header", "puzzle_text", "read_index", "solution_lines", "write_atomic", "write_index"]
