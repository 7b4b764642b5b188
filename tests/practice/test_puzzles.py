"""Rated puzzles (practice/puzzles.py, practice/puzzle_play.py) on a small real bank made by the
engine's judges (the ``puzzle_bank`` fixture): the table from the learner's seat, moves judged,
the other seats' best answers, the defence that beats a wrong move (checked by playing the hand to
its end), the next puzzle near the learner's rating and their weaker themes, the attempt recorded
with both ratings moved, the dashboard's figures, and a mistake of the deck set as a puzzle."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine.core.actions import Action
from engine.core.hand import HandState, Phase, deal
from engine.core.mistake import Mistake
from engine.core.rules import Rules
from engine.core.view import SeatView, view_of
from engine.players.club import ClubPlayer
from engine.puzzles.bank import Puzzle
from practice import puzzles
from practice.deck import mistake_of
from practice.puzzle_play import (
    LEARNER,
    PuzzleError,
    Verdict,
    goal_tricks,
    line_tricks,
    progress,
    refutation,
    side_tricks,
    start,
    turned,
)
from practice.puzzles import History, ThemeStats, choose, history_of, theme_stats, wilson
from practice.ratings import LEARNER_START, Rating, attempt, puzzle_start
from practice.review import COSTLY, grade_decision
from store.mistake_deck import Entry
from store.puzzle_log import Attempt

Bank = tuple[Path, tuple[Puzzle, ...]]
NOW = datetime(2026, 12, 3, 14, 0, tzinfo=UTC)


def _kind(bank: Bank, kind: str) -> list[Puzzle]:
    return [p for p in bank[1] if p.kind == kind]


def _wrong(p: Puzzle) -> str:
    return next(c for c in p.problem.choices if c not in p.problem.right)


# ---- the table ---------------------------------------------------------------------------------


def test_a_view_turned_to_south_is_the_same_decision() -> None:
    text = "standard/3/?,?,JH-JD-AH-KS-9C,?/9H/pass,pass"
    north = SeatView.from_text(text)
    south = SeatView.from_text(turned(text, 2))
    assert (north.seat, south.seat) == (2, 0)
    assert south.hand == north.hand and south.legal == north.legal and south.to_act == 0
    assert south.dealer == (north.dealer - 2) % 4  # the dealer is still North's right-hand opponent


def test_every_puzzle_of_the_bank_sits_the_learner_south(puzzle_bank: Bank) -> None:
    path, made = puzzle_bank
    assert {p.kind for p in made} == {"seat", "open"} and len(made) == 10
    assert any(SeatView.from_text(p.problem.view).seat != 0 for p in made)  # some turned
    for p in made:
        table = start(p)
        assert table.state.to_act == LEARNER and table.open == (p.kind == "open")
        assert set(p.problem.choices) <= {str(a) for a in table.state.legal_actions()}
    assert puzzles.load_bank(path).puzzles == tuple(sorted(made, key=lambda p: p.id))


def test_goals_in_words() -> None:
    assert [goal_tricks(g) for g in ("make 3 tricks", "take all five", "euchre them", "take 4 tricks")] == [
        3,
        5,
        3,
        4,
    ]
    with pytest.raises(PuzzleError):
        goal_tricks("win the game")


def test_a_missing_bank_is_an_empty_one(tmp_path: Path) -> None:
    bank = puzzles.load_bank(tmp_path / "none.jsonl.gz")
    assert bank.puzzles == () and bank.damaged == 0


# ---- a seat puzzle ------------------------------------------------------------------------------


def test_a_seat_puzzle_right_wrong_and_shown(puzzle_bank: Bank) -> None:
    p = _kind(puzzle_bank, "seat")[0]
    right, wrong = p.problem.right[0], _wrong(p)
    solved = progress(p, (right,))
    assert (solved.verdict, solved.result, solved.first_lost) == (Verdict.SOLVED, True, None)
    again = progress(p, (wrong,))
    assert (again.verdict, again.result) == (Verdict.TRY_AGAIN, False)
    # the loss is the problem's own figures: the best's value minus the choice's
    values = dict(zip(p.problem.choices, p.problem.values, strict=True))
    assert again.first_lost == pytest.approx(max(values.values()) - values[wrong])
    assert progress(p, (wrong, right)).verdict is Verdict.DONE
    assert progress(p, (wrong, right)).result is False  # found at the second try: not solved
    assert progress(p, (wrong, wrong)).verdict is Verdict.SHOWN
    assert progress(p, ("not an action", "play 7C")).verdict is Verdict.ASKING  # not counted


# ---- an open-hand puzzle ------------------------------------------------------------------------


def _finish(state: HandState) -> HandState:
    """Play ``state`` out with the moves of ``refutation`` (best play for every seat)."""
    for _, action in refutation(state):
        state = state.apply(action)
    return state


def test_an_open_puzzle_played_right_reaches_its_goal(puzzle_bank: Bank) -> None:
    for p in _kind(puzzle_bank, "open"):
        need = goal_tricks(p.problem.goal)
        tries: list[str] = []
        at = progress(p, ())
        while at.move is not None:
            tries.append(str(at.move.right[0]))
            at = progress(p, tuple(tries))
        assert at.verdict is Verdict.SOLVED and at.result is True and at.moves_done == len(tries)
        assert 1 <= len(tries) <= p.moves
        # every seat's answer was a legal card; the end of the hand with best play reaches the goal
        end = at.now if at.now.is_over else _finish(at.now)
        assert side_tricks(end, end.maker_tricks) >= need, p.id


def test_a_wrong_open_move_is_shown_the_defence_that_beats_it(puzzle_bank: Bank) -> None:
    for p in _kind(puzzle_bank, "open"):
        need = goal_tricks(p.problem.goal)
        wrong = _wrong(p)
        at = progress(p, (wrong,))
        assert at.verdict is Verdict.TRY_AGAIN and at.result is False
        step = at.steps[0]
        assert step.refuted, p.id
        # the defence, played from the wrong card to the last trick, holds the side under its goal
        state = start(p).state.apply(Action.parse(wrong))
        for seat, action in step.refuted:
            assert state.to_act == seat and action in state.legal_actions()
            state = state.apply(action)
        assert state.is_over and side_tricks(state, state.maker_tricks) < need, p.id
        assert line_tricks(start(p).state.apply(Action.parse(wrong)), step.refuted) < need


def test_the_others_answer_with_their_best_card(puzzle_bank: Bank) -> None:
    p = _kind(puzzle_bank, "open")[0]
    at = progress(p, (p.problem.right[0],))
    state = start(p).state.apply(Action.parse(p.problem.right[0]))
    for seat, action in at.steps[0].answers:
        assert seat != LEARNER or len(state.legal_actions()) == 1  # the learner's forced cards only
        state = state.apply(action)
    assert state == at.now


# ---- the selection -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fake:
    """A puzzle as the selection reads it (an id, themes, a starting rating)."""

    id: str
    themes: tuple[str, ...]
    rating: float


POOL = [Fake(f"p{i:03d}", (("draw-trump", "the-discard")[i % 2],), 800.0 + 10 * i) for i in range(150)]


def test_a_new_learner_starts_at_lesson_level() -> None:
    picks = {choose(POOL, {}, LEARNER_START, History(), seed=f"ada{k}").id for k in range(40)}  # type: ignore[union-attr]
    lowest = {p.id for p in sorted(POOL, key=lambda p: p.rating)[:15]}  # the lowest tenth
    assert picks <= lowest


def test_the_next_puzzle_is_near_the_learners_rating() -> None:
    history = History(count=20)
    for rating in (1000.0, 1500.0, 2000.0):
        for k in range(20):
            pick = choose(POOL, {}, Rating(rating, 80), history, seed=f"s{k}")
            assert pick is not None and abs(pick.rating - min(rating, 2290.0)) <= 150


def test_the_stored_rating_counts_not_the_starting_one() -> None:
    moved = {p.id: Rating(2600.0, 60) for p in POOL if p.rating < 1200}  # proved hard
    history = History(count=20)
    picks = [choose(POOL, moved, Rating(1000, 80), history, seed=f"m{k}") for k in range(30)]
    assert all(p is not None and p.id not in moved for p in picks)


def test_the_same_history_gives_the_same_puzzle_and_another_attempt_another() -> None:
    h = History(count=7)
    a = [choose(POOL, {}, Rating(1300, 90), h, seed="name:Ada") for _ in range(3)]
    assert a[0] == a[1] == a[2]
    others = {choose(POOL, {}, Rating(1300, 90), History(count=n), seed="name:Ada") for n in range(7, 27)}
    assert len(others) > 3


def test_weaker_themes_come_more_often() -> None:
    weak = History(count=40, themes=(("draw-trump", 20, 2), ("the-discard", 20, 18)))
    drawn = Counter(
        choose(POOL, {}, Rating(1300, 80), History(n, weak.attempted, weak.themes), seed="w").themes[0]  # type: ignore[union-attr]
        for n in range(40, 440)
    )
    # weights 0.25 + 0.86 against 0.25 + 0.14: about 2.8 to 1
    assert drawn["draw-trump"] > 2 * drawn["the-discard"]


def test_chosen_themes_and_puzzles_already_tried() -> None:
    history = History(count=10, attempted=frozenset(p.id for p in POOL[:100]))
    for k in range(20):
        pick = choose(POOL, {}, Rating(900, 80), history, seed=f"t{k}", themes=frozenset({"the-discard"}))
        assert pick is not None and pick.themes == ("the-discard",) and pick.id not in history.attempted
    assert choose(POOL, {}, Rating(), History(), seed="x", themes=frozenset({"march"})) is None


def test_a_streak_rises_in_difficulty() -> None:
    learner = Rating(1500, 60)
    mean = []
    for streak in (0, 4, 8):
        picks = [
            choose(POOL, {}, learner, History(count=30 + k), seed="st", streak=streak) for k in range(20)
        ]
        mean.append(sum(p.rating for p in picks if p is not None) / 20)
    assert mean[0] < mean[1] < mean[2]
    assert abs(mean[0] - 1200) <= 150 and abs(mean[2] - 1600) <= 150


# ---- records and the dashboard -------------------------------------------------------------------


def _attempt(
    i: int, themes: tuple[str, ...], solved: bool, lost: float | None, unit: str = "points"
) -> Attempt:
    return Attempt(
        i,
        "name:Ada",
        f"p{i:03d}",
        solved,
        (1500.0, 300.0),
        (1500.0 + i, 290.0),
        1400.0,
        1400.0,
        themes,
        lost,
        unit,
        None,
        NOW + timedelta(minutes=i),
    )


def test_wilson_against_hand_worked_figures() -> None:
    # 8 of 10: centre (0.8 + 1.9208 / 10) / 1.38416 = 0.71674; half 0.22658 (hand-worked)
    share, low, high = wilson(8, 10)
    assert (share, round(low, 4), round(high, 4)) == (0.8, 0.4902, 0.9433)
    assert wilson(0, 5).low == 0.0 and wilson(5, 5).high == 1.0


def test_theme_figures_weakest_first() -> None:
    rows = [
        _attempt(1, ("draw-trump",), False, 1.0),
        _attempt(2, ("draw-trump",), False, 0.5),
        _attempt(3, ("draw-trump", "make-it"), True, None),
        _attempt(4, ("the-discard",), True, None),
        _attempt(5, ("the-discard",), True, None),
        _attempt(6, ("make-it",), False, 2.0, unit="tricks"),
    ]
    stats = theme_stats(rows)
    assert [s.theme for s in stats] == ["draw-trump", "make-it", "the-discard"]
    first: ThemeStats = stats[0]
    assert (first.attempts, first.solved, first.judged) == (3, 1, 3)
    assert first.accuracy.mean == pytest.approx(1 / 3)
    assert first.points.mean == pytest.approx(0.5)  # (1.0 + 0.5 + 0) / 3 points lost a puzzle
    assert stats[1].judged == 1  # the tricks attempt is not in the points figure
    assert first.name == "Drawing trump"
    history = history_of(rows)
    assert history.count == 6 and history.weakness("draw-trump") == pytest.approx(1 - 2 / 5)


def test_an_attempt_recorded_moves_both_ratings(db: Path, puzzle_bank: Bank) -> None:
    p = _kind(puzzle_bank, "seat")[0]
    ada = puzzles.learner_of("name:Ada")
    assert ada.rating == LEARNER_START and ada.attempts == ()
    done = progress(p, (_wrong(p),))
    recorded = puzzles.record(ada, p, done, puzzle_start(p.rating), now=NOW)
    expected_learner, expected_puzzle = attempt(LEARNER_START, puzzle_start(p.rating), False)
    assert recorded.learner_after == pytest.approx((expected_learner.rating, expected_learner.rd))
    assert recorded.puzzle_after == pytest.approx(expected_puzzle.rating)
    assert recorded.lost == pytest.approx(done.first_lost) and recorded.unit == p.problem.unit
    again = puzzles.learner_of("name:Ada")
    assert again.rating == pytest.approx(expected_learner) and again.attempts == (recorded,)
    ratings, damaged = puzzles.ratings_now()
    assert ratings[p.id] == pytest.approx(expected_puzzle) and damaged == 0
    with pytest.raises(ValueError):
        puzzles.record(again, p, progress(p, ()), ratings[p.id])  # no result yet


# ---- a mistake of the deck as a puzzle --------------------------------------------------------------


def _a_costly_mistake() -> Entry:
    """The first costly card of seeded hands played by the club player (seat 0's cards tried)."""
    club = ClubPlayer()
    for seed in range(60):
        state = deal(Rules(), dealer=3, rng=random.Random(seed))
        while not state.is_over:
            if state.to_act == 0 and state.phase is Phase.PLAY and len(state.legal_actions()) > 1:
                for action in state.legal_actions():
                    g = grade_decision(len(state.history), state, action, 0)
                    m = mistake_of(g)
                    if g.grade in COSTLY and m is not None:
                        return Entry(1, "name:Ada", m, NOW, NOW, 0, 0)
            assert state.to_act is not None
            state = state.apply(club.decide(view_of(state, state.to_act), random.Random(seed)).action)
    raise AssertionError("no costly card in 60 hands")


def test_a_deck_mistake_becomes_a_seat_puzzle() -> None:
    e = _a_costly_mistake()
    m = e.mistake
    made = puzzles.deck_puzzle(e)
    assert made is not None and made.kind == "seat"
    assert made.problem.right[0] == str(m.best) and set(made.problem.right) == {str(a) for a in m.right}
    assert str(m.choice) not in made.problem.right and made.problem.reason == m.reason
    # the figures are the grade's own
    g = grade_decision(len(m.before.history), m.before, m.choice, m.seat)
    assert dict(zip(made.problem.choices, made.problem.values, strict=True)) == {
        str(a): v for a, v in g.values
    }
    assert made.problem == m.problem  # as the deck keeps it: nothing worked out again
    assert progress(made, (str(m.choice),)).verdict is Verdict.TRY_AGAIN
    assert progress(made, (str(m.best),)).verdict is Verdict.SOLVED
    # an entry kept before the deck kept figures gets the same figures worked out again
    old = Mistake.without_figures(m.before, m.choice, m.right, m.reason, m.grade)
    regraded = puzzles.deck_puzzle(dataclasses.replace(e, mistake=old))
    assert regraded is not None and not old.problem.has_figures
    assert (regraded.problem.values, regraded.problem.right) == (made.problem.values, made.problem.right)
    # set in the background: not ready at once, ready once worked out
    deck = puzzles.DeckPuzzles()
    with ThreadPoolExecutor(max_workers=1) as pool:
        assert deck.ready([e], pool) == ()
    assert deck.ready([e]) == (puzzles.DeckPuzzle(e, made),)
