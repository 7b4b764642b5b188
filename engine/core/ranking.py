"""Card strength under trump: effective suit, bowers, trick winners.

The left bower (the jack of trump's colour partner) and the joker belong to the
trump suit for every purpose. Everything here is a table lookup, built once.

>>> from engine.core.cards import parse_card, Suit
>>> effective_suit(parse_card("JD"), Suit.HEARTS)
<Suit.HEARTS: 2>
>>> [str(c) for c in trump_order(Suit.HEARTS, deck=24)]
['JH', 'JD', 'AH', 'KH', 'QH', 'TH', '9H']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.core.cards import ACE, JACK, JOKER, Card, Suit, make_deck

_ALL_CARDS = make_deck(32, joker=True)


def right_bower(trump: Suit) -> Card:
    return Card.of(JACK, trump)


def left_bower(trump: Suit) -> Card:
    return Card.of(JACK, trump.partner)


def _effective(card: Card, trump: Suit) -> Suit:
    if card.is_joker or card == left_bower(trump):
        return trump
    return Suit(card.suit_index)


_EFFECTIVE: dict[Suit, dict[Card, Suit]] = {t: {c: _effective(c, t) for c in _ALL_CARDS} for t in Suit}


def effective_suit(card: Card, trump: Suit) -> Suit:
    """The suit a card belongs to once ``trump`` is known (left bower and joker are trump)."""
    return _EFFECTIVE[trump][card]


def is_trump(card: Card, trump: Suit) -> bool:
    return _EFFECTIVE[trump][card] == trump


def _trump_strength(card: Card, trump: Suit) -> int:
    """21..30 for trumps (joker 30, right 29, left 28, then A=27 down to 7=21), else 0."""
    if card.is_joker:
        return 30
    if card == right_bower(trump):
        return 29
    if card == left_bower(trump):
        return 28
    if card.suit_index == trump:
        return card.rank + 13 if card.rank > JACK else card.rank + 14
    return 0


# A ranks 27, K 26, Q 25 (rank + 13); 10 -> 24, 9 -> 23, 8 -> 22, 7 -> 21 (rank + 14).
_STRENGTH: dict[Suit, dict[Suit, dict[Card, int]]] = {}
for _t in Suit:
    _STRENGTH[_t] = {}
    for _led in Suit:
        table = {}
        for _c in _ALL_CARDS:
            ts = _trump_strength(_c, _t)
            if ts:
                table[_c] = ts
            elif _EFFECTIVE[_t][_c] == _led:
                table[_c] = _c.rank  # 7..14, always below any trump
            else:
                table[_c] = 0
        _STRENGTH[_t][_led] = table


def strength(card: Card, trump: Suit, led: Suit) -> int:
    """How strong ``card`` is in a trick whose led (effective) suit is ``led``.

    Any trump beats any non-trump; a card neither trump nor of the led suit is 0
    and can never win.
    """
    return _STRENGTH[trump][led][card]


def strength_table(trump: Suit, led: Suit) -> dict[Card, int]:
    """The whole strength table for a trump and led suit (for hot loops)."""
    return _STRENGTH[trump][led]


def effective_table(trump: Suit) -> dict[Card, Suit]:
    return _EFFECTIVE[trump]


def trick_winner_index(cards: Sequence[Card], trump: Suit) -> int:
    """Index into ``cards`` (in play order, first is the lead) of the winning card."""
    led = _EFFECTIVE[trump][cards[0]]
    table = _STRENGTH[trump][led]
    best = 0
    best_strength = table[cards[0]]
    for i in range(1, len(cards)):
        s = table[cards[i]]
        if s > best_strength:
            best, best_strength = i, s
    return best


def trump_order(trump: Suit, deck: int = 24, joker: bool = False) -> tuple[Card, ...]:
    """The trump suit high to low, for the given deck."""
    cards = [c for c in make_deck(deck, joker) if is_trump(c, trump)]
    return tuple(sorted(cards, key=lambda c: -_trump_strength(c, trump)))


def plain_order(suit: Suit, trump: Suit | None, deck: int = 24) -> tuple[Card, ...]:
    """A non-trump suit high to low (without the jack when it is the left bower)."""
    cards = [
        c
        for c in make_deck(deck, False)
        if c.suit_index == suit and (trump is None or _EFFECTIVE[trump][c] == suit)
    ]
    return tuple(sorted(cards, key=lambda c: -c.rank))


def deck_in_rank_order(trump: Suit, deck: int = 24, joker: bool = False) -> tuple[Card, ...]:
    """Every card of the deck: trumps high to low, then each other suit high to low."""
    out = list(trump_order(trump, deck, joker))
    for s in Suit:
        if s != trump:
            out.extend(plain_order(s, trump, deck))
    return tuple(out)


def sort_hand(cards: Iterable[Card], trump: Suit | None = None) -> tuple[Card, ...]:
    """A tidy display order: by effective suit (trump first when known), high to low."""

    def key(c: Card) -> tuple[int, int]:
        if trump is None:
            return (4 if c.is_joker else c.suit_index, -c.rank)
        suit = _EFFECTIVE[trump][c]
        group = -1 if suit == trump else int(suit)
        return (group, -_trump_strength(c, trump) if suit == trump else -c.rank)

    return tuple(sorted(cards, key=key))


def card_role(card: Card, trump: Suit | None) -> str:
    """'right bower', 'left bower', 'trump', 'joker' or '' — for labels and lessons."""
    if card.is_joker:
        return "joker (best bower)"
    if trump is None:
        return ""
    if card == right_bower(trump):
        return "right bower"
    if card == left_bower(trump):
        return "left bower"
    if card.suit_index == trump:
        return "trump"
    return ""


__all__ = [
    "ACE",
    "JOKER",
    "card_role",
    "deck_in_rank_order",
    "effective_suit",
    "effective_table",
    "is_trump",
    "left_bower",
    "plain_order",
    "right_bower",
    "sort_hand",
    "strength",
    "strength_table",
    "trick_winner_index",
    "trump_order",
]
