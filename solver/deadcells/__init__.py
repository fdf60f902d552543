"""Dead Cells: The Rogue-Lite Board Game (Le Scorpion Masqué, 2024): its combat, adjudicated and planned over cards
the user enters (the rulebook prints none, and the project ships none).

Inner layers, lowest first (an import-linter contract holds them): ``rulings``
(the open questions, named, each with its two readings); ``model``
(``vocabulary``: rounds, spaces, states, verbs, loot; ``cards``: actions and
cards as data; ``state``: the combat position; ``rulebook``: the lines the
engine cites); ``rules`` (the combat engine: ``engine`` is its face, over
``board``, ``effects`` (damage, kills, rewards), ``states``, ``acts`` (an
actor's turn and its actions), ``rounds``, ``play`` and ``upkeep``);
``notation`` (the position form ``lueur-dc-combat/1`` in JSON and TOML:
``vocabulary_reader``, ``cards_reader``, ``prisoners``, ``board_reader``,
``checks``, ``position``, ``files``, and the ``bounds``); ``analyses`` (``resolve``: the trace; ``plan``: the exact
full-information optimum; ``odds``: exact chances of checks and reveals);
``present`` (the board as text and SVG, the per-round timeline). The reading
of the rules is docs/dead-cells.md. Nothing here imports another game.
"""
