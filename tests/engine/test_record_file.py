"""The records reader: streamed, bounded, strict, and the same as before on good files."""

from __future__ import annotations

import io
import json
import time

import pytest

from engine.io import record_file
from engine.io.record_file import RecordSourceError, iter_entries, load_json, parse_text

GOOD = {"dealer": 0, "hands": [], "upcard": "9H"}


class Endless(io.RawIOBase):
    """A stream of record lines that never ends; counts what was read."""

    def __init__(self) -> None:
        self.lines = 0

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> bytes:
        self.lines += 1
        return json.dumps(GOOD).encode() + b"\n"


def test_the_first_record_comes_before_the_file_is_read() -> None:
    stream = Endless()
    entries = iter_entries(stream)  # type: ignore[arg-type]
    assert next(entries) == (GOOD, None) and stream.lines == 1


def test_one_record_pretty_printed_over_lines_is_one_record() -> None:
    assert list(parse_text(json.dumps(GOOD, indent=2))) == [(GOOD, None)]


def test_json_lines_with_a_bad_line_keep_their_line_numbers() -> None:
    text = f"{json.dumps(GOOD)}\n\n{{oops\n[1]\n{json.dumps(GOOD)}\n"
    assert list(parse_text(text)) == [
        (GOOD, None),
        (None, "line 3 is not valid JSON: Expecting property name enclosed in double quotes (column 2)"),
        (None, "line 4 is not a JSON object"),
        (GOOD, None),
    ]


def test_dev_zero_stops_at_once() -> None:
    start = time.monotonic()
    with open("/dev/zero", "rb") as fh, pytest.raises(RecordSourceError, match="longer than 1,000,000 bytes"):
        list(iter_entries(fh, "/dev/zero"))
    assert time.monotonic() - start < 2


def test_not_utf8_and_empty_files_are_one_message() -> None:
    with pytest.raises(RecordSourceError, match="line 1 is not UTF-8 text"):
        list(iter_entries(io.BytesIO(b"\xff\n"), "b.json"))
    with pytest.raises(RecordSourceError, match="no records found"):
        list(iter_entries(io.BytesIO(b"\n \n")))


def test_a_long_pretty_document_falls_back_to_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(record_file, "MAX_DOCUMENT_BYTES", 50)
    text = json.dumps({"meta": "x" * 100, **GOOD}, indent=2)
    entries = list(parse_text(text))
    assert all(record is None for record, _ in entries) and len(entries) == len(text.splitlines())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 33 + "]" * 33, "it is nested deeper than 32 levels (column 33)"),
        ('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', None),
        ("1" * 4301, "it has a number longer than 4300 digits (column 1)"),
        ("NaN", "NaN is not a number JSON allows"),
        ("[Infinity]", "Infinity is not a number JSON allows"),
    ],
)
def test_json_limits(text: str, message: str | None) -> None:
    if message is None:
        assert load_json(text) == {"a": "[" * 36}
        return
    with pytest.raises(record_file.JSONTextError) as caught:
        load_json(text)
    assert str(caught.value) == message
