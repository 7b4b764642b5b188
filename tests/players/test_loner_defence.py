"""The club player's defence against a lone maker (issue 38): keep a guard in every suit the
maker may still hold, split the guarding with the other defender, lead the highest plain card
through the maker when there is no winner to cash.

Seats: 0 South, 1 West, 2 North, 3 East; partners 0+2 and 1+3. In every position North goes
alone in hearts in round 2 and South sits out. Each expected card is reasoned in the docstring.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine.core.hand import HandState, Phase, deal
from engine.core.rules import VARIANTS, Rules
from engine.core.view import view_of
from engine.players.club import ClubPlayer

Position = Callable[..., HandState]  # the position fixture: a deal written by hand, after some actions
ClubChoice = Callable[..., tuple[str, str]]  # the club_choice fixture: the Club player's action and reason
ClubPlays = Callable[..., None]  # the club_plays fixture: asserts the seat to act, the action and its reason

# West deals and turns the A♠ down; North names hearts alone and leads the A♣. East has no club
# (it throws the 10♠); West follows with the 10♣ and keeps the J♣, the only club the defenders
# still hold, since the 9♣ is out of play with South.
GUARDS = ["9C QC KC 9H TH", "TC JC KS QD 9D", "AC JH JD AH 9S", "TS JS QS TD KD"]
GUARDS_BIDS = ["pass"] * 4 + ["call H alone"]
GUARDS_PLAY = ["play AC", "play TS", "play TC"]


def test_a_defender_gives_up_a_card_that_guards_nothing_first(
    position: Position, club_plays: ClubPlays
) -> None:
    """North leads the right bower; West has no trump. The 9♦ cannot beat a diamond North may
    hold (the 10, king and ace of diamonds, all unseen, are higher; the jack is trump), so it
    guards nothing: West throws it and keeps its jack of clubs, king of spades and queen of diamonds."""
    state = position(GUARDS, "AS", 1, GUARDS_BIDS + GUARDS_PLAY + ["play JH", "play JS"])
    assert state.to_act == 1 and state.alone
    club_plays(state, "play 9D", "no partner")


def test_a_defender_keeps_the_last_club_and_its_partner_keeps_the_suit_it_threw(
    position: Position, club_plays: ClubPlays
) -> None:
    """North leads the left bower; West holds J♣ K♠ Q♦. Each of them beats exactly one unseen
    card of its suit (the 9♣, the 9♠, the 10♦), so counting alone would give up the lowest, the
    jack of clubs. But East showed out of clubs on the first trick, so West's jack is the
    defenders' last club: if North still holds the 9♣ only the jack can stop a march, and North
    has not shown void in clubs. And East has just thrown the Q♠, letting spades go, so West
    keeps its king of spades too. West throws the queen of diamonds: East, who has shown neither
    a void nor a throw in diamonds, may still guard them."""
    state = position(
        GUARDS, "AS", 1, GUARDS_BIDS + GUARDS_PLAY + ["play JH", "play JS", "play 9D", "play JD", "play QS"]
    )
    club_plays(state, "play QD", "no partner", seat=1)


# North deals and turns the 9♠ down; North names hearts alone. East, left of the dealer, leads
# the K♦ and North wins it with the A♦; West follows with the 9♦.
SPLIT = ["JC QC KC TS AS", "9D QD TC KS 9H", "JH JD AH AD 9C", "KD TD JS QS AC"]
SPLIT_BIDS = ["pass"] * 7 + ["call H alone"]


def test_a_defender_lets_go_of_the_suit_its_partner_led(position: Position, club_plays: ClubPlays) -> None:
    """North leads both bowers; West follows the first with its 9♥ and must throw on the second,
    after East has thrown the Q♠. West's Q♦ and 10♣ each beat one unseen card (the 10♦, the 9♣);
    East led diamonds, so East guards them (it showed length there, and it has not shown void):
    West throws the queen of diamonds and keeps the only club guard it can see, and its king of
    spades, the suit East has just let go."""
    state = position(
        SPLIT,
        "9S",
        2,
        SPLIT_BIDS + ["play KD", "play 9D", "play AD", "play JH", "play JS", "play 9H", "play JD", "play QS"],
    )
    assert state.to_act == 1 and state.trump is not None
    club_plays(state, "play QD", "no partner")


# South deals and turns the 10♣ down; West passes and North names hearts alone. West, left of
# the dealer, leads: North plays second and East, over North, plays last.
THROUGH = ["KS TD JC QC AC", "9S TS KC QH QD", "JH JD AH AS 9C", "JS QS KD AD 9D"]


def test_the_opening_lead_through_a_lone_maker_is_the_highest_plain_card(
    position: Position, club_plays: ClubPlays
) -> None:
    """West holds no winner to cash (the A♣, the K♦ and the A♦ are unseen). The old habit led a
    low singleton to trump that suit later, but a lone maker draws trumps first. West leads its
    king of clubs through North: if North has no higher club it takes the trick and the loner
    fails; if North holds the ace, the king would have fallen under it anyway, and East, who
    plays after North, may hold it instead. The low spades stay as they are, guarding nothing."""
    state = position(THROUGH, "TC", 0, ["pass"] * 5 + ["call H alone"])
    assert state.to_act == 1 and state.phase is Phase.PLAY
    club_plays(state, "play KC", "make him beat it now")


@pytest.mark.parametrize("rules", [r for r in VARIANTS if r.players != 4 or r.defend_alone], ids=str)
def test_club_players_finish_hands_against_lone_makers_in_every_variant(rules: Rules) -> None:
    """Cutthroat, two-handed and defend alone: the defence against a maker without a partner
    plays every hand to the end with legal cards (ClubPlayer asserts each card is legal)."""
    club_player = ClubPlayer()
    lone = 0
    for h in range(120):
        rng = random.Random(3800 + h)
        state = deal(rules, h % rules.players, rng)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            state = state.apply(club_player.decide(view_of(state, seat), rng).action)
        lone += state.maker is not None and (state.alone or rules.players < 4)
    assert lone > 0


# East deals with the 9♥ up; South orders up alone, so North sits out and East, a defender,
# picks the 9♥ up and discards.
DISCARD = ["JH JD AH AS 9C", "AD QH JC TS KC", "KH KD QD TC 9D", "9S QS KS TH QC"]


def test_the_dealer_against_a_loner_discards_the_card_that_guards_least(
    position: Position, club_choice: ClubChoice, club_plays: ClubPlays
) -> None:
    """East holds 9♠ Q♠ K♠ 10♥ Q♣ and picks up the 9♥. The rule for partners throws the Q♣ to be
    void in clubs, but a lone maker draws trumps and leads his winners, so a void is seldom trumped
    into, while the Q♣ may take his last card (here the 9♣). The 9♠ guards nothing: no unseen spade
    is lower. East throws it."""
    state = position(DISCARD, "9H", 3, ["order alone"])
    assert state.phase is Phase.DISCARD and state.to_act == 3
    club_plays(state, "discard 9S", "guards least")
    partners = position(DISCARD, "9H", 3, ["order"])
    assert club_choice(partners)[0] == "discard QC"
