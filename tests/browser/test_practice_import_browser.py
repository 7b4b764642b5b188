"""The Practice page's Import view in a real browser with the large file of issue 29, item 9
(12,594 records, 1.84 MB): it drew 1,140 hand panels in 300 s and stalled the browser. Now the page
shows the summary and one page of panels, and the pager turns pages.

Figures go to test-artifacts/timings.json: the seconds from choosing the file until the page is
idle with its summary and first page drawn, and a turn of the page."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from ui.practice_panels import IMPORT_PAGE_HANDS

pytestmark = pytest.mark.browser

PANELS = '[data-testid="stExpander"] summary'  # a hand panel's title: "Hand 12: South made it…"


def test_a_large_import_draws_one_page_and_turns_pages(
    page: Any,
    goto: Any,
    click_and_wait: Any,
    wait_idle: Any,
    record_timing: Any,
    tmp_path: Path,
    big_import: bytes,
) -> None:
    path = tmp_path / "big-game.jsonl"
    path.write_bytes(big_import)
    records = big_import.count(b"\n")
    goto(page, "/practice")
    click_and_wait(page, page.locator('[data-testid="stButtonGroup"] button', has_text="Import"))
    start = time.perf_counter()
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(path))
    page.get_by_text(f"{records:,} hand(s) imported.").wait_for(timeout=60_000)
    wait_idle(page)
    record_timing("practice.import.big_file_s", time.perf_counter() - start)
    panels = page.locator(PANELS).filter(has_text="Hand ")
    assert panels.count() == IMPORT_PAGE_HANDS
    assert "Hand 1:" in panels.first.inner_text()
    turn = click_and_wait(page, page.locator(".st-key-practice_import-next button"))
    record_timing("practice.import.next_page_s", turn)
    assert panels.count() == IMPORT_PAGE_HANDS
    assert f"Hand {IMPORT_PAGE_HANDS + 1}:" in panels.first.inner_text()
    page.get_by_text(f"Hands {IMPORT_PAGE_HANDS + 1}–{2 * IMPORT_PAGE_HANDS} of {records:,}").wait_for()
