"""The Learn page in Streamlit's AppTest: every lesson step renders, deep links, exercises, progress.

The expected answers are worked out here from docs/rules.md (the colour pairs, who may follow
suit), not read from the code under test.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.core.cards import Card
from lessons.exercise_model import Exercise, Mode, Solution
from lessons.exercises import generate, solve
from lessons.loader import load_lessons
from lessons.progress import Progress
from practice.records import load_browser, open_store, save_browser
from ui.cards import picture_svg
from views.learn.exercise import answer_marks

APP = str(Path(__file__).resolve().parents[2] / "app.py")
PARTNER = {"Hearts": "D", "Diamonds": "H", "Spades": "C", "Clubs": "S"}  # docs/rules.md §3 colour pairs
PARTNER_LETTER = {"D": "H", "H": "D", "S": "C", "C": "S"}


@pytest.fixture
def open_learn(open_page: Callable[..., AppTest]) -> Callable[..., AppTest]:
    """The Learn page opened with ``params`` as its link's query."""
    return lambda **params: open_page("views/learn/learn.py", params, timeout=60)


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [e.value for e in at.success] + [e.value for e in at.error] + [w.value for w in at.warning]
    return "\n".join(str(p) for p in parts)


def button(at: AppTest, label: str):  # type: ignore[no-untyped-def]
    return next(b for b in at.button if b.label == label)


def test_every_step_of_every_lesson_renders(open_learn: Callable[..., AppTest], db: Path) -> None:
    at = open_learn()
    for lesson in load_lessons():
        for number, step in enumerate(lesson.steps, start=1):
            at.query_params["lesson"] = lesson.id
            at.query_params["step"] = str(number)
            at.run()
            assert not at.exception, (lesson.id, number, [e.value for e in at.exception])
            assert step.title in [h.value for h in at.header], (lesson.id, number)
            assert f"Step {number} of {len(lesson.steps)}" in str(at.get("progress")[0].proto.text)


def test_the_list_shows_every_lesson_with_progress(open_learn: Callable[..., AppTest], db: Path) -> None:
    at = open_learn()
    shown = texts(at)
    for lesson in load_lessons():
        assert f"{lesson.number}. {lesson.title}" in shown
    button(at, "Start").click().run()  # the first lesson's button
    assert at.query_params["lesson"] == ["deck"] or at.query_params["lesson"] == "deck"


def qp(at: AppTest, key: str) -> str:
    value = at.query_params[key]
    return value[0] if isinstance(value, list) else str(value)


def test_next_and_back_move_through_a_lesson_and_the_url_follows(
    open_learn: Callable[..., AppTest], db: Path
) -> None:
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
def test_bad_links_get_a_clear_message_and_fall_back(
    open_learn: Callable[..., AppTest], db: Path, params: dict[str, str], message: str, header: str | None
) -> None:
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


SUIT_OF = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def marked(at: AppTest) -> dict[str, str]:
    """Card -> state of every card drawn as a picture (not as a button) on the page, from the
    data-card/data-state attributes of the card images."""
    found: dict[str, str] = {}
    for element in at.html:
        for card, state in re.findall(r'data-card="(\w+)" data-state="(\w+)"', str(element.proto.body)):
            found[card] = state
    return found


def badge_words(at: AppTest, card: str) -> str:
    """The words drawn in a card picture's SVG (its badge and its label)."""
    for element in at.html:
        for src, name in re.findall(r'src="([^"]+)"[^>]*data-card="(\w+)"', str(element.proto.body)):
            if name == card:
                return picture_svg(src)
    raise AssertionError(f"no picture of {card}")


def card_buttons_shown(at: AppTest) -> list[str]:
    """The labels of the exercise's card buttons (keys "ex-<step>-<seed>-<card>"), in order."""
    return [b.label for b in at.button if b.key and re.fullmatch(r"ex-.*-([2-9TJQKA][CDHS]|JOKER)", b.key)]


def the_prompt(at: AppTest) -> str:
    return next(m.value for m in at.markdown if "are trump. Click the" in m.value)


