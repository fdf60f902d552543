"""Draw the Fearsome Floors pictures: the README's, and every scenario with and without the monster's path.

Run from the repository's root, after a change to the drawing:

    .venv/bin/python docs/pictures/fearsome.py [DIR]

The README's pictures are drawn by the commands, so what the README shows is
what they draw: docs/pictures/fearsome-eight-steps.png by `lueur ff render`
(one tile's path) and docs/pictures/fearsome-forecast.png by `lueur ff
forecast --render` (one path per tile the next draw may bring). The
gallery goes to DIR (default /tmp/lueur-ff-pictures), to be looked at after
a change: for each scenario in scenarios/fearsome/, NAME.png (the board) and
NAME-path.png (the path of the scenario's tile, or of tile 7, with the
squares where pawns die) and NAME-forecast.png (a path per tile the next
draw may bring). It needs the PNG extra (pip install 'lueur[png]').
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))  # run as a script from anywhere: the library is the repository's

from solver.base.svg.png import svg_to_png  # noqa: E402
from solver.fearsome.analysis.forecast import forecast  # noqa: E402
from solver.fearsome.notation.files import load_path  # noqa: E402
from solver.fearsome.present.svg import board_svg  # noqa: E402
from solver.fearsome.present.svg_paths import death_squares  # noqa: E402
from solver.fearsome.rules.monster import monster_phase  # noqa: E402

README_PICTURES = (
    ["ff", "render", "scenarios/fearsome/monster-eight-steps.json", "--tile", "8", "--zoom", "1.5",
     "-o", "docs/pictures/fearsome-eight-steps.png"],
    ["ff", "forecast", "scenarios/fearsome/monster-eight-steps.json", "--zoom", "1.5",
     "--render", "docs/pictures/fearsome-forecast.png"],
)


def main() -> None:
    for command in README_PICTURES:
        done = subprocess.run([sys.executable, "-m", "cli", *command], cwd=ROOT, stdout=subprocess.DEVNULL)
        if done.returncode != 0:
            sys.exit(f"lueur {' '.join(command)} exited {done.returncode}")
    gallery = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/lueur-ff-pictures")
    gallery.mkdir(parents=True, exist_ok=True)
    for path in sorted((ROOT / "scenarios" / "fearsome").glob("*.json")):
        loaded = load_path(str(path))
        title = loaded.title or path.stem
        tile = json.loads(path.read_text(encoding="utf-8")).get("monster", {}).get("tile", "7")
        _, trace = monster_phase(loaded.position, tile)
        (gallery / f"{path.stem}.png").write_bytes(svg_to_png(board_svg(loaded.position, title=title), 1.0))
        with_path = board_svg(loaded.position, title=f"{title} (tile {tile})", paths=[trace],
                              marks=death_squares(loaded.position, trace))
        (gallery / f"{path.stem}-path.png").write_bytes(svg_to_png(with_path, 1.0))
        tiles = forecast(loaded.position).tiles
        marks = sorted({sq for tile in tiles for sq in death_squares(loaded.position, tile.trace)})
        every = board_svg(loaded.position, title=f"{title} (forecast)", paths=[t.trace for t in tiles], marks=marks)
        (gallery / f"{path.stem}-forecast.png").write_bytes(svg_to_png(every, 1.0))
        print(f"{gallery}/{path.stem}.png, {path.stem}-path.png, {path.stem}-forecast.png")


if __name__ == "__main__":
    main()
