"""SVG pictures as PNG, through resvg (the optional extra ``lueur[png]``).

resvg-py is a self-contained wheel (no system library), so a PNG is drawn the
same way on every machine. It is optional: SVG output needs nothing, and
without the extra only PNG output is refused, with the command that installs it.
"""

from __future__ import annotations

from solver.base.errors import UnsupportedError

MISSING_EXTRA = "PNG output needs the optional extra: pip install 'lueur[png]' (resvg-py); SVG output needs nothing"


class MissingExtraError(UnsupportedError):
    """An output that needs an optional extra which is not installed (reported with how to install it, exit 2)."""


def svg_to_png(svg: str, zoom: float = 2.0) -> bytes:
    """The picture ``svg`` as PNG bytes on a white background, ``zoom`` times its own size.

    System fonts are not loaded: the pictures draw their text as strokes, so
    the PNG does not depend on the fonts a machine has.
    """
    try:
        import resvg_py
    except ImportError:
        raise MissingExtraError(MISSING_EXTRA) from None
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, background="white", zoom=zoom, skip_system_fonts=True))
