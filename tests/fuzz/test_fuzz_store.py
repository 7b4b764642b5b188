"""Damaged rows in every table the statistics read (``practice_hands``, ``practice_games``): each
row that does not read is left out of every figure and counted, whatever was written into it
(NULL, text, a blob, 1e308, infinity, 2**63 - 1, an unknown grade word), and the Practice page's
Statistics view, opened through app.py's router, shows the figures of the readable rows and how
many were skipped.

The expected figures are computed here from the hands as Python values (the rows written before
the damage), never by the store's own reading. The tables are made without their NOT NULL and
REFERENCES constraints, as a file written by hand or by another program can be.
"""

from __future__ import annotations

import math
import re
import sqlite3
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from practice.review import GRADES
from store import practice_log
from store.practice_log import HandRow

APP = str(Path(__file__).resolve().parents[2] / "app.py")
FLAGS = ("thrown_in", "learner_called", "learner_side_made", "learner_alone", "euchres_for", "euchred")
BIG = 2**63 - 1  # the largest SQLite integer: two of them overflowed SQL's sum()
# Values that are wrong for a column whatever the rest of the row says (SQLite keeps them as
# they are: none of them is text that reads as a number in range).
NOT_A_FLAG = [None, "abc", b"\x00\xff", 2, -1, 1.5, 1e308, math.inf, BIG, -BIG - 1, "", "yes"]
NOT_POINTS = [None, "abc", b"\xde\xad", -1, 5, 99, 1.5, 1e308, math.inf, -math.inf, BIG, -BIG - 1, "four"]
NOT_GRADES = [
    None,
    5,
    1.5,
    b"\xff\xfe",
    "not json",
    '"good"',
    "[1, 2]",
    '["net_points"]',
    '["good", "hand"]',
    '["GOOD"]',
    "[" * 10_000,
    '{"good": 1}',
    '[["good"]]',
    '["good", null]',
    "[" + '"good",' * 100 + '"good"]',
]
NOT_TIME = [None, 5, b"\xff", "yesterday", "", "2024-13-45T00:00:00", "x" * 200]
HAND_DAMAGE: dict[str, list[Any]] = {
    **{flag: NOT_A_FLAG for flag in FLAGS},
    "made": [v for v in NOT_A_FLAG if v is not None],  # NULL is a thrown-in hand's
    "points_for": NOT_POINTS,
    "points_against": NOT_POINTS,
    "grades": NOT_GRADES,
    "played_at": NOT_TIME,
    "game_id": [None, "abc", b"\x01", 1.5],
}
GAME_DAMAGE: dict[str, list[Any]] = {
    "kind": [None, "abc", 5, b"game"],
    "started_at": NOT_TIME,
    "finished_at": [5, b"\xff", "soon", "x" * 200],
    "learner_won": [2, -1, "abc", 1e308, b"\x01", BIG],
}


def loose_schema() -> tuple[str, ...]:
    """The store's tables without NOT NULL and REFERENCES: any value can be written into them."""
    return tuple(re.sub(r"NOT NULL|REFERENCES practice_games\(id\)", "", sql) for sql in practice_log.SCHEMA)


@dataclass(frozen=True)
class Game:
    finished: bool
    won: bool


@dataclass(frozen=True)
class Log:
    """What was recorded: the games, and each hand with the index of its game."""

    games: tuple[Game, ...]
    hands: tuple[tuple[int, HandRow], ...]


def hand_row(
    number: int,
    *,
    called: bool = False,
    made: bool | None = True,
    alone: bool = False,
    euchres_for: bool = False,
    euchred: bool = False,
    points: tuple[int, int] = (1, 0),
    grades: tuple[str, ...] = ("good",),
) -> HandRow:
    return HandRow(
        0,
        number,
        {"dealer": number % 4},
        made is None,
        called,
        called or euchred,
        made,
        alone,
        euchres_for,
        euchred,
        points[0],
        points[1],
        grades,
    )


