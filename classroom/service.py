"""The class over the store: what the Class page (``views/class_mode/``, ``ui/class_*``) and the
deal editor's "ask it in class" need of a class's life cycle, as one service below the pages,
which never import the database (``store/``) themselves (tests/test_layers.py says so).

A class is kept in the database (``store.classes``: start, join, ask, answer, reveal, the timer,
the handover of the teacher's screen, end); its questions are ``classroom.questions`` and its
marking ``classroom.marking``. A page reaches a class through a handle it makes once from what it
keeps: ``Room(code)`` for what anyone with the join code may read (the poll, the class, a question
asked, who joined and answered, the answers once revealed), ``Teacher(code, secret)`` for what
the teacher does with their secret, ``Pupil(code, token)`` for what a pupil does with the token
in their link. Each method takes only what varies (``now`` where the store reads the clock, for
tests). The handles are frozen values: the secret and the token stay out of their ``repr``.

The errors, the values read back and the limits (``JOINS_PER_MINUTE`` and the others) are the
store's, read by the pages from here (the one place), with the one exception of the database
(``StoreError``: busy, unreadable).

Two are the class's own rules over the store's: ``Pupil.join`` and ``Teacher.rename_pupil`` take
the name as it was typed and pass it through the class's name filter (``classroom.names.check_name``:
words, not on the block list) first; ``Pupil.join`` keeps to ``JOINS_PER_MINUTE``. The store alone
takes any name it can show (``store.classes.join``: no filter, no limit unless asked), as the load
benchmark needs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from classroom.names import check_name
from store import classes as store
from store.backend import Location
from store.classes import (
    EXPIRY_S,
    HANDOVER_S,
    JOINS_PER_MINUTE,
    MAX_NAME,
    MAX_PUPILS,
    TIMER_CHOICES,
    AlreadyAsked,
    Answer,
    AnswerClosed,
    AskedQuestion,
    ClassError,
    ClassInfo,
    DamagedClass,
    NotInClass,
    Rows,
    clean_code,
    damaged_note,
)
from store.classes import Pupil as PupilRow
from store.db import DatabaseBusy, StoreError


@dataclass(frozen=True, slots=True)
class Room:
    """A class by its join code: what any page holding the code may read."""

    code: str
    path: Location | None = field(default=None, kw_only=True)  # the database (None: the app's own)

    def load(self, now: float | None = None) -> ClassInfo:
        """The class (NoSuchClass when unknown or expired, DamagedClass when its row does not read)."""
        return store.load(self.code, now, self.path)

    def poll(self, now: float | None = None) -> tuple[int, int]:
        """The class's (version, stage), the one cheap read a live page makes each second
        ((-1, -1) for no such class); the first poll past a question's timer reveals it."""
        return store.poll(self.code, self.path, now)

    def question(self, number: int) -> AskedQuestion:
        """Question ``number`` as stored (DamagedClass when it is missing or does not read)."""
        return store.question(self.code, number, self.path)

    def pupils(self) -> Rows[PupilRow]:
        """The pupils who joined, in the order they joined."""
        return store.pupils(self.code, self.path)

    def answered(self, number: int) -> frozenset[int]:
        """The ids of the pupils who have answered question ``number``."""
        return store.answered(self.code, number, self.path)

    def answers(self, number: int | None = None, now: float | None = None) -> Rows[Answer]:
        """The answers to question ``number`` (every question's when None), once it is revealed."""
        return store.answers(self.code, number, now=now, path=self.path)


