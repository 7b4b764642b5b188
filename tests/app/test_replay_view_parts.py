"""The replay viewer's table (ui.replay_view.felt) at every step of hands of every table size."""

from __future__ import annotations

import random

import pytest

from engine.core.hand import deal
from engine.core.rules import Rules
from practice.replay import replay
from ui.replay_view import felt


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(players=3),
        Rules(players=2),
        Rules(joker=True, defend_alone=True, stick_the_dealer=True),
    ],
    ids=["four", "three", "two", "joker-alone-stick"],
)
def test_every_step_of_a_hand_draws_every_seat(rules: Rules) -> None:
    for seed in range(4):
        rng = random.Random(seed)
        state = deal(rules, seed % rules.players, rng)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        r = replay(state)
        for i in range(len(r) + 1):
            shown = r.at(i)
            html = felt(shown, r.played(i), f"Step {i}")
            assert html.count("data-seat=") == rules.players
            assert ('class="ec-seat' in html) and ("ec-to-act" in html) == (shown.to_act is not None)
            # only the learner's cards face up when the hands are closed (a bid's retry)
            closed = felt(shown, r.played(i), "", open_hands=False)
            others = sum(len(shown.hands[s]) for s in range(1, rules.players))
            assert closed.count('data-card="back"') >= others
