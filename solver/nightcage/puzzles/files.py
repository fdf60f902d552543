"""Puzzle files: a TOML scenario per puzzle (with its solution in comments and checks) and the index.

Every write is atomic (:func:`solver.base.files.write_file`: a temporary
file in the same directory, then ``os.replace``; never through a symbolic
link), so an interrupted run leaves whole files only. An ``index.json`` that
this job did not write (not JSON, not an index's object) is refused, never
replaced. Nothing
machine-dependent is written (no time, no date): the same seed gives the
same bytes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from solver.base.errors import LueurError, PositionError
from solver.base.files import write_file
from solver.base.json_text import decode_json
from solver.nightcage.endgame.plan import PlanTurn
from solver.nightcage.model.grid import geometry
from solver.nightcage.model.state import GameState
from solver.nightcage.notation.scenario import format_scenario
from solver.nightcage.puzzles.study import Study

INDEX = "index.json"
FORMAT = 1


INDEX_FIELDS = ("format", "generator", "examined", "tally", "puzzles")
MAX_INDEX_BYTES = 64 * 1024 * 1024
"""An index lists a row per puzzle (a few hundred bytes): past 64 MiB it is not one."""


class IndexFileError(LueurError):
    """An ``index.json`` this job cannot resume from: where it is and why (it is left as it was)."""


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` all at once (a reader never sees half a file)."""
    write_file(path, text)


def read_index(directory: Path) -> dict[str, Any] | None:
    """The job's index in ``directory``, None when there is none; :class:`IndexFileError` when the file is
    not an index this job wrote."""
    path = directory / INDEX
    if not path.exists():
        return None
    try:
        with open(path, "rb") as stream:
            data = stream.read(MAX_INDEX_BYTES + 1)
        if len(data) > MAX_INDEX_BYTES:
            raise IndexFileError(f"{path}: larger than 64 MiB: not an index of lueur generate")
        index = decode_json(data.decode("utf-8"))
    except OSError as exc:
        raise IndexFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise IndexFileError(f"{path}: not UTF-8 text (byte {exc.start + 1})") from None
    except PositionError as exc:
        raise IndexFileError(f"{path}: {exc.problems[0]}") from None
    problem = _index_problem(index)
    if problem is not None:
        raise IndexFileError(f"{path}: {problem} (move it away, or write the puzzles to another directory)")
    return dict(index)


def _index_problem(index: Any) -> str | None:
    """What makes ``index`` something else than an index this job wrote, or None."""
    if not isinstance(index, dict) or any(name not in index for name in INDEX_FIELDS):
        return f"not an index of lueur generate (a JSON object with {', '.join(INDEX_FIELDS[:-1])} and {INDEX_FIELDS[-1]})"
    if not isinstance(index["generator"], dict):
        return "generator: an object (the options of the job that wrote it)"
    examined = index["examined"]
    if isinstance(examined, bool) or not isinstance(examined, int) or examined < 0:
        return f"examined: a count of the candidates examined (an integer from 0), not {json.dumps(examined)[:40]}"
    tally = index["tally"]
    if not isinstance(tally, dict) or not all(isinstance(n, int) and not isinstance(n, bool) for n in tally.values()):
        return "tally: an object of counts"
    puzzles = index["puzzles"]
    if not isinstance(puzzles, list) or not all(isinstance(p, dict) and isinstance(p.get("key"), str)
                                                and isinstance(p.get("grade"), str) for p in puzzles):
        return "puzzles: a list of rows, each with its key and grade"
    return None


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


__all__ = ["FORMAT", "INDEX", "IndexFileError", "header", "puzzle_text", "read_index", "solution_lines", "write_atomic", "write_index"]
