"""A learner's unfinished Practice game, kept so that a fresh visit (a new tab, the next day) goes on
with it instead of starting again at 0–0.

One table in the app's database (``store.db``): ``kept_games``, one row per learner (the name typed
on the Learn page, or the browser's id: ``practice.deck.learner_key``), holding the Practice page's
link to the game where it stands: its parameters as a JSON object of strings (the deal's code or a
shared deal's id, the learner's moves, the score, the computer seats' levels, the rules). The page
rebuilds the game from them exactly as it rebuilds a reloaded link (``practice.table_link``), so a
row holds no card the link would not hold. A finished game's row is deleted.

Writes go through ``store.db.writer`` (a click never waits for them). Reading checks the row: a
learner whose row is not a JSON object of at most ``MAX_FIELDS`` short strings has no kept game
(the damaged row is deleted by the next write), never a guessed one. A database that cannot be
opened, read or written raises ``StoreError``.

>>> read_link('{"deal": "AAAE-E7IH-GFAA-BWZZ", "moves": "p"}')
{'deal': 'AAAE-E7IH-GFAA-BWZZ', 'moves': 'p'}
>>> read_link('{"deal": 7}') is None, read_link("[]") is None, read_link("not json") is None
(True, True, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime

from store.backend import Connection
from store.db import StoreError, read, write

MAX_FIELDS = 40  # a page link has about ten parameters (and the rules' changed fields)
MAX_CHARS = 4_000  # per value: a long game's moves stay well under this (the link caps them)
MAX_LEARNER = 200

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE IF NOT EXISTS kept_games (
        learner TEXT PRIMARY KEY,   -- practice.deck.learner_key: a name or a browser id
        link TEXT NOT NULL,         -- the Practice page's link parameters, a JSON object of strings
        saved_at TEXT NOT NULL      -- ISO time, UTC
    )""",
)


def read_link(text: object) -> dict[str, str] | None:
    """The link parameters a row holds, or None when it does not hold a JSON object of at most
    ``MAX_FIELDS`` string fields, each at most ``MAX_CHARS`` characters."""
    if not isinstance(text, str):
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    if not isinstance(value, dict) or not 0 < len(value) <= MAX_FIELDS:
        return None
    if not all(
        isinstance(k, str) and isinstance(v, str) and len(k) + len(v) <= MAX_CHARS for k, v in value.items()
    ):
        return None
    return dict(value)


def _learner(learner: str) -> str:
    if not learner or len(learner) > MAX_LEARNER:
        raise StoreError(f"a learner's key is 1 to {MAX_LEARNER} characters")
    return learner


def keep(learner: str, link: Mapping[str, str], conn: Connection | None = None) -> None:
    """Keep ``learner``'s game where it stands (its page link's parameters), replacing the one kept."""
    text = json.dumps(dict(link), separators=(",", ":"), sort_keys=True)
    if read_link(text) is None:
        raise StoreError(f"a game's link holds at most {MAX_FIELDS} fields of at most {MAX_CHARS} characters")
    key, now = _learner(learner), datetime.now(UTC).isoformat(timespec="seconds")

    def save(db: Connection) -> None:
        db.execute(
            "INSERT INTO kept_games (learner, link, saved_at) VALUES (?, ?, ?) "
            "ON CONFLICT (learner) DO UPDATE SET link = excluded.link, saved_at = excluded.saved_at",
            (key, text, now),
        )

    write(conn, SCHEMA, "keeping your game", save, None, "your game could not be kept")


def forget(learner: str, conn: Connection | None = None) -> None:
    """No kept game for ``learner`` (the game ended, or a new one has no link to keep yet)."""
    key = _learner(learner)
    write(
        conn,
        SCHEMA,
        "forgetting a finished game",
        lambda db: db.execute("DELETE FROM kept_games WHERE learner = ?", (key,)),
        None,
        "your finished game could not be forgotten",
    )


def kept(learner: str, conn: Connection | None = None) -> dict[str, str] | None:
    """``learner``'s kept game's link parameters, or None (none kept, or its row does not read)."""
    key = _learner(learner)
    row = read(  # this process's own last keep, if still queued, lands first
        conn,
        SCHEMA,
        "your kept game could not be read",
        lambda db: db.execute("SELECT link FROM kept_games WHERE learner = ?", (key,)).fetchone(),
    )
    return None if row is None else read_link(row[0])


__all__ = ["MAX_CHARS", "MAX_FIELDS", "forget", "keep", "kept", "read_link"]
