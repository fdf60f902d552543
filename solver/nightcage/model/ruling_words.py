"""The rulings in players' words: the question each one settles, both readings in a sentence each, and
which reading the rulebook's letter supports.

Also each rulebook section in a sentence (:data:`SECTION_WORDS`), so that a citation says what the section
decides. One source for every front end: the workbench's rules pages and gallery (through the protocol's
``gallery``), the static gallery ``lueur gallery`` writes, and ``docs/rules.md``, whose section "The
rulings in players' words" is :func:`markdown` (tests/nightcage/model/test_ruling_words.py holds the
two together). The sentences are the project's own; the rulebook is never quoted here.
:data:`solver.nightcage.model.rulings.BOOLEAN_RULINGS` states the same readings as the engine states
them, for the tables of ``docs/rules.md``.

>>> words = WORDS["RULING-STAY-SWAP"]
>>> words.question
'A stay reveals a monster: may it be swapped with a tile another prisoner stands on?'
>>> words.letter, LETTER_WORDS[words.letter]
('silent', 'the rulebook does not say')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Letter = Literal["engine", "other", "silent"]
LETTER_WORDS: dict[str, str] = {
    "engine": "the book's letter supports the engine's reading",
    "other": "the book's letter supports the other reading",
    "silent": "the rulebook does not say",
}


@dataclass(frozen=True)
class RulingWords:
    """One ruling as players would ask and answer it."""

    ruling: str
    title: str
    """A few words naming it (a heading)."""
    question: str
    """The question at the table, one sentence."""
    engine: str
    """The engine's reading (the default), one sentence."""
    other: str
    """The other reading, one sentence."""
    letter: Letter
    """Which reading the rulebook's letter supports: ``engine``, ``other``, or ``silent`` when it says nothing either way."""
    basis: str
    """Why, in a sentence: what the text says or leaves out (the project's summary, never the text)."""

    def as_json(self) -> dict[str, str]:
        return {"ruling": self.ruling, "title": self.title, "question": self.question, "engine": self.engine,
                "other": self.other, "letter": self.letter, "letter_words": LETTER_WORDS[self.letter], "basis": self.basis}


