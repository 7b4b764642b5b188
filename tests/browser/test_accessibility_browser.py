"""WCAG 2.1 A and AA in Chromium: axe-core finds no serious or critical problem on any page.

axe-core is the one bundled by the pinned axe-playwright-python (requirements-dev.txt): its copy of
axe.min.js is put into the page, nothing is fetched. It runs with the rules tagged wcag2a, wcag2aa,
wcag21a and wcag21aa on each of app.py's nine pages (st.navigation's) and on the states a learner
reaches in a click or a link: a lesson's exercise, an analysis's result, the Practice table at the
learner's turn (the first bid), the walkthrough of a deal, and the teacher's page of a class just
started. Each at a phone's 390×844, a laptop's 1366×768 and a projector's 1920×1080: one browser
context (one session) per size, every page opened at the three sizes at once.

The same sweep keeps a screenshot of every page and state at each size for a person to look at
(test-artifacts/screens/<page>-<w>x<h>.png), checks that no page shows an exception and that each
of app.py's pages has the app's shell (the sidebar's rules panel, the rules summary above the page),
and that on the phone no page is wider than the screen (nothing to scroll sideways): one sweep over
every page instead of three. The first render of each page (the server already warm from the
size before) goes to test-artifacts/timings.json.

A failure lists every serious or critical node: the size, the page, the rule's id, the node's
selector and what is wrong (axe's own summary, e.g. the contrast it measured). Moderate and minor
findings do not fail the test. No selector is excluded: Streamlit's own chrome passes too.

``test_the_check_finds_what_it_looks_for`` puts the three kinds of problem issue 49 found (grey text
under 4.5:1, a list without list items, a scrolled box a keyboard cannot reach) on a page and
expects the same check to report each: the check above cannot pass by looking at nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from engine.core.rules import Rules
from practice.codes import DealCode, encode

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # a minute or more: the run starts it early

SIZES = {"phone": (390, 844), "laptop": (1366, 768), "projector": (1920, 1080)}
OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
    "resultTypes": ["violations"],
}
BLOCKING = frozenset({"serious", "critical"})
PAGES = {  # app.py's st.navigation, by title
    "Home": "/",
    "Learn": "/learn",
    "Analyze": "/analyze",
    "Charts": "/charts",
    "Practice": "/practice",
    "Review": "/review",
    "Puzzles": "/puzzles",
    "Rules": "/rules",
    "Deal editor": "/deal_editor",
    "Class": "/class",
}
BIDS = '[class*="st-key-practice_bid_"] button'


def _ready(text: str | re.Pattern[str], timeout: int = 20_000) -> Callable[[Any], None]:
    return lambda page: page.get_by_text(text).first.wait_for(timeout=timeout)


# Each: its link and what shows that the page got there (the analysis runs in the link's first run).
STATES: dict[str, tuple[str, Callable[[Any], None]]] = {
    "Learn, an exercise": ("/learn?lesson=bowers&step=5&seed=21", _ready("find the left bower")),
    "Analyze, a result": (
        "/analyze?hand=JH+JD+AH+KS+9C&upcard=9H&seat=first",
        _ready(re.compile(r"^Recommendation"), timeout=60_000),
    ),
    "Practice, the learner's bid": (
        f"/practice?deal={encode(DealCode(Rules(), seed=31337))}&levels=ccc",  # South bids first
        lambda page: page.locator(BIDS).first.wait_for(),
    ),
    "Rules, a deal's walkthrough": ("/rules?section=deal&seed=42&dealer=0&step=12", _ready("Step 12 of")),
    "Rules, the scoring table": ("/rules?section=scoring", _ready("Result")),
    "Practice, present mode": (
        f"/practice?deal={encode(DealCode(Rules(), seed=31337))}&levels=ccc&present=1",
        lambda page: page.locator(BIDS).first.wait_for(),
    ),
}
# the screenshots' file names (screens/<slug>-<w>x<h>.png), as earlier runs named them
SLUGS = {
    "Learn, an exercise": "learn-lesson",
    "Analyze, a result": "analyze",
    "Practice, the learner's bid": "practice-bid",
    "Rules, a deal's walkthrough": "rules-deal",
    "Rules, the scoring table": "rules-scoring",
    "Practice, present mode": "practice-present",
    "Class, the teacher's page": "class-teacher",
}

_AXE = Axe()
SUMMARY = '[data-testid="stMain"] [data-testid="stCaptionContainer"]'  # the rules summary, above the page


def shell_drawn(page: Any) -> None:
    """The app's shell is on the page: the sidebar's rules panel (its Preset) and the summary of
    the default rules above the page."""
    sidebar = page.locator('[data-testid="stSidebar"]')
    assert sidebar.get_by_text("Preset", exact=True).count() == 1, page.url
    assert "4 players · 24 cards · to 10" in page.locator(SUMMARY).first.inner_text(), page.url


def slug(name: str) -> str:
    """A page's or state's name in the screenshots' file names."""
    return SLUGS.get(name, name.lower().replace(" ", "-"))


