"""Why a card is right or wrong, in a club player's words (engine/analysis/card_reasons.py).

Seats: 0 South, 1 West, 2 North, 3 East; partners 0+2 and 1+3. Every position below is dealt by
hand; each test's docstring works out what the seat can see and what the sentence must say.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from engine.analysis.card_reasons import choice_reason, mistake_reason
from engine.core.actions import Action
from engine.core.hand import HandState, Phase, deal
from engine.core.rules import VARIANTS, Rules
from engine.core.view import SeatView, view_of
from engine.players.club import ClubPlayer

Position = Callable[..., HandState]  # the position fixture: a deal written by hand, after some actions

BANNED = (
    "double-dummy",
    "double dummy",
    "open-handed",
    "open handed",
    "sampled",
    "solver",
    "simulat",
    "%",
    "percent",
    "probability",
    "expected",
    "average",
    "deals",
)


def seat_view(state: HandState) -> SeatView:
    assert state.to_act is not None
    return view_of(state, state.to_act)


def why(state: HandState, action: str) -> str:
    return choice_reason(seat_view(state), Action.parse(action))


def worse(state: HandState, chosen: str, best: str) -> str:
    return mistake_reason(seat_view(state), Action.parse(chosen), Action.parse(best))


# ---- 1. leading trump, or not ---------------------------------------------------------------

# South orders the 9H holding both bowers and the ace; East deals and buries the 9D.
BOWERS = ["JH JD AH KS 9C", "TC QC KC AD QD", "9S TS QS AS KD", "JC JS TD 9D TH"]
# North orders the 9H; East deals and buries the KD; South (North's partner) leads.
PARTNER_MADE = ["TH AC KC 9S QD", "9C TC QC 9D TD", "JH JD AH KH QS", "AS KS TS JC KD"]
# West orders the 9H; South, a defender with West on his left, leads.
DEFENDING = ["AC 9C TH 9S QD", "JH JD AH KH QS", "TD KC TC JS AD", "AS KS TS JC KD"]


def test_the_maker_leads_the_right_bower_to_draw_trump(position: Position) -> None:
    """South made hearts and holds the right bower, the highest trump: lead it and pull the
    opponents' trumps. Leading the K♠ instead leaves their trumps out to ruff South's winners."""
    state = position(BOWERS, "9H", 3, ["order", "discard 9D"])
    reason = why(state, "play JH")
    assert reason.startswith("Lead the right bower (J♥)") and "draw the opponents' trumps" in reason
    assert "you made trump" in reason
    mistake = worse(state, "play KS", "play JH")
    assert mistake.startswith("Leading the K♠ leaves the opponents' trumps out")
    assert mistake.endswith(reason)


def test_the_makers_partner_leads_a_low_trump(position: Position) -> None:
    """North made hearts; South's only trump is the 10♥. A trump lead draws the opponents' trumps
    for the partner; the A♣ is still a winner (the highest club) but can wait."""
    state = position(PARTNER_MADE, "9H", 3, ["pass", "pass", "order", "discard KD"])
    reason = why(state, "play TH")
    assert reason == "Lead trump: your partner made it, so the 10♥ draws the opponents' trumps."
    assert why(state, "play AC") == "Cash the A♣: it is the highest club left."


def test_a_defender_leads_an_off_ace_or_through_the_maker_not_trump(
    position: Position,
) -> None:
    """West made hearts and sits on South's left. South, defending, holds the A♣ (the highest
    club), small spades and diamonds and the 10♥: cash the ace before the makers can trump clubs,
    or lead a small card through the maker; leading the 10♥ plays into the makers' trumps."""
    state = position(DEFENDING, "9H", 3, ["pass", "order", "discard KD"])
    cash = why(state, "play AC")
    assert (
        cash.startswith("Cash the A♣: it is the highest club left") and "before the makers can trump" in cash
    )
    through = why(state, "play 9S")
    assert through.startswith("Lead through the maker") and "9♠" in through and "your partner" in through
    mistake = worse(state, "play TH", "play AC")
    assert mistake.startswith("Leading trump as a defender plays into the makers' hand")


# ---- 2. cashing the highest card left ------------------------------------------------------

# The A♠ is turned up and turned down; South calls hearts in round 2 and leads.
TURNED_DOWN = ["KS JH JD AH KC", "9S TS QC 9C AC", "QS 9D TD QD KD", "JS 9H TH QH KH"]


def test_the_king_is_the_highest_spade_once_the_ace_is_turned_down(
    position: Position,
) -> None:
    """Everybody saw the A♠ turned down, so South's K♠ is the highest spade left."""
    state = position(TURNED_DOWN, "AS", 3, ["pass"] * 4 + ["call H"])
    assert why(state, "play KS") == "Cash the K♠: the A♠ was turned down, so it is the highest spade left."


