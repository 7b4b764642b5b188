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

A pupil's name is read and compared by ``store.pupil_names``; the errors are ``store.class_errors``'
(all passed on from here).
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from store.backend import Connection, Location
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
from store.class_pool import SCHEMA, forget_connections, run
from store.db import DatabaseBusy, StoreError
from store.pupil_names import MAX_NAME, MAX_NAME_CODES, clean_name, name_key

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I: read off a projector
CODE_LENGTH = 6
MAX_PUPILS = 60
MAX_ANSWER = 200  # characters of one stored answer (the longest is a few cards or a choice)
MAX_QUESTIONS = 100_000  # a question number past this is a damaged row
MAX_COUNTER = 2**53  # version and stage: whole numbers below this
MAX_BODY = 200_000  # characters of a stored question's JSON
EXPIRY_S = 12 * 3600.0
JOINS_PER_MINUTE = 30  # the join form's limit per class in any 60 s (a script joined 37 pupils in 18 s)
JOIN_WINDOW_S = 60.0
TIMER_CHOICES = (
    0,
    20,
    30,
    60,
)  # seconds a question stays open, as the teacher's page offers them (0: no timer)
MAX_TIMER = 3600  # seconds: a stored timer past this is a damaged row
HANDOVER_S = 120.0  # a one-time teacher code lasts this long, and is good for one device
HANDOVER_LENGTH = 8  # letters of a one-time teacher code (CODE_LETTERS)
HANDOVER_ROUNDS = 20_000  # PBKDF2 rounds sealing the secret under a one-time code
T = TypeVar("T")


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
    locked: bool = False  # no new pupils may join
    timer: int = 0  # seconds each question stays open (0: until the teacher reveals)
    closes: float | None = None  # when the current question is revealed by itself (None: no timer on it)

    @property
    def ended(self) -> bool:
        return self.state == "ended"

    def left(self, now: float) -> float | None:
        """Seconds until the open question is revealed by itself (0 once due), None when nothing runs out.

        >>> info = ClassInfo("ABCDEF", 0.0, 5.0, "open", True, 1, False, 3, 2, False, 30, 35.0)
        >>> info.left(20.0), info.left(40.0), ClassInfo("ABCDEF", 0.0, None, "open", True, 0, False, 0, 0).left(1.0)
        (15.0, 0.0, None)
        """
        if self.closes is None or self.ended or self.revealed or not self.current:
            return None
        return max(0.0, self.closes - now)


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


class Rows(tuple[T, ...]):
    """The rows of a list that read, in order; ``damaged`` counts those left out because they did not."""

    damaged: int

    def __new__(cls, rows: Iterable[T] = (), damaged: int = 0) -> Rows[T]:
        made = super().__new__(cls, rows)
        made.damaged = damaged
        return made


def damaged_note(count: int) -> str:
    """'2 damaged records of this class were skipped' (empty for none)."""
    if not count:
        return ""
    return f"{count} damaged record{' was' if count == 1 else 's were'} of this class skipped: they could not be read"


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


def clean_code(text: str) -> str:
    """A join code as typed: spaces dropped, upper case. Raises NoSuchClass when it cannot be one."""
    code = "".join(str(text).split()).upper()
    if len(code) != CODE_LENGTH or any(ch not in CODE_LETTERS for ch in code):
        raise NoSuchClass(f"a join code is {CODE_LENGTH} letters and digits, like the one on the projector")
    return code


# ---- reading a stored value (a row written by hand or by another program is read, never guessed) -----


def _number(value: object) -> float | None:
    """A stored time: a finite number (not a bool, not text), else None."""
    if type(value) not in (int, float):
        return None
    number = float(value)  # type: ignore[arg-type]
    return number if number == number and abs(number) != float("inf") else None


def _whole(value: object, top: int) -> int | None:
    """A stored whole number 0..top, else None."""
    return value if type(value) is int and 0 <= value <= top else None


def _flag(value: object) -> bool | None:
    return bool(value) if type(value) is int and value in (0, 1) else None


def _text(value: object, most: int) -> str | None:
    return value if isinstance(value, str) and len(value) <= most else None


# ---- the class ------------------------------------------------------------------------------------


