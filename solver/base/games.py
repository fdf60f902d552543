"""The game registry's record: what a game declares so that the front doors reach it.

Each game's package has a ``game`` module holding one :class:`Game` (its id,
its position format, where its readers, checker, pictures, protocol commands
and command-line group are); :mod:`solver.games` lists them. The record names
modules by their dotted paths and loads them on first use, so that reading the
registry costs nothing: ``lueur --help`` and a quick ``lueur check`` do not
import a game's planners. The front doors (:mod:`solver.commands`,
:mod:`solver.protocol`, the command line) reach a game only through here.

>>> game = Game("demo", "A demo", "demo-position/1", (), "json", requests="solver.base.errors")
>>> game.load_requests().__name__
'solver.base.errors'
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any


@dataclass(frozen=True)
class Game:
    id: str
    """The value of a position's ``game`` field: ``night-cage``, ``fearsome-floors``."""
    title: str
    position_format: str
    """The value of a position's ``format`` field: ``lueur-position/1``, ``lueur-ff-position/1``."""
    other_formats: tuple[str, ...]
    """Other documents of this game that hold a position (``lueur-ff-scenario/1``): their ``format`` values."""
    forms: str
    """The forms its positions are written in, in words (``JSON, TOML or one line``)."""
    requests: str
    """Its protocol commands: a module with ``COMMANDS`` (:class:`solver.base.protocol.Command` s),
    ``serve(request, info, should_stop)``, ``first_info(request)`` and ``POSITION_DEF``."""
    cli_name: str | None = None
    """The name of its command-line group (``ff``: ``lueur ff forecast``); None: its commands are at the top (``lueur solve``)."""
    cli_group: str | None = None
    """``module:attribute`` of that group."""
    cli_summary: str = ""
    """The group's line in ``lueur --help`` (the first paragraph of its help)."""
    cli_files: dict[str, str] = field(default_factory=dict)
    """``check``, ``show`` and ``render``: the click command (``module:attribute``) that answers ``lueur <command> FILE``
    when FILE holds one of its positions."""
    schema_name: str | None = None
    """The name ``lueur schema`` and ``lueur serve`` give its position's JSON Schema."""
    position_schema: str | None = None
    """``module:function`` giving that schema."""
    docs: str = ""
    """Where its format and rulings are described."""

    def load_requests(self) -> ModuleType:
        return importlib.import_module(self.requests)

    def load(self, reference: str) -> Any:
        """The object a ``module:attribute`` reference names."""
        module, _, attribute = reference.partition(":")
        return getattr(importlib.import_module(module), attribute)

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "format": self.position_format, "forms": self.forms,
                "cli": self.cli_name, "docs": self.docs}
