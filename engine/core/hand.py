"""One hand of Euchre as an immutable state machine.

``deal`` makes the opening state; ``legal_actions(state)`` lists what the seat to
act may do; ``apply(state, action)`` returns the next state (or raises
IllegalAction, leaving the old state untouched, as every state is frozen).

Phases: BID1 (round 1 on the upcard) -> DISCARD (dealer takes the upcard) ->
[DEFEND (defend-alone declarations)] -> PLAY -> OVER; or BID1 -> BID2 (name a
suit) -> ...; or NAME (joker turned up: the dealer names trump) -> DISCARD.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from operator import attrgetter

from engine.core.actions import (
    DECLINE,
    DEFEND_ALONE,
    ORDER,
    ORDER_ALONE,
    PASS,
    PLAYS,
    Action,
    Kind,
    call,
    discard,
    name,
)
from engine.core.cards import Card, Suit, format_cards, make_deck
from engine.core.errors import DealError, IllegalAction, quoted
from engine.core.position import Position, PositionError
from engine.core.ranking import effective_table, trick_winner_index
from engine.core.rules import Rules
from engine.core.scoring import hand_points
from engine.core.seats import partner, same_side

HAND_SIZE = 5
TRICKS = 5


class Phase(StrEnum):
    BID1 = "bid1"
    NAME = "name"
    DISCARD = "discard"
    BID2 = "bid2"
    DEFEND = "defend"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, c in self.plays)


@dataclass(frozen=True, slots=True)
class HandState:
    """Everything about one hand. Seats are 0..players-1, clockwise."""

    rules: Rules
    dealer: int
    dealt: tuple[tuple[Card, ...], ...]  # the hands as dealt (for records and review)
    hands: tuple[tuple[Card, ...], ...]  # what each seat holds now
    upcard: Card
    kitty: tuple[Card, ...]  # face-down cards under the upcard
    phase: Phase
    to_act: int | None
    history: tuple[tuple[int, Action], ...] = ()
    trump: Suit | None = None
    maker: int | None = None
    alone: bool = False
    lone_defender: int | None = None
    out: tuple[int, ...] = ()  # seats sitting this hand out
    discarded: Card | None = None  # the dealer's discard (hidden from the others)
    upcard_taken: bool = False
    turned_down: Suit | None = None
    tricks: tuple[Trick, ...] = ()
    trick: tuple[tuple[int, Card], ...] = ()  # the trick in progress
    leader: int | None = None

    # ---- derived facts -------------------------------------------------
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def thrown_in(self) -> bool:
        """All passed twice without stick-the-dealer: nobody scores."""
        return self.phase is Phase.OVER and self.trump is None

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.rules.players

    def partner(self, seat: int) -> int | None:
        return partner(self.rules.players, seat)

    def next_active(self, seat: int) -> int:
        nxt = (seat + 1) % self.rules.players
        while nxt in self.out:
            nxt = (nxt + 1) % self.rules.players
        return nxt

    @property
    def active_seats(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.rules.players) if s not in self.out)

    @property
    def voids(self) -> tuple[frozenset[Suit], ...]:
        """The suits each seat has shown it lacks (``shown_voids``)."""
        return shown_voids(self.players, self.trump, self.tricks, self.trick)

    def is_maker_side(self, seat: int) -> bool:
        """True for the maker and (with partners) the maker's partner."""
        return on_maker_side(self.rules, self.maker, seat)

    @property
    def maker_tricks(self) -> int:
        return sum(1 for t in self.tricks if self.is_maker_side(t.winner))

    def tricks_won(self, seat: int) -> int:
        return sum(1 for t in self.tricks if t.winner == seat)

    @property
    def points(self) -> tuple[int, ...]:
        """Per seat: what that seat's side scored this hand (0s until the hand is over)."""
        n = self.rules.players
        if not self.is_over or self.maker is None:
            return (0,) * n
        makers, defenders = hand_points(n, self.maker_tricks, self.alone, self.lone_defender is not None)
        return tuple(makers if self.is_maker_side(s) else defenders for s in range(n))

    def legal_actions(self) -> tuple[Action, ...]:
        return legal_actions(self)

    def apply(self, action: Action | str) -> HandState:
        return apply(self, action)

    def to_position(self) -> Position:
        """The deal and the actions taken: what the position text holds (engine/core/position.py)."""
        return Position(
            self.rules, self.dealer, self.dealt, self.upcard, self.kitty, tuple(a for _, a in self.history)
        )

    def to_text(self) -> str:
        """This position as one line of text, like chess's FEN (the grammar: engine/core/position.py):
        the rules, the dealer, the hands as dealt, the upcard (and the kitty when it is not the
        rest of the deck in deck order) and the actions so far. One text per position;
        ``HandState.from_text`` gives back this very state.

        Raises PositionError for a state assembled field by field that replaying its deal and
        actions does not give (a lesson's or the analyzer's), rather than print a text that
        would mean another state.

        >>> from engine.core.cards import parse_cards
        >>> hands = [parse_cards("TH 9H AC KC QC"), parse_cards("JH JD AH KH QH")]
        >>> state = from_cards(Rules(players=2), 1, hands, Card.parse("9S"))
        >>> state = state.apply("pass").apply("pass").apply("call H")
        >>> state.to_text()
        'players=2/1/TH-9H-AC-KC-QC,JH-JD-AH-KH-QH/9S/pass,pass,call-H'
        >>> HandState.from_text(state.to_text()) == state
        True
        """
        position = self.to_position()
        try:
            same = from_position(position) == self
        except PositionError:
            same = False
        if not same:
            raise PositionError(
                "this state was not reached by applying its actions to its deal (it was assembled "
                "field by field), so no position text gives it back"
            )
        return str(position)

    @classmethod
    def from_text(cls, text: str) -> HandState:
        """The state a position text describes (``to_text``'s inverse). Raises PositionError saying
        what is wrong: the text, the deal, or the first illegal action and its number.

        >>> HandState.from_text("two-handed/1/TH-9H-AC-KC-QC,JH-JD-AH-KH-QH/9S/pass,call-H")
        Traceback (most recent call last):
        ...
        engine.core.position.PositionError: action 2 of 2: call H is not legal for seat 1 now; legal: pass, order
        """
        return from_position(Position.parse(text))

    def __str__(self) -> str:
        hands = " | ".join(format_cards(h) for h in self.hands)
        return f"HandState({self.phase.value}, dealer {self.dealer}, to act {self.to_act}, upcard {self.upcard}, hands {hands})"


