"""Cards, suits, ranks and decks, with a canonical text form and a forgiving parser.

Canonical text: rank ``7 8 9 T J Q K A`` followed by suit ``C D H S`` (``TD``, ``JH``),
and ``JOKER`` for the joker. ``parse_cards`` accepts what people paste: any case,
spaces, commas or nothing between cards, ``10h``, ``J♥``, ``jack of hearts``, ``benny``.

>>> parse_cards("jh, 10d AS")
(Card.parse('JH'), Card.parse('TD'), Card.parse('AS'))
>>> str(parse_card("Jack of Diamonds"))
'JD'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum

from engine.core.errors import CardParseError, quoted


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def noun(self) -> str:
        return ("clubs", "diamonds", "hearts", "spades")[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def partner(self) -> Suit:
        """The other suit of the same colour (clubs<->spades, diamonds<->hearts)."""
        return _PARTNER[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        key = text.strip().lower()
        if key in _SUIT_WORDS:
            return _SUIT_WORDS[key]
        raise CardParseError(
            f"{quoted(text)} is not a suit; use C, D, H or S (or clubs, diamonds, hearts, spades, ♣♦♥♠)"
        )

    def __str__(self) -> str:
        return self.letter


_PARTNER = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}

_SUIT_WORDS: dict[str, Suit] = {}
for _s in Suit:
    for _w in (_s.letter.lower(), _s.symbol, _s.noun, _s.noun[:-1]):
        _SUIT_WORDS[_w] = _s
for _w, _s in (("♤", Suit.SPADES), ("♡", Suit.HEARTS), ("♢", Suit.DIAMONDS), ("♧", Suit.CLUBS)):
    _SUIT_WORDS[_w] = _s

# Ranks are plain ints: 7..10, J=11, Q=12, K=13, A=14; the joker has rank 15.
JACK, QUEEN, KING, ACE, JOKER_RANK = 11, 12, 13, 14, 15
RANK_LETTERS = {7: "7", 8: "8", 9: "9", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_NAMES = {7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
_RANK_WORDS: dict[str, int] = {}
for _r, _l in RANK_LETTERS.items():
    _RANK_WORDS[_l.lower()] = _r
    _RANK_WORDS[RANK_NAMES[_r]] = _r
_RANK_WORDS["10"] = 10
_RANK_WORDS.update({"jack": 11, "queen": 12, "king": 13, "ace": 14, "knave": 11})


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A playing card. ``suit`` is None only for the joker.

    Order is by suit then rank (a display order, not a strength order: strength
    depends on trump, see ``engine.core.ranking``).
    """

    suit_index: int  # 0..3 (Suit) or 4 for the joker: keeps ordering total
    rank: int

    def __hash__(self) -> int:
        # Equal cards have equal (suit_index, rank); one int is cheaper than hashing a tuple,
        # and cards are dict keys in every hot loop (ranking tables, legal actions).
        return self.suit_index * 16 + self.rank

    @property
    def suit(self) -> Suit | None:
        return None if self.suit_index == 4 else Suit(self.suit_index)

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def is_jack(self) -> bool:
        return self.rank == JACK

    @classmethod
    def of(cls, rank: int, suit: Suit) -> Card:
        return _CARDS[(int(suit), rank)]

    @classmethod
    def parse(cls, text: str) -> Card:
        return parse_card(text)

    @property
    def name(self) -> str:
        """English name: 'jack of diamonds', 'joker'."""
        if self.is_joker:
            return "joker"
        return f"{RANK_NAMES[self.rank]} of {Suit(self.suit_index).noun}"

    @property
    def short(self) -> str:
        """Rank letter and suit symbol for display: 'J♦', '10♥', 'Jkr'."""
        if self.is_joker:
            return "🃏"
        rank = "10" if self.rank == 10 else RANK_LETTERS[self.rank]
        return rank + Suit(self.suit_index).symbol

    def __str__(self) -> str:
        if self.is_joker:
            return "JOKER"
        return RANK_LETTERS[self.rank] + "CDHS"[self.suit_index]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_CARDS: dict[tuple[int, int], Card] = {(s, r): Card(s, r) for s in range(4) for r in range(7, 15)}
