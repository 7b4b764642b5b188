"""Seeded hands bid by the sound model and played by the club player, for the card-play checks
(``bench/defence_check.py``, ``bench/play_regret.py``): every card with a choice, as the seat
sees it, in the order the hands are played."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.analysis.sampler import BIDDING_PHASES
from engine.analysis.tables import opponents
from engine.core.hand import Phase, deal
from engine.core.rules import Rules
from engine.core.view import SeatView, view_of
from engine.players.club import ClubPlayer


def card_choices(rules: Rules, hands: int, seed: int) -> Iterator[tuple[int, SeatView]]:
    """(hand number, view) at every card with more than one legal choice in ``hands`` deals
    (deal ``h`` from ``random.Random(seed + h)``, dealer ``h % players``); the hand then goes on
    with the club player's card."""
    sound, club = opponents("sound", rules), ClubPlayer()
    for h in range(hands):
        rng = random.Random(seed + h)
        state = deal(rules, h % rules.players, rng)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = view_of(state, seat)
            if view.phase in BIDDING_PHASES:
                action = sound.decide(view, rng).action
            else:
                if state.phase is Phase.PLAY and len(view.legal) > 1:
                    yield h, view
                action = club.decide(view, rng).action
            state = state.apply(action)
