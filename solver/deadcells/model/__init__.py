"""The game's vocabulary and data: rounds, spaces, states, actions, cards, the combat position, the rulebook's lines."""