@dataclass(frozen=True, slots=True)
class Teacher(Room):
    """The teacher of the class ``code``: every change they make is checked against ``secret``."""

    secret: str = field(repr=False)

    @classmethod
    def start(cls, now: float | None = None, path: Location | None = None) -> Teacher:
        """A new class, with its join code and the teacher's secret (shown once, in the teacher's link)."""
        code, secret = store.start_class(now, path)
        return cls(code, secret, path=path)

    @classmethod
    def take_over(
        cls, code: str, one_time: str, now: float | None = None, path: Location | None = None
    ) -> Teacher:
        """The class ``code`` run from this device: the one-time code another screen showed gives
        the teacher's secret (``store.classes.take_handover``; once, within ``HANDOVER_S``)."""
        return cls(code, store.take_handover(code, one_time, now, path), path=path)

    def check(self, now: float | None = None) -> ClassInfo:
        """The class, when the secret is its teacher's (NotTeacher otherwise)."""
        return store.check_teacher(self.code, self.secret, now, self.path)

    def answers(self, number: int | None = None, now: float | None = None) -> Rows[Answer]:
        """The answers to question ``number`` (every question's when None), before the reveal too."""
        return store.answers(self.code, number, secret=self.secret, now=now, path=self.path)

    def ask(self, body: str, now: float | None = None, *, after: int | None = None) -> int:
        """Open the next question (``body``: its JSON); returns its number. ``after``: the question
        the asking screen showed (AlreadyAsked when another screen has asked since)."""
        return store.ask(self.code, self.secret, body, now, self.path, after=after)

    def reveal(self, now: float | None = None, *, number: int | None = None) -> None:
        """Show the current question's answer (``number``: the question the revealing screen showed)."""
        store.reveal(self.code, self.secret, now, self.path, number=number)

    def end(self, now: float | None = None) -> None:
        """End the class: nobody can join or answer; the summary can still be downloaded."""
        store.end(self.code, self.secret, now, self.path)

    def set_leaderboard(self, on: bool, now: float | None = None) -> None:
        store.set_leaderboard(self.code, self.secret, on, now, self.path)

    def lock(self, locked: bool, now: float | None = None) -> None:
        """Lock the class (nobody new joins) or open it again."""
        store.lock(self.code, self.secret, locked, now, self.path)

    def set_timer(self, seconds: int, now: float | None = None) -> None:
        """The seconds each question stays open (0: until the teacher reveals)."""
        store.set_timer(self.code, self.secret, seconds, now, self.path)

    def remove_pupil(self, pupil_id: int, now: float | None = None) -> str:
        """Take a pupil out of the class; returns their name."""
        return store.remove_pupil(self.code, self.secret, pupil_id, now, self.path)

    def rename_pupil(self, pupil_id: int, typed_name: str, now: float | None = None) -> str:
        """Rename a pupil: the typed name through the class's name filter, where a real first name
        that is on the block list ("Dick", ``classroom.names.REAL_NAMES``) is the teacher's call;
        returns the name as kept."""
        return store.rename_pupil(
            self.code, self.secret, pupil_id, check_name(typed_name, teacher=True), now, self.path
        )

    def handover(self, now: float | None = None) -> str:
        """A one-time code another device can take the class with, within ``HANDOVER_S``."""
        return store.handover(self.code, self.secret, now, self.path)

    def handover_used(self, now: float | None = None) -> float | None:
        """When the one-time code was taken (None: not yet)."""
        return store.handover_used(self.code, self.secret, now, self.path)

    def cancel_handover(self, now: float | None = None) -> None:
        store.cancel_handover(self.code, self.secret, now, self.path)


@dataclass(frozen=True, slots=True)
class Pupil(Room):
    """A pupil of the class ``code``, known by the ``token`` in their link."""

    token: str = field(repr=False)

    @classmethod
    def join(
        cls, code: str, typed_name: str, now: float | None = None, path: Location | None = None
    ) -> Pupil:
        """A pupil joins from the join form: the typed name through the class's name filter, at most
        ``JOINS_PER_MINUTE`` pupils joining in any minute. Raises a ``ClassError`` saying what was
        wrong (the name, a locked or full class, joins too fast)."""
        token = store.join(code, check_name(typed_name), now, path, per_minute=JOINS_PER_MINUTE)
        return cls(code, token, path=path)

    def me(self) -> PupilRow:
        """This pupil as the class keeps them (NotInClass once the teacher removed them)."""
        return store.pupil(self.code, self.token, self.path)

    def answer(self, number: int, text: str, now: float | None = None) -> None:
        """Answer question ``number`` (again, until the reveal)."""
        store.answer(self.code, self.token, number, text, now, self.path)

    def my_answer(self, number: int) -> str:
        """This pupil's answer to question ``number`` ("" when none, or when it does not read)."""
        return store.my_answer(self.code, self.token, number, self.path)


__all__ = [
    "EXPIRY_S",
    "HANDOVER_S",
    "JOINS_PER_MINUTE",
    "MAX_NAME",
    "MAX_PUPILS",
    "TIMER_CHOICES",
    "AlreadyAsked",
    "Answer",
    "AnswerClosed",
    "AskedQuestion",
    "ClassError",
    "ClassInfo",
    "DamagedClass",
    "DatabaseBusy",
    "NotInClass",
    "Pupil",
    "PupilRow",
    "Room",
    "Rows",
    "StoreError",
    "Teacher",
    "clean_code",
    "damaged_note",
]
