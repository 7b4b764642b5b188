"""Unicode line separators inside records, for replay and solve, from a file and from standard input
(issue 29: a record whose string held U+2028 or U+0085, both legal in JSON, was read as two broken
records, and so were lines holding \\x0b or \\x1c, because the reader split lines as
str.splitlines does). A record ends at \\n (or \\r\\n) only: every line gives exactly one result,
and a record with separators in its strings gives the result it gives without them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cli import replay, solve
from engine.cli.solve import solve_record
from engine.core.hand import Phase, apply, deal, legal_actions
from engine.core.rules import Rules
from engine.io.deal_record import result_record, to_record

# Every character str.splitlines breaks a line at, but \n: the first three are legal inside a JSON
# string as they are; the others are control characters, which JSON allows only escaped.
SEPARATORS = ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\r"]
LEGAL_RAW = {"\u2028", "\u2029", "\x85"}


def play_record(seed: int, plays: int) -> dict[str, Any]:
    """A record stopped in the play phase (solve's input): trump made by the first seat that may,
    then ``plays`` cards, each the first legal one."""
    rng = random.Random(seed)
    state = deal(Rules(), seed % 4, rng)
    while state.phase is not Phase.PLAY:
        legal = legal_actions(state)
        state = apply(state, next((a for a in legal if str(a) != "pass"), legal[0]))
    for _ in range(plays):
        state = apply(state, legal_actions(state)[0])
    return to_record(state)


meta_text = st.lists(st.one_of(st.sampled_from(SEPARATORS), st.text(max_size=4)), max_size=6).map("".join)


@st.composite
def record_lines(
    draw: st.DrawFn, good_record: Callable[..., dict[str, Any]] | None = None
) -> tuple[list[str], list[dict[str, Any] | None]]:
    """JSON Lines whose strings hold separators, some lines with a raw control character between
    tokens; and per line the record it holds when the line is valid JSON (None when it is not).
    The records are ``good_record``'s, or without it records to solve (stopped in the play phase)."""
    lines: list[str] = []
    plain: list[dict[str, Any] | None] = []
    for _ in range(draw(st.integers(1, 4))):
        seed = draw(st.integers(0, 500))
        record = (
            play_record(seed, draw(st.integers(0, 8)))
            if good_record is None
            else good_record(seed, draw(st.integers(0, 30)))
        )
        with_meta = {**record, "meta": {"note": draw(meta_text), draw(meta_text): draw(meta_text)}}
        line = json.dumps(with_meta, ensure_ascii=draw(st.booleans()))
        between = draw(st.one_of(st.none(), st.sampled_from(SEPARATORS)))
        if between is not None:  # a raw character between two tokens: JSON whitespace only for \r
            line = line.replace(", ", "," + between, 1)
        lines.append(line)
        plain.append(record if between in (None, "\r") else None)
    return lines, plain


def _check(
    ran: Any,
    plain: list[dict[str, Any] | None],
    result: Any,
    json_lines: Callable[[str], list[dict[str, Any]]],
) -> None:
    ran.check()
    assert ran.err == ""
    rows = json_lines(ran.out)
    assert len(rows) == len(plain), (len(rows), len(plain), ran.out[:500])  # one result per line
    for row, record in zip(rows, plain, strict=True):
        if record is None:
            assert "error" in row and "not valid JSON" in row["error"], row
        else:
            assert row == result(record)  # the meta field with its separators changes nothing


def _run(
    run_main: Callable[..., Any], main: Any, tmp_path: Path, lines: list[str], ending: str, stdin: bool
) -> Any:
    data = (ending.join(lines) + ending).encode("utf-8")
    if stdin:
        return run_main(main, ["-"], stdin=data)
    path = tmp_path / "records.jsonl"
    path.write_bytes(data)
    return run_main(main, [str(path)])


@settings(settings.get_profile("fuzz"), max_examples=40)
@given(data=st.data(), ending=st.sampled_from(["\n", "\r\n"]), stdin=st.booleans())
def test_replay_gives_one_result_per_line(
    tally: Any,
    run_main: Any,
    good_record: Any,
    json_lines: Any,
    tmp_path: Path,
    data: st.DataObject,
    ending: str,
    stdin: bool,
) -> None:
    lines, plain = data.draw(record_lines(good_record))
    tally(
        f"separators: replay, {'stdin' if stdin else 'file'}",
        lambda: _check(
            _run(run_main, replay.main, tmp_path, lines, ending, stdin), plain, result_record, json_lines
        ),
    )


@settings(settings.get_profile("fuzz"), max_examples=25)
@given(data=record_lines(), ending=st.sampled_from(["\n", "\r\n"]), stdin=st.booleans())
def test_solve_gives_one_result_per_line(
    tally: Any,
    run_main: Any,
    json_lines: Any,
    tmp_path: Path,
    data: tuple[list[str], list[dict[str, Any] | None]],
    ending: str,
    stdin: bool,
) -> None:
    lines, plain = data
    tally(
        f"separators: solve, {'stdin' if stdin else 'file'}",
        lambda: _check(
            _run(run_main, solve.main, tmp_path, lines, ending, stdin), plain, solve_record, json_lines
        ),
    )
