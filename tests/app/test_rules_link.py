"""The Rules explorer's link read without Streamlit (views/rules/link.py): every value read, every
bad value named with what the page shows instead, and the rest of the link still read."""

from __future__ import annotations

from engine.core.cards import Card, Suit, parse_cards
from engine.core.rules import Rules
from views.rules.link import DealLink, read_rules_link
from views.rules.walkthrough import build_walkthrough

SECTIONS = ("ranking", "follow", "scoring", "deal")
# a teacher's deal: hearts to the dealer's left, the upcard the ace of clubs (dealer 1)
TEACHER_DEAL = "standard/1/JH-JD-AH-KH-QH,9C-TC-JC-QC-KC,9D-TD-QD-KD-AD,9S-TS-JS-QS-KS/AC"


def test_the_checker_and_the_ranking_are_read() -> None:
    link = read_rules_link(
        {"section": "follow", "trump": "S", "led": "JC", "hand": "JS,9C,AH"}, Rules(), SECTIONS
    )
    assert link.section == "follow" and link.trump is Suit.SPADES
    assert link.led == Card.of(11, Suit.CLUBS) and link.hand == tuple(parse_cards("JS 9C AH"))
    assert link.deal is None and link.problems == ()


def test_a_bad_section_is_named_and_the_rest_is_still_read() -> None:
    link = read_rules_link({"section": "bowers", "trump": "D"}, Rules(), SECTIONS)
    assert link.section is None and link.trump is Suit.DIAMONDS
    assert link.problems == ("the link's section='bowers' is not one of ranking, follow, scoring, deal",)


def test_a_hand_holding_the_led_card_or_a_card_outside_the_deck_is_refused() -> None:
    held = read_rules_link({"led": "AH", "hand": "AH,KH"}, Rules(), SECTIONS)
    assert held.led is None and held.hand is None
    assert held.problems == (
        "the link's led card or hand: a hand holds at most 5 cards, and not the led card",
    )
    six = read_rules_link({"led": "AH", "hand": "9C,TC,JC,QC,KC,AC"}, Rules(), SECTIONS)
    assert six.hand is None and len(six.problems) == 1
    # a 7 is in the 32-card deck, not in the standard 24
    seven = {"led": "7H", "hand": "9C"}
    assert read_rules_link(seven, Rules(), SECTIONS).problems == (
        "the link's led card or hand: 7H is not in this deck",
    )
    assert read_rules_link(seven, Rules(deck=32), SECTIONS).led == Card.of(7, Suit.HEARTS)


def test_a_numbered_deal_and_its_step() -> None:
    link = read_rules_link({"section": "deal", "seed": "2024", "dealer": "3", "step": "5"}, Rules(), SECTIONS)
    assert link.deal == DealLink(2024, 3, None, 5) and link.problems == ()
    # a numbered deal names its dealer too: without one, a fresh deal
    alone = read_rules_link({"seed": "7"}, Rules(), SECTIONS)
    assert alone.deal == DealLink(None, 0)
    assert alone.problems == (
        "the link has no dealer; it needs a whole number from 0 to 3. Showing a fresh deal instead",
    )


def test_a_dealer_past_the_table_gives_a_fresh_deal() -> None:
    link = read_rules_link({"seed": "7", "dealer": "3"}, Rules(players=3), SECTIONS)
    assert link.deal == DealLink(None, 0)
    assert link.problems == (
        "the link's dealer='3' is not a whole number from 0 to 2. Showing a fresh deal instead",
    )


def test_a_bad_step_keeps_the_deal_and_opens_it_at_step_zero() -> None:
    link = read_rules_link({"seed": "7", "dealer": "1", "step": "-2"}, Rules(), SECTIONS)
    assert link.deal == DealLink(7, 1, None, None)
    assert link.problems == (
        "the link's step='-2' is not a whole number from 0 to 200. Showing step 0 of this deal instead",
    )


