"""The analyzer's question: a hand at a bidding decision, validated, and turned into a seat's view.

The learner always sits South (seat 0); ``seat`` says where that is relative to the
dealer: ``first`` (left of the dealer), ``second``, ``third`` or ``dealer`` with four
players; ``first``, ``second``, ``dealer`` with three; ``first`` (the non-dealer) and
``dealer`` with two. Every earlier bid in the question is a pass (otherwise there would
be nothing left to decide), so the passes are implied by the seat and round; when
given they are checked.

>>> q = question("JH JD AH KS 9C", "9H", "first")
>>> q.dealer, q.round
(3, 1)
>>> view = q.view()
>>> [str(a) for a in view.legal]
['pass', 'order', 'order alone']

A question is written down as its seat's view (``SeatView.to_text``, engine/core/seat_text.py),
the one text the Analyze page's links, the ``analyze`` command's ``--view`` and the lessons share:

>>> q.text
'standard/3/JH-JD-AH-KS-9C,?,?,?/9H'
>>> read_question("standard/0/?,?,JH-JD-AH-KS-9C,?/9H/pass") == question("JH JD AH KS 9C", "9H", "second")
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.core.actions import PASS, Action
from engine.core.cards import Card, Suit, make_deck, parse_cards
from engine.core.errors import EuchreError, quoted
from engine.core.hand import HandState, Phase, apply, from_cards
from engine.core.rules import Rules
from engine.core.seats import LEARNER
from engine.core.view import SeatView, view_of
from engine.io.numbers import MAX_DIGITS, NumberError, check_int
from engine.io.numbers import parse_score as read_score

MAX_SCORE = 10**MAX_DIGITS - 1  # any whole number reads; the target check says what is possible


class QuestionError(EuchreError):
    """A hand-analysis question that cannot happen (bad cards, seat, round, bids or score)."""


SEATS_BY_PLAYERS: dict[int, tuple[str, ...]] = {
    4: ("first", "second", "third", "dealer"),
    3: ("first", "second", "dealer"),
    2: ("first", "dealer"),
}


@dataclass(frozen=True, slots=True)
class Question:
    rules: Rules
    seat: str  # first / second / third / dealer
    hand: tuple[Card, ...]
    upcard: Card
    round: int  # 1 or 2 (a joker upcard: 1, the dealer names trump)
    score: tuple[int, int] | None  # (learner's side, the opponents' best), None if not given

    @property
    def position(self) -> int:
        """1 for the first seat left of the dealer ... players for the dealer."""
        return SEATS_BY_PLAYERS[self.rules.players].index(self.seat) + 1

    @property
    def dealer(self) -> int:
        return (LEARNER - self.position) % self.rules.players

    @property
    def turned_down(self) -> Suit | None:
        return self.upcard.suit if self.round == 2 else None

    @property
    def passes(self) -> int:
        """How many passes came before the learner's turn."""
        if self.upcard.is_joker:
            return 0  # no bidding: the dealer names trump at once
        before = self.position - 1
        return before + (self.rules.players if self.round == 2 else 0)

    def state(self, rng: random.Random | None = None) -> HandState:
        """A full hand at the learner's decision: the other hands are filler from ``rng``.

        The filler is never looked at by the analysis (it reads only ``view()``); it
        exists because the engine's states are whole deals.
        """
        rng = rng or random.Random(0)
        rest = [
            c for c in make_deck(self.rules.deck, self.rules.joker) if c not in self.hand and c != self.upcard
        ]
        rng.shuffle(rest)
        n = self.rules.players
        hands: list[list[Card]] = []
        for seat in range(n):
            hands.append(list(self.hand) if seat == LEARNER else [rest.pop() for _ in range(5)])
        state = from_cards(self.rules, self.dealer, hands, self.upcard, tuple(rest))
        for _ in range(self.passes):
            state = apply(state, PASS)
        assert state.to_act == LEARNER
        return state

    def view(self) -> SeatView:
        return view_of(self.state(), LEARNER)

    @property
    def text(self) -> str:
        """The question as its seat's view in one line (``read_question`` reads it back)."""
        return self.view().to_text()


