"""The rules-question gallery: every bundled scenario that settles a question of the rules, ready to browse.

The scenarios under ``scenarios/questions``, ``rulings``, ``rulebook``, ``citations``, ``refusals`` and
``omens`` each hold a position, a question, the project's answer (the comment that opens the file, in the
project's words) and checks: actions and what they must give. An :class:`Entry` gathers, for one of them,
the question, the position, the disputed action adjudicated step by step (each step with its rulebook
section), what it leads to, the rulings it turns on in players' words
(:mod:`solver.nightcage.model.ruling_words`) with what the other reading changes, and every check's note.
Its topic is the rulebook section the disputed action turns on.

The workbench reads the gallery through the protocol (``gallery``), and ``lueur gallery DIR`` writes it as
a static page (:mod:`solver.nightcage.present.gallery_page`). Nothing here is rulebook text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solver.base.errors import LueurError, PositionError
from solver.nightcage.model.rulebook import SECTIONS
from solver.nightcage.model.ruling_words import WORDS, RulingWords
from solver.nightcage.notation.forms import load_text
from solver.nightcage.notation.position_json import Position, to_json
from solver.nightcage.notation.scenario import scenario_document
from solver.nightcage.present.reports import adjudication_json
from solver.nightcage.rules.adjudicate import adjudicate, play

KINDS: tuple[tuple[str, str], ...] = (
    ("questions", "Players' questions"),
    ("rulings", "The rulings"),
    ("rulebook", "The rulebook's examples"),
    ("citations", "Citations"),
    ("refusals", "What the rules refuse"),
    ("omens", "Omens and the Dirge"),
)
"""The folders of ``scenarios/`` the gallery shows, in its order, each with its heading."""

MAX_SCENARIO_BYTES = 200_000
"""A bundled scenario is a few kilobytes; a larger file is left out with a note."""
SETTING_UP = "Setting up a position"
"""The topic of a scenario whose position is wrong on purpose: the rules refuse it before any action."""
REFUSED = "Refused actions"
_BACKGROUND = (("turn", "move", "light", "crumbling"), ("turn", "move"))
"""Sections most actions pass through, in two tiers: a topic is one of them only when nothing else happens."""


@dataclass(frozen=True)
class Check:
    """One of the scenario's checks: what it says happens, and the actions it plays."""

    note: str
    actions: tuple[str, ...]


@dataclass(frozen=True)
class Entry:
    """One scenario of the gallery."""

    id: str
    """Its folder and file name without ``.toml``: ``questions/q08-monster-drawn-by-a-stay``."""
    kind: str
    title: str
    source: str
    question: str
    answer: str
    """What the project rules, in its own words (the comment that opens the scenario)."""
    topic: str
    position: dict[str, Any]
    """The position as ``lueur-position/1`` JSON (as written, when it is not valid)."""
    problems: tuple[str, ...]
    """Why the position is not valid (empty for a valid one)."""
    actions: tuple[str, ...]
    """The disputed action(s), in the notation."""
    adjudication: dict[str, Any] | None
    """``apply``'s document for them (events with their sections, the result, the other readings)."""
    rulings: tuple[RulingWords, ...]
    checks: tuple[Check, ...]
    readings: bool = True
    """Whether the disputed action was also played under the other reading of each ruling (``changes`` known)."""

    def as_json(self) -> dict[str, Any]:
        adjudication = self.adjudication
        return {
            "id": self.id, "kind": self.kind, "kind_title": dict(KINDS)[self.kind], "title": self.title, "source": self.source,
            "question": self.question, "answer": self.answer, "topic": self.topic, "position": self.position,
            "problems": list(self.problems), "actions": list(self.actions),
            "steps": [] if adjudication is None else adjudication["events"],
            "result": self.result(),
            "rulings": [dict(words.as_json(), changes=self.changes(words.ruling) if self.readings else None) for words in self.rulings],
            "checks": [{"note": check.note, "actions": list(check.actions)} for check in self.checks],
        }

    def result(self) -> str:
        """What the disputed action leads to, in a sentence."""
        doc = self.adjudication
        if doc is None:
            return "The position is refused before any action: " + "; ".join(self.problems) if self.problems else ""
        if "refused" in doc:
            return f"Refused: {doc['refused']}: {doc['reason']}."
        if doc["outcome"]:
            return f"The game ends: {doc['outcome']} ({doc['outcome_reason']})."
        return f"Then: {doc['awaits']}."

    def changes(self, ruling: str) -> list[str]:
        """What the disputed action would give under the other reading of ``ruling`` (empty: nothing changes)."""
        for alt in (self.adjudication or {}).get("alternatives", []):
            if alt["ruling"] != ruling:
                continue
            if alt["refused"]:
                return [f"'{alt['refused']['action']}' would be refused: {alt['refused']['reason']}"]
            if alt["outcome"]:
                return [f"the game would end: {alt['outcome']}", *alt["differences"]]
            return list(alt["differences"])
        return []