def _info(row: Any, code: str, now: float) -> ClassInfo:
    if row is None:
        raise NoSuchClass(f"there is no class with the code {code}: check the code on the projector")
    created, last, state, board, current, revealed, version, stage, locked, timer, closes = row
    fields = {
        "created": _number(created),
        "last_question": 0.0 if last is None else _number(last),
        "state": state if state in ("open", "ended") else None,
        "leaderboard": _flag(board),
        "current": _whole(current, MAX_QUESTIONS),
        "revealed": _flag(revealed),
        "version": _whole(version, MAX_COUNTER),
        "stage": _whole(stage, MAX_COUNTER),
        "locked": _flag(locked),
        "timer": _whole(timer, MAX_TIMER),
        "closes": 0.0 if closes is None else _number(closes),
    }
    bad = [name for name, value in fields.items() if value is None]
    if bad:
        raise DamagedClass(
            f"the record of the class {code} is damaged ({', '.join(bad)} cannot be read), so the "
            "class cannot go on: the teacher can start a new class"
        )
    info = ClassInfo(
        code,
        float(created),
        None if last is None else float(last),
        str(state),
        bool(board),
        int(current),
        bool(revealed),
        int(version),
        int(stage),
        bool(locked),
        int(timer),
        None if closes is None else float(closes),
    )
    if now - max(info.created, info.last_question or 0.0) > EXPIRY_S:
        raise NoSuchClass(f"the class {code} has expired (12 hours after its last question)")
    return info


_INFO = (
    "SELECT created, last_question, state, leaderboard, current, revealed, version, stage, locked, timer, closes "
    "FROM classes WHERE code = ?"
)


def _due(info: ClassInfo, now: float) -> bool:
    """Whether the open question's time ran out (the timer), so it is to be revealed now."""
    return info.left(now) == 0.0


def _show_answer(conn: Connection, code: str, info: ClassInfo, when: float) -> bool:
    """Reveal the current question inside the caller's immediate transaction; False (nothing done)
    when there is none or it is already revealed: so two reveals at once, by the teacher or by
    the timer on any server, reveal it once."""
    if info.ended or info.current == 0 or info.revealed:
        return False
    conn.execute(
        "UPDATE class_questions SET revealed = ? WHERE class_code = ? AND number = ?",
        (when, code, info.current),
    )
    conn.execute(
        "UPDATE classes SET revealed = 1, closes = NULL, version = version + 1, stage = stage + 1 "
        "WHERE code = ? AND current = ? AND revealed = 0",
        (code, info.current),
    )
    return True


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
    return run(
        path, lambda conn: _info(conn.execute(_INFO, (code,)).fetchone(), code, when), reading=True, one=True
    )


