"""Present mode fits a projector (issue 49, item 5), in Chromium at 1920x1080, measured.

- Every step of lessons 1-13, walked with a clicker's PageDown in one page: the step, and each
  exercise with its answer revealed, ends inside the screen (the bottom of the lowest element,
  the answer included, at most 1,080 px) and the page has nothing to scroll; the step's title is
  near the top. On an exercise the first PageDown reveals the answer (the caption says so) and the
  next one moves on.
- The deal walkthrough's text column (at least 40% of the screen's width, every line inside the
  screen at every step) is measured on test_teacher_keys_browser.py's walk through it.

Figures (test-artifacts/timings.json): the smallest zoom present mode's fit gave a column
(``ui.layout.fit_to_screen``; 1 when it fits as drawn) and the lowest bottom of any step.
Screenshots: test-artifacts/present/learn-*.png.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bench.browser import ARTIFACTS
from lessons.loader import load_lessons
from ui.walkthrough_keys import CLICKER_REVEAL_HELP

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # a minute or more: the run starts it early

WIDTH, HEIGHT = 1920, 1080
TITLE_NEAR_THE_TOP = 0.2 * HEIGHT  # px: the step's title starts in the screen's top fifth
SMALLEST_ZOOM = 0.65  # a long step's text shrinks, its 28 px body text never below 18 px

# The page as the class sees it: where the lesson is, the boxes of what is drawn, the fit's zooms.
_STATE = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  const block = main.querySelector('.stMainBlockContainer');
  const shown = [...block.querySelectorAll('[data-testid="stElementContainer"]')]
    .map((e) => e.getBoundingClientRect()).filter((b) => b.width > 0 && b.height > 0);
  const top = (el) => (el ? el.getBoundingClientRect().top : null);
  const answer = block.querySelector('[data-testid="stAlertContentSuccess"]');
  const where = block.innerText.match(/Lesson (\\d+) of \\d+ · [^\\n]* · Step (\\d+) of (\\d+)/);
  return {
    where: where ? where.slice(1).map(Number) : null,
    scroll: main.scrollHeight, screen: main.clientHeight,
    top: Math.min(...shown.map((b) => b.top)), bottom: Math.max(...shown.map((b) => b.bottom)),
    title: top(block.querySelector('h2')),
    answer: answer ? answer.getBoundingClientRect().bottom : null,
    hidden: !!block.querySelector('[class*="st-key-reveal-"] button'),
    zooms: [...block.querySelectorAll('[class*="st-key-ec_fit_"]')].map((b) => Number(b.dataset.fit)),
  };
}"""

# Two animation frames: the fit runs in the frame after the page changed.
_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def _press(page: Any, wait_idle: Any, key: str) -> dict[str, Any]:
    count = page.run_watch.finished
    page.keyboard.press(key)
    page.run_watch.wait_beyond(page, count)
    wait_idle(page)
    page.evaluate(_FRAMES)
    state: dict[str, Any] = page.evaluate(_STATE)
    return state


def _on_one_screen(state: dict[str, Any], what: str) -> None:
    assert state["scroll"] <= state["screen"] == HEIGHT, (what, "the page scrolls", state)
    assert 0 <= state["top"] and state["bottom"] <= HEIGHT, (what, state)
    assert state["title"] is not None and state["title"] <= TITLE_NEAR_THE_TOP, (what, state)
    assert state["zooms"] and min(state["zooms"]) >= SMALLEST_ZOOM, (what, state)


def test_every_lesson_step_and_its_revealed_answer_fits_1920x1080_and_the_clicker_reveals(
    open_page: Any,
    app_url: str,
    goto: Any,
    wait_idle: Any,
    assert_no_exception: Any,
    record_timing: Any,
) -> None:
    lessons = sorted(load_lessons(), key=lambda lesson: lesson.number)
    assert [lesson.number for lesson in lessons] == list(range(1, 14))
    walk = [
        (lesson.number, i, len(lesson.steps), step.element is not None and step.element.kind == "exercise")
        for lesson in lessons
        for i, step in enumerate(lesson.steps, 1)
    ]
    (ARTIFACTS / "present").mkdir(parents=True, exist_ok=True)
    zooms, bottoms, reveals = [], [], 0
    with open_page(app_url, WIDTH, HEIGHT) as page:
        goto(page, "/learn?lesson=deck&step=1&present=1")
        page.evaluate(_FRAMES)
        state = page.evaluate(_STATE)
        for n, (lesson, step, steps, exercise) in enumerate(walk):
            what = f"lesson {lesson} step {step}"
            assert state["where"] == [lesson, step, steps], (what, state["where"])
            _on_one_screen(state, what)
            zooms += state["zooms"]
            bottoms.append(state["bottom"])
            if exercise:
                assert state["hidden"] and state["answer"] is None, what
                main = page.locator('[data-testid="stMain"]')
                assert main.get_by_text(CLICKER_REVEAL_HELP, exact=True).count() == 1, what
                state = _press(page, wait_idle, "PageDown")  # the clicker's next: the answer first
                what += ", answer revealed"
                assert state["where"] == [lesson, step, steps], (what, "it moved on", state["where"])
                assert not state["hidden"] and state["answer"] is not None, what
                _on_one_screen(state, what)
                assert state["answer"] <= HEIGHT, (what, state)
                zooms += state["zooms"]
                bottoms.append(state["bottom"])
                reveals += 1
                name = re.sub(r"\W+", "-", what)
                page.screenshot(path=str(ARTIFACTS / "present" / f"learn-{name}-{WIDTH}x{HEIGHT}.png"))
            if n + 1 < len(walk):
                state = _press(page, wait_idle, "PageDown")
        assert_no_exception(page)
    assert reveals == sum(exercise for *_, exercise in walk)
    record_timing("present.learn.1920.smallest_zoom", min(zooms))
    record_timing("present.learn.1920.lowest_bottom_px", max(bottoms))
