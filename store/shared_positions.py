"""Deals shared by a page link without their cards: a Practice game that began from a position
text no seed deals (a teacher's deal from a ``position=`` link or the deal editor) is kept here
under a random id, and the page link says ``shared=<id>`` instead of printing every hidden hand.

One table in the app's database (``store.db``): ``shared_positions``, one row per id, holding
what rebuilds the game's start (``SharedStart``): the first hand as a position text
(``HandState.to_text``: the rules, the deal and any actions already in it), the seed that deals
the later hands, the game and hand number, the dealer, the score the hand was dealt at, the
computer seats' level letters and whether it is a single replayed deal. The learner's decisions
stay in the link (``moves=``): they change at every click, and a row never changes.

A row is kept ``KEEP_DAYS`` days: an older one reads as expired, and saving deletes the expired
rows. Reading checks every field (``check``): an id that is not one, or names no row or an
expired one, raises ``UnknownShare``; a row that does not pass raises ``DamagedShare`` (both are
``ShareError``, a ``ValueError``: the link's value is at fault, and the page says so and opens a
new game). A database that cannot be opened, read or written raises ``StoreError``.

Writes without a connection go through ``store.db.writer`` like the practice records
(``store.practice_log``): the id is chosen before the write, so a database another program holds
busy delays the row, not the link. A connection passed in is used at once.

>>> start = SharedStart("standard/0/9H-TH-JH-QH-KH,9C-TC-JC-QC-KC,9D-TD-JD-QD-KD,9S-TS-JS-QS-KS/AH", seed=7)
>>> check(start) is None, bool(ID_FORM.fullmatch(new_id()))
(True, True)
"""

from __future__ import annotations

import base64
import re
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TypeVar

from engine.core.errors import EuchreError
from engine.core.game import new_game
from engine.core.hand import HandState
from engine.core.position import MAX_TEXT
from store import fields as stored
from store.backend import Connection
from store.db import read, write
from store.fields import stamp

T = TypeVar("T")

KEEP_DAYS = 90  # a shared deal's row is kept this long, then reads as expired
ID_BYTES = 10  # random bytes of an id: 80 bits, 16 base32 letters
ID_FORM = re.compile(r"[a-z2-7]{16}")  # lower-case base32: URL-safe, and never a card's two letters alone
SEED_LIMIT = 2**32  # the seeds a game takes (practice.codes.SEED_LIMIT)
MAX_NUMBER = 255  # the largest game or hand number a row may hold (a deal code's hand field)
LEVEL_FORM = re.compile(r"[a-z]{0,3}")  # one letter per computer seat (practice.table_link.LEVEL_LETTERS)

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS shared_positions (
        id TEXT PRIMARY KEY,              -- 16 lower-case base32 letters, random
        position TEXT NOT NULL,           -- the game's first hand as a position text (HandState.to_text)
        seed INTEGER NOT NULL,            -- the seed that deals the later hands
        game_number INTEGER NOT NULL,     -- from 0
        hand_number INTEGER NOT NULL,     -- from 0
        dealer INTEGER,                   -- the session's dealer, NULL for the game's own
        scores TEXT NOT NULL,             -- the score the hand was dealt at, '4-6'; '' for 0 each
        levels TEXT NOT NULL,             -- the computer seats' level letters, West first ('cce')
        single_deal INTEGER NOT NULL,     -- 1: a replayed deal, the session ends with the hand
        created TEXT NOT NULL             -- ISO time, UTC
    )""",
    "CREATE INDEX IF NOT EXISTS shared_positions_created ON shared_positions (created)",
)
COLUMNS = (
    "id",
    "position",
    "seed",
    "game_number",
    "hand_number",
    "dealer",
    "scores",
    "levels",
    "single_deal",
    "created",
)


class ShareError(ValueError):
    """A ``shared=`` id that gives no deal (the link's value is at fault, not the database)."""


class UnknownShare(ShareError):
    """The id is not one, or names no stored deal (never saved, or expired and deleted)."""


class DamagedShare(ShareError):
    """The id's row is there but does not read back as a deal the table can open."""


@dataclass(frozen=True, slots=True)
class SharedStart:
    """Where a shared game starts: its first hand as a position text and what the game needs
    beyond that hand (``practice.session.Session`` without the learner's decisions)."""

    position: str
    seed: int
    game_number: int = 0
    hand_number: int = 0
    dealer: int | None = None
    scores: tuple[int, ...] = ()  # () for 0 each
    levels: str = ""  # the computer seats' level letters ("" for the page's own)
    single_deal: bool = False


def check(start: SharedStart) -> None:
    """Raise DamagedShare unless ``start`` would read back: a position text that reads, numbers in
    range, a dealer seat, one score per side below the target, level letters."""
    if not isinstance(start.position, str) or len(start.position) > MAX_TEXT:
        raise DamagedShare(f"its position is not a text of at most {MAX_TEXT:,} characters")
    try:
        hand = HandState.from_text(start.position)
    except (EuchreError, RecursionError) as err:
        raise DamagedShare(f"its position does not read: {err}") from None
    rules = hand.rules
    if type(start.seed) is not int or not 0 <= start.seed < SEED_LIMIT:
        raise DamagedShare(f"its seed is not a whole number 0..{SEED_LIMIT - 1}")
    for name, value in (("game", start.game_number), ("hand", start.hand_number)):
        if type(value) is not int or not 0 <= value <= MAX_NUMBER:
            raise DamagedShare(f"its {name} number is not 0..{MAX_NUMBER}")
    if start.dealer is not None and (type(start.dealer) is not int or not 0 <= start.dealer < rules.players):
        raise DamagedShare(f"its dealer is not a seat 0..{rules.players - 1}")
    sides = len(new_game(rules, 0).scores)
    if start.scores and (
        len(start.scores) != sides or not all(type(v) is int and 0 <= v < rules.target for v in start.scores)
    ):
        raise DamagedShare(f"its score is not {sides} scores below {rules.target}")
    if (
        not isinstance(start.levels, str)
        or not LEVEL_FORM.fullmatch(start.levels)
        or len(start.levels) > rules.players - 1
    ):
        raise DamagedShare("its seat levels are not one letter per computer seat")


def new_id() -> str:
    """A fresh random id: ``ID_BYTES`` random bytes as lower-case base32 (16 letters and digits)."""
    return base64.b32encode(secrets.token_bytes(ID_BYTES)).decode("ascii").lower()


# ---- writing --------------------------------------------------------------------------------


def _write(conn: Connection | None, what: str, work: Callable[[Connection], T], queued: T) -> T:
    """``store.db.write`` with this module's tables. Raises StoreError."""
    return write(conn, SCHEMA, what, work, queued, "the shared deal could not be saved")


def save(start: SharedStart, conn: Connection | None = None, now: datetime | None = None) -> str:
    """Keep ``start`` under a new random id and return the id (at once while the write waits for a
    busy database); rows older than ``KEEP_DAYS`` are deleted in the same transaction. Raises
    DamagedShare for a start that would not read back, StoreError for the database."""
    check(start)
    when = now or datetime.now(UTC)
    share_id = new_id()
    row = (
        share_id,
        start.position,
        start.seed,
        start.game_number,
        start.hand_number,
        start.dealer,
        "-".join(map(str, start.scores)),
        start.levels,
        int(start.single_deal),
        stored.stamp(when),
    )

    def insert(db: Connection) -> str:
        db.execute(
            "DELETE FROM shared_positions WHERE created < ?",
            (stored.stamp(when - timedelta(days=KEEP_DAYS)),),
        )
        db.execute(
            f"INSERT INTO shared_positions ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})",
            row,
        )
        return share_id

    return _write(conn, "keeping the deal for the page link", insert, share_id)


# ---- reading --------------------------------------------------------------------------------


def _scores(value: object) -> tuple[int, ...] | None:
    text = stored.text(value, 20)
    if text is None:
        return None
    if not text:
        return ()
    parts = text.split("-")
    if not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts):
        return None
    return tuple(int(p) for p in parts)