def write(path: Path, log: Log) -> tuple[list[int], list[int]]:
    """The records of ``log`` in a fresh database at ``path``; the game ids and the hand ids."""
    conn = sqlite3.connect(path)
    with conn:
        for sql in loose_schema():
            conn.execute(sql)
    games = [
        practice_log.start_game("game", {}, i, ["you", "club", "club", "club"], "CODE", conn)
        for i in range(len(log.games))
    ]
    hands = []
    for number, (g, row) in enumerate(log.hands):
        practice_log.save_hand(games[g], replace(row, hand_number=number), conn)
        hands.append(conn.execute("SELECT max(id) FROM practice_hands").fetchone()[0])
    for g, game in enumerate(log.games):
        if game.finished:
            practice_log.finish_game(games[g], [10, 4] if game.won else [4, 10], game.won, conn)
    conn.close()
    return games, hands


def damage(path: Path, table: str, row_id: int, column: str, value: Any) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(f"UPDATE {table} SET {column} = ? WHERE id = ?", (value, row_id))
    conn.close()


@dataclass(frozen=True)
class Expected:
    games: int
    games_finished: int
    games_won: int
    hands: int
    called: int
    called_made: int
    euchres_for: int
    euchred: int
    loners: int
    loners_made: int
    points_for: int
    points_against: int
    grades: dict[str, int]
    nets: list[int]
    damaged: int

    @property
    def per_hand(self) -> float:
        return (self.points_for - self.points_against) / self.hands if self.hands else 0.0


def expected(log: Log, bad_hands: set[int], bad_games: set[int]) -> Expected:
    """The figures of the rows left readable, from the hands as they were recorded."""
    kept = [(g, row) for i, (g, row) in enumerate(log.hands) if i not in bad_hands]
    rows = [row for _, row in kept]
    played = {g for g, _ in kept} - bad_games
    return Expected(
        games=len(played),
        games_finished=sum(log.games[g].finished for g in played),
        games_won=sum(log.games[g].finished and log.games[g].won for g in played),
        hands=len(rows),
        called=sum(r.learner_called for r in rows),
        called_made=sum(r.learner_called and r.made is True for r in rows),
        euchres_for=sum(r.euchres_for for r in rows),
        euchred=sum(r.euchred for r in rows),
        loners=sum(r.learner_alone for r in rows),
        loners_made=sum(r.learner_alone and r.made is True for r in rows),
        points_for=sum(r.points_for for r in rows),
        points_against=sum(r.points_against for r in rows),
        grades=dict(Counter(g for r in rows for g in r.grades)),
        nets=[r.points_for - r.points_against for r in rows],
        damaged=len(bad_hands) + len(bad_games),
    )


def check(stats: practice_log.Stats, want: Expected) -> None:
    got = (
        stats.games,
        stats.games_finished,
        stats.games_won,
        stats.hands,
        stats.called,
        stats.called_made,
        stats.euchres_for,
        stats.euchred,
        stats.loners,
        stats.loners_made,
        stats.points_for,
        stats.points_against,
    )
    assert got == (
        want.games,
        want.games_finished,
        want.games_won,
        want.hands,
        want.called,
        want.called_made,
        want.euchres_for,
        want.euchred,
        want.loners,
        want.loners_made,
        want.points_for,
        want.points_against,
    )
    assert stats.grades == want.grades
    assert [t["net_points"] for t in stats.timeline] == want.nets
    assert [t["hand"] for t in stats.timeline] == list(range(1, want.hands + 1))
    assert all(set(t) <= {"hand", "played_at", "net_points", *GRADES} for t in stats.timeline)
    assert stats.damaged == want.damaged
    assert math.isfinite(stats.points_per_hand) and stats.points_per_hand == pytest.approx(want.per_hand)


# ---- the store --------------------------------------------------------------------------------

# Twelve hands in two games (the first finished and won), each with a net of +2, +1 or -1.
TWELVE = Log(
    (Game(True, True), Game(False, False)),
    tuple(
        (
            i % 2,
            hand_row(
                i,
                called=i % 3 == 0,
                points=(2, 0) if i % 4 == 0 else (1, 0) if i % 4 != 3 else (0, 1),
                grades=("best", "good") if i % 2 else ("mistake",),
            ),
        )
        for i in range(12)
    ),
)


