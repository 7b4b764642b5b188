"""Arbitrary text, bytes and numbers into every command line tool: exit 0 or 2, one clear line on
stderr (or ``{"error": ...}`` lines on stdout for a bad record), never a traceback.

Most runs call ``main(argv)`` in this process with files in tmp_path; a handful run the real
``python -m engine`` to check what a shell user sees.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cli import analyze, arena, replay, solve
from engine.io.numbers import parse_int

ROOT = Path(__file__).resolve().parents[2]
HAND = ["--hand", "JH JD AH KS 9C", "--upcard", "9H", "--seat", "first"]
FAST = ["--time", "0.05", "--samples", "20", "--no-ceiling"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
numbers_text = st.one_of(
    st.text(max_size=12),
    st.integers().map(str),
    st.floats().map(str),
    st.sampled_from(["²", "١٢", "nan", "inf", "-inf", "1e9", "7_000", " 3 ", "0x1f", "9" * 5000, "-0", ".5"]),
)
record_fields = st.sampled_from(["rules", "dealer", "hands", "upcard", "actions", "kitty", "meta", "extra"])


@st.composite
def records(draw: st.DrawFn, good_record: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    """A legal record with some fields replaced by arbitrary JSON, or an arbitrary object."""
    base = good_record(draw(st.integers(0, 50)), draw(st.integers(0, 30)), draw(st.sampled_from([2, 3, 4])))
    if draw(st.booleans()):
        base.update(draw(st.dictionaries(record_fields, json_values, max_size=3)))
    if (
        draw(st.integers(0, 4)) == 0 and isinstance(base["actions"], list) and base["actions"]
    ):  # (not replaced above)
        actions = list(base["actions"])
        actions[draw(st.integers(0, len(actions) - 1))] = draw(st.text(max_size=12))
        base["actions"] = actions
    return base


@st.composite
def records_file(draw: st.DrawFn, good_record: Callable[..., dict[str, Any]]) -> bytes:
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return draw(st.binary(max_size=400))
    if kind == 1:
        return draw(st.text(max_size=400)).encode("utf-8", "surrogatepass")
    lines = [json.dumps(r) for r in draw(st.lists(records(good_record), min_size=1, max_size=4))]
    if kind == 2:  # one record pretty-printed
        return json.dumps(json.loads(lines[0]), indent=2).encode()
    if kind == 3:  # a damaged line among good ones
        lines.insert(draw(st.integers(0, len(lines))), draw(st.text(max_size=60)))
    if kind == 4:  # deep nesting or a huge integer
        lines.append(draw(st.sampled_from(["[" * 5000, '{"dealer": ' + "9" * 5000 + "}", '{"a":' * 100])))
    return ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")


def check_records_output(ran: Any, json_lines: Callable[[str], list[dict[str, Any]]]) -> None:
    ran.check()
    if not ran.err:  # the file was read: one JSON line per record, exit 2 iff one failed
        rows = json_lines(ran.out)
        assert rows
        assert (ran.code == 2) == any("error" in r for r in rows)


@settings(settings.get_profile("fuzz"), max_examples=60)
@given(data=st.data())
def test_replay_takes_any_file(
    run_main: Any, good_record: Any, json_lines: Any, tmp_path: Path, data: st.DataObject
) -> None:
    path = tmp_path / "records.jsonl"
    path.write_bytes(data.draw(records_file(good_record)))
    check_records_output(run_main(replay.main, [str(path)]), json_lines)


@settings(settings.get_profile("fuzz"), max_examples=15)
@given(data=st.data())
def test_replay_takes_any_stdin(
    run_main: Any, good_record: Any, json_lines: Any, data: st.DataObject
) -> None:
    check_records_output(run_main(replay.main, ["-"], stdin=data.draw(records_file(good_record))), json_lines)


@st.composite
def play_phase_records(draw: st.DrawFn, good_record: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    """Mostly records that stop in the play phase (solve's input), some damaged."""
    record = good_record(draw(st.integers(0, 200)), 0)
    from engine.core.hand import Phase, apply, legal_actions
    from engine.io.deal_record import replay as replay_record

    states, _, _ = replay_record(record)
    state = states[-1]
    actions = list(record["actions"])
    rng_steps = draw(st.integers(0, 6))
    while state.phase is not Phase.PLAY and not state.is_over:
        legal = legal_actions(state)
        choice = ([a for a in legal if str(a) != "pass"] or list(legal))[0]
        state = apply(state, choice)
        actions.append(str(choice))
    for _ in range(rng_steps):
        if state.is_over:
            break
        choice = legal_actions(state)[0]
        state = apply(state, choice)
        actions.append(str(choice))
    record["actions"] = actions
    if draw(st.integers(0, 3)) == 0:
        record.update(draw(st.dictionaries(record_fields, json_values, max_size=2)))
    return record


@settings(settings.get_profile("fuzz"), max_examples=25)
@given(data=st.data())
def test_solve_takes_any_file(
    run_main: Any, good_record: Any, json_lines: Any, tmp_path: Path, data: st.DataObject
) -> None:
    path = tmp_path / "solves.jsonl"
    if data.draw(st.booleans()):
        body = "\n".join(
            json.dumps(r)
            for r in data.draw(st.lists(play_phase_records(good_record), min_size=1, max_size=2))
        )
        path.write_text(body + "\n", encoding="utf-8")
    else:
        path.write_bytes(data.draw(records_file(good_record)))
    check_records_output(run_main(solve.main, [str(path)]), json_lines)


@settings(settings.get_profile("fuzz"), max_examples=40)
@given(
    option=st.sampled_from(
        [
            "--score",
            "--time",
            "--samples",
            "--seed",
            "--round",
            "--rules",
            "--hand",
            "--upcard",
            "--seat",
            "--bids",
            "--turned-down",
        ]
    ),
    value=st.one_of(numbers_text, json_values.map(json.dumps), st.text(max_size=30)),
)
def test_analyze_takes_any_option(run_main: Any, option: str, value: str) -> None:
    if "\x00" in value:  # an argv cannot hold NUL
        value = value.replace("\x00", "")
    argv = {
        "--hand": ["--hand", value, "--upcard", "9H", "--seat", "first"],
        "--upcard": ["--hand", "JH JD AH KS 9C", "--upcard", value, "--seat", "first"],
        "--seat": ["--hand", "JH JD AH KS 9C", "--upcard", "9H", "--seat", value],
    }.get(option, HAND)
    rest = FAST
    if option in ("--time", "--samples"):  # keep a valid value short: at most a few samples
        rest = (
            ["--no-ceiling", "--samples", "20"] if option == "--time" else ["--no-ceiling", "--time", "0.05"]
        )
    extra = [] if option in ("--hand", "--upcard", "--seat") else [option, value]
    ran = run_main(analyze.main, [*argv, *rest, *extra])
    ran.check()
    if ran.code == 2:
        assert ran.out == "" and len(ran.err_lines) == 1 and ran.err.startswith("analyze: ")


def _short(text: str, high: int) -> str:
    """A value that would make a valid but long run is cut down to ``high``."""
    try:
        if parse_int(text, "n", 0, 10**18) > high:
            return str(high)
    except ValueError:
        pass
    return text


@settings(settings.get_profile("fuzz"), max_examples=30)
@given(
    option=st.sampled_from(["--hands", "--games", "--seed", "--rules", "--a", "--b", "--bogus"]),
    value=st.one_of(
        numbers_text, json_values.map(json.dumps), st.sampled_from(["beginner", "club", "Expert"])
    ),
)
def test_arena_takes_any_option(run_main: Any, option: str, value: str) -> None:
    value = value.replace("\x00", "")
    if option == "--hands":
        value = _short(value, 3)
    if option == "--games":
        value = _short(value, 1)
    if option in ("--a", "--b") and value.strip().lower() == "expert":
        value = "club"  # the expert is slow; its names are tested elsewhere
    ran = run_main(arena.main, ["--hands", "2", "--games", "0", option, value])
    ran.check()
    if ran.code == 2:
        assert ran.out == "" and ran.err.startswith("arena: error: ")


@settings(settings.get_profile("fuzz"), max_examples=20)
@given(
    argv=st.lists(
        st.one_of(st.text(max_size=10), st.sampled_from(["-", "--help", "--json", "-x"])), max_size=3
    )
)
def test_any_arguments(run_main: Any, tmp_path: Path, argv: list[str]) -> None:
    """Arbitrary argument lists: never a traceback (file names that do not exist are a message)."""
    argv = [a.replace("\x00", "") for a in argv]
    for command in (replay.main, solve.main):
        run_main(command, [a if a != "-" else str(tmp_path / "missing") for a in argv]).check()


# ---- a handful of real runs, as a shell user sees them -----------------------------


def engine(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], cwd=ROOT, input=stdin, capture_output=True, timeout=120
    )