_ALL = (
    RulingWords("RULING-LOS-END", "The end of a sight line",
                "Is a prisoner on the tile where a monster's sight line stops (a T met from its stem) in sight?",
                "Yes: the line reaches that last tile, so a prisoner there triggers the monster and is hit.",
                "No: the line stops before that tile, and a prisoner on it is safe.",
                "silent", "The text says the attack stops at such a tile without saying whether the tile itself is reached; "
                          "the sight figure reads as reaching it."),
    RulingWords("RULING-TRIGGER-ORIGIN", "Leaving a sight line",
                "Does a prisoner who steps out of a monster's sight line trigger it?",
                "Yes: the cell left counts as well as the cell reached, so stepping out of the line is a dodge.",
                "No: only the cell reached counts.",
                "engine", "The rules have the monster react to moves into, along and out of its line, and call stepping "
                          "out a dodge."),
    RulingWords("RULING-MONSTER-REMOVED", "A monster after its attack",
                "Does a wax eater leave the board once it has attacked?",
                "Yes: it is discarded after its attack, even if it hit no one.",
                "No: it stays until no one lights it (a charged or fallen-onto monster goes either way).",
                "engine", "The French rulebook removes the wax eater after its attack; the English rules say nothing of it."),
    RulingWords("RULING-FILL-ALL-LIT", "Which empty cells are filled",
                "At the light step, is every empty lit cell filled, or only those the active prisoner lights?",
                "Every empty lit cell is filled, so no lit cell stays empty while the pile lasts.",
                "Only the cells the active prisoner's passages light, and those of prisoners relit this turn.",
                "other", "The text has the active player draw for the passages their own light opens and for relit "
                         "prisoners."),
    RulingWords("RULING-RELIGHT-WITH-ACTIVE", "Who relights whom",
                "Can two prisoners neither of whom is playing relight each other?",
                "No: relighting needs one of the two to be the prisoner whose turn it is.",
                "Yes: any connected pair relights, and those relit relight others in a chain.",
                "engine", "The rulebook relights during the turn of one of the two prisoners."),
    RulingWords("RULING-SAME-GATE-NOT-ADJACENT", "Two prisoners on one gate",
                "Can prisoners standing on the same gate pass a key or relight each other?",
                "No: they share a tile, and keys and light pass only between neighbouring tiles.",
                "Yes: prisoners on one gate count as connected neighbours.",
                "engine", "Passing a key and relighting both ask for two prisoners on neighbouring, connected tiles."),
    RulingWords("RULING-STAY-SWAP", "A monster revealed by a stay",
                "A stay reveals a monster: may it be swapped with a tile another prisoner stands on?",
                "No: only a tile nobody stands on, and with no such tile the monster is discarded.",
                "Yes: the prisoner on that tile then suffers the monster's attack.",
                "silent", "The text asks for a neighbouring connected tile and says nothing of occupied ones or of there "
                          "being none."),
    RulingWords("RULING-LAND-FULL-LINE", "Landing on a full line",
                "A falling prisoner's row or file has no empty unlit cell: where may it land?",
                "On any tile of that line with no prisoner on it (a gate always).",
                "On any tile of the whole board with no prisoner on it.",
                "silent", "The rules only say to land on an existing tile, without saying where."),
    RulingWords("RULING-FF-OCCUPIED", "The Final Flickers discard",
                "In the Final Flickers, may the tile discarded be one a prisoner stands on?",
                "Yes: the prisoner on it falls, and with the pile empty it can never land.",
                "No: an occupied tile cannot be chosen.",
                "engine", "The text lets any lit tile be taken, from anywhere, and excludes none."),
    RulingWords("RULING-BLOCK-ANY-TURN", "Blocking on another's turn",
                "May a prisoner hit during someone else's turn spend Nerve to Block?",
                "Yes: a Block may be played on any turn, within the prisoner's own Nerve limits.",
                "No: only on the prisoner's own turn.",
                "silent", "The rules say when Nerve is spent in a turn, not whose turn it must be for a Block."),
    RulingWords("RULING-NERVE-AFTER-GAIN", "Spending Nerve after a stay",
                "May a prisoner spend Nerve in the turn it gained Nerve by staying?",
                "No: no Nerve at all is spent in that turn.",
                "Only holding the light is barred; blocking or moving again is allowed.",
                "engine", "The French rulebook bars spending any Nerve in that turn; the English card bars only holding the "
                          "light."),
    RulingWords("RULING-KEEPER-RANGED-OUT", "A keeper's ranged hit",
                "Does a keeper's hit at range put the prisoner's candle out?",
                "Yes: it costs one tile and, as every hit does, puts the candle out.",
                "No: it costs one tile and the candle stays lit.",
                "silent", "The text gives the ranged hit's cost, one tile with no Block, and says nothing about the candle."),
    RulingWords("RULING-PATHLESS-SIGHT", "What sets off a pathless",
                "What move triggers a pathless, whose tile shows no passages?",
                "A move along its sight lines, traced as if it were a wax eater open on all four sides.",
                "Any move anywhere in its row or file.",
                "engine", "The rulebook triggers the pathless as it does a wax eater."),
    RulingWords("RULING-RELIGHT-AT-START", "Relighting as a turn begins",
                "A prisoner was put out on a third player's turn, beside a lit one: is it relit when its own turn "
                "begins?",
                "Yes: relighting is also checked as a turn begins, before the first decision.",
                "No: relighting happens only at the light step, after an action.",
                "silent", "The text relights during the turn of one of the two prisoners and does not say at which moment "
                          "of it."),
    RulingWords("RULING-KEEPER-BACK", "Behind a keeper",
                "Does a keeper watch the cells behind it when its front or side line wraps round the board onto them?",
                "No: it never watches its back line, and an attack from that side does nothing to it.",
                "Yes: wrapped lines watch them, and only an attack arriving at its back side is from behind.",
                "silent", "The rules say a keeper ignores what happens behind it without saying what behind means on a "
                          "board that wraps."),
    RulingWords("RULING-KEEPER-KEY-TILE", "A keeper's key, for a prisoner who already holds one",
                "May a prisoner holding a key enter a keeper from behind, and pass its key on before taking the "
                "keeper's?",
                "Yes: a keeper's key is taken as a key tile's; on the keeper, before scrambling off, keys pass and the "
                "keeper's key is taken once the prisoner is keyless.",
                "No: only a keyless prisoner enters a keeper from behind, and no key passes while on a keeper.",
                "engine", "The rulebook lets a prisoner reaching a keeper take its key as on a plain key tile, where keys "
                          "may pass first, and forbids no entry from behind."),
    RulingWords("RULING-ADV-5P-WAX", "Wax eaters in the five-player advanced game",
                "How many wax eaters does the advanced game keep with five players?",
                "Two: the advanced game removes eight, and the five-player game starts from ten.",
                "Another count, from 0 to 13, set on the position.",
                "silent", "The advanced game's removal is written for the four-player game's twelve wax eaters only."),
    RulingWords("RULING-DIRGE-SHAPE", "The Dirge's shape",
                "Which nine cells does the Dirge cover?",
                "A square of three by three.",
                "Any nine different cells, listed on the position, for a table that reads the shape otherwise.",
                "silent", "The rules give the Dirge nine spaces but not their shape."),
)

