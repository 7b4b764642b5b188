"""Euchre Coach's rules engine: pure Python, no Streamlit.

>>> import random
>>> state = deal(Rules(), dealer=0, rng=random.Random(7))
>>> [str(a) for a in legal_actions(state)]
['pass', 'order', 'order alone']
"""

from engine.core.actions import Action, Kind, parse_action
from engine.core.cards import JOKER, Card, Suit, format_cards, make_deck, parse_card, parse_cards
from engine.core.errors import (
    ActionParseError,
    CardParseError,
    DealError,
    EuchreError,
    IllegalAction,
    RulesError,
)
from engine.core.game import GameState, apply_game, new_game, next_hand
from engine.core.hand import HandState, Phase, Trick, apply, deal, from_cards, legal_actions
from engine.core.rules import PRESETS, Rules
from engine.core.view import SeatView, view_of

__all__ = [
    "JOKER",
    "Action",
    "ActionParseError",
    "Card",
    "CardParseError",
    "DealError",
    "EuchreError",
    "GameState",
    "HandState",
    "IllegalAction",
    "Kind",
    "PRESETS",
    "Phase",
    "Rules",
    "RulesError",
    "SeatView",
    "Suit",
    "Trick",
    "apply",
    "apply_game",
    "deal",
    "format_cards",
    "from_cards",
    "legal_actions",
    "make_deck",
    "new_game",
    "next_hand",
    "parse_action",
    "parse_card",
    "parse_cards",
    "view_of",
]
