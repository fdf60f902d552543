"""The one escaping helper every text written into a picture or a page goes through.

Pictures are built as text, so any value that comes from a position (a
player's colour, a pawn's id, a title, a caption) could close an attribute or
open an element. :func:`esc` makes any value safe both as an attribute value
(between double quotes, as every attribute is written) and as element text, and keeps the document
well-formed: the characters XML 1.0 cannot hold at all (C0 controls but tab,
newline and carriage return; the non-characters U+FFFE and U+FFFF; lone
surrogates) become U+FFFD, the replacement character. Every f-string
attribute of the picture modules is either ``esc(...)``, a number written by
``num`` or a constant of the code (tests/test_pictures.py checks the sources).

>>> esc('"><script>alert(1)</script>')
'&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;'
>>> esc("tab\\there"), esc(7), esc("bell\\x07\\uffff")
('tab&#9;here', '7', 'bell\\ufffd\\ufffd')
"""

from __future__ import annotations

import re

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 forbids even as character references."""
_ENTITIES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                           "\t": "&#9;", "\n": "&#10;", "\r": "&#13;"})
"""Markup characters, and the blanks an attribute value would otherwise fold into spaces."""


def esc(value: object) -> str:
    """``value`` as text that is safe in an attribute value or an element's text (see the module doc)."""
    return _NOT_XML.sub("\ufffd", str(value)).translate(_ENTITIES)


__all__ = ["esc"]
