"""Stepped pictures on disk: ``solve --render DIR`` and ``apply --render DIR`` write one picture per step and a page.

The pictures are drawn before anything is written; DIR is created if missing,
and only the names written here (``step-NN.svg`` or ``.png``, ``index.html``)
are touched in it, each checked before the first is written and each written
whole by :func:`solver.base.files.write_file` (never through a link planted
there, never over the command's input).
"""

from __future__ import annotations

from pathlib import Path

from cli.output import Exit, err
from solver.base.exit_codes import ExitCode
from solver.base.files import check_target
from solver.base.files import write_file as write_whole
from solver.base.svg.png import svg_to_png
from solver.nightcage.commands.position import Adjudication
from solver.nightcage.commands.solve import GameState, PlanTurn
from solver.nightcage.present.frames import Frame, adjudication_frames, plan_frames
from solver.nightcage.present.stepper import stepper_html

from .picture_options import render_format_option, render_option, title_of


def write_file(path: Path, data: bytes, inputs: tuple[str, ...] = ()) -> None:
    """Write one file whole; a link, an input or an unwritable place is an ``OutputError`` (exit 2)."""
    write_whole(path, data, inputs)


def write_frames(directory: str, title: str, frames: list[Frame], picture_format: str, zoom: float = 2.0,
                 inputs: tuple[str, ...] = ()) -> None:
    """Write DIR/step-01.svg ... (or .png) and DIR/index.html, the stepper; say on stderr what was written.

    DIR is created if missing; only these names are written in it, so other
    files there are left alone.
    """
    folder = Path(directory)
    if folder.exists() and not folder.is_dir():  # checked first, before the pictures are drawn
        err(f"lueur: --render {directory}: not a directory")
        raise Exit(ExitCode.BAD_INPUT)
    width = max(2, len(str(len(frames))))
    files: list[tuple[str, bytes]] = []
    pages = []
    for number, frame in enumerate(frames, start=1):  # every picture drawn before any file is written
        svg = frame.svg()
        data = svg_to_png(svg, zoom) if picture_format == "png" else svg.encode("utf-8")
        files.append((f"step-{number:0{width}d}.{picture_format}", data))
        pages.append((frame.text, svg))
    files.append(("index.html", stepper_html(title, pages).encode("utf-8")))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        err(f"lueur: --render {directory}: cannot create: {exc.strerror or exc}")
        raise Exit(ExitCode.BAD_INPUT) from None
    for name, _ in files:
        check_target(folder / name, inputs)
    for name, data in files:
        write_file(folder / name, data, inputs)
    last = f"step-{len(frames):0{width}d}.{picture_format}"
    err(f"lueur: wrote {len(frames)} pictures ({directory}/step-{1:0{width}d}.{picture_format} to {directory}/{last}) "
        f"and {directory}/index.html")


def render_plan(directory: str, picture_format: str, plan: tuple[PlanTurn, ...] | None, state: GameState, title: str,
                inputs: tuple[str, ...] = ()) -> None:
    """``solve --render``: one picture per turn of a winning plan and the final position; without a plan, says so."""
    if plan is None:
        err(f"lueur: --render {directory}: no plan to draw (no win was found); nothing written")
        return
    write_frames(directory, title, plan_frames(state, plan, title=title), picture_format, inputs=inputs)


def render_adjudication(directory: str, picture_format: str, adjudication: Adjudication, title: str,
                        inputs: tuple[str, ...] = ()) -> None:
    """``apply --render``: one picture per step (and the refusal, if any) and the result."""
    write_frames(directory, title, adjudication_frames(adjudication, title=title), picture_format, inputs=inputs)


__all__ = ["render_adjudication", "render_format_option", "render_option", "render_plan", "title_of", "write_file", "write_frames"]
