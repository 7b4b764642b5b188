"""Hand-worked decisions any club player agrees with.

Seats: 0 South, 1 West, 2 North, 3 East; partners 0+2 and 1+3. The hands are dealt by
hand below; in each case the expected answer is reasoned in the test's docstring.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.core.actions import Action, Kind
from engine.core.cards import parse_card, parse_cards
from engine.core.hand import HandState
from engine.core.rules import Rules
from engine.core.view import view_of
from engine.players.club import ClubPlayer
from engine.players.evaluate import Score, best_discard, bid_strength, hand_facts

Position = Callable[..., HandState]  # the position fixture: a deal written by hand, after some actions
ClubChoice = Callable[..., tuple[str, str]]  # the club_choice fixture: the Club player's action and reason
ClubPlays = Callable[..., None]  # the club_plays fixture: asserts the seat to act, the action and its reason

# South holds both bowers and the ace of hearts; East deals and turns up the 9H.
BOWERS = ["JH JD AH KS 9C", "TC QC KC AD QD", "9S TS QS AS KD", "JC JS TD 9D TH"]


def test_maker_with_both_bowers_and_ace_leads_the_right(position: Position, club_plays: ClubPlays) -> None:
    """South orders hearts and leads: the right bower is the top trump, so leading it pulls
    two opposing trumps and the left bower becomes the top trump ("save the left")."""
    state = position(BOWERS, "9H", 3, ["order", "discard 9D"])
    club_plays(state, "play JH", "right bower", seat=0)


def test_second_hand_plays_low(position: Position, club_choice: ClubChoice) -> None:
    """West leads the 10 of clubs; North (second hand) holds K and 9 of clubs. The ace of
    clubs is unseen, so the king is no sure winner, and South (North's partner) plays
    last: second hand low — the 9."""
    hands = ["9H TH QH AS KD", "TC QD QS 9S TD", "KC 9C AH KH JS", "AC QC 9D AD KS"]
    state = position(hands, "JD", 0, ["order", "discard 9H"])  # West orders diamonds; South deals
    assert state.trump is not None and state.to_act == 1
    state = state.apply("play TC")
    assert club_choice(state)[0] == "play 9C"


def test_third_hand_does_not_trump_partners_ace(position: Position, club_plays: ClubPlays) -> None:
    """West leads the ace of clubs, North follows with a club; East, West's partner, has no
    club but holds trump. The ace is the highest club left and South has not shown out of
    clubs, so East throws a low card instead of trumping the partner's winner."""
    hands = ["9C TH QH AS KD", "AC QD QS 9S TD", "KC 9H AH KH JS", "JH JD 9D AD KS"]
    state = position(hands, "TC", 0, ["pass", "pass", "pass", "pass", "call D"])
    assert state.trump is not None and state.trump.letter == "D" and state.to_act == 1
    state = state.apply("play AC").apply("play KC")
    club_plays(state, "play KS", "partner")


def test_dealer_with_three_trumps_and_the_upcard_picks_up(
    position: Position, club_choice: ClubChoice
) -> None:
    """East deals with the ace, king and 9 of hearts; the 10 of hearts is turned up. Picking
    it up gives four trumps and, after throwing a small club, two voids: pick it up."""
    hands = ["9C TC QC KC AC", "JC JS TS KS AS", "9D TD QD KD AD", "AH KH 9H 9S QS"]
    state = position(hands, "TH", 3, ["pass", "pass", "pass"])
    action, _ = club_choice(state)
    assert action in ("order", "order alone")
    assert action == "order"


def test_first_seat_with_no_trump_and_no_ace_passes(position: Position, club_plays: ClubPlays) -> None:
    """South has no heart, no jack of diamonds and no ace: nothing to make hearts with."""
    hands = ["9C TC QS KD 9D", "JH JD AH KH 9S", "AC KC QC JC TS", "AS KS JS TD QD"]
    state = position(hands, "QH", 3, [])
    club_plays(state, "pass", "no trump")


def test_dealer_discards_to_make_a_void_and_keeps_trump_and_aces() -> None:
    """Spades trump; six cards JS AS QS AC KH 9D: no trump goes, the ace of clubs stays;
    the 9 of diamonds and the king of hearts are both singletons, the 9 is lower."""
    assert str(best_discard(parse_cards("JS AS AC KH 9D QS"), parse_card("QS").suit)) == "9D"  # type: ignore[arg-type]
    # With a doubleton of diamonds, the singleton king goes: a void beats a lower card.
    assert str(best_discard(parse_cards("JS AS TD 9D KC QS"), parse_card("QS").suit)) == "KC"  # type: ignore[arg-type]


# South deals and turns the 9S down; West names hearts in round 2 and leads the AC, North
# follows. South holds no heart (the JD is West's) and no club: KS AD QD TD 9D.
THROW = ["KS AD QD TD 9D", "JH JD AH KH AC", "9C TC JC QC KC", "TH QH QS TS JS"]
TURNED_DOWN = ["pass"] * 4


def test_defender_throws_to_make_a_void_when_the_maker_has_a_partner(
    position: Position, club_plays: ClubPlays
) -> None:
    """West plays with a partner. On the ace of clubs South can neither follow nor trump,
    so it cannot win: it throws its lowest card that is not a winner, and of the king of
    spades (alone in spades) and the diamonds it throws the king, to be void in spades and
    trump a spade lead later."""
    state = position(THROW, "9S", 0, TURNED_DOWN + ["call H", "play AC", "play 9C", "play TS"])
    club_plays(state, "play KS", "void in spades", seat=0)


def test_defender_against_a_lone_maker_keeps_a_card_in_every_suit(
    position: Position, club_plays: ClubPlays
) -> None:
    """The same cards, but West goes alone and East sits out. Against a lone maker a void is
    seldom ruffed, and the king of spades may yet win a trick, so South gives up the lowest
    diamond, the 9, and keeps its spade (bench/defence_check.py --decision throw measures
    this: making the void loses about 0.03 points a throw)."""
    state = position(THROW, "9S", 0, TURNED_DOWN + ["call H alone", "play AC", "play 9C"])
    assert state.to_act == 0 and state.alone
    club_plays(state, "play 9D", "no partner")


def test_defender_in_cutthroat_keeps_a_card_in_every_suit(position: Position, club_plays: ClubPlays) -> None:
    """Cutthroat: the maker never has a partner. The same first three hands at three players
    (seat 1 names hearts and leads the ace of clubs, seat 2 follows): seat 0 throws the 9 of
    diamonds and keeps its king of spades, as against a loner."""
    state = position(THROW[:3], "9S", 0, ["pass"] * 3 + ["call H", "play AC", "play 9C"], Rules(players=3))
    club_plays(state, "play 9D", "no partner", seat=0)


# South deals and the 10 of diamonds is turned down; West names hearts in round 2 and leads.
# North has no club but holds the right bower and the 9 of hearts; East holds clubs.
RUFF = ["9C TC QD KD AS", "AC KH QH TH 9D", "JH 9H AD TS QS", "KC QC JC AH 9S"]


def test_second_hand_void_ruffs_with_the_lowest_trump_that_wins(
    position: Position, club_plays: ClubPlays
) -> None:
    """West leads the ace of clubs. North cannot follow: the 9 of hearts takes the trick as
    surely as the right bower does, because East, the one opponent after North, has not
    shown out of clubs and must follow. So North ruffs with the 9 and keeps the right bower
    for a trick it alone can win."""
    state = position(RUFF, "TD", 0, TURNED_DOWN + ["call H", "play AC"])
    assert state.trump is not None and state.trump.letter == "H" and state.to_act == 2
    club_plays(state, "play 9H", "Trump it")


def test_third_hand_void_ruffs_an_opponents_winner_with_its_lowest_trump(
    position: Position, club_plays: ClubPlays
) -> None:
    """West leads the 9 of clubs and North wins it with the ace. East, West's partner, has no
    club: South, the last to play, has not shown out of clubs and must follow, so the 9 of
    hearts wins the trick as surely as the right bower, and East keeps the bower."""
    hands = ["TC JC QC KC AS", "9C KH QH TH 9D", "AC TS QS AD KD", "JH 9H AH 9S JS"]
    state = position(hands, "TD", 0, TURNED_DOWN + ["call H", "play 9C", "play AC"])
    club_plays(state, "play 9H", "nobody after you can beat it", seat=3)


# West names hearts and leads a diamond; North has neither diamonds nor hearts; East, West's
# partner, holds the king and 9 of diamonds. South holds the other diamonds that are unseen.
OVER = ["QD AD JC QC KC", "TD KH QH TH 9C", "9S TS QS KS AC", "KD 9D AH 9H JS"]


def test_third_hand_plays_over_a_partners_card_that_may_be_beaten(
    position: Position, club_plays: ClubPlays
) -> None:
    """West leads the 10 of diamonds. South, last, could beat it with the queen or the ace,
    both unseen by East. The king beats the 10 and leaves South only the ace to take the
    trick: third hand high, the king."""
    state = position(OVER, "AS", 0, TURNED_DOWN + ["call H", "play TD", "play 9S"])
    club_plays(state, "play KD", "Third hand high", seat=3)


def test_third_hand_keeps_its_king_when_only_the_ace_could_beat_both(
    position: Position, club_choice: ClubChoice
) -> None:
    """Now West leads the queen (South holds the 10). No unseen diamond lies between the queen
    and East's king (the jack of diamonds is a trump, the left bower), so the king raises the
    bar for nobody: if South has the ace it wins either way. East plays low, the 9."""
    hands = ["TD AD JC QC KC", "QD KH QH TH 9C", "9S TS QS KS AC", "KD 9D AH 9H JS"]
    state = position(hands, "AS", 0, TURNED_DOWN + ["call H", "play QD", "play 9S"])
    action, _ = club_choice(state)
    assert action == "play 9D"


def test_going_alone_only_when_it_pays(position: Position, club_choice: ClubChoice) -> None:
    """Both bowers, the ace of hearts and two off-aces: a loner at 0-0; at 9 points a single
    point wins the game, so there is no reason to play alone."""
    hands = ["JH JD AH AS AC", "9C TC QC KC 9D", "TD QD KD AD 9S", "TS QS KS JC JS"]
    state = position(hands, "9H", 3, [])
    assert club_choice(state)[0] == "order alone"
    assert club_choice(state, ClubPlayer(score=Score(ours=9, theirs=3)))[0] == "order"


def test_round_two_stick_the_dealer_names_the_best_suit(position: Position, club_plays: ClubPlays) -> None:
    """Stick the dealer: East, the dealer, must call. Clubs were turned down; East's best suit
    is spades — three trumps counting the jack of clubs (the left bower) — but too weak to
    call by choice: East names spades only because it must."""
    hands = ["9H QH KD AC QS", "AH KH JH TD QD", "AD JD 9C TC QC", "JC 9S TS TH 9D"]
    rules = Rules(stick_the_dealer=True)
    state = position(hands, "KC", 3, ["pass"] * 4 + ["pass"] * 3, rules)
    assert [str(a) for a in state.legal_actions()][:1] != ["pass"]
    club_plays(state, "call S", "Stick the dealer")
    facts = hand_facts(view_of(state, 3).hand, parse_card("JS").suit)  # type: ignore[arg-type]
    assert facts.trump_count == 3  # JC (the left bower), TS, 9S — a beginner counts 2


def test_joker_upcard_names_the_longest_strong_suit(position: Position, club_choice: ClubChoice) -> None:
    """The joker is turned up: East, the dealer, names trump. With JD JH AD 9D + a club,
    diamonds gives joker, right, left, ace, nine: name diamonds (and, that strong, alone)."""
    rules = Rules(joker=True)
    hands = ["9C TC QC KC AC", "9S TS QS KS AS", "9H TH QH KH AH", "JD JH AD 9D JC"]
    state = position(hands, "JOKER", 3, [], rules)
    action, _ = club_choice(state)
    parsed = Action.parse(action)
    assert parsed.kind is Kind.NAME and parsed.suit is not None and parsed.suit.letter == "D"


def test_upcard_changes_hands_in_round_one(position: Position) -> None:
    """The same hand is worth more when the dealer who picks up the upcard is one's partner."""
    hands = ["JH AH 9H KS 9C", "TC QC KC AD QD", "9S TS QS AS KD", "JC JS TD 9D TH"]
    partner_deals = view_of(position(hands, "QH", 2, ["pass"]), 0)  # North deals: East passed
    opponent_deals = view_of(position(hands, "QH", 3, []), 0)
    heart = parse_card("JH").suit
    assert heart is not None
    assert bid_strength(partner_deals, heart) > bid_strength(opponent_deals, heart)


def test_in_round_one_the_joker_counts_less_towards_calling_because_a_pass_keeps_it(
    position: Position,
) -> None:
    """The joker is a trick whatever is trump, so in round 1 it argues less for the upcard's suit.

    South (first seat, East deals) holds the joker, Q-9 of clubs, the ace of diamonds and the
    king of hearts; the 10 of clubs is turned up. Worked by hand with clubs as trump: the joker
    tops the suit (1.0), the queen 0.45, the 9 0.35, a third trump 0.15, the ace of diamonds
    in a one-card suit 0.7, the bare king of hearts 0.05, the spade void 0.2: 2.90 tricks.
    The 10 of clubs goes to the opponents: minus 0.6 of its 0.4, minus 0.1. The pass keeps
    the joker: minus 0.8. The bid strength is 1.76.
    """
    from engine.players.evaluate import JOKER_KEPT, trick_estimate

    rules = Rules(joker=True)
    hands = ["JOKER QC 9C AD KH", "TS QS KS AS JD", "9S JS TH QH AH", "KC AC 9D TD QD"]
    view = view_of(position(hands, "TC", 3, [], rules), 0)
    clubs = parse_card("TC").suit
    assert clubs is not None and JOKER_KEPT == pytest.approx(0.8)
    assert trick_estimate(view.hand, clubs, True) == pytest.approx(2.90)
    assert bid_strength(view, clubs) == pytest.approx(2.90 - 0.34 - 0.8)
    # Without the joker in hand (the 9 of hearts instead) nothing is taken off.
    plain = view_of(
        position(
            ["9H QC 9C AD KH", "TS QS KS AS JD", "JOKER JS TH QH AH", "KC AC 9D TD QD"], "TC", 3, [], rules
        ),
        0,
    )
    assert bid_strength(plain, clubs) == pytest.approx(trick_estimate(plain.hand, clubs, True) - 0.34)
