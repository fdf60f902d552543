"""Render every scenario's board picture to PNG (and SVG), to look at them all by eye.

    python benchmarks/render_gallery.py OUT_DIR [--zoom 1.5] [--match TEXT] [--light]

One ``<group>--<name>.png`` per scenario of ``scenarios/`` (puzzles included),
with monsters' sight drawn (``--light`` adds each prisoner's light). Scenarios
whose position is invalid on purpose (they test the checker) are listed and
skipped. Needs ``resvg-py`` (the ``png`` extra).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import resvg_py

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.base.errors import PositionError  # noqa: E402
from solver.nightcage.notation.forms import load_path  # noqa: E402
from solver.nightcage.present.svg_board import Overlays, board_svg  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="directory for the pictures (created if missing)")
    parser.add_argument("--zoom", type=float, default=1.5, help="PNG scale (1 = one pixel per picture unit)")
    parser.add_argument("--match", default="", help="only scenarios whose path contains this text")
    parser.add_argument("--light", action="store_true", help="also draw what each prisoner lights")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    done = 0
    for path in sorted((ROOT / "scenarios").rglob("*.toml")):
        rel = path.relative_to(ROOT / "scenarios")
        if args.match not in str(rel):
            continue
        try:
            position, _ = load_path(path, lenient=True)
        except PositionError as error:
            print(f"skipped {rel}: {error.problems[0]}")
            continue
        title = str(position.meta.get("title") or rel.with_suffix(""))
        svg = board_svg(position.state, title=title, overlays=Overlays(light=args.light))
        stem = "--".join(rel.with_suffix("").parts)
        (args.out / f"{stem}.svg").write_text(svg, encoding="utf-8")
        (args.out / f"{stem}.png").write_bytes(bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=args.zoom)))
        done += 1
    print(f"{done} pictures in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
