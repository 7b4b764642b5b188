"""Perft: count every complete play sequence from a fixed deal with trump fixed.

Two counts are worked out by hand (the arithmetic is in the docstrings), and one is
checked against a brute force written here from docs/rules.md §3 and §8 that does not use
engine.core.hand or engine.core.ranking.
"""

from __future__ import annotations

from math import factorial

from engine.core.cards import parse_card, parse_cards
from engine.core.hand import HandState, Phase, apply, from_cards, legal_actions
from engine.core.rules import Rules


def perft(state: HandState) -> int:
    """Number of distinct action sequences from ``state`` to the end of the hand."""
    if state.is_over:
        return 1
    return sum(perft(apply(state, action)) for action in legal_actions(state))


def made(rules: Rules, dealer: int, hands: list[str], upcard: str, bids: list[str]) -> HandState:
    state = from_cards(rules, dealer, [list(parse_cards(h)) for h in hands], parse_card(upcard))
    for text in bids:
        state = apply(state, text)
    assert state.phase is Phase.PLAY
    return state


def test_perft_four_players_forced_follow() -> None:
    """32-card deck, dealer East (3), clubs turned down, South (0) calls hearts and leads.

    South holds JH JD AS AC AD: the two highest trumps (no joker) and the ace of each plain
    suit. West, North and East each hold two small trumps and exactly one spade, one club and
    one diamond. So South wins every trick and leads every trick, in any of 5! = 120 orders.
    When a plain suit is led everyone must follow with their single card of it: 1 way.
    On the first trump lead (JH, or JD, the left bower, which is a heart) each of the three
    must play one of their two trumps: 2 ways each; on the second they play the other.
    Total 120 x 2^3 = 960.
    """
    state = made(
        Rules(deck=32),
        3,
        ["JH JD AS AC AD", "AH KH KS KC KD", "QH TH QS QC QD", "9H 8H TS TC TD"],
        "7C",
        ["pass", "pass", "pass", "pass", "call H"],
    )
    assert state.to_act == 0
    assert perft(state) == factorial(5) * 2**3 == 960


def test_perft_two_players() -> None:
    """Two players, dealer South (0); North leads. Spades turned down; North calls hearts.

    North holds JH JD AH KH QH, the five highest trumps; South holds TH 9H and three clubs.
    North leads a trump every trick (5! = 120 orders) and wins it. South must follow with a
    trump while holding one: TH or 9H first (2 ways), then the other; then the three clubs in
    any order (3! = 6). Total 120 x 2 x 6 = 1440.
    """
    state = made(
        Rules(players=2),
        0,
        ["TH 9H AC KC QC", "JH JD AH KH QH"],
        "9S",
        ["pass", "pass", "call H"],
    )
    assert state.to_act == 1
    assert perft(state) == factorial(5) * 2 * factorial(3) == 1440


# ---- an independent brute force ----------------------------------------------------------

PARTNER = {"C": "S", "S": "C", "D": "H", "H": "D"}


def eff(card: str, trump: str) -> str:
    if card == "JOKER":
        return trump
    if card[0] == "J" and card[1] in (trump, PARTNER[trump]):
        return trump
    return card[1]


def ladder(suit: str, trump: str) -> list[str]:
    """High to low, from docs/rules.md §3 (24-card deck)."""
    if suit == trump:
        return ["JOKER", "J" + trump, "J" + PARTNER[trump]] + [r + trump for r in "AKQT9"]
    return [r + suit for r in "AKQJT9" if not (r == "J" and suit == PARTNER[trump])]


def brute_count(hands: dict[int, list[str]], leader: int, trump: str, tricks_left: int) -> int:
    if tricks_left == 0:
        return 1
    n = 4
    seats = [(leader + i) % n for i in range(n) if (leader + i) % n in hands]

    def extend(position: int, plays: list[tuple[int, str]]) -> int:
        if position == len(seats):
            led = eff(plays[0][1], trump)
            order = ladder(trump, trump) + ([] if led == trump else ladder(led, trump))
            winner = min((order.index(c), s) for s, c in plays if c in order)[1]
            rest = {s: [c for c in h if c not in {p for _, p in plays}] for s, h in hands.items()}
            return brute_count(rest, winner, trump, tricks_left - 1)
        seat = seats[position]
        hand = hands[seat]
        if plays:
            led = eff(plays[0][1], trump)
            follow = [c for c in hand if eff(c, trump) == led]
            choices = follow or hand
        else:
            choices = hand
        return sum(extend(position + 1, plays + [(seat, c)]) for c in choices)

    return extend(0, [])


HANDS = ["JS JH JC 9H TS", "KS QD AC QS TD", "KC QC KD AS KH", "AD 9C 9D AH 9S"]


def test_perft_matches_an_independent_brute_force() -> None:
    """Diamonds trump (clubs turned down, South calls): a deal with real following and leads
    that change hands; the engine and the brute force must agree (several thousand sequences)."""
    state = made(Rules(), 3, HANDS, "TC", ["pass"] * 4 + ["call D"])
    expected = brute_count({s: h.split() for s, h in enumerate(HANDS)}, 0, "D", 5)
    assert expected > 1000  # a real tree, not a forced line
    assert perft(state) == expected


def test_perft_lone_maker_matches_the_brute_force() -> None:
    """The same deal with South alone: North sits out, three hands play."""
    state = made(Rules(), 3, HANDS, "TC", ["pass"] * 4 + ["call D alone"])
    assert state.out == (2,)
    expected = brute_count({s: HANDS[s].split() for s in (0, 1, 3)}, 0, "D", 5)
    assert perft(state) == expected
