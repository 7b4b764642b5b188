"""Signed and malformed scores everywhere a score is read (issue 29: ``--score=-3,5`` analysed 3-5,
and ``-6-8-``, ``6--8``, ``4,4,``, ``0,,0`` were accepted): engine.io.numbers.parse_score, the analyze
command's ``--score``, the Analyze page's ``score=``, the lessons' analyzer links and question()'s
score pairs all accept exactly what ``rule`` below accepts, and refuse the rest with one message
that says what is accepted.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from engine.analysis.situation import QuestionError, question
from engine.cli import analyze
from engine.core.rules import Rules
from engine.io.numbers import NumberError, parse_score
from lessons.links import analyze_link
from lessons.model import LessonError

APP = str(Path(__file__).resolve().parents[2] / "app.py")
pytestmark = pytest.mark.usefixtures("db")

HAND = ["--hand", "JH JD AH KS 9C", "--upcard", "9H", "--seat", "first"]
FAST = ["--time", "0.05", "--samples", "20", "--no-ceiling"]
ISSUE = ["-3,5", "3,-5", "-6-8-", "6--8", "4,4,", "0,,0"]
MORE_REFUSED = [
    "-0,5",
    "+3,5",
    "6-8",
    "6:8",
    "6;8",
    "6 8",
    "68",
    ",",
    " ",
    "10,0",
    "6,10",
    "６,8",
    "²,1",
    "6,8,",
    "6.0,8",
]


def rule(text: str, target: int) -> tuple[int, int] | None:
    """What a score may be, written out: your side, one comma, theirs; each side ASCII digits only
    (spaces or tabs around it allowed), at most 18 of them, below the target."""
    parts = text.split(",")
    if len(parts) != 2:
        return None
    numbers = []
    for part in parts:
        digits = part.strip(" \t")
        if not digits or len(digits) > 18 or any(ch not in "0123456789" for ch in digits):
            return None
        numbers.append(int(digits))
    if any(n >= target for n in numbers):
        return None
    return numbers[0], numbers[1]


def accepted_sentence(target: int) -> str:
    return f"two whole numbers from 0 to {target - 1} separated by a comma"


scores = st.one_of(
    st.sampled_from(ISSUE + MORE_REFUSED + ["6,8", "0,0", "9,9", " 6 , 8 ", "4,\t4"]),
    st.builds(
        lambda before, us, sep, them, after: f"{before}{us}{sep}{them}{after}",
        st.sampled_from(["", "", "-", "+", " ", ",", "0"]),
        st.integers(-30, 30),
        st.sampled_from([",", ",", "-", "--", ":", ", ", " ,", ",,", ";", "–", "/", " ", ",-", ",+"]),
        st.integers(-30, 30),
        st.sampled_from(["", "", "-", ",", " ", "0"]),
    ),
    st.text(alphabet="0123456789,-+ :.\t", max_size=8),
    st.text(max_size=8),
)
targets = st.sampled_from([5, 7, 10])


def _refused_message(message: str, target: int) -> None:
    assert accepted_sentence(target) in message or f"a game to {target} would already be over" in message, (
        message
    )


@settings(settings.get_profile("fuzz"), max_examples=400)
@given(text=scores, target=targets)
def test_the_score_reader_accepts_exactly_the_rule(tally: Any, text: str, target: int) -> None:
    def check() -> None:
        want = rule(text, target)
        if want is not None:
            assert parse_score(text, target) == want
            return
        with pytest.raises(NumberError) as caught:
            parse_score(text, target)
        _refused_message(str(caught.value), target)

    tally("scores: engine.io.numbers.parse_score", check)


def _command_line(run_main: Callable[..., Any], text: str) -> None:
    """``--score=TEXT`` (the ``=`` form: a value may start with a minus)."""
    argv = [*HAND, f"--score={text}"]
    want = rule(text, 10)
    if want is None:
        ran = run_main(analyze.main, [*argv, *FAST])
        ran.check()
        assert ran.code == 2 and ran.out == "" and len(ran.err_lines) == 1, (text, ran.err)
        assert ran.err.startswith("analyze: ")
        _refused_message(ran.err, 10)
    else:  # read exactly as the command reads it, without simulating
        assert analyze.parse_question(analyze._parser().parse_args(argv)).score == want


@settings(settings.get_profile("fuzz"), max_examples=80)
@given(text=scores)
def test_the_analyze_command_reads_scores_by_the_rule(tally: Any, run_main: Any, text: str) -> None:
    text = text.replace("\x00", "")  # an argv cannot hold NUL
    tally("scores: analyze --score", lambda: _command_line(run_main, text))


@pytest.mark.parametrize("text", ISSUE)
def test_the_issue_scores_are_refused_by_the_command(tally: Any, run_main: Any, text: str) -> None:
    tally("scores: analyze --score", lambda: _command_line(run_main, text))


@pytest.mark.parametrize("text", ["-1,2", "-3,5", "-6-8-", "-0,5"])
def test_a_score_with_a_leading_minus_as_its_own_word_is_read_and_refused(run_main: Any, text: str) -> None:
    # issue 50, item 5: `--score -1,2` said only "expected one argument" (argparse took -1,2 for an option)
    ran = run_main(analyze.main, [*HAND, "--score", text, *FAST])
    ran.check()
    assert ran.code == 2 and ran.out == "" and len(ran.err_lines) == 1, (text, ran.err)
    assert "expected one argument" not in ran.err
    _refused_message(ran.err, 10)
    missing = run_main(analyze.main, [*HAND, "--score", "--json", *FAST])  # the next word is an option
    assert missing.code == 2 and "--score: expected one argument" in missing.err


def _lesson_link(text: str) -> None:
    fields = {"hand": "JH+JD+AH+KS+9C", "upcard": "9H", "seat": "first", "score": text}
    want = rule(text, 10)
    if want is None:
        with pytest.raises(LessonError) as caught:
            analyze_link(fields)
        _refused_message(str(caught.value), 10)
    else:
        assert analyze_link(fields).score == want


@settings(settings.get_profile("fuzz"), max_examples=150)
@given(text=scores)
def test_lesson_links_read_scores_by_the_rule(tally: Any, text: str) -> None:
    tally("scores: lesson analyzer links", lambda: _lesson_link(text))


@settings(settings.get_profile("fuzz"), max_examples=150)
@given(us=st.integers(-20, 20), them=st.integers(-20, 20), target=targets)
def test_score_pairs_given_as_numbers(tally: Any, us: int, them: int, target: int) -> None:
    def check() -> None:
        rules = Rules(target=target)
        if 0 <= us < target and 0 <= them < target:
            assert question("JH JD AH KS 9C", "9H", "first", rules=rules, score=(us, them)).score == (
                us,
                them,
            )
            assert question("JH JD AH KS 9C", "9H", "first", rules=rules, score=f"{us},{them}").score == (
                us,
                them,
            )
        else:
            for score in ((us, them), f"{us},{them}"):
                with pytest.raises(QuestionError):
                    question("JH JD AH KS 9C", "9H", "first", rules=rules, score=score)

    tally("scores: question() pairs and text", check)


# ---- the Analyze page's score= ------------------------------------------------------------------


def _page(text: str, target: int = 10) -> None:
    """A refused score on the Analyze page: a clear message, the typed text kept, no simulation."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.switch_page("views/analyze/analyze.py")
    query = {"hand": "JH JD AH KS 9C", "upcard": "9H", "seat": "first", "score": text}
    if target != 10:
        query["target"] = str(target)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    errors = [e.value for e in at.error]
    assert len(errors) == 1, errors
    _refused_message(errors[0].replace("\\", ""), target)  # the page escapes markdown: read it as text
    assert at.text_input(key="an_score").value == text
    assert not any("Recommendation" in c.value for c in at.caption)


