"""The deal of the day in the browser: two servers share one database (a SQLite file); learner 1
on a phone (390x844) opens the Practice page on server A and taps "Deal of the day", learner 2 at
1366x900 does the same on server B. Both get the same deal (its deal code, and every hand as dealt,
read from the finished hand's replay record). Each plays it to the end (learner 1 takes the first
choice each time, learner 2 the last); learner 2's review then shows both results on one page:
everyone's results with one row per score, its count of players, and their place. The scores are
worked out from the two replay records by the engine's record replay, not read from the panel.

Then server A stops and starts again on the same database: learner 1 taps "Deal of the day" again,
gets the same deal (its deal code), and the page says the first play is on record (a replay does
not count again). Screenshots: test-artifacts/daily-phone-review.png, daily-desktop-review.png.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest

from bench.browser import CONTROLS
from engine.io.deal_record import replay

pytestmark = pytest.mark.browser

DAILY = ".st-key-practice_daily"
OVER = ".st-key-practice_replay_deal button"
CODE = re.compile(r"Deal code ([A-Z2-7]{4}(?:-[A-Z2-7]{4}){3})")


def _daily_button(page: Any) -> Any:
    """The toolbar's "Deal of the day" (its element also holds the help's tooltip button)."""
    return page.locator(DAILY).get_by_role("button", name="Deal of the day")


def _deal_code(page: Any) -> str:
    found = CODE.search(page.locator('[data-testid="stMain"]').inner_text())
    assert found is not None, "the page shows the deal's code"
    return found[1]


def _play_to_the_end(page: Any, click_and_wait: Any, last: bool) -> dict[str, Any]:
    """Click the first (or last) choice until the deal is over; its replay record."""
    for _ in range(40):
        if page.locator(OVER).count():
            record = page.locator('[data-testid="practice-hand-record"]').get_attribute("data-record")
            assert record
            return dict(json.loads(record))
        choices = page.locator(CONTROLS).locator("visible=true")
        click_and_wait(page, choices.last if last else choices.first)
    pytest.fail("the deal did not end in 40 clicks")


def _net_points(record: dict[str, Any]) -> int:
    """South's side's points minus East-West's, from the record replayed by the engine."""
    states, _, error = replay(record)
    assert error is None and states[-1].is_over
    points = states[-1].points  # per seat: South, West, North, East
    return points[0] - points[1]


def _distribution(page: Any) -> dict[int, int]:
    table = page.locator('[data-testid="daily-distribution"]')
    table.wait_for()
    rows = table.locator("tr[data-points]")
    counts = {int(r.get_attribute("data-points")): int(r.get_attribute("data-players")) for r in rows.all()}
    return {points: n for points, n in counts.items() if n}


def test_two_learners_on_two_servers_play_the_same_deal_and_see_both_results(
    tmp_path: Path, start_server: Callable[..., AbstractContextManager[str]], kit: Any
) -> None:
    db = tmp_path / "coach.sqlite3"
    with start_server(db, "daily-server-b") as server_b, kit.open_page(server_b, 390, 844) as first:
        with kit.open_page(server_b, 1366, 900) as second:
            with start_server(db, "daily-server-a") as server_a:
                first.app_url = server_a  # learner 1's phone is on server A
                kit.goto(first, "/practice")
                kit.click_and_wait(first, _daily_button(first))  # one tap
                kit.assert_no_exception(first)
                code = _deal_code(first)
                assert "Deal of the day" in first.locator('[data-testid="stMain"]').inner_text()
                first_record = _play_to_the_end(first, kit.click_and_wait, last=False)
                theirs = _net_points(first_record)
                assert _distribution(first) == {theirs: 1}
                assert (
                    "You are the first to play it today."
                    in first.locator('[data-testid="stMain"]').inner_text()
                )
                reach = kit.sideways(first)
                assert reach["scroll"] <= reach["width"] + 1, reach
                kit.screenshot(first, "daily-phone-review")

                kit.goto(second, "/practice")  # learner 2, on server B
                kit.click_and_wait(second, _daily_button(second))
                assert _deal_code(second) == code  # server B deals the same cards
                second_record = _play_to_the_end(second, kit.click_and_wait, last=True)
                assert (second_record["hands"], second_record["upcard"], second_record["dealer"]) == (
                    first_record["hands"],
                    first_record["upcard"],
                    first_record["dealer"],
                )
                mine = _net_points(second_record)
                expected = {mine: 2} if mine == theirs else {mine: 1, theirs: 1}
                assert _distribution(second) == expected  # both results, on learner 2's page
                text = second.locator('[data-testid="stMain"]').inner_text()
                assert "on this server today (2 players)" in text
                assert f"Place {int(theirs > mine) + 1} of 2" in text
                assert "The Expert's par" in text
                kit.assert_no_exception(second)
                kit.screenshot(second, "daily-desktop-review")

        # server A stopped; started again on the same database, learner 1's phone opens it there
        with start_server(db, "daily-server-a-again") as again:
            first.app_url = again
            kit.goto(first, "/practice")
            kit.click_and_wait(first, _daily_button(first))
            kit.assert_no_exception(first)
            assert _deal_code(first) == code  # the same deal after a restart
            text = first.locator('[data-testid="stMain"]').inner_text()
            assert "You have played it already" in text  # learner 1's first play is on record
