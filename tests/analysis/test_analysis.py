"""The hand analyzer: known answers, sound numbers, reproducibility, and the view-only rule."""

from __future__ import annotations

import math
import random

import pytest

from engine.analysis.bidding import analyze, discard_candidates
from engine.analysis.explain import explain, round2_sentence
from engine.analysis.sampler import sample_state, shown_voids
from engine.analysis.situation import QuestionError, question
from engine.core.actions import ORDER, ORDER_ALONE, PASS, Action, Kind
from engine.core.cards import parse_card, parse_cards
from engine.core.errors import CardParseError
from engine.core.hand import apply, deal, legal_actions
from engine.core.rules import VARIANTS, Rules
from engine.core.view import view_of


def quick(hand: str, up: str, seat: str, n: int = 60, seed: int = 1, **kw: object):  # type: ignore[no-untyped-def]
    q = question(hand, up, seat, **kw)  # type: ignore[arg-type]
    return q, analyze(
        q.view(), random.Random(seed), score=q.score, time_budget=None, max_samples=n, stop="precision"
    )


def test_both_bowers_ace_king_of_trump_and_an_off_ace_go_alone() -> None:
    # Right, left, ace and king of hearts plus the ace of spades: only the queen, ten and
    # nine of hearts are out, so the lone hand takes all five tricks nearly always.
    _, a = quick("JH JD AH KH AS", "9H", "first")
    assert a.recommendation == ORDER_ALONE
    alone = a.option(ORDER_ALONE).realistic
    assert alone.ev > a.option(ORDER).realistic.ev
    assert alone.p_make > 0.9


def test_no_trump_no_aces_first_seat_passes() -> None:
    _, a = quick("9C TD QS KD 9S", "9H", "first")
    assert a.recommendation == PASS
    assert a.option(ORDER).realistic.p_euchred > 0.5


def test_probabilities_add_up_and_intervals_contain_the_mean() -> None:
    _, a = quick("JH AD AH KS 9C", "9H", "second", n=40)
    for o in a.options:
        for s in filter(None, (o.realistic, o.ceiling)):
            assert math.isclose(sum(s.tricks), 1.0, abs_tol=1e-9) or s.p_thrown_in == 1.0
            assert math.isclose(s.p_make + s.p_euchred, 1.0, abs_tol=1e-9)
            assert 0 <= s.p_march <= s.p_make <= 1
            assert s.ev_ci[0] <= s.ev <= s.ev_ci[1]
            assert s.n == a.n == 40


def test_intervals_shrink_with_more_samples() -> None:
    def width(n: int) -> float:
        _, a = quick("JH AD AH KS 9C", "9H", "third", n=n)
        lo, hi = a.option(ORDER).realistic.ev_ci
        span: float = hi - lo
        return span

    assert width(160) < width(16)


def test_same_seed_same_answer_and_another_seed_differs_in_detail() -> None:
    _, a1 = quick("JC AD TH KS 9C", "QH", "second", n=24, seed=7)
    _, a2 = quick("JC AD TH KS 9C", "QH", "second", n=24, seed=7)
    _, a3 = quick("JC AD TH KS 9C", "QH", "second", n=24, seed=8)
    assert a1.options == a2.options
    assert a1.options != a3.options


def test_dealer_pick_up_reports_a_discard_from_the_hand() -> None:
    _, a = quick("JH JD AH KS 9C", "9H", "dealer", n=24)
    order = a.option(ORDER)
    assert order.discard in (parse_card("KS"), parse_card("9C"))
    # Candidates: the lowest card of each side suit, never a trump.
    assert discard_candidates(parse_cards("JH JD AH KS 9C"), parse_card("9H")) == list(parse_cards("9C KS"))
    assert discard_candidates(parse_cards("JH JD AH KH QH"), parse_card("9H")) == [parse_card("QH")]


def test_round_two_offers_each_suit_but_the_turned_down_one() -> None:
    _, a = quick("JS JC AS KD 9C", "9H", "first", n=16, round=2, turned_down="H")
    suits = {o.action.suit for o in a.options if o.action.kind is Kind.CALL}
    assert suits == {c.suit for c in parse_cards("9C 9D 9S")}


def test_the_analysis_reads_only_the_view() -> None:
    # Two states that differ only in the other seats' hidden cards give the same view,
    # and the same seed then gives exactly the same analysis.
    q = question("JC AD TH KS 9C", "QH", "third")
    s1, s2 = q.state(random.Random(1)), q.state(random.Random(2))
    assert s1.hands[1] != s2.hands[1]
    v1, v2 = view_of(s1, 0), view_of(s2, 0)
    assert v1 == v2
    a1 = analyze(v1, random.Random(3), time_budget=None, max_samples=16, stop="precision")
    a2 = analyze(v2, random.Random(3), time_budget=None, max_samples=16, stop="precision")
    assert a1.options == a2.options


def test_sampled_deals_keep_the_view_in_every_variant() -> None:
    rng = random.Random(11)
    # the spread of rules the property tests range over, and two options each on its own
    variants = [*VARIANTS, Rules(deck=32), Rules(stick_the_dealer=True)]
    checked = 0
    for i in range(1500):  # about 100 deals a variant
        rules = variants[i % len(variants)]
        st = deal(rules, rng.randrange(rules.players), rng)
        for _ in range(rng.randrange(28)):
            if st.is_over:
                break
            st = apply(st, rng.choice(legal_actions(st)))
        if st.is_over:
            continue
        seat = rng.randrange(rules.players)
        view = view_of(st, seat)
        sampled = sample_state(view, rng)
        assert view_of(sampled, seat) == view
        # every hidden card keeps the voids the play has shown
        voids = shown_voids(view)
        if view.trump is not None:
            from engine.core.ranking import effective_suit

            for s in range(rules.players):
                assert not any(effective_suit(c, view.trump) in voids[s] for c in sampled.hands[s])
        checked += 1
    assert checked > 640  # most deals are still in play when sampled (the share 300 of 700 was)


