"""The rules-question gallery as static pages, for a club's website (``lueur gallery DIR``).

:func:`gallery_files` gives every file to write, as ``(relative path, bytes)``: ``index.html``, one page
listing every entry of :mod:`solver.nightcage.present.gallery` (browsable by topic and by kind, a few lines
of inline script filtering it; without script every entry shows, grouped by kind), the board of each entry
as ``boards/<kind>-<name>.svg``, and for each disputed action a page that steps through it
(``steps/<kind>-<name>/index.html``, :mod:`solver.nightcage.present.stepper`, the same as
``lueur apply --render`` writes). Nothing is fetched from anywhere; every text goes through one escaping
helper, :func:`text`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from solver.base.errors import LueurError
from solver.base.svg.markup import esc
from solver.nightcage.notation.position_json import read
from solver.nightcage.present.frames import adjudication_frames
from solver.nightcage.present.gallery import KINDS, Entry, topics
from solver.nightcage.present.stepper import stepper_html
from solver.nightcage.present.svg_board import board_svg
from solver.nightcage.rules.adjudicate import adjudicate

_STYLE = """
:root { color-scheme: light; --ink: #1d1b18; --muted: #5f584e; --accent: #8a4f0f; --paper: #fbf8f2; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 62rem; padding: 0.75rem; font: 1rem/1.5 system-ui, sans-serif; color: var(--ink);
  background: var(--paper); }
