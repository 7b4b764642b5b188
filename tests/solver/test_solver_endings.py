"""Hand-worked endings: the solver's values against lines of play worked out by hand.

Each position is built directly (hands, trump, maker, who leads); earlier tricks are
given only by their winners, since only the makers' count of them matters. Seats: 0
South, 1 West, 2 North, 3 East; the makers are South (and North with partners).
Every ending is also checked against the brute force of this folder's conftest.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine.compiled.solver import SolverError, makers_reach, makers_tricks, solve, solve_many
from engine.core.actions import Action, play
from engine.core.cards import Suit, parse_card, parse_cards
from engine.core.hand import HandState, Phase, Trick, deal, replace
from engine.core.rules import Rules


def ending(
    trump: Suit,
    hands: dict[int, str],
    leader: int,
    earlier: tuple[int, ...],
    alone: bool = False,
    out: tuple[int, ...] = (),
    lone_defender: int | None = None,
    trick: tuple[tuple[int, str], ...] = (),
    rules: Rules | None = None,
) -> HandState:
    """A play-phase position with South the maker, under ``rules`` (the standard game by default);
    ``earlier`` are the winners of the tricks already played; ``trick`` the cards already on the table."""
    rules = rules or Rules()
    base = deal(rules, 3 % rules.players, random.Random(0))
    held = tuple(parse_cards(hands.get(seat, "")) for seat in range(rules.players))
    plays = tuple((seat, parse_card(c)) for seat, c in trick)
    to_act = leader
    for _ in plays:
        to_act = (to_act + 1) % rules.players
        while to_act in out:
            to_act = (to_act + 1) % rules.players
    return replace(
        base,
        phase=Phase.PLAY,
        trump=trump,
        maker=0,
        alone=alone,
        out=out,
        lone_defender=lone_defender,
        hands=held,
        leader=leader,
        to_act=to_act,
        trick=plays,
        tricks=tuple(Trick(leader, (), w) for w in earlier),
    )


@pytest.fixture
def values(card_values: Callable[[HandState], dict[Action, int]]) -> Callable[[HandState], dict[str, int]]:
    """The solver's value of each card, by its text, once the brute force agrees with it."""

    def solved(state: HandState) -> dict[str, int]:
        solution = solve(state)
        assert solution.cards == card_values(state)  # and the brute force agrees
        return {str(a.card): v for a, v in solution.cards.items()}

    return solved


def test_two_card_ending_cash_the_ace_before_the_trump(values: Callable[[HandState], dict[str, int]]) -> None:
    """Hearts trump; South (maker, 2 tricks in) leads; West holds the ten of trump and a spade.

    - Ace of clubs first: West either ruffs with the ten (then leads the nine of spades and
      South ruffs it with the nine of trump) or discards (the ace wins, then the ten of
      trump beats South's nine). One more trick: 3.
    - Nine of trump first: West must follow with the higher ten and wins, then leads the
      nine of spades; South has only the ace of clubs and East's king of spades wins: 2.
    """
    state = ending(Suit.HEARTS, {0: "AC 9H", 1: "TH 9S", 2: "9D TD", 3: "KS QD"}, leader=0, earlier=(0, 2, 1))
    assert values(state) == {"AC": 3, "9H": 2}
    assert solve(state).tricks == makers_tricks(state) == 3
    assert makers_reach(state, 3) and not makers_reach(state, 4)


def test_lone_maker_must_lead_the_right_bower_to_march(values: Callable[[HandState], dict[str, int]]) -> None:
    """Spades trump; South alone (North sits out) has won both tricks so far and leads.

    South: right bower JS, AD, 9D. West: left bower JC, QH, TH. East: 9S, AH, KH.
    - JS first: West must follow with the left, East with the nine; no trump is left
      against South, whose AD and 9D then win (nobody else holds a diamond): all 5.
    - AD (or 9D) first: West ruffs with the left bower and leads a heart, South ruffs
      with the right, and on the last diamond East ruffs with the nine of spades. South
      always wins the trick the right bower is played to, so exactly one more: 3.
    """
    state = ending(
        Suit.SPADES,
        {0: "JS AD 9D", 1: "JC QH TH", 2: "9C TC QC", 3: "9S AH KH"},
        leader=0,
        earlier=(0, 0),
        alone=True,
        out=(2,),
    )
    assert values(state) == {"JS": 5, "AD": 3, "9D": 3}


