"""Dungeon Twister: The Card Game (C. Boelinger, Ludically 2013): a third game beside the Night Cage.

The source is a two-page French player aid; it gives the rules and the
catalogue but no room card, scenario or combat deck, so the dungeon is a zone
graph the user enters (ruling DT-GEOMETRY) and the decks are the user's.
Inner modules, lowest first: ``aid`` (the aid's lines, quoted and
translated), ``catalogue`` (the 25 characters and 10 objects), ``rulings``,
``board`` (the zone graph and its layout), ``state``, ``checks`` (the checks
across a position's fields), ``notation`` (reading ``lueur-dt-position/1``),
``writing`` (JSON and TOML), ``files``; the rules: ``events``, ``sight``,
``movement``, ``duel`` (a combat as a card game), ``matrix`` (zero-sum games
solved exactly), ``engagement`` (who fights, with what value), ``scoring``,
``fights``, ``board_actions``, ``abilities``, ``actions`` (the notation) and
``engine`` (``legal_actions``, ``apply``); the analyses: ``odds`` (one
combat), ``economy`` (a sequence of combats), ``reach``, ``threats`` and
``turn_plan``; the picture: ``svg``. docs/dungeon-twister.md is the reading
of the rules. Nothing here imports another game.
"""
