"""Plain-number forms of cards, actions and hand states for the numba play-outs.

A card *code* is trump-independent: ``suit * 8 + rank - 7`` (0..31) and 32 for the
joker. Under a trump the fast code works on ``engine.compiled.solver_core``'s bitmask encoding
(one bit per card, each effective suit a 16-bit group, trump group 3 on top); the
tables here translate between the two: ``BIT[trump, code]`` is the card's single
bit, ``CODE_AT[trump, bit index]`` the way back.

A hand state is one flat int64 array (the ``S_*`` offsets below) holding exactly
what ``engine.core.hand.HandState`` holds that the play-out needs: phase, seat to act,
dealer, trump, maker, alone, lone defender, seats out, the dealer's discard, the
upcard, the hands (card codes in hand order, -1 for a played card), the trick in
progress, the played cards, the voids shown and the reason of the last Club decision
(``S_WHY_*``). ``encode_state`` builds it from a
HandState (the conformance tests and the analyzer use it), ``encode_view`` from a seat's view
(the Club player's adapter uses it); ``action_of`` and
``code_of`` translate actions.

An action is one int: see the ``A_*`` constants (``A_CALL + suit``,
``A_DISCARD + card code``, ``A_PLAY + card code``...).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import numpy as np

from engine.compiled import solver_core
from engine.core.actions import (
    DECLINE,
    DEFEND_ALONE,
    ORDER,
    ORDER_ALONE,
    PASS,
    Action,
    Kind,
    call,
    discard,
    name,
    play,
)
from engine.core.cards import JACK, JOKER, Card, Suit, make_deck
from engine.core.hand import HandState, Phase
from engine.core.ranking import effective_table
from engine.core.view import SeatView

# ---- the solver's card <-> bit encoding (one bit per card under a trump) ------------

_TRUMP_OFFSET = {7: 0, 8: 1, 9: 2, 10: 3, 12: 4, 13: 5, 14: 6}


def _bit_table(trump: Suit) -> dict[Card, int]:
    table: dict[Card, int] = {}
    for card in make_deck(32, joker=True):
        if card.is_joker:
            offset, group = 9, 3
        elif card.rank == JACK and card.suit_index == trump:
            offset, group = 8, 3
        elif card.rank == JACK and card.suit_index == trump.partner:
            offset, group = 7, 3
        elif card.suit_index == trump:
            offset, group = _TRUMP_OFFSET[card.rank], 3
        else:
            offset = card.rank - 7
            group = card.suit_index if card.suit_index < trump else card.suit_index - 1
        table[card] = 1 << (solver_core.GROUP_BITS * group + offset)
    return table


_BITS: dict[Suit, dict[Card, int]] = {t: _bit_table(t) for t in Suit}
_CARDS: dict[Suit, dict[int, Card]] = {t: {b: c for c, b in _BITS[t].items()} for t in Suit}


def card_bit(card: Card, trump: Suit) -> int:
    """The single-bit code of ``card`` when ``trump`` is trump."""
    return _BITS[trump][card]


def bit_card(bit: int, trump: Suit) -> Card:
    """The card of a single-bit code (inverse of ``card_bit``)."""
    return _CARDS[trump][bit]


def cards_mask(cards: Iterable[Card], trump: Suit) -> int:
    bits = _BITS[trump]
    mask = 0
    for c in cards:
        mask |= bits[c]
    return mask


def mask_cards(mask: int, trump: Suit) -> tuple[Card, ...]:
    """The cards of a mask, weakest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_CARDS[trump][low])
        mask ^= low
    return tuple(out)


N_CODES = 33
JOKER_CODE = 32

# ---- cards -------------------------------------------------------------------------


def card_code(card: Card) -> int:
    return JOKER_CODE if card.is_joker else card.suit_index * 8 + card.rank - 7


_CARD_OF: dict[int, Card] = {card_code(c): c for c in make_deck(32, joker=True)}
_CODE_OF: dict[Card, int] = {c: code for code, c in _CARD_OF.items()}


