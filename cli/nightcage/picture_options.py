"""The options of ``--render DIR`` and the pictures' title: apart from :mod:`cli.nightcage.pictures`, so that
a command offering ``--render`` (``solve``) loads the pictures only when it is asked for them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

render_option = click.option("--render", "render_dir", metavar="DIR", type=click.Path(file_okay=False),
                             help="Also write one picture per step (DIR/step-01.svg ...) and DIR/index.html, "
                                  "a page that steps through them.")
render_format_option = click.option("--render-format", type=click.Choice(["svg", "png"]), default="svg", show_default=True,
                                    help="Picture format of --render (png needs the extra lueur[png]).")


def title_of(meta: dict[str, Any] | None, file: str) -> str:
    if meta and meta.get("title"):
        return str(meta["title"])
    return "stdin" if file == "-" else Path(file).name
