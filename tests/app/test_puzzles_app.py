"""The Puzzles page (views/puzzles/puzzles.py) run by Streamlit's AppTest on a small real bank
(``puzzle_bank``, named by ``EUCHRE_COACH_PUZZLES``): a puzzle answered wrong then right is recorded
with both ratings moved; the next one comes; the link names the puzzle and opens it; a theme link
practises that theme; streak mode ends at a wrong answer; the dashboard shows the learner's themes;
a mistake of the learner's deck comes between the rated puzzles; no bank says so; and no text of any
of these states writes a card as a code."""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from bench.card_codes import card_codes
from engine.core.hand import Phase, deal
from engine.core.rules import Rules
from engine.core.view import view_of
from engine.players.club import ClubPlayer
from engine.puzzles.bank import Puzzle, write_bank
from practice import puzzles
from practice.deck import add_mistakes, deck_for, learner_key
from practice.puzzle_play import progress
from practice.puzzles import ENV_VAR, OnTable
from practice.review import COSTLY, grade_decision

pytestmark = pytest.mark.usefixtures("db")
APP = str(Path(__file__).resolve().parents[2] / "app.py")
Bank = tuple[Path, tuple[Puzzle, ...]]


@pytest.fixture(autouse=True)
def bank(puzzle_bank: Bank, monkeypatch: pytest.MonkeyPatch) -> dict[str, Puzzle]:
    monkeypatch.setenv(ENV_VAR, str(puzzle_bank[0]))
    return {p.id: p for p in puzzle_bank[1]}


def _open(query: dict[str, str] | None = None, name: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    if name:
        at.session_state["learn_learner"] = name
    at.switch_page("views/puzzles/puzzles.py")
    for key, value in (query or {}).items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _on_table(at: AppTest) -> OnTable:
    current = at.session_state["pz_current"]
    assert isinstance(current, OnTable)
    return current


def _answer(at: AppTest, text: str) -> None:
    current = _on_table(at)
    key = f"pz{current.serial}"
    kind, _, card = text.partition(" ")
    if kind in ("play", "discard"):
        at.button(key=f"{key}_{kind}-{card}").click().run()
    else:
        at.button(key=f"{key}_bid_{text.replace(' ', '_')}").click().run()
    assert not at.exception, [e.value for e in at.exception]


def _wrong(p: Puzzle) -> str:
    return next(c for c in p.problem.choices if c not in p.problem.right)


def _no_codes(at: AppTest, page_words: Callable[[AppTest], str]) -> str:
    text = page_words(at)
    assert card_codes(text) == [], [line for line in text.splitlines() if card_codes(line)][:5]
    return text


def _solve(at: AppTest) -> None:
    """Every move right, the first try each (an open-hand puzzle takes several)."""
    for _ in range(6):
        on = _on_table(at)
        move = progress(on.puzzle, on.tries).move
        if move is None:
            return
        _answer(at, str(move.right[0]))
    raise AssertionError("the puzzle did not end")


def _finish(at: AppTest) -> None:
    if not any(b.key == "pz_next" for b in at.button):
        at.button(key=f"pz_show_{_on_table(at).serial}").click().run()


def test_a_puzzle_wrong_then_right_moves_both_ratings_and_the_next_comes(
    bank: dict[str, Puzzle], page_words: Callable[[AppTest], str]
) -> None:
    at = _open(name="Ada")
    first = _on_table(at).puzzle
    assert at.query_params["puzzle"] == first.id
    _no_codes(at, page_words)
    _answer(at, _wrong(first))
    text = _no_codes(at, page_words)
    assert "Not quite" in text and "Rating 1,500 →" in text
    ada = puzzles.learner_of(learner_key("Ada", ""))
    assert len(ada.attempts) == 1 and ada.attempts[0].puzzle == first.id and not ada.attempts[0].solved
    assert ada.rating.rating < 1500
    ratings, _ = puzzles.ratings_now()
    assert ratings[first.id].rating > first.rating  # the puzzle won: its rating rose
    _answer(at, first.problem.right[0])
    text = _no_codes(at, page_words)
    assert "Right" in text
    _finish(at)
    assert len(puzzles.learner_of(learner_key("Ada", "")).attempts) == 1  # one attempt, recorded once
    at.button(key="pz_next").click().run()
    second = _on_table(at).puzzle
    assert second.id != first.id and at.query_params["puzzle"] == second.id


def test_the_link_opens_the_puzzle_it_names(bank: dict[str, Puzzle]) -> None:
    for p in list(bank.values())[:3]:
        at = _open({"puzzle": p.id})
        assert _on_table(at).puzzle.id == p.id
    at = _open({"puzzle": "ffffffffffff"})
    assert "not in this server's puzzle bank" in " ".join(w.value for w in at.warning)
    assert _on_table(at).puzzle.id in bank


def test_a_theme_link_practises_that_theme(bank: dict[str, Puzzle]) -> None:
    theme = sorted({t for p in bank.values() for t in p.themes})[-1]
    at = _open({"theme": theme})
    assert at.session_state["pz_themes"] == [theme]
    for _ in range(3):
        assert theme in _on_table(at).puzzle.themes
        _solve(at)
        at.button(key="pz_next").click().run()


def test_a_streak_ends_at_the_first_wrong_answer(
    bank: dict[str, Puzzle], page_words: Callable[[AppTest], str]
) -> None:
    at = _open()
    at.toggle(key="pz_streak_mode").set_value(True).run()
    for solved in range(2):
        assert _on_table(at).streak == solved
        _solve(at)
        at.button(key="pz_next").click().run()
    assert at.session_state["pz_streak"] == 2
    _answer(at, _wrong(_on_table(at).puzzle))
    text = _no_codes(at, page_words)
    assert "Streak over: 2 solved in a row." in text.replace("**", "")
    assert at.session_state["pz_streak"] == 0


def test_the_dashboard_shows_the_themes_weakest_first(
    bank: dict[str, Puzzle], page_words: Callable[[AppTest], str]
) -> None:
    at = _open(name="Bo")
    for k in range(3):
        if k == 0:
            _answer(at, _wrong(_on_table(at).puzzle))
            _finish(at)
        else:
            _solve(at)
        at.button(key="pz_next").click().run()
    at = _open({"show": "progress"}, name="Bo")
    text = _no_codes(at, page_words)
    assert "3 puzzles tried, 2 solved at the first try" in text and "By theme, the weakest first" in text
    bo = puzzles.learner_of(learner_key("Bo", ""))
    weakest = puzzles.theme_stats(bo.attempts)[0]
    assert text.index(weakest.name) < max(text.index(s.name) for s in puzzles.theme_stats(bo.attempts))
    assert at.get("plotly_chart")


def test_a_mistake_of_the_deck_comes_between_the_rated_puzzles(page_words: Callable[[AppTest], str]) -> None:
    key = learner_key("Cy", "")
    club = ClubPlayer()
    made_at = datetime.now(UTC) - timedelta(days=2)  # due since yesterday
    added = 0
    for seed in range(40):  # a costly card of seat 0 in seeded hands, graded as the Practice page grades
        state = deal(Rules(), dealer=3, rng=random.Random(seed))
        while not state.is_over and not added:
            if state.to_act == 0 and state.phase is Phase.PLAY and len(state.legal_actions()) > 1:
                grades = [grade_decision(len(state.history), state, a, 0) for a in state.legal_actions()]
                added = add_mistakes(key, [g for g in grades if g.grade in COSTLY][:1], made_at)
            assert state.to_act is not None
            state = state.apply(club.decide(view_of(state, state.to_act), random.Random(seed)).action)
        if added:
            break
    assert added == 1
    entry = deck_for(key).due[0]
    made = puzzles.deck_puzzle(entry)
    assert made is not None
    ready: Future[Puzzle | None] = Future()
    ready.set_result(made)
    puzzles.deck_puzzles._jobs[(entry.id, entry.version)] = ready  # as the background grader leaves it
    try:
        at = _open(name="Cy")
        on = _on_table(at)
        assert on.deck is not None and on.puzzle == made and "puzzle" not in at.query_params
        text = _no_codes(at, page_words)
        assert "from your mistakes" in text
        _answer(at, str(entry.mistake.best))
        text = _no_codes(at, page_words)
        assert "Next review in 3 days" in text  # the deck's schedule moved, not a rating
        assert puzzles.learner_of(key).attempts == ()
        at.button(key="pz_next").click().run()
        assert _on_table(at).deck is None  # a rated puzzle next
    finally:
        puzzles.deck_puzzles._jobs.pop((entry.id, entry.version), None)


def test_no_bank_says_there_are_no_puzzles_yet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "none.jsonl.gz"))
    at = _open()
    assert any("no puzzles yet" in i.value for i in at.info)


