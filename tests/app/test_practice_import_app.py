"""The Practice page's Import view with a large file (issue 29, item 9): a file of 12,594 hand
records, just under the 2 MB limit, is read once and drawn as one summary line, a summary table
and one page of hand panels with a pager, so the page stays the same size however long the file;
refused records are counted and named, never a traceback."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from practice.export import MAX_IMPORT_BYTES, to_jsonl
from ui.practice_panels import IMPORT_PAGE_HANDS, ImportRead, read_import

PAGE = "views/practice/practice.py"


def _import(at: AppTest, data: bytes, name: str = "game.jsonl") -> AppTest:
    at.segmented_control(key="practice_view").set_value("Import").run()
    at.file_uploader(key="practice_upload").set_value((name, data, "application/jsonl")).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _panels(at: AppTest) -> list[str]:
    return [e.label for e in at.expander if e.label.startswith("Hand ")]


def test_reading_a_file_counts_records_refusals_games_and_hands(
    played_records: Callable[..., list[Any]],
) -> None:
    lines = [json.dumps(r) for r in played_records(10)]
    lines[3] = "{not json"
    lines[5] = "[1, 2]"
    bad = json.loads(lines[7])
    bad["actions"][4] = "play [AS](https://evil.example)"
    lines[7] = json.dumps(bad)
    data = ("\n".join(lines[:6]) + "\n\n" + "\n".join(lines[6:]) + "\n").encode()
    read = read_import(data)
    assert isinstance(read, ImportRead)
    assert (read.read, read.refused, read.games, len(read.hands)) == (10, 3, 2, 7)
    assert [line for line, _ in read.hands] == [1, 2, 3, 5, 8, 10, 11]  # the blank line 7 is skipped
    assert dict(read.reasons) == {"not JSON": 1, "not a JSON object": 1, "an action that cannot be played": 1}
    assert read.first_refusals[0].startswith("line 4 is not JSON")
    assert read.first_refusals[2].startswith("line 9, action 5: ")
    assert (
        list(read.table["line"]) == [1, 2, 3, 5, 8, 10, 11] and list(read.table["game"]) == [1] * 5 + [2] * 2
    )


def test_a_file_that_cannot_be_imported_says_why() -> None:
    assert read_import(b"") == "the file holds no records; export a game from the practice table first"
    big = read_import(b" " * (MAX_IMPORT_BYTES + 1))
    assert isinstance(big, str) and big.startswith(f"the file is {MAX_IMPORT_BYTES + 1:,} bytes")
    one = read_import(b'{"dealer": 0}\n')
    assert isinstance(one, str) and one.startswith("line 1, the deal: ")
    assert read_import(b"\xff\xfe\n") == "line 1 is not UTF-8 text"


def test_a_small_import_draws_every_hand(
    open_page: Callable[..., AppTest], played_records: Callable[..., list[Any]], db: Path
) -> None:
    at = _import(open_page(PAGE), to_jsonl(played_records(3)).encode())
    assert [s.value for s in at.success] == ["3 hand(s) imported. 3 records read, none refused; 1 game."]
    assert len(_panels(at)) == 3 and not at.warning
    assert not [b for b in at.button if b.key and b.key.startswith("practice_import-")]  # one page: no pager


def test_a_large_import_draws_one_page_of_hands_and_pages_on(
    open_page: Callable[..., AppTest], big_import: bytes, db: Path
) -> None:
    at = _import(open_page(PAGE), big_import)
    assert [s.value for s in at.success] == [
        "12,594 hand(s) imported. 12,594 records read, none refused; 5 games."
    ]
    assert [label.split(":")[0] for label in _panels(at)] == [
        f"Hand {n}" for n in range(1, IMPORT_PAGE_HANDS + 1)
    ]
    assert len(at.dataframe) == 1 and len(at.dataframe[0].value) == big_import.count(
        b"\n"
    )  # the summary table: every hand
    at.button(key="practice_import-next").click().run()
    assert not at.exception
    assert [label.split(":")[0] for label in _panels(at)] == [
        f"Hand {n}" for n in range(IMPORT_PAGE_HANDS + 1, 2 * IMPORT_PAGE_HANDS + 1)
    ]
    assert any(
        f"Hands {IMPORT_PAGE_HANDS + 1}–{2 * IMPORT_PAGE_HANDS} of 12,594" in c.value for c in at.caption
    )
    # grading grades the hands on the page shown, and only those
    at.toggle(key="practice_import_grade").set_value(True).run()
    assert not at.exception
    assert len(_panels(at)) == IMPORT_PAGE_HANDS
    graded = at.session_state["practice_imported"][2]  # the grades made so far, by line
    assert sorted(graded) == list(range(IMPORT_PAGE_HANDS + 1, 2 * IMPORT_PAGE_HANDS + 1))
    tables = [h.value for h in at.html if "<caption>Your decisions</caption>" in h.value]
    assert len(tables) == sum(1 for g in graded.values() if g) > 0


def test_the_file_is_read_once_per_upload(
    open_page: Callable[..., AppTest],
    played_records: Callable[..., list[Any]],
    db: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import ui.practice_panels

    at = _import(open_page(PAGE), to_jsonl(played_records(IMPORT_PAGE_HANDS + 2)).encode())

    def read_again(data: bytes) -> None:
        raise AssertionError("the file was read again")

    monkeypatch.setattr(ui.practice_panels, "read_import", read_again)
    at.button(key="practice_import-next").click().run()
    at.toggle(key="practice_import_grade").set_value(True).run()
    assert not at.exception, [e.value for e in at.exception]
    assert [label.split(":")[0] for label in _panels(at)] == [f"Hand {IMPORT_PAGE_HANDS + n}" for n in (1, 2)]
    assert "practice_imported" in at.session_state
    at.file_uploader(key="practice_upload").set_value(None).run()
    assert "practice_imported" not in at.session_state  # a removed file leaves nothing behind


def test_refused_records_are_counted_and_shown_as_text(
    open_page: Callable[..., AppTest], played_records: Callable[..., list[Any]], db: Path
) -> None:
    records = played_records(4)
    records[1]["actions"][0] = "play [AS](https://evil.example)"  # the engine's message quotes it
    lines = [json.dumps(r) for r in records]
    at = _import(open_page(PAGE), ("\n".join(lines) + "\nnot json\n").encode())
    assert [s.value for s in at.success] == [
        "3 hand(s) imported. 5 records read, 2 refused (1 an action that cannot be played, 1 not JSON); 1 game."
    ]
    [warning] = at.warning
    assert warning.value.startswith("2 records refused and left out; the first\\: line 2, action 1\\: ")
    assert "\\[AS\\](https\\:\u2060//evil.example)" in warning.value  # drawn as the text it is: no link
    assert "line 5 is not JSON (Expecting value)" in warning.value
    assert [label.split(":")[0] for label in _panels(at)] == ["Hand 1", "Hand 3", "Hand 4"]


def test_a_file_with_no_good_record_is_one_error(open_page: Callable[..., AppTest], db: Path) -> None:
    at = _import(open_page(PAGE), b"nothing here\n")
    assert [e.value for e in at.error] == [
        "That file cannot be imported: line 1 is not JSON (Expecting value); each line must be one replay record"
    ]
    assert not _panels(at) and not at.success
