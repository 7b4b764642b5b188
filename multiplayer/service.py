"""Tables of people over the database: the one service the pages will call (they never import
``store/``), whatever server they run on.

- ``open_table``: rules, which seats are computers (and at what level), hints on or off; returns
  the join code and the host's secret (kept only as its SHA-256).
- ``join``: a person sits in a free seat with a name (the class's name filter,
  ``classroom.names.check_name``) and a private key (the browser's cookie; kept only as its
  SHA-256). The same key comes back to the same seat: leaving and coming back.
- ``change_seat`` (the host, between hands), ``set_paused`` (the host), ``is_host`` (whether a
  secret is the host's: the page's host controls).
- The teacher over a class's tables (item 5 of issue 54): ``open_class_tables`` (the class's
  teacher's secret, ``classroom.service.Teacher.check``), ``class_tables`` (all at a glance),
  ``teaching_table`` (every hand), ``take_back``, ``redeal`` and ``set_deal`` (a deal the teacher
  chose, as the deal editor writes it: ``multiplayer.chosen_deal``), each on the version the
  teacher's page showed, and ``projected_table`` (one table for the classroom's screen: no hand
  unless the teacher chose to show every hand). The host's powers (``change_seat``, ``set_paused``
  and these) take the table's host secret or its class's teacher's; a player's key is neither, so
  it can do none of them.
- ``play``: a tap (the code, the key, the version the page showed, the action's text) → the new
  page data of the key's seat (``multiplayer.seat_page``), or a ``TableError`` saying why not.
- ``read``: the page data of the key's seat; it notes that the person is here, and plays the
  computer's turns that are due (a person away past the table's silent time).
- ``hand_record``: what a person seated at the table may keep of a finished hand (their seat's
  view of it as it ended: ``multiplayer.record.seat_record``, never another seat's unplayed cards,
  the kitty or, but for the dealer, the discard); ``review``: that person's own decisions of a finished hand graded from
  their seat (``multiplayer.seat_coach``, in the background: None until done), their mistakes
  and blunders put into their own mistake deck (``practice.deck``, keyed by their name as the
  Practice table keys a named learner's, marked as from a table of people: the Review page never
  shows those positions' other hands); ``hint``: the Practice page's hint at their turn, when
  the table allows hints.

A key that holds no seat at the table cannot act or read a hand (``NotAtTable``). Each change is
worked out by ``multiplayer.table`` on the table as loaded and kept by ``store.people_tables.save``
only if the table is still at that version: when another tap (on this server or another) got
there first, a tap is refused as stale (a repeat of the very tap that got there first is answered
with the page as it now stands: one tap, played once), and a join or a due computer move is
worked out again on the newer table.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from classroom import service as classes
from classroom.names import check_name
from engine.core.actions import Action
from engine.core.errors import EuchreError
from engine.core.mistake import PEOPLE
from engine.core.rules import Rules
from multiplayer import record as hand_records
from multiplayer import seat_coach, seating, teaching
from multiplayer import table as rules_of_play
from multiplayer.chosen_deal import DealRefused, read_deal
from multiplayer.errors import NotAtTable, NotHost
from multiplayer.record import NoSuchHand
from multiplayer.seat_coach import HintsOff
from multiplayer.seat_page import seat_data
from multiplayer.table import (
    NEXT_HAND,
    PERSON,
    SILENT_AFTER,
    Change,
    PeopleTable,
    Seat,
    SeatError,
    StalePage,
    TableError,
    new_table,
    seat_of,
)
from multiplayer.teaching import NothingToTakeBack
from practice import coach, deck
from practice import review as grading
from practice.replay import hand_id
from practice.table_text import advice_text
from store import people_tables as store
from store.backend import Location
from store.class_rows import CODE_LENGTH, CODE_LETTERS
from store.db import StoreError, connect
from store.people_tables import DamagedTable, NoSuchTable, SeatRecord, TableRecord

KEY = re.compile(r"[A-Za-z0-9_-]{16,200}")  # a private key: what secrets.token_urlsafe makes
TOUCH_EVERY = 5.0  # seconds between two notes that a person is here (a page polls more often)
TRIES = 5  # a join or a due computer move worked out again when another change got there first


@dataclass(frozen=True, slots=True)
class Opened:
    """A new table's join code and its host's secret (shown once, in the host's link)."""

    code: str
    secret: str


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def _key_hash(key: str) -> str:
    if not isinstance(key, str) or not KEY.fullmatch(key):
        raise NotAtTable("this browser's key for the table does not read: open the table's link again")
    return _hash(key)


def _now(now: float | None) -> float:
    return time.time() if now is None else now


# ---- the table and its record ------------------------------------------------------------------


def _table(record: TableRecord) -> PeopleTable:
    try:
        seats = tuple(Seat(s.level, s.name, s.key_hash, s.seen) for s in record.seats)
        return PeopleTable(
            record.code,
            seats,
            record.game,
            record.moves,
            record.version,
            record.hints,
            record.paused,
            record.silent_after,
        )
    except SeatError as err:
        raise DamagedTable(
            f"the record of the table {record.code} is damaged ({err}), so it cannot go on"
        ) from err


def _record(table: PeopleTable) -> TableRecord:
    seats = tuple(SeatRecord(s.level, s.name, s.key_hash, s.last_seen) for s in table.seats)
    return TableRecord(
        table.code,
        table.game,
        table.moves,
        seats,
        table.version,
        table.hints,
        table.paused,
        table.silent_after,
    )


def load_table(code: str, path: Location | None = None) -> PeopleTable:
    """The table of ``code`` (NoSuchTable, DamagedTable)."""
    return _load(code, path)[0]


def _load(code: str, path: Location | None) -> tuple[PeopleTable, str]:
    if not isinstance(code, str) or len(code) > 20:
        raise NoSuchTable("there is no such table: check the code (six letters and digits)")
    record, host_hash = store.load(code.strip().upper(), path)
    return _table(record), host_hash


def _keep(before: PeopleTable, change: Change, now: float, path: Location | None) -> bool:
    """Save ``change`` over ``before`` unless the table moved on meanwhile (then False)."""
    if not change.steps:
        return True
    steps = [(s.version, s.seat, s.action, s.by) for s in change.steps]
    return store.save(before.version, _record(change.table), steps, now, path)


# ---- the host ----------------------------------------------------------------------------------


def open_table(
    rules: Rules,
    levels: Sequence[str | None],
    hints: bool = False,
    now: float | None = None,
    path: Location | None = None,
    silent_after: int = SILENT_AFTER,
    seed: int | None = None,
    class_code: str = "",
) -> Opened:
    """A new table: ``levels`` has one entry per seat (South first, clockwise): a computer's level,
    or None for a person's seat. Its game is dealt from ``seed`` (tests and benchmarks replay a
    table so), by default one drawn by ``secrets``. ``class_code``: the class it is opened for
    (``open_class_tables`` checks its teacher), whose teacher may then change it."""
    when = _now(now)
    if len(levels) != rules.players:
        raise SeatError(f"a table for {rules.players} players has {rules.players} seats")
    seats = tuple(Seat(level=level) for level in levels)
    secret = secrets.token_urlsafe(18)
    for _ in range(20):
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        game_seed = secrets.randbelow(2**31) if seed is None else seed
        made = new_table(code, rules, seats, game_seed, when, hints, silent_after)
        if store.insert(replace(_record(made), class_code=class_code), _hash(secret), when, path):
            return Opened(code, secret)
    raise StoreError("no free table code was found; try again")  # pragma: no cover - 32**6 codes


def _host(code: str, secret: str, path: Location | None, now: float | None = None) -> PeopleTable:
    """The table, when ``secret`` is its host's or (a table opened for a class) its class's
    teacher's (``classroom.service.Teacher.check``); NotHost otherwise."""
    if not isinstance(code, str) or len(code) > 20:
        raise NoSuchTable("there is no such table: check the code (six letters and digits)")
    record, host_hash = store.load(code.strip().upper(), path)
    table = _table(record)
    if isinstance(secret, str) and hmac.compare_digest(_hash(secret), host_hash):
        return table
    if record.class_code and isinstance(secret, str):
        try:
            classes.Teacher(record.class_code, secret, path=path).check(now)
            return table
        except classes.ClassError:
            pass
    raise NotHost("only the host of the table (or its class's teacher) may change it: open the host's link")


def is_host(code: str, secret: str, path: Location | None = None) -> bool:
    """Whether ``secret`` is the host's of the table ``code`` (a page shows the host's controls only
    then; every change checks it again). NoSuchTable for no such table."""
    table, host_hash = _load(code, path)
    return isinstance(secret, str) and hmac.compare_digest(_hash(secret), host_hash)


def change_seat(
    code: str,
    secret: str,
    seat: int,
    level: str | None,
    now: float | None = None,
    path: Location | None = None,
) -> None:
    """The host makes ``seat`` a computer of ``level`` or (None) a free person's seat, between hands."""
    when = _now(now)
    table = _host(code, secret, path, when)
    if not _keep(table, seating.change_seat(table, seat, level, when), when, path):
        raise StalePage("the table changed meanwhile: look at it again, then change the seat")


def set_paused(
    code: str, secret: str, paused: bool, now: float | None = None, path: Location | None = None
) -> None:
    """The host pauses the table (nobody plays) or lets play resume."""
    when = _now(now)
    table = _host(code, secret, path, when)
    if not _keep(table, seating.pause(table, paused, when), when, path):
        raise StalePage("the table changed meanwhile: try again")


# ---- the teacher over a class's tables ----------------------------------------------------------

MAX_CLASS_TABLES = 10  # tables a teacher opens at once
PUPIL_SEATS = (0, 2, 1, 3)  # the seats pupils take first: South, then North (partners), West, East


def open_class_tables(
    class_code: str,
    secret: str,
    count: int,
    rules: Rules,
    pupils: int = 4,
    level: str = "club",
    hints: bool = True,
    now: float | None = None,
    path: Location | None = None,
) -> tuple[str, ...]:
    """The class's teacher (``secret``: ``classroom.service.Teacher.check``) opens ``count`` tables
    for the class, each with ``pupils`` seats for pupils (South and North first: partners) and
    computers of ``level`` in the others; returns their codes. Their host is the teacher's secret
    of the class (no other secret is made)."""
    when = _now(now)
    info = classes.Teacher(class_code, secret, path=path).check(when)
    if type(count) is not int or not 1 <= count <= MAX_CLASS_TABLES:
        raise SeatError(f"a teacher opens 1 to {MAX_CLASS_TABLES} tables at once")
    if type(pupils) is not int or not 1 <= pupils <= rules.players:
        raise SeatError(f"a table has 1 to {rules.players} seats for pupils")
    persons = set(PUPIL_SEATS[:pupils]) if rules.players == 4 else set(range(pupils))
    levels = [None if seat in persons else level for seat in range(rules.players)]
    return tuple(
        open_table(rules, levels, hints, when, path, class_code=info.code).code for _ in range(count)
    )


def class_tables(
    class_code: str, secret: str, now: float | None = None, path: Location | None = None
) -> tuple[dict[str, Any], ...]:
    """The class's tables at a glance, for its teacher (``multiplayer.teaching.glance``: no card
    in it); a table whose record does not read is ``{"code": ..., "damaged": True}``."""
    when = _now(now)
    info = classes.Teacher(class_code, secret, path=path).check(when)
    found = []
    for record, changed in store.of_class(info.code, path):
        if isinstance(record, str):
            found.append({"code": record, "damaged": True})
            continue
        try:
            found.append(teaching.glance(_table(record), changed, when))
        except DamagedTable:
            found.append({"code": record.code, "damaged": True})
    return tuple(found)


def teaching_table(
    code: str, secret: str, now: float | None = None, path: Location | None = None
) -> dict[str, Any]:
    """The teaching table's page data (``multiplayer.teaching.teacher_data``: every hand), for the
    table's host or its class's teacher only (NotHost otherwise: a player's key is no secret)."""
    when = _now(now)
    return teaching.teacher_data(_host(code, secret, path, when), when)


def take_back(
    code: str, secret: str, version: int, now: float | None = None, path: Location | None = None
) -> None:
    """The host or the class's teacher, on a page drawn at ``version``, takes back the last trick
    (``multiplayer.teaching.take_back``); a stale page is refused."""
    _teacher_change(code, secret, version, teaching.take_back, now, path)


def redeal(
    code: str, secret: str, version: int, now: float | None = None, path: Location | None = None
) -> None:
    """The host or the class's teacher, on a page drawn at ``version``, deals the current hand again."""
    _teacher_change(code, secret, version, teaching.redeal, now, path)


def set_deal(
    code: str, secret: str, version: int, text: str, now: float | None = None, path: Location | None = None
) -> None:
    """The host or the class's teacher, on a page drawn at ``version``, deals the deal ``text`` names
    (the deal editor's position text or share link, ``multiplayer.chosen_deal.read_deal``: refused
    with DealRefused when it does not read or cannot be dealt under the table's rules) in place of
    the current hand, or as the next one between hands (``multiplayer.teaching.set_deal``)."""
    _teacher_change(
        code, secret, version, lambda table: teaching.set_deal(table, read_deal(text, table.rules)), now, path
    )


def projected_table(
    code: str, secret: str, every_hand: bool = False, now: float | None = None, path: Location | None = None
) -> dict[str, Any]:
    """One table for the classroom's screen (``multiplayer.teaching.projector_data``: what every
    seat knows, and every hand only when ``every_hand``), for the table's host or its class's
    teacher only (NotHost otherwise)."""
    when = _now(now)
    return teaching.projector_data(_host(code, secret, path, when), when, every_hand is True)


def _teacher_change(
    code: str,
    secret: str,
    version: int,
    change: Callable[[PeopleTable], Change],
    now: float | None,
    path: Location | None,
) -> None:
    when = _now(now)
    table = _host(code, secret, path, when)
    if version != table.version:
        raise StalePage(
            f"the table moved on since your page showed it (step {version}, now {table.version}): "
            "look at it again, then choose"
        )
    if not _keep(table, change(table), when, path):
        raise StalePage("the table moved on meanwhile: look at it again, then choose")


# ---- the players -------------------------------------------------------------------------------


def join(
    code: str,
    name: str,
    key: str,
    seat: int | None = None,
    now: float | None = None,
    path: Location | None = None,
) -> int:
    """Sit the person of ``key`` as ``name`` in ``seat`` (None: the first free person's seat);
    returns the seat. A key that holds a seat here comes back to it, whatever the seat asked."""
    when = _now(now)
    key_hash = _key_hash(key)
    shown = check_name(name)
    for _ in range(TRIES):
        table, _ = _load(code, path)
        held = seat_of(table, key_hash)
        if held is not None:
            store.touch(table.code, held, when, path)
            return held
        free = [i for i, s in enumerate(table.seats) if s.is_free]
        chosen = free[0] if seat is None and free else seat
        if chosen is None:
            raise SeatError("every seat at this table is taken: ask the host to free one")
        if _keep(table, seating.sit(table, chosen, shown, key_hash, when), when, path):
            return chosen
    raise StoreError("the table was too busy to join just now: try again")


def _seat(table: PeopleTable, key: str) -> int:
    seat = seat_of(table, _key_hash(key))
    if seat is None:
        raise NotAtTable(f"you hold no seat at the table {table.code}: join it first")
    return seat


def read(code: str, key: str, now: float | None = None, path: Location | None = None) -> dict[str, Any]:
    """The page data of the key's seat. Notes that its person is here, and plays the turns due to
    the computer (a person away past the silent time) before answering."""
    when = _now(now)
    for _ in range(TRIES):
        table, _ = _load(code, path)
        seat = _seat(table, key)
        if when - table.seats[seat].last_seen >= TOUCH_EVERY:
            store.touch(table.code, seat, when, path)
        table = rules_of_play.seen(table, seat, when)
        change = rules_of_play.advance(table, when)
        if _keep(table, change, when, path):
            return seat_data(change.table, seat, when)
    return seat_data(table, seat, when)


def play(
    code: str, key: str, version: int, move: str, now: float | None = None, path: Location | None = None
) -> dict[str, Any]:
    """The person of ``key`` taps ``move`` on a page drawn at ``version``: the new page data of
    their seat, or a TableError (the table unchanged) saying why not."""
    when = _now(now)
    table, _ = _load(code, path)
    seat = _seat(table, key)
    try:
        change = rules_of_play.act(table, seat, version, move, when)
    except StalePage:
        if _played_already(table, seat, version, move, path):
            return seat_data(table, seat, when)
        raise
    if _keep(table, change, when, path):
        return seat_data(change.table, seat, when)
    newer, _ = _load(code, path)
    if _played_already(newer, seat, version, move, path):
        return seat_data(newer, seat, when)
    raise StalePage("the table moved on while your move was on its way: look at it again, then choose")


def _played_already(table: PeopleTable, seat: int, version: int, move: str, path: Location | None) -> bool:
    """Whether the step after ``version`` was this very tap by this seat (a second tap of it)."""
    if type(version) is not int or not 0 <= version < table.version:
        return False
    first = store.log(table.code, version, path)[:1]
    return bool(first) and (first[0].seat, first[0].by, first[0].action) == (seat, PERSON, _canonical(move))


def _canonical(move: str) -> str:
    text = move.strip().lower() if isinstance(move, str) else ""
    if text == NEXT_HAND:
        return text
    try:
        return str(Action.parse(text))
    except EuchreError:
        return ""


# ---- the coach -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatReview:
    """A person's own graded decisions of a finished hand (``number``: 1 is the game's first),
    from their ``seat``, and whether their mistakes reached their deck (False: the database did not
    answer; the review stands all the same)."""

    number: int
    seat: int
    grades: tuple[grading.GradedDecision, ...]
    in_deck: bool


_decked: set[tuple[str, str, int]] = set()  # (table, hand, seat) whose mistakes went into the deck


def hand_record(
    code: str, key: str, number: int | None = None, path: Location | None = None
) -> dict[str, Any]:
    """What the person of ``key`` may keep of a finished hand of the table's game (None: the last
    finished one): their seat's view of it as it ended (``multiplayer.record.seat_record``). Raises
    NoSuchHand while no hand is finished (a hand in play has no record)."""
    table, _ = _load(code, path)
    return hand_records.seat_record(table, _seat(table, key), number)


def review(
    code: str, key: str, number: int | None = None, wait: float = 0.0, path: Location | None = None
) -> SeatReview | None:
    """The person of ``key``'s own decisions of a finished hand (None: the last), graded from their
    seat in the background; None while the grader is still at work (waiting up to ``wait`` s). The
    first time a hand's grades come back, its mistakes and blunders go into the person's deck
    (``practice.deck.learner_key`` of their name at the table), marked ``PEOPLE``: the other hands
    in those positions are other people's cards, which the Review page never shows."""
    table, _ = _load(code, path)
    seat = _seat(table, key)
    grades = seat_coach.seat_review(table, seat, number, wait)
    if grades is None:
        return None
    hand = hand_records.finished_hand(table, number)
    mark = (table.code, hand_id(hand), seat)
    in_deck = True
    if mark not in _decked:
        in_deck = _to_deck(deck.learner_key(table.seats[seat].name, ""), grades, path)
        if in_deck:
            _decked.add(mark)
    return SeatReview(hand_records.hand_number(table, number), seat, grades, in_deck)


def _to_deck(learner: str, grades: tuple[grading.GradedDecision, ...], path: Location | None) -> bool:
    try:
        conn = connect(path) if path is not None else None
        try:
            deck.add_mistakes(learner, grades, conn=conn, source=PEOPLE)
        finally:
            if conn is not None:
                conn.close()
    except StoreError:
        return False
    return True


def hint(code: str, key: str, path: Location | None = None) -> coach.Hint:
    """The Practice page's hint for the person of ``key`` at their turn (``seat_coach.seat_hint``).
    Raises HintsOff (a table without hints), NotYourTurn."""
    table, _ = _load(code, path)
    return seat_coach.seat_hint(table, _seat(table, key))


def hint_words(code: str, key: str, path: Location | None = None) -> tuple[coach.Hint, str]:
    """``hint`` and its advice in words as the Practice page words it (``advice_text``: the
    choice, from the person's own hand, and why)."""
    table, _ = _load(code, path)
    advice = seat_coach.seat_hint(table, _seat(table, key))
    return advice, advice_text(table.game.hand, advice.action, advice.reason)


__all__ = [
    "DamagedTable",
    "DealRefused",
    "HintsOff",
    "NoSuchHand",
    "NoSuchTable",
    "NotAtTable",
    "NotHost",
    "Opened",
    "StoreError",
    "TableError",
    "SeatReview",
    "StalePage",
    "NothingToTakeBack",
    "change_seat",
    "class_tables",
    "hand_record",
    "hint",
    "hint_words",
    "is_host",
    "join",
    "load_table",
    "open_class_tables",
    "open_table",
    "play",
    "projected_table",
    "read",
    "redeal",
    "review",
    "set_deal",
    "set_paused",
    "take_back",
    "teaching_table",
]