def serious_findings(page: Any) -> list[str]:
    """axe-core's serious and critical WCAG 2.1 A/AA findings on the page as it is, one line a node:
    ``rule-id (impact) selector: what is wrong``."""
    found = []
    for rule in _AXE.run(page, options=OPTIONS).response["violations"]:
        for node in rule["nodes"]:
            impact = node.get("impact") or rule["impact"]
            if impact not in BLOCKING:
                continue
            target = " >> ".join(str(part) for part in node["target"])  # a frame or shadow root: a path
            lines = [line.strip() for line in node.get("failureSummary", "").splitlines()]
            why = "; ".join(line for line in lines if line and not line.startswith("Fix ")) or rule["help"]
            found.append(f"{rule['id']} ({impact}) {target}: {why}")
    return found


def test_no_serious_or_critical_findings_on_any_page_at_any_size(
    open_page: Any,
    app_url: str,
    goto_all: Any,
    click_all: Any,
    wait_idle: Any,
    assert_no_exception: Any,
    screenshot: Any,
    sideways: Any,
    record_timing: Any,
) -> None:
    report: list[str] = []
    too_wide: list[str] = []

    def check(pages: list[Any], name: str) -> None:
        for page, (size, (width, height)) in zip(pages, SIZES.items(), strict=True):
            assert_no_exception(page)
            report.extend(f"{size} {name}: {line}" for line in serious_findings(page))
            if size == "phone":
                reach = sideways(page)
                if reach["scroll"] > reach["width"] + 1:
                    too_wide.append(f"{name}: {reach}")
            shot = screenshot(page, f"screens/{slug(name)}-{width}x{height}")
            assert shot.stat().st_size > 10_000, (name, size)

    with ExitStack() as stack:
        pages = [stack.enter_context(open_page(app_url, w, h)) for w, h in SIZES.values()]
        for name, path in PAGES.items():
            seconds = goto_all(pages, [path] * len(pages))
            record_timing(f"first_render.{slug(name)}", seconds[-1])  # at 1920x1080, after two sizes
            for page in pages:
                shell_drawn(page)
            check(pages, name)
        for name, (path, ready) in STATES.items():
            goto_all(pages, [path] * len(pages))
            for page in pages:
                ready(page)
                wait_idle(page)
            check(pages, name)
        goto_all(pages, [PAGES["Class"]] * len(pages))  # the teacher's page of a class just started
        click_all(pages, [page.get_by_role("button", name="Start a class") for page in pages])
        for page in pages:
            page.get_by_text(re.compile(r"Join code: [A-Z2-9]{6}")).first.wait_for()
            wait_idle(page, 100)
        check(pages, "Class, the teacher's page")
    assert not report, f"{len(report)} serious or critical axe-core findings:\n" + "\n".join(report)
    assert not too_wide, "pages wider than the phone's screen:\n" + "\n".join(too_wide)


PROBLEMS = """() => {
  const main = document.querySelector('[data-testid="stMainBlockContainer"]');
  const box = document.createElement('div');
  box.innerHTML = '<p style="color:#999999;background:#ffffff;font-size:14px">grey on white, 2.8:1</p>'
    + '<div role="list"><span>not a list item</span></div>'
    + '<pre style="overflow:auto;width:80px;white-space:pre">' + 'a line too long for its box '.repeat(4) + '</pre>';
  main.prepend(box);
}"""


def test_the_check_finds_what_it_looks_for(page: Any, goto: Any) -> None:
    goto(page, "/rules")
    assert serious_findings(page) == []
    page.evaluate(PROBLEMS)
    rules = {line.split(" ", 1)[0] for line in serious_findings(page)}
    assert rules == {"color-contrast", "aria-required-children", "scrollable-region-focusable"}