def test_a_wrong_answer_marks_your_pick_and_the_right_card_then_waits(
    open_learn: Callable[..., AppTest], db: Path
) -> None:
    at = open_learn(lesson="bowers", step="5", seed="10")
    prompt = the_prompt(at)
    right = left_bower_from_prompt(at)
    wrong = "J" + PARTNER_LETTER[right[1]]  # the jack of trump itself: the right bower, not the left
    card_button(at, wrong).click().run()
    assert at.error and "Not quite." in at.error[0].value and "right bower" in at.error[0].value
    marks = marked(at)
    assert marks[wrong] == "wrong" and marks[right] == "right_answer"
    assert [state for card, state in marks.items() if card not in (wrong, right)] == ["normal"] * 4
    assert "YOUR PICK" in badge_words(at, wrong) and "ANSWER" in badge_words(at, right)
    captions = " ".join(str(e.proto.body) for e in at.html)
    assert "✗ your pick" in captions and "✓ right answer" in captions
    assert the_prompt(at) == prompt, "the same question stays on screen"
    assert card_buttons_shown(at) == [], "an answered question takes no second answer"
    assert "Streak 0 · best 0 · 0 right of 1" in texts(at)
    button(at, "Next question").click().run()
    assert not at.error and card_buttons_shown(at), "a fresh question to answer"
    assert "Streak 0 · best 0 · 0 right of 1" in texts(at)


def test_a_right_answer_stays_until_next_question_is_pressed(
    open_learn: Callable[..., AppTest], db: Path
) -> None:
    at = open_learn(lesson="bowers", step="5", seed="10")
    prompt, before = the_prompt(at), card_buttons_shown(at)
    right = left_bower_from_prompt(at)
    card_button(at, right).click().run()
    assert at.success and at.success[0].value.startswith("Right!")
    assert marked(at)[right] == "correct" and "CORRECT" in badge_words(at, right)
    assert "Streak 1 · best 1 · 1 right of 1" in texts(at)
    assert the_prompt(at) == prompt, "the question does not change under the message about it"
    at.run()  # nothing pressed: still the same answered question
    assert the_prompt(at) == prompt and at.success and card_buttons_shown(at) == []
    button(at, "Next question").click().run()
    assert not at.success and card_buttons_shown(at) and card_buttons_shown(at) != before
    right = left_bower_from_prompt(at)
    card_button(at, right).click().run()
    assert "Streak 2 · best 2 · 2 right of 2" in texts(at)


def test_the_exercise_caption_has_no_question_number(open_learn: Callable[..., AppTest], db: Path) -> None:
    at = open_learn(lesson="bowers", step="5", seed="255665")
    captions = [c.value for c in at.caption]
    assert "Streak 0 · best 0 · 0 right of 0" in captions
    assert not any("#" in c or "255665" in c for c in captions)


def test_which_cards_can_you_play_is_selected_then_checked(
    open_learn: Callable[..., AppTest], db: Path
) -> None:
    at = open_learn(lesson="following", step="4", seed="5")
    assert "Select every card" in texts(at)
    # the question for seed 5 of this step (the left-bower trap), as a person reads it
    assert "Clubs ♣ are trump. East leads the Q♣." in texts(at)
    assert card_buttons_shown(at) == ["J♦", "J♠", "K♣", "A♦", "10♥"]
    button(at, "Check").click().run()
    assert at.error and "Select at least one card" in at.error[0].value
    assert "Streak 0 · best 0 · 0 right of 0" in texts(at), "an empty selection is not an answer"
    button(at, "J♦").click().run()
    assert marked(at)["JD"] == "selected", "a picked card shows as selected"
    words = badge_words(at, "JD")
    assert "SELECTED" in words and "HINT" not in words
    button(at, "J♦").click().run()
    assert marked(at)["JD"] == "playable", "pressed again: unselected"
    # docs/rules.md §3 and §8: clubs are trump and a club was led, so the hand must follow with a
    # club; the J♠ is the left bower, a club, and so is the K♣. The J♦ is no club (the clubs'
    # partner suit is spades). Pick the J♠ (right) and the J♦ (wrong), miss the K♣.
    button(at, "J♠").click().run()
    button(at, "J♦").click().run()
    button(at, "Check").click().run()
    assert at.error and "Not quite." in at.error[0].value
    assert marked(at) == {
        "QC": "normal",
        "JD": "wrong",
        "JS": "correct",
        "KC": "right_answer",
        "AD": "disabled",
        "TH": "disabled",
    }
    assert "Streak 0 · best 0 · 0 right of 1" in texts(at)
    assert [b.label for b in at.button if b.label == "Next question"] == ["Next question"]


