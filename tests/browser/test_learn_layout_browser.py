"""End to end in Chromium: the Learn exercise on a phone, and lesson progress kept across a reload."""

from __future__ import annotations

import re
from typing import Any

import pytest

PHONE = (390, 844)  # an iPhone 12-14 screen in CSS pixels
SIZE = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  return {height: main.scrollHeight, width: Math.max(main.scrollWidth, document.documentElement.scrollWidth,
                                                     document.body.scrollWidth)};
}"""


def page_size(page: Any) -> tuple[int, int]:
    size = page.evaluate(SIZE)
    return int(size["height"]), int(size["width"])


@pytest.mark.browser
def test_the_exercise_fits_a_phone_and_the_card_itself_is_the_button(
    kit: Any, app_url: str, bowers: Any
) -> None:
    with kit.open_page(app_url, *PHONE) as page:
        kit.goto(page, "/learn?lesson=bowers&step=5&seed=10")
        kit.assert_no_exception(page)
        height, width = page_size(page)
        kit.screenshot(page, "learn-exercise-phone")
        assert height < 1500, f"the exercise page is {height} px tall on a phone"
        assert width <= PHONE[0], f"the page is {width} px wide on a {PHONE[0]} px screen"
        cards = page.locator('[class*="st-key-ec_cell_"] img')
        assert cards.count() == 6
        tops = [round(cards.nth(i).bounding_box()["y"]) for i in range(cards.count())]
        assert len(set(tops)) <= 2, f"six cards in at most two rows, not one a row: {tops}"

        # a tap on the picture of the card (not on its label) answers with that card
        prompt = page.get_by_text(re.compile(r"are trump\. Click the left bower")).first.inner_text()
        match = re.search(r"(\w+) . are trump", prompt)
        assert match
        left, _ = bowers(match.group(1))  # the conftest's table, from docs/rules.md §3
        picture = page.locator(f'[class*="st-key-ec_cell_"] img[data-card="{left}"]')
        box = picture.bounding_box()
        count = page.run_watch.finished
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 3)
        page.run_watch.wait_beyond(page, count)
        page.get_by_role("button", name="Next question").wait_for()
        assert "Right!" in page.locator('[data-testid="stAlertContentSuccess"]').inner_text()
        assert page.locator(f'img[data-card="{left}"][data-state="correct"]').count() == 1
        height, width = page_size(page)
        kit.screenshot(page, "learn-exercise-phone-answered")
        assert height < 1500 and width <= PHONE[0], (height, width)
        kit.assert_no_exception(page)


@pytest.mark.browser
def test_lesson_progress_is_still_there_after_a_reload(page: Any, kit: Any) -> None:
    kit.goto(page, "/learn?lesson=bowers&step=1")
    for _ in range(3):  # to step 4 of 7
        kit.click_and_wait(page, page.get_by_role("button", name=re.compile(r"^Next(?!\s*lesson)")))
    assert "step=4" in page.url
    assert any(c["name"] == "euchre_coach_learner" for c in page.context.cookies()), (
        "the browser keeps its id"
    )

    kit.goto(page, "/learn")  # a reload: a new Streamlit session in the same browser
    kit.assert_no_exception(page)
    assert page.get_by_text("4 of 7 steps").count() == 1, "the bowers lesson (7 steps) remembers step 4"
    assert page.locator(".st-key-open-bowers").get_by_role("button").inner_text().strip() == "Continue"
    assert page.locator(".st-key-open-deck").get_by_role("button").inner_text().strip() == "Start"
    kit.screenshot(page, "learn-list-after-reload")
    kit.click_and_wait(page, page.locator(".st-key-open-bowers").get_by_role("button"))
    assert "lesson=bowers" in page.url and "step=4" in page.url