def test_every_puzzle_of_the_bank_wrong_then_right_shows_no_card_code(
    bank: dict[str, Puzzle], page_words: Callable[[AppTest], str]
) -> None:
    kinds = set()
    for p in bank.values():
        at = _open({"puzzle": p.id})
        assert _on_table(at).puzzle.id == p.id
        kinds.add(p.problem.choices[0].split()[0])
        _no_codes(at, page_words)
        _answer(at, _wrong(p))
        text = _no_codes(at, page_words)
        assert "Not quite" in text, p.id
        if p.kind == "open":
            assert "The defence that beats it:" in text, p.id
        _answer(at, p.problem.right[0])
        text = _no_codes(at, page_words)
        assert "Right" in text, p.id
        _finish(at)
        assert "The figures" in [e.label for e in at.expander]
        text = _no_codes(at, page_words)
        assert "Judged by" in text, p.id
    assert {"play", "discard", "pass"} <= kinds  # cards, discards and bids were all answered


def test_a_puzzle_that_cannot_be_set_is_skipped(
    puzzle_bank: Bank, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seat = next(p for p in puzzle_bank[1] if p.kind == "seat")
    other = next(p for p in puzzle_bank[1] if p.kind == "seat" and p.problem.view != seat.problem.view)
    # a well-formed record whose choices are not legal at its position (a damaged bank)
    broken = Puzzle.make(
        "seat", replace(seat.problem, view=other.problem.view), seat.themes, 400.0, "standard"
    )
    path = tmp_path / "bank.jsonl.gz"
    write_bank((broken, *puzzle_bank[1]), path)
    monkeypatch.setenv(ENV_VAR, str(path))
    at = _open({"puzzle": broken.id})
    assert any("cannot be set" in w.value for w in at.warning)
    at.button(key="pz_skip").click().run()
    assert _on_table(at).puzzle.id != broken.id
    for _ in range(3):  # never served again in this session, although the lowest rated
        _solve(at)
        at.button(key="pz_next").click().run()
        assert _on_table(at).puzzle.id != broken.id