def test_present_mode_reveals_the_answer_on_demand(open_learn: Callable[..., AppTest], db: Path) -> None:
    at = open_learn(lesson="tricks", step="4", seed="3", present="1")
    assert not at.success
    assert card_buttons_shown(at) == [], "nobody clicks cards at a projector"
    question = next(m.value for m in at.markdown if "West plays the 9♠" in m.value)
    assert question.endswith("Which card wins the trick?**") and "click" not in question.lower()
    assert "The class answers, then reveal." in texts(at)
    assert set(marked(at).values()) == {"normal"}, "nothing is marked before the reveal"
    button(at, "Reveal the answer").click().run()
    # clubs are trump and nobody played one (9♥, 9♦ and 10♥ are not clubs, nor is any the J♠):
    # the highest card of the suit led wins, and the 9♠ is the only spade
    assert at.success and "West's 9♠" in at.success[0].value
    assert marked(at) == {"9S": "answer", "9H": "normal", "9D": "normal", "TH": "normal"}
    words = badge_words(at, "9S")
    assert "ANSWER" in words and "WINS" not in words
    button(at, "Next question").click().run()
    assert not at.success and "Reveal the answer" in [b.label for b in at.button]


def clicker_map(at: AppTest) -> dict[str, str]:
    """The keys the page gives the clicker (ui/walkthrough_keys.py's script): key -> button key."""
    for element in at.html:
        found = re.search(r"window.__ecStepMap = (\{.*?\});", str(element.proto.body))
        if found:
            return dict(json.loads(found.group(1)))
    raise AssertionError("no step keys on the page")


def test_in_present_mode_the_clickers_next_reveals_the_answer_then_moves_on(
    open_learn: Callable[..., AppTest], db: Path
) -> None:
    """Issue 49, item 5: PageDown moved to the next step, so a clicker never reached the answer."""
    at = open_learn(lesson="bowers", step="5", seed="10", present="1")
    keys = clicker_map(at)
    assert {keys[k] for k in ("PageDown", " ", "ArrowRight")} == {"reveal-bowers:4"}
    assert keys["PageUp"] == keys["ArrowLeft"] == "learn-back"
    said = [c.value for c in at.caption]
    assert "Clicker: next (PageDown/Space/→) reveals the answer, then moves on; PageUp/← back" in said
    button(at, "Reveal the answer").click().run()  # what the clicker's next clicks
    assert at.success and at.query_params["step"] in ("5", ["5"])  # the answer shows, the step stays
    assert {clicker_map(at)[k] for k in ("PageDown", " ", "ArrowRight")} == {"learn-next"}
    # a step without an answer to reveal: next is next, and the caption says so
    plain = open_learn(lesson="bowers", step="4", present="1")
    assert clicker_map(plain)["PageDown"] == "learn-next"
    assert "Clicker: PageDown/Space/→ next, PageUp/← back" in [c.value for c in plain.caption]


def test_learn_has_no_present_switch_of_its_own(open_learn: Callable[..., AppTest], db: Path) -> None:
    at = open_learn(lesson="bowers", step="5", seed="10")
    present = [t for t in at.toggle if "present" in t.label.lower() or "projector" in t.label.lower()]
    assert len(present) == 1 and present[0] in list(at.sidebar.toggle), "one switch, in the sidebar"
    assert card_buttons_shown(at), "present mode is off: the cards are buttons"
    present[0].set_value(True).run()
    assert card_buttons_shown(at) == [] and "Reveal the answer" in [b.label for b in at.button]
    assert "Which card is the left bower?" in texts(at)


def test_every_step_leads_back_to_the_lesson_list(open_learn: Callable[..., AppTest], db: Path) -> None:
    lesson = next(x for x in load_lessons() if x.id == "bowers")
    at = open_learn(lesson="bowers", step="1")
    for number in range(1, len(lesson.steps) + 1):
        at.query_params["step"] = str(number)
        at.run()
        assert "All lessons" in [b.label for b in at.button], number
    at.query_params["step"] = "3"
    at.run()
    next(b for b in at.button if b.key == "learn-list-top").click().run()
    assert "lesson" not in at.query_params and "step" not in at.query_params
    assert "1. The deck and the deal" in texts(at) and not at.header