_FIELD_NAMES = tuple(f.name for f in fields(HandState))
_all_fields = attrgetter(*_FIELD_NAMES)
_slot_setters = tuple(getattr(HandState, n).__set__ for n in _FIELD_NAMES)
_set = object.__setattr__


def replace(state: HandState, **changes: object) -> HandState:
    """A copy of ``state`` with some fields changed (a faster dataclasses.replace).

    Copies every slot, then overwrites the changed ones: the frozen dataclass's
    ``__init__`` is skipped, which is safe because the values come from a valid state.
    """
    new = object.__new__(HandState)
    for set_slot, value in zip(_slot_setters, _all_fields(state), strict=True):
        set_slot(new, value)
    for field_name, value in changes.items():
        _set(new, field_name, value)
    return new


def on_maker_side(rules: Rules, maker: int | None, seat: int) -> bool:
    """Is ``seat`` the maker or (with partners) the maker's partner? False before trump is made."""
    if maker is None:
        return False
    return same_side(rules.players, seat, maker)


# ---- dealing --------------------------------------------------------------


def deal(rules: Rules, dealer: int, rng: random.Random) -> HandState:
    """Shuffle with ``rng`` and deal 5 cards each in packets of 3 and 2 from the dealer's left."""
    if not 0 <= dealer < rules.players:
        raise DealError(f"dealer must be a seat 0..{rules.players - 1}, got {dealer}")
    cards = list(make_deck(rules.deck, rules.joker))
    rng.shuffle(cards)
    n = rules.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    pos = 0
    for first_pass in (True, False):
        for i in range(n):
            seat = (dealer + 1 + i) % n
            size = 3 if (i % 2 == 0) == first_pass else 2
            hands[seat].extend(cards[pos : pos + size])
            pos += size
    return _opening_state(rules, dealer, tuple(tuple(h) for h in hands), cards[pos], tuple(cards[pos + 1 :]))


