"""Class mode's classes in the app's SQLite database: a teacher asks, pupils answer on phones.

Everything a class is lives here, not in one server's memory, so a class works across several
server processes sharing the database file, survives a restart, and a pupil whose phone slept
comes back through the token in their link. Four tables:

- ``classes``: the join code, the SHA-256 of the teacher's secret (only the hash is kept; the
  secret is compared with ``hmac.compare_digest``), the times, the state, the leaderboard switch,
  the current question and two counters: ``version`` moves on every change (a join, an answer),
  ``stage`` only when what a phone shows changes (a question asked, revealed, the class ended).
  A page polls one row by its code (``poll``) and reads more only when a counter moved.
- ``pupils``: a first name and the hash of the pupil's token, per class (at most ``MAX_PUPILS``).
- ``questions``: each question asked, as the JSON text ``classroom`` made (this module never
  reads inside it), with the time it opened and was revealed.
- ``answers``: one per pupil per question, replaced until the reveal, with the time it was saved.

A class expires ``EXPIRY_S`` after its last question (or its start); an expired or unknown code
raises ``NoSuchClass``. The errors are ``ClassError`` (a ValueError) with a message a pupil reads.
The tokens come from ``secrets``, not a seeded generator: they are keys, not game randomness.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from store.db import BUSY_TIMEOUT, StoreError, db_path, ensure_schema, retrying

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS classes (
        code TEXT PRIMARY KEY,
        teacher_hash TEXT NOT NULL,
        created REAL NOT NULL,
        last_question REAL,
        state TEXT NOT NULL DEFAULT 'open',
        leaderboard INTEGER NOT NULL DEFAULT 1,
        current INTEGER NOT NULL DEFAULT 0,
        revealed INTEGER NOT NULL DEFAULT 0,
        version INTEGER NOT NULL DEFAULT 0,
        stage INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE IF NOT EXISTS class_pupils (
        id INTEGER PRIMARY KEY,
        class_code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
        token_hash TEXT NOT NULL,
        name TEXT NOT NULL,
        joined REAL NOT NULL,
        UNIQUE (class_code, token_hash),
        UNIQUE (class_code, name)
    )""",
    """CREATE TABLE IF NOT EXISTS class_questions (
        class_code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        body TEXT NOT NULL,
        opened REAL NOT NULL,
        revealed REAL,
        PRIMARY KEY (class_code, number)
    )""",
    """CREATE TABLE IF NOT EXISTS class_answers (
        class_code TEXT NOT NULL,
        number INTEGER NOT NULL,
        pupil INTEGER NOT NULL REFERENCES class_pupils(id) ON DELETE CASCADE,
        answer TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (class_code, number, pupil)
    )""",
)
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I: read off a projector
CODE_LENGTH = 6
MAX_PUPILS = 60
MAX_NAME = 20
MAX_ANSWER = 200  # characters of one stored answer (the longest is a few cards or a choice)
EXPIRY_S = 12 * 3600.0
T = TypeVar("T")


class ClassError(ValueError):
    """Something a teacher or pupil asked that cannot be done; the message says why."""


class NoSuchClass(ClassError):
    """No open class has this code (a typo, or it ended or expired)."""


class ClassFull(ClassError):
    """The class already has ``MAX_PUPILS`` pupils."""


class NotTeacher(ClassError):
    """The link's teacher secret does not match: only the teacher may ask, reveal or end."""


class NotInClass(ClassError):
    """The pupil's token is not one of this class's pupils."""


class BadName(ClassError):
    """A first name that is empty, too long, or taken in this class."""


class AnswerClosed(ClassError):
    """The question is not open for answers (revealed, or a newer one was asked)."""


@dataclass(frozen=True, slots=True)
class ClassInfo:
    code: str
    created: float
    last_question: float | None
    state: str  # "open" or "ended"
    leaderboard: bool
    current: int  # the question being asked or last revealed; 0 before the first
    revealed: bool  # the current question's answer is shown
    version: int
    stage: int

    @property
    def ended(self) -> bool:
        return self.state == "ended"


