"""The app shell and the Rules explorer in a real browser (headless Chromium).

Figures go to test-artifacts/timings.json: each click on the Rules page (target under 300 ms).
Every page's first render, its shell and its screenshots at three sizes are the accessibility
sweep's (test_accessibility_browser.py); the follow-suit checker's whole table of cases is
checked in AppTest (tests/app/test_rules_app.py), and here the first four in Chromium.
"""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any
from urllib.parse import urlsplit

import pytest

from engine.core.cards import Suit

pytestmark = pytest.mark.browser

SUIT_BUTTONS = {Suit.CLUBS: "Clubs", Suit.DIAMONDS: "Diamonds", Suit.HEARTS: "Hearts", Suit.SPADES: "Spades"}


def summary(page: Any) -> str:
    """The rules summary line at the top of the main area."""
    return str(page.locator('[data-testid="stMain"] [data-testid="stCaptionContainer"]').first.inner_text())


def cards_in(page: Any, row: str) -> list[str]:
    return list(
        page.locator(f'[data-row="{row}"] img[data-card]').evaluate_all("els => els.map(e => e.dataset.card)")
    )


def states_in(page: Any, row: str) -> dict[str, str]:
    pairs = page.locator(f'[data-row="{row}"] img[data-card]').evaluate_all(
        "els => els.map(e => [e.dataset.card, e.dataset.state])"
    )
    return dict(pairs)