def from_cards(
    rules: Rules,
    dealer: int,
    hands: Sequence[Sequence[Card]],
    upcard: Card,
    kitty: Sequence[Card] | None = None,
) -> HandState:
    """A hand from given cards (replay records, lessons, the analyzer). Validates the deal."""
    n = rules.players
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise DealError(f"dealer must be a seat 0..{n - 1}, got {quoted(dealer)}")
    if len(hands) != n:
        raise DealError(f"{n} players need {n} hands, got {len(hands)}")
    deck = set(make_deck(rules.deck, rules.joker))
    seen: set[Card] = set()
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise DealError(f"seat {seat} holds {len(hand)} cards; every hand has {HAND_SIZE}")
    everything = [c for h in hands for c in h] + [upcard] + list(kitty or ())
    for card in everything:
        if card in seen:
            where = "the upcard is also in a hand" if card == upcard else "a card appears twice"
            raise DealError(f"{card} is dealt twice ({where})")
        seen.add(card)
        if card not in deck:
            if card.is_joker:
                raise DealError("the joker is only in the deck with the joker rule (joker: true)")
            raise DealError(f"{card} is not in the {rules.deck}-card deck")
    if kitty is None:
        kitty = tuple(c for c in make_deck(rules.deck, rules.joker) if c not in seen)
    elif len(seen) != len(deck):
        raise DealError(f"the deal uses {len(seen)} cards but the deck has {len(deck)}")
    return _opening_state(rules, dealer, tuple(tuple(h) for h in hands), upcard, tuple(kitty))


def from_position(position: Position) -> HandState:
    """Deal a position's cards and apply its actions. Raises PositionError: an impossible deal,
    or an illegal action (the message numbers it from 1; ``step`` counts from 0)."""
    try:
        state = from_cards(position.rules, position.dealer, position.hands, position.upcard, position.kitty)
    except DealError as err:
        raise PositionError(f"the deal cannot happen: {err}") from err
    count = len(position.actions)
    for step, action in enumerate(position.actions):
        try:
            state = apply(state, action)
        except IllegalAction as err:
            raise PositionError(f"action {step + 1} of {count}: {err}", step) from err
    return state


def _opening_state(
    rules: Rules, dealer: int, hands: tuple[tuple[Card, ...], ...], upcard: Card, kitty: tuple[Card, ...]
) -> HandState:
    first = (dealer + 1) % rules.players
    if upcard.is_joker:
        phase, to_act = Phase.NAME, dealer
    else:
        phase, to_act = Phase.BID1, first
    return HandState(
        rules=rules,
        dealer=dealer,
        dealt=hands,
        hands=hands,
        upcard=upcard,
        kitty=kitty,
        phase=phase,
        to_act=to_act,
    )


# ---- legal actions ---------------------------------------------------------

_SUITS = tuple(Suit)


def shown_voids(
    players: int, trump: Suit | None, tricks: Sequence[Trick], trick: Sequence[tuple[int, Card]]
) -> tuple[frozenset[Suit], ...]:
    """The (effective) suits each seat has shown it lacks: it did not follow the suit led, in a
    finished trick or the one on the table. Public: the state's and every seat's view's
    (``HandState.voids``, ``SeatView.voids``), and what the compiled players read
    (``encoding.S_SHOWN``, worked out from the same property)."""
    voids: list[set[Suit]] = [set() for _ in range(players)]
    if trump is not None:
        eff = effective_table(trump)
        for plays in [t.plays for t in tricks] + ([tuple(trick)] if trick else []):
            led = eff[plays[0][1]]
            for seat, card in plays[1:]:
                if eff[card] != led:
                    voids[seat].add(led)
    return tuple(frozenset(v) for v in voids)


def winning_play(trick: Sequence[tuple[int, Card]], trump: Suit) -> tuple[int, Card]:
    """The (seat, card) winning the trick so far (``trick`` in play order, not empty)."""
    return trick[trick_winner_index([c for _, c in trick], trump)]


