"""A citation: where the rules text decides a step, in its own language and in the project's English.

A game's engine cites the text for every step it takes; a citation quotes at
most one short sentence of the source (never more) with the project's own
translation, so that a player can find the passage in the book.

>>> c = Citation("p. 10, Combat", "Les cartes sont jouées de gauche à droite.", "Cards are played from left to right.")
>>> c.text()
'p. 10, Combat: « Les cartes sont jouées de gauche à droite. » (Cards are played from left to right.)'
"""

from __future__ import annotations

from typing import NamedTuple

MAX_QUOTE = 240
"""The most characters a quotation holds: a sentence, never a passage."""


class Citation(NamedTuple):
    where: str
    """The page and section (``p. 10, Combat``), or the section's English and French names."""
    original: str = ""
    """One short sentence of the source, as printed (French for the three games' texts)."""
    english: str = ""
    """The project's own English translation of that sentence."""

    def text(self) -> str:
        quote = f": « {self.original} »" if self.original else ""
        return f"{self.where}{quote}" + (f" ({self.english})" if self.english else "")