def test_choosing_each_trump_puts_the_right_then_left_bower_first(
    page: Any, goto: Any, click_and_wait: Any, record_timing: Any, screenshot: Any
) -> None:
    goto(page, "/rules?section=ranking")
    assert cards_in(page, "trump")[:2] == ["JH", "JD"]  # hearts are the default trump
    times = []
    for trump in (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS):
        times.append(click_and_wait(page, page.locator("[role=radio]", has_text=SUIT_BUTTONS[trump])))
        trumps = cards_in(page, "trump")
        same_colour = {Suit.CLUBS: "S", Suit.SPADES: "C", Suit.HEARTS: "D", Suit.DIAMONDS: "H"}[trump]
        assert trumps[:2] == [f"J{trump.letter}", f"J{same_colour}"]
        assert trumps[2:] == [f"{r}{trump.letter}" for r in "AKQT9"]
        # the suit that lent its jack has five cards and no jack this hand
        assert cards_in(page, f"suit-{same_colour}") == [f"{r}{same_colour}" for r in "AKQT9"]
    screenshot(page, "rules-ranking-hearts")
    record_timing("rules.click.trump.max", max(times))
    record_timing("rules.click.trump.median", sorted(times)[len(times) // 2])


def test_follow_suit_checker_lights_up_the_legal_cards(
    app_url: str, open_page: Any, goto_all: Any, assert_no_exception: Any, screenshot: Any, follow_cases: Any
) -> None:
    with ExitStack() as stack:
        pages = [stack.enter_context(open_page(app_url)) for _ in range(4)]  # four sessions at once
        batch = follow_cases[: len(pages)]  # the rest: the AppTest's (tests/app/test_rules_app.py)
        goto_all(
            pages,
            [
                f"/rules?section=follow&trump={trump}&led={led}&hand={','.join(hand.split())}"
                for trump, led, hand, _ in batch
            ],
        )
        for page, (trump, led, hand, expected) in zip(pages, batch, strict=True):
            legal = set(expected.split())  # worked out by hand; the AppTest checks the engine agrees
            assert_no_exception(page)
            assert cards_in(page, "led") == [led]
            shown = states_in(page, "hand")
            assert set(shown) == set(hand.split())
            playable = {card for card, state in shown.items() if state == "playable"}
            assert playable == legal, (trump, led, hand, shown)
            assert all(state == "disabled" for card, state in shown.items() if card not in legal)
            if (trump, led) == ("H", "KD") and hand.startswith("JD QD"):
                sentence = page.locator('[data-testid="stAlert"]').inner_text()
                assert "Hearts are trump" in sentence and "you must follow diamonds" in sentence
                assert "J♦ is the left bower" in sentence
                screenshot(page, "rules-follow-left-bower")


def test_a_share_link_reproduces_the_deal_and_the_rules(
    page: Any, goto: Any, click_and_wait: Any, record_timing: Any, assert_no_exception: Any, wait_idle: Any
) -> None:
    goto(page, "/rules?section=deal&players=3&deck=28&target=7&seed=1234&dealer=2&step=3")
    assert_no_exception(page)
    assert "3 players · 28 cards · to 7" in summary(page)
    times = [click_and_wait(page, page.get_by_role("button", name="Next")) for _ in range(2)]
    record_timing("rules.click.next.max", max(times))
    assert "Step 5 of" in page.get_by_text("Step 5 of").inner_text()
    board = {row: cards_in(page, row) for row in ("seat-0", "seat-1", "seat-2", "trick", "upcard")}
    link = page.locator('[data-testid="stCode"]').last.inner_text().strip()
    query = urlsplit(link).query
    assert "step=5" in query and "players=3" in query and "seed=1234" in query
    goto(page, "/rules?" + query)
    assert_no_exception(page)
    assert page.get_by_text("Step 5 of").count() == 1
    assert {row: cards_in(page, row) for row in board} == board
    assert "3 players · 28 cards · to 7" in summary(page)
    count = page.run_watch.finished
    page.keyboard.press("ArrowLeft")  # the arrow keys step too (a presenter's clicker)
    page.run_watch.wait_beyond(page, count)
    wait_idle(page)
    assert page.get_by_text("Step 4 of").count() == 1


@pytest.mark.parametrize(
    "query, message",
    [
        ("section=deal&seed=abc&dealer=0", "not a whole number"),
        ("section=deal&seed=5&dealer=9", "dealer"),
        ("section=follow&trump=X&led=KD&hand=QD", "trump"),
        ("section=follow&led=ZZ&hand=QD", "not a card"),
        ("players=7", "players"),
    ],
)
def test_a_tampered_link_shows_a_message_and_falls_back(
    page: Any, goto: Any, assert_no_exception: Any, query: str, message: str
) -> None:
    goto(page, "/rules?" + query)
    assert_no_exception(page)
    alerts = " ".join(page.locator('[data-testid="stAlert"]').all_inner_texts())
    assert message in alerts
    if "section=deal" in query:
        assert "fresh deal" in alerts
        assert len(cards_in(page, "seat-0")) == 5  # a fresh deal is on the table


def test_a_share_link_works_as_the_first_visit_to_a_fresh_server(
    fresh_server: str, open_page: Any, goto: Any, assert_no_exception: Any
) -> None:
    # A share link as the very first request must still go through app.py's router (sidebar, rules).
    with open_page(fresh_server) as page:
        goto(page, "/rules?section=deal&players=3&seed=99&dealer=1&step=2")
        assert_no_exception(page)
        assert "3 players" in summary(page)
        assert page.locator('[data-testid="stSidebar"]').get_by_text("Preset", exact=True).count() == 1
        assert page.get_by_text("Step 2 of").count() == 1
        assert len(cards_in(page, "seat-2")) == 5


def _image_svg(page: Any, row: str) -> list[tuple[str, str, str]]:
    """(card, width, SVG) for each card image of a row, the SVG fetched as the browser fetches it."""
    items = page.locator(f'[data-row="{row}"] img[data-card]').evaluate_all(
        "els => els.map(e => [e.dataset.card, e.getAttribute('width'), e.src])"
    )
    out = []
    for card, width, src in items:
        response = page.request.get(src)
        assert response.ok and response.headers["content-type"].startswith("image/svg+xml"), src
        out.append((card, width, response.text()))
    return out


def test_projector_and_four_colour_settings_redraw_the_cards(
    page: Any, goto: Any, click_and_wait: Any, screenshot: Any, open_page: Any, app_url: str, goto_all: Any
) -> None:
    goto(page, "/rules?section=ranking&trump=S")
    diamonds = _image_svg(page, "suit-D")
    assert all(width == "90" for _, width, _ in diamonds) and "#c8102e" in diamonds[0][2]
    sidebar = page.locator('[data-testid="stSidebar"]')
    click_and_wait(page, sidebar.get_by_text("Four-colour suits"))
    click_and_wait(page, sidebar.get_by_text("Present mode"))
    diamonds = _image_svg(page, "suit-D")
    assert all(width == "140" for _, width, _ in diamonds)
    assert "#1f5fbf" in diamonds[0][2] and "#c8102e" not in diamonds[0][2]  # diamonds turn blue
    assert "#137a2c" in _image_svg(page, "suit-C")[0][2]  # clubs turn green
    screenshot(page, "rules-ranking-projector-four-colour")
    with open_page(app_url, 390, 844) as phone:  # a phone: the sidebar folds away, cards wrap
        goto_all([phone], ["/rules?section=deal&seed=42&dealer=0&step=12"])
        screenshot(phone, "phone-rules-deal")
        boxes = phone.locator('[data-row="seat-0"] img[data-card]').evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().right)"
        )
        assert boxes and max(boxes) <= 390  # no card runs off the screen
