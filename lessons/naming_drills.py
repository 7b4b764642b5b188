"""Exercises: the dealer who must name trump, under stick the dealer (``stick_dealer``) or with the
joker turned up (``joker_up``).

Both are judged as ``name_suit`` is, by its solver (``lessons.call_drills.solve_name_suit``): the hand analyzer's verdict at the
default table, on a fixed number of simulated deals, going alone folded into the suit ("name
hearts alone" answers "name hearts", and the verdict says so). A question is drawn from a deal
whose answer is clear (``lessons.balance.clear_answer``) and of the kind its seed wants
(``lessons.balance.wanted``), so no habit is right in most of the questions:

- ``stick_dealer``: tournament rules (stick the dealer). Everyone passed the upcard, it was turned
  down, and the three others passed again: the dealer may not pass and must call one of the other
  three suits. The seeds want the hand's longest suit (among the three), or another: calling the
  longest suit is right in nine questions of ten left alone.
- ``joker_up``: British rules (25 cards, the joker the Benny). The joker is turned up: no bidding,
  the dealer names any of the four suits and takes the joker. The seeds want the hand's longest
  suit, or another.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from functools import lru_cache

from engine.core.actions import PASS, Kind
from engine.core.cards import JOKER, Card, Suit, make_deck
from engine.core.hand import HandState, Phase, apply, deal, from_cards
from engine.core.ranking import effective_table, sort_hand
from engine.core.rules import PRESETS
from engine.core.seats import LEARNER
from engine.core.view import SeatView, view_of
from lessons.balance import drawn, wanted
from lessons.bid_drill import clear_verdict
from lessons.call_drills import MAX_DEALS, choice_words
from lessons.exercise_model import Answer, Exercise, Mode, Solution

STICK = PRESETS["Tournament (stick the dealer)"]
STUCK_DEALS = 400  # deals dealt for a stuck dealer's question (most skipped unanalysed by ``_split``)
BRITISH = PRESETS["British (25 cards, Benny)"]


def next_suit(down: Suit) -> Suit:
    """Next: the other suit of the turned-down card's colour."""
    return next(s for s in Suit if s != down and s.is_red == down.is_red)


def suit_counts(hand: tuple[Card, ...]) -> dict[Suit, int]:
    """How many of the hand's cards each suit would hold as trump (the bowers and the joker join it)."""
    return {s: sum(1 for c in hand if effective_table(s)[c] == s) for s in Suit}


def _suit(words: str) -> Suit:
    return next(s for s in Suit if s.noun == words.split()[-1])


def _longest_or_other(view: SeatView, words: str) -> str:
    """'longest' when the suit named is one the hand holds most of among the suits it may name."""
    counts = {s: n for s, n in suit_counts(view.hand).items() if s != view.turned_down}
    return "longest" if counts[_suit(words)] == max(counts.values()) else "other"


# ---- stick the dealer ------------------------------------------------------------------------------


def _stuck_state(seed: int, attempt: int) -> HandState:
    state = deal(STICK, LEARNER, random.Random(f"stick_dealer:{seed}:{attempt}"))
    while not (state.phase is Phase.BID2 and state.to_act == LEARNER):
        state = apply(state, PASS)
    return state


def _split(view: SeatView) -> bool:
    """A cheap filter when a suit other than the longest is wanted: a suit the dealer may call that
    is not the longest holds two cards or more with a bower among them (only a filter for asking:
    the analyzer decides)."""
    counts = {s: n for s, n in suit_counts(view.hand).items() if s != view.turned_down}
    longest = max(counts.values())
    return any(
        2 <= n < longest and any(c.is_jack and effective_table(s)[c] == s for c in view.hand)
        for s, n in counts.items()
    )