def test_lone_defender_waits_with_the_right_bower(values: Callable[[HandState], dict[str, int]]) -> None:
    """Clubs trump, Railroad: South alone against West alone (North and East sit out).

    South (2 tricks won) leads with the left bower JS and AH; West holds the right JC and KD.
    - JS first: West covers with the right bower and leads KD; South's AH cannot follow
      diamonds and loses: 2 (euchred).
    - AH first: West has no heart, ruffs with the right and leads KD; South ruffs it with
      the left bower: 3. (Had West discarded KD, the AH wins and West's right wins the last.)
    """
    rules = Rules(defend_alone=True)
    state = ending(
        Suit.CLUBS,
        {0: "JS AH", 1: "JC KD", 2: "9C TC QC", 3: "9S TS QS"},
        leader=0,
        earlier=(0, 0, 1),
        alone=True,
        out=(2, 3),
        lone_defender=1,
        rules=rules,
    )
    assert values(state) == {"JS": 2, "AH": 3}


def test_left_bower_squeeze(values: Callable[[HandState], dict[str, int]]) -> None:
    """Hearts trump, the right bower gone: South's left bower JD is the only trump left.

    South leads, makers have 1 of the 2 tricks played. South: JD 9S QD; West: QS KS AD;
    North: AS TS KD; East: TD 9D KC. West guards spades (KS QS against North's AS TS) and
    diamonds (AD against North's KD), and North discards after West.
    - JD first: West must let go of a guard. If AD, North throws TS and makes AS and the
      then-top KD. If a spade, North throws KD; South leads 9S to North's AS, and North's
      TS is then the top spade. Makers take all three: 4.
    - Anything else first lets West keep both guards (a spade or diamond lead is won or
      covered by West's guard in that suit): makers take two of the three: 3.
    """
    state = ending(
        Suit.HEARTS, {0: "JD 9S QD", 1: "QS KS AD", 2: "AS TS KD", 3: "TD 9D KC"}, leader=0, earlier=(0, 1)
    )
    assert values(state) == {"JD": 4, "9S": 3, "QD": 3}
    squeezed = state.apply("play JD")
    # Every discard West can make costs West a trick.
    assert values(squeezed) == {"QS": 4, "KS": 4, "AD": 4}


def test_cutthroat_ruff_now_or_later_is_the_same(values: Callable[[HandState], dict[str, int]]) -> None:
    """Cutthroat (seats South 0, West 1, East 2), diamonds trump, South the maker with 2 tricks.

    West led the AC, East followed with the QC; South, void in clubs, holds 9D and KS.
    - 9D ruffs the ace and wins; South leads KS and East's AS wins the last: 3.
    - KS thrown away: West's ace wins, West leads 9H, East throws the AS and South's 9D
      ruffs: also 3. Both cards make the contract, so the values are equal.
    """
    state = ending(
        Suit.DIAMONDS,
        {0: "9D KS", 1: "9H", 2: "AS"},
        leader=1,
        earlier=(0, 0, 1),
        trick=((1, "AC"), (2, "QC")),
        rules=Rules(players=3),
    )
    assert values(state) == {"9D": 3, "KS": 3}


def test_joker_beats_both_bowers(values: Callable[[HandState], dict[str, int]]) -> None:
    """British Euchre, hearts trump. Two players, one card each left: South's right bower
    against North's joker (the best bower) — North wins whoever leads: makers stay at 2."""
    state = ending(
        Suit.HEARTS, {0: "JH", 1: "JOKER"}, leader=0, earlier=(0, 0, 1, 1), rules=Rules(players=2, joker=True)
    )
    assert values(state) == {"JH": 2}


def test_not_in_play_phase_is_a_named_error() -> None:
    state = deal(Rules(), 0, random.Random(1))
    with pytest.raises(SolverError, match="play phase can be solved; this one is in the bid1 phase"):
        solve(state)
    with pytest.raises(SolverError):
        makers_tricks(state)
    with pytest.raises(ValueError):
        solve_many([state])


def test_card_values_follow_the_hand_order_and_legality() -> None:
    """East must follow clubs with its only club; the values come back for legal cards only."""
    state = ending(
        Suit.HEARTS,
        {0: "9H", 1: "9S", 2: "TD", 3: "KS 9C"},
        leader=0,
        earlier=(0, 1, 2),
        trick=((0, "AC"), (1, "TH"), (2, "9D")),
    )
    assert list(solve(state).cards) == [play(parse_card("9C"))]
