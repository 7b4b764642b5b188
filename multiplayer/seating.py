"""Sitting down, coming back and changing the table: pure functions over ``multiplayer.table``'s
values, each a step of the table (one more version) followed by the computers' turns now due.

A person sits in a free person's seat, known from then on by the hash of their private key; the
same key comes back to the same seat (seen again: no step). The host changes a seat from a
computer to a free person's seat or back, between hands only, and pauses the table.
"""

from __future__ import annotations

from dataclasses import replace

from multiplayer.errors import SeatError
from multiplayer.table import (
    HOST,
    PERSON,
    Change,
    PeopleTable,
    Seat,
    Step,
    advance,
    check_seat,
    seat_of,
    seen,
    who,
    with_seat,
)


def sit(table: PeopleTable, seat: int, name: str, key_hash: str, now: float) -> Change:
    """The person of ``key_hash`` sits down in the free person's seat ``seat`` as ``name`` (checked
    by the caller), then the computers play on if it is their turn. A key that already holds a
    seat comes back to it (seen ``now``; no step)."""
    check_seat(table, seat)
    held = seat_of(table, key_hash)
    if held is not None:
        return Change(seen(table, held, now))
    s = table.seats[seat]
    if not s.is_free:
        raise SeatError(f"{who(table, seat)} is not free: choose a free seat")
    person = Seat(name=name, key_hash=key_hash, last_seen=now)
    sat = _changed(table, seat, person, "sit", PERSON)
    after = advance(sat.table, now)
    return Change(after.table, sat.steps + after.steps)


def change_seat(table: PeopleTable, seat: int, level: str | None, now: float) -> Change:
    """The host makes ``seat`` a computer of ``level``, or (``level`` None) a free person's seat,
    between hands only (before the hand's first move, or once it is over). The person who held it
    no longer does; a table keeps at least one person's seat."""
    check_seat(table, seat)
    hand = table.game.hand
    if hand.history and not hand.is_over:
        raise SeatError("a seat changes between hands only: change it once this hand is over")
    seats = table.seats
    if level is not None and all(s.is_computer for i, s in enumerate(seats) if i != seat):
        raise SeatError("a table of people keeps at least one person's seat")
    new = Seat(level=level) if level is not None else Seat(last_seen=now)
    if (new.level, new.is_free) == (seats[seat].level, seats[seat].is_free):
        return Change(table)
    changed = _changed(table, seat, new, f"computer {level}" if level else "person", HOST)
    after = advance(changed.table, now)
    return Change(after.table, changed.steps + after.steps)


def pause(table: PeopleTable, paused: bool, now: float) -> Change:
    """The host pauses the table (nobody may play) or lets play resume."""
    if table.paused == paused:
        return Change(table)
    version = table.version + 1
    step = Step(version, None, "pause" if paused else "resume", HOST)
    changed = replace(table, paused=paused, version=version)
    after = advance(changed, now)
    return Change(after.table, (step,) + after.steps)


def _changed(table: PeopleTable, seat: int, new: Seat, what: str, by: str) -> Change:
    version = table.version + 1
    changed = replace(table, seats=with_seat(table.seats, seat, new), version=version)
    return Change(changed, (Step(version, seat, what, by),))


__all__ = ["change_seat", "pause", "sit"]
