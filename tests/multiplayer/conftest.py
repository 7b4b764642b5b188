"""What the tables-of-people tests share.

- ``KEYS``: one private key per seat (as a browser's cookie holds it), ``key_hash(key)``: its
  SHA-256 in hex, as a table keeps it.
- ``dealt_table(seats, last_seen=0.0)``: a table over the deal written by hand below (East deals,
  South bids first), its seats given as ``Seat`` values; the game is ``new_game``'s with that hand
  in place of its first deal.

The deal (standard rules, East deals, the 9♦ turned up; the kitty J♣ A♣ 10♦)::

    South  A♥ K♥ 9♣ 10♣ Q♦
    West   9♥ 9♠ 10♠ Q♠ K♠
    North  J♥ Q♥ J♦ A♦ K♦
    East   10♥ J♠ A♠ Q♣ K♣
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable

import pytest

from engine.core.cards import parse_card, parse_cards
from engine.core.game import new_game
from engine.core.hand import from_cards
from engine.core.rules import Rules
from multiplayer.table import PeopleTable, Seat

HANDS = ("AH KH 9C TC QD", "9H 9S TS QS KS", "JH QH JD AD KD", "TH JS AS QC KC")
UPCARD = "9D"
DEALER = 3
KEYS = ("south-key-0123456789", "west-key-0123456789a", "north-key-0123456789", "east-key-0123456789a")


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def person(seat: int, name: str, last_seen: float = 0.0) -> Seat:
    return Seat(name=name, key_hash=key_hash(KEYS[seat]), last_seen=last_seen)


def _dealt_table(seats: tuple[Seat, ...], silent_after: int = 60) -> PeopleTable:
    rules = Rules()
    hand = from_cards(rules, DEALER, [parse_cards(h) for h in HANDS], parse_card(UPCARD))
    game = dataclasses.replace(new_game(rules, 7), hand=hand, dealer=DEALER)
    return PeopleTable("HANDMD", seats, game, silent_after=silent_after)


@pytest.fixture
def dealt_table() -> Callable[..., PeopleTable]:
    return _dealt_table


@pytest.fixture
def people() -> Callable[..., Seat]:
    """``people(seat, name, last_seen=0.0)``: the person of ``KEYS[seat]`` holding that seat."""
    return person


@pytest.fixture
def keys() -> tuple[str, ...]:
    return KEYS


@pytest.fixture
def hash_of() -> Callable[[str], str]:
    return key_hash
