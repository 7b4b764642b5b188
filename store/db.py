"""One database for the whole app: a local SQLite file, or a PostgreSQL server several machines share.

Where it is comes from the environment variable ``EUCHRE_COACH_DB``: a file path, or a
``postgresql://`` URL (``store.backend``); the default is ``~/.euchre_coach/coach.sqlite3``.
Each feature keeps its own tables and creates
them with ``ensure_schema`` (idempotent ``CREATE TABLE IF NOT EXISTS``).
Problems (an unwritable folder, a corrupt file) raise ``StoreError`` with a
message a learner can read; callers report it and carry on without saving.

A database another program holds locked is *busy*, not broken: ``retrying`` waits and
tries again (telling ``busy_listeners`` each time), and after ``BUSY_TRIES`` tries raises
``DatabaseBusy``, whose message says to close the other program — not to change the path.
A read is patient for about a second in all (``READ_TIMEOUT`` a try), so a page answers
quickly; a write of the app's own database goes to ``writer``, one background thread per
database file that runs the writes in order and retries a busy one until it is written
(``Writer``): the page carries on at once and shows what is still waiting or has failed.

A database *out of reach* (``is_outage``: the PostgreSQL server stopped or the connection lost, a
SQLite file's disk failing or gone for a while) is not busy either: the writer keeps the write
queued and tries it again, pausing longer each time, for up to ``OUTAGE_LIMIT`` seconds from the
first failure (``SaveStatus.away`` says so meanwhile); past that each write still queued fails
with a message that says it was not saved, kept for ``status``. A write may run twice when the
connection is lost while it commits (the writer cannot tell whether the commit landed), so every
write the writer runs is one that a second run leaves as it is (a row keyed by what it records).
"""

from __future__ import annotations

import atexit
import logging
import os
import sqlite3
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar, overload

from store.backend import (
    ERRORS,
    OPEN_ERRORS,
    OPERATIONAL,
    Connection,
    Location,
    ServerConnection,
    is_server,
    server_away,
    server_busy,
)
from store.redact import RedactingFilter, redact, shown

ENV_VAR = "EUCHRE_COACH_DB"
BUSY_TIMEOUT = 2.0  # seconds SQLite itself waits for a lock, per try (a write on a given connection)
BUSY_TRIES = 3
BUSY_PAUSE = 0.5  # seconds between tries
READ_TIMEOUT = 0.25  # seconds a read waits for a lock, per try: three tries and two pauses, under 1 s
READ_PAUSE = 0.1
WRITE_TRY_TIMEOUT = 0.2  # seconds the background writer waits for a lock before it retries later
WRITE_BACKOFF = (0.1, 2.0)  # the writer's first and longest pause between tries of a busy write
WRITER_IDLE = 5.0  # seconds a writer thread waits for more work before it ends (a new write starts another)
MAX_FAILED = 50  # failed writes kept for the page to show (the latest)
OUTAGE_LIMIT = 60.0  # seconds the writer keeps a write queued while the database is out of reach
OUTAGE_BACKOFF = (0.25, 4.0)  # its first and longest pause between tries then
EXIT_FLUSH = 3.0  # seconds the process waits at exit for writes still queued
BUSY_NOTICE = "the database is busy (another session or program is writing to it); retrying…"

T = TypeVar("T")
log = logging.getLogger(__name__)
log.addFilter(RedactingFilter())  # the driver's words in a log line, redacted (store.redact)
busy_listeners: list[Callable[[str], None]] = []  # a page may add one to show BUSY_NOTICE


class StoreError(RuntimeError):
    """The database cannot be opened, read or written. Its message is redacted when it is made
    (``store.redact``): whatever driver text it quotes, no password of a database URL is in it."""

    def __init__(self, message: object = "") -> None:
        super().__init__(redact(message))


class DatabaseBusy(StoreError):
    """Another program kept the database locked through every retry."""


@dataclass(frozen=True, slots=True)
class Patience:
    """How long to wait for another program's lock: SQLite's own wait per try, the tries, the pause between."""

    timeout: float
    tries: int
    pause: float

    @property
    def waited(self) -> float:
        return self.tries * self.timeout + (self.tries - 1) * self.pause


def write_patience() -> Patience:
    """A write on a connection the caller holds (the module's settings at call time)."""
    return Patience(BUSY_TIMEOUT, BUSY_TRIES, BUSY_PAUSE)


