"""The mistake deck in the database (store/mistake_deck.py): what is written reads back the same,
also after a restart (a new connection, or the app's database through the background writer);
one entry per learner and position; a damaged row is skipped and counted, never a crash; and two
tabs answering the same entry at once neither lose an answer nor apply it twice. Where a mistake
was played (a table of people, whose other hands are private) reads back too; a row of a deck
made before the deck kept it reads as the Practice table's, and a position once marked private
stays so."""

from __future__ import annotations

import dataclasses
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine.core.actions import ORDER, ORDER_ALONE, PASS, Action
from engine.core.cards import parse_card, parse_cards
from engine.core.hand import HandState, from_cards
from engine.core.mistake import PEOPLE, PRACTICE
from engine.core.problem import Problem
from engine.core.rules import Rules
from engine.core.view import view_of
from store import mistake_deck
from store.backend import Connection
from store.db import StoreError, connect
from store.mistake_deck import RETIRED, SCHEMA, Mistake

NOW = datetime(2026, 12, 3, 14, 0, tzinfo=UTC)
DUE = NOW + timedelta(days=1)
KEY = "browser:AbC_123-xyzXYZ7890qq"


def position() -> HandState:
    hands = [parse_cards(t) for t in ("JH JD AH KH QH", "AC KC QC JC TC", "AS KS QS JS TS", "AD KD QD TD 9D")]
    return from_cards(Rules(), 3, hands, parse_card("9H"), parse_cards("9C 9S TH"))


def playing() -> HandState:
    """Later in the same deal: hearts ordered, the dealer (East) discarded, South leads trick 1."""
    state = position().apply(ORDER).apply(Action.parse("discard 9D"))
    while state.to_act != 0:
        state = state.apply(state.legal_actions()[0])
    return state


REASON = "Both bowers and three hearts: order it up."
# South's bid with each choice's figure (made up for the test: points, order best, alone good)
PROBLEM = Problem(
    view_of(position(), 0).to_text(),
    ("pass", "order", "order alone"),
    ("order", "order alone"),
    (-0.9, 1.6, 1.55),
    "points",
    "the test's own figures",
    REASON,
)
MISTAKE = Mistake(PROBLEM, position(), PASS, "blunder")


def a_play_mistake() -> Mistake:
    state = playing()
    legal = state.legal_actions()
    return Mistake.without_figures(state, legal[-1], (legal[0],), "Lead the right bower.", "mistake")


def test_an_entry_reads_back_as_written_also_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "coach.sqlite3"
    conn = connect(path)
    assert mistake_deck.add(KEY, [MISTAKE, a_play_mistake()], NOW, DUE, conn) == 2
    loaded = mistake_deck.load(KEY, conn)
    conn.close()
    again = connect(path)  # the app restarted: a new connection to the same file
    reloaded = mistake_deck.load(KEY, again)
    again.close()
    assert reloaded == loaded and reloaded.damaged == 0
    assert [e.mistake for e in reloaded.entries] == [MISTAKE, a_play_mistake()]
    first = reloaded.entries[0]
    assert (first.learner, first.created, first.due, first.stage, first.version) == (KEY, NOW, DUE, 0, 0)
    assert first.mistake.before.to_text() == position().to_text()


def test_the_apps_database_through_the_background_writer(db: Path) -> None:
    assert mistake_deck.add(KEY, [MISTAKE], NOW, DUE) == 1
    loaded = mistake_deck.load(KEY)
    assert [e.mistake for e in loaded.entries] == [MISTAKE]
    e = loaded.entries[0]
    assert mistake_deck.move(e.id, e.version, 1, NOW + timedelta(days=3), NOW)
    assert mistake_deck.load(KEY).entries[0].stage == 1


