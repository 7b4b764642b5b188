"""The Puzzles page end to end in Chromium, at phone size (390 x 844) and on a desktop (1366 x 900), on a
server whose bank is a small real one made by the engine (``puzzle_bank``, named by
``EUCHRE_COACH_PUZZLES``): the position and the learner's cards fit one phone screen, a wrong card
asks to try again and moves the rating, the right one says why, the next puzzle comes, the page's
link opens the same puzzle in another browser (the share link), and the dashboard shows the rating
chart and the themes, the weakest first, each linking to practise it. Screenshots in test-artifacts/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from engine.core.actions import Action
from engine.puzzles.bank import Puzzle
from practice.puzzle_play import progress
from practice.puzzles import ENV_VAR
from practice.table_text import action_label

pytestmark = pytest.mark.browser
PHONE = (390, 844)
DESKTOP = (1366, 900)
CHOICES = ", ".join(
    f'[class*="st-key-pz"][class*="{part}"] button' for part in ("_play-", "_discard-", "_bid_")
)


@pytest.fixture
def bank(monkeypatch: pytest.MonkeyPatch, puzzle_bank: tuple[Path, tuple[Puzzle, ...]]) -> dict[str, Puzzle]:
    """The small bank's puzzles by id; the servers a test starts read it (``EUCHRE_COACH_PUZZLES``)."""
    monkeypatch.setenv(ENV_VAR, str(puzzle_bank[0]))
    return {p.id: p for p in puzzle_bank[1]}


def _shown(page: Any, bank: dict[str, Puzzle]) -> Puzzle:
    ids = parse_qs(urlsplit(page.url).query).get("puzzle", [])
    assert ids and ids[0] in bank, page.url
    return bank[ids[0]]


def _choice(page: Any, puzzle: Puzzle, tries: tuple[str, ...], text: str) -> Any:
    """The button of ``text`` at the puzzle's move after ``tries``: a card, or a bid by its label."""
    kind, _, card = text.partition(" ")
    if kind in ("play", "discard"):
        return page.locator(f'[class*="st-key-pz"][class*="_{kind}-{card}"] button >> visible=true').first
    state = progress(puzzle, tries).now
    return page.get_by_role("button", name=action_label(state, Action.parse(text)), exact=True)


def _wrong(p: Puzzle) -> str:
    return next(c for c in p.problem.choices if c not in p.problem.right)


def _board(page: Any) -> Any:
    return page.locator('[data-testid="puzzle-board"]')


def test_a_puzzle_on_a_phone_answered_wrong_then_right_and_shared(
    tmp_path: Path, bank: dict[str, Puzzle], start_server: Any, kit: Any
) -> None:
    with (
        start_server(tmp_path / "coach.sqlite3", "puzzles-server") as url,
        kit.open_page(url, *PHONE) as page,
    ):
        kit.goto(page, "/puzzles")
        kit.assert_no_exception(page)
        puzzle = _shown(page, bank)
        assert _board(page).get_attribute("data-verdict") == "asking"
        # one screen: the table, the learner's cards and the choices within the first 844 pixels
        main = page.locator('[data-testid="stMain"]')
        boxes = [b.bounding_box() for b in page.locator(CHOICES).all()]
        shown = [box for box in boxes if box is not None]  # a card's help keeps a hidden copy
        assert len(shown) >= 2
        bottom = max(box["y"] + box["height"] for box in shown)
        assert _board(page).bounding_box()["y"] >= 0 and bottom <= PHONE[1], bottom
        seen = kit.sideways(page)
        assert seen["scroll"] <= seen["width"] + 1, seen
        kit.screenshot(page, "puzzles-phone")

        wrong = _wrong(puzzle)
        kit.record_timing("puzzles.answer.wrong", kit.click_and_wait(page, _choice(page, puzzle, (), wrong)))
        kit.assert_no_exception(page)
        assert _board(page).get_attribute("data-verdict") == "try again"
        text = main.inner_text()
        assert "Not quite" in text and re.search(r"Rating 1,500 → \*?\*?1,\d{3}", text.replace("*", "")), text
        right = puzzle.problem.right[0]
        kit.record_timing(
            "puzzles.answer.right", kit.click_and_wait(page, _choice(page, puzzle, (wrong,), right))
        )
        verdict = _board(page).get_attribute("data-verdict")
        assert verdict in ("done", "going"), verdict  # an open-hand puzzle goes on after a right move
        assert "Right" in main.inner_text()
        kit.screenshot(page, "puzzles-phone-answered")
        if verdict == "going":
            kit.click_and_wait(page, page.get_by_role("button", name="Show the answer"))
        page.get_by_role("button", name="The figures").or_(page.get_by_text("The figures")).first.click()
        page.get_by_text(re.compile(r"Judged by ")).first.wait_for()

        shared = page.url
        kit.record_timing(
            "puzzles.next", kit.click_and_wait(page, page.get_by_role("button", name="Next puzzle"))
        )
        kit.assert_no_exception(page)
        nxt = _shown(page, bank)
        assert nxt.id != puzzle.id and _board(page).get_attribute("data-verdict") == "asking"

        with kit.open_page(url, *PHONE) as other:  # the share link in another browser: the same puzzle
            kit.goto(other, "/puzzles?" + urlsplit(shared).query)
            kit.assert_no_exception(other)
            assert _shown(other, bank).id == puzzle.id
            assert _board(other).get_attribute("data-verdict") == "asking"


def test_the_dashboard_at_both_sizes_and_a_theme_to_practise(
    tmp_path: Path, bank: dict[str, Puzzle], start_server: Any, kit: Any
) -> None:
    with start_server(tmp_path / "coach.sqlite3", "puzzles-dash-server") as url:
        for name, (width, height) in (("desktop", DESKTOP), ("phone", PHONE)):
            with kit.open_page(url, width, height) as page:
                kit.goto(page, "/puzzles")
                for k in range(3):  # three puzzles: the first wrong, the others right
                    p = _shown(page, bank)
                    choice = _wrong(p) if k == 0 else p.problem.right[0]
                    kit.click_and_wait(page, _choice(page, p, (), choice))
                    kit.assert_no_exception(page)
                    if not page.get_by_role("button", name="Next puzzle").count():
                        kit.click_and_wait(page, page.get_by_role("button", name="Show the answer"))
                    if k == 0:
                        kit.screenshot(page, f"puzzles-{name}-answered")
                    kit.click_and_wait(page, page.get_by_role("button", name="Next puzzle"))
                kit.click_and_wait(page, page.get_by_text("Your progress", exact=True))
                kit.assert_no_exception(page)
                page.locator(".js-plotly-plot").first.wait_for()
                text = page.locator('[data-testid="stMain"]').inner_text()
                assert "3 puzzles tried" in text and "By theme, the weakest first" in text, text
                links = page.get_by_role("link", name=re.compile("Practise"))
                assert links.count() >= 1
                seen = kit.sideways(page)
                assert seen["scroll"] <= seen["width"] + 1, seen
                kit.screenshot(page, f"puzzles-dashboard-{name}")
                kit.click_and_wait(page, links.first)  # the weakest theme, to practise
                kit.assert_no_exception(page)
                served = _shown(page, bank)
                assert "themes: mixed" not in page.locator('[data-testid="stMain"]').inner_text()
                assert served.themes  # a puzzle of the chosen theme is on the table