def code_card(code: int) -> Card:
    return _CARD_OF[code]


def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    bit = np.zeros((4, N_CODES), dtype=np.int64)
    pos = np.zeros((4, N_CODES), dtype=np.int64)
    code_at = np.full((4, 64), -1, dtype=np.int64)
    group_suit = np.zeros((4, 4), dtype=np.int64)
    for t in Suit:
        for code, card in _CARD_OF.items():
            b = card_bit(card, t)
            p = b.bit_length() - 1
            bit[t, code] = b if p < 63 else b - (1 << 64)
            pos[t, code] = p
            code_at[t, p] = code
        others = [s for s in Suit if s != t]
        for g in range(3):
            group_suit[t, g] = int(others[g])
        group_suit[t, 3] = int(t)
    return bit, pos, code_at, group_suit


BIT, BITPOS, CODE_AT, GROUP_SUIT = _tables()


@cache
def deck_codes(size: int, joker: bool) -> int:
    """The deck as a mask over card codes (bit ``code`` set)."""
    mask = 0
    for c in make_deck(size, joker):
        mask |= 1 << card_code(c)
    return mask


# ---- actions -----------------------------------------------------------------------

A_PASS, A_ORDER, A_ORDER_ALONE = 0, 1, 2
A_CALL, A_CALL_ALONE, A_NAME, A_NAME_ALONE = 3, 7, 11, 15
A_DECLINE, A_DEFEND_ALONE = 19, 20
A_DISCARD, A_PLAY = 32, 80


def code_of(action: Action) -> int:
    """The int form of an action."""
    kind = action.kind
    if kind is Kind.PASS:
        return A_PASS
    if kind is Kind.ORDER:
        return A_ORDER_ALONE if action.alone else A_ORDER
    if kind is Kind.CALL or kind is Kind.NAME:
        assert action.suit is not None
        base = (
            (A_CALL_ALONE if action.alone else A_CALL)
            if kind is Kind.CALL
            else (A_NAME_ALONE if action.alone else A_NAME)
        )
        return base + int(action.suit)
    if kind is Kind.DECLINE:
        return A_DECLINE
    if kind is Kind.DEFEND_ALONE:
        return A_DEFEND_ALONE
    assert action.card is not None
    return (A_DISCARD if kind is Kind.DISCARD else A_PLAY) + card_code(action.card)


def action_of(code: int) -> Action:
    """The Action of an int form (inverse of ``code_of``)."""
    if code >= A_PLAY:
        return play(_CARD_OF[code - A_PLAY])
    if code >= A_DISCARD:
        return discard(_CARD_OF[code - A_DISCARD])
    fixed = {
        A_PASS: PASS,
        A_ORDER: ORDER,
        A_ORDER_ALONE: ORDER_ALONE,
        A_DECLINE: DECLINE,
        A_DEFEND_ALONE: DEFEND_ALONE,
    }
    if code in fixed:
        return fixed[code]
    for base, make, alone in (
        (A_CALL, call, False),
        (A_CALL_ALONE, call, True),
        (A_NAME, name, False),
        (A_NAME_ALONE, name, True),
    ):
        if base <= code < base + 4:
            return make(Suit(code - base), alone)
    raise ValueError(f"{code} is not an action code")


# ---- the Club player's reasons (engine.compiled.club_bidding, club_play) ------------------
# A compiled Club decision returns its action code and writes why it chose it into the last
# slots of the flat state (no transition reads them): ``s[S_WHY_REASON]`` one of the ``R_*``
# codes below, ``s[S_WHY_SUIT]`` the suit weighed (round 1: the upcard's; round 2 and naming
# trump: the best suit, also when passing; after trump is made: trump) and ``s[S_WHY_THROW]``
# how a thrown-off card was chosen (``T_*``). ``engine.players.club`` words them, with the bid
# strength from ``club_bidding.bid_strength`` for the suit weighed.