def test_the_same_mistake_twice_keeps_one_entry_and_its_progress(tmp_path: Path) -> None:
    conn = connect(tmp_path / "coach.sqlite3")
    mistake_deck.add(KEY, [MISTAKE], NOW, DUE, conn)
    e = mistake_deck.load(KEY, conn).entries[0]
    assert mistake_deck.move(e.id, 0, 1, NOW + timedelta(days=3), NOW, conn)
    assert mistake_deck.add(KEY, [MISTAKE, MISTAKE], NOW + timedelta(hours=1), DUE, conn) == 0
    (kept,) = mistake_deck.load(KEY, conn).entries
    assert (kept.id, kept.stage, kept.version, kept.due) == (e.id, 1, 1, NOW + timedelta(days=3))
    # another learner's deck is another entry
    assert mistake_deck.add("name:Ada", [MISTAKE], NOW, DUE, conn) == 1
    assert (
        len(mistake_deck.load("name:Ada", conn).entries) == 1
        and len(mistake_deck.load(KEY, conn).entries) == 1
    )
    # a retired entry made again starts at stage 0
    assert mistake_deck.move(e.id, 1, RETIRED, NOW, NOW, conn)
    assert mistake_deck.add(KEY, [MISTAKE], NOW, DUE, conn) == 1
    (back,) = mistake_deck.load(KEY, conn).entries
    assert (back.id, back.stage, back.due) == (e.id, 0, DUE)


def test_what_would_not_read_back_is_refused_when_added(tmp_path: Path) -> None:
    conn = connect(tmp_path / "coach.sqlite3")
    bad = [
        Mistake(WEST, position(), PASS, "blunder"),  # West's view: West is not to act
        Mistake.without_figures(position(), Action.parse("play JH"), (ORDER,), "", "blunder"),  # not legal
        Mistake(NOT_THERE, position(), PASS, "blunder"),  # a choice the position does not have
        Mistake.without_figures(position(), ORDER, (ORDER,), "", "blunder"),  # the choice was right
        Mistake.without_figures(position(), PASS, (ORDER,), "", "inaccuracy"),  # not a deck grade
    ]
    for m in bad:
        with pytest.raises(StoreError):
            mistake_deck.add(KEY, [m], NOW, DUE, conn)
    for key in ("", "Ada", "name:", "browser:" + "x" * 100):
        with pytest.raises(StoreError):
            mistake_deck.add(key, [MISTAKE], NOW, DUE, conn)
    assert mistake_deck.load(KEY, conn).entries == ()


WEST = dataclasses.replace(PROBLEM, view=view_of(position(), 1).to_text())  # another seat's view
NOT_THERE = dataclasses.replace(  # the J♥ is no choice here
    PROBLEM, choices=(*PROBLEM.choices, "play JH"), values=(*PROBLEM.values, 0.0)
)

DAMAGE: list[tuple[str, object]] = [
    ("position", "not a position"),
    ("position", None),
    ("position", 42),
    ("position", b"\xff\xfe"),
    ("position", "x" * 10_000),
    ("seat", 1),
    ("seat", -1),
    ("seat", "South"),
    ("seat", None),
    ("seat", 1.5),
    ("choice", "play JH"),
    ("choice", "play XX"),
    ("choice", None),
    ("choice", "order"),  # order is right: not a mistake
    ("best", "pass"),
    ("best", "dance"),
    ("best", 7),
    ("answers", "[]"),
    ("answers", "not json"),
    ("answers", '["order", 1]'),
    ("answers", '["pass", "order"]'),
    ("answers", '["play JH"]'),
    ("answers", "[" * 5000),
    ("answers", '{"order": 1}'),
    ("answers", None),
    ("reason", None),
    ("reason", b"\xc3\x28"),
    ("reason", "x" * 5000),
    ("grade", "oops"),
    ("grade", "inaccuracy"),
    ("grade", None),
    ("grade", "BLUNDER"),
    ("created", "yesterday"),
    ("created", "2026-13-45T00:00:00+00:00"),
    ("created", "2026-12-03T14:00:00"),
    ("due", None),
    ("due", 1e308),
    ("due", ""),
    ("due", "x" * 200),
    ("stage", 4),
    ("stage", -1),
    ("stage", "one"),
    ("stage", None),
    ("stage", 2**63 - 1),
    ("version", -1),
    ("version", "zero"),
    ("version", 1.5),
    ("source", "computers"),
    ("source", "PEOPLE"),
    ("source", 1),
    ("source", b"\xff"),
    ("problem", "not json"),
    ("problem", "[]"),
    ("problem", "x" * 20_000),
    ("problem", 7),
    ("problem", dataclasses.replace(PROBLEM, right=("order",)).to_json()),  # not the answers' column
    ("problem", dataclasses.replace(PROBLEM, right=("order alone", "order")).to_json()),  # another best
    ("problem", dataclasses.replace(PROBLEM, reason="Pass.").to_json()),  # another reason
    ("problem", WEST.to_json()),
    ("problem", NOT_THERE.to_json()),
]


