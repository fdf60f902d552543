"""Lines of sight along the lines of zones the user entered as straight.

The aid: a straight line, never diagonal, from a point in one zone to a
point in the other. Sight does not pass walls, closed portcullises or zones
holding characters (wounded or not); it passes zones holding objects,
rotation mechanisms and pits; a character in a zone next to an arrow slit
sees beyond it. Where zones lie is the user's (DT-GEOMETRY): ``lines`` lists
which zones are in line, and the boundaries between neighbours on a line are
the ones crossed. A face-down room stops sight (nothing in it is known).
"""

from __future__ import annotations

from solver.dungeontwister.model.board import SIGHT_BLOCKERS, Edge
from solver.dungeontwister.model.state import Position


def _clear(position: Position, path: tuple[str, ...]) -> bool:
    """Whether sight runs along ``path`` (from the viewer's zone, first, to the target's, last)."""
    board, layout = position.board, position.layout
    for index, (a, b) in enumerate(zip(path, path[1:])):
        edge = layout.edge(board, a, b)
        if edge is None or edge in SIGHT_BLOCKERS:
            return False
        if edge is Edge.ARROW_SLIT and index != 0:  # only the viewer's own zone touches the slit it sees through
            return False
        if layout.hidden(board, b):
            return False
        if b != path[-1] and position.in_zone(b):
            return False
    return True


def sees(position: Position, viewer: str, target: str) -> bool:
    """Whether a character in zone ``viewer`` has a line of sight to zone ``target`` (another zone)."""
    if viewer == target or position.layout.hidden(position.board, viewer):
        return False
    for line in position.board.lines:
        if viewer in line and target in line:
            i, j = line.index(viewer), line.index(target)
            path = line[i:j + 1] if i < j else tuple(reversed(line[j:i + 1]))
            if _clear(position, path):
                return True
    return False


def seen_from(position: Position, viewer: str) -> tuple[str, ...]:
    """Every zone a character in ``viewer`` sees (sorted)."""
    zones = {z for line in position.board.lines if viewer in line for z in line}
    return tuple(sorted(z for z in zones if sees(position, viewer, z)))
