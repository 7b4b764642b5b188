"""A teacher at a projector (issue 41, items 3, 4 and 10), in Chromium, measured.

- Item 3: the deal walkthrough in present mode: at 1920x1080 every step's sentence and its "Why:"
  line are inside the screen, beside the table (not under or over it); at 1366x900 and 390x844 too.
  At 1920x1080 the text column is at least two fifths of the screen (issue 49, item 5) and every
  line of it ends inside the screen.
- Item 4: a clicker's keys (PageDown, Space, → forward; PageUp, ← back) step the walkthrough, Learn's
  lessons in present mode and the practice replay with the focus on a button, a switch or the
  replay's slider, and the keys are said once on the screen. They leave a text field and a select
  alone, and outside present mode Learn keeps PageDown for scrolling.
- Item 10: in present mode "Deal no." (a nine-digit number) and the Dealer box are whole, nothing in
  them cut off, and no tooltip covers the First button while the mouse rests on another step button.

Screenshots: test-artifacts/teacher/<what>-<w>x<h>.png (the screen as the class sees it) and
test-artifacts/teacher/<what>-<w>x<h>-page.png (the whole page); the walkthrough's step 12 in present
mode goes to test-artifacts/screens/rules-deal-present-<w>x<h>.png too, beside the other pages'
screens, with a check that the phone has nothing to scroll sideways.
"""

from __future__ import annotations

import re
from contextlib import ExitStack
from typing import Any

import pytest

from bench.browser import ARTIFACTS, CONTROLS
from engine.core.rules import Rules
from practice.codes import DealCode, encode

pytestmark = pytest.mark.browser

SIZES = {"1920x1080": (1920, 1080), "1366x900": (1366, 900), "390x844": (390, 844)}
WALK = "/rules?section=deal&seed=42&dealer=0&present=1&step="
CLICKER = "Clicker: PageDown/Space/→ next, PageUp/← back"

# The step's sentence (the story's h3, the only h3 outside the table in present mode), its "Why:"
# paragraph and "Step n of m", with the table's box: [left, top, right, bottom] in px.
_STORY = """() => {
  const box = (el) => { if (!el) return null; const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const main = document.querySelector('[data-testid="stMain"]');
  const paragraphs = [...main.querySelectorAll('[data-testid="stMarkdownContainer"] p')];
  const sentence = [...main.querySelectorAll('h3')].find(h => !h.closest('[data-testid="card-table"]'));
  return {
    step: box(paragraphs.find(p => /^Step \\d+ of \\d+$/.test(p.innerText.trim()))),
    sentence: box(sentence), text: sentence ? sentence.innerText : '',
    why: box(paragraphs.find(p => p.innerText.startsWith('Why:'))),
    table: box(main.querySelector('[data-testid="card-table"]')),
  };
}"""

# The walkthrough's text column (the story's column) and the bottom of each of its lines.
_COLUMN = """() => {
  const story = document.querySelector('.st-key-rx_story');
  const column = story.closest('[data-testid="stColumn"]').getBoundingClientRect();
  const lines = [...story.querySelectorAll('p, h3, [data-testid="stCaptionContainer"], [data-testid="stAlert"]')]
    .map((e) => e.getBoundingClientRect().bottom);
  const table = document.querySelector('[data-testid="card-table"]').getBoundingClientRect();
  return {width: column.width, right: column.right, table: table.left, lowest: Math.max(...lines)};
}"""
TWO_FIFTHS = 0.4  # of the projector's width: the walkthrough's text column at least this wide

# A number input or select by its label: its box and the elements in it whose content is wider
# than they are (a value or a label cut off).
_WIDGET = """(label) => {
  const widget = [...document.querySelectorAll('[data-testid="stNumberInput"], [data-testid="stSelectbox"]')]
    .find(w => { const l = w.querySelector('label'); return l && l.innerText.trim().startsWith(label); });
  if (!widget) return null;
  const b = widget.getBoundingClientRect();
  const cut = [...widget.querySelectorAll('*')]
    .filter(e => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
    .map(e => e.tagName + ' ' + (e.value || e.innerText || '').slice(0, 20));
  return {box: [b.left, b.top, b.right, b.bottom], cut, value: widget.querySelector('input').value};
}"""

