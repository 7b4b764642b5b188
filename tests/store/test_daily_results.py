"""The deal of the day's results (store/daily_results.py), on SQLite and PostgreSQL: one row per
learner per day and rules, the first play kept, a class tied on later, the rows of a class, damaged
rows left out and counted, bad results refused; and a save through the background writer."""

from __future__ import annotations

from pathlib import Path

import pytest

from store import daily_results, db
from store.backend import Connection, Location
from store.daily_results import DayResults, DayRow

DAY, RULES = "2025-06-01", "{}"


def test_each_learner_keeps_their_first_play(conn: Connection) -> None:
    assert daily_results.results(DAY, RULES, conn=conn) == DayResults()
    daily_results.save(DAY, RULES, DayRow("name:Ada", 2, 5, "marched", 0.0), conn)
    daily_results.save(DAY, RULES, DayRow("browser:b1", -2, 1, "euchred", 1.25), conn)
    daily_results.save(DAY, RULES, DayRow("name:Ada", -1, 2, "they made it", 0.5), conn)  # a replay
    found = daily_results.results(DAY, RULES, conn=conn)
    assert found.damaged == 0
    assert sorted(found.rows, key=lambda r: r.learner) == [
        DayRow("browser:b1", -2, 1, "euchred", 1.25),
        DayRow("name:Ada", 2, 5, "marched", 0.0),
    ]
    assert found.of("name:Ada") == DayRow("name:Ada", 2, 5, "marched", 0.0)
    assert found.of("name:Bob") is None


def test_days_and_rules_are_apart(conn: Connection) -> None:
    daily_results.save(DAY, RULES, DayRow("name:Ada", 1, 3, "made", 0.0), conn)
    daily_results.save("2025-06-02", RULES, DayRow("name:Ada", 2, 5, "marched", 0.0), conn)
    daily_results.save(DAY, '{"stick_the_dealer":true}', DayRow("name:Ada", 4, 5, "marched", 0.0), conn)
    assert [r.points for r in daily_results.results(DAY, RULES, conn=conn).rows] == [1]
    assert [r.points for r in daily_results.results("2025-06-02", RULES, conn=conn).rows] == [2]
    assert [r.points for r in daily_results.results(DAY, '{"stick_the_dealer":true}', conn=conn).rows] == [4]


def test_a_class_sees_its_own_pupils_and_a_class_ties_on_to_an_earlier_play(conn: Connection) -> None:
    daily_results.save(DAY, RULES, DayRow("browser:p1", 1, 3, "made", 0.0, "ABC234", "Ada"), conn)
    daily_results.save(DAY, RULES, DayRow("browser:p2", -2, 0, "euchred", 0.0), conn)  # not for the class
    daily_results.save(DAY, RULES, DayRow("browser:p3", 2, 5, "marched", 0.0, "XYZ789", "Cy"), conn)
    assert [r.pupil for r in daily_results.results(DAY, RULES, "ABC234", conn).rows] == ["Ada"]
    # p2 opens the class's link afterwards and plays again: the first play counts, now for the class
    daily_results.save(DAY, RULES, DayRow("browser:p2", 1, 4, "made", 0.0, "ABC234", "Bo"), conn)
    rows = {r.learner: r for r in daily_results.results(DAY, RULES, "ABC234", conn).rows}
    assert rows["browser:p2"] == DayRow("browser:p2", -2, 0, "euchred", 0.0, "ABC234", "Bo")
    # a row tied to a class stays with it
    daily_results.save(DAY, RULES, DayRow("browser:p3", 2, 5, "marched", 0.0, "ABC234", "Cyrus"), conn)
    assert daily_results.results(DAY, RULES, "XYZ789", conn).of("browser:p3") is not None


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("points", 9),  # no hand scores 9
        ("points", -5),
        ("tricks", 6),
        ("tricks", -1),
        ("outcome", "won"),
        ("lost", -0.5),
        ("lost", 1e9),
        ("learner", ""),
        ("pupil", "Ada"),  # a name without a class
    ],
)
def test_a_damaged_row_is_left_out_and_counted(conn: Connection, column: str, value: object) -> None:
    daily_results.save(DAY, RULES, DayRow("name:Ada", 1, 3, "made", 0.0), conn)
    daily_results.save(DAY, RULES, DayRow("name:Bob", 2, 5, "marched", 0.0), conn)
    with conn:
        conn.execute(f"UPDATE daily_results SET {column} = ? WHERE learner = ?", (value, "name:Ada"))
    found = daily_results.results(DAY, RULES, conn=conn)
    assert [r.learner for r in found.rows] == ["name:Bob"] and found.damaged == 1


def test_a_row_of_the_wrong_type_is_damaged_on_sqlite(tmp_path: Path) -> None:
    connection = db.connect(tmp_path / "coach.sqlite3")
    try:
        daily_results.save(DAY, RULES, DayRow("name:Ada", 1, 3, "made", 0.0), connection)
        with connection:  # SQLite keeps whatever it is given: text in a number's column
            connection.execute("UPDATE daily_results SET points = 'one', lost = 'x'")
        assert daily_results.results(DAY, RULES, conn=connection) == DayResults((), 1)
    finally:
        connection.close()


def test_a_result_that_is_not_one_is_refused(conn: Connection) -> None:
    for row in (
        DayRow("name:Ada", 7, 3, "made", 0.0),
        DayRow("name:Ada", 1, 6, "made", 0.0),
        DayRow("name:Ada", 1, 3, "won", 0.0),
        DayRow("name:Ada", 1, 3, "made", float("nan")),
        DayRow("", 1, 3, "made", 0.0),
        DayRow("name:Ada", 1, 3, "made", 0.0, "ABC234", None),
    ):
        with pytest.raises(db.StoreError, match="a result is"):
            daily_results.save(DAY, RULES, row, conn)
    with pytest.raises(db.StoreError, match="YYYY-MM-DD"):
        daily_results.save("1 June", RULES, DayRow("name:Ada", 1, 3, "made", 0.0), conn)
    assert daily_results.results(DAY, RULES, conn=conn) == DayResults()


def test_a_save_goes_through_the_background_writer(any_db: Location, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a connection (as the page saves): queued for the writer, and a read lets it land first."""
    monkeypatch.setenv(db.ENV_VAR, str(any_db))
    daily_results.save(DAY, RULES, DayRow("name:Ada", 1, 3, "made", 0.25))
    assert daily_results.results(DAY, RULES).rows == (DayRow("name:Ada", 1, 3, "made", 0.25),)
    assert db.writer.status(db.db_path()).not_saved == ()
