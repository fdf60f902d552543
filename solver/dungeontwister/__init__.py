"""Dungeon Twister: The Card Game (C. Boelinger, Ludically 2013): a fourth game beside the Night Cage.

The source is a two-page French player aid; it gives the rules and the
catalogue but no room card, scenario or combat deck, so the dungeon is a zone
graph the user enters (ruling DT-GEOMETRY) and the hands are the user's.
Its layers, lowest first (an import-linter contract in pyproject.toml keeps
them, and keeps every other game out):

- ``model``: ``aid`` (the aid's lines, quoted and translated), ``catalogue``
  (the 25 characters and 10 objects), ``rulings``, ``board`` (the zone graph
  and its layout), ``state``, ``checks`` (across a position's fields),
  ``events``;
- ``rules``: ``sight``, ``movement``, ``duel`` (a combat as a card game),
  ``engagement`` (who fights with what value), ``scoring``, ``fights``,
  ``board_actions``, ``abilities``, ``actions`` (the notation), ``engine``
  (``legal_actions``, ``apply``), ``adjudicate``;
- ``notation``: ``fields``, ``geometry_json``, ``pieces_json`` and
  ``position_json`` (reading ``lueur-dt-position/1``), ``writing`` (JSON and
  TOML), ``files``, ``economy_json``;
- ``analysis``: ``matrix`` (zero-sum games solved exactly and certified),
  ``games``, ``odds`` (one combat), ``economy`` (a sequence of combats),
  ``reach``, ``threats``, ``turn_plan``;
- ``present``: ``layout``, ``svg``, ``text``;
- ``commands``: every command, once for every front end.

docs/dungeon-twister.md is the reading of the rules.
"""
