"""Class mode's classes in the app's SQLite database: a teacher asks, pupils answer on phones.

Everything a class is lives here, not in one server's memory, so a class works across several
server processes sharing the database file, survives a restart, and a pupil whose phone slept
comes back through the token in their link. Five tables:

- ``classes``: the join code, the SHA-256 of the teacher's secret (only the hash is kept; the
  secret is compared with ``hmac.compare_digest``), the times, the state, the leaderboard switch,
  the lock (nobody new joins), the timer (seconds a question stays open) and when the open
  question closes, the current question and two counters: ``version`` moves on every change (a
  join, an answer), ``stage`` only when what a phone shows changes (a question asked, revealed,
  the class ended, a pupil renamed or removed). A page polls one row by its code (``poll``) and
  reads more only when a counter moved; the first poll after a question's time ran out reveals it.
- ``pupils``: a first name and the hash of the pupil's token, per class (at most ``MAX_PUPILS``);
  the teacher can rename or remove one.
- ``questions``: each question asked, as the JSON text ``classroom`` made (this module never
  reads inside it), with the time it opened and was revealed.
- ``answers``: one per pupil per question, replaced until the reveal, with the time it was saved.
- ``handovers``: the one-time code the teacher shows to run the class from another device, with
  the secret sealed under it (``handover``).

A database made before the lock and the timer gets their columns when first opened (``ADDED_COLUMNS``).

A class expires ``EXPIRY_S`` after its last question (or its start); an expired or unknown code
raises ``NoSuchClass``. The errors are ``ClassError`` (a ValueError) with a message a pupil reads.
The tokens come from ``secrets``, not a seeded generator: they are keys, not game randomness.

Every change runs in one ``BEGIN IMMEDIATE`` transaction, its checks included: two servers on one
database cannot both pass a check and then write (an answer after the reveal, a question asked
twice). On PostgreSQL (``EUCHRE_COACH_DB`` a ``postgresql://`` URL, for servers on several
machines) that transaction holds the database's write lock (``store.backend``): the same rule.
Connections come from a small pool per file (``store.class_pool``, with the tables), so no lock a
read needs is held while SQLite waits for another process: a reader waits about a second at most (``store.db``'s read patience) and then
says the database is busy (in words about reading), and other classes go on meanwhile; this
process's writes to a file take turns on their own lock (one writer at a time is all SQLite allows). A row that does not read (a field of the
wrong type, out of range) is never guessed at: the class row raises ``DamagedClass`` with a message,
and the lists (``pupils``, ``questions``, ``answers``) leave it out and count it (``Rows.damaged``).

A pupil's name is read and compared by ``store.pupil_names``; the errors are ``store.class_errors``';
the shared values and checks ``store.class_rows``; joining and answering ``store.class_answers``;
handing the class to another device ``store.class_handover`` (all passed on from here).
"""

from __future__ import annotations

import secrets
import time

from store.backend import Connection, Location
from store.class_answers import (
    answer as answer,
)
from store.class_answers import (
    answer_count as answer_count,
)
from store.class_answers import (
    answered as answered,
)
from store.class_answers import (
    answers as answers,
)
from store.class_answers import (
    join as join,
)
from store.class_answers import (
    my_answer as my_answer,
)
from store.class_answers import (
    pupil as pupil,
)
from store.class_answers import (
    pupils as pupils,
)
from store.class_answers import (
    question as question,
)
from store.class_answers import (
    questions as questions,
)
from store.class_errors import (
    AlreadyAsked,
    AnswerClosed,
    BadHandover,
    BadName,
    ClassError,
    ClassFull,
    ClassLocked,
    DamagedClass,
    JoinsTooFast,
    NoSuchClass,
    NoSuchPupil,
    NotInClass,
    NotTeacher,
)
from store.class_handover import (
    cancel_handover as cancel_handover,
)
from store.class_handover import (
    clean_handover as clean_handover,
)
from store.class_handover import (
    handover as handover,
)
from store.class_handover import (
    handover_used as handover_used,
)
from store.class_handover import (
    take_handover as take_handover,
)
from store.class_pool import SCHEMA, fetch_row, forget_connections, run
from store.class_rows import (
    _INFO,
    CODE_LENGTH,
    CODE_LETTERS,
    EXPIRY_S,
    HANDOVER_S,
    JOINS_PER_MINUTE,
    MAX_COUNTER,
    MAX_PUPILS,
    MAX_QUESTIONS,
    MAX_TIMER,
    TIMER_CHOICES,
    Answer,
    AskedQuestion,
    ClassInfo,
    Pupil,
    Rows,
    _by_teacher,
    _due,
    _hash,
    _info,
    _name_free,
    _named,
    _number,
    _show_answer,
    _whole,
    clean_code,
    damaged_note,
)
from store.db import DatabaseBusy, StoreError
from store.pupil_names import MAX_NAME, clean_name, name_key


