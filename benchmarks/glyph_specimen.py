"""A specimen of the stroke font (solver/base/svg/glyphs.py), to look at by eye.

    python benchmarks/glyph_specimen.py OUT.png      # writes OUT.png and OUT.svg
    python benchmarks/glyph_specimen.py OUT.svg      # the SVG only

Every character at sizes 8 to 40, dark on light and light on dark, with the width text_width reports
outlined at the large size (the outline should just hold the pen's path). The PNG needs resvg-py.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this tree's solver, not an installed one

from solver.base.svg.glyph_table import COMPOSITES, GLYPHS  # noqa: E402
from solver.base.svg.glyphs import glyph_defs, text_element, text_width  # noqa: E402

ASCII = "".join(chr(code) for code in range(33, 127))
EXTRA = "".join(char for char in GLYPHS if ord(char) > 126) + "".join(COMPOSITES)
LINES = (
    ASCII[:47],
    ASCII[47:],
    EXTRA + " \x01",
    "a b c d e f   1 2 3 4 5 6 7   c4 → d4 · e1 ↑ f6 ↓",
    "Ada (lit, Nerve 3, key) — Bram: wax eater × 2 … 90°",
    "Le Gardien réveillé: « règle » à la fenêtre, ça coûte où? Élan",
    "minimum wiggly illicit WAVE MOVIE 0O 1lI| 5S 2Z 8B rn m",
)
SIZES = (8, 10, 12, 14, 20, 40)
WIDTH = 1400
MARGIN = 12


def panel(top: float, ink: str, paper: str) -> tuple[list[str], float]:
    """One panel of every line at every size; returns its elements and its height."""
    parts: list[str] = []
    y = top + MARGIN
    for size in SIZES:
        for line in LINES if size <= 20 else LINES[:3]:
            y += size * 1.6
            parts.append(text_element(line, MARGIN, y, size, colour=ink))
            if size == 40:
                parts.append(f'<rect x="{MARGIN}" y="{y - size:.2f}" width="{text_width(line, size):.2f}" '
                             f'height="{size}" fill="none" stroke="#d33" stroke-width="0.5"/>')
        y += size * 0.6
    height = y - top + MARGIN
    return [f'<rect x="0" y="{top}" width="{WIDTH}" height="{height:.2f}" fill="{paper}"/>', *parts], height


def specimen() -> str:
    light, light_height = panel(0, "#1c1c24", "#f4f1e8")
    dark, dark_height = panel(light_height, "#f1e6c8", "#1c1c24")
    height = light_height + dark_height
    drawn = "".join(light + dark)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:.0f}" '
            f'viewBox="0 0 {WIDTH} {height:.2f}">' + glyph_defs(drawn) + drawn + "</svg>\n")


def main(argv: list[str]) -> int:
    if len(argv) != 1 or Path(argv[0]).suffix not in (".png", ".svg"):
        print("usage: python benchmarks/glyph_specimen.py OUT.png|OUT.svg", file=sys.stderr)
        return 2
    out = Path(argv[0])
    svg = specimen()
    out.with_suffix(".svg").write_text(svg, encoding="utf-8")
    if out.suffix == ".png":
        import resvg_py  # optional: only the PNG needs it

        out.write_bytes(bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=2)))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
