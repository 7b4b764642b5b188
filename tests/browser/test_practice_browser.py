"""The Practice table in a real browser: a whole game to the target, played by clicking.

Figures go to test-artifacts/timings.json: every click's answer time (club players: target
under 300 ms; expert players: under 1.5 s) and the wall time of a whole 10-point game with
club players (target under a minute).
"""

from __future__ import annotations

import json
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from bench.browser import CONTROLS  # the learner's enabled choices
from engine.core.rules import Rules
from engine.io.deal_record import result_record
from practice.codes import DealCode, encode
from practice.export import from_jsonl

pytestmark = pytest.mark.browser


def _scores(page: Any) -> tuple[int, ...]:
    raw = page.locator('[data-testid="practice-score"]').first.get_attribute("data-scores")
    return tuple(int(x) for x in raw.split(","))


def _button(page: Any, key: str) -> Any:
    # .first: a button with help text also has a hidden copy that Streamlit measures its width by
    return page.locator(f".st-key-{key} button").first


def _page_key(page: Any) -> str:
    """What changes on every answered click: the caption with the deal code plus the visible controls."""
    return str(page.locator('[data-testid="stMainBlockContainer"]').inner_text())


def _click(page: Any, click_and_wait: Any, wait_idle: Any, locator: Any, missed: list[int]) -> float | None:
    """click_and_wait, but if the harness sees no run of the click's finish (a run the page's
    websocket count missed), accept the click when the page did change; fail if it did not."""
    before = _page_key(page)
    try:
        return float(click_and_wait(page, locator))
    except (PlaywrightTimeout, AssertionError):  # bench.browser.RunWatch: "no Streamlit script run finished"
        wait_idle(page)
        assert _page_key(page) != before, "a click was not answered: the page did not change"
        missed.append(1)
        return None


def _hand_over(page: Any) -> bool:
    return any(
        _button(page, key).count() for key in ("practice_next_hand", "practice_new_game_end", "practice_back")
    )


def _play_game(
    page: Any,
    click_and_wait: Any,
    max_hands: int,
    wait_idle: Any = None,
    missed: list[int] | None = None,
    hand_ends: list[float] | None = None,
) -> tuple[list[float], int, tuple[int, ...]]:
    """Click the learner's first legal choice until the game ends (or ``max_hands`` hands).
    After each hand, check the page's score against the engine's replay of the hand's record.
    The times of the clicks that ended a hand (the page then draws the hand review) are also
    appended to ``hand_ends``."""
    clicks: list[float] = []
    missed_list = missed if missed is not None else []
    tally = [0, 0]
    hands = 0
    for _ in range(2000):
        if _hand_over(page):
            # the link follows the table (set by the table's own partial rerun): it opens this hand, by
            # its deal code and the learner's decisions, never by the hidden cards
            shown_code = re.search(r"Deal code (\S+) ", _page_key(page))
            link = parse_qs(urlparse(page.url).query)
            record = json.loads(
                page.locator('[data-testid="practice-hand-record"]').get_attribute("data-record")
            )
            result = result_record(record)
            assert shown_code and link["deal"] == [shown_code.group(1)] and "position" not in link, link
            assert result["complete"] is True
            tally[0] += result["points"][0]
            tally[1] += result["points"][1]
            assert _scores(page) == tuple(tally), f"after hand {hands + 1}"
            hands += 1
            if _button(page, "practice_new_game_end").count() or hands >= max_hands:
                return clicks, hands, tuple(tally)
            t = _click(page, click_and_wait, wait_idle, _button(page, "practice_next_hand"), missed_list)
            if t is not None:
                clicks.append(t)
            continue
        choices = page.locator(CONTROLS)
        assert choices.count(), "neither a decision nor the end of a hand is on the page"
        t = _click(page, click_and_wait, wait_idle, choices.first, missed_list)
        if t is not None:
            clicks.append(t)
            if hand_ends is not None and _hand_over(page):
                hand_ends.append(t)
    raise AssertionError("the game did not end in 2000 clicks")


def test_full_game_in_browser(
    page: Any,
    goto: Any,
    click_and_wait: Any,
    wait_idle: Any,
    assert_no_exception: Any,
    screenshot: Any,
    record_timing: Any,
) -> None:
    code = encode(DealCode(Rules(), seed=31337))
    goto(page, f"/practice?deal={code}&levels=ccc")  # warm-up: solver and players loaded once
    goto(page, f"/practice?deal={code}&levels=ccc")
    assert code in page.locator('[data-testid="stMainBlockContainer"]').inner_text()
    started = time.perf_counter()
    missed: list[int] = []
    hand_ends: list[float] = []
    clicks, hands, final = _play_game(page, click_and_wait, 200, wait_idle, missed, hand_ends)
    wall = time.perf_counter() - started
    assert_no_exception(page)
    screenshot(page, "practice-game-over")
    assert max(final) >= 10 and hands >= 2
    assert page.get_by_text("The game is over:").count() == 1
    assert "The game is over:" in page.locator('[data-testid="practice-hand-result"]').inner_text()
    record_timing("practice.club.game_wall_s", wall)
    record_timing("practice.club.hands", hands)
    record_timing("practice.club.clicks", len(clicks) + len(missed))
    record_timing("practice.club.clicks_unmeasured", len(missed))
    record_timing("practice.club.click_median_s", statistics.median(clicks))
    record_timing("practice.club.click_p95_s", sorted(clicks)[int(0.95 * (len(clicks) - 1))])
    record_timing("practice.club.click_max_s", max(clicks))
    if hand_ends:
        record_timing("practice.club.hand_end_click_median_s", statistics.median(hand_ends))
        record_timing("practice.club.hand_end_click_max_s", max(hand_ends))