def start_class(now: float | None = None, path: Location | None = None) -> tuple[str, str]:
    """A new class: its join code and the teacher's secret (shown once, in the teacher's link)."""
    when = time.time() if now is None else now
    secret = secrets.token_urlsafe(18)

    def insert(conn: Connection) -> str:
        for _ in range(20):
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            taken = conn.execute("SELECT 1 FROM classes WHERE code = ?", (code,)).fetchone()
            if taken is None:
                conn.execute(
                    "INSERT INTO classes (code, teacher_hash, created) VALUES (?, ?, ?)",
                    (code, _hash(secret), when),
                )
                return code
        raise StoreError("no free join code was found; try again")  # pragma: no cover - 32**6 codes

    return run(path, insert), secret


def load(code: str, now: float | None = None, path: Location | None = None) -> ClassInfo:
    """The class with ``code`` (NoSuchClass when unknown or expired, DamagedClass when its row does not read)."""
    code = clean_code(code)
    when = time.time() if now is None else now
    return _info(fetch_row(path, _INFO, (code,)), code, when)


def poll(code: str, path: Location | None = None, now: float | None = None) -> tuple[int, int]:
    """The class's (version, stage): the one cheap read a live page makes each second ((-1, -1) for
    no such class; DamagedClass when they do not read). When the open question's timer has run
    out, the first poll to see it, on whichever server, reveals it (``_show_answer`` in one
    immediate transaction: once, whoever else sees it at the same time) and returns the counters
    after the reveal; a database too busy for that write just now leaves it to the next poll."""
    when = time.time() if now is None else now
    row = fetch_row(
        path, "SELECT version, stage, closes, revealed, current, state FROM classes WHERE code = ?", (code,)
    )
    if row is None:
        return (-1, -1)
    version, stage = _whole(row[0], MAX_COUNTER), _whole(row[1], MAX_COUNTER)
    if version is None or stage is None:
        raise DamagedClass(
            f"the record of the class {code} is damaged (its version or stage cannot be read), so "
            "the class cannot go on: the teacher can start a new class"
        )
    closes = None if row[2] is None else _number(row[2])
    if (
        closes is None
        or when < closes
        or row[3] != 0
        or not _whole(row[4], MAX_QUESTIONS)
        or row[5] != "open"
    ):
        return (version, stage)

    def reveal_due(conn: Connection) -> tuple[int, int]:
        info = _info(conn.execute(_INFO, (code,)).fetchone(), code, when)
        if _due(info, when):
            _show_answer(conn, code, info, when)
        moved = conn.execute("SELECT version, stage FROM classes WHERE code = ?", (code,)).fetchone()
        return (int(moved[0]), int(moved[1]))

    try:
        return run(path, reveal_due)
    except (ClassError, StoreError):
        return (version, stage)  # busy, or the row stopped reading: the next poll tries again


