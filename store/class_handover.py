"""Handing a class to another device (``store.classes`` passes these on).

The teacher's secret is never shown on the (projected) page. To run the class from another device,
the teacher asks for a one-time code: the secret is kept sealed under it (PBKDF2 of the code, the
class's code as salt: XORed, so the row alone does not give the secret), for HANDOVER_S seconds and
one use. The device that types it (or opens the link holding it) gets the secret and keeps it as
the device that started the class does."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time

from store.backend import Connection, Location
from store.class_errors import (
    BadHandover,
)
from store.class_pool import run
from store.class_rows import (
    CODE_LETTERS,
    HANDOVER_LENGTH,
    HANDOVER_ROUNDS,
    HANDOVER_S,
    ClassInfo,
    _by_teacher,
    _number,
    _open_class,
    _teacher,
    clean_code,
)


def clean_handover(text: str) -> str:
    """A one-time code as typed: spaces and dashes dropped, upper case (BadHandover when it cannot be one)."""
    typed = "".join(ch for ch in str(text) if ch not in " -\t").upper()
    if len(typed) != HANDOVER_LENGTH or any(ch not in CODE_LETTERS for ch in typed):
        raise BadHandover(
            f"a teacher code is {HANDOVER_LENGTH} letters and digits, like the one on the teacher's screen"
        )
    return typed


def _derive(one_time: str, code: str, purpose: str, length: int) -> bytes:
    return hashlib.pbkdf2_hmac(
        "sha256", one_time.encode(), f"{purpose}:{code}".encode(), HANDOVER_ROUNDS, length
    )


def handover(code: str, secret: str, now: float | None = None, path: Location | None = None) -> str:
    """A one-time code another device takes the class with (``take_handover``), good for
    ``HANDOVER_S`` seconds and one use; a new one replaces the class's last."""
    code = clean_code(code)
    one_time = "".join(secrets.choice(CODE_LETTERS) for _ in range(HANDOVER_LENGTH))
    plain = str(secret).encode("utf-8")
    sealed = bytes(
        a ^ b for a, b in zip(plain, _derive(one_time, code, "seal", len(plain)), strict=True)
    ).hex()
    lookup = _derive(one_time, code, "lookup", 32).hex()

    def change(conn: Connection, info: ClassInfo, when: float) -> None:
        conn.execute(
            "INSERT INTO class_handovers (class_code, lookup, sealed, expires, used) VALUES (?, ?, ?, ?, NULL) "
            "ON CONFLICT (class_code) DO UPDATE SET lookup = excluded.lookup, sealed = excluded.sealed, "
            "expires = excluded.expires, used = NULL",
            (code, lookup, sealed, when + HANDOVER_S),
        )

    _by_teacher(code, secret, now, path, change)
    return one_time


def cancel_handover(code: str, secret: str, now: float | None = None, path: Location | None = None) -> None:
    """Forget the class's one-time code (the teacher hid it): it no longer opens the class."""
    _by_teacher(
        code,
        secret,
        now,
        path,
        lambda conn, info, when: conn.execute(
            "DELETE FROM class_handovers WHERE class_code = ?", (info.code,)
        ),
        open_only=False,
    )


def handover_used(
    code: str, secret: str, now: float | None = None, path: Location | None = None
) -> float | None:
    """When the class's one-time code was taken by a device (None: not taken, or none shown)."""

    def used(conn: Connection, info: ClassInfo, when: float) -> float | None:
        row = conn.execute("SELECT used FROM class_handovers WHERE class_code = ?", (info.code,)).fetchone()
        return None if row is None or row[0] is None else _number(row[0])

    return _by_teacher(code, secret, now, path, used, open_only=False, reading=True)


def take_handover(code: str, one_time: str, now: float | None = None, path: Location | None = None) -> str:
    """The teacher's secret, for the device that types the class's one-time code in time; the code is
    then used up. BadHandover when it is wrong, used or expired."""
    code = clean_code(code)
    typed = clean_handover(one_time)
    when = time.time() if now is None else now
    lookup = _derive(typed, code, "lookup", 32).hex()
    refused = BadHandover(
        "that teacher code is not this class's, was used already or has expired: show a new one "
        "on the teacher's screen"
    )

    def work(conn: Connection) -> str:
        _open_class(conn, code, when)
        row = conn.execute(
            "SELECT lookup, sealed, expires, used FROM class_handovers WHERE class_code = ?", (code,)
        ).fetchone()
        if (
            row is None
            or not isinstance(row[0], str)
            or not hmac.compare_digest(row[0].encode(), lookup.encode())
        ):
            raise refused
        sealed, expires, used = row[1], _number(row[2]), row[3]
        if used is not None or expires is None or when > expires or not isinstance(sealed, str):
            raise refused
        try:
            data = bytes.fromhex(sealed)
            secret = bytes(
                a ^ b for a, b in zip(data, _derive(typed, code, "seal", len(data)), strict=True)
            ).decode()
        except (ValueError, UnicodeDecodeError):
            raise refused from None
        conn.execute("UPDATE class_handovers SET sealed = '', used = ? WHERE class_code = ?", (when, code))
        _teacher(conn, code, secret, when)
        conn.execute("UPDATE classes SET version = version + 1 WHERE code = ?", (code,))
        return secret

    return run(path, work)
