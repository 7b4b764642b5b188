"""The dealer's discard and the defence drills: questions from real hands, judged from the seat.

``discard``, ``loner_lead`` and ``keep_guards`` are judged by ``engine.search.seat_values``: every
question's right answers must be exactly the best card and the cards tied with it
(``ChoiceValue.tied``), computed here afresh with ``value_choices``. ``trumps_out`` is checked
against a count written here from docs/rules.md §3 (seven trumps: the suit's six cards and the
other jack of its colour).

The hand-worked positions, each written as a position text, with the answer reasoned out:

- the discard: hearts made, the dealer holds J♥ J♦ A♥ K♥ 9♣ and picks up the Q♥: discarding the
  9♣ keeps the five highest trumps, which take every trick;
- the lead: at trick 4 against a lone maker, with the defenders on two tricks and every trump
  gone, the A♦ (the highest diamond) cannot lose: it is the euchre trick. The Q♥ can lose to a
  higher heart;
- the throw: the lone maker has shown no hearts (he trumped the A♥), so the 9♥ can never take a
  trick, while the Q♣, South's last club, beats any lower club he may keep for the last trick;
- the count: after the K♠ (trick 1) and the J♠ and 10♠ (trick 2) with the 9♠ left on the kitty,
  7 - 3 - 1 = 3 spades are still out.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.core.actions import Kind
from engine.core.cards import Card, Suit, parse_card
from engine.core.hand import Phase
from engine.core.view import SeatView
from engine.search.seat_values import value_choices
from lessons import defence_drills, discard_drill
from lessons.exercises import check, generate, solve
from lessons.play_drill import equivalent

SEEDS = range(5)
JUDGED = ("discard", "loner_lead", "keep_guards")
SAME_COLOUR = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}


def is_trump(card: Card, trump: Suit) -> bool:
    """docs/rules.md §3: the trump suit, and the jack of the same colour (the left bower)."""
    return card.suit == trump or (card.rank == 11 and card.suit == SAME_COLOUR[trump])


def tied_cards(view: SeatView) -> set[Card]:
    values = value_choices(view)
    return {c.action.card for c in values.choices if c.tied and c.action.card is not None}


def clear_caches() -> None:
    for cached in (
        discard_drill._position,
        defence_drills._played,
        defence_drills._lead,
        defence_drills._throw,
        defence_drills._count_moment,
    ):
        cached.cache_clear()


@pytest.mark.parametrize("kind", [*JUDGED, "trumps_out"])
def test_the_same_seed_gives_the_same_question_and_answer(kind: str) -> None:
    first = [(generate(kind, s), solve(generate(kind, s))) for s in (1, 2)]
    clear_caches()
    again = [(generate(kind, s), solve(generate(kind, s))) for s in (1, 2)]
    assert first == again
    assert first[0][0].view != first[1][0].view, "different seeds, different positions"


@pytest.mark.parametrize("kind", JUDGED)
@pytest.mark.parametrize("seed", SEEDS)
def test_the_right_cards_are_the_best_and_those_tied_with_it(kind: str, seed: int) -> None:
    ex = generate(kind, seed)
    view = ex.view
    assert view is not None and view.seat == 0 and view.my_turn
    legal = {a.card for a in view.legal}
    assert set(ex.cards) == set(view.hand) and legal == set(view.hand), "every card shown may be chosen"
    solution = solve(ex)
    right = {solution.answer, *solution.also}
    assert right == tied_cards(view)
    # two cards of a suit with no card between them that anyone could still hold (the J and the Q
    # of a side suit) are one move, always worth the same: at most half the moves are right
    moves: list[set[Card]] = []
    for card in sorted((c for c in legal if c is not None), key=str):
        same = next((m for m in moves if any(equivalent(view, card, o) for o in m)), None)
        (same.add(card) if same is not None else moves.append({card}))
    assert len(moves) >= 2
    assert 2 * sum(1 for m in moves if m & right) <= len(moves), "at most half the moves are right"
    for card in ex.cards:
        assert check(ex, card).correct == (card in right)
    wrong = next(c for c in ex.cards if c not in right)
    assert "points a hand less" in check(ex, wrong).message


@pytest.mark.parametrize("seed", SEEDS)
def test_discard_questions_are_the_dealers_after_a_pick_up(seed: int) -> None:
    view = generate("discard", seed).view
    assert view is not None and view.phase is Phase.DISCARD and view.dealer == 0 and view.trump is not None
    assert view.upcard.suit == view.trump and view.upcard not in view.hand
    assert all(a.kind is Kind.DISCARD for a in view.legal)


@pytest.mark.parametrize("seed", SEEDS)
def test_loner_questions_defend_against_a_lone_maker(seed: int) -> None:
    lead = generate("loner_lead", seed).view
    assert lead is not None and lead.alone and not lead.is_maker_side(0) and not lead.trick
    throw = generate("keep_guards", seed).view
    assert throw is not None and throw.alone and not throw.is_maker_side(0) and throw.trick
    assert throw.trump is not None
    led = throw.trick[0][1]
    led_suit = throw.trump if is_trump(led, throw.trump) else led.suit
    assert not any(is_trump(c, throw.trump) or c.suit == led_suit for c in throw.hand)


def test_a_seed_whose_first_2000_deals_hold_no_question_still_gets_one() -> None:
    # seed 989766 of loner_lead: 76 leads against a loner in its first 2,000 deals, none worth
    # asking (the Learn page drew it and showed an error); the search goes on past them
    lead = generate("loner_lead", 989766).view
    assert lead is not None and lead.alone and not lead.is_maker_side(0) and not lead.trick


def count_by_hand(view: SeatView) -> int:
    """Seven trumps, less those in the hand, those played, the dealer's own discard and an upcard
    that never went into a hand (turned down, or left on the kitty when the dealer sat out)."""
    assert view.trump is not None
    trump = view.trump
    deck = [parse_card(r + s) for r in "9TJQKA" for s in "CDHS"]
    trumps = [c for c in deck if is_trump(c, trump)]
    assert len(trumps) == 7
    seen = set(view.hand) | {c for t in view.tricks for _, c in t.plays} | {c for _, c in view.trick}
    if view.discarded is not None:
        seen.add(view.discarded)
    if not view.upcard_taken:
        seen.add(view.upcard)
    return sum(1 for c in trumps if c not in seen)


@pytest.mark.parametrize("side", ["", "makers", "defenders"])
def test_trumps_out_is_the_count_by_hand(side: str) -> None:
    for seed in range(8):
        ex = generate("trumps_out", seed, {"side": side} if side else {})
        view = ex.view
        assert view is not None and view.my_turn
        if side:
            assert view.is_maker_side(0) == (side == "makers")
        assert ex.options == ("0", "1", "2", "3", "4", "5", "6", "7")
        assert solve(ex).answer == str(count_by_hand(view))
        assert check(ex, str(count_by_hand(view))).correct
        assert not check(ex, str((count_by_hand(view) + 1) % 8)).correct


def test_hand_worked_discard_keeps_five_top_trumps(south: Callable[[str], SeatView]) -> None:
    view = south(
        "standard/0/JH-JD-AH-KH-9C,9S-TS-QS-KS-AS,9D-TD-QD-KD-AD,TC-JC-QC-KC-AC/QH/pass,pass,pass,order"
    )
    ex = discard_drill.discard_exercise(view)
    right = check(ex, parse_card("9C"))
    assert right.correct and right.solution.also == () and "+2.00" in right.message
    for trump in ("JH", "JD", "AH", "KH"):
        assert not check(ex, parse_card(trump)).correct


LEAD = (
    "standard/3/TD-QS-AS-AD-QH,9D-JS-9C-KH-KC,JC-TS-KS-9H-TH,TC-QC-AC-JD-QD/9S/pass,order-alone,"
    "play-TD,play-9D,play-JC,play-TS,play-QS,play-JS,play-9C,play-KS,play-AS"
)


def test_hand_worked_lead_cashes_the_euchre_trick(south: Callable[[str], SeatView]) -> None:
    view = south(LEAD)
    assert defence_drills.leads_against_a_loner(view)
    ex = defence_drills.loner_lead_exercise(view)
    assert "Tricks so far: your side 2, theirs 1." in ex.prompt
    assert check(ex, parse_card("AD")).correct
    wrong = check(ex, parse_card("QH"))
    assert not wrong.correct and "points a hand less" in wrong.message


# East deals a lone hand against South's side: the position of the count below; the throw plays on.
THROW = (
    "standard/3/AH-QC-9H-9D-TD,KS-JS-JC-AS-9C,TH-TS-QS-AD-KD,TC-KC-AC-JD-QD/9S/pass,order-alone,"
    "play-AH,play-KS,play-TH,play-JS,play-TS"
)


def test_hand_worked_throw_keeps_the_last_club(south: Callable[[str], SeatView]) -> None:
    view = south(THROW + ",play-9D,play-JC,play-QS,play-TD,play-AS,play-AD")
    # two cards left: judged all the same, but too easy to be drawn as a question (issue 51)
    assert not defence_drills.throws_against_a_loner(view) and len(view.hand) == 2
    ex = defence_drills.keep_guards_exercise(view)
    assert check(ex, parse_card("9H")).correct
    wrong = check(ex, parse_card("QC"))
    assert not wrong.correct and "last club" in wrong.message


def test_hand_worked_count_three_spades_out(south: Callable[[str], SeatView]) -> None:
    view = south(THROW)
    ex = defence_drills.trumps_out_exercise(view)
    feedback = check(ex, "3")
    assert (
        feedback.correct
        and "the J♣, A♠ and Q♠" in feedback.message
        and "stayed on the kitty" in feedback.message
    )
    assert not check(ex, "4").correct
    assert defence_drills.trumps_out_exercise(south(LEAD)).options[0] == "0"
    assert solve(defence_drills.trumps_out_exercise(south(LEAD))).answer == "0"


def test_trumps_out_is_asked_at_every_trick() -> None:
    # issue 51: not only at the second trick; each block of five seeds asks at tricks 1 to 5
    tricks = [len(generate("trumps_out", seed).view.tricks) + 1 for seed in range(5)]  # type: ignore[union-attr]
    assert sorted(tricks) == [1, 2, 3, 4, 5]