def test_a_teachers_position_wins_unless_it_is_the_numbered_deal_itself() -> None:
    link = read_rules_link({"position": TEACHER_DEAL, "step": "2"}, Rules(), SECTIONS)
    assert link.deal is not None and link.deal.seed is None and link.deal.step == 2
    assert link.deal.position is not None and link.deal.position.startswith(TEACHER_DEAL)
    own = build_walkthrough(Rules(), 11, 2).text  # the numbered deal's own text: the numbered deal is kept
    assert read_rules_link(
        {"seed": "11", "dealer": "2", "position": own}, Rules(), SECTIONS
    ).deal == DealLink(11, 2)


def test_a_position_that_does_not_work_names_what_is_shown_instead() -> None:
    numbered = read_rules_link(
        {"seed": "11", "dealer": "0", "position": "nonsense", "step": "3"}, Rules(), SECTIONS
    )
    assert numbered.deal == DealLink(11, 0)  # the step is not applied to another deal
    assert len(numbered.problems) == 1 and numbered.problems[0].startswith(
        "the link's position='nonsense' does not work ("
    )
    assert numbered.problems[0].endswith("Showing the numbered deal instead")
    fresh = read_rules_link({"position": "nonsense"}, Rules(), SECTIONS)
    assert fresh.deal == DealLink(None, 0) and fresh.problems[0].endswith("Showing a fresh deal instead")


def test_a_position_keeps_its_own_dealer_and_shows_no_number_it_was_not_given() -> None:
    """Issue 49, item 5: a position link opened with no seed showed a random deal number and
    dealer South while the walkthrough said West (the text's dealer) deals."""
    link = read_rules_link({"position": TEACHER_DEAL}, Rules(), SECTIONS)
    assert link.deal is not None and link.problems == ()
    assert (link.deal.seed, link.deal.dealer) == (None, 1)  # the text's "/1/": West deals
    # a dealer in the link that is not the position's: the position's wins, and the link is told
    other = read_rules_link({"position": TEACHER_DEAL, "dealer": "3"}, Rules(), SECTIONS)
    assert other.deal is not None and (other.deal.seed, other.deal.dealer) == (None, 1)
    assert other.problems == (
        "the link's dealer=3 (East) is not the dealer of its position: West deals there",
    )


def test_a_position_shows_the_link_s_deal_number_only_when_that_number_deals_its_cards() -> None:
    numbered = build_walkthrough(Rules(), 11, 2)
    first = str(numbered.steps[0].action)
    # deal no. 11 (North deals) played another way from its first bid: the same deal, its number kept
    replayed = numbered.state_at(0).to_text() + "/" + ("order" if first == "pass" else "pass")
    link = read_rules_link({"seed": "11", "dealer": "2", "position": replayed}, Rules(), SECTIONS)
    assert link.deal is not None and link.problems == ()
    assert (link.deal.seed, link.deal.dealer) == (11, 2) and link.deal.position is not None
    assert link.deal.position.startswith(replayed)
    # deal no. 12 is not the teacher's deal: the position is shown, without a number
    other = read_rules_link({"seed": "12", "dealer": "1", "position": TEACHER_DEAL}, Rules(), SECTIONS)
    assert other.deal is not None and (other.deal.seed, other.deal.dealer) == (None, 1)
    assert other.problems == (
        "the link's seed=12 does not deal the cards of its position, so the position is shown "
        "without a deal number",
    )


def test_a_card_named_twice_in_the_hand_is_shown_once_and_said() -> None:
    # issue 50, item 6: hand=AH,AH,AH became AH without a note
    link = read_rules_link({"led": "9C", "hand": "AH,AH,AH"}, Rules(), SECTIONS)
    assert link.hand == (Card.of(14, Suit.HEARTS),) and link.led == Card.of(9, Suit.CLUBS)
    assert link.problems == (
        "the link's hand names A♥ 3 times; a hand holds each card once, so it is shown once",
    )
    both = read_rules_link({"led": "9C", "hand": "AH KS AH KS TD"}, Rules(), SECTIONS)
    assert both.hand is not None and len(both.hand) == 3
    assert both.problems == (
        "the link's hand names A♥ twice and K♠ twice; a hand holds each card once, so each is shown once",
    )
    assert read_rules_link({"led": "9C", "hand": "AH,KS"}, Rules(), SECTIONS).problems == ()