# bidding, the discard and defending alone
(
    R_ORDER_ALONE,
    R_ORDER,
    R_PASS_ROUND_ONE,
    R_CALL_ALONE,
    R_CALL,
    R_STICK,
    R_PASS_ROUND_TWO,
    R_NAME_ALONE,
    R_NAME,
    R_DECLINE,
    R_DISCARD,
    R_DEFEND_ALONE,
    R_LET_PARTNER_HELP,
) = range(1, 14)
R_DISCARD_AGAINST_LONER = (
    14  # the dealer's discard against a maker without a partner: the card that guards least
)
# the card play: one card, leads, follows
R_ONLY_CARD = 20
(
    R_LEAD_NO_TRUMP_LEFT,
    R_LEAD_RIGHT_SAVES_LEFT,
    R_LEAD_TOP_TRUMP,
    R_LEAD_LOW_TRUMP,
    R_CASH,
    R_ONLY_TRUMPS_TOP,
    R_ONLY_TRUMPS_LOW,
    R_LEAD_BACK,
    R_LEAD_SINGLETON,
    R_LEAD_LOW,
) = range(21, 31)
(
    R_MATE_WINNING_NO_RUFF,
    R_MATE_WINNING_LOW,
    R_SURE_OVER_MATE,
    R_OVER_MATE,
    R_MATE_UNBEATEN_LOW,
    R_CANNOT_WIN,
    R_WIN_CHEAPLY,
    R_TAKE_HIGHEST,
    R_SECOND_LOW_KEEP,
    R_RUFF_MATE_CANNOT,
    R_SECOND_LOW,
    R_THIRD_HIGH_WINS,
    R_THIRD_HIGH_FORCE,
    R_RUFF_OPPONENTS,
) = range(31, 45)
R_LEAD_AGAINST_LONER = 45  # a defender's lead against a maker without a partner: the card that guards least
# how a throw-off was chosen (``s[S_WHY_THROW]``)
T_LOWEST, T_MAKES_VOID, T_KEEPS_GUARDS = range(3)


# ---- the flat hand state -------------------------------------------------------------

PHASES = (Phase.BID1, Phase.NAME, Phase.DISCARD, Phase.BID2, Phase.DEFEND, Phase.PLAY, Phase.OVER)
P_BID1, P_NAME, P_DISCARD, P_BID2, P_DEFEND, P_PLAY, P_OVER = range(7)

(
    S_PLAYERS,
    S_DEALER,
    S_PHASE,
    S_TO_ACT,
    S_TRUMP,
    S_MAKER,
    S_ALONE,
    S_LONE_DEF,
    S_OUT,
    S_DISCARDED,
    S_TAKEN,
    S_DOWN,
    S_UPCARD,
    S_LEADER,
    S_NTRICKS,
    S_MAKER_TRICKS,
    S_NTABLE,
) = range(17)
S_TABLE_SEAT = 17  # 4 seats, in play order
S_TABLE_CARD = 21  # 4 card codes
S_HANDS = 25  # 4 seats x 5 slots of card codes (-1: empty), hand order
S_PLAYED = 45  # cards played so far, bits under trump
S_SHOWN = 46  # per seat: groups (under trump) it failed to follow
S_LEDBY = 50  # per seat: non-trump groups it led
S_DECK = 54  # the deck as a code mask
S_JOKER, S_STICK, S_DEFEND_RULE, S_LONE_LEAD, S_DISCARD_UP, S_OPTIONAL = range(55, 61)
S_WHY_REASON, S_WHY_SUIT, S_WHY_THROW = range(61, 64)  # the last Club decision's reason (see R_*)
S_SIZE = 64


def encode_state(state: HandState) -> np.ndarray:
    """The flat form of ``state`` (any phase)."""
    s = _encode(state)
    code = _CODE_OF.__getitem__
    for seat, hand in enumerate(state.hands):
        for i, card in enumerate(hand):
            s[S_HANDS + 5 * seat + i] = code(card)
    return np.array(s, dtype=np.int64)