@pytest.mark.parametrize("text", ISSUE + ["10,0"])
def test_the_issue_scores_are_refused_by_the_page(tally: Any, text: str) -> None:
    tally("scores: Analyze page score=", lambda: _page(text))


def test_a_game_to_5_refuses_a_score_of_5(tally: Any) -> None:
    tally("scores: Analyze page score=", lambda: _page("5,3", target=5))


@settings(settings.get_profile("fuzz"), max_examples=10)
@given(text=scores.filter(lambda t: t != "" and rule(t, 10) is None and "\x00" not in t))  # empty: no score
def test_any_refused_score_on_the_page(tally: Any, text: str) -> None:
    tally("scores: Analyze page score=", lambda: _page(text))


# ---- the practice link's score= (issue 39 item 8: 4,301 digits crashed the page) -----------------

POSITION = "standard/3/9S-TC-QH-9H-JH,TD-AH-AC-JC-QD,TS-AS-9D-AD-QS,9C-KD-JS-QC-TH/KC:KS-JD-KH/pass"
long_digits = st.builds(
    lambda n, digit, sep, other: digit * n + sep + other,
    st.integers(4290, 6000),
    st.sampled_from("0129"),
    st.sampled_from(["-", "", "-0-", ","]),
    st.sampled_from(["", "2", "9" * 4400]),
)


@settings(settings.get_profile("fuzz"), max_examples=40)
@given(text=st.one_of(scores, long_digits, st.text(alphabet="0123456789-", max_size=10)))
def test_the_practice_link_reads_any_score_without_raising(tally: Any, text: str) -> None:
    from practice.table_link import read_link

    def check() -> None:
        link = read_link({"position": POSITION, "score": text})
        parts = text.strip().split("-")
        fits = len(parts) == 2 and all(
            p.isascii() and p.isdigit() and len(p) <= 3 and int(p) < 10 for p in parts
        )
        assert link.scores == (tuple(int(p) for p in parts) if fits else ())
        assert (link.problems == ()) == (fits or not text.strip())
        assert all(len(p) < 400 for p in link.problems)  # the value is echoed cut short

    tally("practice link scores", check)
