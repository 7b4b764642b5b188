"""Exercise: the dealer's discard (``discard``). Tap the card to discard after picking up.

The learner is the dealer (South). A seeded deal is bid by the club player at every seat until
the upcard's suit is made trump in round 1 and the dealer takes it up (seed *s* tries the deals
seeded ``discard:s:0``, ``discard:s:1``, ... in turn). The learner then holds five cards plus the
upcard, which stays (the standard rules), and discards one of the five. Judged from the seat
(``lessons.seat_judge``): every discard valued over layouts of the hidden cards that fit what the
dealer has seen and the bidding; a deal is asked only when one discard is clearly the best. Each
seed wants the weakest card, or another, as the answer (``lessons.balance.wanted``), so "always
discard your lowest card" is right in about half of the questions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import lru_cache

from engine.core.action_words import Tense, order_up
from engine.core.hand import HandState, Phase, apply, deal
from engine.core.ranking import sort_hand
from engine.core.rules import Rules
from engine.core.seats import LEARNER
from engine.core.view import SeatView, view_of
from engine.players.club import ClubPlayer
from lessons.balance import wanted
from lessons.exercise_model import Exercise, Mode, Solution, trump_intro
from lessons.play_drill import who
from lessons.seat_judge import card_solution, weakest_or_other, worth_asking

MAX_ATTEMPTS = 400  # deals tried for one seed (a pick-up comes within a few; never reached)
WANT_TRIES = 12  # positions worth asking looked at for the answer the seed wants


def _bid(seed: int, attempt: int) -> HandState:
    """The deal bid by the club player at every seat, up to the dealer's discard (or past it)."""
    rng = random.Random(f"discard:{seed}:{attempt}")
    state = deal(Rules(), LEARNER, rng)
    club = ClubPlayer()
    while state.phase in (Phase.BID1, Phase.BID2):
        seat = state.to_act
        assert seat is not None
        state = apply(state, club.decide(view_of(state, seat), rng).action)
    return state


@lru_cache(maxsize=1024)
def _position(seed: int) -> SeatView:
    """The first position worth asking whose answer is the weakest card, or another card, as the
    seed wants (``wanted``: each in half of the seeds); failing that within ``WANT_TRIES``
    positions worth asking, the first of them."""
    want = wanted("discard", seed, ("weakest", "other"))
    first: SeatView | None = None
    tried = 0
    for attempt in range(MAX_ATTEMPTS):
        state = _bid(seed, attempt)
        if state.phase is Phase.DISCARD and state.to_act == LEARNER:
            view = view_of(state, LEARNER)
            if worth_asking(view):
                if weakest_or_other(view) == want:
                    return view
                first = first or view
                tried += 1
                if tried >= WANT_TRIES:
                    return first
    if first is not None:  # pragma: no cover - the wanted answer turns up within a few positions
        return first
    raise RuntimeError(f"no discard question in {MAX_ATTEMPTS} deals of seed {seed}")  # pragma: no cover


def story(view: SeatView) -> str:
    """Who took trump, from the dealer's chair."""
    assert view.maker is not None and view.trump is not None
    up, alone = view.upcard.short, " alone" if view.alone else ""
    if view.maker == LEARNER:
        text = f"You deal and {order_up(dealer=True, upcard=f'the {up}')}{alone}"
        if view.alone:
            text += "; your partner North sits out"
    else:
        text = f"You deal; {who(view, view.maker)} {order_up(Tense.PRESENT, upcard=f'the {up}')}{alone}"
        if view.alone:
            text += f" ({who(view, (view.maker + 2) % 4)} sits out)"
    return f"{text}. {trump_intro(view.trump)}"


def make_discard(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    return discard_exercise(_position(seed), seed)


def discard_exercise(view: SeatView, seed: int = 0) -> Exercise:
    """The question for South, the dealer, about to discard (a seeded position or one a test sets up)."""
    assert view.seat == LEARNER == view.dealer and view.phase is Phase.DISCARD and view.trump is not None
    return Exercise(
        kind="discard",
        seed=seed,
        mode=Mode.PICK_CARD,
        prompt=(
            f"{story(view)} The {view.upcard.short} joins your hand and stays: tap the card you discard."
        ),
        cards=sort_hand(view.hand, view.trump),
        trump=view.trump,
        upcard=view.upcard,
        dealer=LEARNER,
        seat=LEARNER,
        rules=view.rules,
        view=view,
        class_prompt=f"{story(view)} Which card do you discard?",
    )


def solve_discard(ex: Exercise) -> Solution:
    assert ex.view is not None
    return card_solution(ex.view, "discarding")