def _loose_table(conn: Connection) -> None:
    """The deck's table without its NOT NULL constraints, as a file written by another program can be."""
    conn.execute("""CREATE TABLE mistake_deck (id INTEGER PRIMARY KEY, learner TEXT, position TEXT, seat INTEGER,
        choice TEXT, best TEXT, answers TEXT, reason TEXT, grade TEXT, created TEXT, due TEXT, stage INTEGER DEFAULT 0,
        version INTEGER DEFAULT 0, answered TEXT, UNIQUE (learner, position, seat))""")


@pytest.mark.parametrize(("column", "value"), DAMAGE)
def test_a_damaged_row_is_skipped_and_counted(tmp_path: Path, column: str, value: object) -> None:
    conn = connect(tmp_path / "coach.sqlite3")
    _loose_table(conn)
    mistake_deck.add(KEY, [MISTAKE, a_play_mistake()], NOW, DUE, conn)
    with conn:
        conn.execute(f"UPDATE mistake_deck SET {column} = ? WHERE seat = 0 AND choice = 'pass'", (value,))
    loaded = mistake_deck.load(KEY, conn)
    assert loaded.damaged == 1
    assert [e.mistake for e in loaded.entries] == [a_play_mistake()]


def test_a_position_whose_actions_are_illegal_is_skipped(tmp_path: Path) -> None:
    conn = connect(tmp_path / "coach.sqlite3")
    mistake_deck.add(KEY, [MISTAKE], NOW, DUE, conn)
    broken = position().to_text() + "/play-9S"  # South plays a card before trump is made
    text = position().to_text()
    with conn:
        conn.execute("UPDATE mistake_deck SET position = ? WHERE position = ?", (broken, text))
    assert mistake_deck.load(KEY, conn) == mistake_deck.Loaded((), 1)


# ---- where it was played ------------------------------------------------------------------------

# the deck's table as it was before it kept where a mistake was played and each choice's figure
OLD_TABLE = (
    SCHEMA[0]
    .replace(
        "\n        source TEXT,                      -- where it was played: 'practice' or 'people' (NULL: practice)",
        "",
    )
    .replace(
        "\n        problem TEXT,                     -- Problem.to_json(): choices and figures (NULL: none kept)",
        "",
    )
)


def _columns(conn: Connection) -> set[str]:
    return {row[1] for row in conn.execute("PRAGMA table_info(mistake_deck)").fetchall()}


def test_an_old_decks_row_reads_as_the_practice_tables_and_the_deck_gains_the_column(
    conn: Connection,
) -> None:
    assert OLD_TABLE != SCHEMA[0] and "source" not in OLD_TABLE and "problem" not in OLD_TABLE
    with conn:
        conn.execute(OLD_TABLE)
        conn.execute(  # a row as the app wrote it before: no source
            "INSERT INTO mistake_deck (learner, position, seat, choice, best, answers, reason, grade, created, "
            "due) VALUES (?, ?, 0, 'pass', 'order', '[\"order\", \"order alone\"]', ?, 'blunder', ?, ?)",
            (KEY, position().to_text(), MISTAKE.reason, NOW.isoformat(), DUE.isoformat()),
        )
    assert "source" not in _columns(conn)
    (old,) = mistake_deck.load(KEY, conn).entries
    # read without figures: the choices are South's legal ones, the best first among the right answers
    unjudged = Problem(
        PROBLEM.view, ("pass", "order", "order alone"), ("order", "order alone"), (), "points", "", REASON
    )
    assert (
        old.mistake == Mistake(unjudged, position(), PASS, "blunder") and not old.mistake.problem.has_figures
    )
    assert old.mistake.source == PRACTICE and not old.mistake.others_private
    assert (old.mistake.best, old.mistake.right) == (ORDER, (ORDER, ORDER_ALONE))
    assert {"source", "problem"} <= _columns(conn)  # added by the read; the row's values stay NULL
    assert conn.execute("SELECT source, problem FROM mistake_deck").fetchall() == [(None, None)]
    due = mistake_deck.live(KEY, NOW + timedelta(days=2), due=True, limit=5, conn=conn)
    assert [e.mistake.source for e in due.entries] == [PRACTICE]