# Is the First button the topmost element all over it, and which tooltips are showing?
_FIRST_UNCOVERED = """() => {
  const first = document.querySelector('.st-key-rx_first button').getBoundingClientRect();
  const points = [];
  for (const fx of [0.1, 0.5, 0.9]) for (const fy of [0.15, 0.5, 0.85]) points.push([first.left + fx * first.width, first.top + fy * first.height]);
  const tips = [...document.querySelectorAll('[data-testid="stTooltipContent"]')].map(t => t.innerText);
  return {covered: points.filter(([x, y]) => { const e = document.elementFromPoint(x, y); return !e || !e.closest('.st-key-rx_first'); }).length, tips};
}"""


def _inside(box: list[float] | None, width: int, height: int) -> bool:
    return (
        box is not None and box[0] >= 0 and box[1] >= 0 and box[2] <= width + 0.5 and box[3] <= height + 0.5
    )


def _disjoint(a: list[float], b: list[float]) -> bool:
    return a[2] <= b[0] + 0.5 or b[2] <= a[0] + 0.5 or a[3] <= b[1] + 0.5 or b[3] <= a[1] + 0.5


def _walk_step(page: Any) -> int:
    match = re.search(r"Step (\d+) of", page.locator('[data-testid="stMain"]').inner_text())
    assert match, "no 'Step n of m' on the page"
    return int(match.group(1))


def _shots(page: Any, screenshot: Any, name: str) -> None:
    """The screen as the class sees it, and the whole page (the screenshot fixture)."""
    (ARTIFACTS / "teacher").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "teacher" / f"{name}.png"))
    screenshot(page, f"teacher/{name}-page")


def _press(page: Any, wait_idle: Any, key: str, focus: Any | None = None) -> None:
    """Press ``key`` (with ``focus`` focused first) and wait for the run it starts."""
    if focus is not None:
        focus.focus()
    count = page.run_watch.finished
    page.keyboard.press(key)
    page.run_watch.wait_beyond(page, count)
    wait_idle(page)


def _press_idle(page: Any, wait_idle: Any, key: str) -> None:
    """Press ``key`` where it should start no run: wait a moment and for the page to be idle."""
    page.keyboard.press(key)
    page.wait_for_timeout(600)
    wait_idle(page)


# ---- item 3: the sentence and its reason on the projector's one screen ----------------------------


def _story_on_the_screen(page: Any, size: str, step: int) -> float:
    """The step's sentence and its "Why:" inside the screen (and beside the table but on a phone);
    the lowest of them, in px from the top."""
    width, height = SIZES[size]
    assert _walk_step(page) == step, size
    story = page.evaluate(_STORY)
    assert story["text"], (size, step)
    for part in ("step", "sentence", "why") if step else ("step", "sentence"):
        assert _inside(story[part], width, height), (size, step, part, story)
        if width > 640:  # beside the table, not over it (a phone puts the table under the story)
            assert _disjoint(story[part], story["table"]), (size, step, part, story)
    if size == "1920x1080":  # the text column on the projector: two fifths wide, every line inside
        column = page.evaluate(_COLUMN)
        assert column["width"] >= TWO_FIFTHS * width and column["right"] <= column["table"], (step, column)
        assert column["lowest"] <= height, (step, column)
    return float(story["why"][3] if story["why"] else story["sentence"][3])


def test_every_walkthrough_steps_sentence_and_reason_are_on_the_screen_in_present_mode(
    kit: Any, app_url: str
) -> None:
    # the three sizes side by side, each its own session, stepped together (click_all)
    with ExitStack() as stack:
        pages = {size: stack.enter_context(kit.open_page(app_url, *SIZES[size])) for size in SIZES}
        kit.goto_all(list(pages.values()), [f"{WALK}0"] * len(pages))
        lengths = set()
        for page in pages.values():
            kit.assert_no_exception(page)
            found = re.search(r"Step 0 of (\d+)", page.locator('[data-testid="stMain"]').inner_text())
            assert found is not None
            lengths.add(int(found[1]))
        assert lengths == {23}
        length = 23
        lowest = dict.fromkeys(pages, 0.0)
        for step in range(length + 1):
            if step:
                kit.click_all(
                    list(pages.values()), [p.locator(".st-key-rx_next button").first for p in pages.values()]
                )
            if step == 12:  # shot beside the other pages' screens: as a link opens it, no mouse on Next
                for page in pages.values():
                    page.mouse.move(0, 0)
                pages["390x844"].wait_for_timeout(300)
            for size, page in pages.items():
                lowest[size] = max(lowest[size], _story_on_the_screen(page, size, step))
                if step in (0, 2, 6):
                    _shots(page, kit.screenshot, f"walkthrough-step{step}-{size}")
                if step == 12:  # the walkthrough's screen, beside the other pages'
                    kit.assert_no_exception(page)
                    reach = kit.sideways(page)
                    assert size != "390x844" or reach["scroll"] <= reach["width"] + 1, (
                        f"wider than the phone's screen: {reach}"
                    )
                    assert kit.screenshot(page, f"screens/rules-deal-present-{size}").stat().st_size > 10_000
        for size in pages:
            kit.record_timing(f"teacher.walkthrough.{size}.why_bottom_px", lowest[size])


