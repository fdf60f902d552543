"""Draw the README's pictures into docs/pictures/ with the real commands.

Run from the repository's root, after a change to the drawing:

    .venv/bin/python docs/pictures/make.py

It needs the PNG extra (pip install 'lueur[png]'). Every picture is made by
`lueur render`, `lueur solve --render` or `lueur apply --render`, so what the
README shows is what the commands draw.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
HERE = Path(__file__).resolve().parent

COMMANDS = [
    ["render", "scenarios/rulebook/wax-eater-sight.toml", "--sight", "-o", "docs/pictures/wax-eater-sight.png"],
    ["render", "scenarios/rulebook/keeper-charge.toml", "-o", "docs/pictures/keeper-charge.png"],
    ["render", "scenarios/omens/dirge-block.toml", "-o", "docs/pictures/dirge-block.png"],
    ["render", "scenarios/endgames/06-charge-through.toml", "--plan", "-o", "docs/pictures/charge-through-plan.png"],
    ["solve", "scenarios/endgames/06-charge-through.toml", "--render", "docs/pictures/charge-through", "--render-format", "png"],
    ["apply", "docs/examples/position.json", "move N", "burn t t cross", "--render", "docs/pictures/dispute",
     "--render-format", "png"],
]
"""What is drawn: a board with a monster's sight, a keeper, omens and the Dirge, a plan's walks, a stepped plan and a dispute."""


def main() -> None:
    for arguments in COMMANDS:
        print("lueur " + " ".join(arguments), flush=True)
        done = subprocess.run([sys.executable, "-m", "cli", *arguments], cwd=ROOT, stdout=subprocess.DEVNULL)
        if done.returncode != 0:
            sys.exit(f"lueur {arguments[0]} exited {done.returncode}")


if __name__ == "__main__":
    main()