def test_the_king_is_the_highest_club_once_the_ace_is_played(position: Position) -> None:
    """South leads the right bower; West, out of hearts, throws the A♣. South wins and leads
    again: the K♣ is now the highest club left."""
    state = position(
        TURNED_DOWN, "AS", 3, ["pass"] * 4 + ["call H", "play JH", "play AC", "play 9D", "play 9H"]
    )
    assert state.to_act == 0
    assert why(state, "play KC") == "Cash the K♣: the A♣ has been played, so it is the highest club left."


# ---- 3. following --------------------------------------------------------------------------

# Diamonds are trump (West calls them in round 2); West leads the A♣, North plays the K♣.
PARTNER_ACE = ["9C TH QH AS KD", "AC QD QS 9S TD", "KC 9H AH KH JS", "JH JD 9D AD KS"]
# West orders the JD (South deals and buries the 9H) and leads the 10♣.
SECOND_HAND = ["9H TH QH AS KD", "TC QD QS 9S TD", "KC 9C AH KH JS", "AC QC 9D AD KS"]


def test_do_not_trump_the_partners_winning_ace(position: Position) -> None:
    """East holds no club. The A♣ is the highest club left and South has not shown out of clubs,
    so West's ace holds the trick: throw the K♠ (a void in spades) rather than trump it."""
    state = position(PARTNER_ACE, "TC", 0, ["pass"] * 4 + ["call D", "play AC", "play KC"])
    reason = why(state, "play KS")
    assert reason.startswith("Your partner's A♣ is winning the trick: don't trump it — throw the K♠")
    assert "void in spades" in reason
    mistake = worse(state, "play 9D", "play KS")
    assert mistake.startswith("Your partner's A♣ was already winning: trumping it wastes a trump")


def test_second_hand_low(position: Position) -> None:
    """North holds the K♣ and 9♣ second to play; the A♣ is unseen, and South plays last:
    second hand low. The king may be beaten by East's ace."""
    state = position(SECOND_HAND, "JD", 0, ["order", "discard 9H", "play TC"])
    reason = why(state, "play 9C")
    assert (
        reason.startswith("Second hand low") and "9♣" in reason and "your partner, who plays last" in reason
    )
    assert worse(state, "play KC", "play 9C").startswith("The K♣ can still be beaten by the makers after you")


def test_third_hand_high(position: Position) -> None:
    """East's partner West led the 10♣ and North covered with the K♣: East is third hand and
    his A♣ beats the king; the Q♣ would let it go."""
    state = position(SECOND_HAND, "JD", 0, ["order", "discard 9H", "play TC", "play KC"])
    assert why(state, "play AC").startswith("Third hand high: the A♣ beats the K♣, the highest club left")
    assert why(state, "play QC").startswith("Let this trick go with the Q♣")


def test_trump_the_opponents_trick_as_cheaply_as_you_can(position: Position) -> None:
    """West led the 10♣, North played the 9♣ and East took it with the A♣. South, last to play,
    has no club: trump with the K♦, the lower of his two trumps; the right bower would win too
    but costs more, and the A♠ gives the trick away."""
    state = position(SECOND_HAND, "JD", 0, ["order", "discard 9H", "play TC", "play 9C", "play AC"])
    reason = why(state, "play KD")
    assert reason.startswith("Trump it with the K♦ (the lowest trump that wins)") and "the makers" in reason
    assert worse(state, "play AS", "play KD").startswith(
        "The A♠ lets the makers keep a trick that the K♦ wins."
    )
    assert worse(state, "play JD", "play KD").startswith(
        "The J♦ wins the trick too, but the K♦ does it more cheaply"
    )


def test_cannot_win_throw_the_lowest(position: Position) -> None:
    """South leads the right bower; West has no heart and no trump, so nothing wins: throw the
    lowest card. Throwing the A♦, the highest diamond left, gives up a trick."""
    state = position(BOWERS, "9H", 3, ["order", "discard 9D", "play JH"])
    assert why(state, "play TC") == "You cannot win this trick: throw your lowest card, the 10♣."
    assert worse(state, "play AD", "play TC").startswith("The A♦ was the highest diamond left")


def test_do_not_play_high_under_the_partners_winner(position: Position) -> None:
    """South made hearts and leads the right bower, the highest trump; West has no heart. North
    must follow with the A♥ or the 9♥: the bower holds the trick, so the 9♥ is enough."""
    hands = ["JH KS 9C TC QD", "AC KC QC JC 9D", "AH 9H 9S TS KD", "JD TH AS QS AD"]
    state = position(hands, "QH", 3, ["order", "discard QS", "play JH", "play 9D"])
    assert why(state, "play 9H") == "Your partner's J♥ is winning the trick: play low with the 9♥."
    assert worse(state, "play AH", "play 9H").startswith(
        "Your partner's J♥ was already winning: the A♥ is a higher card than the trick needs."
    )


