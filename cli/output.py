"""Exit codes, output helpers and the one place errors become messages.

Stdout carries only the result (text, or one JSON document with ``--json``);
problems and notes go to stderr.

Everything printed passes through here, and here control characters are made
visible (a position's title, a prisoner's name or a key quoted in a problem
could otherwise drive the terminal: set its title, clear the screen, reorder
text): in plain text as ``\x1b`` or ``\u202e``; in a JSON document or a
converted position as JSON, TOML and the line notation's JSON write them,
``\u001b``, which reads back as the same value.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from pathlib import Path
from types import FrameType
from typing import Any, NoReturn, TypeVar

import click

from solver.base.answers import OptionError, reported
from solver.base.errors import LueurError, PositionError, Problem
from solver.base.exit_codes import ExitCode
from solver.base.fields import CONTROL_CHARACTERS

OK = ExitCode.OK
NO = ExitCode.NO
BAD_INPUT = ExitCode.BAD_INPUT
LIMIT = ExitCode.LIMIT
INTERNAL = ExitCode.INTERNAL

EXIT_CODES_HELP = "\b\nExit codes:\n" + "".join(f"  {int(code):<3} {code.meaning}\n" for code in ExitCode)


class Exit(Exception):
    """Leave the command with an exit code (the output is already written)."""

    def __init__(self, code: int):
        super().__init__(code)
        self.code = code


_SHOWN = {c: (f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}") for c in CONTROL_CHARACTERS - {ord("\n"), ord("\t")}}
"""Plain text: each control character (but newline and tab) as its Python escape, ``\\x1b``."""
_ESCAPED = {c: f"\\u{c:04x}" for c in CONTROL_CHARACTERS - {ord("\n"), ord("\t")}}
"""A document: each control character (but newline and tab) as a ``\\u001b`` escape, which JSON and
TOML strings read back as the character (JSON and TOML writers already escape C0 themselves)."""


def visible(text: str) -> str:
    """Plain text with its control characters shown as escapes (``\\x1b``), newlines and tabs kept.

    >>> visible("\\x1b]0;owned\\x07 red\\tok\\u202e")
    '\\\\x1b]0;owned\\\\x07 red\\tok\\\\u202e'
    """
    return text.translate(_SHOWN)


def out(text: str = "") -> None:
    click.echo(visible(text))


TERMINATED = 128 + signal.SIGTERM
"""The shell's convention for a process ended by SIGTERM."""


@contextmanager
def terminated_as_exit() -> Iterator[None]:
    """SIGTERM ends a long command as Ctrl-C does: through the code that ends its worker processes and keeps
    what it wrote (then exit 143), instead of leaving the process at once and its workers behind."""

    def terminated(signum: int, frame: FrameType | None) -> None:
        err("lueur: terminated")
        raise SystemExit(TERMINATED)

    before = signal.signal(signal.SIGTERM, terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def err(text: str) -> None:
    click.echo(visible(text), err=True)


def out_document(text: str) -> None:
    """A document (JSON, TOML, a position line) whose control characters can only stand in its
    strings: escaped as ``\\u009b``, it reads back the same."""
    click.echo(text.translate(_ESCAPED))


def emit_json(document: Any) -> None:
    out_document(json.dumps(document, indent=2, ensure_ascii=False))


def fail(problems: list[Problem], source: str, as_json: bool, extra: dict[str, Any] | None = None, total: int | None = None) -> NoReturn:
    """Report input problems (each with where it is) and exit 2; ``total`` counts them all when the
    list holds only the first of them."""
    if as_json:
        doc: dict[str, Any] = {"error": "invalid input", "file": source, "total": total or len(problems)}
        doc["problems"] = [p.as_json() for p in problems]
        doc.update(extra or {})
        emit_json(doc)
    for p in problems:
        err(f"{source}: {p}" if source else str(p))
    raise Exit(BAD_INPUT)


F = TypeVar("F", bound=Callable[..., Any])


def guarded(func: F) -> F:
    """Turn library errors into messages and exit codes; never a traceback."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        as_json = bool(kwargs.get("as_json"))
        try:
            func(*args, **kwargs)
        except Exit as exc:
            sys.exit(exc.code)
        except PositionError as exc:
            try:
                fail(exc.problems, kwargs.get("file", "") or "", as_json, total=exc.total)
            except Exit as inner:
                sys.exit(inner.code)
        except LueurError as exc:
            kind, code, message = reported(exc)
            if isinstance(exc, OptionError):  # the command line names its options with dashes
                message = f"--{exc.option.replace('_', '-')}: {exc.message}"
            _message(message, as_json, kind)
            sys.exit(code)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except KeyboardInterrupt:  # Ctrl-C: the shell's convention, 128 + SIGINT
            _message("interrupted", as_json, "interrupted")
            sys.exit(ExitCode.INTERRUPTED)
        except BrokenPipeError:  # the reader went away (lueur ... | head): nothing left to say
            sys.stderr.close()
            sys.exit(OK)
        except Exception as exc:  # a bug of ours: say so plainly, without a traceback
            if os.environ.get("LUEUR_DEBUG"):
                raise
            _message(f"internal error: {type(exc).__name__}: {exc} (set LUEUR_DEBUG=1 for details)", as_json, "internal error")
            sys.exit(INTERNAL)

    return wrapper  # type: ignore[return-value]


def _message(text: str, as_json: bool, kind: str) -> None:
    if as_json:
        emit_json({"error": kind, "message": text})
    err(f"lueur: {text}")


PICTURE_SUFFIXES = (".svg", ".png")
"""The picture types a command writes; the type follows the output's suffix."""


def picture_suffix(output: str | None, option: str = "-o") -> str | None:
    """The picture type ``output`` asks for (None without an output); exit 2 naming the valid ones
    for any other suffix (``option`` is the option that gave it, for the message)."""
    if output is None:
        return None
    suffix = Path(output).suffix.lower()
    if suffix not in PICTURE_SUFFIXES:
        err(f"lueur: {option} {output}: the picture type follows the suffix: .svg or .png (got {suffix or 'no suffix'})")
        raise Exit(ExitCode.BAD_INPUT)
    return suffix
