"""The Learn page in Streamlit's AppTest: every lesson step renders, deep links, exercises, progress."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from app_pages import open_page
from streamlit.testing.v1 import AppTest

from lessons.loader import load_lessons

PARTNER = {"Hearts": "D", "Diamonds": "H", "Spades": "C", "Clubs": "S"}  # docs/rules.md §3 colour pairs


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "coach.sqlite3"
    monkeypatch.setenv("EUCHRE_COACH_DB", str(path))
    return path


def open_learn(**params: str) -> AppTest:
    return open_page("views/learn.py", params, timeout=60)


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [e.value for e in at.success] + [e.value for e in at.error] + [w.value for w in at.warning]
    return "\n".join(str(p) for p in parts)


def button(at: AppTest, label: str):  # type: ignore[no-untyped-def]
    return next(b for b in at.button if b.label == label)


def test_every_step_of_every_lesson_renders(db: Path) -> None:
    at = open_learn()
    for lesson in load_lessons():
        for number, step in enumerate(lesson.steps, start=1):
            at.query_params["lesson"] = lesson.id
            at.query_params["step"] = str(number)
            at.run()
            assert not at.exception, (lesson.id, number, [e.value for e in at.exception])
            assert step.title in [h.value for h in at.header], (lesson.id, number)
            assert f"Step {number} of {len(lesson.steps)}" in str(at.get("progress")[0].proto.text)


def test_the_list_shows_every_lesson_with_progress(db: Path) -> None:
    at = open_learn()
    shown = texts(at)
    for lesson in load_lessons():
        assert f"{lesson.number}. {lesson.title}" in shown
    button(at, "Start").click().run()  # the first lesson's button
    assert at.query_params["lesson"] == ["deck"] or at.query_params["lesson"] == "deck"


def qp(at: AppTest, key: str) -> str:
    value = at.query_params[key]
    return value[0] if isinstance(value, list) else str(value)


def test_next_and_back_move_through_a_lesson_and_the_url_follows(db: Path) -> None:
    at = open_learn(lesson="bowers", step="1")
    button(at, "Next").click().run()
    assert qp(at, "step") == "2" and "The right bower" in [h.value for h in at.header]
    button(at, "Back").click().run()
    assert qp(at, "step") == "1"
    at.query_params["step"] = "7"
    at.run()
    button(at, "Next lesson: Trump ranking and plain suits →").click().run()
    assert qp(at, "lesson") == "ranking" and qp(at, "step") == "1"


@pytest.mark.parametrize(
    ("params", "message", "header"),
    [
        ({"lesson": "juggling"}, "There is no lesson called 'juggling'", None),
        ({"lesson": "bowers", "step": "99"}, "steps run 1 to 7. Showing step 1", "Two colours, two pairs"),
        ({"lesson": "bowers", "step": "two"}, "Step 'two' is not a step", "Two colours, two pairs"),
        ({"lesson": "bowers", "step": "5", "seed": "-3"}, "seed='-3' is not a whole number", None),
    ],
)
def test_bad_links_get_a_clear_message_and_fall_back(db: Path, params: dict[str, str], message: str, header: str | None) -> None:
    at = open_learn(**params)
    assert message in "\n".join(w.value for w in at.warning)
    if header:
        assert header in [h.value for h in at.header]
    if params.get("lesson") == "juggling":
        assert "1. The deck and the deal" in texts(at)


def left_bower_from_prompt(at: AppTest) -> str:
    prompt = next(m.value for m in at.markdown if "are trump. Click the left bower" in m.value)
    suit = re.search(r"\*\*(\w+) . are trump", prompt)
    assert suit is not None
    return "J" + PARTNER[suit.group(1)]


def card_button(at: AppTest, card_text: str):  # type: ignore[no-untyped-def]
    short = card_text[0] + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[card_text[1]]
    return next(b for b in at.button if b.label == short)


def test_a_wrong_answer_gets_feedback_and_a_right_one_advances(db: Path) -> None:
    at = open_learn(lesson="bowers", step="5", seed="10")
    right = left_bower_from_prompt(at)
    wrong = "J" + {"D": "H", "H": "D", "S": "C", "C": "S"}[right[1]]  # the right bower
    card_button(at, wrong).click().run()
    assert at.error and "Not quite." in at.error[0].value and "right bower" in at.error[0].value
    assert "Streak 0" in texts(at) and "question #10" in texts(at), "a wrong answer keeps the question"
    card_button(at, right).click().run()
    assert at.success and at.success[0].value.startswith("Right!")
    assert "Streak 1" in texts(at) and "question #11" in texts(at), "a right answer advances"
    right = left_bower_from_prompt(at)
    card_button(at, right).click().run()
    assert "Streak 2 · best 2 · 2 right of 3" in texts(at)


def test_which_cards_can_you_play_is_selected_then_checked(db: Path) -> None:
    at = open_learn(lesson="following", step="4", seed="5")
    assert "Select every card" in texts(at)
    button(at, "Check").click().run()
    assert at.error and "Select at least one card" in at.error[0].value


def test_present_mode_reveals_the_answer_on_demand(db: Path) -> None:
    at = open_learn(lesson="tricks", step="4", seed="3", present="1")
    assert not at.success
    button(at, "Reveal the answer").click().run()
    assert at.success and "wins" in at.success[0].value


def test_progress_is_saved_per_learner(db: Path) -> None:
    at = open_learn(lesson="deck", step="6")
    at.query_params.clear()
    at.run()
    at.text_input(key="learn-name-input").input("Ada").run()
    assert any("Saving progress for Ada" in s.value for s in at.success)
    fresh = open_learn()
    fresh.text_input(key="learn-name-input").input("Ada").run()
    assert any("Welcome back, Ada" in s.value for s in fresh.success)
    assert "Review" in [b.label for b in fresh.button]


def test_a_corrupt_database_is_reported_and_lessons_still_work(db: Path) -> None:
    db.write_bytes(b"not a database at all" * 50)
    at = open_learn()
    at.text_input(key="learn-name-input").input("Ada").run()
    assert not at.exception
    assert any("Progress is not being saved" in w.value for w in at.warning)
    at.query_params["lesson"] = "bowers"
    at.query_params["step"] = "3"
    at.run()
    assert not at.exception and "The left bower" in [h.value for h in at.header]


def test_order_up_or_pass_names_its_judge_and_links_the_analyzer(db: Path) -> None:
    at = open_learn(lesson="making-trump", step="5", seed="3")
    assert "Pick it up or pass?" in texts(at) or "Order up" in texts(at)
    button(at, "Pass").click().run()
    feedback = (at.success or at.error)[0].value
    assert "Verdict from the hand analyzer" in feedback
    assert any("](analyze?hand=" in m.value for m in at.markdown)


def test_points_question_right_answer_from_the_rule_book(db: Path) -> None:
    at = open_learn(lesson="alone-and-scoring", step="7", seed="12")
    prompt = next(m.value for m in at.markdown if "Who scores" in m.value)
    tricks = int(re.search(r"took (\d) trick", prompt).group(1))  # type: ignore[union-attr]
    alone, lone_defender = "went alone" in prompt, "defended alone" in prompt
    if tricks == 5:
        expected = "makers 4" if alone else "makers 2"
    elif tricks >= 3:
        expected = "makers 1"
    else:
        expected = "defenders 4" if lone_defender else "defenders 2"
    button(at, expected.capitalize()).click().run()
    assert at.success and at.success[0].value.startswith("Right!")


def test_ordering_cards_can_start_over(db: Path) -> None:
    at = open_learn(lesson="ranking", step="4", seed="3")
    cards = [b for b in at.button if b.key and b.key.startswith("ex-")]
    assert len(cards) >= 3
    first = cards[0].label
    cards[0].click().run()
    assert "Your order so far, strongest first:" in texts(at)
    assert first not in [b.label for b in at.button if b.key and b.key.startswith("ex-")]
    button(at, "Start over").click().run()
    assert "Your order so far" not in texts(at)
    assert [b.label for b in at.button if b.key and b.key.startswith("ex-")] == [b.label for b in cards]
