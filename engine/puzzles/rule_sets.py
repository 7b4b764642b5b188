"""The rules the bank's puzzles are played under, each by the name a position text gives it.

A puzzle's ``preset`` is the rules part of its position text (``engine.core.position.rules_text``):
a preset's short name (``standard``, ``tournament``, ``british``, ``railroad``, ``two-handed``) or
the fields that differ from the standard rules (``deck=28``, ``deck=32``), so
``engine.core.position.parse_rules(puzzle.preset)`` gives its rules back. The bank covers the
four-player presets (the 24-card deck, stick the dealer, the joker, defending alone, the 28- and
32-card decks) and two-handed Euchre; not cutthroat (three players, no partner to play with).

>>> [name for name in BANK_RULES]
['standard', 'tournament', 'british', 'railroad', 'deck=28', 'deck=32', 'two-handed']
"""

from __future__ import annotations

from engine.core.position import rules_text
from engine.core.rules import PRESETS, Rules
from engine.core.seats import LEARNER

_RULES = (
    PRESETS["Standard (North America)"],
    PRESETS["Tournament (stick the dealer)"],
    PRESETS["British (25 cards, Benny)"],
    PRESETS["Railroad (defend alone)"],
    Rules(deck=28),
    Rules(deck=32),
    PRESETS["Two-handed"],
)
BANK_RULES: dict[str, Rules] = {rules_text(r): r for r in _RULES}

__all__ = ["BANK_RULES", "LEARNER"]
