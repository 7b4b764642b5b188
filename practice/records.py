"""A learner's saved records, as the pages reach them: the one way from ``ui/`` and ``views/`` to
the database (``store/``), which the pages never import themselves (tests/test_layers.py says so).

- the practice log (``store.practice_log``): the statistics, the skill figure's hands, the saves
  waiting for the background writer, the note on records left out;
- the mistake deck's entries (``store.mistake_deck.Entry``; the deck itself is ``practice.deck``);
- the puzzles' records (``store.puzzle_log``): a learner's attempts and rating, the puzzles'
  ratings, and an attempt recorded with both ratings moved (``practice.puzzles`` rates it);
- the lessons' progress (``store.lesson_progress`` keeping ``lessons.progress.Progress``, which the
  store does not import: the two are bound here, ``PROGRESS``): a learner's or a browser's, loaded
  and saved on a connection ``open_store`` opens (a damaged record raises ``ProgressReset``, reset
  by the store);
- the deal of the day's results (``store.daily_results``): everyone's on one day's deal, or a
  class's pupils' (``daily_results``; the practice table saves the learner's own);
- ``StoreError``: every problem of the database (busy, unreadable, a bad name), one exception;
- ``away_notice``, ``not_saved_notice``: the words for saves kept waiting while the database is
  out of reach, and for those that could not be saved.

The names and their meaning are the store's; this module only gathers them below the pages.
"""

from __future__ import annotations

from collections.abc import Sequence

from lessons.progress import MAX_BYTES, Progress
from store import lesson_progress
from store.backend import Connection
from store.daily_results import DayResults, DayRow
from store.daily_results import results as daily_results
from store.db import StoreError
from store.kept_games import forget as forget_game
from store.kept_games import keep as keep_game
from store.kept_games import kept as kept_game
from store.lesson_progress import Codec, ProgressReset, open_store
from store.mistake_deck import Entry
from store.practice_log import damaged_note, save_status, skill_hands, statistics
from store.puzzle_log import Attempt, Attempts, PuzzleRatings, Standing, puzzle_ratings
from store.puzzle_log import attempts as puzzle_attempts
from store.puzzle_log import learner_rating as puzzle_learner_rating
from store.puzzle_log import record as record_puzzle
from store.redact import guard_logs

PROGRESS = Codec(Progress.from_json, MAX_BYTES)  # how the store reads the lessons' record


def away_notice(pending: int, retry_for: float) -> str:
    """The lasting line for saves the background writer keeps while the database is out of reach
    (``store.db.SaveStatus``: ``pending`` saves, tried again for ``retry_for`` more seconds).

    >>> away_notice(1, 42.4)
    '1 save waiting: the records are out of reach (the database does not answer). It is tried again for up to 42 s more and saved as soon as the database is back; keep the app running until then.'
    >>> away_notice(1_500, 0)
    '1,500 saves waiting: the records are out of reach and have been for over a minute. Each is tried once more; one that fails is listed as not saved.'
    """
    saves = f"{pending:,} save{'s' if pending != 1 else ''} waiting: the records are out of reach"
    if retry_for <= 0:
        return (
            f"{saves} and have been for over a minute. Each is tried once more; one that fails is "
            "listed as not saved."
        )
    return (
        f"{saves} (the database does not answer). {'It is' if pending == 1 else 'They are'} tried "
        f"again for up to {retry_for:.0f} s more and saved as soon as the database is back; keep the "
        "app running until then."
    )


def not_saved_notice(not_saved: Sequence[tuple[str, int]], latest: str) -> str:
    """The lasting line for the saves that failed (``store.db.SaveStatus``: how many of each kind,
    and the latest message).

    >>> not_saved_notice([("keeping your game", 35), ("saving a hand", 12)], "saving a hand: not saved")
    '47 records could not be saved (keeping your game: 35, saving a hand: 12). The latest: saving a hand: not saved'
    >>> not_saved_notice([("saving a hand", 1)], "saving a hand: the disk is full")
    '1 record could not be saved: saving a hand: the disk is full'
    """
    count = sum(n for _, n in not_saved) or 1
    head = f"{count:,} record{'s' if count != 1 else ''} could not be saved"
    if len(not_saved) < 2:
        return f"{head}: {latest}"
    kinds = ", ".join(f"{what}: {n:,}" for what, n in not_saved)
    return f"{head} ({kinds}). The latest: {latest}"


def save(conn: Connection, learner: str, progress: Progress) -> Progress:
    """Merge ``progress`` into ``learner``'s saved record; returns the record as now saved."""
    return lesson_progress.save(conn, learner, progress, PROGRESS)


def load(conn: Connection, learner: str) -> Progress | None:
    """The saved progress for ``learner``, or None; ``ProgressReset`` once for a damaged record."""
    return lesson_progress.load(conn, learner, PROGRESS)


def save_browser(conn: Connection, browser: str, progress: Progress) -> Progress:
    """Merge ``progress`` into this browser's saved record; returns the record as now saved."""
    return lesson_progress.save_browser(conn, browser, progress, PROGRESS)


def load_browser(conn: Connection, browser: str) -> Progress | None:
    """The progress saved for this browser id, or None; ``ProgressReset`` once for a damaged record."""
    return lesson_progress.load_browser(conn, browser, PROGRESS)


__all__ = [
    "PROGRESS",
    "Attempt",
    "Attempts",
    "DayResults",
    "DayRow",
    "Entry",
    "ProgressReset",
    "PuzzleRatings",
    "Standing",
    "StoreError",
    "away_notice",
    "daily_results",
    "damaged_note",
    "forget_game",
    "guard_logs",
    "keep_game",
    "kept_game",
    "load",
    "load_browser",
    "not_saved_notice",
    "open_store",
    "puzzle_attempts",
    "puzzle_learner_rating",
    "puzzle_ratings",
    "record_puzzle",
    "save",
    "save_browser",
    "save_status",
    "skill_hands",
    "statistics",
]
