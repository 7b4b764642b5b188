"""Issue 51's new drills on a phone (390 x 844) in Chromium: each opens from its lesson step's link
(``learn?lesson=ID&step=N``, as ``python -m lessons list`` gives it), is answered with one tap, and
shows the judge's explanation, on a page no wider than the phone."""

from __future__ import annotations

import re
from typing import Any

import pytest

from lessons.exercise_model import Mode
from lessons.exercises import generate
from lessons.loader import load_lessons

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 390, 844
SEED = 3


def _links() -> dict[str, str]:
    """Each drill's first lesson step, as its link."""
    found: dict[str, str] = {}
    for lesson in load_lessons():
        for number, step in enumerate(lesson.steps, start=1):
            element = step.element
            if element is not None and element.kind == "exercise":
                found.setdefault(element.args[0], f"/learn?lesson={lesson.id}&step={number}")
    return found


LINKS = _links()


def test_a_new_drill_is_answered_on_a_phone_and_explained(new_drill: str, kit: Any, app_url: str) -> None:
    kind = new_drill  # each of issue 51's new drills (the conftest's NEW_DRILLS)
    assert kind in LINKS, f"{kind} is in no lesson step"
    ex = generate(kind, SEED)  # the same question the page deals for this seed
    with kit.open_page(app_url, WIDTH, HEIGHT) as page:
        kit.goto(page, f"{LINKS[kind]}&seed={SEED}")
        kit.assert_no_exception(page)
        if ex.mode is Mode.CHOICE:
            button = page.get_by_role("button", name=ex.options[0].capitalize(), exact=True)
        else:
            button = page.get_by_role("button", name=ex.cards[0].short, exact=True)
        button.first.wait_for(state="visible", timeout=30_000)
        kit.click_and_wait(page, button.first)
        alert = page.locator('[data-testid="stAlertContentSuccess"], [data-testid="stAlertContentError"]')
        alert.first.wait_for(state="visible", timeout=60_000)
        said = alert.first.inner_text()
        assert re.match(r"(Right!|Not quite\.) ", said), said
        assert len(said) > 80 and not re.search(r"(?<![\w♠♥♦♣])(?:10|[2-9TJQKA])[CDHS](?!\w)", said), said
        assert page.get_by_role("button", name="Next question").count() == 1
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= WIDTH, f"the page is {wide} px wide on a {WIDTH} px phone"
        kit.assert_no_exception(page)
        kit.screenshot(page, f"drill-phone-{kind}")