_PHASE_WORDS = {
    Phase.BID1: "the first round of bidding",
    Phase.BID2: "the second round of bidding",
    Phase.NAME: "naming trump",
    Phase.DISCARD: "the dealer's discard",
    Phase.DEFEND: "the choice to defend alone",
    Phase.PLAY: "the play of the cards",
}


def question_of_view(view: SeatView, score: tuple[int, int] | None = None) -> Question:
    """The analyzer's question for a seat's view at a bidding decision (round 1, round 2, or the
    dealer naming trump under a joker), every bid before it a pass. Raises QuestionError."""
    if view.phase not in (Phase.BID1, Phase.BID2, Phase.NAME) or not view.my_turn:
        where = (
            "the hand is over"
            if view.to_act is None
            else f"seat {view.to_act} is to act ({_PHASE_WORDS[view.phase]})"
        )
        raise QuestionError(
            f"the analyzer answers the bid of the seat whose hand is written, at its turn; here {where}"
        )
    n = view.players
    seat = SEATS_BY_PLAYERS[n][(view.seat - view.dealer - 1) % n]
    round_ = 2 if view.phase is Phase.BID2 else 1
    return question(view.hand, view.upcard, seat, rules=view.rules, round=round_, score=score)


def read_question(text: str, score: str | tuple[int, int] | None = None) -> Question:
    """The question a seat's view text describes (``Question.text``). Raises QuestionError saying
    what is wrong with the text, or why it is not a bid the analyzer answers."""
    try:
        view = SeatView.from_text(text)
    except EuchreError as err:
        raise QuestionError(f"the question's text: {err}") from None
    q = question_of_view(view)
    return (
        q if score is None else question(q.hand, q.upcard, q.seat, rules=q.rules, round=q.round, score=score)
    )


def read_seat(text: str, players: int) -> str:
    """A seat's name as a person types it, in any case (``Dealer``, `` THIRD ``; ``non-dealer`` is
    ``first``), as the table of ``players`` has it; the one seat reader of the analyze command and
    the Analyze page. Raises QuestionError naming the seats there are.

    >>> read_seat(" Dealer", 4), read_seat("non-dealer", 2)
    ('dealer', 'first')
    >>> read_seat("third", 2)
    Traceback (most recent call last):
    ...
    engine.analysis.situation.QuestionError: seat 'third' is not possible with 2 players; use first or dealer (in any case)
    """
    seat = text.strip().lower() if isinstance(text, str) else ""
    if seat == "non-dealer":
        seat = "first"
    seats = SEATS_BY_PLAYERS[players]
    if seat not in seats:
        names = f"{', '.join(seats[:-1])} or {seats[-1]}"
        raise QuestionError(
            f"seat {quoted(text.strip() if isinstance(text, str) else text)} is not possible "
            f"with {players} players; use {names} (in any case)"
        )
    return seat


def parse_score(text: str, rules: Rules) -> tuple[int, int]:
    """'6,8' -> (6, 8): the learner's side first, both below the target (engine.io.numbers.parse_score,
    the one score reader: no signs, exactly two numbers, one comma)."""
    try:
        return read_score(text, rules.target)
    except NumberError as err:
        raise QuestionError(str(err)) from None