def legal_actions(state: HandState) -> tuple[Action, ...]:  # noqa: C901 (older than the complexity rule: to split)
    """Every legal action for the seat to act, in a stable order; () when the hand is over."""
    phase = state.phase
    seat = state.to_act
    if phase is Phase.PLAY:
        assert seat is not None and state.trump is not None
        hand = state.hands[seat]
        if state.trick:
            eff = effective_table(state.trump)
            led = eff[state.trick[0][1]]
            follow = tuple(PLAYS[c] for c in hand if eff[c] == led)
            if follow:
                return follow
        return tuple(PLAYS[c] for c in hand)
    alone_ok = state.rules.can_go_alone
    if phase is Phase.BID1:
        return (PASS, ORDER, ORDER_ALONE) if alone_ok else (PASS, ORDER)
    if phase is Phase.BID2:
        must_call = state.rules.stick_the_dealer and seat == state.dealer
        out: list[Action] = [] if must_call else [PASS]
        for s in _SUITS:
            if s != state.turned_down:
                out.append(call(s))
                if alone_ok:
                    out.append(call(s, alone=True))
        return tuple(out)
    if phase is Phase.DISCARD:
        assert seat is not None
        options = [discard(c) for c in state.hands[seat]]
        if state.rules.discard_upcard:
            options.append(discard(state.upcard))
        if state.rules.optional_pickup and not state.upcard.is_joker:
            options.append(DECLINE)
        return tuple(options)
    if phase is Phase.NAME:
        out = []
        for s in _SUITS:
            out.append(name(s))
            if alone_ok:
                out.append(name(s, alone=True))
        return tuple(out)
    if phase is Phase.DEFEND:
        return (PASS, DEFEND_ALONE)
    return ()


# ---- transitions -----------------------------------------------------------


def apply(state: HandState, action: Action | str) -> HandState:  # noqa: C901 (older than the complexity rule: to split)
    """The state after ``action``. Raises IllegalAction (listing the legal actions) if not legal."""
    if isinstance(action, str):
        action = Action.parse(action)
    if action.kind is Kind.PLAY and _may_play(state, action.card):
        assert state.to_act is not None
        return _play(state, state.to_act, action, state.history + ((state.to_act, action),))
    legal = legal_actions(state)
    if action not in legal:
        if state.is_over:
            raise IllegalAction(f"the hand is over; {action} is not possible", legal)
        listed = ", ".join(str(a) for a in legal)
        raise IllegalAction(f"{action} is not legal for seat {state.to_act} now; legal: {listed}", legal)
    seat = state.to_act
    assert seat is not None
    history = state.history + ((seat, action),)
    kind = action.kind
    if kind is Kind.PLAY:
        return _play(state, seat, action, history)
    if state.phase is Phase.BID1:
        if kind is Kind.PASS:
            if seat == state.dealer:
                assert state.upcard.suit is not None
                return replace(
                    state,
                    history=history,
                    phase=Phase.BID2,
                    to_act=state.left_of(seat),
                    turned_down=state.upcard.suit,
                )
            return replace(state, history=history, to_act=state.left_of(seat))
        # order / order alone: the upcard's suit is trump
        trump = state.upcard.suit
        made = _make(state, seat, trump, action.alone, history)
        if action.alone and made.partner(seat) == state.dealer:
            return _after_trump(made)  # the dealer sits out and does not pick up
        return replace(made, phase=Phase.DISCARD, to_act=state.dealer)
    if state.phase is Phase.BID2:
        if kind is Kind.PASS:
            if seat == state.dealer:
                return replace(state, history=history, phase=Phase.OVER, to_act=None)
            return replace(state, history=history, to_act=state.left_of(seat))
        return _after_trump(_make(state, seat, action.suit, action.alone, history))
    if state.phase is Phase.NAME:
        made = _make(state, seat, action.suit, action.alone, history)
        return replace(made, phase=Phase.DISCARD, to_act=state.dealer)
    if state.phase is Phase.DISCARD:
        if kind is Kind.DECLINE:
            return _after_trump(replace(state, history=history))
        card = action.card
        assert card is not None
        hand = state.hands[seat]
        if card != state.upcard:
            hand = tuple(state.upcard if c == card else c for c in hand)
        hands = _with_hand(state.hands, seat, hand)
        return _after_trump(replace(state, history=history, hands=hands, discarded=card, upcard_taken=True))
    if state.phase is Phase.DEFEND:
        assert state.maker is not None
        if kind is Kind.DEFEND_ALONE:
            partner = state.partner(seat)
            assert partner is not None
            return _start_play(
                replace(state, history=history, lone_defender=seat, out=state.out + (partner,))
            )
        other = (state.maker + 3) % 4
        if seat != other:
            return replace(state, history=history, to_act=other)
        return _start_play(replace(state, history=history))
    raise AssertionError(f"unhandled phase {state.phase}")  # pragma: no cover


