"""Seeded hands bid by the sound model and played by the club player, for the card-play checks
(``bench/defence_check.py``, ``bench/play_regret.py``): every card with a choice, as the seat
sees it, in the order the hands are played. And ``expert_defence``: a hand played to its end with
the defenders' cards by the Expert's valuation, for the loner checks (``bench/loner_panel.py``,
``bench/loner_values.py``)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.analysis.sampler import BIDDING_PHASES
from engine.analysis.tables import table_for
from engine.core.hand import HandState, Phase, deal
from engine.core.rules import Rules
from engine.core.view import SeatView, view_of
from engine.players.club import ClubPlayer
from engine.search.seat_values import value_choices


def card_choices(rules: Rules, hands: int, seed: int) -> Iterator[tuple[int, SeatView]]:
    """(hand number, view) at every card with more than one legal choice in ``hands`` deals
    (deal ``h`` from ``random.Random(seed + h)``, dealer ``h % players``); the hand then goes on
    with the club player's card."""
    sound, club = table_for("sound", rules).player(), ClubPlayer()
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


def expert_defence(
    state: HandState, expert_deals: int = 0, seed: str = "", cards_only: bool = False
) -> HandState:
    """``state`` played to its end by the club player, or, with ``expert_deals``, each decision of
    a defender with a choice (only its cards with ``cards_only``; a dealer's discard too without)
    by the Expert's valuation on that many deals, seeded by ``seed`` and the trick and card."""
    club = ClubPlayer()
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        view = view_of(state, seat)
        expert = expert_deals and (state.phase is Phase.PLAY or not cards_only)
        if expert and not state.is_maker_side(seat) and len(view.legal) > 1:
            action = value_choices(
                view, expert_deals, seed=f"{seed}:{len(state.tricks)}:{len(state.trick)}"
            ).best
        else:
            action = club.act(view)
        state = state.apply(action)
    return state