@pytest.mark.parametrize(
    ("column", "values"),
    [
        ("points_for", [None, "abc", b"\x00\x01"]),  # the tester's NULL, 'abc' and blob: +0.92 became +0.75
        ("points_for", [1e308] * 3),  # shown as "+inf"
        ("points_against", [BIG] * 2),  # "integer overflow": no statistics at all
        ("grades", ['["net_points"]']),  # overwrote the hand's net points in the timeline
        ("grades", ['["good", "hand"]', '["best", "played_at"]']),
        ("learner_called", ["abc", 7]),
        ("made", [2.5]),
        ("played_at", [None, b"\xff"]),
    ],
)
def test_the_reported_damage_is_skipped_and_counted(tmp_path: Path, column: str, values: list[Any]) -> None:
    path = tmp_path / "coach.sqlite3"
    _, hands = write(path, TWELVE)
    for i, value in enumerate(values):
        damage(path, "practice_hands", hands[i], column, value)
    stats = practice_log.statistics(sqlite3.connect(path))
    check(stats, expected(TWELVE, set(range(len(values))), set()))
    assert stats.damaged_note == practice_log.damaged_note(len(values)) != ""


def test_every_hostile_value_of_every_column_is_skipped(tmp_path: Path) -> None:
    cases = [("practice_hands", column, value) for column, values in HAND_DAMAGE.items() for value in values]
    cases += [("practice_games", column, value) for column, values in GAME_DAMAGE.items() for value in values]
    for n, (table, column, value) in enumerate(cases):
        path = tmp_path / f"{n}.sqlite3"
        games, hands = write(path, TWELVE)
        damage(path, table, (hands if table == "practice_hands" else games)[0], column, value)
        bad_hands, bad_games = ({0}, set()) if table == "practice_hands" else (set(), {0})
        try:
            check(practice_log.statistics(sqlite3.connect(path)), expected(TWELVE, bad_hands, bad_games))
        except AssertionError as err:
            raise AssertionError(f"{table}.{column} = {value!r:.60}: {err}") from None
    assert len(cases) > 100


def test_a_finished_game_without_a_result_and_an_open_one_with_one_are_damaged(tmp_path: Path) -> None:
    path = tmp_path / "coach.sqlite3"
    games, _ = write(path, TWELVE)
    damage(path, "practice_games", games[0], "learner_won", None)  # finished, no result
    damage(path, "practice_games", games[1], "learner_won", 1)  # not finished, yet won
    check(practice_log.statistics(sqlite3.connect(path)), expected(TWELVE, set(), {0, 1}))


def test_the_grade_words_are_the_reviews(tmp_path: Path) -> None:
    assert practice_log.GRADE_WORDS == GRADES


# ---- hypothesis: any records, any damage --------------------------------------------------------

hand_rows = st.builds(
    lambda n, called, made, alone, ef, ed, pf, pa, grades: HandRow(
        0, n, {"dealer": 0}, made is None, called, called, made, alone, ef, ed, pf, pa, tuple(grades)
    ),
    st.integers(0, 50),
    st.booleans(),
    st.sampled_from([None, True, False]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.integers(0, practice_log.MAX_HAND_POINTS),
    st.integers(0, practice_log.MAX_HAND_POINTS),
    st.lists(st.sampled_from(GRADES), max_size=6),
)


@st.composite
def damaged_logs(draw: st.DrawFn) -> tuple[Log, list[tuple[str, int, str, Any]]]:
    games = tuple(
        Game(finished, finished and won)
        for finished, won in draw(st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=3))
    )
    hands = tuple(
        draw(st.lists(st.tuples(st.integers(0, len(games) - 1), hand_rows), min_size=1, max_size=10))
    )
    hits = draw(
        st.lists(
            st.one_of(
                st.tuples(
                    st.just("practice_hands"), st.integers(0, len(hands) - 1), *_column_and_value(HAND_DAMAGE)
                ),
                st.tuples(
                    st.just("practice_games"), st.integers(0, len(games) - 1), *_column_and_value(GAME_DAMAGE)
                ),
            ),
            max_size=6,
        )
    )
    return Log(games, hands), [(t, i, c, v) for t, i, (c, v) in hits]