def _may_play(state: HandState, card: Card | None) -> bool:
    """Whether the seat to act may play ``card`` now (the rule of ``legal_actions``, without
    building the list): it is in the hand, and it follows the led suit or the seat cannot."""
    if state.phase is not Phase.PLAY or state.to_act is None or state.trump is None:
        return False
    hand = state.hands[state.to_act]
    if card not in hand:
        return False
    if not state.trick:
        return True
    eff = effective_table(state.trump)
    led = eff[state.trick[0][1]]
    return eff[card] == led or all(eff[c] != led for c in hand)


def _with_hand(
    hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return hands[:seat] + (hand,) + hands[seat + 1 :]


def _make(
    state: HandState,
    seat: int,
    trump: Suit | None,
    alone: bool,
    history: tuple[tuple[int, Action], ...],
) -> HandState:
    out: tuple[int, ...] = ()
    if alone:
        partner = state.partner(seat)
        assert partner is not None
        out = (partner,)
    return replace(state, history=history, trump=trump, maker=seat, alone=alone, out=out)


def _after_trump(state: HandState) -> HandState:
    """After trump is made and any discard: defend-alone declarations, or the first lead."""
    if state.alone and state.rules.defend_alone:
        assert state.maker is not None
        return replace(state, phase=Phase.DEFEND, to_act=(state.maker + 1) % 4)
    return _start_play(state)


def _opening_leader(state: HandState) -> int:
    """Who leads the first trick once trump is made, with the seats sitting out as they are now."""
    if state.alone and state.rules.lone_lead == "left_of_loner":
        assert state.maker is not None
        return state.next_active(state.maker)
    return state.next_active(state.dealer)


def first_leader(state: HandState) -> int | None:
    """The seat that leads (or led) the first trick, when it is settled: once play has begun, or
    while the dealer discards or a defender decides on going alone, when no declaration still to
    come can change it (a defender going alone sits their partner out, and the lead passes over a
    seat sitting out). None before trump is made, in a hand thrown in, or while it is open."""
    if state.tricks:
        return state.tricks[0].leader
    if state.trump is None:
        return None
    if state.phase is Phase.PLAY:
        return state.leader
    leader = _opening_leader(state)
    mate = state.partner(leader)
    if mate is not None and mate in _defenders_to_decide(state):
        return None  # that partner may still defend alone, which would sit the leader out
    return leader


def _defenders_to_decide(state: HandState) -> tuple[int, ...]:
    """The defenders who have yet to say whether they defend alone against a lone maker (the one
    to the maker's left first, then the one to the right); none under rules without it."""
    if not (state.alone and state.rules.defend_alone) or state.lone_defender is not None:
        return ()
    assert state.maker is not None
    left, right = (state.maker + 1) % 4, (state.maker + 3) % 4
    if state.phase is Phase.DISCARD:
        return (left, right)
    if state.phase is Phase.DEFEND:
        return (left, right) if state.to_act == left else (right,)
    return ()


def _start_play(state: HandState) -> HandState:
    leader = _opening_leader(state)
    return replace(state, phase=Phase.PLAY, to_act=leader, leader=leader)


def _play(state: HandState, seat: int, action: Action, history: tuple[tuple[int, Action], ...]) -> HandState:
    card = action.card
    assert card is not None and state.trump is not None
    held = state.hands[seat]
    i = held.index(card)
    hands = _with_hand(state.hands, seat, held[:i] + held[i + 1 :])
    trick = state.trick + ((seat, card),)
    if len(trick) < state.rules.players - len(state.out):
        return replace(state, history=history, hands=hands, trick=trick, to_act=state.next_active(seat))
    winner = trick[trick_winner_index([c for _, c in trick], state.trump)][0]
    assert state.leader is not None
    tricks = state.tricks + (Trick(state.leader, trick, winner),)
    if len(tricks) == TRICKS:
        return replace(
            state,
            history=history,
            hands=hands,
            trick=(),
            tricks=tricks,
            phase=Phase.OVER,
            to_act=None,
            leader=None,
        )
    return replace(state, history=history, hands=hands, trick=(), tricks=tricks, to_act=winner, leader=winner)
