"""The documented bounds of a combat position, checked before any work (docs/dead-cells.md lists them).

A position past a bound is refused with the bound named; the engine and the
planner then never meet a size they were not measured on.
"""

from __future__ import annotations

import re

MAX_FILE_BYTES = 1 << 20
"""A position file is a few kilobytes; more than a mebibyte is refused unread."""
MAX_CARDS = 200
"""Cards a position may define (every card of a combat, its decks and equipment included)."""
MAX_ACTIONS = 6
"""Actions on one line of a card (or in one effect)."""
MAX_AMOUNT = 9
"""Damage, shields, healing or skill activations of one action."""
MAX_TARGETS = 4
MAX_PRISONER_HEALTH = 12
MAX_ENEMY_HEALTH = 40
MAX_STAGES = 4
MAX_HAND = 10
MAX_DECK = 60
MAX_EQUIPMENT = 6
MAX_SKILLS = 10
MAX_LOOT = 99
MAX_SCROLL = 20
MAX_MANCHE = 99
MAX_CHOICES = 5000
"""Choices a position may carry (a boss fight of many manches stays far below)."""
STATE_TOKENS = 6
"""The box holds 6 tokens of each state (p. 2): no more can lie on the board."""
SHIELD_TOKENS = 12
DAMAGE_TOKENS = 30
MAX_PLAN_PRISONERS = 4
MAX_PLAN_ENEMIES = 4

IDENT = re.compile(r"^\w[\w.'-]{0,39}$")
"""A card id or a prisoner's name: one word (letters, digits, ``_ . ' -``), at most 40 characters, so that a
choice (``to Diane``, ``play Diane st-04``) names it without quoting."""