def test_a_mistake_from_a_table_of_people_reads_back_so(tmp_path: Path) -> None:
    conn = connect(tmp_path / "coach.sqlite3")
    people = dataclasses.replace(a_play_mistake(), source=PEOPLE)
    assert mistake_deck.add(KEY, [MISTAKE, people], NOW, DUE, conn) == 2
    by_choice = {e.mistake.choice: e.mistake for e in mistake_deck.load(KEY, conn).entries}
    assert by_choice[people.choice] == people and by_choice[people.choice].others_private
    assert by_choice[MISTAKE.choice].source == PRACTICE
    with pytest.raises(StoreError, match="not a place"):
        mistake_deck.add(KEY, [dataclasses.replace(MISTAKE, source="the pub")], NOW, DUE, conn)


def test_a_position_once_from_a_table_of_people_stays_private(tmp_path: Path) -> None:
    """The same position added again (the same deal at Practice and at a table of people) keeps one
    row and its progress; marked private by either, it stays private."""
    conn = connect(tmp_path / "coach.sqlite3")
    mistake_deck.add(KEY, [MISTAKE], NOW, DUE, conn)
    e = mistake_deck.load(KEY, conn).entries[0]
    assert mistake_deck.move(e.id, 0, 1, NOW + timedelta(days=3), NOW, conn)
    assert mistake_deck.add(KEY, [dataclasses.replace(MISTAKE, source=PEOPLE)], NOW, DUE, conn) == 0
    (kept,) = mistake_deck.load(KEY, conn).entries
    assert (kept.id, kept.stage, kept.mistake.source) == (e.id, 1, PEOPLE)
    assert mistake_deck.add(KEY, [MISTAKE], NOW, DUE, conn) == 0  # from Practice again: still private
    assert mistake_deck.load(KEY, conn).entries[0].mistake.source == PEOPLE


def test_two_tabs_answering_the_same_entry_apply_it_once(tmp_path: Path) -> None:
    path = tmp_path / "coach.sqlite3"
    one, two = connect(path), connect(path)
    mistake_deck.add(KEY, [MISTAKE], NOW, DUE, one)
    seen_one = mistake_deck.load(KEY, one).entries[0]
    seen_two = mistake_deck.load(KEY, two).entries[0]  # both tabs show the entry at version 0
    assert mistake_deck.move(seen_one.id, seen_one.version, 1, NOW + timedelta(days=3), NOW, one)
    assert not mistake_deck.move(seen_two.id, seen_two.version, 0, NOW + timedelta(days=1), NOW, two)
    (e,) = mistake_deck.load(KEY, two).entries
    assert (e.stage, e.version, e.due) == (1, 1, NOW + timedelta(days=3))  # the first answer, once


def test_many_tabs_answering_at_once_move_it_exactly_once(tmp_path: Path) -> None:
    path = tmp_path / "coach.sqlite3"
    setup = connect(path)
    mistake_deck.add(KEY, [MISTAKE], NOW, DUE, setup)
    e = mistake_deck.load(KEY, setup).entries[0]
    results: list[bool] = []
    start = threading.Barrier(6)

    def tab() -> None:
        conn = connect(path)
        start.wait()
        results.append(mistake_deck.move(e.id, e.version, 1, NOW + timedelta(days=3), NOW, conn))
        conn.close()

    threads = [threading.Thread(target=tab) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [False] * 5 + [True]
    (after,) = mistake_deck.load(KEY, setup).entries
    assert (after.stage, after.version) == (1, 1)


def test_a_bad_stage_is_refused_and_an_unknown_entry_is_not_moved(tmp_path: Path) -> None:
    conn = connect(tmp_path / "coach.sqlite3")
    with pytest.raises(StoreError):
        mistake_deck.move(1, 0, RETIRED + 1, NOW, NOW, conn)
    assert not mistake_deck.move(99, 0, 1, NOW, NOW, conn)
