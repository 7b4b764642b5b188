"""The teacher's tools in the class store (issue 40, "The teacher in charge"): removing and renaming a
pupil, locking the class, the joins-per-minute limit, the timer that reveals a question by itself
(once, whichever server process sees it first), who has answered, the one-time code that hands the
class to another device, and a database made before these tools opened as it is.

Every time is passed in (``now``), so the figures below are worked out by hand from them."""

from __future__ import annotations

import hashlib
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.class_race import (
    answers_after_reveal,
    finished_within,
    log_events,
    logged_events,
    send,
    start_server,
)
from classroom.class_record import class_record
from classroom.questions import ClassQuestion
from store import classes as c
from store.db import StoreError


@pytest.fixture
def db(any_db: Path) -> Path:
    return any_db


@pytest.fixture
def sqlite_db(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "coach.sqlite3"
    c.forget_connections()


def test_a_pupil_removed_leaves_with_their_answers_and_a_renamed_one_keeps_theirs(
    db: Path, bower: ClassQuestion
) -> None:
    code, secret = c.start_class(now=1000.0, path=db)
    ada = c.join(code, "Ada", now=1001.0, path=db)
    bot = c.join(code, "Gus", now=1002.0, path=db)
    ben = c.join(code, "Ben", now=1003.0, path=db)
    c.ask(code, secret, bower.to_json(), now=1010.0, path=db)
    for token, answer in ((ada, "JD"), (bot, "JH"), (ben, "JH")):
        c.answer(code, token, 1, answer, now=1011.0, path=db)
    ids = {p.name: p.id for p in c.pupils(code, path=db)}
    before = c.load(code, now=1012.0, path=db)

    assert c.remove_pupil(code, secret, ids["Gus"], now=1012.0, path=db) == "Gus"
    assert [p.name for p in c.pupils(code, path=db)] == ["Ada", "Ben"]
    assert [(a.name, a.answer) for a in c.answers(code, 1, secret=secret, now=1012.0, path=db)] == [
        ("Ada", "JD"),
        ("Ben", "JH"),
    ]
    assert c.answered(code, 1, path=db) == frozenset({ids["Ada"], ids["Ben"]})
    with pytest.raises(c.NotInClass):
        c.pupil(code, bot, path=db)  # the phone is back at the join form
    after = c.load(code, now=1012.0, path=db)
    assert (after.version, after.stage) == (before.version + 1, before.stage + 1)  # the phones read again

    assert c.rename_pupil(code, secret, ids["Ada"], "  Ada  L. ", now=1013.0, path=db) == "Ada L."
    assert c.pupil(code, ada, path=db).name == "Ada L."
    c.reveal(code, secret, now=1014.0, path=db)
    standings = class_record(code, None, db).standings()  # (as a phone reads it: no clock of its own)
    assert [(s.name, s.right, s.answered) for s in standings] == [("Ada L.", 1, 1), ("Ben", 0, 1)]

    with pytest.raises(c.BadName, match="already called Ben"):
        c.rename_pupil(code, secret, ids["Ada"], "BEN", now=1015.0, path=db)
    c.rename_pupil(
        code, secret, ids["Ben"], "ben", now=1015.0, path=db
    )  # their own name in other letters: fine
    assert c.pupil(code, ben, path=db).name == "ben"
    with pytest.raises(c.NoSuchPupil):
        c.rename_pupil(code, secret, ids["Gus"], "Gus", now=1016.0, path=db)
    with pytest.raises(c.NoSuchPupil):
        c.remove_pupil(code, secret, ids["Gus"], now=1016.0, path=db)
    with pytest.raises(c.NotTeacher):
        c.remove_pupil(code, ada, ids["Ben"], now=1016.0, path=db)  # a pupil's token drives nothing
    with pytest.raises(c.NotTeacher):
        c.rename_pupil(code, ada, ids["Ben"], "Bob", now=1016.0, path=db)
    assert c.join(code, "Gus", now=1017.0, path=db)  # the name is free again


def test_a_locked_class_takes_nobody_new_and_its_pupils_carry_on(db: Path) -> None:
    code, secret = c.start_class(now=0.0, path=db)
    ada = c.join(code, "Ada", now=1.0, path=db)
    c.lock(code, secret, True, now=2.0, path=db)
    assert c.load(code, now=2.0, path=db).locked
    with pytest.raises(c.ClassLocked, match="locked this class"):
        c.join(code, "Ben", now=3.0, path=db)
    c.ask(code, secret, "{}", now=4.0, path=db)
    c.answer(code, ada, 1, "JD", now=5.0, path=db)  # a pupil already in answers as before
    assert c.pupil(code, ada, path=db).name == "Ada"
    with pytest.raises(c.NotTeacher):
        c.lock(code, ada, False, now=6.0, path=db)
    c.lock(code, secret, False, now=6.0, path=db)
    assert not c.load(code, now=6.0, path=db).locked
    c.join(code, "Ben", now=7.0, path=db)
    assert [p.name for p in c.pupils(code, path=db)] == ["Ada", "Ben"]


def test_joins_per_minute_hold_back_a_script_but_not_a_class(db: Path) -> None:
    code, _ = c.start_class(now=0.0, path=db)
    # the script of the issue: 37 joins in 18 s, one every half second, against the form's 30 a minute
    refused = []
    for i in range(37):
        try:
            c.join(
                code,
                f"Pupil {chr(65 + i // 26)}{chr(97 + i % 26)}",
                now=i * 0.5,
                path=db,
                per_minute=c.JOINS_PER_MINUTE,
            )
        except c.JoinsTooFast as err:
            refused.append((i, str(err)))
    assert c.JOINS_PER_MINUTE == 30
    assert len(c.pupils(code, path=db)) == 30 and [i for i, _ in refused] == list(range(30, 37))
    # the 31st, at 15 s: the first join (at 0 s) leaves the minute at 60 s, 45 s later
    assert (
        "30 pupils joined this class in the last minute" in refused[0][1]
        and "wait 45 seconds" in refused[0][1]
    )
    with pytest.raises(c.JoinsTooFast, match="wait 1 seconds"):
        c.join(code, "Late", now=59.5, path=db, per_minute=30)  # 0.5 s to go: rounded up to 1
    c.join(code, "Late", now=60.0, path=db, per_minute=30)  # the join at 0 s is a minute old: one place
    with pytest.raises(c.JoinsTooFast):
        c.join(code, "Later", now=60.1, path=db, per_minute=30)  # the join at 0.5 s is still in the minute
    c.join(code, "Later", now=60.6, path=db, per_minute=30)
    c.join(code, "Anyone", now=60.7, path=db)  # no limit asked for (the store's own callers): none applied


def test_the_timer_reveals_the_question_by_itself_when_it_runs_out(db: Path) -> None:
    code, secret = c.start_class(now=100.0, path=db)
    ada = c.join(code, "Ada", now=101.0, path=db)
    c.set_timer(code, secret, 20, now=102.0, path=db)
    info = c.load(code, now=102.0, path=db)
    assert (info.timer, info.closes) == (20, None)  # no question open: nothing runs yet
    c.ask(code, secret, "{}", now=110.0, path=db)
    info = c.load(code, now=110.0, path=db)
    assert info.closes == 130.0 and info.left(120.0) == 10.0 and info.left(135.0) == 0.0

    v, s = c.poll(code, path=db, now=129.9)  # not yet
    assert not c.load(code, now=129.9, path=db).revealed
    c.answer(code, ada, 1, "JD", now=129.9, path=db)
    assert c.poll(code, path=db, now=130.0) == (
        v + 2,
        s + 1,
    )  # the answer and then the reveal moved the counters
    info = c.load(code, now=130.0, path=db)
    assert info.revealed and info.closes is None and c.question(code, 1, path=db).revealed == 130.0
    with pytest.raises(c.AnswerClosed):
        c.answer(code, ada, 1, "JH", now=131.0, path=db)
    assert c.poll(code, path=db, now=200.0) == (v + 2, s + 1)  # revealed once: later polls change nothing

    # an answer after the time ran out, before any poll saw it: refused, and it reveals the question
    c.ask(code, secret, "{}", now=300.0, path=db)
    with pytest.raises(c.AnswerClosed, match="time ran out"):
        c.answer(code, ada, 2, "JD", now=320.5, path=db)
    assert c.question(code, 2, path=db).revealed == 320.5 and c.my_answer(code, ada, 2, path=db) == ""

    # the teacher turns the timer off while a question is open: it stays open; on again: from now
    c.ask(code, secret, "{}", now=400.0, path=db)
    c.set_timer(code, secret, 0, now=405.0, path=db)
    c.poll(code, path=db, now=1000.0)
    assert not c.load(code, now=1000.0, path=db).revealed
    c.set_timer(code, secret, 30, now=1000.0, path=db)
    assert c.load(code, now=1000.0, path=db).closes == 1030.0
    c.reveal(code, secret, now=1001.0, path=db)  # the teacher reveals first: the timer stops
    assert c.load(code, now=1001.0, path=db).closes is None
    with pytest.raises(c.ClassError, match="0 \\(off\\) to 3600"):
        c.set_timer(code, secret, -5, now=1002.0, path=db)
    with pytest.raises(c.NotTeacher):
        c.set_timer(code, ada, 20, now=1002.0, path=db)


def test_the_timers_reveal_happens_once_with_two_server_processes_polling(tmp_path: Path) -> None:
    """Two server processes and this one poll (six threads each) and pupils answer across the
    moment the question's time runs out: the triggers log one reveal, and no answer after it."""
    db = tmp_path / "coach.sqlite3"
    log_events(db)
    code, secret = c.start_class(path=db)
    tokens = [c.join(code, name, path=db) for name in ("Ada", "Ben", "Cy", "Dee", "Eve", "Fay")]
    servers = [start_server(db, code) for _ in range(2)]
    try:
        for server in servers:  # each server up, with its connection, before the clock starts
            send(server, "c.load(code, path=db)")
            assert finished_within(server, 60)
        c.set_timer(code, secret, 2, path=db)
        c.ask(code, secret, "{}", path=db)
        closes = c.load(code, path=db).closes
        assert closes is not None
        script = (
            "import threading, time as t\n"
            "def poller():\n"
            f"    while t.time() < {closes + 1.0}:\n"
            "        try:\n"
            "            c.poll(code, path=db)\n"
            "        except c.StoreError:\n"
            "            pass\n"
            "        t.sleep(0.003)\n"
            "def phone(token):\n"
            f"    while t.time() < {closes + 1.0}:\n"
            "        try:\n"
            "            c.answer(code, token, 1, 'JD', path=db)\n"
            "        except c.AnswerClosed:\n"
            "            return\n"
            "        except c.StoreError:\n"
            "            pass\n"
            "        t.sleep(0.01)\n"
            "threads = [threading.Thread(target=poller) for _ in range(6)]\n"
            "threads += [threading.Thread(target=phone, args=(tok,)) for tok in TOKENS]\n"
            "[th.start() for th in threads]\n"
            "[th.join() for th in threads]\n"
        )
        for i, server in enumerate(servers):
            send(server, f"exec({script.replace('TOKENS', repr(tokens[i * 3 : (i + 1) * 3]))!r})")

        def poll_here() -> None:
            while time.time() < closes + 1.0:
                try:
                    c.poll(code, path=db)
                except StoreError:
                    pass  # busy: a page's poll tries again a moment later, so does this one
                time.sleep(0.003)

        here = [threading.Thread(target=poll_here) for _ in range(6)]
        for thread in here:
            thread.start()
        for thread in here:
            thread.join()
        for server in servers:
            assert server.stdout is not None
            assert server.stdout.readline().strip() == "done"
    finally:
        for server in servers:
            server.communicate(timeout=30)
    events = logged_events(db)
    assert [e for e in events if e[0] == "reveal"] == [("reveal", 1)]
    assert answers_after_reveal(events) == []
    assert (
        sum(1 for what, _ in events if what == "answer") >= 6
    )  # each pupil answered before the time ran out
    revealed = c.question(code, 1, path=db).revealed
    assert revealed is not None and closes <= revealed < closes + 1.0


def test_a_one_time_code_hands_the_class_to_one_device(sqlite_db: Path) -> None:
    db = sqlite_db
    code, secret = c.start_class(now=0.0, path=db)
    one_time = c.handover(code, secret, now=10.0, path=db)
    assert len(one_time) == 8 and all(ch in c.CODE_LETTERS for ch in one_time)
    # the row keeps neither the secret nor the code
    conn = sqlite3.connect(db)
    stored = conn.execute(
        "SELECT lookup, sealed FROM class_handovers WHERE class_code = ?", (code,)
    ).fetchone()
    conn.close()
    assert secret not in "".join(stored) and one_time not in "".join(stored)
    assert secret.encode().hex() not in stored[1]

    typed = f" {one_time[:4].lower()}-{one_time[4:]} "  # as a person types it
    assert c.handover_used(code, secret, now=20.0, path=db) is None
    assert c.take_handover(code, typed, now=20.0, path=db) == secret
    assert c.handover_used(code, secret, now=21.0, path=db) == 20.0
    with pytest.raises(c.BadHandover, match="used already"):
        c.take_handover(code, one_time, now=21.0, path=db)  # one device only

    other = c.handover(code, secret, now=30.0, path=db)
    with pytest.raises(c.BadHandover):
        c.take_handover(code, other, now=30.0 + c.HANDOVER_S + 0.1, path=db)  # two minutes and no more
    again = c.handover(code, secret, now=200.0, path=db)
    wrong = "".join("A" if ch != "A" else "B" for ch in again)
    with pytest.raises(c.BadHandover):
        c.take_handover(code, wrong, now=201.0, path=db)
    c.cancel_handover(code, secret, now=202.0, path=db)  # hidden again: it opens nothing
    with pytest.raises(c.BadHandover):
        c.take_handover(code, again, now=203.0, path=db)
    with pytest.raises(c.BadHandover, match="8 letters"):
        c.take_handover(code, "ABC", now=203.0, path=db)
    with pytest.raises(c.NotTeacher):
        c.handover(code, one_time, now=204.0, path=db)  # only the teacher may make one


OLD_SCHEMA = (  # the class tables as the first class mode made them, before the lock, the timer and the handover
    """CREATE TABLE classes (code TEXT PRIMARY KEY, teacher_hash TEXT NOT NULL, created REAL NOT NULL,
        last_question REAL, state TEXT NOT NULL DEFAULT 'open', leaderboard INTEGER NOT NULL DEFAULT 1,
        current INTEGER NOT NULL DEFAULT 0, revealed INTEGER NOT NULL DEFAULT 0, version INTEGER NOT NULL DEFAULT 0,
        stage INTEGER NOT NULL DEFAULT 0)""",
    """CREATE TABLE class_pupils (id INTEGER PRIMARY KEY, class_code TEXT NOT NULL, token_hash TEXT NOT NULL,
        name TEXT NOT NULL, joined REAL NOT NULL, UNIQUE (class_code, token_hash), UNIQUE (class_code, name))""",
    """CREATE TABLE class_questions (class_code TEXT NOT NULL, number INTEGER NOT NULL, body TEXT NOT NULL,
        opened REAL NOT NULL, revealed REAL, PRIMARY KEY (class_code, number))""",
    """CREATE TABLE class_answers (class_code TEXT NOT NULL, number INTEGER NOT NULL, pupil INTEGER NOT NULL,
        answer TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (class_code, number, pupil))""",
)


def test_a_database_from_before_the_teachers_tools_opens_and_gains_them(sqlite_db: Path) -> None:
    db = sqlite_db
    conn = sqlite3.connect(db)
    with conn:
        for sql in OLD_SCHEMA:
            conn.execute(sql)
        # a class running when the server was updated: the teacher's secret "s3cret", Ada in, question 1 open
        conn.execute(
            "INSERT INTO classes (code, teacher_hash, created, last_question, current, version, stage) "
            "VALUES ('ABCDEF', ?, 1000.0, 1010.0, 1, 3, 1)",
            (hashlib.sha256(b"s3cret").hexdigest(),),
        )
        conn.execute(
            "INSERT INTO class_pupils (class_code, token_hash, name, joined) VALUES ('ABCDEF', 'x', 'Ada', 1001.0)"
        )
        conn.execute(
            "INSERT INTO class_questions (class_code, number, body, opened) VALUES ('ABCDEF', 1, '{}', 1010.0)"
        )
    conn.close()
    info = c.load("ABCDEF", now=1020.0, path=db)
    assert (info.current, info.revealed, info.locked, info.timer, info.closes) == (1, False, False, 0, None)
    assert (info.version, info.stage) == (3, 1)
    assert c.poll("ABCDEF", path=db, now=5000.0) == (3, 1)  # no timer: nothing is revealed by itself
    conn = sqlite3.connect(db)
    columns = [row[1] for row in conn.execute("PRAGMA table_info(classes)")]
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    conn.close()
    assert columns[-3:] == ["locked", "timer", "closes"] and "class_handovers" in tables
    c.forget_connections()  # a second process opening the file again finds the columns there: nothing added twice
    assert c.load("ABCDEF", now=1020.0, path=db).current == 1
    c.set_timer("ABCDEF", "s3cret", 30, now=1020.0, path=db)  # the old class takes the new tools
    c.lock("ABCDEF", "s3cret", True, now=1021.0, path=db)
    info = c.load("ABCDEF", now=1021.0, path=db)
    assert (info.locked, info.timer, info.closes) == (True, 30, 1050.0)
