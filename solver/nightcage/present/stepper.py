"""A page that steps through pictures: one self-contained HTML file to mail or attach.

Everything is inline (the SVGs, the CSS, a few lines of script); nothing is
fetched. Without script the page shows every frame in order, each with its
caption; the script hides all but one and adds Previous / Next / First / Last
buttons, the arrow keys, Home and End, and a "step k of n" counter. Printed,
it gives one frame per page.
"""

from __future__ import annotations

import re

from solver.base.svg.markup import esc

_STYLE = """
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 60rem; padding: 0.75rem; font: 1rem/1.45 system-ui, sans-serif; color: #1b1b1b; background: #fff; }
h1 { font-size: 1.25rem; margin: 0 0 0.5rem; overflow-wrap: anywhere; }
.controls { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem; margin: 0 0 0.75rem; }
.controls[hidden] { display: none; }
.controls button { font: inherit; padding: 0.35rem 0.8rem; border: 1px solid #777; border-radius: 0.3rem; background: #f4f4f4;
  color: inherit; cursor: pointer; }
.controls button:hover:not(:disabled) { background: #e6e6e6; }
.controls button:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 1px; }
.controls button:disabled { opacity: 0.45; cursor: default; }
.counter { min-width: 7.5rem; text-align: center; font-variant-numeric: tabular-nums; }
.step-frame { margin: 0 0 2rem; max-width: calc(78vh * var(--aspect, 1)); }
.step-frame h2 { font-size: 0.95rem; font-weight: 600; color: #555; margin: 0 0 0.25rem; }
.picture svg { display: block; width: 100%; height: auto; }
.caption { margin: 0.5rem 0 0; overflow-wrap: anywhere; }
.caption strong { display: block; }
.caption ul { margin: 0.25rem 0 0; padding-left: 1.2rem; }
@media (max-width: 40rem) {
  /* A phone: the picture keeps a readable size, the board on screen and the panel beside it a swipe away. */
  .picture { overflow-x: auto; }
  .picture svg { min-width: 38rem; }
}
@media (max-width: 30rem) {
  .controls button { flex: 1 1 0; padding: 0.35rem 0.2rem; }
  .counter { order: -1; flex-basis: 100%; text-align: left; }
}
.js .step-frame { display: none; }
.js .step-frame.current { display: block; }
.js .step-frame h2 { display: none; }
@media print {
  .controls { display: none !important; }
  .js .step-frame, .step-frame { display: block !important; break-after: page; page-break-after: always; margin: 0; }
  .js .step-frame h2 { display: block; }
  .step-frame, .js .step-frame { max-width: calc(62vh * var(--aspect, 1)); }
  .step-frame:last-child { break-after: auto; page-break-after: auto; }
}
"""

_SCRIPT = """
(function () {
  document.documentElement.classList.add("js");
  var frames = document.querySelectorAll("section.step-frame");
  var controls = document.querySelector(".controls");
  var counter = controls.querySelector(".counter");
  var current = 0;
  function show(k) {
    current = Math.max(0, Math.min(frames.length - 1, k));
    frames.forEach(function (frame, i) { frame.classList.toggle("current", i === current); });
    counter.textContent = "step " + (current + 1) + " of " + frames.length;
    controls.querySelector("[data-go=first]").disabled = controls.querySelector("[data-go=previous]").disabled = current === 0;
    controls.querySelector("[data-go=last]").disabled = controls.querySelector("[data-go=next]").disabled = current === frames.length - 1;
    // The address names the picture shown (#at-3), a name no element carries: the browser has nothing to scroll to
    try { history.replaceState(null, "", "#at-" + (current + 1)); } catch (e) { /* a page opened from a file may refuse */ }
  }
  var moves = { first: function () { return 0; }, previous: function () { return current - 1; },
                next: function () { return current + 1; }, last: function () { return frames.length - 1; } };
  controls.addEventListener("click", function (event) {
    var go = event.target.closest("[data-go]");
    if (go) { show(moves[go.dataset.go]()); }
  });
  var keys = { ArrowLeft: "previous", ArrowRight: "next", PageUp: "previous", PageDown: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || !(event.key in keys)) { return; }
    event.preventDefault();
    show(moves[keys[event.key]]());
  });
  controls.hidden = false;
  var start = Array.prototype.findIndex.call(frames, function (frame, i) {
    return location.hash === "#at-" + (i + 1) || location.hash === "#" + frame.id;
  });
  show(start < 0 ? 0 : start);
  // The page opens at its top, its title and buttons in view, whichever picture it shows.
  if ("scrollRestoration" in history) { history.scrollRestoration = "manual"; }
  window.scrollTo(0, 0);
})();
"""