SOLVABLE: tuple[tuple[str, str], ...] = (
    ("endgames", "End-games"),
    ("chance", "End-games with a shuffled pile"),
    ("puzzles/easy", "Puzzles: easy"),
    ("puzzles/medium", "Puzzles: medium"),
    ("puzzles/hard", "Puzzles: hard"),
    ("puzzles/expert", "Puzzles: expert"),
    ("puzzles/lose", "Puzzles: no way out"),
)
"""The folders of positions to solve, for the workbench's "solve an end-game", each with its heading."""


def solvable(root: Path) -> list[dict[str, Any]]:
    """The bundled positions to solve under ``root``: each one's id, group, title, question and JSON position."""
    found = []
    for group, heading in SOLVABLE:
        folder = root / group
        for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
            try:
                if path.stat().st_size > MAX_SCENARIO_BYTES:
                    continue
                position, _ = load_text(path.read_text(encoding="utf-8"), lenient=True)
            except (OSError, UnicodeDecodeError, PositionError):
                continue  # a file that cannot be read is left out (the scenario tests name it)
            meta = position.meta or {}
            found.append({"id": f"{group}/{path.stem}", "group": heading, "title": str(meta.get("title", path.stem)),
                          "question": str(meta.get("question", "")), "position": to_json(position.state, position.meta)})
    return found


def bundled_root() -> Path:
    """The bundled ``scenarios`` folder: the wheel's copy (``solver/scenarios``, made by ``setup.py``) when
    installed, else the checkout's, beside the library (a checkout or an editable install)."""
    library = Path(__file__).resolve().parents[2]
    installed = library / "scenarios"
    return installed if installed.is_dir() else library.parent / "scenarios"


def gallery(root: Path, *, readings: bool = True) -> tuple[list[Entry], list[str]]:
    """Every scenario of the gallery's folders under ``root``, in the folders' order then by name, and notes
    about the files left out (unreadable, too large; none normally).

    ``readings=False`` plays each disputed action once, under the position's own readings, leaving out what the other
    reading of each ruling would give (sixteen replays more each: the protocol's list answers in a second without them,
    and the dispute view asks ``apply``, which gives them, for the question opened).
    """
    entries: list[Entry] = []
    notes: list[str] = []
    for kind, _ in KINDS:
        folder = root / kind
        for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
            try:
                if path.stat().st_size > MAX_SCENARIO_BYTES:
                    notes.append(f"{kind}/{path.name}: larger than {MAX_SCENARIO_BYTES:,} bytes, left out")
                    continue
                entries.append(entry(f"{kind}/{path.stem}", kind, path.read_text(encoding="utf-8"), readings=readings))
            except (OSError, UnicodeDecodeError, PositionError) as exc:
                notes.append(f"{kind}/{path.name}: cannot be read ({exc}), left out")
    if not entries:
        folders = ", ".join(f"{kind}/" for kind, _ in KINDS)
        notes.append(f"no scenario found under {root}: a scenarios folder holds them in {folders}")
    return entries, notes


def entry(ident: str, kind: str, text: str, *, readings: bool = True) -> Entry:
    """The gallery's entry for one scenario's text; raises :class:`PositionError` when its text cannot be read at all."""
    doc = scenario_document(text)
    meta = doc.get("meta", {})
    checks = tuple(Check(str(c.get("note", "")), tuple(c.get("actions", ()))) for c in meta.get("checks", ()) if isinstance(c, dict))
    disputed = _disputed(meta.get("checks", ()))
    answer = leading_comment(text)
    try:
        position, _ = load_text(text, lenient=True)
    except PositionError as exc:
        return Entry(ident, kind, str(meta.get("title", ident)), str(meta.get("source", "")),
                     str(meta.get("question", meta.get("title", ""))), answer, SETTING_UP, doc, tuple(str(p) for p in exc.problems),
                     disputed, None, _rulings(doc.get("rulings", {}), []), checks)
    adjudication = _adjudication(position, disputed, readings)
    used = [e["ruling"] for e in (adjudication or {}).get("events", []) if e["ruling"]]
    changing = [alt["ruling"] for alt in (adjudication or {}).get("alternatives", [])] if readings else _depends_on(meta)
    return Entry(ident, kind, str(meta.get("title", ident)), str(meta.get("source", "")),
                 str(meta.get("question", meta.get("title", ""))), answer, topic(adjudication, changing),
                 to_json(position.state, position.meta), (), disputed, adjudication,
                 _rulings(doc.get("rulings", {}), [*changing, *used]), checks, readings)


