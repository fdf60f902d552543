"""``import solver``: its face is loaded name by name, so that importing any part of the package stays light."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import solver


def test_the_face_lists_every_exported_name() -> None:
    assert sorted(solver.FACE) == sorted(name for name in solver.__all__ if name != "__version__")


@pytest.mark.parametrize("name", sorted(solver.FACE))
def test_each_name_is_the_object_its_module_holds(name: str) -> None:
    module, _, attribute = solver.FACE[name].partition(":")
    assert getattr(solver, name) is getattr(importlib.import_module(module), attribute or name)


def test_dir_lists_the_face_before_it_is_used() -> None:
    assert set(solver.FACE) <= set(dir(solver))


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        solver.no_such_name  # noqa: B018


def test_star_import_gives_the_whole_face() -> None:
    namespace: dict[str, object] = {}
    exec("from solver import *", namespace)
    assert set(solver.__all__) <= set(namespace)
    assert namespace["NightCageError"] is solver.LueurError


def test_importing_the_package_loads_neither_the_rules_nor_the_notation() -> None:
    code = "import sys, solver.base.errors; print(sorted(m for m in sys.modules if m.startswith('solver.nightcage')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == "[]"
