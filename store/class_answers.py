"""A class's pupils and their answers: joining, answering, and the lists the pages read
(``store.classes`` passes these on). Every change runs in one transaction with its checks (an
answer after the reveal is refused); a row that does not read is left out and counted."""

from __future__ import annotations

import math
import secrets
import time
from typing import Any

from store.backend import Connection, Location
from store.class_errors import (
    AnswerClosed,
    BadName,
    ClassError,
    ClassFull,
    ClassLocked,
    DamagedClass,
    JoinsTooFast,
    NotInClass,
)
from store.class_pool import fetch_row, fetch_rows, run
from store.class_rows import (
    JOIN_WINDOW_S,
    MAX_ANSWER,
    MAX_BODY,
    MAX_PUPILS,
    MAX_QUESTIONS,
    Answer,
    AskedQuestion,
    Pupil,
    Rows,
    _due,
    _hash,
    _name_free,
    _number,
    _open_class,
    _show_answer,
    _teacher,
    _text,
    _whole,
    clean_code,
)
from store.pupil_names import MAX_NAME_CODES, clean_name


def join(
    code: str,
    name: str,
    now: float | None = None,
    path: Location | None = None,
    *,
    per_minute: int | None = None,
) -> str:
    """Add a pupil; returns their token (kept in their link so a reload comes back in). A name that
    looks the same as one in the class (``name_key``) is refused, and so is anyone while the class
    is locked (ClassLocked). ``per_minute``: at most that many pupils join the class in any
    ``JOIN_WINDOW_S`` seconds (JoinsTooFast says how long to wait); the join form passes
    ``JOINS_PER_MINUTE``, so a script cannot fill the class before the teacher sees it. (What a
    name may be beyond ``clean_name`` is the join form's filter: ``classroom.names``.)"""
    code = clean_code(code)
    name = clean_name(name)
    when = time.time() if now is None else now
    token = secrets.token_urlsafe(12)

    def work(conn: Connection) -> None:
        info = _open_class(conn, code, when)
        if info.locked:
            raise ClassLocked("the teacher has locked this class, so nobody new can join: ask your teacher")
        if per_minute is not None:
            recent = [
                t
                for (t,) in conn.execute("SELECT joined FROM class_pupils WHERE class_code = ?", (code,))
                if (at := _number(t)) is not None and when - JOIN_WINDOW_S < at <= when
            ]
            if len(recent) >= per_minute:
                oldest = sorted(recent)[len(recent) - per_minute]
                wait = max(1, math.ceil(oldest + JOIN_WINDOW_S - when))
                raise JoinsTooFast(
                    f"{len(recent)} pupils joined this class in the last minute, as many as may (so "
                    f"that a program cannot fill the class): wait {wait} seconds and press Join again"
                )
        _name_free(conn, code, name)
        inserted = conn.execute(
            "INSERT OR IGNORE INTO class_pupils (class_code, token_hash, name, joined) SELECT ?, ?, ?, ? "
            "WHERE (SELECT count(*) FROM class_pupils WHERE class_code = ?) < ?",
            (code, _hash(token), name, when, code, MAX_PUPILS),
        ).rowcount
        if not inserted:
            count = conn.execute(
                "SELECT count(*) FROM class_pupils WHERE class_code = ?", (code,)
            ).fetchone()[0]
            if count >= MAX_PUPILS:
                raise ClassFull(f"this class is full ({MAX_PUPILS} pupils): ask your teacher")
            raise BadName(f"someone in this class is already called {name}: add an initial")
        conn.execute("UPDATE classes SET version = version + 1 WHERE code = ?", (code,))

    run(path, work)
    return token