@dataclass(frozen=True, slots=True)
class Pupil:
    id: int
    name: str


@dataclass(frozen=True, slots=True)
class AskedQuestion:
    number: int
    body: str  # JSON, as classroom.questions wrote it
    opened: float
    revealed: float | None


@dataclass(frozen=True, slots=True)
class Answer:
    number: int
    pupil: int
    name: str
    answer: str
    at: float


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def clean_code(text: str) -> str:
    """A join code as typed: spaces dropped, upper case. Raises NoSuchClass when it cannot be one."""
    code = "".join(str(text).split()).upper()
    if len(code) != CODE_LENGTH or any(ch not in CODE_LETTERS for ch in code):
        raise NoSuchClass(f"a join code is {CODE_LENGTH} letters and digits, like the one on the projector")
    return code


def clean_name(text: str) -> str:
    """A pupil's first name: spaces collapsed, 1..MAX_NAME characters, no control characters."""
    name = " ".join("".join(ch if ch.isprintable() else " " for ch in str(text)).split())
    if not name:
        raise BadName("type your first name")
    if len(name) > MAX_NAME:
        raise BadName(f"a name is at most {MAX_NAME} characters; yours has {len(name)}")
    return name


# ---- connections --------------------------------------------------------------------------------
# One connection per database file per process, shared by every session's thread under a lock:
# a poll is one indexed read, so sharing costs nothing and spares each poll an open and a check.

_LOCK = threading.Lock()
_CONNECTIONS: dict[str, sqlite3.Connection] = {}


def _connection(path: Path) -> sqlite3.Connection:
    key = os.path.abspath(path)
    conn = _CONNECTIONS.get(key)
    if conn is None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(key, timeout=BUSY_TIMEOUT, check_same_thread=False)
            conn.execute("PRAGMA foreign_keys = ON")
        except (OSError, sqlite3.Error) as err:
            raise StoreError(f"cannot use the records database at {key}: {err}") from err
        ensure_schema(conn, SCHEMA)
        _CONNECTIONS[key] = conn
    return conn


@contextmanager
def _db(path: Path | None) -> Iterator[sqlite3.Connection]:
    with _LOCK:
        yield _connection(path or db_path())


def _run(path: Path | None, work: Callable[[sqlite3.Connection], T], *, reading: bool = False) -> T:
    """``work(conn)`` in one transaction (retried while another process holds the file)."""
    with _db(path) as conn:

        def attempt() -> T:
            with conn:
                return work(conn)

        try:
            return retrying(attempt, conn, reading=reading)
        except StoreError:
            raise
        except sqlite3.Error as err:
            raise StoreError(f"the class records could not be used: {err}") from err


def forget_connections() -> None:
    """Close the shared connections (tests that delete their database file call this)."""
    with _LOCK:
        for conn in _CONNECTIONS.values():
            conn.close()
        _CONNECTIONS.clear()


# ---- the class ------------------------------------------------------------------------------------


def _info(row: Any, code: str, now: float) -> ClassInfo:
    if row is None:
        raise NoSuchClass(f"there is no class with the code {code}: check the code on the projector")
    created, last, state, board, current, revealed, version, stage = row
    info = ClassInfo(code, float(created), None if last is None else float(last), str(state), bool(board),
                     int(current), bool(revealed), int(version), int(stage))
    if now - max(info.created, info.last_question or 0.0) > EXPIRY_S:
        raise NoSuchClass(f"the class {code} has expired (12 hours after its last question)")
    return info


_INFO = "SELECT created, last_question, state, leaderboard, current, revealed, version, stage FROM classes WHERE code = ?"


