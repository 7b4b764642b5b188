"""The Charts page on a phone (390 x 844) in Chromium: the chart is the compact grid, its labels
are at least 11 px and none overlaps another or spills out of its square, and the Seat control's
buttons show their whole text. A screenshot goes to test-artifacts/charts-phone-grid.png."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 390, 844

# Every piece of text in the grid: its font size, the boxes its text occupies (a Range's client
# rects: one per line) and the box of the cell that holds it.
TEXTS = """() => {
  const grid = document.querySelector('[data-testid="ec-chart-phone"]');
  const out = [];
  for (const el of grid.querySelectorAll('th span, td span, caption')) {
    const range = document.createRange();
    range.selectNodeContents(el);
    const boxes = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0)
      .map(r => [r.left, r.top, r.right, r.bottom]);
    const cell = (el.closest('td, th, caption')).getBoundingClientRect();
    out.push({text: el.textContent, size: parseFloat(getComputedStyle(el).fontSize), boxes,
              cell: [cell.left, cell.top, cell.right, cell.bottom]});
  }
  return out;
}"""

# The seat control's buttons: their text, box, and any element inside that is narrower than its text.
SEATS = """() => [...document.querySelectorAll('.st-key-charts_seat button')].map(b => {
  const r = b.getBoundingClientRect();
  const cut = [b, ...b.querySelectorAll('*')].filter(e => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
    .map(e => e.tagName);
  return {text: b.innerText.trim(), left: r.left, right: r.right, cut};
})"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5


def test_on_a_phone_the_chart_is_a_grid_with_readable_labels(
    open_page: Any, app_url: str, goto: Any, assert_no_exception: Any, screenshot: Any
) -> None:
    with open_page(app_url, WIDTH, HEIGHT) as page:
        goto(page, "/charts")
        assert_no_exception(page)
        grid = page.locator('[data-testid="ec-chart-phone"]')
        grid.wait_for(state="visible", timeout=20_000)
        assert not page.locator('[class*="st-key-ec_chart_wide_"]').first.is_visible(), (
            "the heatmap is hidden"
        )
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= WIDTH, f"the page is {wide} px wide on a {WIDTH} px screen"

        texts = page.evaluate(TEXTS)
        squares = [t for t in texts if t["text"] in ("pass", "order", "alone", "≈pass", "≈order", "≈alone")]
        assert len(squares) > 150, "the first seat's chart for a queen up has about 200 squares"
        assert any(t["text"].startswith("5 trumps") for t in texts)
        small = [(t["text"], t["size"]) for t in texts if t["size"] < 11]
        assert not small, f"labels under 11 px: {small[:5]}"
        for t in texts:
            assert t["boxes"], f"{t['text']!r} is not drawn"
            for box in t["boxes"]:  # the text stays inside its square (nothing cut off)
                cell = t["cell"]
                assert (
                    box[0] >= cell[0] - 1
                    and box[2] <= cell[2] + 1
                    and box[1] >= cell[1] - 1
                    and box[3] <= cell[3] + 1
                ), (t["text"], box, cell)
        boxes = [(i, box) for i, t in enumerate(texts) for box in t["boxes"]]
        clashes = [
            (texts[i]["text"], texts[j]["text"])
            for n, (i, a) in enumerate(boxes)
            for j, b in boxes[n + 1 :]
            if i != j and _overlap(a, b)
        ]
        assert not clashes, f"labels drawn over each other: {clashes[:5]}"

        seats = page.evaluate(SEATS)
        assert [s["text"] for s in seats] == ["First", "Second", "Third", "Dealer"]
        for s in seats:
            assert not s["cut"], f"the seat button {s['text']!r} is cut short"
            assert 0 <= s["left"] and s["right"] <= WIDTH, f"the seat button {s['text']!r} is off the screen"
        assert page.get_by_text("First seat (left of the dealer).").is_visible()
        screenshot(page, "charts-phone-grid")
