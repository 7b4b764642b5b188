"""A deal the teacher chooses for a teaching table, read from what the deal editor gives out: its
position text (``standard/3/9C-9D-TC-KH-AC,…/QS``: the rules, the dealer's seat, the hands in seat
order, the upcard and, when it is not the rest of the deck in deck order, the kitty) or its share
link (``…/deal_editor?position=TEXT``, views/deal_editor).

The engine reads it (``engine.core.position.Position.parse``) and deals it under the *table's*
rules (``engine.core.hand.from_cards``): a hand that is not five cards, a card twice, a card not in
the table's deck, a joker without the joker rule or the wrong number of hands is refused with a
``DealRefused`` that says what was wrong and what is accepted: the engine's own message, a text that
does not read quoted as typed, and the cards of a deal that cannot be dealt written with their suit
symbols (9♦). The text's own rules only frame the text: the table keeps its rules, so a deal
written under other rules is dealt when its cards fit the table's deck.

>>> from engine.core.rules import Rules
>>> text = "standard/3/AH-KH-9C-TC-QD,9H-9S-TS-QS-KS,JH-QH-JD-AD-KD,TH-JS-AS-QC-KC/9D"
>>> read_deal("https://coach.example/deal_editor?position=" + text.replace("/", "%2F"), Rules()).to_text() == text
True
>>> read_deal(text.replace("QD", "AH"), Rules())
Traceback (most recent call last):
...
multiplayer.chosen_deal.DealRefused: this deal cannot be dealt at this table: A♥ is dealt twice (a card appears twice); ...
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from engine.core.cards import Card
from engine.core.errors import DealError
from engine.core.hand import HandState, from_cards
from engine.core.position import Position, PositionError, rest_of_deck
from engine.core.rules import Rules
from multiplayer.errors import TableError

MAX_TYPED = 4_000  # characters of what the box may hold (a link of a position text, encoded)
LINK_PARAM = "position"  # the deal editor's share link: deal_editor?position=TEXT
ACCEPTED = (
    "paste the deal editor's position text (like standard/3/9C-9D-TC-KH-AC,JC-QH-KD-KS-AS,"
    "TD-TH-JD-QD-KC,9S-JS-QC-AD-AH/QS: the rules, the dealer's seat, the four hands in seat order from "
    "South, the upcard) or its share link (…/deal_editor?position=…)"
)
_CODE = re.compile(r"(?<![A-Za-z0-9])[789TJQKA][CDHS](?![A-Za-z0-9])")


class DealRefused(TableError):
    """A chosen deal that does not read, or that cannot be dealt at the table."""


def in_symbols(message: str) -> str:
    """``message`` with each card code standing alone ("9D") written with its suit symbol ("9♦").

    >>> in_symbols("TD is not in the 24-card deck")
    '10♦ is not in the 24-card deck'
    """
    return _CODE.sub(lambda m: Card.parse(m.group()).short, message)


def position_text(typed: str) -> str:
    """The position text in what was typed: a share link's ``position=`` value, else the text.
    Raises DealRefused for an empty box, a text too long, or a link that holds no deal."""
    if not isinstance(typed, str) or not typed.strip():
        raise DealRefused(f"the box is empty: {ACCEPTED}")
    if len(typed) > MAX_TYPED:
        raise DealRefused(f"that text has {len(typed):,} characters, more than {MAX_TYPED:,}: {ACCEPTED}")
    text = typed.strip()
    if "?" not in text and not text.startswith(LINK_PARAM + "="):
        return text
    values = parse_qs(urlsplit(text).query or text.rpartition("?")[2]).get(LINK_PARAM)
    if not values:
        raise DealRefused(f"that link holds no deal (no {LINK_PARAM}=…): {ACCEPTED}")
    return values[-1]


def read_deal(typed: str, rules: Rules) -> HandState:
    """The deal ``typed`` names (a position text or the deal editor's share link), dealt under
    ``rules`` (the table's): its opening state, nothing done in it. Raises DealRefused."""
    text = position_text(typed)
    try:
        position = Position.parse(text)
    except PositionError as err:
        raise DealRefused(f"that text does not read as a deal: {err}; {ACCEPTED}") from err
    if position.actions:
        count = len(position.actions)
        raise DealRefused(
            f"that text goes on after the deal with {count} action{'s' if count != 1 else ''}: a teaching "
            "table is dealt a deal only, its play starts from the first bid; leave out the actions (the "
            "part after the upcard's '/'), as the deal editor writes a deal"
        )
    whole_deck = position.kitty == rest_of_deck(position.rules, position.hands, position.upcard)
    try:  # a kitty left out of the text is the rest of the table's deck, not of the text's
        return from_cards(
            rules, position.dealer, position.hands, position.upcard, None if whole_deck else position.kitty
        )
    except DealError as err:
        other = (
            f" (the text is written for {position.rules.summary()}; this table plays {rules.summary()}: "
            "set the deal editor's rules to the table's)"
            if position.rules != rules
            else ""
        )
        raise DealRefused(
            f"this deal cannot be dealt at this table: {in_symbols(str(err))}{other}; every hand is five "
            f"cards of the table's {rules.deck}-card deck{' with the joker' if rules.joker else ''}, each "
            "card once"
        ) from err


__all__ = ["ACCEPTED", "DealRefused", "in_symbols", "position_text", "read_deal"]
