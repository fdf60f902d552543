"""The board as an SVG picture (issue 14).

STUB: the interface is fixed; the full drawing replaces this body.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solver.core.grid import Cell, geometry
from solver.core.state import GameState
from solver.present.glyphs import text_element


@dataclass(frozen=True)
class Overlays:
    """What is drawn over the board besides the pieces."""

    sight: bool = True
    """Monsters' lines of sight."""
    light: bool = False
    """The cells each prisoner lights, in the prisoner's colour."""
    paths: tuple[tuple[int, tuple[Cell, ...]], ...] = ()
    """Walks to draw: (prisoner index, the cells in the order walked)."""
    highlight: frozenset[Cell] = field(default_factory=frozenset)
    """Cells a caption points at (an action's target)."""


def board_svg(state: GameState, *, title: str | None = None, caption: str | None = None,
              overlays: Overlays = Overlays(), legend: bool = True) -> str:
    """The whole picture as SVG text: board, coordinates, prisoners' panel, legend.

    Each cell is a ``<g class="cell" data-cell="c4">``, so a page can tell which cell was clicked.
    """
    size = state.size
    unit = 60
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size * unit} {size * unit}">']
    if title:
        parts.append(text_element(title, 4, 14, 10))
    for cell in range(size * size):
        x, y = cell % size * unit, (size - 1 - cell // size) * unit
        tile = state.tiles[cell]
        parts.append(f'<g class="cell" data-cell="{geometry(size).name(cell)}"><rect x="{x}" y="{y}" width="{unit}" '
                     f'height="{unit}" fill="{"#ddd" if tile else "#222"}" stroke="#888"/></g>')
    if caption:
        parts.append(text_element(caption, 4, size * unit - 4, 10))
    parts.append("</svg>")
    return "\n".join(parts)
