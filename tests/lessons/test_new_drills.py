"""Issue 51's new drills: the stuck dealer, defending alone, the score, the makers' opening lead,
playing a loner, playing second, and one per variant. Each question is a legal position of South's
under its own rules, and its answer is the judge's own, computed here afresh (the hand analyzer for
a bid, the seat's valuation for a card or a declaration) outside the drill's caches.

The positions' rules are checked against the rule book: stick the dealer leaves the dealer no pass
(docs/rules.md §6.4), the joker turned up leaves no bidding and the dealer names any suit (§6.5), a
defender may defend alone only against a loner under ``defend_alone`` (§7), and the cutthroat maker
plays against the other two (§9).
"""

from __future__ import annotations

import pytest

from engine.analysis.advice import value_bids
from engine.core.actions import Action, Kind
from engine.core.cards import JOKER
from engine.core.hand import Phase
from engine.core.ranking import effective_table
from engine.core.view import SeatView
from engine.search.seat_values import value_choices
from lessons.balance import CLEAR, wanted
from lessons.call_drills import choice_words
from lessons.exercise_model import Exercise
from lessons.exercises import check, generate, solve
from lessons.seat_judge import distinct_moves

SEEDS = (0, 1)


def fresh_best(view: SeatView) -> str:
    """The Analyze page's best choice for the same view (the drill must quote the same)."""
    return choice_words(value_bids(view).analysis.recommendation)


def fresh_right(view: SeatView) -> set[Action]:
    """The seat's judge afresh: the best choice and every choice not clearly worse."""
    v = value_choices(view)
    return {c.action for c in v.choices if c.action == v.best or c.tied or c.loss < CLEAR * c.spread}


def right_and_wrong(ex: Exercise) -> None:
    sol = solve(ex)
    assert check(ex, sol.answer, sol).correct
    wrong = [o for o in (ex.options or ex.cards) if not sol.accepts(o)]
    assert wrong, "a question with nothing wrong"
    feedback = check(ex, wrong[0], sol)
    assert not feedback.correct and feedback.message.startswith("Not quite.")


@pytest.mark.parametrize("seed", SEEDS)
def test_the_stuck_dealer_must_call_one_of_three_suits(seed: int) -> None:
    ex = generate("stick_dealer", seed)
    view = ex.view
    assert view is not None and view.rules.stick_the_dealer and view.phase is Phase.BID2
    assert view.seat == view.dealer == 0 and view.my_turn
    assert not any(a.kind is Kind.PASS for a in view.legal)  # §6.4: no pass for the stuck dealer
    down = view.turned_down
    assert down is not None and len(ex.options) == 3 and f"call {down.noun}" not in ex.options
    assert solve(ex).answer == fresh_best(view)
    right_and_wrong(ex)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_joker_turned_up_the_dealer_names_any_suit(seed: int) -> None:
    ex = generate("joker_up", seed)
    view = ex.view
    assert view is not None and view.upcard == JOKER and view.phase is Phase.NAME  # §6.5
    assert view.seat == view.dealer == 0 and len(ex.options) == 4
    assert solve(ex).answer == fresh_best(view)
    assert "with the joker taken" in solve(ex).why  # the hand described holds the joker
    right_and_wrong(ex)


@pytest.mark.parametrize(("kind", "players"), [("two_handed", 2), ("cutthroat", 3), ("score_bid", 4)])
def test_the_order_up_drills_of_the_variants_and_the_score(kind: str, players: int) -> None:
    for seed in SEEDS:
        ex = generate(kind, seed)
        view = ex.view
        assert view is not None and view.players == players and view.phase is Phase.BID1 and view.my_turn
        assert ex.options[1] == "pass"
        sol = solve(ex)
        score = dict(ex.settings).get("score")
        if kind == "score_bid":
            assert (
                score
                and "chance of winning the game" in sol.why
                and f"your side {score.split(',')[0]}" in ex.prompt
            )
        assert sol.link is not None and sol.link.startswith("analyze?view=")
        right_and_wrong(ex)


@pytest.mark.parametrize("seed", SEEDS)
def test_defending_alone_is_asked_of_a_defender_against_a_loner(seed: int) -> None:
    ex = generate("defend_alone", seed)
    view = ex.view
    assert view is not None and view.rules.defend_alone and view.phase is Phase.DEFEND
    assert view.alone and view.maker is not None and not view.is_maker_side(0)
    right = fresh_right(view)
    assert len(right) == 1  # a question with two choices has one right answer
    best = right.pop()
    assert solve(ex).answer == (
        "defend alone" if best.kind is Kind.DEFEND_ALONE else "defend with your partner"
    )
    right_and_wrong(ex)


@pytest.mark.parametrize("kind", ["makers_lead", "loner_play", "second_hand"])
def test_the_card_drills_are_judged_from_the_seat(kind: str) -> None:
    for seed in SEEDS:
        ex = generate(kind, seed)
        view = ex.view
        assert view is not None and view.my_turn and view.trump is not None
        right = {a.card for a in fresh_right(view)}
        sol = solve(ex)
        assert {sol.answer, *sol.also} == right
        # at most half of the moves right, two cards that are the same move (the A♣ and K♣ with
        # nothing left between them) counted once
        moves = distinct_moves(view)
        assert 2 * sum(1 for m in moves if {a.card for a in m} & right) <= len(moves)
        if kind == "makers_lead":
            assert view.is_maker_side(0) and not view.alone and not view.tricks and not view.trick
        elif kind == "loner_play":
            assert view.alone and view.maker == 0
        else:  # second hand: an opponent led, and the highest card of the suit led is not the boss
            assert len(view.trick) == 1 and not view.is_maker_side(view.trick[0][0]) == view.is_maker_side(0)
            eff = effective_table(view.trump)
            assert sum(1 for c in view.hand if eff[c] == eff[view.trick[0][1]]) >= 2
        right_and_wrong(ex)


def test_the_seeds_ask_each_answer_equally_often() -> None:
    # lessons.balance.wanted: in a block of four seeds, each of two answers twice
    for kind in ("bid", "go_alone", "second_hand", "defend_alone"):
        block = [wanted(kind, seed, ("a", "b")) for seed in range(8)]
        assert block[:4].count("a") == 2 and block[4:].count("a") == 2
    answers = [solve(generate("bid", seed)).answer for seed in range(4)]
    assert sum(a == "pass" for a in answers) == 2