def read_patience() -> Patience:
    """A read: about a second in all, never more patient than a write."""
    return Patience(min(READ_TIMEOUT, BUSY_TIMEOUT), BUSY_TRIES, min(READ_PAUSE, BUSY_PAUSE))


def db_path() -> Location:
    """The app's database: a SQLite file's path, or a PostgreSQL URL (``store.backend.is_server``)."""
    configured = os.environ.get(ENV_VAR)
    if configured and is_server(configured.strip()):
        return configured.strip()
    if configured:
        return Path(configured).expanduser()
    return Path.home() / ".euchre_coach" / "coach.sqlite3"


def location_key(location: Location) -> str:
    """One name per database: a URL as given, a file by its absolute path."""
    return location if isinstance(location, str) and is_server(location) else os.path.abspath(location)


_SQLITE_BUSY = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)  # SQLite's result codes of another's lock


def is_busy(err: BaseException) -> bool:
    """True for SQLite's 'database is locked' / 'busy' (SQLITE_BUSY, SQLITE_LOCKED), and for
    PostgreSQL's lock not had in time (``store.backend.server_busy``)."""
    return server_busy(err) or _sqlite_says(err, _SQLITE_BUSY, ("locked", "busy"))


def _sqlite_says(err: BaseException, codes: tuple[int, ...], words: tuple[str, ...]) -> bool:
    """True for SQLite's OperationalError whose primary result code is one of ``codes`` (or, from a
    driver that gives no code, whose message holds one of ``words``, in lower case)."""
    if not isinstance(err, sqlite3.OperationalError):
        return False
    code = getattr(err, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in codes
    text = str(err).lower()
    return any(word in text for word in words)


# SQLite's result codes of a file or disk away for a while: an I/O error, a full disk, a file that
# cannot be opened or written for now (a folder unmounted, its permissions taken away).
_SQLITE_AWAY = (
    sqlite3.SQLITE_IOERR,
    sqlite3.SQLITE_FULL,
    sqlite3.SQLITE_CANTOPEN,
    sqlite3.SQLITE_PROTOCOL,
    sqlite3.SQLITE_READONLY,
    sqlite3.SQLITE_PERM,
)
_SQLITE_AWAY_WORDS = ("disk i/o error", "unable to open", "disk is full", "readonly database")


def is_outage(err: BaseException) -> bool:
    """True for a database out of reach for now, which a later try may reach: PostgreSQL not
    answering or the connection lost (``store.backend.server_away``), a SQLite file whose disk
    fails or that cannot be opened or written for now. Never for busy (``is_busy``), nor for a
    database that answers and refuses (a damaged file, a wrong password, a bad statement)."""
    if is_busy(err):
        return False
    return server_away(err) or _sqlite_says(err, _SQLITE_AWAY, _SQLITE_AWAY_WORDS)


def busy_message(patience: Patience | None = None, reading: bool = False) -> str:
    patience = patience or write_patience()
    held = (
        f"the database is busy: another session or program is writing to it and kept it locked through "
        f"{patience.tries} tries over {patience.waited:.0f} s. "
    )
    if reading:
        return held + (
            "It could not be read this time; close the other program (another copy of the app, a "
            "database browser) or wait a moment, and try again."
        )
    return held + (
        "Nothing was saved this time; close the other program (another copy of the app, a database "
        "browser) or wait a moment, and try again."
    )


@contextmanager
def _sqlite_wait(conn: Connection | None, seconds: float) -> Iterator[None]:
    """SQLite's own busy wait on ``conn`` set to ``seconds`` for the block (then put back; on
    PostgreSQL, the wait for a lock)."""
    if conn is None:
        yield
        return
    before = conn.execute("PRAGMA busy_timeout").fetchone()[0]
    conn.execute(f"PRAGMA busy_timeout = {max(0, round(seconds * 1000))}")
    try:
        yield
    finally:
        conn.execute(f"PRAGMA busy_timeout = {int(before)}")


def retrying(work: Callable[[], T], conn: Connection | None = None, *, reading: bool = False) -> T:
    """``work()``, tried again while the database is busy. Raises DatabaseBusy after BUSY_TRIES;
    any other error passes through unchanged. ``reading``: SQLite waits on ``conn`` only
    ``READ_TIMEOUT`` a try (``read_patience``), so a page that reads answers within about a second."""
    patience = read_patience() if reading else write_patience()
    for attempt in range(1, patience.tries + 1):
        try:
            if reading:
                with _sqlite_wait(conn, patience.timeout):
                    return work()
            return work()
        except OPERATIONAL as err:
            if not is_busy(err):
                raise
            if attempt == patience.tries:
                raise DatabaseBusy(busy_message(patience, reading)) from err
            log.warning(BUSY_NOTICE)
            for listener in list(busy_listeners):
                listener(BUSY_NOTICE)
            time.sleep(patience.pause)
    raise AssertionError("unreachable")  # pragma: no cover


def open_connection(target: Location, timeout: float, *, implicit: bool = True) -> Connection:
    """A connection to ``target`` (a file's folder created); StoreError when that cannot be.
    ``timeout``: seconds a write waits for another's lock. ``implicit``: a write outside a
    transaction opens one (sqlite3's default); otherwise the caller says BEGIN itself."""
    try:
        if isinstance(target, str) and is_server(target):
            return ServerConnection(target, wait=timeout, implicit=implicit)
        path = Path(target)
        path.parent.mkdir(parents=True, exist_ok=True)
        if implicit:
            return sqlite3.connect(path, timeout=timeout)
        # shared by threads (one at a time: store.classes' pool); BEGIN said by the caller
        return sqlite3.connect(path, timeout=timeout, check_same_thread=False, isolation_level=None)
    except OPEN_ERRORS as err:
        raise _cannot_use(target, err) from err


@overload
def connect(path: Path) -> sqlite3.Connection: ...
@overload
def connect(path: Location | None = None) -> Connection: ...
def connect(path: Location | None = None) -> Connection:
    """Open (creating if needed) the database. Raises StoreError with a clear reason
    (DatabaseBusy when another program holds it locked: the check is a read, about a second)."""
    target = path or db_path()
    conn = open_connection(target, BUSY_TIMEOUT)
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        if not is_server(target):
            retrying(
                lambda: conn.execute("SELECT count(*) FROM sqlite_master").fetchone(), conn, reading=True
            )  # a corrupt file?
    except DatabaseBusy:
        conn.close()
        raise
    except ERRORS as err:
        conn.close()
        raise _cannot_use(target, err) from err
    return conn


def _first_line(err: BaseException) -> str:
    """The driver's own words, without libpq's second-line hint (the message gives its own)."""
    lines = str(err).strip().splitlines()
    return lines[0].rstrip(". ") if lines else type(err).__name__


# A URL the driver could not read as meant: a password's @ / : ? # % or space not percent-encoded.
_MISREAD = (
    "percent-encoded",
    "URI",
    "spaces found",
    "invalid integer value",
    "resolve host",
    "query parameter",
)
ENCODE_HINT = (
    "If the password holds @, /, :, ?, #, % or a space, write it percent-encoded in the URL "
    "(@ as %40, / as %2F, : as %3A, ? as %3F, # as %23, % as %25, a space as %20). "
)


def _cannot_use(target: Location, err: BaseException) -> StoreError:
    if is_server(target):
        said = _first_line(err)
        hint = ENCODE_HINT if any(word in said for word in _MISREAD) else ""
        return StoreError(
            f"cannot use the records database at {shown(target)}: {redact(said, target)}. {hint}"
            f"Check that the PostgreSQL server is running and that {ENV_VAR} names it, its user and "
            "its database; nothing will be saved until then."
        )
    return StoreError(
        f"cannot use the records database at {target}: {err}. "
        f"Set {ENV_VAR} to a writable file path (or a postgresql:// URL); nothing will be saved until then."
    )


def ensure_schema(conn: Connection, statements: tuple[str, ...], *, reading: bool = False) -> None:
    """Run idempotent CREATE statements (retrying while busy; ``reading``: with a read's patience,
    for a reader that only needs the tables to exist), turning database errors into StoreError."""

    def create() -> None:
        with conn:
            for sql in statements:
                conn.execute(sql)

    try:
        retrying(create, conn, reading=reading)
    except DatabaseBusy:
        raise
    except ERRORS as err:
        raise StoreError(f"cannot prepare the records database: {err}") from err


def add_columns(db: Connection, table: str, columns: tuple[tuple[str, str], ...]) -> None:
    """Add the ``(name, type)`` columns an older ``table`` lacks, each in its own transaction
    (additive only: an older server on the same database reads on, its statements name their
    columns); a column another process added first is fine."""
    have = {row[1] for row in db.execute(f"PRAGMA table_info({table})").fetchall()}
    for name, kind in columns:
        if name in have:
            continue
        try:
            with db:
                db.execute(f"ALTER TABLE {table} ADD COLUMN {name} {kind}")
        except OPERATIONAL as err:
            if "duplicate column" not in str(err):
                raise


# ---- the background writer ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SaveStatus:
    """What the writer still holds for one database: writes waiting (``busy``: another program
    holds it; ``away``: it is out of reach, and the writer tries again for ``retry_for`` seconds
    more, 0 once it has given up), and the writes that failed and that nobody has been told of yet:
    the messages of the latest MAX_FAILED (``failed``), and how many failed of each kind, all of them
    (``not_saved``: ("saving a hand", 3), …)."""

    pending: int = 0
    busy: bool = False
    failed: tuple[str, ...] = ()
    away: bool = False
    retry_for: float = 0.0
    not_saved: tuple[tuple[str, int], ...] = ()

    @property
    def not_saved_count(self) -> int:
        """Every write that failed unseen (``failed`` holds only the latest messages)."""
        return sum(count for _, count in self.not_saved)


class _Job:
    __slots__ = ("future", "what", "work")

    def __init__(self, work: Callable[[Connection], Any], what: str) -> None:
        self.work = work
        self.what = what
        self.future: Future[Any] = Future()


class _Lane:
    """The writes of one database, in order, on one thread (started when there is work, ended
    after WRITER_IDLE seconds without any)."""

    def __init__(self, path: Location, cond: threading.Condition) -> None:
        self.path = path
        self.cond = cond
        self.jobs: deque[_Job] = deque()
        self.failed: list[_Job] = []  # failed writes whose caller was not there to hear of it
        self.not_saved: Counter[str] = Counter()  # all of them, by what they were (``_Job.what``)
        self.busy = False  # the write at the head of the queue found the file locked
        self.away_since: float | None = None  # when the database went out of reach (monotonic)
        self.thread: threading.Thread | None = None

    @property
    def away(self) -> bool:
        return self.away_since is not None

    @property
    def held(self) -> bool:
        """The write at the head waits for the database (busy or out of reach): a caller does not."""
        return self.busy or self.away

    def retry_for(self) -> float:
        """Seconds the writer still keeps a write queued while the database is out of reach."""
        if self.away_since is None:
            return 0.0
        return max(0.0, OUTAGE_LIMIT - (time.monotonic() - self.away_since))

    def run(self) -> None:
        conn: Connection | None = None
        pause = 0.0
        try:
            while True:
                with self.cond:
                    if not self.jobs:
                        self.cond.wait(WRITER_IDLE)
                        if not self.jobs:
                            self.thread = None
                            return
                    job = self.jobs[0]
                conn, pause = self._try(job, conn, pause)
                if pause:
                    time.sleep(pause)
        finally:
            _closed(conn)

    def _try(self, job: _Job, conn: Connection | None, pause: float) -> tuple[Connection | None, float]:
        """One try of ``job``: the connection to go on with, and the pause before the next try
        (0 when the job is done, written or failed)."""
        try:
            if conn is None:
                conn = open_connection(self.path, WRITE_TRY_TIMEOUT)
                conn.execute("PRAGMA foreign_keys = ON")
            result = job.work(conn)
        except ERRORS as err:
            if conn is not None and is_busy(err):
                _rolled_back(conn)
                self._hold(busy=True)
                return conn, _longer(pause, WRITE_BACKOFF)
            _closed_quietly(conn)
            return None, self._failed_try(job, err, pause)
        except StoreError as err:  # the database could not be opened (or the write refused itself)
            cause = err.__cause__
            _closed_quietly(conn)
            if cause is not None and is_outage(cause):
                return None, self._failed_try(job, cause, pause)
            self._finish(job, error=err)
            return None, 0.0
        except Exception as err:  # a bug in the write itself: reported, the queue goes on
            log.exception("a write to %s failed", shown(self.path))
            self._finish(job, error=StoreError(str(err)))
            return _closed(conn), 0.0
        else:
            self._finish(job, result=result, reached=True)
        return conn, 0.0

    def _failed_try(self, job: _Job, err: BaseException, pause: float) -> float:
        """A try that failed: kept queued while the database is out of reach (within OUTAGE_LIMIT),
        else the job fails. The pause before the next try (0: none, the job is done)."""
        if is_outage(err):
            self._hold(away=True, err=err)
            if self.retry_for() > 0:
                return _longer(pause, OUTAGE_BACKOFF)
            self._finish(job, error=_given_up(self.path, err))
            return 0.0
        self._finish(job, error=_cannot_use(self.path, err), reached=True)
        return 0.0

    def _hold(self, *, busy: bool = False, away: bool = False, err: BaseException | None = None) -> None:
        with self.cond:
            if busy and not self.busy:
                log.warning("a write to %s waits: %s", shown(self.path), BUSY_NOTICE)
            if away and self.away_since is None:
                log.warning("a write to %s waits: the records are out of reach (%s)", shown(self.path), err)
                self.away_since = time.monotonic()
            self.busy = self.busy or busy
            self.cond.notify_all()

    def _finish(
        self, job: _Job, *, result: Any = None, error: StoreError | None = None, reached: bool = False
    ) -> None:
        """``job`` done: written (``result``) or failed (``error``). ``reached``: the database
        answered, so it is no longer out of reach."""
        with self.cond:
            self.jobs.popleft()
            self.busy = False
            if reached:
                self.away_since = None
            if error is not None:
                self.failed = [*self.failed, job][-MAX_FAILED:]
                self.not_saved[job.what] += 1
                log.warning("%s: %s", job.what, error)
                job.future.set_exception(error)
            else:
                job.future.set_result(result)
            self.cond.notify_all()


def _longer(pause: float, backoff: tuple[float, float]) -> float:
    """The next pause between tries: the first of ``backoff``, then twice the last, at most its longest."""
    return backoff[0] if pause <= 0 else min(max(pause * 2, backoff[0]), backoff[1])


def _given_up(target: Location, err: BaseException) -> StoreError:
    return StoreError(
        f"not saved: the records stayed out of reach for {OUTAGE_LIMIT:.0f} s ({_first_line(err)}). "
        + (
            f"Check that the PostgreSQL server at {shown(target)} is running"
            if is_server(target)
            else f"Check that the disk holding {target} is there and not full"
        )
        + "; later saves are tried again once it is back."
    )


def _closed_quietly(conn: Connection | None) -> None:
    """Close a connection whose database went away (closing it may fail too: it is forgotten)."""
    if conn is not None:
        try:
            conn.close()
        except ERRORS:
            pass


def _closed(conn: Connection | None) -> Connection | None:
    """Close ``conn`` (None: nothing to close); None, to forget it."""
    if conn is not None:
        conn.close()
    return None


def _rolled_back(conn: Connection) -> None:
    """Leave no half-made transaction behind a busy write, so its retry starts clean."""
    try:
        if conn.in_transaction:
            conn.rollback()
    except ERRORS:
        pass


class Writer:
    """Writes to database files run in the background, in the order they were given, one thread
    per file; a write that finds the file locked is retried (pausing WRITE_BACKOFF) until it is
    written, so nothing is lost while the process lives; one that finds the database out of reach
    is retried for up to OUTAGE_LIMIT seconds. Any other failure is kept for ``status``."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._lanes: dict[str, _Lane] = {}

    def _lane(self, path: Location) -> _Lane:
        key = location_key(path)
        lane = self._lanes.get(key)
        if lane is None:
            lane = self._lanes[key] = _Lane(key if is_server(key) else Path(key), self._cond)
        return lane

    def submit(self, path: Location, work: Callable[[Connection], T], what: str) -> Future[T]:
        """Queue ``work(conn)`` for ``path``; ``what`` ("saving the hand") names it in errors.
        ``work`` runs its own transaction; a busy error from it makes the writer try it again."""
        job = _Job(work, what)
        with self._cond:
            lane = self._lane(path)
            lane.jobs.append(job)
            if lane.thread is None:
                lane.thread = threading.Thread(target=lane.run, name="records-writer", daemon=True)
                lane.thread.start()
            self._cond.notify_all()
        return job.future

    def wait(self, path: Location, future: Future[T], timeout: float) -> bool:
        """Wait up to ``timeout`` s for ``future``, less when the file is busy or out of reach (the
        write is then left to the writer). True when it is done; its result or error is then the caller's."""
        with self._cond:
            lane = self._lane(path)
            self._cond.wait_for(lambda: future.done() or lane.held, timeout)
            done = future.done()
            if done:
                told = [job for job in lane.failed if job.future is future]  # the caller reports it
                for job in told:
                    lane.not_saved[job.what] -= 1
                lane.failed = [job for job in lane.failed if job.future is not future]
                lane.not_saved = +lane.not_saved  # (no kind at 0)
            return done

    def flush(self, path: Location, timeout: float, *, wait_if_busy: bool = False) -> bool:
        """Wait up to ``timeout`` s until nothing is queued for ``path`` (less when it is busy or
        out of reach, unless ``wait_if_busy``). True when nothing is."""
        with self._cond:
            lane = self._lane(path)
            self._cond.wait_for(lambda: not lane.jobs or (lane.held and not wait_if_busy), timeout)
            return not lane.jobs

    def status(self, path: Location) -> SaveStatus:
        with self._cond:
            lane = self._lane(path)
            failed = tuple(f"{job.what}: {job.future.exception()}" for job in lane.failed)
            return SaveStatus(
                len(lane.jobs),
                lane.busy,
                failed,
                lane.away,
                lane.retry_for(),
                tuple(sorted(lane.not_saved.items())),
            )

    def flush_all(self, timeout: float) -> int:
        """Wait up to ``timeout`` s in all for every queued write; the number still queued."""
        deadline = time.monotonic() + timeout
        with self._cond:
            self._cond.wait_for(
                lambda: not any(lane.jobs for lane in self._lanes.values()),
                max(0.0, deadline - time.monotonic()),
            )
            return sum(len(lane.jobs) for lane in self._lanes.values())


writer = Writer()


def _flush_at_exit() -> None:
    left = writer.flush_all(EXIT_FLUSH)
    if left:
        log.error(
            "%d record write(s) could not be saved before the app stopped: the database stayed busy "
            "or out of reach",
            left,
        )


atexit.register(_flush_at_exit)


WRITE_WAIT = 1.0  # seconds a write waits for the background writer before it is left queued


READ_FLUSH = 0.5  # seconds a read waits for this process's queued writes, so it sees them


def read(
    conn: Connection | None,
    schema: tuple[str, ...],
    failed: str,
    work: Callable[[Connection], T],
    migrate: Callable[[Connection], None] | None = None,
) -> T:
    """``work(db)`` on ``conn``, or on the app's database after letting this process's queued
    writes land (briefly: ``READ_FLUSH``), so a read sees what this process wrote; its tables
    (``schema``, then ``migrate(db)``: columns an older table lacks, as ``write`` adds them) made
    first when missing, retried while the database is busy, with a read's patience. Raises
    StoreError, its message beginning with ``failed`` ("the mistake deck could not be read")."""
    own = conn is None
    if own:
        writer.flush(db_path(), READ_FLUSH)
    db = connect() if conn is None else conn
    try:
        ensure_schema(db, schema, reading=True)
        if migrate is not None:
            retrying(lambda: migrate(db), db, reading=True)
        return retrying(lambda: work(db), db, reading=True)
    except ERRORS as err:
        raise StoreError(f"{failed}: {err}") from err
    finally:
        if own:
            db.close()


def write(
    conn: Connection | None,
    schema: tuple[str, ...],
    what: str,
    work: Callable[[Connection], T],
    queued: T,
    failed: str,
    migrate: Callable[[Connection], None] | None = None,
) -> T:
    """``work(db)`` in one transaction, its tables (``schema``, then ``migrate(db)``: columns an
    older table lacks) made first: at once on ``conn`` (retried while busy), or without one
    through ``writer`` (``what`` names the job), returning ``queued`` when the database is busy
    and the write is left waiting. Raises StoreError, its message beginning with ``failed`` ("the
    mistake deck could not be written")."""
    if conn is not None:
        try:
            ensure_schema(conn, schema)
            if migrate is not None:
                retrying(lambda: migrate(conn), conn)

            def attempt() -> T:
                with conn:
                    return work(conn)

            return retrying(attempt, conn)
        except ERRORS as err:
            raise StoreError(f"{failed}: {err}") from err

    def job(db: Connection) -> T:
        for sql in schema:
            db.execute(sql)
        if migrate is not None:
            migrate(db)
        with db:
            return work(db)

    path = db_path()
    future = writer.submit(path, job, what)
    if writer.wait(path, future, WRITE_WAIT):
        return future.result()
    return queued
