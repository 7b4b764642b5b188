"""The Statistics view's "Your play, luck aside" section in Chromium, on a phone (390 x 844) and a
laptop (1366 x 768): the session server's database is given four weeks of hands with their decisions,
all of one browser's learner (``BROWSER``). The table (three categories and all decisions, each
with its likely range, never below 0, and the Club and Expert players' figures beside it), the
line explaining each row, the weekly chart and the luck with why some hands have none are drawn,
and nothing is wider than the screen. Screenshots go to test-artifacts/skill-390.png and
test-artifacts/skill-1366.png (the whole page)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SIZES = ((390, 844), (1366, 768))
BROWSER = "SkillTestBrowser0123456"  # this browser's id (the learner cookie): the section shows its hands
KINDS = ("bidding", "leading", "following", "defending")

# The widest element of the page beyond the screen's right edge (0 when none).
OVERFLOW = """(width) => {
  const out = [];
  for (const el of document.querySelectorAll('.st-key-practice_skill *')) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > width + 1) out.push([el.tagName, el.className.toString().slice(0, 40), r.right]);
  }
  return {scroll: document.documentElement.scrollWidth, beyond: out.slice(0, 5)};
}"""


def seed_database(path: Path) -> None:
    """Four weeks of hands, three a week, each with a few decisions and most with a luck figure."""
    from store import practice_log
    from store.db import connect
    from store.practice_log import DecisionFact, HandRow

    conn = connect(path)
    game = practice_log.start_game("game", {}, 1, ["you", "club", "club", "club"], "CODE", conn)
    start = datetime(2026, 11, 9, 18, tzinfo=UTC)  # a Monday
    number = 0
    for week in range(4):
        for day in range(3):
            facts = tuple(
                DecisionFact(KINDS[(number + i) % 4], round(0.1 * ((number * 7 + i * 3) % 9) / (week + 1), 3))
                for i in range(4)
            )
            practice_log.save_hand(
                game,
                HandRow(
                    game_number=0,
                    hand_number=number,
                    record={"dealer": number % 4},
                    thrown_in=False,
                    learner_called=number % 3 == 0,
                    learner_side_made=number % 2 == 0,
                    made=True,
                    learner_alone=False,
                    euchres_for=False,
                    euchred=False,
                    points_for=number % 3,
                    points_against=(number + 1) % 2,
                    grades=("best", "good", "inaccuracy", "best"),
                    decisions=facts,
                    luck=None if number % 5 == 4 else round(0.3 * ((number % 4) - 1.5), 2),
                    learner=f"browser:{BROWSER}",
                    no_luck="ordered" if number % 5 == 4 else None,
                ),
                conn,
            )
            played = (start + timedelta(days=7 * week + 2 * day)).isoformat(timespec="seconds")
            conn.execute(
                "UPDATE practice_hands SET played_at = ? WHERE hand_number = ? AND learner = ?",
                (played, number, f"browser:{BROWSER}"),
            )
            number += 1
    conn.commit()
    conn.close()


@pytest.fixture(scope="session")
def skill_server(served: tuple[str, Path]) -> str:
    """The session's server (the conftest's ``served``), its database seeded once with this browser's
    hands (the section shows only the hands of the browser's own learner)."""
    url, db = served
    seed_database(db)
    return url


@pytest.mark.parametrize("width, height", SIZES)
def test_the_skill_section_fits_the_screen(
    open_page: Any,
    skill_server: str,
    goto: Any,
    click_and_wait: Any,
    assert_no_exception: Any,
    screenshot: Any,
    width: int,
    height: int,
) -> None:
    from ui.learn_profile import COOKIE

    with open_page(skill_server, width, height) as page:
        page.context.add_cookies([{"name": COOKIE, "value": BROWSER, "url": skill_server}])
        goto(page, "/practice")
        click_and_wait(page, page.locator('[data-testid="stButtonGroup"] button', has_text="Statistics"))
        assert_no_exception(page)
        section = page.locator(".st-key-practice_skill")
        section.wait_for(state="visible", timeout=20_000)
        assert section.get_by_text("Your play, luck aside").is_visible()
        table = section.locator('[data-testid="ec-skill-table"]')
        assert table.is_visible()
        rows = table.locator("tbody tr")
        assert rows.count() == 4  # three categories and all decisions
        assert [rows.nth(i).locator("td").first.inner_text() for i in range(4)] == [
            "Bidding",
            "Playing a hand your side named",
            "Defending",
            "All decisions",
        ]
        heads = table.locator("thead th").all_inner_texts()
        assert heads == ["Decision", "How many", "You lose each", "Likely range", "Club player", "Expert"]
        ranges = [rows.nth(i).locator("td").nth(3).inner_text() for i in range(4)]
        assert all("-" not in r and "−" not in r for r in ranges), ranges  # never a bound below 0
        assert ranges[-1] != "—"  # 48 decisions: a range
        about = section.locator('[data-testid="ec-skill-about"]')
        assert (
            about.is_visible() and about.locator("li").count() == 6
        )  # a line per row, the range, the yardstick
        # hands 4 and 9 of the twelve have no luck figure
        luck = section.get_by_text(
            "from 10 of your 12 hands. 2 have none: a player before you ordered up", exact=False
        )
        assert luck.is_visible()
        chart = section.locator('[data-testid="stPlotlyChart"]')
        chart.wait_for(state="visible", timeout=20_000)
        chart.locator(".main-svg").first.wait_for(state="visible", timeout=20_000)
        assert chart.bounding_box()["height"] > 200
        assert chart.get_by_text("Points lost per decision, week by week").count() == 1
        assert section.get_by_text("Luck of the cards dealt").is_visible()
        section.scroll_into_view_if_needed()
        found = page.evaluate(OVERFLOW, width)
        assert found["scroll"] <= width, f"the page is {found['scroll']} px wide on a {width} px screen"
        assert not found["beyond"], f"drawn beyond the screen's edge: {found['beyond']}"
        cell = table.locator("td").first
        assert cell.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "a table cell is cut short"
        screenshot(page, f"skill-{width}")
