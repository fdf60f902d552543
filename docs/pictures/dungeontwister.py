"""Draw the Dungeon Twister picture of the README, by the command that draws it.

Run from the repository's root, after a change to the drawing:

    .venv/bin/python docs/pictures/dungeontwister.py

docs/pictures/dungeon-twister.png is drawn by `lueur dt render` on the invented
dungeon scenarios/dungeontwister/two-rooms.json (not the game's cards: the aid
gives none), with the thief's reach and the opponent's threats. It needs the
PNG extra (pip install 'lueur[png]').
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

README_PICTURE = ["dt", "render", "scenarios/dungeontwister/two-rooms.json", "--reach", "thief", "--threats", "--zoom", "1.5",
                  "-o", "docs/pictures/dungeon-twister.png"]


def main() -> None:
    done = subprocess.run([sys.executable, "-m", "cli", *README_PICTURE], cwd=ROOT, stdout=subprocess.DEVNULL)
    if done.returncode != 0:
        sys.exit(f"lueur {' '.join(README_PICTURE)} exited {done.returncode}")


if __name__ == "__main__":
    main()
