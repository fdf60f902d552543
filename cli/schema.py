"""``lueur schema``: print or write the JSON Schemas of each game's position format and of the engine protocol."""

from __future__ import annotations

from pathlib import Path

import click

from solver.protocol.engine_schema import SCHEMA_FILES, SCHEMAS_SERVED, schema_text

from .output import BAD_INPUT, Exit, err, guarded, out, out_document


@click.command()
@click.argument("name", required=False, type=click.Choice(sorted(SCHEMAS_SERVED)))
@click.option("--write", "directory", type=click.Path(file_okay=False, dir_okay=True),
              help=f"Write every file ({', '.join(SCHEMA_FILES)}) into this directory (created if missing).")
@guarded
def schema(name: str | None, directory: str | None) -> None:
    """Print or write the JSON Schemas of the position format and of the engine protocol.

    NAME is position (the Night Cage's lueur-position/1), ff-position
    (Fearsome Floors' lueur-ff-position/1) or protocol (lueur-engine/1:
    requests, lines back and each command's result). The schemas are
    generated from the readers and the protocol's own definitions;
    docs/schema/ holds them as written by `lueur schema --write docs/schema`,
    and `lueur serve` serves them at /v1/schema/NAME. See docs/interop.md.

    \b
    Examples:
      lueur schema position
      lueur schema --write /tmp/lueur-schema
    """
    if (name is None) == (directory is None):
        err(f"lueur schema: give a NAME ({' or '.join(sorted(SCHEMAS_SERVED))}) to print, or --write DIRECTORY to write every file")
        raise Exit(BAD_INPUT)
    if name is not None:
        out_document(schema_text(SCHEMAS_SERVED[name]()).rstrip("\n"))
        return
    assert directory is not None
    target = Path(directory)
    try:
        target.mkdir(parents=True, exist_ok=True)
        for file_name, make in SCHEMA_FILES.items():
            (target / file_name).write_text(schema_text(make()), encoding="utf-8")
    except OSError as exc:
        err(f"lueur schema: cannot write into {directory}: {exc.strerror or exc}")
        raise Exit(BAD_INPUT) from None
    for file_name in SCHEMA_FILES:
        out(str(target / file_name))