def one_clear_line(done: subprocess.CompletedProcess[bytes]) -> str:
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    return err


def test_real_runs_give_one_clear_line(tmp_path: Path) -> None:
    bad = tmp_path / "b.json"
    bad.write_bytes(b"\xff\n")
    assert "not UTF-8 text" in one_clear_line(engine("replay", str(bad)))
    assert "longer than 1,000,000 bytes" in one_clear_line(engine("replay", "/dev/zero"))
    assert "score must be two whole numbers from 0 to 9" in one_clear_line(
        engine("analyze", *HAND, "--score", "²,1")
    )
    assert "--time must be a number" in one_clear_line(engine("analyze", *HAND, "--time", "nan"))
    assert "nested deeper" in one_clear_line(engine("arena", "--rules", "[" * 10000))
    assert "200000" in one_clear_line(engine("arena", "--hands", "10000000"))
    assert "not UTF-8 text" in one_clear_line(engine("solve", "-", stdin=b"\xfe\xff"))


def test_deep_and_huge_records_are_an_error_line(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text("[" * 100_000 + "\n" + '{"dealer": ' + "9" * 5000 + "}\n", encoding="utf-8")
    done = engine("replay", str(path))
    assert done.returncode == 2 and done.stderr == b""
    rows = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [r["error"] for r in rows] == [
        "line 1 is not valid JSON: it is nested deeper than 32 levels (column 33)",
        "line 2 is not valid JSON: it has a number longer than 4300 digits (column 12)",
    ]


# ---- issue 39: seats in any case, the turned-down suit, and one count in solve's messages ----------

SEAT_WORDS = ["first", "second", "third", "dealer", "non-dealer", "fourth", "fifth", "left", "1", ""]


@settings(settings.get_profile("fuzz"), max_examples=40)
@given(
    word=st.sampled_from(SEAT_WORDS),
    case=st.lists(st.booleans(), min_size=10, max_size=10),
    pad=st.sampled_from(["", " ", "\t"]),
    players=st.sampled_from([2, 3, 4]),
)
def test_the_command_and_the_page_read_a_seat_alike(
    tally: Any, word: str, case: list[bool], pad: str, players: int
) -> None:
    """The analyze command and the Analyze page read a seat with one reader (read_seat): any case,
    spaces around it; a seat the table does not have is refused naming the seats there are."""
    from engine.analysis.situation import SEATS_BY_PLAYERS, QuestionError, read_seat

    def check() -> None:
        text = (
            pad
            + "".join(ch.upper() if up else ch for ch, up in zip(word, case + [False] * 20, strict=False))
            + pad
        )
        expected = "first" if word == "non-dealer" else word
        args = analyze._parser().parse_args(
            [*HAND[:4], "--seat", text, "--rules", json.dumps({"players": players})]
        )
        try:
            seat = analyze.parse_question(args).seat
        except QuestionError as err:
            assert expected not in SEATS_BY_PLAYERS[players], (text, players)
            assert f"with {players} players; use " in str(err) and "(in any case)" in str(err)
            with_page = None
        else:
            assert seat == expected
            with_page = read_seat(text, players)
        if with_page is None:
            try:
                read_seat(text, players)
            except QuestionError:
                return
            raise AssertionError(f"the page would take {text!r}, the command refused it")
        assert with_page == seat

    tally("seat names", check)


def test_the_command_answers_for_the_seat_named_in_any_case(run_main: Any) -> None:
    def asked(seat: str, *more: str) -> Any:
        return run_main(analyze.main, ["--hand", "JH JD AH KS 9C", "--upcard", "9H", "--seat", seat, *more])

    def figures(seat: str) -> list[Any]:
        ran = asked(seat, "--time", "10", "--samples", "20", "--no-ceiling", "--json")
        # the sample cap stops it, never the clock
        assert ran.code == 0, ran.err
        return [(o["action"], o["ev"], o.get("discard")) for o in json.loads(ran.out)["options"]]

    assert figures("DEALER") == figures("dealer") != figures("first")  # the dealer discards: another question
    for seat, players in (("fourth", 4), ("third", 2)):
        ran = asked(seat, "--rules", json.dumps({"players": players}), *FAST)
        assert ran.code == 2 and ran.err_lines == [
            f"analyze: seat '{seat}' is not possible with {players} players; use "
            + ("first, second, third or dealer" if players == 4 else "first or dealer")
            + " (in any case)"
        ]


def test_a_turned_down_suit_that_is_not_the_upcards_is_refused(run_main: Any) -> None:
    ran = run_main(
        analyze.main,
        [
            "--hand",
            "JH JD AH KS 9C",
            "--upcard",
            "9H",
            "--seat",
            "first",
            "--round",
            "2",
            "--turned-down",
            "S",
            *FAST,
        ],
    )
    assert ran.code == 2 and ran.err_lines == [
        "analyze: in round 2 the turned-down suit is the upcard's suit (H), not S"
    ]


GOOD_POSITION = "standard/3/9C-9D-TC-KH-AC,JC-QH-KD-KS-AS,TD-TH-JD-QD-KC,9S-JS-QC-AD-AH/QS"
GOOD_ACTIONS = ["pass", "pass", "order", "discard-AH", "play-TC"]


@settings(settings.get_profile("fuzz"), max_examples=40)
@given(
    at=st.integers(0, len(GOOD_ACTIONS)),
    bad=st.sampled_from(["", " ", "xx", "play-7C", "pass", "call-H"]),
    cut=st.booleans(),
)
def test_solve_counts_actions_one_way(
    run_main: Any, json_lines: Any, tmp_path_factory: Any, at: int, bad: str, cut: bool
) -> None:
    """solve names the action that went wrong by its index from 0 (the replay command's ``step``),
    whether the position text could not read it or the hand could not play it: never two counts."""
    import re

    actions = GOOD_ACTIONS[:at] + [bad] + ([] if cut else GOOD_ACTIONS[at + 1 :])
    path = tmp_path_factory.mktemp("solve") / "r.jsonl"
    path.write_text(json.dumps({"position": f"{GOOD_POSITION}/{','.join(actions)}"}) + "\n", encoding="utf-8")
    ran = run_main(solve.main, [str(path)])
    ran.check()
    (line,) = json_lines(ran.out)
    if "error" not in line:
        return
    message = line["error"]
    assert "counting from 1" not in message
    named = [int(n) for n in re.findall(r"\baction (\d+)", message)]
    if named:
        assert len(named) == 1 and message.startswith(f"action {named[0]} (counting from 0)"), message
        assert named[0] < len(actions)


def test_a_position_ending_in_a_comma_names_one_action_once(
    run_main: Any, json_lines: Any, tmp_path: Path
) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps({"position": f"{GOOD_POSITION}/pass,"}) + "\n", encoding="utf-8")
    (line,) = json_lines(run_main(solve.main, [str(path)]).out)
    assert line["error"].startswith("action 1 (counting from 0) is empty; an action is pass, order")