def _pupil(conn: Connection, code: str, token: str) -> Pupil:
    row = conn.execute(
        "SELECT id, name FROM class_pupils WHERE class_code = ? AND token_hash = ?", (code, _hash(str(token)))
    ).fetchone()
    if row is None:
        raise NotInClass("this link is not a pupil of this class: join again with your name")
    pupil_id, name = _whole(row[0], 2**62), _text(row[1], MAX_NAME_CODES)
    if pupil_id is None or name is None:
        raise DamagedClass(
            "your place in this class is damaged (its record cannot be read): join again with your "
            "name and an initial"
        )
    return Pupil(pupil_id, name)


def pupil(code: str, token: str, path: Location | None = None) -> Pupil:
    code = clean_code(code)
    return run(path, lambda conn: _pupil(conn, code, token), reading=True)


def answer(
    code: str, token: str, number: int, text: str, now: float | None = None, path: Location | None = None
) -> None:
    """Save (or replace) a pupil's answer to question ``number`` while it is open; an empty
    ``text`` takes the answer back. The check that it is open and the write are one immediate
    transaction: a reveal on another server comes wholly before or wholly after it. An answer
    after the question's timer ran out is refused, and reveals it if nothing has yet."""
    code = clean_code(code)
    when = time.time() if now is None else now
    if len(text) > MAX_ANSWER:
        raise ClassError(f"an answer is at most {MAX_ANSWER} characters")

    def work(conn: Connection) -> bool:
        info = _open_class(conn, code, when)
        who = _pupil(conn, code, token)
        if number != info.current or info.revealed:
            raise AnswerClosed("this question is closed: the answer has been shown")
        if _due(info, when):  # its time ran out and no poll has revealed it yet: this answer does
            return _show_answer(conn, code, info, when)
        if text:
            conn.execute(
                "INSERT INTO class_answers (class_code, number, pupil, answer, at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (class_code, number, pupil) DO UPDATE SET answer = excluded.answer, at = excluded.at",
                (code, number, who.id, text, when),
            )
        else:
            conn.execute(
                "DELETE FROM class_answers WHERE class_code = ? AND number = ? AND pupil = ?",
                (code, number, who.id),
            )
        conn.execute("UPDATE classes SET version = version + 1 WHERE code = ?", (code,))
        return False

    if run(path, work):
        raise AnswerClosed("this question is closed: its time ran out, and the answer has been shown")


def my_answer(code: str, token: str, number: int, path: Location | None = None) -> str:
    """The pupil's own answer to question ``number`` ("" when none, or when its row does not read)."""
    code = clean_code(code)

    def work(conn: Connection) -> str:
        who = _pupil(conn, code, token)
        row = conn.execute(
            "SELECT answer FROM class_answers WHERE class_code = ? AND number = ? AND pupil = ?",
            (code, number, who.id),
        ).fetchone()
        return (_text(row[0], MAX_ANSWER) or "") if row else ""

    return run(path, work, reading=True)


def _asked(row: Any) -> AskedQuestion | None:
    number, body, opened, revealed = row
    n, text, at = _whole(number, MAX_QUESTIONS), _text(body, MAX_BODY), _number(opened)
    shown = None if revealed is None else _number(revealed)
    if n is None or text is None or at is None or (revealed is not None and shown is None):
        return None
    return AskedQuestion(n, text, at, shown)


def question(code: str, number: int, path: Location | None = None) -> AskedQuestion:
    """Question ``number`` as stored (DamagedClass when it is missing or its row does not read: the
    class row says it was asked)."""
    code = clean_code(code)

    def work(conn: Connection) -> AskedQuestion:
        row = conn.execute(
            "SELECT number, body, opened, revealed FROM class_questions WHERE class_code = ? AND number = ?",
            (code, number),
        ).fetchone()
        if row is None:
            raise DamagedClass(
                f"question {number} of the class {code} is missing (a damaged record), so it cannot "
                "be shown: the teacher can ask the next question"
            )
        asked = _asked(row)
        if asked is None:
            raise DamagedClass(
                f"question {number} of the class {code} is damaged (its record cannot be read), so "
                "it cannot be shown: the teacher can ask the next question"
            )
        return asked

    return run(path, work, reading=True)