def start_class(now: float | None = None, path: Path | None = None) -> tuple[str, str]:
    """A new class: its join code and the teacher's secret (shown once, in the teacher's link)."""
    when = time.time() if now is None else now
    secret = secrets.token_urlsafe(18)

    def insert(conn: sqlite3.Connection) -> str:
        for _ in range(20):
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            taken = conn.execute("SELECT 1 FROM classes WHERE code = ?", (code,)).fetchone()
            if taken is None:
                conn.execute("INSERT INTO classes (code, teacher_hash, created) VALUES (?, ?, ?)",
                             (code, _hash(secret), when))
                return code
        raise StoreError("no free join code was found; try again")  # pragma: no cover - 32**6 codes

    return _run(path, insert), secret


def load(code: str, now: float | None = None, path: Path | None = None) -> ClassInfo:
    """The class with ``code`` (NoSuchClass when unknown or expired)."""
    code = clean_code(code)
    when = time.time() if now is None else now
    return _run(path, lambda conn: _info(conn.execute(_INFO, (code,)).fetchone(), code, when), reading=True)


def poll(code: str, path: Path | None = None) -> tuple[int, int]:
    """The class's (version, stage): the one cheap read a live page makes each second."""
    row = _run(path, lambda conn: conn.execute("SELECT version, stage FROM classes WHERE code = ?", (code,)).fetchone(),
               reading=True)
    return (int(row[0]), int(row[1])) if row else (-1, -1)


def _teacher(conn: sqlite3.Connection, code: str, secret: str, now: float) -> ClassInfo:
    row = conn.execute("SELECT teacher_hash FROM classes WHERE code = ?", (code,)).fetchone()
    info = _info(conn.execute(_INFO, (code,)).fetchone(), code, now)
    if row is None or not hmac.compare_digest(str(row[0]), _hash(str(secret))):
        raise NotTeacher("only the teacher's link can ask, reveal or end this class")
    return info


def check_teacher(code: str, secret: str, now: float | None = None, path: Path | None = None) -> ClassInfo:
    """The class, when ``secret`` is its teacher's (NotTeacher otherwise)."""
    code = clean_code(code)
    when = time.time() if now is None else now
    return _run(path, lambda conn: _teacher(conn, code, secret, when), reading=True)


def _open_class(conn: sqlite3.Connection, code: str, now: float) -> ClassInfo:
    info = _info(conn.execute(_INFO, (code,)).fetchone(), code, now)
    if info.ended:
        raise NoSuchClass(f"the class {code} has ended")
    return info


def ask(code: str, secret: str, body: str, now: float | None = None, path: Path | None = None) -> int:
    """Open the next question (``body``: its JSON); returns its number. The previous one closes."""
    code = clean_code(code)
    when = time.time() if now is None else now

    def work(conn: sqlite3.Connection) -> int:
        _teacher(conn, code, secret, when)
        info = _open_class(conn, code, when)
        number = info.current + 1
        conn.execute("INSERT INTO class_questions (class_code, number, body, opened) VALUES (?, ?, ?, ?)",
                     (code, number, body, when))
        conn.execute("UPDATE classes SET current = ?, revealed = 0, last_question = ?, version = version + 1, "
                     "stage = stage + 1 WHERE code = ?", (number, when, code))
        return number

    return _run(path, work)


def reveal(code: str, secret: str, now: float | None = None, path: Path | None = None) -> None:
    """Show the current question's answer: its answers are closed from now on."""
    code = clean_code(code)
    when = time.time() if now is None else now

    def work(conn: sqlite3.Connection) -> None:
        _teacher(conn, code, secret, when)
        info = _open_class(conn, code, when)
        if info.current == 0 or info.revealed:
            return
        conn.execute("UPDATE class_questions SET revealed = ? WHERE class_code = ? AND number = ?",
                     (when, code, info.current))
        conn.execute("UPDATE classes SET revealed = 1, version = version + 1, stage = stage + 1 WHERE code = ?",
                     (code,))

    _run(path, work)


