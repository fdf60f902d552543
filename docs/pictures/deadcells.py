"""Draw the Dead Cells pictures of the README, by the commands, so that what the README shows is what they draw.

Run from the repository's root, after a change to the drawing:

    .venv/bin/python docs/pictures/deadcells.py

docs/pictures/deadcells-board.png is `lueur dc render` on the two-player
combat after its first choices (round II, the short bow awaited), and
docs/pictures/deadcells-timeline.png is `lueur dc render --timeline` on the
rulebook's worked example. It needs the PNG extra (pip install 'lueur[png]').
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
LUEUR = [sys.executable, "-m", "cli"]
PICTURES = ROOT / "docs" / "pictures"


def main() -> None:
    board = ["dc", "render", "scenarios/deadcells/two-players.toml", "play Ann slash parry", "play Bob parry", "target R1",
             "-o", str(PICTURES / "deadcells-board.png")]
    timeline = ["dc", "render", "scenarios/deadcells/rulebook-example.json", "--timeline", "-o",
                str(PICTURES / "deadcells-timeline.png")]
    for arguments in (board, timeline):
        subprocess.run([*LUEUR, *arguments], cwd=ROOT, check=True)


if __name__ == "__main__":
    main()