def _disputed(checks: Sequence[Any]) -> tuple[str, ...]:
    """The actions the scenario is about: of the check that names the rulings the result depends on, else of the
    one the rules refuse, else of the one that names the rulings used, else the first check's."""
    playable = [c for c in checks if isinstance(c, dict) and c.get("actions")]
    for key in ("depends_on", "refused", "rulings_used"):
        for check in playable:
            if check.get(key):
                return tuple(check["actions"])
    return tuple(playable[0]["actions"]) if playable else ()


def _depends_on(meta: dict[str, Any]) -> list[str]:
    """The rulings the scenario's checks say its results depend on (their ``depends_on``), when they were not replayed."""
    return [str(r) for c in meta.get("checks", ()) if isinstance(c, dict) for r in c.get("depends_on", ()) or ()]


def _adjudication(position: Position, actions: tuple[str, ...], readings: bool) -> dict[str, Any] | None:
    if not actions:
        return None
    try:
        played = adjudicate(position.state, list(actions)) if readings else play(position.state, list(actions))
        return adjudication_json(played, position.meta)
    except LueurError:  # an action the notation cannot read: the scenario's checks say so; the gallery shows none
        return None


def _rulings(given: Any, named: Sequence[str]) -> tuple[RulingWords, ...]:
    """The rulings an entry turns on: those whose other reading changes its result or that its events used, then those
    the position sets, each once."""
    ids = [*named, *(given if isinstance(given, dict) else {})]
    return tuple(WORDS[rid] for rid in dict.fromkeys(ids) if rid in WORDS)


def topic(adjudication: dict[str, Any] | None, changing: Sequence[str]) -> str:
    """The rulebook section (English name) the disputed action turns on: where a ruling that changes the result acts,
    else the first section its steps cite beyond moving, lighting and crumbling, else beyond moving, else the first."""
    if adjudication is None:
        return REFUSED
    events = adjudication["events"]
    if not events:
        return REFUSED if "refused" in adjudication else SECTIONS["turn"][0]
    for event in events:
        if event["ruling"] and event["ruling"] in changing:
            return _english(event["rule"])
    keys = [_key(event["rule"]) for event in events]
    for background in _BACKGROUND:
        for key in keys:
            if key not in background:
                return SECTIONS[key][0]
    return SECTIONS[keys[0]][0]


def _key(cited: str) -> str:
    """The section key of an event's ``rule`` (``"Stay / Rester sur place"`` -> ``stay``)."""
    return next(key for key, (en, fr) in SECTIONS.items() if cited == f"{en} / {fr}")


def _english(cited: str) -> str:
    return SECTIONS[_key(cited)][0]


def leading_comment(text: str) -> str:
    """The comment lines a scenario opens with, as one paragraph (the project's answer to its question).

    >>> leading_comment("# A stay never triggers a monster:\\n# it is swapped.\\ntitle = 'x'\\n# later")
    'A stay never triggers a monster: it is swapped.'
    """
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line.lstrip("#").strip())
    return without_quotes(" ".join(line for line in lines if line))


def without_quotes(text: str) -> str:
    """``text`` without the rulebook's own words: every «quoted» French passage, and a parenthesis holding one or
    holding a "quotation", left out (a short quoted phrase in the sentence itself stays, as a citation).

    >>> without_quotes('It is swapped (FR: Rester (2a): « obligé »). It counts ("que vous"). Then « vous » too.')
    'It is swapped. It counts. Then too.'
    """
    kept: list[str] = []
    opened: list[int] = []  # where each open parenthesis starts in ``kept``
    quoting = False
    for char in text:
        if quoting:
            quoting = char not in "»\""
            if not quoting and opened:
                kept.insert(opened[-1], "\0")  # the parenthesis around the quotation goes too
            continue
        if char == "«" or (char == '"' and opened):
            quoting = True
        elif char == "(":
            opened.append(len(kept))
            kept.append(char)
        elif char == ")" and opened:
            start = opened.pop()
            kept.append(char)
            if kept[start] == "\0":
                del kept[start:]
        else:
            kept.append(char)
    words = "".join(c for c in kept if c != "\0")
    return re.sub(r"\s+([.,;:])", r"\1", re.sub(r"\s{2,}", " ", words)).strip()


def topics(entries: Sequence[Entry]) -> list[str]:
    """The topics of ``entries``, in the rulebook's order of sections, then the others."""
    order = [en for en, _ in SECTIONS.values()]
    found = {e.topic for e in entries}
    return sorted(found, key=lambda name: (order.index(name) if name in order else len(order), name))
