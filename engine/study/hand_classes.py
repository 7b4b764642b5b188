"""Hand classes: the sound bidding model's abstraction of a hand for one candidate trump suit.

A class counts what the model's bid strength looks at: the number of trumps (0-5), which of
the joker (joker decks only), right bower, left bower and ace of trump the hand holds, the
off-suit aces (0, 1, 2 or more), the void suits (0, 1, 2 or more) and, in round 1, the rank
of the upcard (which is the candidate trump). Its key is a short string:

>>> from engine.core.cards import Card, Suit
>>> hand = [Card.parse(c) for c in "JH JD AH KS 9C".split()]
>>> hand_class(hand, Suit.HEARTS, upcard=Card.parse("QH")).key
't3-RLa-o0-v1-upQ'
>>> hand_class(hand, Suit.SPADES).key
't1-...-o1-v0'

Cards are worked on as the compiled code's card codes (``engine.compiled.encoding``:
``suit * 8 + rank - 7``, 32 the joker), so the study's loops can classify a flat state's hand
without building Card objects.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from engine.compiled.encoding import JOKER_CODE, S_DEALER, S_HANDS, S_UPCARD, card_code
from engine.core.cards import Card, Suit

JACK_OFFSET, ACE_OFFSET = 11 - 7, 14 - 7  # rank - 7 inside a card code
UP_LETTERS = {7: "7", 8: "8", 9: "9", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
CAP = 2  # off aces and voids are counted 0, 1, 2+


def partner_suit(suit: int) -> int:
    """The other suit of the same colour (clubs 0 <-> spades 3, diamonds 1 <-> hearts 2)."""
    return 3 - suit


def is_trump(code: int, trump: int) -> bool:
    if code == JOKER_CODE:
        return True
    suit, offset = code >> 3, code & 7
    return suit == trump or (offset == JACK_OFFSET and suit == partner_suit(trump))


@dataclass(frozen=True, slots=True)
class HandClass:
    trumps: int  # 0..5
    joker: bool | None  # None: a deck without the joker
    right: bool
    left: bool
    ace: bool  # the ace of trump
    off_aces: int  # capped at CAP
    voids: int  # off suits with no card, capped at CAP
    upcard: int | None  # round 1: the upcard's rank (7..14); round 2: None

    @property
    def key(self) -> str:
        flags = (
            ("" if self.joker is None else "B" if self.joker else ".")
            + ("R" if self.right else ".")
            + ("L" if self.left else ".")
            + ("a" if self.ace else ".")
        )
        aces = f"{self.off_aces}+" if self.off_aces >= CAP else str(self.off_aces)
        voids = f"{self.voids}+" if self.voids >= CAP else str(self.voids)
        up = "" if self.upcard is None else f"-up{UP_LETTERS[self.upcard]}"
        return f"t{self.trumps}-{flags}-o{aces}-v{voids}{up}"


def class_of_codes(codes: Sequence[int], trump: int, upcard: int | None, joker_deck: bool) -> HandClass:
    """The class of a hand given as card codes, for ``trump``; ``upcard`` a code in round 1."""
    trumps = 0
    joker = right = left = ace = False
    off_aces = 0
    off_suits: set[int] = set()
    for code in codes:
        if is_trump(code, trump):
            trumps += 1
            if code == JOKER_CODE:
                joker = True
            elif code & 7 == JACK_OFFSET:
                right = right or code >> 3 == trump
                left = left or code >> 3 != trump
            elif code & 7 == ACE_OFFSET:
                ace = True
        else:
            off_suits.add(code >> 3)
            if code & 7 == ACE_OFFSET:
                off_aces += 1
    voids = 3 - len(off_suits)
    up = None if upcard is None else (upcard & 7) + 7
    return HandClass(
        trumps, joker if joker_deck else None, right, left, ace, min(off_aces, CAP), min(voids, CAP), up
    )


def hand_class(
    hand: Sequence[Card], trump: Suit, upcard: Card | None = None, joker_deck: bool = False
) -> HandClass:
    """The class of ``hand`` for ``trump`` (see the module docstring)."""
    return class_of_codes(
        [card_code(c) for c in hand], int(trump), None if upcard is None else card_code(upcard), joker_deck
    )


def bowers_and_aces(states: np.ndarray, players: int, rel: int, rnd: int) -> np.ndarray:
    """A key per flat state (``engine.compiled.encoding``) of what the seat ``rel`` places left
    of the dealer holds, from its class (``bidding_fit.exploitability``'s ``split``): in round 1
    (``rnd`` 0), with the upcard's suit as trump, 1 for the right bower, plus 2 for the left,
    plus 4 times its off aces (capped at CAP); in round 2 (trump not yet known) 0."""
    out = np.zeros(states.shape[0], dtype=np.int64)
    if rnd:
        return out
    for i, s in enumerate(states):
        first = S_HANDS + 5 * ((int(s[S_DEALER]) + rel) % players)
        up = int(s[S_UPCARD])
        c = class_of_codes([int(x) for x in s[first : first + 5] if x >= 0], up >> 3, up, False)
        out[i] = c.right + 2 * c.left + 4 * c.off_aces
    return out


__all__ = ["CAP", "HandClass", "bowers_and_aces", "class_of_codes", "hand_class", "is_trump", "partner_suit"]