def _start(row: Sequence[object]) -> tuple[SharedStart, datetime]:
    """A row (``COLUMNS``) as the start it keeps and when it was made; raises DamagedShare."""
    _, position, seed, game_number, hand_number, dealer, scores, levels, single_deal, created = row
    text, score, letters, when = (
        stored.text(position, MAX_TEXT),
        _scores(scores),
        stored.text(levels, 3),
        stored.moment(created),
    )
    seed_, game_, hand_, single_, dealer_ = map(
        stored.whole, (seed, game_number, hand_number, single_deal, dealer)
    )
    if (
        text is None
        or score is None
        or letters is None
        or when is None
        or seed_ is None
        or game_ is None
        or hand_ is None
        or single_ not in (0, 1)
        or (dealer is not None and dealer_ is None)
    ):
        raise DamagedShare("a field of its row is missing or not of its kind")
    start = SharedStart(text, seed_, game_, hand_, dealer_, score, letters, single_ == 1)
    check(start)
    return start, when


def load(share_id: str, conn: Connection | None = None, now: datetime | None = None) -> SharedStart:
    """The start kept under ``share_id``. Raises UnknownShare (not an id, no such row, expired),
    DamagedShare (a row that does not read back), StoreError (the database)."""
    if not isinstance(share_id, str) or not ID_FORM.fullmatch(share_id):
        raise UnknownShare("it is not a shared deal's id (16 lower-case letters and digits 2-7)")
    row = read(
        conn,
        SCHEMA,
        "the shared deal could not be read",
        lambda db: db.execute(
            f"SELECT {', '.join(map(stored.as_read, COLUMNS))} FROM shared_positions WHERE id = ?",
            (share_id,),
        ).fetchone(),
    )
    if row is None:
        raise UnknownShare(f"no deal is kept under it (shared deals are kept {KEEP_DAYS} days)")
    start, created = _start(row)
    if created < (now or datetime.now(UTC)) - timedelta(days=KEEP_DAYS):
        raise UnknownShare(f"the deal kept under it has expired (shared deals are kept {KEEP_DAYS} days)")
    return start


__all__ = [
    "COLUMNS",
    "ID_FORM",
    "KEEP_DAYS",
    "SCHEMA",
    "DamagedShare",
    "ShareError",
    "SharedStart",
    "UnknownShare",
    "check",
    "load",
    "new_id",
    "save",
    "stamp",
]
