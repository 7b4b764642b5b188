"""The analyzer's question as its seat's view in one line (Question.text, read_question, and the
``analyze`` command's ``--view``): the same question whichever way it is written.

Each text is spelled out by hand from the grammar of engine/core/seat_text.py: the learner sits
at seat 0, so the dealer is the seat ``position`` places before it, and the passes before its
turn are written out.
"""

from __future__ import annotations

import json

import pytest

from engine.analysis.situation import QuestionError, question, read_question
from engine.cli.analyze import main as analyze_main
from engine.core.rules import Rules

HAND = "JH-JD-AH-KS-9C"


@pytest.mark.parametrize(
    ("seat", "dealer", "passes"),
    [
        ("first", 3, 0),
        ("second", 2, 1),
        ("third", 1, 2),
        ("dealer", 0, 3),
    ],
)
def test_each_seat_in_round_one(seat: str, dealer: int, passes: int) -> None:
    text = f"standard/{dealer}/{HAND},?,?,?/9H" + ("/" + ",".join(["pass"] * passes) if passes else "")
    q = question(HAND.replace("-", " "), "9H", seat)
    assert q.text == text
    assert read_question(text) == q


def test_round_two_is_every_round_one_pass_and_the_passes_before() -> None:
    """Third seat in round 2: the four passes of round 1 (the 9♥ turned down), then first and second pass."""
    text = f"standard/1/{HAND},?,?,?/9H/" + ",".join(["pass"] * 6)
    assert read_question(text) == question(HAND.replace("-", " "), "9H", "third", round=2)


def test_the_joker_turned_up_is_the_dealer_naming_trump() -> None:
    text = "british/0/JH-JD-AH-KS-9C,?,?,?/JOKER"
    assert read_question(text) == question(HAND.replace("-", " "), "JOKER", "dealer", rules=Rules(joker=True))


def test_a_score_goes_with_the_text() -> None:
    q = read_question(f"standard/3/{HAND},?,?,?/9H", score="9,6")
    assert q.score == (9, 6) and q.seat == "first"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (f"standard/3/{HAND},?,?,?/9H/order", "dealer's discard"),
        (f"standard/3/{HAND},?,?,?/9H/pass", "seat 1 is to act"),
        (f"standard/3/{HAND},?,?,?/9S/order,discard-?,play-JH", "seat 1 is to act"),
        ("standard/3/JH-JD-AH-KS,?,?,?/9H", "has 4 cards"),
        ("nonsense", "part"),
    ],
)
def test_texts_that_are_not_a_bid_of_the_written_seat_are_refused(text: str, message: str) -> None:
    with pytest.raises(QuestionError, match=message):
        read_question(text)


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert (
        analyze_main([*argv, "--time", "5", "--samples", "200", "--seed", "4", "--no-ceiling", "--json"]) == 0
    )
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_the_command_reads_the_view_as_it_reads_the_fields(capsys: pytest.CaptureFixture[str]) -> None:
    """One question, two spellings: the same sampled deals, so the same figures."""
    by_text = _json(capsys, "--view", f"standard/2/{HAND},?,?,?/9H/pass", "--score", "6,8")
    by_fields = _json(
        capsys, "--hand", "JH JD AH KS 9C", "--upcard", "9H", "--seat", "second", "--score", "6,8"
    )
    assert by_text["options"] == by_fields["options"]
    assert by_text["view"] == by_fields["view"] == f"standard/2/{HAND},?,?,?/9H/pass"


def test_the_command_refuses_a_view_with_the_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert analyze_main(["--view", f"standard/3/{HAND},?,?,?/9H", "--seat", "first"]) == 2
    assert "leave out --seat" in capsys.readouterr().err
    assert analyze_main(["--hand", "JH JD AH KS 9C"]) == 2
    assert "give --upcard, --seat (or the whole question as --view)" in capsys.readouterr().err


def test_table_names_the_table_and_opponents_is_the_same_option(capsys: pytest.CaptureFixture[str]) -> None:
    by_table = _json(capsys, "--view", f"standard/3/{HAND},?,?,?/9H", "--table", "sound")
    by_opponents = _json(capsys, "--view", f"standard/3/{HAND},?,?,?/9H", "--opponents", "sound")
    assert by_table["table"] == by_table["opponents"] == "sound"
    assert by_table["options"] == by_opponents["options"]
