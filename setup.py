"""Build of the compiled Final Flickers kernel (everything else is in pyproject.toml).

The extension ``solver.nightcage.endgame.kernel._fast`` is optional: when no C compiler
(or no Python.h) is found, setuptools warns and the install goes on, and the
pure-Python kernel runs (``solver.nightcage.endgame.kernel.compiled`` says which).
"""

from setuptools import Extension, setup

SOURCES = ["module.c", "tables.c", "turn.c", "moves.c", "bounds.c", "search.c", "oracle.c"]

setup(
    ext_modules=[
        Extension(
            "solver.nightcage.endgame.kernel._fast",
            sources=[f"solver/nightcage/endgame/kernel/csrc/{name}" for name in SOURCES],
            depends=["solver/nightcage/endgame/kernel/csrc/fast.h", "solver/nightcage/endgame/kernel/csrc/turn.h"],
            extra_compile_args=["-O2", "-std=c11"],
            optional=True,
        )
    ]
)