# ---- item 4: a clicker's keys, wherever the focus is ------------------------------------------------


def test_the_clicker_keys_step_the_walkthrough_with_the_focus_on_a_button(kit: Any, app_url: str) -> None:
    width, height = SIZES["1920x1080"]
    with kit.open_page(app_url, width, height) as page:
        kit.goto(page, f"{WALK}3")
        main = page.locator('[data-testid="stMain"]')
        assert main.get_by_text(CLICKER, exact=True).count() == 1  # said once
        back = page.locator(".st-key-rx_back button").first
        section = page.locator(".st-key-rx_section button").first  # the section switch ("Trump ranking")
        for key, focus, step in (
            ("PageDown", back, 4),
            ("Space", back, 5),
            ("PageUp", back, 4),
            ("ArrowRight", back, 5),
            ("ArrowLeft", back, 4),
            ("Space", section, 5),
            ("PageDown", section, 6),
        ):
            _press(page, kit.wait_idle, key, focus)
            assert _walk_step(page) == step, (key, step)
        assert "section=deal" in page.url  # Space did not click the focused "Trump ranking" too
        # the keys leave a text field and a select alone while they are typed in
        number = page.get_by_label("Deal no.", exact=True).and_(page.get_by_test_id("stNumberInputField"))
        number.click()
        for key in ("ArrowRight", "Space", "PageDown"):
            _press_idle(page, kit.wait_idle, key)
        assert _walk_step(page) == 6
        page.keyboard.press("Escape")
        dealer = page.locator('[data-testid="stMain"] [data-testid="stSelectbox"] input').first
        dealer.focus()
        _press_idle(page, kit.wait_idle, "Space")
        assert _walk_step(page) == 6
        page.keyboard.press("Escape")
        kit.wait_idle(page)
        kit.assert_no_exception(page)
        _shots(page, kit.screenshot, "walkthrough-keys-1920x1080")


def test_the_clicker_keys_step_a_lesson_in_present_mode(kit: Any, app_url: str) -> None:
    def at(page: Any) -> str:
        found = re.search(r"[?&]step=(\d+)", page.url)
        assert found is not None, page.url
        return found[1]

    with ExitStack() as stack:  # two sizes side by side, each its own session, the keys pressed in both
        pages = {
            size: stack.enter_context(kit.open_page(app_url, *SIZES[size]))
            for size in ("1366x900", "390x844")
        }
        kit.goto_all(list(pages.values()), ["/learn?lesson=tricks&step=2&present=1"] * len(pages))
        for page in pages.values():
            assert page.locator('[data-testid="stMain"]').get_by_text(CLICKER, exact=True).count() == 1
        for key, step in (
            ("PageDown", "3"),
            ("Space", "4"),
            ("PageUp", "3"),
            ("ArrowRight", "4"),
            ("ArrowLeft", "3"),
        ):
            counts = {}
            for size, page in pages.items():
                page.locator(".st-key-learn-next button").first.focus()
                counts[size] = page.run_watch.finished
                page.keyboard.press(key)
            for size, page in pages.items():
                page.run_watch.wait_beyond(page, counts[size])
                kit.wait_idle(page)
                assert at(page) == step, (size, key)
                assert f"Step {step} of" in page.locator('[data-testid="stMain"]').inner_text()
        for size, page in pages.items():
            assert "present=1" in page.url
            kit.assert_no_exception(page)
            _shots(page, kit.screenshot, f"learn-present-keys-{size}")
    # outside present mode a learner's PageDown and Space still scroll the page; the arrows step
    width, height = SIZES["1366x900"]
    with kit.open_page(app_url, width, height) as page:
        kit.goto_all([page], ["/learn?lesson=tricks&step=2"])
        assert page.locator('[data-testid="stMain"]').get_by_text(CLICKER, exact=True).count() == 0
        for key in ("PageDown", "Space"):
            _press_idle(page, kit.wait_idle, key)
        assert at(page) == "2"
        _press(page, kit.wait_idle, "ArrowRight", page.locator(".st-key-learn-next button").first)
        assert at(page) == "3"


