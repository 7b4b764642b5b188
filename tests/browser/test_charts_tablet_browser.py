"""The Charts page between a tablet and a laptop with the sidebar open, in Chromium (issue 30).

At 768, 900 and 1070 px the sidebar leaves the chart a column of 430-610 px, too narrow for the
heatmap's nine columns and their labels: the compact grid is drawn instead (a CSS container query,
ui/call_chart.py). At 1366 px the heatmap is drawn. Either way every label of the chart is at
least 11 px and none is drawn over another, and the page is no wider than the screen.
Screenshots go to test-artifacts/charts-sidebar-<width>.png.
"""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

import pytest

pytestmark = pytest.mark.browser

HEIGHT = 900
SQUARE_WORDS = ("pass", "order", "alone", "≈pass", "≈order", "≈alone", "≈ pass", "≈ order", "≈ alone")

# Every piece of text plotly drew in the heatmap: its words, font size and box.
HEATMAP = """() => {
  const plot = document.querySelector('[class*="st-key-ec_chart_wide_"] .js-plotly-plot');
  return [...plot.querySelectorAll('svg text')].filter(t => t.textContent.trim()).map(t => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent.trim(), size: parseFloat(getComputedStyle(t).fontSize),
            box: [r.left, r.top, r.right, r.bottom]};
  }).map((t, i) => ({...t, el: i})).filter(t => t.box[2] > t.box[0]);
}"""

# Every piece of text in the compact grid: one box per line of text.
GRID = """() => {
  const grid = document.querySelector('[data-testid="ec-chart-phone"]');
  const out = [];
  for (const [i, el] of [...grid.querySelectorAll('th span, td span, caption')].entries()) {
    const range = document.createRange();
    range.selectNodeContents(el);
    for (const r of [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0)) {
      out.push({text: el.textContent.trim(), size: parseFloat(getComputedStyle(el).fontSize),
                box: [r.left, r.top, r.right, r.bottom], el: i});
    }
  }
  return out;
}"""

OPEN = """() => document.querySelector('[data-testid="stSidebar"]').getAttribute('aria-expanded') !== 'false'
  && document.querySelector('[data-testid="stSidebar"]').getBoundingClientRect().right > 100"""


# The controls' buttons (round, upcard, seat) whose middle is hidden: another element is on top
# there (a button cut off by its column).
HIDDEN_BUTTONS = """() => [...document.querySelectorAll('.st-key-charts_controls button')].filter(b => {
  const r = b.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !(top && (b === top || b.contains(top)));
}).map(b => b.innerText.trim())"""


def _overlap(a: list[float], b: list[float]) -> float:
    """The area two boxes share, in square pixels."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _open_sidebar(page: Any) -> None:
    """Open the sidebar when Streamlit starts it collapsed (at 768 px and less); it then slides in."""
    expand = page.locator('[data-testid="stExpandSidebarButton"]')
    if not page.evaluate(OPEN) and expand.count():
        expand.first.click()
    page.wait_for_function(OPEN, timeout=10_000)


WIDTHS = {768: "grid", 900: "grid", 1070: "grid", 1366: "heatmap"}  # the chart drawn at each width


def test_the_chart_is_readable_beside_the_open_sidebar(kit: Any, app_url: str) -> None:
    with ExitStack() as stack:  # the four widths side by side, each its own session, loaded together
        pages = {width: stack.enter_context(kit.open_page(app_url, width, HEIGHT)) for width in WIDTHS}
        kit.goto_all(list(pages.values()), ["/charts"] * len(pages))
        for page in pages.values():
            _open_sidebar(page)
        pages[768].wait_for_timeout(600)  # the sidebar slides in; the main column narrows
        for width, page in pages.items():
            _readable_beside_the_sidebar(
                page, width, WIDTHS[width], kit.wait_idle, kit.assert_no_exception, kit.screenshot
            )


def _readable_beside_the_sidebar(
    page: Any, width: int, drawn: str, wait_idle: Any, assert_no_exception: Any, screenshot: Any
) -> None:
    wait_idle(page)
    assert_no_exception(page)
    sidebar = page.locator('[data-testid="stSidebar"]').bounding_box()
    assert sidebar and sidebar["x"] >= 0 and sidebar["width"] > 200, f"{width} px: the sidebar is open"
    grid = page.locator('[data-testid="ec-chart-phone"]').first
    heatmap = page.locator('[class*="st-key-ec_chart_wide_"]').first
    if drawn == "grid":
        grid.wait_for(state="visible", timeout=20_000)
        assert not heatmap.is_visible(), f"{width} px: the cramped heatmap is hidden"
        labels = page.evaluate(GRID)
    else:
        page.locator(".js-plotly-plot .heatmaplayer").first.wait_for(timeout=20_000)
        page.wait_for_timeout(300)
        assert not grid.is_visible(), width
        labels = page.evaluate(HEATMAP)
    box = (grid if drawn == "grid" else heatmap).bounding_box()
    assert box and box["x"] >= sidebar["x"] + sidebar["width"] - 1, (
        f"{width} px: the chart is beside the sidebar"
    )
    words = [t["text"] for t in labels]
    assert sum(w in SQUARE_WORDS for w in words) > 150, (
        width,
        words[:20],
    )  # about 200 squares, each labelled
    small = [(t["text"], t["size"]) for t in labels if t["size"] < 11]
    assert not small, f"labels under 11 px at {width} px: {small[:5]}"
    clashes = [
        (a["text"], b["text"])
        for i, a in enumerate(labels)
        for b in labels[i + 1 :]
        if a["el"] != b["el"] and _overlap(a["box"], b["box"]) > 1.0
    ]  # lines of one label may touch
    assert not clashes, f"labels drawn over each other at {width} px: {clashes[:5]}"
    page.locator(".st-key-charts_controls").first.scroll_into_view_if_needed()
    assert not page.evaluate(HIDDEN_BUTTONS), f"{width} px: the chart's controls are cut off"
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"the page is {wide} px wide on a {width} px screen"
    screenshot(page, f"charts-sidebar-{width}")
