"""The Charts page in Chromium: it draws fast, fits a phone, and a click on a square deals an example.

The figures charts.render (seconds from loading the page's link to the first finished script run,
measured in the browser), charts.from_home (a click on Charts in the sidebar until the chart is
drawn and the page idle: the way a learner reaches it, here from Home in a new browser context
once Home has loaded the chart library, and again) and charts.switch_seat (a click on
another seat until the page is idle) go to
test-artifacts/timings.json; screenshots at the three sizes go to
test-artifacts/charts-*.png.
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

SIZES = {"phone": (390, 844), "laptop": (1366, 900), "projector": (1920, 1080)}


@pytest.mark.parametrize("size", list(SIZES))
def test_the_chart_draws_and_fits_the_screen(
    size: str,
    open_page: Any,
    app_url: str,
    goto: Any,
    assert_no_exception: Any,
    screenshot: Any,
    record_timing: Any,
) -> None:
    width, height = SIZES[size]
    with open_page(app_url, width, height) as page:
        goto(page, "/charts")  # a first visit: the page's modules are imported once
        seconds = goto(page, "/charts")
        assert_no_exception(page)
        # a phone gets the compact grid (tests/browser/test_charts_phone_browser.py), the rest the heatmap
        drawn = '[data-testid="ec-chart-phone"]' if width <= 600 else ".js-plotly-plot .heatmaplayer"
        page.locator(drawn).first.wait_for(timeout=20_000)
        record_timing(f"charts.render.{size}", seconds)
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= width, f"the page is {wide} px wide on a {width} px screen"
        screenshot(page, f"charts-{size}")


def test_the_chart_from_the_sidebar(
    open_page: Any, app_url: str, goto: Any, click_and_wait: Any, assert_no_exception: Any, record_timing: Any
) -> None:
    with open_page(app_url, 1366, 900) as page:  # the server warm: the page's modules and chart loaded
        goto(page, "/charts")
    with open_page(app_url, 1366, 900, fresh=True) as page:  # a new browser context: nothing cached
        goto(page, "/")
        # A learner reads Home for a moment; meanwhile it loads the chart library (ui/prefetch.py).
        page.wait_for_function(
            "() => performance.getEntriesByType('resource')"
            ".some(e => e.name.includes('PlotlyChart') && e.responseEnd > 0)",
            timeout=20_000,
        )
        page.wait_for_timeout(1000)
        nav = page.locator('[data-testid="stSidebarNav"] a')

        def to_charts() -> float:
            """Seconds from the click until the page is idle and the heatmap is on the screen."""
            idle: float = click_and_wait(page, nav.filter(has_text="Charts").first)
            page.locator(".js-plotly-plot .heatmaplayer").first.wait_for(timeout=20_000)
            drawn = float(page.evaluate("(performance.now() - window.__ecClickAt) / 1000"))
            return max(idle, drawn)

        first = to_charts()
        click_and_wait(page, nav.filter(has_text="Home").first)
        again = to_charts()
        assert_no_exception(page)
        record_timing("charts.from_home.first", first)
        record_timing("charts.from_home.again", again)


def test_a_click_on_a_square_opens_an_example_hand(
    page: Any,
    goto: Any,
    wait_idle: Any,
    click_and_wait: Any,
    assert_no_exception: Any,
    screenshot: Any,
    record_timing: Any,
) -> None:
    goto(page, "/charts")
    # another seat's chart: the click until the new chart is drawn and the page idle
    record_timing("charts.switch_seat", click_and_wait(page, page.get_by_text("Dealer", exact=True).first))
    page.locator(".js-plotly-plot .heatmaplayer").first.wait_for(timeout=20_000)
    points = page.locator(".js-plotly-plot .scatterlayer .trace").first.locator("path.point")
    points.first.wait_for(timeout=20_000)
    assert points.count() > 50  # one clickable square per kind of hand
    points.nth(points.count() - 1).click(force=True)
    wait_idle(page)
    page.get_by_text("An example of this kind of hand").wait_for(timeout=20_000)
    wait_idle(page)  # the example's whole run drawn, its link too, not only its heading
    link = page.get_by_role("link", name="Open this hand in the analyzer")
    assert link.count() == 1 and "hand=" in (link.get_attribute("href") or "")
    assert_no_exception(page)
    screenshot(page, "charts-example")