def test_passes_mean_something() -> None:
    # Third seat after two passes (the dealer is West, seat 1; North and East passed):
    # deals where a passer holds a hand the club player would have ordered with are
    # rejected, so the passers hold fewer hearts (the left bower counted) than chance gives.
    from engine.search.registry import make_player

    q = question("9C TC QS KD 9S", "AH", "third")
    view = q.view()
    rng = random.Random(5)
    club = make_player("club")

    def hearts(sampled_with: object) -> float:
        total = 0
        for _ in range(150):
            st = sample_state(view, rng, bidder=sampled_with)  # type: ignore[arg-type]
            total += sum(
                1
                for c in st.hands[2] + st.hands[3]
                if c.suit is not None and c.suit.letter in "HD" and (c.suit.letter == "H" or c.rank == 11)
            )
        return total / 150

    assert hearts(club) < hearts(None) - 0.2


def test_score_changes_the_unit_and_reports_win_chances() -> None:
    _, a = quick("JH AD AH KS 9C", "9H", "second", n=24, score=(9, 8))
    assert a.by_win_chance and a.base_win is not None and 0 < a.base_win < 1
    assert all(o.realistic.win_delta is not None for o in a.options)


def test_explanation_mentions_the_facts() -> None:
    q, a = quick("JH JD AH KS 9C", "9H", "third", n=16)
    text = " ".join(explain(q.view(), a))
    assert "right bower" in text and "left bower" in text
    assert "dealer" in text and "nine of hearts" in text


def test_when_two_calls_lead_the_explanation_still_says_what_passing_leads_to() -> None:
    # Right, left, ace, king and queen of hearts in round 2 (spades turned down): alone and
    # with the partner are the two best, far above passing; the learner still reads what a
    # pass would lead to.
    q, a = quick("JH JD AH KH QH", "TS", "first", n=40, round=2)
    assert {o.action.kind for o in a.options if o.action in (a.recommendation, a.runner_up)} == {Kind.CALL}
    text = explain(q.view(), a)
    assert sum(line.startswith("Passing is worth") for line in text) == 1


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("JH JD AH KS", "9H", "first"), "5 cards"),
        (("JH JH AH KS 9C", "9H", "first"), "twice"),
        (("JH JD AH KS 9H", "9H", "first"), "also in your hand"),
        (("JH JD AH KS JOKER", "9H", "first"), "joker rule"),
        (("JH JD AH KS 9C", "9H", "fourth"), "not possible"),
        (("JH JD AH KS 8C", "9H", "first"), "not in the 24-card deck"),
    ],
)
def test_bad_questions_say_what_is_wrong(args: tuple[str, str, str], needle: str) -> None:
    with pytest.raises(QuestionError, match=needle):
        question(*args)


def test_bad_card_text_is_a_card_parse_error() -> None:
    with pytest.raises(CardParseError, match="'XX'"):
        question("JH JD AH KS XX", "9H", "first")


def test_bids_must_match_the_seat() -> None:
    assert question("JH JD AH KS 9C", "9H", "third", bids="pass,pass").passes == 2
    with pytest.raises(QuestionError, match="passed before you"):
        question("JH JD AH KS 9C", "9H", "third", bids="pass")
    with pytest.raises(QuestionError, match="must be a pass"):
        question("JH JD AH KS 9C", "9H", "third", bids="pass,order")
    with pytest.raises(QuestionError, match="upcard's suit"):
        question("JH JD AH KS 9C", "9H", "first", round=2, turned_down="S")


def test_joker_upcard_means_the_dealer_names_a_suit() -> None:
    rules = Rules(joker=True)
    with pytest.raises(QuestionError, match="dealer names trump"):
        question("JH JD AH KS 9C", "JOKER", "first", rules=rules)
    q = question("JH JD AH KS 9C", "JOKER", "dealer", rules=rules)
    a = analyze(q.view(), random.Random(1), time_budget=None, max_samples=8, ceiling=False)
    assert {o.action.kind for o in a.options} == {Kind.NAME}
    assert len(a.options) == 8
    assert a.recommendation.suit is not None and a.recommendation.suit.letter == "H"


def test_three_and_two_player_questions_work() -> None:
    for rules, seat in ((Rules(players=3), "second"), (Rules(players=2, optional_pickup=True), "dealer")):
        q = question("JH JD AH KS 9C", "9H", seat, rules=rules)
        a = analyze(q.view(), random.Random(1), time_budget=None, max_samples=8)
        assert a.recommendation in q.view().legal
        assert Action(Kind.ORDER, alone=True) not in {o.action for o in a.options}


def test_the_next_sentence_claims_a_bower_out_of_play_only_when_it_was_turned_down() -> None:
    """Spades turned down: clubs' left bower is the jack of spades. Only when that jack is the
    turned-down card is it known to be out of play; after the king it is an inference."""
    after_king = round2_sentence(question("9C TC 9D TD QH", "KS", "first", round=2).view())
    after_jack = round2_sentence(question("9C TC 9D TD QH", "JS", "first", round=2).view())
    assert after_king is not None and after_jack is not None
    assert "out of play" not in after_king and "likely" in after_king and "black jack" in after_king
    assert "jack" in after_jack and "out of play" in after_jack and "left bower" in after_jack
    assert after_king.startswith("Spades were turned down") and "clubs ('next'" in after_king