def check_teacher(
    code: str, secret: str, now: float | None = None, path: Location | None = None
) -> ClassInfo:
    """The class, when ``secret`` is its teacher's (NotTeacher otherwise)."""
    return _by_teacher(code, secret, now, path, lambda conn, info, when: info, open_only=False, reading=True)


def _restage(conn: Connection, code: str, sets: str = "", args: tuple[object, ...] = ()) -> None:
    """``sets`` (SQL: "locked = ?", its values ``args``) on the class's row, and both its counters
    moved on: what a phone shows has changed."""
    conn.execute(
        f"UPDATE classes SET {sets}{', ' if sets else ''}version = version + 1, stage = stage + 1 WHERE code = ?",
        (*args, code),
    )


def ask(
    code: str,
    secret: str,
    body: str,
    now: float | None = None,
    path: Location | None = None,
    *,
    after: int | None = None,
) -> int:
    """Open the next question (``body``: its JSON); returns its number. The previous one closes.
    With the class's timer on, the question is revealed by itself ``timer`` seconds from now (``poll``).
    ``after``: the question the asking screen showed; when another screen has asked since (two
    clicks on two servers), nothing is asked and AlreadyAsked says so."""

    def change(conn: Connection, info: ClassInfo, when: float) -> int:
        if after is not None and info.current != after:
            raise AlreadyAsked(
                f"question {info.current} was just asked from another screen, so this click asked "
                "nothing: it is shown now"
            )
        number = info.current + 1
        taken = conn.execute(
            "SELECT 1 FROM class_questions WHERE class_code = ? AND number = ?", (info.code, number)
        ).fetchone()
        if taken is not None:
            raise AlreadyAsked(
                f"question {number} of this class was already asked (another screen, or a damaged "
                "record): nothing was asked; reload the page to see it"
            )
        conn.execute(
            "INSERT INTO class_questions (class_code, number, body, opened) VALUES (?, ?, ?, ?)",
            (info.code, number, body, when),
        )
        _restage(
            conn,
            info.code,
            "current = ?, revealed = 0, last_question = ?, closes = ?",
            (number, when, when + info.timer if info.timer else None),
        )
        return number

    return _by_teacher(code, secret, now, path, change)


def reveal(
    code: str,
    secret: str,
    now: float | None = None,
    path: Location | None = None,
    *,
    number: int | None = None,
) -> None:
    """Show the current question's answer: its answers are closed from now on. ``number``: the
    question the revealing screen showed; when another screen has asked the next one since, nothing
    is revealed and AlreadyAsked says so (the teacher has not seen the new one yet)."""

    def change(conn: Connection, info: ClassInfo, when: float) -> None:
        if number is not None and info.current != number:
            raise AlreadyAsked(
                f"question {info.current} was asked from another screen since, so this click revealed "
                "nothing: it is shown now"
            )
        _show_answer(conn, info.code, info, when)

    _by_teacher(code, secret, now, path, change)


def end(code: str, secret: str, now: float | None = None, path: Location | None = None) -> None:
    """End the class: nobody can join or answer; the teacher can still download the summary."""
    _teacher_sets(code, secret, now, path, "state = 'ended'", (), open_only=False)


def set_leaderboard(
    code: str, secret: str, on: bool, now: float | None = None, path: Location | None = None
) -> None:
    _teacher_sets(code, secret, now, path, "leaderboard = ?", (int(on),), open_only=False)


def lock(
    code: str, secret: str, locked: bool, now: float | None = None, path: Location | None = None
) -> None:
    """Lock the class (nobody new may join: ClassLocked) or open it again; pupils already in carry on."""
    _teacher_sets(code, secret, now, path, "locked = ?", (int(locked),))


def _teacher_sets(
    code: str,
    secret: str,
    now: float | None,
    path: Location | None,
    sets: str,
    args: tuple[object, ...],
    *,
    open_only: bool = True,
) -> None:
    """The teacher's change of the class's row alone: ``sets`` with ``args`` (``_restage``)."""
    _by_teacher(
        code,
        secret,
        now,
        path,
        lambda conn, info, when: _restage(conn, info.code, sets, args),
        open_only=open_only,
    )


