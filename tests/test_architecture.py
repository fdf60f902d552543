"""The shape of the code (docs/architecture.md): layers, no cycles, imports at the top, sizes.

The layer contracts themselves are import-linter's (``[tool.importlinter]`` in
pyproject.toml, run by ``make test``); they are run here too, so a plain
``pytest`` catches a broken layer. The rest are rules import-linter has no
contract for.
"""

from __future__ import annotations

import ast
from pathlib import Path

import grimp
import networkx as nx
import pytest
from importlinter.application.use_cases import lint_imports

from tests.paths import ROOT

LIBRARY = sorted((ROOT / "solver").rglob("*.py")) + sorted((ROOT / "cli").rglob("*.py"))

MAX_MODULE_LINES = 600
MAX_CLASS_LINES = 250
SIZE_REASON = "Size:"
"""A module or class past its size states why in its docstring, on a line starting with this."""

LAZY_ALLOWED = {
    "ortools": "CP-SAT loads in about half a second; only the CP-SAT planner needs it",
    "ray": "an optional extra, for the puzzle job on a cluster",
    "fastapi": "only `lueur serve` needs the web framework",
    "uvicorn": "only `lueur serve` needs the web server",
    "rich": "progress bars, only on a terminal",
    "networkx": "the board graph's analyses, only for `lueur show --graph`",
    "resvg_py": "an optional extra (lueur[png]), only for PNG pictures",
    "solver.nightcage.endgame.cpsat": "the CP-SAT planner (imports ortools)",
    "solver.nightcage.present.graph": "the board graph (imports networkx)",
    "cli.http_server": "the HTTP front end (imports fastapi)",
    "cli.http_transport": "the HTTP server's connections (imports uvicorn)",
}
"""What may be imported inside a function: heavy optional dependencies, and the modules that exist to wrap them."""


def _relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_the_layer_contracts_hold() -> None:
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), cache_dir=None, no_logo=True) == 0


def test_no_import_cycle_between_modules() -> None:
    graph = grimp.build_graph("solver", "cli", cache_dir=None)
    imports = nx.DiGraph()
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            imports.add_edge(module, imported)
    # A package's __init__ importing its own modules is not a cycle of concerns.
    cycles = [sorted(c) for c in nx.strongly_connected_components(imports) if len(c) > 1]
    cycles = [c for c in cycles if not _only_package_faces(c)]
    assert cycles == []


def _only_package_faces(cycle: list[str]) -> bool:
    """A cycle made only by a package importing its children (its face) and a child importing the package."""
    return all(any(other.startswith(m + ".") or m.startswith(other + ".") for other in cycle if other != m) for m in cycle)


def _function_imports(tree: ast.Module) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import):
                    found += [(inner.lineno, alias.name) for alias in inner.names]
                elif isinstance(inner, ast.ImportFrom):
                    found.append((inner.lineno, "." * inner.level + (inner.module or "")))
    return found


def _allowed_lazily(module: str, path: Path) -> bool:
    if module.startswith("."):  # relative: resolve against the file's package
        package = path.relative_to(ROOT).with_suffix("").parts[:-1]
        depth = len(module) - len(module.lstrip("."))
        module = ".".join(package[: len(package) - depth + 1] + (module.lstrip("."),))
    return any(module == name or module.startswith(name + ".") for name in LAZY_ALLOWED)


@pytest.mark.parametrize("path", LIBRARY, ids=_relative)
def test_imports_are_at_the_top(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inside = [f"line {line}: {module}" for line, module in _function_imports(tree) if not _allowed_lazily(module, path)]
    assert inside == [], "imports inside functions (only heavy optional dependencies may be imported late)"


@pytest.mark.parametrize("path", LIBRARY, ids=_relative)
def test_modules_and_classes_stay_small(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    too_big = []
    lines = len(text.splitlines())
    if lines > MAX_MODULE_LINES and SIZE_REASON not in (ast.get_docstring(tree) or ""):
        too_big.append(f"the module has {lines} lines (more than {MAX_MODULE_LINES}) and its docstring gives no '{SIZE_REASON}' reason")
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
            length = node.end_lineno - node.lineno + 1
            if length > MAX_CLASS_LINES and SIZE_REASON not in (ast.get_docstring(node) or ""):
                too_big.append(f"class {node.name} has {length} lines (more than {MAX_CLASS_LINES}) and no '{SIZE_REASON}' reason")
    assert too_big == []


def test_the_lazy_exceptions_are_heavy_dependencies_or_their_wrappers() -> None:
    """Each exception names a reason; a project module among them really imports the dependency it wraps."""
    wrappers = {"solver.nightcage.endgame.cpsat": "ortools", "solver.nightcage.present.graph": "networkx", "cli.http_server": "fastapi"}
    for module, dependency in wrappers.items():
        assert module in LAZY_ALLOWED
        path = ROOT / (module.replace(".", "/") + ".py")
        files = [path] if path.exists() else sorted((ROOT / module.replace(".", "/")).rglob("*.py"))
        assert any(f"import {dependency}" in f.read_text() or f"from {dependency}" in f.read_text() for f in files), module
