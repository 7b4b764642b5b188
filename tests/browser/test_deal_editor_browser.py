"""The Deal editor in Chromium (issue 41, item 5): a teacher taps five cards into South's hand, deals
the rest at random, opens "Analyse South's first bid" and the Analyze page shows that hand; the
editor at 390×844, 1366×900 and 1920×1080 (present mode, the projector), with screenshots in
test-artifacts/deal-editor-*.png, and nothing wider than the phone's screen.
"""

from __future__ import annotations

import re
from contextlib import ExitStack
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

pytestmark = pytest.mark.browser

SOUTH = ("JH", "JD", "AH", "KS", "9C")
# The hand-worked deal of tests/app/test_deal_editor_app.py: East deals, the 9H turned up.
TEXT = "standard/3/JH-JD-AH-KS-9C,TH-QH-KH-AC-KC,9S-TS-JS-QS-AS,9D-TD-QD-KD-AD/9H"
SIZES = {"phone": (390, 844), "laptop": (1366, 900), "projector": (1920, 1080)}

_WIDTH = """() => ({scroll: document.documentElement.scrollWidth, width: window.innerWidth})"""


def _deck_card(page: Any, card: str) -> Any:
    # (Streamlit draws a button with help text twice, one of them hidden: the visible one is the card)
    return page.locator(f".st-key-ec_cell_de_deck_{card[-1]}-{card} button >> visible=true").first


def _placed(page: Any, place: str) -> list[str]:
    """The cards shown in a place of the editor, in order."""
    cells = page.locator(f'[class*="st-key-ec_cell_de_at_{place}-"] img')
    return [str(c) for c in cells.evaluate_all("(imgs) => imgs.map(i => i.dataset.card)")]


def test_five_cards_into_south_the_rest_at_random_then_analyse_south(kit: Any, app_url: str) -> None:
    # a phone and a laptop side by side, each its own session, tapped together (click_all)
    with ExitStack() as stack:
        pages = {
            size: stack.enter_context(kit.open_page(app_url, *SIZES[size])) for size in ("phone", "laptop")
        }
        everyone = list(pages.values())
        kit.goto_all(everyone, ["/deal_editor"] * len(pages))
        for page in everyone:
            kit.assert_no_exception(page)
        for card in SOUTH:
            kit.click_all(everyone, [_deck_card(page, card) for page in everyone])
        for size, page in pages.items():
            assert _placed(page, "0") == list(SOUTH), size
            assert _deck_card(page, "JH").is_disabled() and not _deck_card(page, "TH").is_disabled(), size
        kit.click_all(
            everyone, [page.get_by_role("button", name="Deal the rest at random") for page in everyone]
        )
        texts = {}
        for size, page in pages.items():
            width, height = SIZES[size]
            kit.assert_no_exception(page)
            text = page.locator('[data-testid="stCode"]').first.inner_text().strip()
            assert re.fullmatch(r"standard/3/JH-JD-AH-KS-9C(,(\w\w-){4}\w\w){3}/\w\w", text), (size, text)
            assert (
                all(len(_placed(page, str(seat))) == 5 for seat in range(4))
                and len(_placed(page, "upcard")) == 1
            ), size
            kit.screenshot(page, f"deal-editor-filled-{width}x{height}")
            texts[size] = text

        kit.click_all(
            everyone, [page.get_by_role("link", name="Analyse South's first bid") for page in everyone]
        )
        for size, page in pages.items():
            width, height = SIZES[size]
            kit.assert_no_exception(page)
            assert "/analyze" in page.url, size
            up = texts[size][-2:]
            assert page.get_by_role("textbox", name="Your hand").input_value() == "JH JD AH KS 9C", size
            assert page.get_by_role("textbox", name="Upcard", exact=True).input_value() == up, size
            # East deals, so South bids first: its view has no pass before it
            assert parse_qs(urlsplit(page.url).query)["view"] == [f"standard/3/JH-JD-AH-KS-9C,?,?,?/{up}"], (
                size
            )
            shown = page.locator("img[data-card]").evaluate_all("(imgs) => imgs.map(i => i.dataset.card)")
            assert set(SOUTH) <= set(shown), size  # the hand, drawn as cards
            kit.screenshot(page, f"deal-editor-analyse-south-{width}x{height}")


def test_the_editor_at_each_size(kit: Any, app_url: str) -> None:
    with ExitStack() as stack:  # the three sizes side by side, each its own session, loaded together
        pages = {size: stack.enter_context(kit.open_page(app_url, *SIZES[size])) for size in SIZES}
        kit.goto_all(
            list(pages.values()),
            [
                f"/deal_editor?position={TEXT}" + ("&present=1" if size == "projector" else "")
                for size in pages
            ],
        )
        for size, page in pages.items():
            width, height = SIZES[size]
            kit.assert_no_exception(page)
            assert _placed(page, "0") == list(SOUTH), size
            assert page.get_by_role("link", name="Walk through it on the Rules page").is_visible(), size
            assert page.get_by_role("link", name="Analyse South's first bid").is_visible(), size
            reach = page.evaluate(_WIDTH)
            assert reach["scroll"] <= reach["width"] + 1, f"{size}: wider than the screen: {reach}"
            # every card of the deck can be tapped: inside the screen's width
            boxes = page.locator('[class*="st-key-ec_cell_de_deck_"]').evaluate_all(
                "(cells) => cells.map(c => c.getBoundingClientRect().right)"
            )
            assert len(boxes) == 24 and max(boxes) <= width, size
            shot = kit.screenshot(page, f"deal-editor-{width}x{height}")
            assert shot.stat().st_size > 10_000


def test_the_walkthrough_link_opens_the_deal_on_the_rules_page(kit: Any, app_url: str) -> None:
    with kit.open_page(app_url, *SIZES["laptop"]) as page:
        kit.goto(page, f"/deal_editor?position={TEXT}")
        kit.click_and_wait(page, page.get_by_role("link", name="Walk through it on the Rules page"))
        kit.assert_no_exception(page)
        assert "/rules" in page.url
        south = page.locator('[data-row="seat-0"] img[data-card]').evaluate_all(
            "(i) => i.map(x => x.dataset.card)"
        )
        assert sorted(south) == sorted(SOUTH)
        assert page.get_by_text("This deal comes from the link's position text").count() >= 1
