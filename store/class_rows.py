"""Class mode's records, the parts every operation shares: the limits, the values read from the
rows (``ClassInfo``, ``Pupil``, ``AskedQuestion``, ``Answer``, ``Rows``), the readers of a stored
value (a row written by hand or by another program is read, never guessed), and the checks each
change makes inside its transaction (the teacher's secret, an open class, a pupil's name free).
``store.classes`` is the module the rest of the app uses (it passes every name on)."""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from store import fields as stored
from store.backend import Connection, Location
from store.class_errors import (
    BadName,
    DamagedClass,
    NoSuchClass,
    NoSuchPupil,
    NotTeacher,
)
from store.class_pool import run
from store.pupil_names import name_key

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


def _number(value: object) -> float | None:
    """A stored time: a finite number (not a bool, not text), else None."""
    if type(value) not in (int, float):
        return None
    number = float(value)  # type: ignore[arg-type]
    return number if number == number and abs(number) != float("inf") else None


def _whole(value: object, top: int) -> int | None:
    """A stored whole number 0..top, else None."""
    return stored.whole(value, 0, top)


def _flag(value: object) -> bool | None:
    return bool(value) if type(value) is int and value in (0, 1) else None


def _text(value: object, most: int) -> str | None:
    return stored.text(value, most, raw=True)


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


def _teacher(conn: Connection, code: str, secret: str, now: float) -> ClassInfo:
    row = conn.execute("SELECT teacher_hash FROM classes WHERE code = ?", (code,)).fetchone()
    if row is not None and not hmac.compare_digest(
        str(row[0]).encode("utf-8", "replace"), _hash(str(secret)).encode()
    ):
        raise NotTeacher("only the teacher's link can ask, reveal or end this class")
    return _info(conn.execute(_INFO, (code,)).fetchone(), code, now)


def _open_class(conn: Connection, code: str, now: float) -> ClassInfo:
    info = _info(conn.execute(_INFO, (code,)).fetchone(), code, now)
    if info.ended:
        raise NoSuchClass(f"the class {code} has ended")
    return info


def _by_teacher(
    code: str,
    secret: str,
    now: float | None,
    path: Location | None,
    change: Callable[[Connection, ClassInfo, float], T],
    *,
    open_only: bool = True,
    reading: bool = False,
) -> T:
    """``change(conn, info, when)`` in one transaction (``run``; ``reading``: a read) after the checks
    every teacher's change makes in it: ``secret`` is the class's teacher's (NotTeacher) and, with
    ``open_only``, the class has not ended (NoSuchClass). ``info``: the class as read then (its
    ``code`` cleaned by ``clean_code``); ``when``: ``now``, or the time when None."""
    code = clean_code(code)
    when = time.time() if now is None else now

    def work(conn: Connection) -> T:
        info = _teacher(conn, code, secret, when)
        if open_only:
            info = _open_class(conn, code, when)
        return change(conn, info, when)

    return run(path, work, reading=reading)


def _named(conn: Connection, code: str, pupil_id: int) -> str:
    row = conn.execute(
        "SELECT name FROM class_pupils WHERE class_code = ? AND id = ?", (code, pupil_id)
    ).fetchone()
    if row is None:
        raise NoSuchPupil(
            "that pupil is no longer in this class (removed from another screen?): the list is shown afresh"
        )
    return row[0] if isinstance(row[0], str) else "a pupil whose name does not read"


def _name_free(conn: Connection, code: str, name: str, pupil_id: int | None = None) -> None:
    """BadName when a pupil of the class (other than ``pupil_id``) has a name that looks the same."""
    key = name_key(name)
    for other, taken in conn.execute("SELECT id, name FROM class_pupils WHERE class_code = ?", (code,)):
        if other != pupil_id and isinstance(taken, str) and name_key(taken) == key:
            raise BadName(
                f"someone in this class is already called {taken} (names are compared without case "
                "and with look-alike letters as one): add an initial"
            )