def test_take_the_third_trick_that_euchres_the_makers(position: Position) -> None:
    """South made diamonds. West (trumped the A♠) and East (trumped the 10♥) have two tricks;
    South leads the A♥. West, out of hearts, holds the left bower (J♥) and the Q♣: trumping
    takes the third trick, which euchres the makers; the Q♣ lets it go."""
    hands = ["9D AH AS QD QH", "JH TH 9C QC KD", "TC KS JD JS TS", "KH 9S AC JC KC"]
    plays = ["AS", "KD", "TS", "KH", "TH", "TC", "TD", "QH", "AC", "9D", "9C", "JS", "AH"]
    state = position(hands, "TD", 3, ["order", "discard 9S"] + [f"play {c}" for c in plays])
    assert state.to_act == 1
    reason = why(state, "play JH")
    assert reason.startswith("Trump it with the J♥") and "third trick, which euchres the makers" in reason
    assert worse(state, "play QC", "play JH").startswith(
        "The Q♣ lets the makers keep a trick you could win, and your side needs it for three."
    )


def test_cutthroat_defenders_play_together(position: Position) -> None:
    """Three players: South orders the 9H and leads the 9♣; West takes it with the A♣, the
    highest club. East, the other defender, has no club and plays last: no trump on the A♣."""
    hands = ["9C JH JD AH KH", "AC TC QS KS 9D", "TH QH AS KD QD"]
    state = position(hands, "9H", 2, ["order", "discard QD", "play 9C", "play AC"], Rules(players=3))
    assert state.to_act == 2
    assert why(state, "play KD").startswith(
        "The other defender's A♣ is winning the trick: don't trump it — throw the K♦"
    )
    assert worse(state, "play 9H", "play KD").startswith(
        "The other defender's A♣ was already winning: trumping it"
    )


# ---- 4. the dealer's discard ---------------------------------------------------------------


def test_discard_makes_a_void_and_never_a_bower_or_an_ace(position: Position) -> None:
    """East deals and picks up the 9H holding the right bower, the A♠, the 9♣ and two diamonds:
    the 9♣ makes a void in clubs; the right bower is the highest trump; the ace may win a trick."""
    hands = ["JD AH KH TS 9S", "TC QC KC AC 9D", "QS KS JS TD AD", "JH AS 9C KD QD"]
    state = position(hands, "9H", 3, ["order"])
    assert state.phase is Phase.DISCARD
    good = why(state, "discard 9C")
    assert good == "Discard the 9♣: it makes you void in clubs, so you can trump them."
    assert worse(state, "discard JH", "discard 9C") == (
        "The right bower (J♥) is the highest trump: discarding it hands a sure trick away. " + good
    )
    assert worse(state, "discard AS", "discard 9C").startswith("The A♠ is an ace")
    assert worse(state, "discard KD", "discard 9C").startswith("Discarding the K♦ makes no void")


def test_with_the_joker_the_right_bower_is_only_second(position: Position) -> None:
    """British Euchre: East deals, picks up the 9H and holds the joker and the right bower. The
    joker is the highest trump and the right bower the second-highest: neither is a discard."""
    hands = ["JD AH KH TS 9S", "TC QC KC AC 9D", "QS KS JS TD AD", "JH JOKER 9C KD QD"]
    state = position(hands, "9H", 3, ["order"], Rules(joker=True))
    good = why(state, "discard 9C")
    assert worse(state, "discard JOKER", "discard 9C") == (
        "The joker is the highest trump: discarding it hands a sure trick away. " + good
    )
    assert worse(state, "discard JH", "discard 9C").startswith(
        "The right bower (J♥) is the second-highest trump"
    )


# ---- 5. against a lone maker ---------------------------------------------------------------

# South orders the 9H alone (North sits out); East deals and buries the 9S; South leads the J♥.
LONER = ["JH JD AH KH KD", "9D TC QC KS AS", "9C KC AC QS JS", "9S TS QD AD JC"]
# North deals; West orders the 9H alone (East sits out); South leads through him.
LONER_WEST = ["9C TC 9S KD QD", "JH JD AH KH AS", "QS KS JS TD AD", "9D JC QC KC AC"]


def test_keep_a_guard_in_every_suit_the_lone_maker_may_hold(position: Position) -> None:
    """West has no heart: his 9♦ is his only diamond and South has not shown out of diamonds,
    so it guards against South's low diamond; throw a club instead (he keeps the Q♣)."""
    state = position(LONER, "9H", 3, ["order alone", "discard 9S", "play JH"])
    assert state.to_act == 1
    reason = why(state, "play TC")
    assert (
        reason
        == "You cannot win this trick: throw the 10♣, keeping a guard in every suit the lone maker may hold."
    )
    assert worse(state, "play 9D", "play TC").startswith(
        "The 9♦ was your last diamond: against a lone maker keep a guard in every suit he may hold, "
        "so his low diamond cannot win a trick."
    )