_TAG = re.compile(r"<[^<>]*>")
"""A tag: every ``<`` and ``>`` in text and attribute values is escaped (:func:`esc`), so none lies inside one."""
_REFERENCE = re.compile(r'((?<![\w:-])id="|(?<![\w:-])href="#|\burl\(#)')
"""Where an id is defined or referred to inside a tag; the prefix goes right after."""
_VIEW_BOX = re.compile(r'<svg\b[^>]*\bviewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"')


def stepper_html(title: str, frames: list[tuple[str, str]]) -> str:
    """The page stepping through ``frames``, each ``(caption, svg)``.

    A caption's first line is its headline, the lines after it are listed
    under it. Every text is escaped; each SVG is inlined as it is (the
    ``<?xml ...?>`` line dropped, and its ids made unique on the page).
    """
    count = len(frames)
    sections = []
    for number, (caption, svg) in enumerate(frames, start=1):
        sections.append(
            f'<section class="step-frame" id="step-{esc(number)}" aria-label="step {esc(number)} of {esc(count)}" '
            f'style="--aspect: {_aspect(svg):.4f}">\n'
            f"<h2>step {number} of {count}</h2>\n"
            f'<div class="picture">{_inline(svg, f"s{number}-")}</div>\n'
            f"{_caption_html(caption)}\n"
            "</section>"
        )
    heading = esc(title)
    buttons = "".join(f'<button type="button" data-go="{esc(go)}">{label}</button>'
                      for go, label in (("first", "First"), ("previous", "Previous")))
    buttons += f'<span class="counter" aria-live="polite">step 1 of {count}</span>'
    buttons += "".join(f'<button type="button" data-go="{esc(go)}">{label}</button>' for go, label in (("next", "Next"), ("last", "Last")))
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{heading}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"<h1>{heading}</h1>\n"
        f'<nav class="controls" aria-label="steps" hidden>{buttons}</nav>\n'
        "<main>\n" + "\n".join(sections) + "\n</main>\n"
        f"<script>{_SCRIPT}</script>\n</body>\n</html>\n"
    )


def _caption_html(caption: str) -> str:
    headline, *notes = caption.split("\n")
    items = "".join(f"<li>{esc(note)}</li>" for note in notes if note)
    listed = f"<ul>{items}</ul>" if items else ""
    return f'<div class="caption"><strong>{esc(headline)}</strong>{listed}</div>'


def _inline(svg: str, prefix: str) -> str:
    """An SVG document as an element of the page: no XML declaration, its ids prefixed so frames do not share them.

    Only tags are rewritten (their ``id``, ``href="#…"`` and ``url(#…)``), never the text between them: a
    title that reads ``id="x"`` stays as written."""
    svg = re.sub(r"^\s*<\?xml[^>]*\?>\s*", "", svg)
    return _TAG.sub(lambda tag: _REFERENCE.sub(lambda m: f"{m.group(1)}{prefix}", tag.group()), svg)


def _aspect(svg: str) -> float:
    """Width over height of the picture (from its viewBox; 1 if it has none), so the page sizes it to fit the window."""
    found = _VIEW_BOX.search(svg)
    if found is None or float(found.group(2)) <= 0:
        return 1.0
    return float(found.group(1)) / float(found.group(2))
