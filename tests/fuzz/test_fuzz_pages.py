"""Arbitrary query strings to every page, opened through app.py's router as a link opens them:
the page renders (with a message for what it could not use) and raises nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

pytestmark = pytest.mark.usefixtures("db")

PAGES = (
    "views/home.py",
    "views/learn/learn.py",
    "views/analyze/analyze.py",
    "views/charts.py",
    "views/practice/practice.py",
    "views/review.py",
    "views/puzzles/puzzles.py",
    "views/rules/rules.py",
    "views/class_mode/class_mode.py",
)
KEYS = (
    "lesson",
    "step",
    "seed",
    "present",
    "section",
    "dealer",
    "led",
    "hand",
    "upcard",
    "seat",
    "round",
    "turned_down",
    "score",
    "deal",
    "levels",
    "players",
    "deck",
    "joker",
    "target",
    "match_games",
    "stick_the_dealer",
    "lone_lead",
    "class",
    "teacher",
    "pupil",
    "puzzle",
    "theme",
    "show",
)
values = st.one_of(
    st.text(max_size=12),
    st.integers().map(str),
    st.sampled_from(
        [
            "²",
            "١٢",
            "nan",
            "inf",
            "-1",
            "0",
            "1",
            "2",
            "99",
            "9" * 5000,
            "bowers",
            "deal",
            "JH JD AH KS 9C",
            "9H",
            "first",
            "6,8",
            "²,1",
            "true",
            "off",
            "ABCDEF",
            "abc234",
            "AB1",
            "ÅBÇDÉF",
            "<script>alert(1)</script>",
        ]
    ),
)
queries = st.dictionaries(
    st.one_of(st.sampled_from(KEYS), st.text(min_size=1, max_size=6)), values, max_size=4
)


@pytest.mark.parametrize("page", PAGES)
@settings(settings.get_profile("fuzz"), max_examples=8)
@given(query=queries)
def test_any_link_opens_the_page(open_with: Callable[..., AppTest], page: str, query: dict[str, str]) -> None:
    at = open_with(page, query, timeout=60)
    assert not at.exception, (page, query, [e.value for e in at.exception])
    assert at.markdown or at.title or at.header or at.subheader or at.warning or at.error or at.info


@pytest.mark.parametrize(
    ("page", "query"),
    [
        ("views/learn/learn.py", {"lesson": "bowers", "step": "²"}),
        ("views/learn/learn.py", {"lesson": "bowers", "step": "9" * 5000}),
        ("views/rules/rules.py", {"section": "deal", "seed": "²", "dealer": "0"}),
        (
            "views/analyze/analyze.py",
            {"hand": "JH JD AH KS 9C", "upcard": "9H", "seat": "first", "score": "²,1"},
        ),
        (
            "views/analyze/analyze.py",
            {"hand": "JH JD AH KS 9C", "upcard": "9H", "seat": "first", "round": "²"},
        ),
        ("views/rules/rules.py", {"players": "²"}),
        ("views/class_mode/class_mode.py", {"class": "AB1"}),
        ("views/class_mode/class_mode.py", {"class": "١٢٣٤٥٦"}),
        ("views/class_mode/class_mode.py", {"class": "ZZZZZZ", "teacher": "x"}),
        ("views/class_mode/class_mode.py", {"class": "ZZZZZZ", "pupil": "x"}),
    ],
)
def test_the_known_bad_links(open_with: Callable[..., AppTest], page: str, query: dict[str, str]) -> None:
    at = open_with(page, query, timeout=60)
    assert not at.exception, [e.value for e in at.exception]
    assert at.warning or at.error