def questions(code: str, path: Location | None = None) -> Rows[AskedQuestion]:
    """Every question asked, in order; rows that do not read are left out and counted."""
    code = clean_code(code)
    found = fetch_rows(
        path,
        "SELECT number, body, opened, revealed FROM class_questions WHERE class_code = ? ORDER BY number",
        (code,),
    )
    read = [_asked(each) for each in found]
    return Rows((q for q in read if q is not None), sum(q is None for q in read))


def answer_count(code: str, number: int, path: Location | None = None) -> int:
    """How many pupils have answered question ``number`` (what the projector shows while it is open)."""
    count = fetch_row(
        path, "SELECT count(*) FROM class_answers WHERE class_code = ? AND number = ?", (code, number)
    )
    return int(count[0])


def answered(code: str, number: int, path: Location | None = None) -> frozenset[int]:
    """The ids of the pupils who have answered question ``number`` (not what they answered: the
    teacher's list of who has not answered yet reads this beside ``pupils``)."""
    code = clean_code(code)
    found = fetch_rows(
        path, "SELECT pupil FROM class_answers WHERE class_code = ? AND number = ?", (code, number)
    )
    return frozenset(p for (p,) in found if _whole(p, 2**62) is not None)


def pupils(code: str, path: Location | None = None) -> Rows[Pupil]:
    """The class's pupils in the order they joined; rows that do not read are left out and counted."""
    code = clean_code(code)
    found = fetch_rows(
        path, "SELECT id, name FROM class_pupils WHERE class_code = ? ORDER BY joined, id", (code,)
    )
    read = [(_whole(i, 2**62), _text(n, MAX_NAME_CODES)) for i, n in found]
    good = [Pupil(i, n) for i, n in read if i is not None and n is not None]
    return Rows(good, len(read) - len(good))


def answers(
    code: str,
    number: int | None = None,
    *,
    secret: str | None = None,
    now: float | None = None,
    path: Location | None = None,
) -> Rows[Answer]:
    """The answers to question ``number`` (every question's when None), in question order and then
    the order the pupils joined. Before a question's reveal only the teacher (``secret``) may read
    its answers: a pupil's page never sees them. Rows that do not read (a field of the wrong type,
    a pupil or question that is not there or does not read) are left out and counted."""
    code = clean_code(code)

    def work(conn: Connection) -> tuple[list[Any], list[Any], list[Any]]:
        if secret is not None:
            _teacher(conn, code, secret, time.time() if now is None else now)
        sql = "SELECT number, pupil, answer, at FROM class_answers WHERE class_code = ?"
        args: list[object] = [code]
        if number is not None:
            sql += " AND number = ?"
            args.append(number)
        return (
            conn.execute(sql, args).fetchall(),
            conn.execute(
                "SELECT id, name, joined FROM class_pupils WHERE class_code = ?", (code,)
            ).fetchall(),
            conn.execute(
                "SELECT number, revealed FROM class_questions WHERE class_code = ?", (code,)
            ).fetchall(),
        )

    rows, pupil_rows, question_rows = run(path, work, reading=True)
    names = {
        i: (n, _number(j) or 0.0)
        for i, n, j in pupil_rows
        if _whole(i, 2**62) is not None and _text(n, MAX_NAME_CODES) is not None
    }
    shown = {n: r is not None for n, r in question_rows if _whole(n, MAX_QUESTIONS) is not None}
    read: list[tuple[float, Answer]] = []
    damaged = 0
    for n, p, text, at in rows:
        fields = (_whole(n, MAX_QUESTIONS), _whole(p, 2**62), _text(text, MAX_ANSWER), _number(at))
        if any(f is None for f in fields) or p not in names or n not in shown:
            damaged += 1
        elif secret is not None or shown[n]:
            name, joined = names[p]
            read.append((joined, Answer(n, p, name, text, float(at))))
    read.sort(key=lambda item: (item[1].number, item[0], item[1].pupil))
    return Rows((a for _, a in read), damaged)
