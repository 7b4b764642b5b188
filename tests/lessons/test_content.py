"""Every lesson file parses, in the lessons' teaching order, and bad files get clear messages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lessons.exercises import EXERCISE_KINDS
from lessons.links import analyze_link
from lessons.loader import load_lessons, parse_element, parse_lesson
from lessons.model import ELEMENT_KINDS, LessonError

ROOT = Path(__file__).resolve().parents[2]
ORDER = [
    "deck",
    "bowers",
    "ranking",
    "following",
    "tricks",
    "making-trump",
    "alone-and-scoring",
    "keeping-score",
    "variants",
    "playing-to-make",
    "defending",
    "strategy",
    "defending-loners",
]


def _lessons(*args: str, check: bool = False) -> subprocess.CompletedProcess[str]:
    """``python -m lessons`` with ``args``, run from the repository's root."""
    return subprocess.run(
        [sys.executable, "-m", "lessons", *args], capture_output=True, text=True, cwd=ROOT, check=check
    )


def test_the_course_has_the_thirteen_lessons_in_order() -> None:
    lessons = load_lessons()
    assert [lesson.id for lesson in lessons] == ORDER
    assert [lesson.number for lesson in lessons] == list(range(1, 14))
    for lesson in lessons:
        assert lesson.steps and all(step.text for step in lesson.steps)
        for step in lesson.steps:
            assert "@" not in step.text.splitlines()[0]


def test_the_readme_documents_every_element() -> None:
    readme = (ROOT / "lessons" / "README.md").read_text(encoding="utf-8")
    for kind in ELEMENT_KINDS:
        assert f"| `{kind}` | `@{kind}" in readme, kind
    assert "`@chart upcard=Q`" in readme and "`9 T J Q K A`" in readme


def test_every_exercise_type_is_used_somewhere() -> None:
    used = {kind for lesson in load_lessons() for kind in lesson.exercise_kinds}
    assert used == set(EXERCISE_KINDS)


def test_the_strategy_lesson_links_every_step_to_the_analyzer() -> None:
    strategy = next(lesson for lesson in load_lessons() if lesson.id == "strategy")
    links = [s.element for s in strategy.steps if s.element is not None and s.element.kind == "analyze"]
    assert len(links) >= 5
    first = analyze_link(dict(links[0].options))
    assert (
        first.url == "analyze?view=standard/3/JH-JD-AH-KS-9C,?,?,?/9H"
    )  # first seat: South left of dealer East (3)
    for element in links:
        link = analyze_link(dict(element.options))
        assert link.upcard not in link.hand and len(set(link.hand)) == 5


GOOD = "---\nid: x\nnumber: 1\ntitle: T\nsummary: S\n---\n\n## Step\nText.\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("no front matter", "starts with a front matter"),
        ("---\nid: x\n", "not closed"),
        ("---\nid: x\nnumber: 1\ntitle: T\n---\n## S\nx\n", "lacks summary"),
        (GOOD.replace("id: x", "id: x\ncolour: red"), "unknown front matter key"),
        (GOOD.replace("number: 1", "number: one"), "whole number"),
        (GOOD + "@cards JH\n@cards JD\n", "one per step"),
        (GOOD + "@cards JH ZZ\n", "'ZZ' is not a card"),
        (GOOD + "@exercise left_bower colour=red\n", "no option 'colour'"),
        (GOOD + "@exercise juggling\n", "@exercise takes one type"),
        (GOOD + "@video cat.mp4\n", "the kinds are"),
        (GOOD + "@analyze hand=JH+JD+AH+KS+9C upcard=JH seat=first\n", "also in the hand"),
        (GOOD + "@analyze hand=JH+JD+AH+KS upcard=9H seat=first\n", "5 different cards"),
        (GOOD + "@analyze hand=JH+JD+AH+KS+9C upcard=9H seat=north\n", "accepted: first, second"),
        (
            GOOD + "@analyze hand=JH+JD+AH+KS+9C upcard=9H seat=first turned_down=H\n",
            "only goes with round=2",
        ),
        ("---\nid: x\nnumber: 1\ntitle: T\nsummary: S\n---\nstray text\n## S\nx\n", "before the first"),
        ("---\nid: x\nnumber: 1\ntitle: T\nsummary: S\n---\n## Empty\n## Two\nx\n", "has no text"),
    ],
)
def test_bad_lesson_files_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(LessonError, match=message):
        parse_lesson(text, "bad.md")


def test_a_good_file_round_trips_its_element() -> None:
    lesson = parse_lesson(GOOD + "@ranking H joker=yes\n", "ok.md")
    element = lesson.steps[0].element
    assert element is not None and element.kind == "ranking" and element.args == ("H",)
    assert element.option("joker") == "yes"
    assert parse_element("scorecards").kind == "scorecards"


def test_duplicate_ids_and_gaps_are_refused(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text(GOOD)
    (tmp_path / "b.md").write_text(GOOD.replace("number: 1", "number: 3").replace("id: x", "id: y"))
    with pytest.raises(LessonError, match="without gaps"):
        load_lessons(tmp_path)


def test_cli_lists_the_catalogue_as_json_and_text() -> None:
    out = _lessons("list", "--json", check=True)
    data = json.loads(out.stdout)
    assert [d["id"] for d in data] == ORDER
    bowers = data[1]
    assert bowers["exercise_types"] == ["left_bower"]
    assert bowers["steps"][2]["link"] == "learn?lesson=bowers&step=3"
    text = _lessons("list", check=True).stdout
    assert " 2. The bowers (bowers)  [exercises: left_bower]" in text


def test_cli_judges_an_answer_and_refuses_bad_input() -> None:
    ok = _lessons("try", "left_bower", "--seed", "3", "--answer", "JH")
    assert ok.returncode == 0 and ("Right!" in ok.stdout or "Not quite." in ok.stdout)
    bad = _lessons("try", "left_bower", "--answer", "XYZ")
    assert bad.returncode == 2 and "is not a card" in bad.stderr and "Traceback" not in bad.stderr


def test_the_catalogue_shows_the_play_lessons_and_every_exercise_type(new_drills: frozenset[str]) -> None:
    out = _lessons("list", "--json", check=True)
    data = {d["id"]: d for d in json.loads(out.stdout)}
    assert data["playing-to-make"]["number"] == 10 and data["defending"]["number"] == 11
    assert data["playing-to-make"]["exercise_types"] == ["makers_lead", "loner_play", "play_card"]
    assert data["defending"]["exercise_types"] == ["second_hand", "play_card"]
    kinds = {k for d in data.values() for k in d["exercise_types"]}
    assert kinds == set(EXERCISE_KINDS)
    # issue 51's new drills, each in a lesson step with its link
    steps = {
        s["exercise"]: s["link"] for d in data.values() for s in d["steps"] if s["exercise"] in new_drills
    }
    assert set(steps) == new_drills and all(link.startswith("learn?lesson=") for link in steps.values())


def test_cli_tries_a_play_question_with_an_option() -> None:
    out = _lessons("try", "play_card", "--seed", "3", "--option", "side=defenders", check=True).stdout
    assert "Your side are the defenders." in out and "Which card would you play?" in out
    assert "answer: Play the " in out
    bad = _lessons("try", "play_card", "--option", "side=everyone")
    assert bad.returncode == 2 and "accepted: makers, defenders" in bad.stderr
