"""The deal of the day at the practice table (practice/table_session.py): it opens as one deal
beside the game in progress, its result is recorded once per learner (a replay does not count
again), the page link rebuilds it, a class's pupil is recorded for the class, and the par is the
Expert's play of the same deal."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from engine.core.rules import Rules
from practice.codes import decode_moves
from practice.daily import DailyDeal, par, result_of
from practice.session import Session, Waiting, replay
from practice.table_session import Notice, PracticeTable
from store import daily_results

DEAL = DailyDeal(date(2025, 6, 1), Rules())
pytestmark = pytest.mark.usefixtures("db")


def _table(players: Any, worker: ThreadPoolExecutor, grader: Any, learner: str = "name:Ada") -> PracticeTable:
    session = Session(Rules(), ("you", "club", "club", "club"), 11)
    table = PracticeTable(session, players=players, grade=grader, grader=worker)
    table.learner = learner
    return table


def _undo(table: PracticeTable) -> bool:
    """``table.can_undo`` now (a call: mypy keeps no narrowing of it from one click to the next)."""
    return table.can_undo


def _finish(table: PracticeTable, pick: int = 0) -> None:
    while table.position.waiting is Waiting.LEARNER:
        legal = table.position.legal
        assert table.act(legal[pick % len(legal)])


def test_the_deal_of_the_day_opens_beside_the_game_and_its_result_is_recorded(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any, db: Path
) -> None:
    table = _table(random_players, worker, grader)
    game = table.position
    table.open_daily(DEAL, "name:Ada")
    assert table.daily == DEAL and table.session == DEAL.session and table.paused == game
    assert not table.daily_replay and table.link_params() == {"daily": "2025-06-01"}
    _finish(table)
    assert table.position.waiting is Waiting.DONE
    mine = table.daily_result()
    assert mine == result_of(table.position.hand, table.grades())
    table.save_finished()
    rows = daily_results.results("2025-06-01", "{}").rows
    assert rows == (daily_results.DayRow("name:Ada", mine.points, mine.tricks, mine.outcome, mine.lost),)
    table.back()
    after: PracticeTable = table  # (a fresh name: the asserts above narrowed ``table.daily``'s type)
    assert after.position == game and after.daily is None and after.daily_result() is None


def test_a_replay_does_not_count_again(worker: ThreadPoolExecutor, grader: Any, random_players: Any) -> None:
    table = _table(random_players, worker, grader)
    table.play_forced = False
    table.open_daily(DEAL, "name:Ada")
    assert table.act(table.position.legal[0])
    assert table.counts_for_the_day and not _undo(table)  # the play that counts: no undo
    table.open_daily(DEAL, "name:Ada")  # not finished: nothing on record, so this one still counts
    assert table.counts_for_the_day and table.session.decisions == ()
    _finish(table)
    table.save_finished()
    first = daily_results.results("2025-06-01", "{}").of("name:Ada")
    table.replay_deal()
    assert table.daily == DEAL and table.daily_replay  # still the deal of the day, said to be a replay
    assert table.act(table.position.legal[0]) and _undo(table)  # a replay is for practice: undo works
    table.undo()
    assert first is not None
    scored = set()
    for pick in range(1, 6):  # another line of play each time
        _finish(table, pick)
        result = table.daily_result()
        assert result is not None
        scored.add((result.points, result.tricks))
        table.save_finished()
        table.replay_deal()
    assert scored - {(first.points, first.tricks)}, "some replay scored otherwise"
    assert daily_results.results("2025-06-01", "{}").rows == (first,)
    again = _table(random_players, worker, grader)  # another visit: it is on record already
    again.open_daily(DEAL, "name:Ada")
    assert again.daily_replay
    other = _table(random_players, worker, grader, "name:Bob")
    other.open_daily(DEAL, "name:Bob")
    assert not other.daily_replay


def test_the_link_rebuilds_the_deal_where_it_was(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = _table(random_players, worker, grader)
    table.open_daily(DEAL, "name:Ada")
    table.act(table.position.legal[-1])
    params = table.link_params()
    assert params["daily"] == "2025-06-01" and decode_moves(params["moves"])[0] == table.session.decisions
    reopened = PracticeTable.daily_link(
        DEAL, "name:Ada", params["moves"], players=random_players, grade=grader, grader=worker
    )
    assert reopened.position == table.position and reopened.daily == DEAL
    assert reopened.take_notice(Notice.CODE) is None
    broken = PracticeTable.daily_link(
        DEAL, "name:Ada", params["moves"] + ".zz", players=random_players, grade=grader, grader=worker
    )
    assert broken.position == table.position  # the decisions that read are kept
    assert "decision 2" in (broken.take_notice(Notice.CODE) or "")


def test_a_pupil_of_a_class_is_recorded_for_the_class(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = PracticeTable.daily_link(DEAL, "browser:p1", players=random_players, grade=grader, grader=worker)
    table.daily_class = ("ABC234", "Ada")
    _finish(table)
    table.save_finished()
    (row,) = daily_results.results("2025-06-01", "{}", class_code="ABC234").rows
    assert (row.learner, row.class_code, row.pupil) == ("browser:p1", "ABC234", "Ada")


def test_the_tables_par_is_the_deals(worker: ThreadPoolExecutor, grader: Any, random_players: Any) -> None:
    table = _table(random_players, worker, grader)
    assert table.daily_par() is None
    table.open_daily(DEAL, "name:Ada")
    assert table.daily_par() == par(DEAL, random_players)
    assert replay(DEAL.session, random_players).hand.dealt == table.daily_par().hand.dealt  # type: ignore[union-attr]
