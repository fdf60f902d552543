"""Every object a module names for :func:`solver.base.named.load` is also imported there under ``TYPE_CHECKING``.

A named look-up is an import the layer contracts (``lint-imports``) cannot see; the ``TYPE_CHECKING`` import
makes the edge visible to them, at no cost when the program runs.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAMED = re.compile(r"^((?:solver|cli)(?:\.\w+)+):(\w+)$")


def named_and_checked(tree: ast.Module) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """``(named, imported)``: the ``module:attribute`` strings of a module, and what it imports under TYPE_CHECKING."""
    named = {(m[1], m[2]) for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)
             if (m := NAMED.match(node.value))}
    imported: set[tuple[str, str]] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for inner in node.body:
                if isinstance(inner, ast.ImportFrom) and inner.module:
                    imported |= {(inner.module, alias.name) for alias in inner.names}
    return named, imported


def modules_that_name() -> dict[str, ast.Module]:
    found = {}
    for tree in ("solver", "cli"):
        for path in sorted((ROOT / tree).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if "solver.base.named import" in text:
                found[path.relative_to(ROOT).as_posix()] = ast.parse(text)
    return found


def test_every_named_object_is_imported_for_the_layer_contracts() -> None:
    modules = modules_that_name()
    assert len(modules) >= 3  # forms, the solve command and the command line's solve
    for name, tree in modules.items():
        named, imported = named_and_checked(tree)
        assert named, f"{name} imports solver.base.named but names nothing"
        assert named <= imported, f"{name}: named but not imported under TYPE_CHECKING: {sorted(named - imported)}"


def test_a_named_object_without_its_import_is_caught() -> None:
    tree = ast.parse('from solver.base.named import load\nX = "solver.base.limits:Limits"\n')
    named, imported = named_and_checked(tree)
    assert named == {("solver.base.limits", "Limits")} and not imported
