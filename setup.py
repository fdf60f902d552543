"""Build of the compiled Final Flickers kernel, and the bundled scenarios (everything else is in pyproject.toml).

The extension ``solver.nightcage.endgame.kernel._fast`` is optional: when no C compiler
(or no Python.h) is found, setuptools warns and the install goes on, and the
pure-Python kernel runs (``solver.nightcage.endgame.kernel.compiled`` says which).

The ``scenarios`` folder stays at the top of the checkout (the tests read it there); a wheel
gets a copy of it as ``solver/scenarios``, so that an installed ``lueur gallery`` and the
workbench's gallery find the bundled questions and positions
(``solver.nightcage.present.gallery.bundled_root``). An editable install reads the checkout's.
"""

from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

SOURCES = ["module.c", "tables.c", "turn.c", "moves.c", "bounds.c", "search.c", "oracle.c"]


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
        )
    ],
)
