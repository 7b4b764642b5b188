"""The mistake deck read a page at a time (issue 50, item 8): ``deck_for`` counts the deck in the
database and reads only the first entries due and coming up (``store.mistake_deck.counts`` and
``live``, through an index), and gives what the whole deck read and sorted gives
(``mistake_deck.load`` and ``sorted_deck``, the Review page's reading before): the same counts,
the same first entries, in the same order, a damaged row skipped, read past and counted."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine.core.hand import deal
from engine.core.rules import Rules
from practice import deck
from store import mistake_deck
from store.backend import Connection, Location
from store.db import connect
from store.mistake_deck import Mistake

KEY = "browser:AbC_123-xyzXYZ7890qq"
NOW = datetime(2026, 12, 3, 14, 0, tzinfo=UTC)


def positions(count: int, seed: int) -> list[Mistake]:
    """``count`` different positions where South chooses among several legal actions, as mistakes."""
    rng = random.Random(seed)
    found: dict[str, Mistake] = {}
    while len(found) < count:
        state = deal(Rules(), rng.randrange(4), rng)
        for _ in range(rng.randrange(0, 20)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over or state.to_act != 0 or len(state.legal_actions()) < 2:
            continue
        legal = state.legal_actions()
        found.setdefault(
            state.to_text(), Mistake.without_figures(state, legal[0], (legal[1],), "why", "mistake")
        )
    return list(found.values())


@pytest.fixture
def conn(any_db: Location) -> Iterator[Connection]:
    """On SQLite and on PostgreSQL: a deck of 40 positions made over 8 days, each first due a day after
    it was made (days 0 to 3 due on NOW's day or before, 20 positions; days 4 to 7 coming up, 20), 4 of
    them then retired (days 0, 2, 4 and 6's first)."""
    db = connect(any_db)
    made = positions(40, 3)
    for day in range(8):
        when = NOW + timedelta(days=day - 4, hours=day)
        mistake_deck.add(KEY, made[day * 5 : day * 5 + 5], when, when + timedelta(days=1), db)
    whole = mistake_deck.load(KEY, db).entries
    for e in whole[::10]:  # four answered right at every review
        assert mistake_deck.move(e.id, e.version, mistake_deck.RETIRED, NOW, NOW, db)
    yield db
    db.close()


def _whole(conn: Connection, now: datetime) -> deck.Deck:
    loaded = mistake_deck.load(KEY, conn)
    return deck.sorted_deck(loaded.entries, now, loaded.damaged)


@pytest.mark.parametrize("due, upcoming", [(1, 30), (5, 3), (0, 0), (100, 100)])
def test_a_page_of_the_deck_is_the_whole_decks_beginning(conn: Connection, due: int, upcoming: int) -> None:
    page = deck.deck_for(KEY, NOW, conn, due=due, upcoming=upcoming)
    whole = _whole(conn, NOW)
    assert (whole.due_count, whole.upcoming_count, whole.retired) == (18, 18, 4)  # 20 - 2, 20 - 2, 4
    assert (page.due_count, page.upcoming_count, page.retired, page.damaged) == (18, 18, 4, 0)
    assert page.due == whole.due[:due] and page.upcoming == whole.upcoming[:upcoming]
    assert (
        page.next_due == whole.upcoming[0].due and page.line == whole.line == "18 positions to review today"
    )
    assert deck.review_line(KEY, NOW, conn) == whole.line


def test_a_damaged_row_is_read_past_and_not_counted_as_due(conn: Connection) -> None:
    first = _whole(conn, NOW).due
    with conn:
        conn.execute("UPDATE mistake_deck SET position = 'not a position' WHERE id = ?", (first[0].id,))
    page = deck.deck_for(KEY, NOW, conn, due=2, upcoming=0)
    assert page.due == first[1:3] and page.damaged == 1 and page.due_count == len(first) - 1


def test_tomorrow_the_upcoming_first_day_is_due(conn: Connection) -> None:
    later = NOW + timedelta(days=1)
    page, whole = deck.deck_for(KEY, later, conn, due=50, upcoming=50), _whole(conn, later)
    assert page.due == whole.due and page.upcoming == whole.upcoming and page.due_count > 18
    assert deck.end_of_day(NOW) == datetime(2026, 12, 4, tzinfo=UTC)


def test_the_reads_go_through_the_index_of_the_live_entries(tmp_path: Path) -> None:
    db = connect(tmp_path / "coach.sqlite3")
    mistake_deck.add(KEY, positions(3, 1), NOW, NOW, db)
    for due in ("<", ">="):
        plan = db.execute(
            f"EXPLAIN QUERY PLAN SELECT id FROM mistake_deck WHERE learner = ? AND stage < {mistake_deck.RETIRED} "
            f"AND due {due} ? ORDER BY due, id LIMIT 30",
            (KEY, "2026"),
        ).fetchall()
        text = " ".join(str(row[-1]) for row in plan)
        assert "USING INDEX mistake_deck_live" in text and "TEMP B-TREE" not in text  # no sort of the deck
    db.close()