def test_lead_through_the_lone_maker(position: Position) -> None:
    """West, alone, sits on South's left; North plays after him."""
    state = position(LONER_WEST, "9H", 2, ["pass", "pass", "order alone", "discard QS"])
    assert state.to_act == 0
    assert why(state, "play 9C") == (
        "Lead through the lone maker: the 9♣ makes him play before your partner, who sits over him."
    )


# ---- 6. defending alone --------------------------------------------------------------------


def test_defend_alone_or_let_the_partner_help(position: Position) -> None:
    """With defend-alone on, North (the dealer, holding one trump after the pick-up) is asked
    first; each choice gets a short reason and the other choice's risk."""
    state = position(
        LONER_WEST, "9H", 2, ["pass", "pass", "order alone", "discard QS"], Rules(defend_alone=True)
    )
    assert state.phase is Phase.DEFEND and state.to_act == 2
    alone, help_ = why(state, "defend alone"), why(state, "pass")
    assert alone.startswith("Defend alone: with 1 trump (nine)") and "4 points" in alone
    assert help_.startswith("Let your partner help: with 1 trump (nine)")
    assert worse(state, "defend alone", "pass").startswith("Defending alone sends your partner's cards out")
    assert worse(state, "pass", "defend alone").startswith("Passing gave up a lone defence")


def test_a_general_sentence_when_no_pattern_fits(position: Position) -> None:
    """Bids are explained elsewhere (the analyzer); asked anyway, the answer is still a sentence."""
    state = position(BOWERS, "9H", 3, [])
    assert (
        why(state, "pass")
        == "This choice keeps more tricks for your side on most layouts of the hidden cards."
    )
    assert worse(state, "pass", "order").startswith("That choice takes fewer tricks for your side")


# ---- every decision, every variant ---------------------------------------------------------


def check_sentence(text: str, where: str) -> None:
    assert text and text[0].isupper() and text.endswith("."), (text, where)
    low = text.lower()
    assert not any(word in low for word in BANNED), (text, where)
    assert "  " not in text and " ." not in text and "None" not in text, (text, where)


def decisions(rules: Rules, hands: int, seed: int) -> list[tuple[HandState, Action]]:
    """Positions reached by the Club player with random turns (a third of them, and loners
    whenever they are offered half the time) so odd positions come up, each with the Club choice."""
    rng = random.Random(seed)
    club = ClubPlayer()
    out = []
    for i in range(hands):
        state = deal(rules, i % rules.players, rng)
        while not state.is_over:
            view = seat_view(state)
            action = club.decide(view, rng).action
            out.append((state, action))
            lone = [a for a in state.legal_actions() if a.alone]
            if lone and rng.random() < 0.5:
                action = rng.choice(lone)
            elif rng.random() < 0.3:
                action = rng.choice(state.legal_actions())
            state = state.apply(action)
    return out


@pytest.mark.parametrize("index", range(len(VARIANTS)), ids=[r.summary() for r in VARIANTS])
def test_every_choice_gets_a_plain_sentence(index: int) -> None:
    rules = VARIANTS[index]
    phases = set()
    for state, club_choice in decisions(rules, hands=25, seed=index):
        if state.phase not in (Phase.PLAY, Phase.DISCARD, Phase.DEFEND):
            continue
        phases.add(state.phase)
        view = seat_view(state)
        for action in view.legal:
            check_sentence(choice_reason(view, action), f"{state.to_text()} {action}")
            for best in view.legal:
                check_sentence(mistake_reason(view, action, best), f"{state.to_text()} {action} / {best}")
        assert mistake_reason(view, club_choice, club_choice) == choice_reason(view, club_choice)
    assert Phase.PLAY in phases and Phase.DISCARD in phases
    if rules.defend_alone:
        assert Phase.DEFEND in phases


def test_reasons_read_only_the_seats_view(
    redeal_hidden: Callable[[HandState, int, random.Random], Any],
) -> None:
    """The hidden cards dealt again the seat's view is unchanged, and so is every sentence."""
    rng = random.Random(5)
    for state, club_choice in decisions(Rules(joker=True), hands=15, seed=11)[::3]:
        if state.phase is not Phase.PLAY or state.to_act is None:
            continue
        other = redeal_hidden(state, state.to_act, rng)
        view, same = seat_view(state), seat_view(other)
        for action in view.legal:
            assert choice_reason(view, action) == choice_reason(same, action)
            assert mistake_reason(view, action, club_choice) == mistake_reason(same, action, club_choice)
