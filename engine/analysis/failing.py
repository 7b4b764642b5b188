"""A concrete deal where an option goes wrong: "show me a deal where this fails"."""

from __future__ import annotations

import random

from engine.analysis.bidding import apply_option
from engine.analysis.finish import advance, outcome_of
from engine.analysis.sampler import sample_state
from engine.analysis.tables import Table
from engine.core.actions import Action
from engine.core.cards import Card
from engine.core.hand import HandState
from engine.core.view import SeatView


def failing_deal(
    view: SeatView, action: Action, discard: Card | None, table: Table, rng: random.Random, tries: int = 300
) -> tuple[HandState, HandState] | None:
    """(the deal at the decision, the finished hand) for a sampled deal where taking
    ``action`` loses points for the learner's side at ``table`` (its bidding, club card play);
    the worst found of ``tries`` deals, or None when it never loses."""
    others = table.player()  # stepped through each deal in Python
    worst: tuple[int, HandState, HandState] | None = None
    for _ in range(tries):
        state = sample_state(view, rng, bidder=others)
        seed = rng.getrandbits(32)
        end = advance(apply_option(state, action, discard), others, random.Random(seed), until_play=False)
        net = outcome_of(end, view.seat).net
        if net < 0 and (worst is None or net < worst[0]):
            worst = (net, state, end)
            if net <= -2:
                break
    return None if worst is None else (worst[1], worst[2])
