"""No card code on any page (issue 49, item 2): every string each page sends to the browser, read
from its elements (``page_words``), holds no card written the engine's way (``9D``, ``QH``): the nine
pages as a link opens them, and the states a learner reaches first (an analysis, a lesson's
exercise and its answer, a hand played to its review at the Practice table, the deal of the day
played to its review beside everyone's results, the deal walkthrough).
The hints and review rows of 200 seeded hands: ``python -m bench card_codes``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import Button

from bench.card_codes import card_codes
from engine.core.rules import Rules
from practice.codes import DealCode, encode
from practice.daily import today
from practice.puzzles import ENV_VAR

pytestmark = pytest.mark.usefixtures("db")
APP = str(Path(__file__).resolve().parents[2] / "app.py")
LINKS = {
    "Home": ("views/home.py", {}),
    "Learn": ("views/learn/learn.py", {}),
    "Learn, lesson 2's exercise": ("views/learn/learn.py", {"lesson": "bowers", "step": "5"}),
    "Learn, lesson 6's bid": ("views/learn/learn.py", {"lesson": "making-trump", "step": "4"}),
    "Analyze": ("views/analyze/analyze.py", {}),
    "Analyze, a result": ("views/analyze/analyze.py", {"view": "standard/3/JH-JD-AH-KH-AS,?,?,?/9H"}),
    "Charts": ("views/charts.py", {}),
    "Practice": ("views/practice/practice.py", {"deal": encode(DealCode(Rules(), seed=9))}),
    "Practice, the deal of the day": ("views/practice/practice.py", {"daily": today().isoformat()}),
    "Review": ("views/review.py", {}),
    "Puzzles": ("views/puzzles/puzzles.py", {}),
    "Puzzles, your progress": ("views/puzzles/puzzles.py", {"show": "progress"}),
    "Rules": ("views/rules/rules.py", {}),
    "Rules, the walkthrough": ("views/rules/rules.py", {"section": "deal"}),
    "Deal editor": ("views/deal_editor/deal_editor.py", {}),
    "Class": ("views/class_mode/class_mode.py", {}),
}


def _open(page: str, query: dict[str, str]) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page(page)
    at.session_state["practice_pace"] = "instant"
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("name", sorted(LINKS))
def test_no_page_shows_a_card_code(
    name: str,
    page_words: Callable[[AppTest], str],
    puzzle_bank: tuple[Path, object],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page, query = LINKS[name]
    monkeypatch.setenv(ENV_VAR, str(puzzle_bank[0]))  # the Puzzles page's bank: a small real one
    at = _open(page, query)
    if name.startswith("Learn,"):  # the exercise's answer too
        checks = [b for b in at.button if b.key and "check" in b.key.lower()]
        for button in checks[:1]:
            button.click().run()
    text = page_words(at)
    assert len(text) > 200
    assert card_codes(text) == [], [line for line in text.splitlines() if card_codes(line)][:5]


def _learner_choices(at: AppTest) -> list[Button]:
    """The Practice page's buttons the learner may press now: a bid, a card to play or to discard."""
    choices = ("practice_bid_", "practice_play-", "practice_discard-")
    return [b for b in at.button if b.key and b.key.startswith(choices) and not b.disabled]


def test_a_hand_played_to_its_review_shows_no_card_code(page_words: Callable[[AppTest], str]) -> None:
    # seed 9: the dealer picks up alone, whose discard the advice once named "JC"
    at = _open("views/practice/practice.py", {"deal": encode(DealCode(Rules(), seed=9))})
    at.button(key="practice_hint_btn").click().run()
    for _ in range(40):
        if any(b.key == "practice_next_hand" for b in at.button):
            break
        choices = _learner_choices(at)
        assert choices
        choices[0].click().run()
        text = page_words(at)
        assert card_codes(text) == [], [line for line in text.splitlines() if card_codes(line)][:5]
    at.toggle(key="practice_expert").set_value(True).run()
    text = page_words(at)
    assert "Hand review" in text
    assert card_codes(text) == [], [line for line in text.splitlines() if card_codes(line)][:5]


def test_the_deal_of_the_day_played_to_its_review_shows_no_card_code(
    page_words: Callable[[AppTest], str],
) -> None:
    at = _open("views/practice/practice.py", {"daily": today().isoformat()})
    for _ in range(40):
        if any(b.key == "practice_replay_deal" for b in at.button):
            break
        choices = _learner_choices(at)
        assert choices
        choices[-1].click().run()
    text = page_words(at)
    assert "Deal of the day" in text and "Your result" in text and "The Expert's par" in text
    assert card_codes(text) == [], [line for line in text.splitlines() if card_codes(line)][:5]
