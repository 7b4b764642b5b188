"""One seat's view of a hand as one line of text: the position grammar with the hidden cards as ``?``.

``SeatView.to_text()`` prints it and ``SeatView.from_text(text)`` reads it back
(engine/core/view.py); this module holds both. It is the one way to write down a seat's
question, a decision of one seat with only what that seat can know: the Analyze page's link, the
``analyze`` command's ``--view``, the lessons' links and the class's typed questions.

Grammar: a position text (engine/core/position.py) where only the seat's own hand is written::

    view    = rules "/" dealer "/" hands "/" upcard [ "/" actions ]
    hands   = one hand of five cards (the seat's, as dealt) and "?" for every other seat
    actions = as in a position; the dealer's discard is "discard-?" for every seat but the dealer

There is no kitty (no seat sees it). The cards the other seats play are in the actions, so the
text says everything the seat has seen: the bids, the upcard's fate and every card played.

Reading replays the actions with the engine's rules (``engine.core.hand.apply``), so a text is
read only if some deal of the hidden cards gives exactly these actions: every card played by a
hidden seat is a card that seat can hold (not in the seat's hand, not played twice, not the
turned-down upcard, not a suit it has shown out of), and the unseen cards left can fill the
hidden hands without giving any seat a suit it has shown out of. The message says what is wrong
and never names a hidden card the text did not.

>>> from engine.core.view import SeatView
>>> view = SeatView.from_text("standard/3/JH-JD-AH-AS-9C,?,?,?/9H")
>>> view.seat, view.dealer, [str(a) for a in view.legal]
(0, 3, ['pass', 'order', 'order alone'])
>>> view = SeatView.from_text("standard/3/JH-JD-AH-AS-9C,?,?,?/9H/order-alone,discard-?,play-JH,play-QH")
>>> view.to_act, view.trick, view.hand_sizes, view.out
(3, ((0, Card.parse('JH')), (1, Card.parse('QH'))), (4, 4, 5, 5), (2,))
>>> view.to_text()  # canonical: the cards held in order, then the cards played
'standard/3/JD-AH-AS-9C-JH,?,?,?/9H/order-alone,discard-?,play-JH,play-QH'
>>> SeatView.from_text(view.to_text()) == view
True
>>> SeatView.from_text("standard/3/JH-JD-AH-AS-9C,?,?,?/9H/order-alone,discard-?,play-JH,play-QH,play-QH")
Traceback (most recent call last):
...
engine.core.position.PositionError: action 5 of 5: seat 3 cannot play the Q♥: it was played at action 4
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations
from typing import Protocol

from engine.core.actions import Action, Kind, discard
from engine.core.cards import Card, Suit, make_deck
from engine.core.errors import DealError, IllegalAction, quoted
from engine.core.hand import HandState, Phase, Trick, apply, from_cards
from engine.core.position import (
    MAX_TEXT,
    PositionError,
    parse_rules,
    read_actions,
    read_cards,
    read_dealer,
    rules_text,
)
from engine.core.ranking import effective_suit
from engine.core.rules import Rules

HIDDEN = "?"
HIDDEN_DISCARD = Action(Kind.DISCARD)  # "the dealer discarded a card" without the card (as a view holds it)
ACCEPTED = (
    "a seat's view is RULES/DEALER/HANDS/UPCARD[/ACTIONS] with one seat's five cards and '?' for "
    "every other hand, like 'standard/3/JH-JD-AH-AS-9C,?,?,?/9H/pass'"
)
_ACTIONS = (
    "an action is pass, order, order-alone, call-H, call-H-alone, discard-9C (discard-? when the "
    "seat is not the dealer), decline, defend-alone, name-H, name-H-alone or play-JH"
)


# ---- writing -----------------------------------------------------------------------------------


class Seen(Protocol):
    """What writing a view reads of ``engine.core.view.SeatView`` (this module imports no view:
    the view's ``to_text`` and ``from_text`` import this module)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def seat(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def upcard(self) -> Card: ...
    @property
    def discarded(self) -> Card | None: ...
    @property
    def history(self) -> tuple[tuple[int, Action], ...]: ...
    @property
    def tricks(self) -> Sequence[Trick]: ...
    @property
    def trick(self) -> tuple[tuple[int, Card], ...]: ...


def view_text(view: Seen) -> str:
    """The view as one line (the module's grammar); ``parse_view`` gives back an equal view for
    every view the engine deals (``view_of`` of a state reached by play)."""
    hands = [
        "-".join(str(c) for c in _dealt(view)) if s == view.seat else HIDDEN for s in range(view.players)
    ]
    parts = [rules_text(view.rules), str(view.dealer), ",".join(hands), str(view.upcard)]
    if view.history:
        parts.append(",".join(_action_text(a) for _, a in view.history))
    return "/".join(parts)


def _action_text(action: Action) -> str:
    if action == HIDDEN_DISCARD:
        return "discard-" + HIDDEN
    return str(action).replace(" ", "-")


def _dealt(view: Seen) -> tuple[Card, ...]:
    """The seat's hand as dealt, in an order that replays to its hand now: the cards it holds (the
    upcard back as the card it replaced), then the cards it played."""
    played = tuple(c for t in view.tricks for s, c in t.plays if s == view.seat)
    played += tuple(c for s, c in view.trick if s == view.seat)
    cards = view.hand + played
    swapped = view.seat == view.dealer and view.discarded is not None and view.discarded != view.upcard
    if swapped:
        cards = tuple(view.discarded if c == view.upcard else c for c in cards)  # type: ignore[misc]
    return cards


# ---- reading -----------------------------------------------------------------------------------


def replay_view(text: str) -> tuple[HandState, int]:
    """The state a view's text describes and the seat whose view it is (``view_of`` of the two is
    ``view_text``'s inverse; the hidden hands of the state are placeholders, see ``_replay``).
    Raises PositionError saying what is wrong: the text, the deal, or the first action no deal of
    the hidden cards allows."""
    if not isinstance(text, str):
        raise PositionError(f"a seat's view is text, got {quoted(text)}; {ACCEPTED}")
    if len(text) > MAX_TEXT:
        raise PositionError(f"a seat's view is at most {MAX_TEXT:,} characters; this one has {len(text):,}")
    parts = [part.strip() for part in text.strip().split("/")]
    if len(parts) not in (4, 5):
        raise PositionError(
            f"{quoted(text)} has {len(parts)} part(s) separated by '/', not 4 or 5; {ACCEPTED}"
        )
    rules = parse_rules(parts[0])
    n = rules.players
    dealer = read_dealer(parts[1], n)
    seat, own = _own_hand(parts[2], n)
    if ":" in parts[3]:
        raise PositionError("a seat's view has no kitty (no seat sees it): write the upcard alone")
    upcard = read_cards(parts[3], "the upcard")
    if len(upcard) != 1:
        raise PositionError(f"the upcard is one card, got {quoted(parts[3])}")
    actions = read_actions(parts[4], HIDDEN, _ACTIONS) if len(parts) == 5 else ()
    return _replay(rules, dealer, seat, own, upcard[0], actions)


def _own_hand(text: str, players: int) -> tuple[int, tuple[Card, ...]]:
    items = [item.strip() for item in text.split(",")]
    if len(items) != players:
        raise PositionError(
            f"{players} players need {players} hands separated by ',', got {len(items)} in "
            f"{quoted(text)}; {ACCEPTED}"
        )
    shown = [s for s, item in enumerate(items) if item.replace("-", "").strip("? ") != ""]
    if len(shown) != 1:
        what = "no hand is written" if not shown else f"{len(shown)} hands are written"
        raise PositionError(f"{what}: a seat's view holds its own five cards and '?' for every other hand")
    seat = shown[0]
    hand = read_cards(items[seat], f"seat {seat}'s hand")
    if len(hand) != 5:
        raise PositionError(
            f"seat {seat}'s hand {quoted(items[seat])} has {len(hand)} cards; a hand is five "
            "cards joined by '-', like 9C-TC-JC-QC-KC"
        )
    return seat, hand


def _replay(
    rules: Rules,
    dealer: int,
    seat: int,
    own: tuple[Card, ...],
    upcard: Card,
    actions: tuple[Action | None, ...],
) -> tuple[HandState, int]:
    """Apply the actions with the engine's rules. The hidden hands are placeholders: before a hidden
    seat plays a card it is given copies of that card (the view shows only how many cards each
    seat holds), and every card it plays is checked against what the seat can hold (``_Hidden``)."""
    deck = make_deck(rules.deck, rules.joker)
    filler = iter(c for c in deck if c not in own and c != upcard)
    try:
        hands = [own if s == seat else tuple(next(filler) for _ in range(5)) for s in range(rules.players)]
        state = from_cards(rules, dealer, hands, upcard, tuple(filler))
    except (DealError, StopIteration) as err:
        raise PositionError(f"the deal cannot happen: {err}") from None
    hidden = _Hidden(rules, seat, own, upcard)
    count = len(actions)
    for step, action in enumerate(actions):
        actor = state.to_act
        where = f"action {step + 1} of {count}"
        if action is None or (action.kind is Kind.DISCARD and actor != seat):
            if actor != dealer or state.phase is not Phase.DISCARD:
                raise PositionError(
                    f"{where}: {_action_text(action or HIDDEN_DISCARD)} is not legal now "
                    f"({_whose(state, seat)})",
                    step,
                )
            if action is not None:
                raise PositionError(f"{where}: only the dealer sees its discard; write discard-?", step)
            if seat != dealer:
                state, action = hidden.discard(state)
        if action is None and seat == dealer:
            raise PositionError(f"{where}: the dealer knows its own discard; write it, like discard-9C", step)
        assert action is not None
        if action.kind is Kind.PLAY and actor is not None and actor != seat and state.phase is Phase.PLAY:
            state = hidden.before_play(state, actor, action, where, step)
        try:
            state = apply(state, action)
        except IllegalAction as err:
            raise _illegal(err, state, seat, action, where, step) from None
        if action.kind is Kind.PLAY and actor is not None and actor != seat:
            hidden.after_play(state, actor, action, step)
    hidden.check_fill(state)
    return state, seat


def _illegal(
    err: IllegalAction, state: HandState, seat: int, action: Action, where: str, step: int
) -> PositionError:
    """The engine's refusal of ``action``, without the legal actions of a hidden seat (they would
    name its placeholder cards)."""
    actor = state.to_act
    if actor is not None and actor != seat and state.phase is Phase.PLAY:
        return PositionError(
            f"{where}: {action} is not legal for seat {actor} now: seat {actor} is to play a card", step
        )
    if actor is not None and actor != seat and state.phase is Phase.DISCARD:
        return PositionError(
            f"{where}: {action} is not legal now: the dealer, seat {actor}, discards (write discard-?)", step
        )
    return PositionError(f"{where}: {err}", step)


def _whose(state: HandState, seat: int) -> str:
    if state.is_over:
        return "the hand is over"
    return f"seat {state.to_act} is to {'play' if state.phase is Phase.PLAY else 'bid'}"


class _Hidden:
    """What the text says about the hidden seats, checked as it is replayed: the cards each plays
    and the suits each has shown out of (``shown``: seat -> suit -> the action number)."""

    def __init__(self, rules: Rules, seat: int, own: tuple[Card, ...], upcard: Card) -> None:
        self.rules, self.seat, self.own, self.upcard = rules, seat, own, upcard
        self.played: dict[Card, int] = {}  # card -> the action number it was played at (1-based)
        self.shown: dict[int, dict[Suit, int]] = {}
        self.hidden_discard = False
        self.placeholder = next(c for c in make_deck(rules.deck, rules.joker) if c not in own and c != upcard)

    def discard(self, state: HandState) -> tuple[HandState, Action]:
        """A hidden dealer's discard: a placeholder card, which nothing reads."""
        d = state.dealer
        self.hidden_discard = True
        state = replace(state, hands=_with(state.hands, d, (self.placeholder,) * len(state.hands[d])))
        return state, discard(self.placeholder)

    def before_play(self, state: HandState, actor: int, action: Action, where: str, step: int) -> HandState:
        card = action.card
        assert card is not None and state.trump is not None
        who = f"seat {actor}"
        if card in self.own:
            raise PositionError(
                f"{where}: {who} cannot play the {card.short}: it is in seat {self.seat}'s hand", step
            )
        if card in self.played:
            raise PositionError(
                f"{where}: {who} cannot play the {card.short}: it was played at action {self.played[card]}",
                step,
            )
        if card == self.upcard:
            taken = state.upcard_taken and actor == state.dealer
            if not taken:
                fate = "the dealer holds it" if state.upcard_taken else "it stayed face down"
                raise PositionError(f"{where}: {who} cannot play the {card.short}, the upcard: {fate}", step)
        suit = effective_suit(card, state.trump)
        if suit in self.shown.get(actor, {}):
            raise PositionError(
                f"{where}: {who} cannot play the {card.short}: it showed out of {suit.noun} at "
                f"action {self.shown[actor][suit]}",
                step,
            )
        return replace(state, hands=_with(state.hands, actor, (card,) * len(state.hands[actor])))

    def after_play(self, state: HandState, actor: int, action: Action, step: int) -> None:
        card = action.card
        assert card is not None and state.trump is not None
        self.played[card] = step + 1
        trick = state.trick or state.tricks[-1].plays
        led = effective_suit(trick[0][1], state.trump)
        if trick[0][0] != actor and effective_suit(card, state.trump) != led:
            self.shown.setdefault(actor, {}).setdefault(led, step + 1)

    def check_fill(self, state: HandState) -> None:
        """Can the unseen cards fill the hidden hands, no seat getting a suit it has shown out of?
        Hall's condition over the sets of hidden seats: the kitty takes any card, so it is enough
        that every set of seats finds as many cards of suits open to one of them as it must hold."""
        trump = state.trump
        if trump is None or not self.shown:
            return
        known = set(self.own) | set(self.played) | {self.upcard}
        if state.discarded is not None and not self.hidden_discard:
            known.add(state.discarded)  # the seat is the dealer: it knows its discard
        unseen = [c for c in make_deck(self.rules.deck, self.rules.joker) if c not in known]
        need = {s: len(state.hands[s]) for s in range(self.rules.players) if s != self.seat}
        dealer = state.dealer
        if self.hidden_discard and self.upcard not in self.played:
            # the hidden dealer picked the upcard up: it holds it still, unless it discarded it
            if effective_suit(self.upcard, trump) in self.shown.get(dealer, {}):
                if not self.rules.discard_upcard:
                    raise PositionError(
                        f"the dealer picked up the {self.upcard.short}, so it held a "
                        f"{effective_suit(self.upcard, trump).noun[:-1]} when it showed out of "
                        f"{effective_suit(self.upcard, trump).noun}"
                    )
            else:
                need[dealer] -= 1
        by_suit: dict[Suit, int] = {}
        for c in unseen:
            suit = effective_suit(c, trump)
            by_suit[suit] = by_suit.get(suit, 0) + 1
        seats = [s for s in need if need[s] > 0]
        for k in range(1, len(seats) + 1):
            for group in combinations(seats, k):
                open_suits = {g for g in by_suit if any(g not in self.shown.get(s, {}) for s in group)}
                have = sum(by_suit[g] for g in open_suits)
                must = sum(need[s] for s in group)
                if have < must:
                    names = " and ".join(f"seat {s}" for s in group)
                    raise PositionError(
                        f"no deal of the hidden cards fits: {names} must still hold {must} card(s), but only "
                        f"{have} unseen card(s) are of suits {'it has' if k == 1 else 'they have'} not shown out of"
                    )


def _with(
    hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return hands[:seat] + (hand,) + hands[seat + 1 :]


__all__ = ["HIDDEN", "HIDDEN_DISCARD", "Seen", "replay_view", "view_text"]
