"""The engine facts the lessons quote (``lessons.facts``) are what the engine says now.

The lessons write ``{{name}}`` where they quote the analyzer; the loader fills the names in from
``lessons/fact_values.py``. Here every stored fact is recomputed: when the engine's answer has
moved (a refitted table, a better defence against a loner), the test fails and names the command
that brings the lessons up to date. The steps whose argument depends on a verdict (lesson 12's
score steps) are held to it, and lesson 7 teaches a hand as a loner only when the analyzer does.
"""

from __future__ import annotations

import re

import pytest

from lessons import facts
from lessons.fact_values import VALUES
from lessons.loader import CONTENT_DIR, FACT, fill_facts, lesson_by_id, load_lessons
from lessons.model import LessonError

REGENERATE = "the engine's answer moved: run `python -m lessons facts --write` and read the lessons again"


@pytest.fixture(scope="module")
def now() -> dict[str, str]:
    return facts.compute()


def words(lesson_id: str, title: str) -> str:
    step = next(s for s in lesson_by_id(lesson_id).steps if s.title == title)
    return " ".join(step.text.split())


def test_every_fact_a_lesson_names_exists_and_is_filled_in() -> None:
    named = {m[1] for p in CONTENT_DIR.glob("*.md") for m in FACT.finditer(p.read_text(encoding="utf-8"))}
    assert named and named <= set(VALUES), sorted(named - set(VALUES))
    for lesson in load_lessons():
        for step in lesson.steps:
            assert "{{" not in step.text and "}}" not in step.text, (lesson.id, step.title)


def test_an_unknown_fact_is_an_error_naming_the_line() -> None:
    with pytest.raises(LessonError, match=r"x\.md:2: no engine fact 'nope\.verdict'"):
        fill_facts("one\nthe analyzer says {{nope.verdict}}", "x.md")
    assert fill_facts("it says **{{ a.b }}**", values={"a.b": "pass"}) == "it says **pass**"


def test_the_stored_facts_are_what_the_engine_says_now(now: dict[str, str]) -> None:
    moved = {k: (VALUES.get(k), v) for k, v in now.items() if not facts.same(VALUES.get(k), v)}
    assert not moved, f"{REGENERATE}: {moved}"
    assert set(VALUES) == set(now)


def test_a_figure_may_move_within_its_sampling_error_a_verdict_not_at_all() -> None:
    assert facts.same("+1.42", "+1.46") and not facts.same("+1.42", "+1.48")
    assert facts.same("14%", "16%") and facts.same("<1%", "0%") and not facts.same("14%", "18%")
    assert not facts.same("order up alone", "order up") and not facts.same(None, "pass")
    assert facts.same("(+0.02 points apart)", "(+0.01 points apart)")


def test_lesson_7_teaches_the_three_top_trumps_and_an_ace_as_the_analyzer_does(now: dict[str, str]) -> None:
    # the verdict taught is the analyzer's now, whatever it is today ...
    assert VALUES["alone-ace.verdict"] == now["alone-ace.verdict"], REGENERATE
    text = words("alone-and-scoring", "Going alone")
    # ... for J♥ J♦ A♥ A♠ 9♣, the 9♥ up, first seat, and its figures are the stored facts.
    assert (
        f"(J♥ J♦ A♥ A♠ 9♣, the 9♥ turned up, first to speak): it says **{VALUES['alone-ace.verdict']}**"
        in text
    )
    assert (
        f"Alone: {VALUES['alone-ace.alone.ev']}, all five tricks in {VALUES['alone-ace.alone.march']} of deals"
        in text
    )
    assert f"with your partner: {VALUES['alone-ace.order.ev']}" in text
    assert "or an off-suit ace beside the three top trumps" not in text  # the old, fixed rule
    if "alone" not in VALUES["alone-ace.verdict"]:
        assert "**order up alone**" not in text
    link = next(s for s in lesson_by_id("alone-and-scoring").steps if s.title == "Going alone").element
    assert link is not None and dict(link.options)["says"] == VALUES["alone-ace.says"]
    for name in ("alone-small", "alone-dealer"):
        assert f"it says **{VALUES[name + '.verdict']}**" in text


def test_lesson_12_says_what_the_default_table_says_of_the_strong_first_hand(now: dict[str, str]) -> None:
    assert VALUES["strong-first.verdict"] == now["strong-first.verdict"], REGENERATE
    text = words("strategy", "A strong first hand")
    assert (
        f"At a table of people (the app's default table) the analyzer says **{VALUES['strong-first.verdict']}**"
        in text
    )
    assert f"ordering up is worth {VALUES['strong-first.order.ev']} points a hand" in text
    assert VALUES["strong-first.tables"] in text
    assert "When in doubt, take the sure points" not in text
    chart = words("strategy", "The chart for your seat")
    assert "**average over a class of hands**" in chart and "mixes every hand of its class" in chart
    assert (
        f"says **{VALUES['chart-strong.best']}**" in chart
        and f"Here they give {VALUES['chart-strong.compare']}." in chart
    )
    assert f"from {VALUES['chart-strong.n']} simulated deals" in chart


def test_lesson_12_says_the_risk_of_ordering_up_king_queen_nine_at_0_0(now: dict[str, str]) -> None:
    text = words("strategy", "The score matters")
    assert f"At 0–0 it says **{VALUES['kq9.verdict']}**, but the risk is real" in text
    assert re.search(rf"ordering up is euchred in {re.escape(VALUES['kq9.order.euchred'])} of deals", text)
    # the argument of the two score steps rests on these verdicts: leading, pass; trailing, order up
    assert VALUES["kq9.verdict"] == now["kq9.verdict"], REGENERATE
    assert now["kq9-leading.verdict"] == "pass", REGENERATE + " (and rewrite 'The score matters')"
    assert now["kq9-trailing.verdict"] == "order up", REGENERATE + " (and rewrite 'Trailing at the end')"
    trailing = words("strategy", "Trailing at the end")
    assert f"at 0–0 the analyzer says **{VALUES['kq9-third.verdict']}**" in trailing
    assert f"trailing 8–9 it says **{VALUES['kq9-trailing.verdict']}**" in trailing