def open_as_browser(browser_id: str | None, **params: str) -> AppTest:
    """A new session, as a browser whose cookie carries ``browser_id`` opens it (the page reads
    the cookie into this session-state key; AppTest cannot send cookies itself)."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.switch_page("views/learn/learn.py")
    if browser_id is not None:
        at.session_state["learn_browser_id"] = browser_id
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def start_label(at: AppTest, lesson_id: str) -> str:
    return next(b.label for b in at.button if b.key == f"open-{lesson_id}")


def test_progress_is_kept_for_the_same_browser_without_a_name(db: Path) -> None:
    first = open_as_browser(None, lesson="bowers", step="3")  # a first visit: no cookie yet
    browser = first.session_state["learn_browser_id"]
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", browser), "a new random id"
    saved = load_browser(open_store(db), browser)
    assert saved is not None and saved.lesson("bowers").furthest == 2  # step 3, counted from 0
    again = open_as_browser(browser)  # the same browser, a new session (a reload)
    assert start_label(again, "bowers") == "Continue" and start_label(again, "deck") == "Start"
    assert "1 of 7 steps" not in texts(again)
    other = open_as_browser("AnotherBrowser-0123456789")
    assert start_label(other, "bowers") == "Start", "another browser has its own record"


def test_a_name_switches_to_the_named_record(db: Path) -> None:
    browser = "SharedComputer_01234567"
    save_browser(open_store(db), browser, Progress().seen("deck", 6, 7))
    at = open_as_browser(browser)
    assert start_label(at, "deck") == "Review"
    at.text_input(key="learn-name-input").input("Ada").run()
    assert any("Saving progress for Ada" in s.value for s in at.success)
    at.query_params["lesson"] = "bowers"
    at.query_params["step"] = "2"
    at.run()
    assert load_browser(open_store(db), browser) == Progress().seen("deck", 6, 7), (
        "after a name is given, the browser's record is left alone"
    )


def test_progress_is_saved_per_learner(open_learn: Callable[..., AppTest], db: Path) -> None:
    at = open_learn(lesson="deck", step="7")
    at.query_params.clear()
    at.run()
    at.text_input(key="learn-name-input").input("Ada").run()
    assert any("Saving progress for Ada" in s.value for s in at.success)
    fresh = open_learn()
    fresh.text_input(key="learn-name-input").input("Ada").run()
    assert any("Welcome back, Ada" in s.value for s in fresh.success)
    assert "Review" in [b.label for b in fresh.button]


def test_a_corrupt_database_is_reported_and_lessons_still_work(
    open_learn: Callable[..., AppTest], db: Path
) -> None:
    db.write_bytes(b"not a database at all" * 50)
    at = open_learn()
    at.text_input(key="learn-name-input").input("Ada").run()
    assert not at.exception
    assert any("Progress is not being saved" in w.value for w in at.warning)
    at.query_params["lesson"] = "bowers"
    at.query_params["step"] = "3"
    at.run()
    assert not at.exception and "The left bower" in [h.value for h in at.header]


def test_order_up_or_pass_names_its_judge_and_links_the_analyzer(
    open_learn: Callable[..., AppTest], db: Path
) -> None:
    at = open_learn(lesson="making-trump", step="5", seed="3")
    assert "Pick it up or pass?" in texts(at) or "Order up" in texts(at)
    button(at, "Pass").click().run()
    feedback = (at.success or at.error)[0].value
    assert "Verdict from the hand analyzer" in feedback
    assert any("](analyze?view=" in m.value for m in at.markdown)


def test_points_question_right_answer_from_the_rule_book(
    open_learn: Callable[..., AppTest], db: Path
) -> None:
    at = open_learn(lesson="alone-and-scoring", step="9", seed="12")
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


def test_ordering_cards_can_start_over(open_learn: Callable[..., AppTest], db: Path) -> None:
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


def pictures(at: AppTest) -> list[tuple[str, str]]:
    """(card, state) of every card picture on the page, in page order."""
    return [
        pair
        for e in at.html
        for pair in re.findall(r'data-card="(\w+)" data-state="(\w+)"', str(e.proto.body))
    ]


def test_an_order_is_marked_place_by_place_and_the_right_order_shown(
    open_learn: Callable[..., AppTest], db: Path
) -> None:
    at = open_learn(lesson="ranking", step="4", seed="3")
    assert "Clubs ♣ are trump. Spades ♠ were led." in texts(at)
    assert card_buttons_shown(at) == ["9♠", "Q♣", "K♠", "A♠", "J♣"]
    for label in ["9♠", "Q♣", "K♠", "A♠", "J♣"]:  # pressed in the order shown
        button(at, label).click().run()
    # docs/rules.md §3: the J♣ is the right bower, then the Q♣ (trump); then the suit led, A♠ K♠ 9♠
    assert at.error and "Not quite." in at.error[0].value
    assert pictures(at) == [
        ("9S", "wrong"),
        ("QC", "correct"),
        ("KS", "wrong"),
        ("AS", "wrong"),
        ("JC", "wrong"),  # yours
        ("JC", "right_answer"),
        ("QC", "right_answer"),
        ("AS", "right_answer"),
        ("KS", "right_answer"),
        ("9S", "right_answer"),
    ]
    shown = " ".join(str(e.proto.body) for e in at.html)
    assert "1st ✗" in shown and "2nd ✓" in shown and "The right order:" in texts(at)


NEW_DRILLS = [  # (lesson, step, exercise kind): the drills of issue 38, item 4
    ("making-trump", "6", "name_suit"),
    ("making-trump", "7", "discard"),
    ("alone-and-scoring", "10", "go_alone"),
    ("defending-loners", "3", "loner_lead"),
    ("defending-loners", "5", "keep_guards"),
    ("defending-loners", "6", "trumps_out"),
]


def _label(answer: object) -> str:
    return answer.short if isinstance(answer, Card) else str(answer).capitalize()


@pytest.mark.parametrize(("lesson", "step", "kind"), NEW_DRILLS)
def test_the_new_drills_take_a_right_and_a_wrong_answer(
    open_learn: Callable[..., AppTest], db: Path, lesson: str, step: str, kind: str
) -> None:
    element = next(x for x in load_lessons() if x.id == lesson).steps[int(step) - 1].element
    assert element is not None and element.args == (kind,)
    ex = generate(kind, 5, dict(element.options))
    solution = solve(ex)
    right = {solution.answer, *solution.also}
    choices = list(ex.options) if ex.options else list(ex.cards)
    wrong = next(c for c in choices if c not in right)

    at = open_learn(lesson=lesson, step=step, seed="5")
    assert not at.exception
    if kind in ("name_suit", "discard", "go_alone"):
        assert "The upcard" in texts(at)
    button(at, _label(solution.answer)).click().run()
    assert at.success and at.success[0].value.startswith("Right!"), texts(at)
    assert "Next question" in [b.label for b in at.button]

    at = open_learn(lesson=lesson, step=step, seed="5")
    button(at, _label(wrong)).click().run()
    assert at.error and at.error[0].value.startswith("Not quite."), texts(at)
    if ex.options:
        assert f"{_label(wrong)}** — your answer" in texts(at)
    else:
        states = marked(at)
        assert states[str(wrong)] == "wrong" and states[str(solution.answer)] == "right_answer"


def test_a_card_tied_with_the_best_is_marked_right_too() -> None:
    nine, ten, king = Card.parse("9C"), Card.parse("TD"), Card.parse("KH")
    ex = Exercise(kind="discard", seed=0, prompt="", mode=Mode.PICK_CARD, cards=(nine, ten, king))
    solution = Solution(nine, "why", also=(ten,))
    states, captions = answer_marks(ex, ten, solution)
    assert states == {ten: "correct", nine: "right_answer"} and captions[nine] == "✓ best"
    states, captions = answer_marks(ex, king, solution)
    assert states == {king: "wrong", nine: "right_answer", ten: "right_answer"}
    assert captions[ten] == "✓ also right"


@pytest.mark.parametrize(("lesson", "step", "kind"), [NEW_DRILLS[1], NEW_DRILLS[5]])
def test_the_new_drills_reveal_their_answer_in_present_mode(
    open_learn: Callable[..., AppTest], db: Path, lesson: str, step: str, kind: str
) -> None:
    at = open_learn(lesson=lesson, step=step, seed="5", present="1")
    button(at, "Reveal the answer").click().run()
    assert not at.exception and at.success
    assert "Next question" in [b.label for b in at.button]