def test_the_clicker_keys_step_the_replay_with_the_focus_on_its_switch(kit: Any, app_url: str) -> None:
    width, height = SIZES["1366x900"]
    table = '[data-testid="replay-table"]'
    with kit.open_page(app_url, width, height) as page:
        kit.goto(page, f"/practice?deal={encode(DealCode(Rules(), seed=2))}&levels=ccc")
        for _ in range(60):
            if page.locator(
                ".st-key-practice_next_hand button, .st-key-practice_new_game_end button"
            ).count():
                break
            kit.click_and_wait(page, page.locator(CONTROLS).locator("visible=true").first)
        else:
            pytest.fail("the hand did not end in 60 clicks")
        kit.click_and_wait(page, page.get_by_text("Replay this hand step by step"))
        page.wait_for_selector(f'{table}[data-step="0"]')
        assert page.locator('[data-testid="stMain"]').get_by_text(CLICKER, exact=True).count() == 1
        switch = page.get_by_role("switch", name="Replay this hand step by step")
        back = page.locator('[class*="replay_"][class*="_back"] button').first
        slider = page.locator('[class*="replay_"][class*="_step"] input[type="range"]').first
        for key, focus, step in (
            ("PageDown", switch, 1),
            ("Space", switch, 2),
            ("PageUp", switch, 1),
            ("ArrowRight", switch, 2),
            ("PageDown", back, 3),
            ("Space", back, 4),
            ("PageUp", slider, 3),
            ("ArrowRight", slider, 4),
            ("ArrowLeft", back, 3),
        ):
            _press(page, kit.wait_idle, key, focus)
            assert page.locator(table).get_attribute("data-step") == str(step), (key, step)
        assert switch.is_checked()  # Space stepped; it did not switch the replay off
        kit.assert_no_exception(page)
        _shots(page, kit.screenshot, "replay-keys-1366x900")


# ---- item 10: present mode's deal controls whole, no tooltip over First --------------------------


def test_present_mode_shows_the_deal_number_and_dealer_whole_and_no_tooltip_covers_first(
    kit: Any, app_url: str
) -> None:
    # the three sizes side by side, each its own session; the mouse rests on each step button in all
    # three at once
    with ExitStack() as stack:
        pages = {size: stack.enter_context(kit.open_page(app_url, *SIZES[size])) for size in SIZES}
        kit.goto_all(
            list(pages.values()),
            ["/rules?section=deal&seed=987654321&dealer=2&present=1&step=2"] * len(pages),
        )
        for size, page in pages.items():
            width, height = SIZES[size]
            for label, value in (("Deal no.", "987654321"), ("Dealer", "North")):
                page.get_by_text(label, exact=True).first.evaluate("e => e.scrollIntoView({block: 'center'})")
                widget = page.evaluate(_WIDGET, label)
                assert widget is not None, (size, label)
                assert widget["value"] == value, (size, label)
                assert widget["cut"] == [], (size, label, widget)
                assert _inside(widget["box"], width, height), (size, label, widget)
                label_box = page.get_by_text(label, exact=True).first.bounding_box()
                assert label_box is not None and label_box["x"] + label_box["width"] <= widget["box"][2] + 0.5
            _shots(page, kit.screenshot, f"walkthrough-deal-controls-{size}")
            page.locator(".st-key-rx_first button").first.scroll_into_view_if_needed()
        for key in ("rx_next", "rx_back", "rx_last"):  # the mouse rests on a step button after a click
            for page in pages.values():
                page.locator(f".st-key-{key} button").first.hover()
            pages["390x844"].wait_for_timeout(1200)  # a tooltip shows after a short delay
            for size, page in pages.items():
                first = page.evaluate(_FIRST_UNCOVERED)
                assert first["covered"] == 0, (size, key, first)
        for page in pages.values():
            page.mouse.move(0, 0)