def end(code: str, secret: str, now: float | None = None, path: Path | None = None) -> None:
    """End the class: nobody can join or answer; the teacher can still download the summary."""
    code = clean_code(code)
    when = time.time() if now is None else now

    def work(conn: sqlite3.Connection) -> None:
        _teacher(conn, code, secret, when)
        conn.execute("UPDATE classes SET state = 'ended', version = version + 1, stage = stage + 1 WHERE code = ?",
                     (code,))

    _run(path, work)


def set_leaderboard(code: str, secret: str, on: bool, now: float | None = None, path: Path | None = None) -> None:
    code = clean_code(code)
    when = time.time() if now is None else now

    def work(conn: sqlite3.Connection) -> None:
        _teacher(conn, code, secret, when)
        conn.execute("UPDATE classes SET leaderboard = ?, version = version + 1, stage = stage + 1 WHERE code = ?",
                     (int(on), code))

    _run(path, work)


# ---- pupils and answers -----------------------------------------------------------------------------


def join(code: str, name: str, now: float | None = None, path: Path | None = None) -> str:
    """Add a pupil; returns their token (kept in their link so a reload comes back in)."""
    code = clean_code(code)
    name = clean_name(name)
    when = time.time() if now is None else now
    token = secrets.token_urlsafe(12)

    def work(conn: sqlite3.Connection) -> None:
        _open_class(conn, code, when)
        if conn.execute("SELECT 1 FROM class_pupils WHERE class_code = ? AND name = ?", (code, name)).fetchone():
            raise BadName(f"someone in this class is already called {name}: add an initial")
        inserted = conn.execute(
            "INSERT INTO class_pupils (class_code, token_hash, name, joined) SELECT ?, ?, ?, ? "
            "WHERE (SELECT count(*) FROM class_pupils WHERE class_code = ?) < ?",
            (code, _hash(token), name, when, code, MAX_PUPILS),
        ).rowcount
        if not inserted:
            raise ClassFull(f"this class is full ({MAX_PUPILS} pupils): ask your teacher")
        conn.execute("UPDATE classes SET version = version + 1 WHERE code = ?", (code,))

    _run(path, work)
    return token


def _pupil(conn: sqlite3.Connection, code: str, token: str) -> Pupil:
    row = conn.execute("SELECT id, name FROM class_pupils WHERE class_code = ? AND token_hash = ?",
                       (code, _hash(str(token)))).fetchone()
    if row is None:
        raise NotInClass("this link is not a pupil of this class: join again with your name")
    return Pupil(int(row[0]), str(row[1]))


def pupil(code: str, token: str, path: Path | None = None) -> Pupil:
    code = clean_code(code)
    return _run(path, lambda conn: _pupil(conn, code, token), reading=True)


def answer(code: str, token: str, number: int, text: str, now: float | None = None,
           path: Path | None = None) -> None:
    """Save (or replace) a pupil's answer to question ``number`` while it is open; an empty
    ``text`` takes the answer back."""
    code = clean_code(code)
    when = time.time() if now is None else now
    if len(text) > MAX_ANSWER:
        raise ClassError(f"an answer is at most {MAX_ANSWER} characters")

    def work(conn: sqlite3.Connection) -> None:
        info = _open_class(conn, code, when)
        who = _pupil(conn, code, token)
        if number != info.current or info.revealed:
            raise AnswerClosed("this question is closed: the answer has been shown")
        if text:
            conn.execute("INSERT INTO class_answers (class_code, number, pupil, answer, at) VALUES (?, ?, ?, ?, ?) "
                         "ON CONFLICT (class_code, number, pupil) DO UPDATE SET answer = excluded.answer, at = excluded.at",
                         (code, number, who.id, text, when))
        else:
            conn.execute("DELETE FROM class_answers WHERE class_code = ? AND number = ? AND pupil = ?",
                         (code, number, who.id))
        conn.execute("UPDATE classes SET version = version + 1 WHERE code = ?", (code,))

    _run(path, work)


