"""Fearsome Floors (Finstere Flure, F. Friese 2003): a second game beside the Night Cage.

Inner modules, lowest first: ``board`` (geometry), ``rulings``, ``state`` (the
pieces and the position), ``floor`` (where a pushed thing comes to rest),
``turns`` (the pawn phase's order and the winner), ``moves`` (a pawn's moves),
``monster`` (the monster phase), ``rounds`` (the tombstone piles and the end),
``setups`` (layouts and pawn sets), ``notation`` (the JSON form),
``files`` (reading a position or a scenario file), ``status`` (the state in
words), ``drawing`` (the board as text). On top, the analyses: ``forecast``
(the next monster phase, tile by tile), ``safe_moves`` (a pawn's moves ranked
by danger) and ``race`` (the fewest pawn phases to get out); and the picture:
``svg_pieces``, ``svg_paths`` (the monster's paths), ``svg_panel`` and ``svg``
(the whole SVG, ``board_svg``). The reading of the rules is
docs/fearsome-floors.md. Nothing here imports the Night Cage's rules.
"""
