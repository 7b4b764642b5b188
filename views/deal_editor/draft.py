"""The deal editor's draft: a deal being written card by card (``Draft``: places, the dealer, the
rules, the checks the engine makes), and what a whole deal opens (its walkthrough, a seat's first bid
on the Analyze page, a class question). No Streamlit drawing here but ``running_classes``' read."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import streamlit as st

from classroom import service as classes
from classroom.service import StoreError, Teacher
from engine.core.actions import PASS
from engine.core.cards import Card, make_deck
from engine.core.hand import HAND_SIZE, HandState, Phase, from_cards
from engine.core.rules import Rules
from engine.core.seats import seat_name
from engine.core.view import SeatView, view_of
from ui.class_acts import K as TEACHER_KEYS
from ui.class_acts import _cookie as teacher_cookie
from ui.class_acts import kept_secret
from ui.share import rules_to_query

UPCARD = "upcard"
KITTY = "kitty"
Place = int | str  # a seat's hand (0 .. players-1), UPCARD or KITTY
SEED_MAX = 999_999_999
PAGE = "deal_editor"  # the page's address (app.py: views/deal_editor/deal_editor.py)
K = "de_"  # session-state keys of the page


class DraftError(ValueError):
    """A card that cannot go where it was tapped (a full place, a card already placed or not in the deck)."""


def place_name(rules: Rules, place: Place) -> str:
    """ "South's hand", "the upcard", "the kitty"."""
    if isinstance(place, int):
        return f"{seat_name(rules.players, place)}'s hand"
    return f"the {place}"


@dataclass(frozen=True, slots=True)
class Draft:
    """A deal being written: the cards placed so far, each place's in the order placed."""

    rules: Rules
    dealer: int
    hands: tuple[tuple[Card, ...], ...]  # one per seat, seat 0 first
    upcard: Card | None = None
    kitty: tuple[
        Card, ...
    ] = ()  # the cards tapped into the kitty (the rest join them when the deal is whole)

    @classmethod
    def empty(cls, rules: Rules, dealer: int | None = None) -> Draft:
        """Nothing placed; the dealer is the last seat (East with four), so South bids first."""
        return cls(
            rules, rules.players - 1 if dealer is None else dealer, tuple(() for _ in range(rules.players))
        )

    @classmethod
    def of_state(cls, state: HandState) -> Draft:
        """The deal of a state, as dealt (a pasted text's): every place full, the kitty in its order."""
        return cls(state.rules, state.dealer, state.dealt, state.upcard, state.kitty)

    @property
    def deck(self) -> tuple[Card, ...]:
        return make_deck(self.rules.deck, self.rules.joker)

    @property
    def places(self) -> tuple[Place, ...]:
        return (*range(self.rules.players), UPCARD, KITTY)

    def size(self, place: Place) -> int:
        """How many cards the place holds in a whole deal."""
        if isinstance(place, int):
            return HAND_SIZE
        return 1 if place == UPCARD else len(self.deck) - HAND_SIZE * self.rules.players - 1

    def cards_at(self, place: Place) -> tuple[Card, ...]:
        if isinstance(place, int):
            return self.hands[place]
        if place == UPCARD:
            return () if self.upcard is None else (self.upcard,)
        return self.kitty

    def room(self, place: Place) -> int:
        return self.size(place) - len(self.cards_at(place))

    def place_of(self, card: Card) -> Place | None:
        return next((place for place in self.places if card in self.cards_at(place)), None)

    @property
    def free(self) -> tuple[Card, ...]:
        """The cards in no place, in deck order."""
        placed = {c for place in self.places for c in self.cards_at(place)}
        return tuple(c for c in self.deck if c not in placed)

    def _with(self, place: Place, cards: tuple[Card, ...]) -> Draft:
        if isinstance(place, int):
            return replace(self, hands=tuple(cards if s == place else h for s, h in enumerate(self.hands)))
        if place == UPCARD:
            return replace(self, upcard=cards[0] if cards else None)
        return replace(self, kitty=cards)

    def put(self, card: Card, place: Place) -> Draft:
        """``card`` added to ``place``. Raises DraftError saying why it cannot go there."""
        if card not in self.deck:
            raise DraftError(f"{card.short} is not in the {self.rules.deck}-card deck of these rules")
        where = self.place_of(card)
        if where is not None:
            raise DraftError(
                f"{card.short} is already in {place_name(self.rules, where)}: tap it there to take it back"
            )
        if self.room(place) <= 0:
            name = place_name(self.rules, place)
            raise DraftError(
                f"{name[0].upper() + name[1:]} is full ({self.size(place)} "
                f"card{'s' if self.size(place) != 1 else ''}): tap one of its cards to take it back, "
                "or choose another place"
            )
        return self._with(place, self.cards_at(place) + (card,))

    def take(self, card: Card) -> Draft:
        """``card`` back to the deck (the same draft when it is in no place)."""
        where = self.place_of(card)
        if where is None:
            return self
        return self._with(where, tuple(c for c in self.cards_at(where) if c != card))

    def next_open(self, after: Place) -> Place:
        """The first place with room after ``after`` (in the order of ``places``, round to the
        start); ``after`` itself when it still has room or no place has."""
        if self.room(after) > 0:
            return after
        order = self.places
        start = order.index(after)
        return next((p for p in order[start + 1 :] + order[:start] if self.room(p) > 0), after)

    def dealt_at_random(self, seed: int) -> Draft:
        """The empty places of the hands and the upcard filled from the free cards, shuffled by a
        generator seeded with ``seed`` (the kitty is what is left). The same seed and the same
        draft give the same deal."""
        rest = list(self.free)
        random.Random(seed).shuffle(rest)
        hands = tuple(h + tuple(rest.pop() for _ in range(HAND_SIZE - len(h))) for h in self.hands)
        upcard = self.upcard if self.upcard is not None else rest.pop()
        return replace(self, hands=hands, upcard=upcard)

    def fitted(self, rules: Rules) -> Draft:
        """This draft under other rules (the sidebar's changed): the cards that are in the new deck
        and seats that are at the new table stay, as far as each place has room."""
        draft = Draft.empty(rules, self.dealer if self.dealer < rules.players else None)
        for place in self.places:
            if isinstance(place, int) and place >= rules.players:
                continue
            for card in self.cards_at(place):
                try:
                    draft = draft.put(card, place)
                except DraftError:
                    pass  # not in this deck, or no room: back to the deck
        return draft

    def missing(self) -> tuple[str, ...]:
        """What the deal still lacks, in plain words (nothing: it is whole)."""
        short = tuple(
            f"{place_name(self.rules, s)} holds {len(h)} of {HAND_SIZE} cards"
            for s, h in enumerate(self.hands)
            if len(h) != HAND_SIZE
        )
        return short + (("there is no upcard yet",) if self.upcard is None else ())

    def state(self) -> HandState:
        """The deal's opening state, checked by the engine (``from_cards``): raises its DealError
        (a hand that is not five cards, a card twice) or DraftError when there is no upcard."""
        if self.upcard is None:
            raise DraftError("there is no upcard yet")
        kitty = self.kitty + self.free if self.kitty else None  # None: the rest of the deck in deck order
        return from_cards(self.rules, self.dealer, self.hands, self.upcard, kitty)