h1 { font-size: 1.4rem; margin: 0.2rem 0; }
h2 { font-size: 1.15rem; margin: 1.5rem 0 0.5rem; border-bottom: 1px solid #d8cfbd; }
h3 { font-size: 1.05rem; margin: 0 0 0.3rem; }
.lead, .muted, .source { color: var(--muted); }
.filters { display: flex; flex-wrap: wrap; gap: 0.6rem 1rem; align-items: end; margin: 0.8rem 0; }
.filters[hidden] { display: none; }
.filters label { display: flex; flex-direction: column; font-size: 0.9rem; }
.filters select, .filters input { font: inherit; padding: 0.25rem; }
article { background: #fff; border: 1px solid #d8cfbd; border-radius: 0.4rem; padding: 0.8rem 1rem; margin: 0 0 1rem; }
article[hidden] { display: none; }
.tags { font-size: 0.85rem; color: var(--muted); margin: 0 0 0.4rem; }
.question { font-weight: 600; font-size: 1.05rem; }
.board { max-width: 30rem; }
.board img { width: 100%; height: auto; display: block; border: 1px solid #eee; }
code { font-family: ui-monospace, monospace; background: #f3ead8; padding: 0 0.2rem; border-radius: 0.2rem; }
.ruling { border-left: 4px solid var(--accent); padding: 0.2rem 0.7rem; margin: 0.5rem 0; background: #fdf6ea; }
.ruling p { margin: 0.2rem 0; }
.problems { color: #a4161a; }
a { color: var(--accent); }
"""

_SCRIPT = """
(function () {
  var filters = document.querySelector(".filters");
  var topic = document.getElementById("topic"), kind = document.getElementById("kind"), words = document.getElementById("words");
  var entries = document.querySelectorAll("article.entry"), count = document.getElementById("count");
  function apply() {
    var shown = 0, wanted = words.value.trim().toLowerCase();
    entries.forEach(function (entry) {
      var ok = (!topic.value || entry.dataset.topic === topic.value) && (!kind.value || entry.dataset.kind === kind.value)
        && (!wanted || entry.textContent.toLowerCase().indexOf(wanted) >= 0);
      entry.hidden = !ok;
      if (ok) { shown += 1; }
    });
    document.querySelectorAll("section.kind").forEach(function (section) {
      section.hidden = !section.querySelector("article.entry:not([hidden])");
    });
    count.textContent = shown + " of " + entries.length + " shown";
  }
  [topic, kind, words].forEach(function (control) { control.addEventListener("input", apply); });
  filters.hidden = false;
  apply();
})();
"""


def slug(entry_id: str) -> str:
    """An entry's id as a file name: ``questions/q01-x`` -> ``questions-q01-x``."""
    return entry_id.replace("/", "-")


def gallery_files(entries: Sequence[Entry], *, title: str = "The Night Cage: rules questions settled",
                  steps: bool = True) -> list[tuple[str, bytes]]:
    """Every file of the static gallery: the index, each board, and (``steps``) each dispute's stepped page."""
    files: list[tuple[str, bytes]] = []
    stepped: set[str] = set()
    for entry in entries:
        name = slug(entry.id)
        state = _state(entry)
        if state is None:
            continue
        files.append((f"boards/{name}.svg", board_svg(state, title=entry.title).encode("utf-8")))
        if steps and entry.actions:
            frames = adjudication_frames(adjudicate(state, list(entry.actions)), title=entry.title)
            page = stepper_html(f"{entry.title}: {'; '.join(entry.actions)}", [(f.text, f.svg()) for f in frames])
            files.append((f"steps/{name}/index.html", page.encode("utf-8")))
            stepped.add(entry.id)
    files.insert(0, ("index.html", index_html(entries, title, stepped).encode("utf-8")))
    return files


def _state(entry: Entry) -> Any:
    if entry.problems:
        return None
    try:
        return read(entry.position)[0].state
    except LueurError:
        return None


def index_html(entries: Sequence[Entry], title: str, stepped: set[str]) -> str:
    """The gallery's page: the filters, then every entry under its kind's heading."""
    topic_options = "".join(f'<option value="{esc(t)}">{esc(t)}</option>' for t in topics(entries))
    kind_options = "".join(f'<option value="{esc(k)}">{esc(t)}</option>' for k, t in KINDS)
    sections = []
    for kind, heading in KINDS:
        mine = [e for e in entries if e.kind == kind]
        if mine:
            articles = "\n".join(_article(e, e.id in stepped) for e in mine)
            sections.append(f'<section class="kind" aria-labelledby="kind-{esc(kind)}"><h2 id="kind-{esc(kind)}">{esc(heading)}</h2>\n'
                            f"{articles}\n</section>")
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{esc(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"<h1>{esc(title)}</h1>\n"
        '<p class="lead">Each question below comes with a position, the action in dispute played step by step with the '
        "rulebook section each step applies, what the Lueur project rules and why, and, where the rules leave it open, "
        "both readings and which one the rulebook's letter supports. Written by <code>lueur gallery</code>.</p>\n"
        '<div class="filters" hidden role="search">'
        f'<label>Topic <select id="topic"><option value="">every topic</option>{topic_options}</select></label>'
        f'<label>Kind <select id="kind"><option value="">every kind</option>{kind_options}</select></label>'
        '<label>Words <input id="words" type="search" placeholder="e.g. keeper"></label>'
        '<span id="count" class="muted" aria-live="polite"></span></div>\n'
        "<main>\n" + "\n".join(sections) + "\n</main>\n"
        f"<script>{_SCRIPT}</script>\n</body>\n</html>\n"
    )


def _article(entry: Entry, has_steps: bool) -> str:
    name = slug(entry.id)
    parts = [
        f'<article class="entry" id="{esc(name)}" data-topic="{esc(entry.topic)}" data-kind="{esc(entry.kind)}">',
        f"<h3>{esc(entry.title)}</h3>",
        f'<p class="tags">Topic: {esc(entry.topic)} · {esc(dict(KINDS)[entry.kind])}</p>',
        f'<p class="question">{esc(entry.question)}</p>',
    ]
    if entry.problems:
        items = "".join(f"<li>{esc(p)}</li>" for p in entry.problems)
        parts.append(f'<p>The position is refused before any action:</p><ul class="problems">{items}</ul>')
    else:
        parts.append(f'<div class="board"><img src="boards/{esc(name)}.svg" alt="{esc("The position: " + entry.title)}" '
                     'loading="lazy"></div>')
    if entry.actions:
        actions = "; ".join(entry.actions)
        parts.append(f"<p>The action in dispute: <code>{esc(actions)}</code></p>")
    steps = (entry.adjudication or {}).get("events", [])
    if steps:
        items = "".join(f"<li>{esc(s['text'])} <span class=\"muted\">({esc(s['rule'])})</span></li>" for s in steps)
        parts.append(f"<ol>{items}</ol>")
    if entry.result():
        parts.append(f"<p><strong>{esc(entry.result())}</strong></p>")
    if entry.answer:
        parts.append(f"<p><strong>What the project rules:</strong> {esc(entry.answer)}</p>")
    for words in entry.rulings:
        changes = entry.changes(words.ruling)
        changed = ("<p>Under the other reading: " + esc("; ".join(changes)) + ".</p>") if changes else \
            "<p>Here both readings give the same result.</p>"
        parts.append(
            f'<div class="ruling"><p><strong>{esc(words.ruling)}: {esc(words.title)}.</strong> {esc(words.question)}</p>'
            f"<p>The engine's reading: {esc(words.engine)}</p><p>The other reading: {esc(words.other)}</p>"
            f"<p>The rulebook: {esc(words.basis)}</p>{changed}</div>")
    if entry.checks:
        items = "".join(f"<li>{esc(c.note)}" + (f" <code>{esc('; '.join(c.actions))}</code>" if c.actions else "") + "</li>"
                        for c in entry.checks if c.note)
        if items:
            parts.append(f"<details><summary>What the project checks ({len(entry.checks)})</summary><ul>{items}</ul></details>")
    if has_steps:
        parts.append(f'<p><a href="steps/{esc(name)}/index.html">Step through the dispute on the board</a></p>')
    parts.append(f'<p class="source">Source: {esc(entry.source)}</p></article>')
    return "\n".join(parts)
