"""Class mode's errors: each says, in words a pupil or teacher reads, why what they asked cannot be
done. ``ClassError`` is a ValueError; ``store.classes`` raises them and passes them on."""

from __future__ import annotations


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
    """A first name that is empty, invisible, too long, of mixed alphabets, or taken in this class."""


class AnswerClosed(ClassError):
    """The question is not open for answers (revealed, or a newer one was asked)."""


class AlreadyAsked(ClassError):
    """Another screen asked the next question first (two clicks on "Ask" at once)."""


class DamagedClass(ClassError):
    """A stored row of the class does not read (written by hand or another program): not guessed at."""


class ClassLocked(ClassError):
    """The teacher locked the class: nobody new may join (pupils already in carry on)."""


class JoinsTooFast(ClassError):
    """More pupils joined the class in the last minute than the join form allows (a script filling it)."""


class NoSuchPupil(ClassError):
    """The teacher named a pupil who is not (or no longer) in the class."""


class BadHandover(ClassError):
    """A one-time teacher code that is wrong, used already or expired."""


__all__ = [
    "AlreadyAsked",
    "AnswerClosed",
    "BadHandover",
    "BadName",
    "ClassError",
    "ClassFull",
    "ClassLocked",
    "DamagedClass",
    "JoinsTooFast",
    "NoSuchClass",
    "NoSuchPupil",
    "NotInClass",
    "NotTeacher",
]
