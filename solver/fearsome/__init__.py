"""Fearsome Floors (Finstere Flure, F. Friese 2003): a second game beside the Night Cage.

Inner layers, lowest first: ``board`` (geometry), ``rulings``, ``state`` (the
pieces and the position), ``moves`` (a pawn's moves), ``monster`` (the monster
phase), ``rounds`` (the tombstone piles, turns, the end), ``setups`` (layouts and
pawn sets) and ``notation`` (the JSON and drawn forms). The reading of the rules
is docs/fearsome-floors.md. Nothing here imports the Night Cage's rules.
"""