def set_timer(
    code: str, secret: str, seconds: int, now: float | None = None, path: Location | None = None
) -> None:
    """Each question stays open ``seconds`` (0: until the teacher reveals), then is revealed by itself.
    The open question, if any, follows at once: ``seconds`` from now, or no timer."""
    code = clean_code(code)  # a code that cannot be one is said first, as for every change
    if type(seconds) is not int or not 0 <= seconds <= MAX_TIMER:
        raise ClassError(f"a question's timer is 0 (off) to {MAX_TIMER} whole seconds, not {seconds!r}")

    def change(conn: Connection, info: ClassInfo, when: float) -> None:
        running = bool(info.current) and not info.revealed
        _restage(
            conn,
            info.code,
            "timer = ?, closes = ?",
            (seconds, when + seconds if running and seconds else None),
        )

    _by_teacher(code, secret, now, path, change)


def remove_pupil(
    code: str, secret: str, pupil_id: int, now: float | None = None, path: Location | None = None
) -> str:
    """Take a pupil and their answers out of the class (their phone is back at the join form; while
    the class is locked it cannot join again). Returns the name they had."""

    def change(conn: Connection, info: ClassInfo, when: float) -> str:
        name = _named(conn, info.code, pupil_id)
        conn.execute("DELETE FROM class_answers WHERE class_code = ? AND pupil = ?", (info.code, pupil_id))
        conn.execute("DELETE FROM class_pupils WHERE class_code = ? AND id = ?", (info.code, pupil_id))
        _restage(conn, info.code)
        return name

    return _by_teacher(code, secret, now, path, change)


def rename_pupil(
    code: str, secret: str, pupil_id: int, name: str, now: float | None = None, path: Location | None = None
) -> str:
    """Give a pupil another name (read as ``clean_name`` reads a typed one, and not like another
    pupil's); their answers stay theirs. Returns the name as kept."""
    code = clean_code(code)  # a code that cannot be one is said before a name that cannot
    name = clean_name(name)

    def change(conn: Connection, info: ClassInfo, when: float) -> str:
        _named(conn, info.code, pupil_id)
        _name_free(conn, info.code, name, pupil_id)
        conn.execute(
            "UPDATE class_pupils SET name = ? WHERE class_code = ? AND id = ?", (name, info.code, pupil_id)
        )
        _restage(conn, info.code)
        return name

    return _by_teacher(code, secret, now, path, change)


__all__ = [
    "CODE_LETTERS",
    "EXPIRY_S",
    "HANDOVER_S",
    "JOINS_PER_MINUTE",
    "MAX_NAME",
    "MAX_PUPILS",
    "SCHEMA",
    "TIMER_CHOICES",
    "AlreadyAsked",
    "Answer",
    "AnswerClosed",
    "AskedQuestion",
    "BadHandover",
    "BadName",
    "ClassError",
    "ClassFull",
    "ClassInfo",
    "ClassLocked",
    "DamagedClass",
    "DatabaseBusy",
    "JoinsTooFast",
    "NoSuchClass",
    "NoSuchPupil",
    "NotInClass",
    "NotTeacher",
    "Pupil",
    "Rows",
    "answer",
    "answer_count",
    "answered",
    "answers",
    "ask",
    "cancel_handover",
    "check_teacher",
    "clean_code",
    "clean_handover",
    "clean_name",
    "damaged_note",
    "end",
    "forget_connections",
    "handover",
    "handover_used",
    "join",
    "load",
    "lock",
    "my_answer",
    "name_key",
    "poll",
    "pupil",
    "pupils",
    "question",
    "questions",
    "remove_pupil",
    "rename_pupil",
    "reveal",
    "set_leaderboard",
    "set_timer",
    "start_class",
    "take_handover",
]