def poll(code: str, path: Location | None = None, now: float | None = None) -> tuple[int, int]:
    """The class's (version, stage): the one cheap read a live page makes each second ((-1, -1) for
    no such class; DamagedClass when they do not read). When the open question's timer has run
    out, the first poll to see it, on whichever server, reveals it (``_show_answer`` in one
    immediate transaction: once, whoever else sees it at the same time) and returns the counters
    after the reveal; a database too busy for that write just now leaves it to the next poll."""
    when = time.time() if now is None else now
    row = run(
        path,
        lambda conn: conn.execute(
            "SELECT version, stage, closes, revealed, current, state FROM classes WHERE code = ?", (code,)
        ).fetchone(),
        reading=True,
        one=True,
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


def _teacher(conn: Connection, code: str, secret: str, now: float) -> ClassInfo:
    row = conn.execute("SELECT teacher_hash FROM classes WHERE code = ?", (code,)).fetchone()
    if row is not None and not hmac.compare_digest(
        str(row[0]).encode("utf-8", "replace"), _hash(str(secret)).encode()
    ):
        raise NotTeacher("only the teacher's link can ask, reveal or end this class")
    return _info(conn.execute(_INFO, (code,)).fetchone(), code, now)


def check_teacher(
    code: str, secret: str, now: float | None = None, path: Location | None = None
) -> ClassInfo:
    """The class, when ``secret`` is its teacher's (NotTeacher otherwise)."""
    code = clean_code(code)
    when = time.time() if now is None else now
    return run(path, lambda conn: _teacher(conn, code, secret, when), reading=True)


def _open_class(conn: Connection, code: str, now: float) -> ClassInfo:
    info = _info(conn.execute(_INFO, (code,)).fetchone(), code, now)
    if info.ended:
        raise NoSuchClass(f"the class {code} has ended")
    return info


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
    code = clean_code(code)
    when = time.time() if now is None else now

    def work(conn: Connection) -> int:
        info = _teacher(conn, code, secret, when)
        if info.ended:
            raise NoSuchClass(f"the class {code} has ended")
        if after is not None and info.current != after:
            raise AlreadyAsked(
                f"question {info.current} was just asked from another screen, so this click asked "
                "nothing: it is shown now"
            )
        number = info.current + 1
        taken = conn.execute(
            "SELECT 1 FROM class_questions WHERE class_code = ? AND number = ?", (code, number)
        ).fetchone()
        if taken is not None:
            raise AlreadyAsked(
                f"question {number} of this class was already asked (another screen, or a damaged "
                "record): nothing was asked; reload the page to see it"
            )
        conn.execute(
            "INSERT INTO class_questions (class_code, number, body, opened) VALUES (?, ?, ?, ?)",
            (code, number, body, when),
        )
        conn.execute(
            "UPDATE classes SET current = ?, revealed = 0, last_question = ?, closes = ?, "
            "version = version + 1, stage = stage + 1 WHERE code = ?",
            (number, when, when + info.timer if info.timer else None, code),
        )
        return number

    return run(path, work)


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
    code = clean_code(code)
    when = time.time() if now is None else now

    def work(conn: Connection) -> None:
        _teacher(conn, code, secret, when)
        info = _open_class(conn, code, when)
        if number is not None and info.current != number:
            raise AlreadyAsked(
                f"question {info.current} was asked from another screen since, so this click revealed "
                "nothing: it is shown now"
            )
        _show_answer(conn, code, info, when)

    run(path, work)


def end(code: str, secret: str, now: float | None = None, path: Location | None = None) -> None:
    """End the class: nobody can join or answer; the teacher can still download the summary."""
    code = clean_code(code)
    when = time.time() if now is None else now

    def work(conn: Connection) -> None:
        _teacher(conn, code, secret, when)
        conn.execute(
            "UPDATE classes SET state = 'ended', version = version + 1, stage = stage + 1 WHERE code = ?",
            (code,),
        )

    run(path, work)


def set_leaderboard(
    code: str, secret: str, on: bool, now: float | None = None, path: Location | None = None
) -> None:
    code = clean_code(code)
    when = time.time() if now is None else now

    def work(conn: Connection) -> None:
        _teacher(conn, code, secret, when)
        conn.execute(
            "UPDATE classes SET leaderboard = ?, version = version + 1, stage = stage + 1 WHERE code = ?",
            (int(on), code),
        )

    run(path, work)


def lock(
    code: str, secret: str, locked: bool, now: float | None = None, path: Location | None = None
) -> None:
    """Lock the class (nobody new may join: ClassLocked) or open it again; pupils already in carry on."""
    code = clean_code(code)
    when = time.time() if now is None else now

    def work(conn: Connection) -> None:
        _teacher(conn, code, secret, when)
        _open_class(conn, code, when)
        conn.execute(
            "UPDATE classes SET locked = ?, version = version + 1, stage = stage + 1 WHERE code = ?",
            (int(locked), code),
        )

    run(path, work)


def set_timer(
    code: str, secret: str, seconds: int, now: float | None = None, path: Location | None = None
) -> None:
    """Each question stays open ``seconds`` (0: until the teacher reveals), then is revealed by itself.
    The open question, if any, follows at once: ``seconds`` from now, or no timer."""
    code = clean_code(code)
    when = time.time() if now is None else now
    if type(seconds) is not int or not 0 <= seconds <= MAX_TIMER:
        raise ClassError(f"a question's timer is 0 (off) to {MAX_TIMER} whole seconds, not {seconds!r}")

    def work(conn: Connection) -> None:
        _teacher(conn, code, secret, when)
        info = _open_class(conn, code, when)
        running = bool(info.current) and not info.revealed
        closes = when + seconds if running and seconds else None
        conn.execute(
            "UPDATE classes SET timer = ?, closes = ?, version = version + 1, stage = stage + 1 "
            "WHERE code = ?",
            (seconds, closes, code),
        )

    run(path, work)


def _named(conn: Connection, code: str, pupil_id: int) -> str:
    row = conn.execute(
        "SELECT name FROM class_pupils WHERE class_code = ? AND id = ?", (code, pupil_id)
    ).fetchone()
    if row is None:
        raise NoSuchPupil(
            "that pupil is no longer in this class (removed from another screen?): the list is shown afresh"
        )
    return row[0] if isinstance(row[0], str) else "a pupil whose name does not read"


def remove_pupil(
    code: str, secret: str, pupil_id: int, now: float | None = None, path: Location | None = None
) -> str:
    """Take a pupil and their answers out of the class (their phone is back at the join form; while
    the class is locked it cannot join again). Returns the name they had."""
    code = clean_code(code)
    when = time.time() if now is None else now

    def work(conn: Connection) -> str:
        _teacher(conn, code, secret, when)
        _open_class(conn, code, when)
        name = _named(conn, code, pupil_id)
        conn.execute("DELETE FROM class_answers WHERE class_code = ? AND pupil = ?", (code, pupil_id))
        conn.execute("DELETE FROM class_pupils WHERE class_code = ? AND id = ?", (code, pupil_id))
        conn.execute("UPDATE classes SET version = version + 1, stage = stage + 1 WHERE code = ?", (code,))
        return name

    return run(path, work)


def _name_free(conn: Connection, code: str, name: str, pupil_id: int | None = None) -> None:
    """BadName when a pupil of the class (other than ``pupil_id``) has a name that looks the same."""
    key = name_key(name)
    for other, taken in conn.execute("SELECT id, name FROM class_pupils WHERE class_code = ?", (code,)):
        if other != pupil_id and isinstance(taken, str) and name_key(taken) == key:
            raise BadName(
                f"someone in this class is already called {taken} (names are compared without case "
                "and with look-alike letters as one): add an initial"
            )


def rename_pupil(
    code: str, secret: str, pupil_id: int, name: str, now: float | None = None, path: Location | None = None
) -> str:
    """Give a pupil another name (read as ``clean_name`` reads a typed one, and not like another
    pupil's); their answers stay theirs. Returns the name as kept."""
    code = clean_code(code)
    name = clean_name(name)
    when = time.time() if now is None else now

    def work(conn: Connection) -> str:
        _teacher(conn, code, secret, when)
        _open_class(conn, code, when)
        _named(conn, code, pupil_id)
        _name_free(conn, code, name, pupil_id)
        conn.execute(
            "UPDATE class_pupils SET name = ? WHERE class_code = ? AND id = ?", (name, code, pupil_id)
        )
        conn.execute("UPDATE classes SET version = version + 1, stage = stage + 1 WHERE code = ?", (code,))
        return name

    return run(path, work)


# ---- handing the class to another device --------------------------------------------------------------
# The teacher's secret is never shown on the (projected) page. To run the class from another device,
# the teacher asks for a one-time code: the secret is kept sealed under it (PBKDF2 of the code, the
# class's code as salt: XORed, so the row alone does not give the secret), for HANDOVER_S seconds and
# one use. The device that types it (or opens the link holding it) gets the secret and keeps it as
# the device that started the class does.


def clean_handover(text: str) -> str:
    """A one-time code as typed: spaces and dashes dropped, upper case (BadHandover when it cannot be one)."""
    typed = "".join(ch for ch in str(text) if ch not in " -\t").upper()
    if len(typed) != HANDOVER_LENGTH or any(ch not in CODE_LETTERS for ch in typed):
        raise BadHandover(
            f"a teacher code is {HANDOVER_LENGTH} letters and digits, like the one on the teacher's screen"
        )
    return typed


def _derive(one_time: str, code: str, purpose: str, length: int) -> bytes:
    return hashlib.pbkdf2_hmac(
        "sha256", one_time.encode(), f"{purpose}:{code}".encode(), HANDOVER_ROUNDS, length
    )


def handover(code: str, secret: str, now: float | None = None, path: Location | None = None) -> str:
    """A one-time code another device takes the class with (``take_handover``), good for
    ``HANDOVER_S`` seconds and one use; a new one replaces the class's last."""
    code = clean_code(code)
    when = time.time() if now is None else now
    one_time = "".join(secrets.choice(CODE_LETTERS) for _ in range(HANDOVER_LENGTH))
    plain = str(secret).encode("utf-8")
    sealed = bytes(
        a ^ b for a, b in zip(plain, _derive(one_time, code, "seal", len(plain)), strict=True)
    ).hex()
    lookup = _derive(one_time, code, "lookup", 32).hex()

    def work(conn: Connection) -> None:
        _teacher(conn, code, secret, when)
        _open_class(conn, code, when)
        conn.execute(
            "INSERT INTO class_handovers (class_code, lookup, sealed, expires, used) VALUES (?, ?, ?, ?, NULL) "
            "ON CONFLICT (class_code) DO UPDATE SET lookup = excluded.lookup, sealed = excluded.sealed, "
            "expires = excluded.expires, used = NULL",
            (code, lookup, sealed, when + HANDOVER_S),
        )

    run(path, work)
    return one_time


def cancel_handover(code: str, secret: str, now: float | None = None, path: Location | None = None) -> None:
    """Forget the class's one-time code (the teacher hid it): it no longer opens the class."""
    code = clean_code(code)
    when = time.time() if now is None else now

    def work(conn: Connection) -> None:
        _teacher(conn, code, secret, when)
        conn.execute("DELETE FROM class_handovers WHERE class_code = ?", (code,))

    run(path, work)


def handover_used(
    code: str, secret: str, now: float | None = None, path: Location | None = None
) -> float | None:
    """When the class's one-time code was taken by a device (None: not taken, or none shown)."""
    code = clean_code(code)
    when = time.time() if now is None else now

    def work(conn: Connection) -> float | None:
        _teacher(conn, code, secret, when)
        row = conn.execute("SELECT used FROM class_handovers WHERE class_code = ?", (code,)).fetchone()
        return None if row is None or row[0] is None else _number(row[0])

    return run(path, work, reading=True)


def take_handover(code: str, one_time: str, now: float | None = None, path: Location | None = None) -> str:
    """The teacher's secret, for the device that types the class's one-time code in time; the code is
    then used up. BadHandover when it is wrong, used or expired."""
    code = clean_code(code)
    typed = clean_handover(one_time)
    when = time.time() if now is None else now
    lookup = _derive(typed, code, "lookup", 32).hex()
    refused = BadHandover(
        "that teacher code is not this class's, was used already or has expired: show a new one "
        "on the teacher's screen"
    )

    def work(conn: Connection) -> str:
        _open_class(conn, code, when)
        row = conn.execute(
            "SELECT lookup, sealed, expires, used FROM class_handovers WHERE class_code = ?", (code,)
        ).fetchone()
        if (
            row is None
            or not isinstance(row[0], str)
            or not hmac.compare_digest(row[0].encode(), lookup.encode())
        ):
            raise refused
        sealed, expires, used = row[1], _number(row[2]), row[3]
        if used is not None or expires is None or when > expires or not isinstance(sealed, str):
            raise refused
        try:
            data = bytes.fromhex(sealed)
            secret = bytes(
                a ^ b for a, b in zip(data, _derive(typed, code, "seal", len(data)), strict=True)
            ).decode()
        except (ValueError, UnicodeDecodeError):
            raise refused from None
        conn.execute("UPDATE class_handovers SET sealed = '', used = ? WHERE class_code = ?", (when, code))
        _teacher(conn, code, secret, when)
        conn.execute("UPDATE classes SET version = version + 1 WHERE code = ?", (code,))
        return secret

    return run(path, work)


# ---- pupils and answers -----------------------------------------------------------------------------


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
    rows = run(
        path,
        lambda conn: conn.execute(
            "SELECT number, body, opened, revealed FROM class_questions WHERE class_code = ? ORDER BY number",
            (code,),
        ).fetchall(),
        reading=True,
    )
    read = [_asked(row) for row in rows]
    return Rows((q for q in read if q is not None), sum(q is None for q in read))


def answer_count(code: str, number: int, path: Location | None = None) -> int:
    """How many pupils have answered question ``number`` (what the projector shows while it is open)."""
    row = run(
        path,
        lambda conn: conn.execute(
            "SELECT count(*) FROM class_answers WHERE class_code = ? AND number = ?", (code, number)
        ).fetchone(),
        reading=True,
        one=True,
    )
    return int(row[0])


def answered(code: str, number: int, path: Location | None = None) -> frozenset[int]:
    """The ids of the pupils who have answered question ``number`` (not what they answered: the
    teacher's list of who has not answered yet reads this beside ``pupils``)."""
    code = clean_code(code)
    rows = run(
        path,
        lambda conn: conn.execute(
            "SELECT pupil FROM class_answers WHERE class_code = ? AND number = ?", (code, number)
        ).fetchall(),
        reading=True,
    )
    return frozenset(p for (p,) in rows if _whole(p, 2**62) is not None)


def pupils(code: str, path: Location | None = None) -> Rows[Pupil]:
    """The class's pupils in the order they joined; rows that do not read are left out and counted."""
    code = clean_code(code)
    rows = run(
        path,
        lambda conn: conn.execute(
            "SELECT id, name FROM class_pupils WHERE class_code = ? ORDER BY joined, id", (code,)
        ).fetchall(),
        reading=True,
    )
    read = [(_whole(i, 2**62), _text(n, MAX_NAME_CODES)) for i, n in rows]
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


__all__ = [
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