WORDS: dict[str, RulingWords] = {words.ruling: words for words in _ALL}
"""Every ruling of :data:`~solver.nightcage.model.rulings.ALL_RULINGS`, in its order (the tests hold the two together)."""

SECTION_WORDS: dict[str, str] = {
    "objective": "The prisoners win together: all on one gate at once, each holding a key.",
    "setup": "Which tiles go in the pile and how many prisoners play, by the game chosen.",
    "wrap": "The board has no edges: leaving one side enters the opposite one, for moves, light and sight.",
    "start": "Each prisoner lays its start tile on a free cell and draws a tile for each of its two exits.",
    "light": "A lit prisoner lights the cells its own tile's passages point to; unlit tiles are discarded, "
             "newly lit empty cells are filled from the pile.",
    "stay": "Staying gains a Nerve and burns the pile's top tile; a monster turned up is swapped with a connected "
            "neighbouring tile instead.",
    "move": "A step goes to a connected neighbouring tile with no prisoner on it (a gate excepted) and no monster.",
    "crumbling": "Start, straight and key tiles crumble: the tile a prisoner leaves or stays on becomes a pit.",
    "falling": "A prisoner on a pit falls, chooses the row or file to land on, and lands next turn on a drawn tile.",
    "keys": "A prisoner takes a key tile's key on arrival if its hand is free; keys pass between connected "
            "neighbours on either one's turn.",
    "gates": "Gates are the only tiles several prisoners may share; the last gate lost loses the game.",
    "monsters": "A wax eater watches the straight passages from it and attacks when someone moves in its sight.",
    "trigger": "A move (or fall) in a monster's sight sets it off; whoever leaves the line dodges, the others in it "
               "are hit.",
    "falling_onto": "Landing on a monster sets it off at once: it hits the lander and everyone in its sight, then "
                    "the lander scrambles off.",
    "chain": "A monster hit by another's attack attacks in turn.",
    "torments": "Each hit burns three tiles from the pile and puts the candle out.",
    "lights_out": "A prisoner whose candle is out sees only its own tile and must move, blind, or pay a Nerve to stay.",
    "relight": "A prisoner whose candle is out is relit beside a connected lit prisoner during either one's turn.",
    "nerve": "Nerve (at most two) is gained by staying and spent to move again, block, charge or hold the light.",
    "charge": "For a Nerve, a prisoner may step into a monster: it is attacked, then scrambles off.",
    "block": "For a Nerve, a prisoner hit by a three-tile attack burns two tiles instead.",
    "again": "For a Nerve, a prisoner moves again after its whole move has been resolved.",
    "hold": "In the Final Flickers, a Nerve spent spares the turn's extra discard.",
    "final": "Once the pile is empty, every turn ends by discarding one more lit tile.",
    "turn": "A turn: land if falling, stay or move, pits, falls, attacks, light, then maybe move again.",
    "keeper": "A keeper holds a key, watches its front and sides only, hits at range for one tile and is entered "
              "safely from behind.",
    "pit_fiend": "A pit fiend turns every tile on its diagonals into a pit, then becomes one.",
    "pathless": "A pathless hits everyone in its row and file, through anything, for five tiles with no Block.",
    "omens": "The first omen drawn is set aside; the second is placed and calls the Dirge.",
    "dirge": "The Dirge swallows nine cells: prisoners there are hit and fall, the tiles are discarded, a pit remains.",
}
"""Each rulebook section (the keys of :data:`solver.nightcage.model.rulebook.SECTIONS`) in a sentence, for a citation
that says more than a title; the project's summary, never the rulebook's text."""

MARKDOWN_START = "<!-- ruling-words: written from solver/nightcage/model/ruling_words.py, do not edit by hand -->"
MARKDOWN_END = "<!-- /ruling-words -->"


def markdown() -> str:
    """The section of ``docs/rules.md`` that gives every ruling in players' words (between its two markers)."""
    lines = [MARKDOWN_START, ""]
    for words in _ALL:
        lines += [f"**{words.ruling}: {words.title}.** {words.question}", "",
                  f"- The engine's reading: {words.engine}",
                  f"- The other reading: {words.other}",
                  f"- The book's letter: {LETTER_WORDS[words.letter]}. {words.basis}", ""]
    lines.append(MARKDOWN_END)
    return "\n".join(lines) + "\n"