def _column_and_value(pool: dict[str, list[Any]]) -> tuple[st.SearchStrategy[tuple[str, Any]]]:
    return (st.sampled_from(sorted(pool)).flatmap(lambda c: st.tuples(st.just(c), st.sampled_from(pool[c]))),)


@settings(settings.get_profile("fuzz"), max_examples=60)
@given(case=damaged_logs())
def test_any_damage_leaves_the_readable_rows_figures(
    tmp_path_factory: pytest.TempPathFactory, case: tuple[Log, list[tuple[str, int, str, Any]]]
) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "coach.sqlite3"
    want = write_damaged(path, case)
    check(practice_log.statistics(sqlite3.connect(path)), want)


def write_damaged(path: Path, case: tuple[Log, list[tuple[str, int, str, Any]]]) -> Expected:
    """The case's log written at ``path`` and damaged as it says; the figures of its readable rows."""
    log, hits = case
    games, hands = write(path, log)
    for table, i, column, value in hits:
        damage(path, table, (hands if table == "practice_hands" else games)[i], column, value)
    bad_hands = {i for t, i, _, _ in hits if t == "practice_hands"}
    bad_games = {i for t, i, _, _ in hits if t == "practice_games"}
    return expected(log, bad_hands, bad_games)


# ---- the page -----------------------------------------------------------------------------------


def statistics_page(path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """The Practice page's Statistics view, opened through the router on the database at ``path``."""
    monkeypatch.setenv("EUCHRE_COACH_DB", str(path))
    at = AppTest.from_file(APP, default_timeout=120)
    at.switch_page("views/practice/practice.py")
    at.session_state["practice_view"] = "Statistics"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def shown(at: AppTest, want: Expected) -> None:
    """The page's figures are the readable rows', and it says how many rows were skipped."""
    captions = [c.value for c in at.caption]
    skipped = [c for c in captions if "damaged record" in c]
    if want.damaged:
        assert skipped == [
            f"{practice_log.damaged_note(want.damaged)}: the figures below leave "
            f"{'it' if want.damaged == 1 else 'them'} out."
        ], captions
    else:
        assert not skipped, captions
    if not want.hands:
        assert any("No finished hands yet" in i.value for i in at.info)
        return
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Hands played"] == str(want.hands)
    assert metrics["Net points per hand"] == f"{want.per_hand:+.2f}"
    assert metrics["Euchres (for / against)"] == f"{want.euchres_for} / {want.euchred}"
    assert f"Games played: {want.games} ({want.games_finished} finished, {want.games_won} won)." in captions


@pytest.mark.parametrize(
    ("column", "values"),
    [
        ("points_for", [None, "abc", b"\x00\x01"]),
        ("points_for", [1e308] * 3),
        ("points_against", [BIG] * 2),
        ("grades", ['["net_points"]']),
    ],
)
def test_the_statistics_page_shows_the_readable_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, column: str, values: list[Any]
) -> None:
    path = tmp_path / "coach.sqlite3"
    _, hands = write(path, TWELVE)
    for i, value in enumerate(values):
        damage(path, "practice_hands", hands[i], column, value)
    at = statistics_page(path, monkeypatch)
    shown(at, expected(TWELVE, set(range(len(values))), set()))
    assert "inf" not in " ".join(str(m.value) for m in at.metric)


@settings(settings.get_profile("fuzz"), max_examples=4)
@given(case=damaged_logs())
def test_the_statistics_page_survives_any_damage(
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    case: tuple[Log, list[tuple[str, int, str, Any]]],
) -> None:
    path = tmp_path_factory.mktemp("page") / "coach.sqlite3"
    want = write_damaged(path, case)
    shown(statistics_page(path, monkeypatch), want)
