"""The class over the store: what the Class page (``views/class_mode/``, ``ui/class_*``) and the
deal editor's "ask it in class" need of a class's life cycle, as one service below the pages,
which never import the database (``store/``) themselves (tests/test_layers.py says so).

A class is kept in the database (``store.classes``: start, join, ask, answer, reveal, the timer,
the handover of the teacher's screen, end); its questions are ``classroom.questions`` and its
marking ``classroom.marking``. The names and their meaning are the store's, gathered here with the
one exception of the database (``StoreError``: busy, unreadable); the limits (``JOINS_PER_MINUTE``
and the others) are read from here by the pages.

Two are the class's own rules over the store's: ``join`` and ``rename_pupil`` take the name as it
was typed and pass it through the class's name filter (``classroom.names.check_name``: words, not
on the block list) first; ``join`` keeps to ``JOINS_PER_MINUTE``. The store alone takes any name it
can show (``store.classes.join``: no filter, no limit unless asked), as the load benchmark needs.
"""

from __future__ import annotations

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
    ClassError,
    ClassInfo,
    DamagedClass,
    NotInClass,
    Rows,
    answer,
    answered,
    answers,
    ask,
    cancel_handover,
    check_teacher,
    clean_code,
    damaged_note,
    end,
    handover,
    handover_used,
    load,
    lock,
    my_answer,
    poll,
    pupil,
    pupils,
    question,
    remove_pupil,
    reveal,
    set_leaderboard,
    set_timer,
    start_class,
    take_handover,
)
from store.db import DatabaseBusy, StoreError


def join(code: str, typed_name: str, now: float | None = None, path: Location | None = None) -> str:
    """A pupil joins from the join form: the typed name through the class's name filter, at most
    ``JOINS_PER_MINUTE`` pupils joining in any minute; returns the pupil's token. Raises a
    ``ClassError`` saying what was wrong (the name, a locked or full class, joins too fast)."""
    return store.join(code, check_name(typed_name), now, path, per_minute=JOINS_PER_MINUTE)


def rename_pupil(
    code: str,
    secret: str,
    pupil_id: int,
    typed_name: str,
    now: float | None = None,
    path: Location | None = None,
) -> str:
    """The teacher renames a pupil: the typed name through the class's name filter, where a real
    first name that is on the block list ("Dick", ``classroom.names.REAL_NAMES``) is the teacher's
    call; returns the name as kept."""
    return store.rename_pupil(code, secret, pupil_id, check_name(typed_name, teacher=True), now, path)


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
    "ClassError",
    "DatabaseBusy",
    "ClassInfo",
    "DamagedClass",
    "NotInClass",
    "Rows",
    "StoreError",
    "answer",
    "answered",
    "answers",
    "ask",
    "cancel_handover",
    "check_teacher",
    "clean_code",
    "damaged_note",
    "end",
    "handover",
    "handover_used",
    "join",
    "load",
    "lock",
    "my_answer",
    "poll",
    "pupil",
    "pupils",
    "question",
    "remove_pupil",
    "rename_pupil",
    "reveal",
    "set_leaderboard",
    "set_timer",
    "start_class",
    "take_handover",
]