@lru_cache(maxsize=512)
def _stuck(seed: int) -> SeatView:
    """The first seeded deal whose answer is clear and is the hand's longest suit, or not, as the
    seed wants; failing that the first clear one, failing that the first."""
    want = wanted("stick_dealer", seed, ("longest", "other"))

    def views() -> Iterator[SeatView]:
        asked = 0
        for attempt in range(STUCK_DEALS):
            view = view_of(_stuck_state(seed, attempt), LEARNER)
            if want == "other" and asked and not _split(view):
                continue  # the cheap filter, once a first position is kept to fall back on
            if asked >= MAX_DEALS:
                return
            asked += 1
            yield view

    return drawn(views(), want, _longest_or_other_verdict, f"stick_dealer:{seed}")


def _longest_or_other_verdict(view: SeatView) -> str | None:
    got = clear_verdict(view, choice_words)
    return None if got is None else _longest_or_other(view, got)


def make_stick_dealer(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    return stick_dealer_exercise(_stuck(seed), seed)


def stick_dealer_exercise(view: SeatView, seed: int = 0) -> Exercise:
    """The question for South, the dealer, stuck in round 2 (a seeded position or one a test sets up)."""
    assert view.seat == LEARNER == view.dealer and view.phase is Phase.BID2 and view.rules.stick_the_dealer
    down = view.turned_down
    assert down is not None
    calls = tuple(choice_words(a) for a in view.legal if a.kind is Kind.CALL and not a.alone)
    return Exercise(
        kind="stick_dealer",
        seed=seed,
        mode=Mode.CHOICE,
        cards=sort_hand(view.hand),
        upcard=view.upcard,
        dealer=LEARNER,
        rules=view.rules,
        options=calls,
        prompt=(
            f"Stick the dealer. You are South, the dealer. Everyone passed the {view.upcard.short} and it "
            f"was turned down, so {down.noun} cannot be trump; West, North and East passed again. You may "
            "not pass: which suit do you call?"
        ),
        facts=("your seat: dealer", "round 2, stick the dealer"),
        view=view,
    )


# ---- the joker turned up ---------------------------------------------------------------------------


def _joker_state(seed: str) -> HandState:
    """A British deal with the joker turned up, South dealing: the other 24 cards shuffled and dealt
    as ``deal`` deals them (every such deal equally likely)."""
    cards = [c for c in make_deck(BRITISH.deck, True) if c != JOKER]
    random.Random(f"joker_up:{seed}").shuffle(cards)
    hands = [cards[5 * i : 5 * i + 5] for i in range(4)]
    return from_cards(BRITISH, LEARNER, hands, JOKER, cards[20:])


def _attempt(seed: int, attempt: int) -> SeatView:
    state = _joker_state(f"{seed}:{attempt}")
    assert state.phase is Phase.NAME and state.to_act == LEARNER
    return view_of(state, LEARNER)


@lru_cache(maxsize=512)
def _joker(seed: int) -> SeatView:
    views = (_attempt(seed, attempt) for attempt in range(MAX_DEALS))
    want = wanted("joker_up", seed, ("longest", "other"))
    return drawn(views, want, _longest_or_other_verdict, f"joker_up:{seed}")


def wrong_naming(ex: Exercise, answer: Answer, solution: Solution) -> str:
    return "Naming trump is a judgement call: open the analyzer to see every suit's figures."


def make_joker_up(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    return joker_up_exercise(_joker(seed), seed)


def joker_up_exercise(view: SeatView, seed: int = 0) -> Exercise:
    """The question for South, the dealer, with the joker turned up."""
    assert view.seat == LEARNER == view.dealer and view.phase is Phase.NAME
    names = tuple(choice_words(a) for a in view.legal if not a.alone)
    return Exercise(
        kind="joker_up",
        seed=seed,
        mode=Mode.CHOICE,
        cards=sort_hand(view.hand),
        upcard=view.upcard,
        dealer=LEARNER,
        rules=view.rules,
        options=names,
        prompt=(
            "British rules: 25 cards, the joker (the Benny) the highest trump. You are South, the dealer, "
            "and you turn up the joker: there is no bidding. You name trump, any of the four suits, and "
            "take the joker into your hand. Which suit do you name?"
        ),
        facts=("your seat: dealer", "the joker turned up"),
        view=view,
    )


__all__ = ["joker_up_exercise", "next_suit", "stick_dealer_exercise", "suit_counts"]