def test_hand_review_downloads_the_replay_records(
    page: Any, goto: Any, click_and_wait: Any, wait_idle: Any, tmp_path: Path
) -> None:
    """The review's two download buttons build their files on click: the hand's replay record
    (the same record the page carries) and the game so far as JSON Lines, which imports."""
    goto(page, f"/practice?deal={encode(DealCode(Rules(), seed=5150))}&levels=ccc")
    _, hands, _ = _play_game(page, click_and_wait, 1, wait_idle)
    assert hands == 1
    shown = json.loads(page.locator('[data-testid="practice-hand-record"]').get_attribute("data-record"))
    with page.expect_download() as hand_file:
        _button(page, "practice_export_hand").click()
    assert hand_file.value.suggested_filename.endswith("-hand-1.json")
    saved = json.loads(Path(hand_file.value.path()).read_text())
    assert saved == shown and result_record(saved)["complete"] is True
    replayed = subprocess.run(
        [sys.executable, "-m", "engine", "replay", hand_file.value.path()],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert replayed.returncode == 0, replayed.stderr
    with page.expect_download() as game_file:
        _button(page, "practice_export").click()
    imported = from_jsonl(Path(game_file.value.path()).read_bytes())
    assert [item.record for item in imported] == [shown]
    # Import that file in the Import view and grade it: the same grades as the hand review's.
    review_grades = _grade_column(page)
    assert review_grades
    click_and_wait(page, page.locator('[data-testid="stButtonGroup"] button', has_text="Import"))
    saved_game = tmp_path / game_file.value.suggested_filename  # the uploader checks the extension
    game_file.value.save_as(saved_game)
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(saved_game))
    page.get_by_text("1 hand(s) imported.").wait_for()
    wait_idle(page)
    click_and_wait(page, page.get_by_text("Grade South's decisions"))
    page.locator("table", has_text="Your decisions").first.wait_for()
    assert _grade_column(page) == review_grades


def _grade_column(page: Any) -> list[str]:
    """The grade column of the (first) table of graded decisions on the page."""
    table = page.locator("table", has_text="Your decisions").first
    heads = table.locator("th").all_inner_texts()
    column = heads.index("grade")
    return [row.locator("td").nth(column).inner_text() for row in table.locator("tbody tr").all()]


def test_cards_that_cannot_be_played_say_why(page: Any, goto: Any, click_and_wait: Any) -> None:
    # Play hands until the learner must follow suit with a card disabled; its help text explains.
    goto(page, f"/practice?deal={encode(DealCode(Rules(), seed=99))}&levels=ccc")
    for _ in range(400):
        disabled = page.locator('[class*="st-key-practice_play-"] button[disabled]')
        if disabled.count():
            disabled.first.hover(force=True)
            tip = page.get_by_role("tooltip").filter(has_text="You must follow")
            tip.first.wait_for(timeout=5000)
            assert tip.first.inner_text().startswith("You must follow ")
            return
        if _button(page, "practice_next_hand").count():
            click_and_wait(page, _button(page, "practice_next_hand"))
            continue
        click_and_wait(page, page.locator(CONTROLS).first)
    pytest.fail("no disabled card met in 400 clicks")


def test_expert_players_answer_each_click(
    page: Any, goto: Any, click_and_wait: Any, wait_idle: Any, record_timing: Any
) -> None:
    code = encode(DealCode(Rules(), seed=4242))
    goto(page, f"/practice?deal={code}&levels=eee")
    clicks, hands, _ = _play_game(page, click_and_wait, 2, wait_idle)
    assert hands == 2
    record_timing("practice.expert.clicks", len(clicks))
    record_timing("practice.expert.click_median_s", statistics.median(clicks))
    record_timing("practice.expert.click_max_s", max(clicks))


def _dealt(page: Any) -> list[list[str]]:
    """The review's "all hands as dealt", seat by seat, as card texts."""
    seats = page.locator("[data-dealt]")
    return [
        seats.nth(i).locator("img").evaluate_all("els => els.map(e => e.dataset.card)")
        for i in range(seats.count())
    ]


def test_replay_this_deal_then_back_to_the_game(
    page: Any, goto: Any, click_and_wait: Any, wait_idle: Any
) -> None:
    # These clicks start another deal from inside the table's partial rerun; the whole page
    # must follow (the link, the scores) and going back must restore the game as it was.
    goto(page, f"/practice?deal={encode(DealCode(Rules(), seed=808))}&levels=ccc")
    _, hands, score = _play_game(page, click_and_wait, 1, wait_idle)
    dealt, link = _dealt(page), page.url
    click_and_wait(page, _button(page, "practice_replay_deal"))
    assert _scores(page) == (0, 0)  # a single deal, scored on its own
    _, replays, _ = _play_game(page, click_and_wait, 1, wait_idle)
    assert replays == 1 and _dealt(page) == dealt
    assert _button(page, "practice_back").count() and not _button(page, "practice_next_hand").count()
    click_and_wait(page, _button(page, "practice_back"))
    assert _dealt(page) == dealt and _scores(page) == score and page.url == link
    assert _button(page, "practice_next_hand").count()
