"""Exit codes, output helpers and the one place errors become messages.

Stdout carries only the result (text, or one JSON document with ``--json``);
problems and notes go to stderr.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from functools import wraps
from typing import Any, NoReturn, TypeVar

import click

from solver.commands.answers import OptionError, reported
from solver.core.errors import (
    NightCageError,
    PositionError,
    Problem,
)
from solver.core.exit_codes import ExitCode

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


def out(text: str = "") -> None:
    click.echo(text)


def err(text: str) -> None:
    click.echo(text, err=True)


def emit_json(document: Any) -> None:
    click.echo(json.dumps(document, indent=2, ensure_ascii=False))


def fail(problems: list[Problem], source: str, as_json: bool, extra: dict[str, Any] | None = None) -> NoReturn:
    """Report input problems (each with where it is) and exit 2."""
    if as_json:
        doc: dict[str, Any] = {"error": "invalid input", "file": source, "problems": [p.as_json() for p in problems]}
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
                fail(exc.problems, kwargs.get("file", "") or "", as_json)
            except Exit as inner:
                sys.exit(inner.code)
        except NightCageError as exc:
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