def encode_view(view: SeatView) -> np.ndarray:
    """The flat form of what ``view``'s seat knows: its own hand in its slots, every other
    seat's slots empty (-1), and the dealer's discard only when the view is the dealer's. The
    Club player's compiled decisions read only this (``engine.players.club``)."""
    s = _encode(view)
    code = _CODE_OF.__getitem__
    for i, card in enumerate(view.hand):
        s[S_HANDS + 5 * view.seat + i] = code(card)
    return np.array(s, dtype=np.int64)


def _group_of(t: Suit) -> dict[Suit, int]:
    return {Suit(int(GROUP_SUIT[t, g])): g for g in range(4)}


_GROUP_OF: dict[Suit, dict[Suit, int]] = {t: _group_of(t) for t in Suit}  # effective suit -> group under t


def _encode(x: HandState | SeatView) -> list[int]:
    """Everything but the hands, from a state or a seat's view (they name these fields alike),
    as a list (filled faster than an array, one number at a time)."""
    r = x.rules
    code = _CODE_OF.__getitem__
    s = [0] * S_SIZE
    s[S_PLAYERS] = r.players
    s[S_DEALER] = x.dealer
    s[S_PHASE] = PHASES.index(x.phase)
    s[S_TO_ACT] = -1 if x.to_act is None else x.to_act
    s[S_TRUMP] = -1 if x.trump is None else int(x.trump)
    s[S_MAKER] = -1 if x.maker is None else x.maker
    s[S_ALONE] = int(x.alone)
    s[S_LONE_DEF] = -1 if x.lone_defender is None else x.lone_defender
    s[S_OUT] = sum(1 << seat for seat in x.out)
    s[S_DISCARDED] = -1 if x.discarded is None else code(x.discarded)
    s[S_TAKEN] = int(x.upcard_taken)
    s[S_DOWN] = -1 if x.turned_down is None else int(x.turned_down)
    s[S_UPCARD] = code(x.upcard)
    s[S_LEADER] = -1 if x.leader is None else x.leader
    s[S_NTRICKS] = len(x.tricks)
    s[S_MAKER_TRICKS] = sum(1 for tr in x.tricks if x.is_maker_side(tr.winner))
    s[S_NTABLE] = len(x.trick)
    for i, (seat, card) in enumerate(x.trick):
        s[S_TABLE_SEAT + i] = seat
        s[S_TABLE_CARD + i] = code(card)
    s[S_HANDS : S_HANDS + 20] = [-1] * 20
    if x.trump is not None:
        t = x.trump
        bits = _BITS[t]
        eff = effective_table(t)
        group = _GROUP_OF[t]
        played = 0
        for plays in [tr.plays for tr in x.tricks] + ([x.trick] if x.trick else []):
            for _, card in plays:
                played |= bits[card]
        for seat, suits in enumerate(x.voids):
            for suit in suits:
                s[S_SHOWN + seat] |= 1 << group[suit]
        for tr in x.tricks:
            led = eff[tr.plays[0][1]]
            if led != t:
                s[S_LEDBY + tr.leader] |= 1 << group[led]
        s[S_PLAYED] = played if played < (1 << 63) else played - (1 << 64)
    s[S_DECK] = deck_codes(r.deck, r.joker)
    s[S_JOKER] = int(r.joker)
    s[S_STICK] = int(r.stick_the_dealer)
    s[S_DEFEND_RULE] = int(r.defend_alone)
    s[S_LONE_LEAD] = int(r.lone_lead == "left_of_loner")
    s[S_DISCARD_UP] = int(r.discard_upcard)
    s[S_OPTIONAL] = int(r.optional_pickup)
    return s


__all__ = [
    "BIT",
    "CODE_AT",
    "GROUP_SUIT",
    "JOKER",
    "action_of",
    "card_code",
    "code_card",
    "code_of",
    "encode_state",
    "encode_view",
]