JOKER = Card(4, JOKER_RANK)
_BY_TEXT: dict[str, Card] = {str(c): c for c in _CARDS.values()}
_BY_TEXT["JOKER"] = JOKER

DECK_SIZES = (24, 28, 32)


def make_deck(size: int = 24, joker: bool = False) -> tuple[Card, ...]:
    """The cards of a Euchre deck: 24 (9-A), 28 (8-A) or 32 (7-A), plus the joker if asked."""
    if size not in DECK_SIZES:
        raise CardParseError(f"deck size {quoted(size)} is not one of 24, 28, 32")
    low = {24: 9, 28: 8, 32: 7}[size]
    cards = tuple(_CARDS[(s, r)] for s in range(4) for r in range(low, 15))
    return cards + ((JOKER,) if joker else ())


_ACCEPTED = (
    "a card is a rank (9, 10 or T, J, Q, K, A; 7 and 8 in bigger decks) and a suit "
    "(C, D, H, S or ♣♦♥♠), like 'JH', '10d', 'J♥', 'jack of hearts', or 'joker'/'benny'"
)


def parse_card(text: str) -> Card:
    """Parse one card, forgivingly. Raises CardParseError quoting the token."""
    token = text.strip()
    key = token.upper()
    if key in _BY_TEXT:
        return _BY_TEXT[key]
    low = token.lower()
    if low in ("joker", "benny", "best bower", "jkr", "🃏", "jk"):
        return JOKER
    words = re.fullmatch(r"(\w+)\s+of\s+(\w+)", low)
    if words:
        rank_word, suit_word = words.groups()
        if rank_word in _RANK_WORDS and suit_word in _SUIT_WORDS:
            return _CARDS[(int(_SUIT_WORDS[suit_word]), _RANK_WORDS[rank_word])]
    compact = re.fullmatch(r"(10|[2-9tjqka])\s*([cdhs♣♦♥♠♤♡♢♧])", low)
    if compact:
        rank_text, suit_text = compact.groups()
        rank = _RANK_WORDS.get(rank_text)
        if rank is not None:
            return _CARDS[(int(_SUIT_WORDS[suit_text]), rank)]
    raise CardParseError(f"{quoted(token)} is not a card: {_ACCEPTED}")


_TOKEN = re.compile(
    r"""
    (?P<words>(?:ace|king|queen|jack|knave|ten|nine|eight|seven|10|[2-9tjqka])\s+of\s+
              (?:clubs?|diamonds?|hearts?|spades?))
    |(?P<badwords>(?:ace|king|queen|jack|knave|ten|nine|eight|seven|10|[2-9tjqka])\s+of\s+\w+)
    |(?P<joker>joker|benny|best\s+bower|🃏)
    |(?P<compact>(?:10|[0-9tjqka])\s?[cdhs♣♦♥♠♤♡♢♧])
    |(?P<junk>[^\s,;/|]+)
    """,
    re.IGNORECASE | re.VERBOSE,
)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse a pasted list of cards: separators may be spaces, commas, or nothing.

    Duplicates are kept (the caller decides whether they are an error).
    """
    cards: list[Card] = []
    for match in _TOKEN.finditer(text):
        bad = match.group("junk") or match.group("badwords")  # 'king of cups' is quoted whole
        if bad is not None:
            raise CardParseError(f"{quoted(bad)} is not a card: {_ACCEPTED}")
        cards.append(parse_card(" ".join(match.group(0).split()) if match.group("words") else match.group(0)))
    return tuple(cards)


def format_cards(cards: object) -> str:
    """Canonical text of a sequence of cards, space separated."""
    return " ".join(str(c) for c in cards)  # type: ignore[attr-defined]
