"""Learning from mistakes, one position at a time, and the mistake deck that brings them back.

Two parts, both without Streamlit:

**The quiz** (``judge``): the learner sits at the position before a costly decision, sees what
their seat saw, and chooses again. A choice among the right answers (graded best or good by the
same figures as the grade: ``GradedDecision.right_answers``) is *right*; the first wrong one asks
to *try again*; a second wrong one *shows* the answer (the best choice) and why. Tries after that
are not counted. ``ui.seat_retry`` draws it; "learn from your mistakes" under a finished hand and
the Review page use it.

>>> from engine.core.actions import Action
>>> right, wrong, other = Action.parse("play AS"), Action.parse("play 9H"), Action.parse("play TH")
>>> [judge((right,), tries).verdict.value for tries in [(), (wrong,), (wrong, right), (wrong, other)]]
['asking', 'try again', 'right', 'shown']
>>> judge((right,), (right,)).first_right, judge((right,), (wrong, right)).first_right
(True, False)

**The deck** (spaced repetition, as flash cards do it): every graded mistake or blunder of a
saved hand goes into the learner's deck (``add_mistakes``), first due ``INTERVALS[0]`` day after
it was made. A position answered right at the first try moves on: due again 3 days later, then
7, then it is retired; one answered wrong (or found only at the second try) starts again, due in
1 day (``scheduled``). Days are calendar days in UTC: an entry is due on its day, at any hour of
it (``days_until``). The deck is kept per learner (``learner_key``) by ``store.mistake_deck``,
which checks every row it reads back; the clock is a ``now`` argument everywhere, so a test can
move time.

>>> from datetime import datetime, UTC
>>> made = datetime(2026, 12, 3, 14, 0, tzinfo=UTC)
>>> scheduled(0, True, made)
(1, datetime.datetime(2026, 12, 6, 14, 0, tzinfo=datetime.timezone.utc))
>>> scheduled(2, True, made)[0], scheduled(1, False, made)[0]
(3, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, time, timedelta
from enum import StrEnum

from engine.core.actions import Action
from engine.core.mistake import PRACTICE, Mistake
from engine.core.seat_text import replay_view
from engine.core.view import view_of
from practice.replay import Step, replay, view_replay
from practice.review import COSTLY, GradedDecision, loss_words
from store import mistake_deck
from store.backend import Connection
from store.mistake_deck import RETIRED, Entry

INTERVALS = (1, 3, 7)  # days until the next review at stage 0, 1, 2; a right answer at stage 2 retires it
assert len(INTERVALS) == RETIRED
TRIES = 2  # wrong tries before the answer is shown


# ---- the quiz -------------------------------------------------------------------------------


class Verdict(StrEnum):
    ASKING = "asking"  # no try yet
    TRY_AGAIN = "try again"  # one wrong try
    RIGHT = "right"  # a right answer (the quiz is over)
    SHOWN = "shown"  # wrong twice: the answer is shown (the quiz is over)


@dataclass(frozen=True, slots=True)
class Quiz:
    """Where one position's quiz stands after the learner's tries."""

    verdict: Verdict
    tries: tuple[Action, ...]  # the tries that counted, in order
    first_right: bool  # right at the first try: the deck moves it on

    @property
    def answered(self) -> bool:
        """Over: right, or the answer shown. Only then may every hand be shown face up."""
        return self.verdict in (Verdict.RIGHT, Verdict.SHOWN)

    @property
    def last(self) -> Action | None:
        return self.tries[-1] if self.tries else None


def judge(right: Sequence[Action], tries: Sequence[Action]) -> Quiz:
    """What the learner's ``tries`` at a position mean, given its ``right`` answers: right at the
    first right try, "try again" after one wrong one, the answer shown after ``TRIES`` wrong ones.
    Tries after the quiz is over are not counted."""
    counted: list[Action] = []
    for choice in tries:
        counted.append(choice)
        if choice in right:
            return Quiz(Verdict.RIGHT, tuple(counted), len(counted) == 1)
        if len(counted) == TRIES:
            return Quiz(Verdict.SHOWN, tuple(counted), False)
    return Quiz(Verdict.TRY_AGAIN if counted else Verdict.ASKING, tuple(counted), False)


def question_of(g: GradedDecision) -> Mistake | None:
    """A graded decision as a position to answer again, from the seat that made it (the learner's
    at the Practice table, any person's at a table of people): the grade's own problem, its figures
    with it (``GradedDecision.problem``); None when it has no right answer to find (not graded, or
    already right)."""
    problem = g.problem
    if problem is None or g.grade is None or problem.is_right(str(g.action)):
        return None
    return Mistake(problem, g.before, g.action, g.grade)


def cost_text(m: Mistake) -> str:
    """What the learner's choice lost against the best, as the review said it when it was graded
    ("0.40 points", "3.1% chance of winning"), from the figures the deck keeps; "" without them."""
    p = m.problem
    if not p.has_figures or str(m.choice) not in p.choices:
        return ""
    return loss_words(max(0.0, p.value_of(p.best) - p.value_of(str(m.choice))), p.unit)


def seat_only(m: Mistake) -> Mistake:
    """``m`` with nothing in its position but what its seat saw, when its other hands are private
    (``Mistake.others_private``: played at a table of people): the position rebuilt from the seat's
    view alone (``engine.core.seat_text.replay_view``), its other hands, kitty and another dealer's
    discard the engine's placeholders, fit to be drawn only as backs. What a page draws from it
    cannot show another person's card, whatever it draws. The seat's own cards, the upcard, the
    bids and the cards played are the same, so are its legal choices. A mistake from the Practice
    table comes back as it is. Raises PositionError when the view does not read back (not a
    position the deck keeps)."""
    if not m.others_private:
        return m
    shown, seat = replay_view(view_of(m.before, m.seat).to_text())
    assert seat == m.seat
    return replace(m, before=shown)


def retry_steps(m: Mistake) -> tuple[Step, ...]:
    """The steps of the hand up to ``m``'s position, for each seat's latest action on the table:
    replayed from the deal (``practice.replay.replay``), or, when its other hands are private, from
    the seat's view (``practice.replay.view_replay``: the positions ``seat_only``'s placeholders,
    another seat's discard named by no card). Raises PositionError as ``seat_only`` does."""
    if not m.others_private:
        return replay(m.before).steps
    return view_replay(view_of(m.before, m.seat).to_text()).steps


# ---- the schedule ---------------------------------------------------------------------------


def scheduled(stage: int, first_right: bool, now: datetime) -> tuple[int, datetime]:
    """(the new stage, when it is due) after an answer at ``stage`` ``now``: right at the first try
    moves it on a stage (due ``INTERVALS[stage + 1]`` days on; past the last, retired and due
    ``now``); otherwise back to stage 0, due ``INTERVALS[0]`` day on."""
    if not first_right:
        return 0, now + timedelta(days=INTERVALS[0])
    stage = min(stage + 1, RETIRED)
    return stage, now + timedelta(days=INTERVALS[stage]) if stage < RETIRED else now


def days_until(due: datetime, now: datetime) -> int:
    """Calendar days (UTC) from ``now`` to ``due``: 0 today, 1 tomorrow, negative when overdue."""
    return (due.astimezone(UTC).date() - now.astimezone(UTC).date()).days


def when_text(due: datetime, now: datetime) -> str:
    """When an entry is due, as the page says it: "today", "tomorrow", "in 3 days" (overdue: "today").

    >>> now = datetime(2026, 12, 3, 23, 0, tzinfo=UTC)
    >>> [when_text(now + timedelta(hours=h), now) for h in (-30, 0, 2, 72)]
    ['today', 'today', 'tomorrow', 'in 3 days']
    """
    days = days_until(due, now)
    if days <= 0:
        return "today"
    return "tomorrow" if days == 1 else f"in {days} days"


def date_text(due: datetime) -> str:
    """A due date as the page shows it: "Sun 6 Dec"."""
    day = due.astimezone(UTC)
    return f"{day:%a} {day.day} {day:%b}"


@dataclass(frozen=True, slots=True)
class Deck:
    """A learner's deck at ``now``: the first entries due (today or earlier, the oldest first) and
    the first of those coming up (in order of their day), as many as were asked for; how many of
    each there are (``due_count``, ``upcoming_count``), when the first one coming up is due, how many
    are retired, how many rows read were damaged (skipped, and not counted as due or coming up)."""

    due: tuple[Entry, ...]
    upcoming: tuple[Entry, ...]
    retired: int
    damaged: int
    now: datetime
    due_count: int
    upcoming_count: int
    next_due: datetime | None

    def is_due(self, e: Entry) -> bool:
        """``e`` (as it was read) was due by the end of today: not reviewed ahead."""
        return not e.retired and days_until(e.due, self.now) <= 0

    @property
    def line(self) -> str:
        """The one line the Practice and Learn pages show: "3 positions to review today" ("" for an
        empty deck)."""
        if self.due_count:
            n = self.due_count
            return f"{n:,} position{'s' if n != 1 else ''} to review today"
        if self.upcoming_count:
            n = self.upcoming_count
            when = f" ({when_text(self.next_due, self.now)})" if self.next_due is not None else ""
            return f"Nothing to review today · {n:,} position{'s' if n != 1 else ''} coming up{when}"
        return ""


def sorted_deck(entries: Sequence[Entry], now: datetime, damaged: int = 0) -> Deck:
    """``entries`` (a whole deck) sorted into a ``Deck`` at ``now``."""
    live = sorted((e for e in entries if not e.retired), key=lambda e: (e.due, e.id))
    due = tuple(e for e in live if days_until(e.due, now) <= 0)
    upcoming = tuple(e for e in live if days_until(e.due, now) > 0)
    first = upcoming[0].due if upcoming else None
    return Deck(due, upcoming, sum(e.retired for e in entries), damaged, now, len(due), len(upcoming), first)


def end_of_day(now: datetime) -> datetime:
    """The first moment of the calendar day (UTC) after ``now``'s: an entry due before it is due today.

    >>> end_of_day(datetime(2026, 12, 3, 23, 59, tzinfo=UTC))
    datetime.datetime(2026, 12, 4, 0, 0, tzinfo=datetime.timezone.utc)
    """
    return datetime.combine(now.astimezone(UTC).date() + timedelta(days=1), time(0), tzinfo=UTC)


def learner_key(name: str | None, browser: str) -> str:
    """Whose deck: a typed learner name ("name:Ada") else this browser's id ("browser:...").

    >>> learner_key(" Ada  Lovelace ", "x" * 22), learner_key(None, "AbC_123-xyzXYZ7890qq")
    ('name:Ada Lovelace', 'browser:AbC_123-xyzXYZ7890qq')
    """
    text = " ".join(name.split()) if name else ""
    return f"name:{text}" if text else f"browser:{browser}"


# ---- the deck in the database ---------------------------------------------------------------


def mistake_of(g: GradedDecision) -> Mistake | None:
    """A graded decision as the deck keeps it; None unless it is a mistake or a blunder with a
    best choice to find."""
    m = question_of(g)
    return m if g.grade in COSTLY else None


def add_mistakes(
    learner: str,
    grades: Sequence[GradedDecision],
    now: datetime | None = None,
    conn: Connection | None = None,
    *,
    source: str = PRACTICE,
) -> int:
    """Put the mistakes and blunders of ``grades`` into ``learner``'s deck, first due
    ``INTERVALS[0]`` day after ``now`` (one entry per position: adding one twice keeps one), marked
    as played at ``source`` (``engine.core.mistake.PEOPLE``: a table of people, whose other hands
    the Review page never shows). Returns how many were added. Raises StoreError."""
    when = now or datetime.now(UTC)
    mistakes = [replace(m, source=source) for m in map(mistake_of, grades) if m is not None]
    if not mistakes:
        return 0
    return mistake_deck.add(learner, mistakes, when, when + timedelta(days=INTERVALS[0]), conn=conn)


DUE_READ = 1  # entries due that deck_for reads by default: the Review page shows one at a time
UPCOMING_READ = 30  # entries coming up that deck_for reads by default: the Review page lists 30


def deck_for(
    learner: str,
    now: datetime | None = None,
    conn: Connection | None = None,
    *,
    due: int = DUE_READ,
    upcoming: int = UPCOMING_READ,
) -> Deck:
    """``learner``'s deck at ``now``: counted in the database, with only the first ``due`` entries due
    and the first ``upcoming`` coming up read (``store.mistake_deck.counts`` and ``live``), so
    its cost does not grow with the deck. Raises StoreError."""
    when = now or datetime.now(UTC)
    until = end_of_day(when)
    counted = mistake_deck.counts(learner, until, conn=conn)
    none = mistake_deck.Loaded(())
    first = mistake_deck.live(learner, until, due=True, limit=due, conn=conn) if due and counted.due else none
    later = (
        mistake_deck.live(learner, until, due=False, limit=upcoming, conn=conn)
        if upcoming and counted.upcoming
        else none
    )
    return Deck(
        first.entries,
        later.entries,
        counted.retired,
        first.damaged + later.damaged,
        when,
        counted.due - first.damaged,
        counted.upcoming - later.damaged,
        later.entries[0].due if later.entries else counted.next_due,
    )


def review_line(learner: str, now: datetime | None = None, conn: Connection | None = None) -> str:
    """The line that leads to the Review page (``Deck.line``), from the deck's counts alone (no entry
    is read). Raises StoreError."""
    return deck_for(learner, now, conn, due=0, upcoming=0).line


@dataclass(frozen=True, slots=True)
class Answered:
    """An answer recorded: the entry's new stage and due time, or ``moved`` False when another tab
    had already answered it (nothing was changed)."""

    moved: bool
    stage: int
    due: datetime

    def text(self, now: datetime) -> str:
        """What the page says: "Next review in 3 days (Sun 6 Dec)", "Retired from your deck"."""
        if not self.moved:
            return "This position was already answered in another tab: it has moved on."
        if self.stage >= RETIRED:
            return "Right at every review: this position leaves your deck."
        return f"Next review {when_text(self.due, now)} ({date_text(self.due)})."


def answer(
    e: Entry, first_right: bool, now: datetime | None = None, conn: Connection | None = None
) -> Answered:
    """Record the learner's answer to ``e`` (right at the first try or not), keyed by its version:
    a second tab answering the same entry finds it moved on. Raises StoreError."""
    when = now or datetime.now(UTC)
    stage, due = scheduled(e.stage, first_right, when)
    moved = mistake_deck.move(e.id, e.version, stage, due, when, conn=conn)
    return Answered(moved, stage, due)


__all__ = [
    "DUE_READ",
    "INTERVALS",
    "UPCOMING_READ",
    "TRIES",
    "Answered",
    "Deck",
    "Quiz",
    "Verdict",
    "add_mistakes",
    "answer",
    "date_text",
    "days_until",
    "deck_for",
    "end_of_day",
    "review_line",
    "judge",
    "learner_key",
    "cost_text",
    "mistake_of",
    "question_of",
    "retry_steps",
    "scheduled",
    "seat_only",
    "sorted_deck",
    "when_text",
]
