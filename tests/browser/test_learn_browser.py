"""End to end in Chromium: click through the bowers lesson, answering its exercises."""

from __future__ import annotations

import re
from typing import Any

import pytest

SYMBOL = {"H": "♥", "D": "♦", "S": "♠", "C": "♣"}
STEPS = [
    "Two colours, two pairs",
    "The right bower",
    "The left bower",
    "Every trump suit",
    "Your turn: find the left bower",
    "And the right bower",
    "What the bowers do to the suits",
]


def answer_bower_question(page: Any, click_and_wait: Any, bowers: Any) -> str:
    prompt = page.get_by_text(re.compile(r"are trump\. Click the (left|right) bower")).first.inner_text()
    match = re.search(r"(\w+) . are trump\. Click the (left|right) bower", prompt)
    assert match, prompt
    trump, which = match.groups()
    left, right = bowers(trump)  # the conftest's table, from docs/rules.md §3
    jack = f"J{SYMBOL[(right if which == 'right' else left)[1]]}"
    click_and_wait(page, page.get_by_role("button", name=jack, exact=True))
    return jack


@pytest.mark.browser
def test_click_through_the_bowers_lesson(page: Any, kit: Any, bowers: Any) -> None:
    kit.record_timing("learn.first_render", kit.goto(page, "/learn?lesson=bowers&step=1"))
    kit.assert_no_exception(page)
    streak = 0  # both exercise steps are the same exercise type, so the streak carries on
    for number, title in enumerate(STEPS, start=1):
        assert page.get_by_role("heading", name=title).count() >= 1, title
        assert f"step={number}" in page.url
        if "Your turn" in title or "And the right" in title:
            for _ in range(3):
                answer_bower_question(page, kit.click_and_wait, bowers)
                streak += 1
                page.get_by_text(f"Streak {streak} · best {streak}").wait_for(timeout=15_000)
                success = page.locator('[data-testid="stAlertContentSuccess"]')
                assert success.count() == 1 and "Right!" in success.inner_text()
                # the answered question stays, marked, until the learner asks for the next one
                kit.click_and_wait(page, page.get_by_role("button", name="Next question"))
            kit.screenshot(page, f"learn-bowers-step{number}")
        kit.assert_no_exception(page)
        if number < len(STEPS):
            seconds = kit.click_and_wait(
                page, page.get_by_role("button", name=re.compile(r"^Next(?!\s*lesson)"))
            )
            kit.record_timing(f"learn.next.step{number}", seconds)
    kit.click_and_wait(page, page.get_by_role("button", name=re.compile("Next lesson")))
    assert "lesson=ranking" in page.url and "step=1" in page.url
    kit.assert_no_exception(page)


@pytest.mark.browser
def test_a_wrong_click_explains_why(page: Any, kit: Any, bowers: Any) -> None:
    kit.goto(page, "/learn?lesson=bowers&step=5&seed=21")
    prompt = page.get_by_text(re.compile(r"are trump\. Click the left bower")).first.inner_text()
    match = re.search(r"(\w+) . are trump", prompt)
    assert match
    _, right = bowers(match.group(1))  # clicked instead of the left bower
    kit.click_and_wait(page, page.get_by_role("button", name=f"J{SYMBOL[right[1]]}", exact=True))
    error = page.locator('[data-testid="stAlertContentError"]')
    assert "Not quite." in error.inner_text() and "right bower" in error.inner_text()
    assert page.locator(f'img[data-card="{right}"][data-state="wrong"]').count() == 1  # marked on the card
    assert page.get_by_text(prompt).count() >= 1, "the same question stays on screen"
    kit.assert_no_exception(page)


@pytest.mark.browser
def test_a_bad_deep_link_falls_back_with_a_message(page: Any, kit: Any) -> None:
    kit.goto(page, "/learn?lesson=bowers&step=42")
    assert page.get_by_text("steps run 1 to 7. Showing step 1").count() == 1
    assert page.get_by_role("heading", name="Two colours, two pairs").count() >= 1
    kit.assert_no_exception(page)
