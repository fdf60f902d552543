"""Build of the compiled Final Flickers kernel, the frame stack's helper (``solver.base._frame_chunks``,
:mod:`solver.base.frame_chunks`), the Python modules compiled by Cython, and the bundled scenarios
(everything else is in pyproject.toml).

The extension ``solver.nightcage.endgame.kernel._fast`` is optional: when no C compiler
(or no Python.h) is found, setuptools warns and the install goes on, and the
pure-Python kernel runs (``solver.nightcage.endgame.kernel.compiled`` says which).

``COMPILED_PYTHON``: pure-Python modules compiled unchanged by Cython, as optional as the kernel
(without a C compiler, or without Cython, their source runs). ``solver.base.compiled_python``
runs the source instead when it is newer than the build, or with ``LUEUR_PURE_PYTHON=1``. Cython
writes its C into ``build/cython``, never beside the sources.

The ``scenarios`` folder stays at the top of the checkout (the tests read it there); a wheel
gets a copy of it as ``solver/scenarios``, so that an installed ``lueur gallery`` and the
workbench's gallery find the bundled questions and positions
(``solver.nightcage.present.gallery.bundled_root``). An editable install reads the checkout's.
"""

import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

SOURCES = ["module.c", "tables.c", "turn.c", "moves.c", "bounds.c", "search.c", "oracle.c"]

COMPILED_PYTHON = sorted(
    str(path) for path in Path("solver/nightcage/sim").glob("*.py") if path.name != "__init__.py"
) + ["solver/nightcage/chance/fastsim.py", "solver/nightcage/chance/turns.py"]
"""The simulator and the chance search's turns: the replays that take most of a chance search's time (the
Makefile lists them too, to rebuild, and tests/nightcage/sim/test_compiled_python.py, to check them).
Not the searches themselves: they recurse deeply, which in Python costs no C stack and compiled would."""

CYTHON_DIRECTIVES = {
    "language_level": 3,
    "annotation_typing": False,  # the annotations are for the type checker: an int stays a Python int
    "binding": False,  # plain C functions, not Python-like function objects: 0012 in 2.5-2.9 s, not 3.5 s (benchmarks/README.md)
}


def compiled_python() -> list[Extension]:
    """The Cython extensions of ``COMPILED_PYTHON`` (none without Cython: the sources run)."""
    try:
        from Cython.Build import cythonize
    except ImportError:
        return []
    modules = [
        Extension(path[:-3].replace("/", "."), [path], extra_compile_args=["-O2"], optional=True) for path in COMPILED_PYTHON
    ]
    try:
        return list(cythonize(modules, compiler_directives=CYTHON_DIRECTIVES, build_dir="build/cython", quiet=True))
    except Exception as exc:  # (Cython.Compiler.Errors.CompileError and kin) the sources run, as without Cython
        print(f"setup.py: Cython could not translate the simulator ({exc}); its Python source will run", file=sys.stderr)
        return []


class BuildWithScenarios(build_py):
    """``build_py``, then ``scenarios/`` copied to ``solver/scenarios`` in the build (never in the checkout)."""

    def run(self) -> None:
        super().run()
        source = Path("scenarios")
        if source.is_dir() and not getattr(self, "editable_mode", False):
            self.copy_tree(str(source), str(Path(self.build_lib) / "solver" / "scenarios"))


setup(
    cmdclass={"build_py": BuildWithScenarios},
    ext_modules=[
        Extension(
            "solver.nightcage.endgame.kernel._fast",
            sources=[f"solver/nightcage/endgame/kernel/csrc/{name}" for name in SOURCES],
            depends=["solver/nightcage/endgame/kernel/csrc/fast.h", "solver/nightcage/endgame/kernel/csrc/turn.h"],
            extra_compile_args=["-O2", "-std=c11"],
            optional=True,
        ),
        # Python's frame stack keeps the chunks it frees (solver/base/frame_chunks.py): as optional.
        Extension("solver.base._frame_chunks", sources=["solver/base/csrc/frame_chunks.c"],
                  extra_compile_args=["-O2", "-std=c11"], optional=True),
        *compiled_python(),
    ],
)
