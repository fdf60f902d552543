"""Pictures and words for a combat: the board as text and as SVG, a resolved combat's per-round timeline."""