def my_answer(code: str, token: str, number: int, path: Path | None = None) -> str:
    """The pupil's own answer to question ``number`` ("" when none)."""
    code = clean_code(code)

    def work(conn: sqlite3.Connection) -> str:
        who = _pupil(conn, code, token)
        row = conn.execute("SELECT answer FROM class_answers WHERE class_code = ? AND number = ? AND pupil = ?",
                           (code, number, who.id)).fetchone()
        return str(row[0]) if row else ""

    return _run(path, work, reading=True)


def question(code: str, number: int, path: Path | None = None) -> AskedQuestion:
    code = clean_code(code)

    def work(conn: sqlite3.Connection) -> AskedQuestion:
        row = conn.execute("SELECT body, opened, revealed FROM class_questions WHERE class_code = ? AND number = ?",
                           (code, number)).fetchone()
        if row is None:
            raise ClassError(f"the class {code} has no question {number}")
        return AskedQuestion(number, str(row[0]), float(row[1]), None if row[2] is None else float(row[2]))

    return _run(path, work, reading=True)


def questions(code: str, path: Path | None = None) -> tuple[AskedQuestion, ...]:
    code = clean_code(code)
    rows = _run(path, lambda conn: conn.execute(
        "SELECT number, body, opened, revealed FROM class_questions WHERE class_code = ? ORDER BY number",
        (code,)).fetchall(), reading=True)
    return tuple(AskedQuestion(int(n), str(b), float(o), None if r is None else float(r)) for n, b, o, r in rows)


def answer_count(code: str, number: int, path: Path | None = None) -> int:
    """How many pupils have answered question ``number`` (what the projector shows while it is open)."""
    row = _run(path, lambda conn: conn.execute(
        "SELECT count(*) FROM class_answers WHERE class_code = ? AND number = ?", (code, number)).fetchone(),
        reading=True)
    return int(row[0])


def pupils(code: str, path: Path | None = None) -> tuple[Pupil, ...]:
    code = clean_code(code)
    rows = _run(path, lambda conn: conn.execute(
        "SELECT id, name FROM class_pupils WHERE class_code = ? ORDER BY joined, id", (code,)).fetchall(), reading=True)
    return tuple(Pupil(int(i), str(n)) for i, n in rows)


def answers(code: str, number: int | None = None, *, secret: str | None = None, now: float | None = None,
            path: Path | None = None) -> tuple[Answer, ...]:
    """The answers to question ``number`` (every question's when None). Before a question's reveal
    only the teacher (``secret``) may read its answers: a pupil's page never sees them."""
    code = clean_code(code)

    def work(conn: sqlite3.Connection) -> tuple[Answer, ...]:
        if secret is not None:
            _teacher(conn, code, secret, time.time() if now is None else now)
        sql = ("SELECT a.number, a.pupil, p.name, a.answer, a.at FROM class_answers a "
               "JOIN class_pupils p ON p.id = a.pupil JOIN class_questions q "
               "ON q.class_code = a.class_code AND q.number = a.number WHERE a.class_code = ?")
        args: list[object] = [code]
        if number is not None:
            sql += " AND a.number = ?"
            args.append(number)
        if secret is None:
            sql += " AND q.revealed IS NOT NULL"
        rows = conn.execute(sql + " ORDER BY a.number, p.joined, p.id", args).fetchall()
        return tuple(Answer(int(n), int(p), str(name), str(a), float(at)) for n, p, name, a, at in rows)

    return _run(path, work, reading=True)


__all__ = [
    "EXPIRY_S", "MAX_NAME", "MAX_PUPILS", "SCHEMA", "Answer", "AnswerClosed", "AskedQuestion", "BadName",
    "ClassError", "ClassFull", "ClassInfo", "NoSuchClass", "NotInClass", "NotTeacher", "Pupil", "answer",
    "answer_count", "answers", "ask", "check_teacher", "clean_code", "clean_name", "end", "forget_connections",
    "join", "load", "my_answer", "poll", "pupil", "pupils", "question", "questions", "reveal", "set_leaderboard",
    "start_class",
]
