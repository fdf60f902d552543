"""``lueur gallery DIR``: the rules-question gallery as static pages, for a club's website."""

from __future__ import annotations

from pathlib import Path

import click

from cli.output import Exit, err, guarded
from solver.base.exit_codes import ExitCode
from solver.nightcage.present.gallery import bundled_root, gallery
from solver.nightcage.present.gallery_page import gallery_files

from .pictures import write_file


@click.command(name="gallery")
@click.argument("directory", metavar="DIR", type=click.Path(file_okay=False))
@click.option("--scenarios", "root", metavar="PATH", type=click.Path(file_okay=False, exists=True), default=None,
              help="The scenarios folder to read (its questions, rulings, rulebook, citations, refusals and omens)  "
                   "[default: the one bundled with Lueur]")
@click.option("--steps/--no-steps", default=True, show_default=True,
              help="Also write, for each disputed action, a page that steps through it on the board (most of the size).")
@click.option("--title", default="The Night Cage: rules questions settled", show_default=True, help="The page's title.")
@guarded
def gallery_command(directory: str, root: str | None, steps: bool, title: str) -> None:
    """Write the rules-question gallery as static web pages (DIR/index.html).

    Every scenario that settles a question of the rules (scenarios/questions, rulings, rulebook,
    citations, refusals and omens): its question, the position, the action in dispute played step
    by step with the rulebook section of each step, what the project rules, and the rulings it turns
    on in players' words (both readings, and which the rulebook's letter supports). Nothing in the
    pages is fetched from elsewhere: copy DIR to any web space. Only index.html, boards/ and steps/
    are written in DIR.

    \b
    Examples:
      lueur gallery /tmp/rules-gallery
      lueur gallery /tmp/rules-gallery --no-steps
    """
    folder = Path(directory)
    if folder.exists() and not folder.is_dir():
        err(f"lueur: gallery {directory}: not a directory")
        raise Exit(ExitCode.BAD_INPUT)
    entries, notes = gallery(Path(root) if root else bundled_root())
    for note in notes:
        err(f"lueur: gallery: {note}")
    if not entries:  # the notes said why
        raise Exit(ExitCode.BAD_INPUT)
    files = gallery_files(entries, title=title, steps=steps)  # every page drawn before any file is written
    for name, data in files:
        path = folder / name
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            err(f"lueur: gallery {directory}: cannot create {path.parent}: {exc.strerror or exc}")
            raise Exit(ExitCode.BAD_INPUT) from None
        write_file(path, data)
    err(f"lueur: wrote {directory}/index.html: {len(entries)} questions, {len(files) - 1} more files")