def _cards(hand: str | tuple[Card, ...], upcard: str | Card, rules: Rules) -> tuple[tuple[Card, ...], Card]:
    """The hand and the upcard, checked: five different cards of the rules' deck, the upcard not
    among them (a card named in a message with its suit symbol, as the pages show cards)."""
    cards = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
    if isinstance(upcard, str):
        ups = parse_cards(upcard)
        if len(ups) != 1:
            raise QuestionError(f"the upcard must be exactly one card, got {len(ups)} in {quoted(upcard)}")
        up = ups[0]
    else:
        up = upcard
    if len(cards) != 5:
        raise QuestionError(f"a hand has 5 cards; you gave {len(cards)}")
    dupes = sorted({c.short for c in cards if cards.count(c) > 1})
    if dupes:
        raise QuestionError(f"{', '.join(dupes)} appears twice in the hand; a deck has one of each card")
    if up in cards:
        raise QuestionError(f"the upcard {up.short} is also in your hand; it can only be in one place")
    deck = set(make_deck(rules.deck, rules.joker))
    for c in cards + (up,):
        if c not in deck:
            if c.is_joker:
                raise QuestionError("the joker is only in the deck with the joker rule (British Euchre)")
            lowest = {24: "9", 28: "8", 32: "7"}[rules.deck]
            raise QuestionError(f"{c.short} is not in the {rules.deck}-card deck (lowest rank: {lowest})")
    return cards, up


def _check_round(up: Card, seat: str, round: int, turned_down: str | Suit | None) -> None:
    """The round, a joker turned up (the dealer names trump in round 1) and round 2's turned-down suit."""
    if round not in (1, 2):
        raise QuestionError(f"round must be 1 or 2, got {quoted(round)}")
    if up.is_joker and (round != 1 or seat != "dealer"):
        raise QuestionError(
            "with the joker turned up there is no bidding: the dealer names trump, so the question "
            "needs seat 'dealer' and round 1"
        )
    if turned_down is None:
        return
    if round != 2:
        raise QuestionError("a turned-down suit only exists in round 2 (round 1 has an upcard)")
    try:
        suit = turned_down if isinstance(turned_down, Suit) else Suit.parse(turned_down)
    except EuchreError as err:
        raise QuestionError(f"the turned-down suit: {err}") from None
    if suit != up.suit:
        raise QuestionError(f"in round 2 the turned-down suit is the upcard's suit ({up.suit}), not {suit}")


def _score(score: str | tuple[int, int] | None, rules: Rules) -> tuple[int, int] | None:
    if score is None or isinstance(score, str):
        return None if score is None else parse_score(score, rules)
    try:
        us, them = (check_int(v, "a score", 0, MAX_SCORE) for v in score)
    except (NumberError, TypeError, ValueError):
        raise QuestionError(
            f"a score is two whole numbers from 0 to {rules.target - 1} (your side first)"
        ) from None
    return parse_score(f"{us},{them}", rules)


def _check_bids(q: Question, bids: str | tuple[Action, ...]) -> None:
    actions = _parse_bids(bids) if isinstance(bids, str) else bids
    if any(a != PASS for a in actions):
        raise QuestionError(
            "every bid before yours must be a pass (once someone makes trump the bidding is over)"
        )
    this_round = q.position - 1
    if len(actions) not in (this_round, q.passes):
        raise QuestionError(
            f"as {q.seat} in round {q.round}, {this_round} player(s) passed before you in this round, "
            f"but the bids list {len(actions)} pass(es)"
        )


def question(
    hand: str | tuple[Card, ...],
    upcard: str | Card,
    seat: str,
    *,
    rules: Rules | None = None,
    round: int = 1,
    turned_down: str | Suit | None = None,
    bids: str | tuple[Action, ...] | None = None,
    score: str | tuple[int, int] | None = None,
) -> Question:
    """Parse and validate a question. Raises QuestionError (or CardParseError) saying what is wrong."""
    rules = rules or Rules()
    cards, up = _cards(hand, upcard, rules)
    seat = read_seat(seat, rules.players)
    _check_round(up, seat, round, turned_down)
    q = Question(rules, seat, cards, up, round, _score(score, rules))
    if bids is not None:
        _check_bids(q, bids)
    return q


def _parse_bids(text: str) -> tuple[Action, ...]:
    words = [w.strip() for w in text.split(",") if w.strip()]
    try:
        return tuple(Action.parse(w) for w in words)
    except EuchreError as err:
        raise QuestionError(f"bids {quoted(text)}: {err}") from None