# ---- what a whole deal opens -------------------------------------------------------------------


def first_bid(state: HandState, seat: int) -> SeatView:
    """``seat``'s view at its first bid: round 1, every seat before it (from the dealer's left)
    passed. With the joker turned up there is no bidding: only the dealer, naming trump, has a
    question. Raises DraftError for another seat then."""
    if state.phase is Phase.NAME:
        if seat != state.dealer:
            raise DraftError(
                f"with the joker turned up the dealer ({seat_name(state.players, state.dealer)}) "
                "names trump at once: no other seat bids"
            )
        return view_of(state, seat)
    for _ in range(state.players):
        if state.to_act == seat:
            break
        state = state.apply(PASS)
    return view_of(state, seat)


@dataclass(frozen=True, slots=True)
class DealLinks:
    """The queries a whole deal's links carry (each page's own parameters, see the module's doc)."""

    position: str  # the deal as a position text
    walk: dict[str, str]  # the Rules page
    share: dict[str, str]  # this page
    analyze: dict[str, str] | None  # the Analyze page at the seat's first bid (None: the seat has none)
    seat_view: str | None  # that seat's view as text
    problem: str = ""  # why the seat has no question


def deal_links(state: HandState, seat: int) -> DealLinks:
    text = state.to_text()
    walk = {**rules_to_query(state.rules), "section": "deal", "position": text}
    try:
        view = first_bid(state, seat).to_text()
    except DraftError as err:
        return DealLinks(text, walk, {"position": text}, None, None, str(err))
    return DealLinks(text, walk, {"position": text}, {"view": view}, view)


def class_query(code: str, seat_view: str) -> dict[str, str]:
    """The Class page's link that fills its teacher's typed-hand form (views/class_mode/teacher.py reads it)."""
    return {"class": code, "class_hand": seat_view}


def table_deal_query(code: str, position: str) -> dict[str, str]:
    """The Class page's link that fills its "Deal a hand you choose" box with a whole deal's position
    text (views/class_mode/class_tables.py reads it), for one of the class's teaching tables."""
    return {"class": code, "table_deal": position}


def running_classes() -> tuple[str, ...]:
    """The codes of the classes this browser runs as their teacher (the secret in this session or
    in its cookie, checked in the database), not ended, in order; () when the database cannot say."""
    held = st.session_state.get(TEACHER_KEYS + "secrets")
    codes = set(held) if isinstance(held, dict) else set()
    prefix = teacher_cookie("")
    try:
        codes |= {str(name)[len(prefix) :] for name in st.context.cookies if str(name).startswith(prefix)}
    except Exception:  # no browser, or a stand-in for the cookies
        pass
    running = []
    for code in sorted(codes):
        secret = kept_secret(code)
        if not secret:
            continue
        try:
            if not Teacher(code, secret).check().ended:
                running.append(code)
        except (classes.ClassError, StoreError):
            continue
    return tuple(running)
