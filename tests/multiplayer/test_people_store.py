"""store.people_tables on SQLite and on PostgreSQL (``any_db``): a table kept and read back, the
compare-and-swap on the version (a save at a version the table has left writes nothing; two
connections saving the same version at once: exactly one lands), and damaged rows read as a
clear error, never a crash or a guess."""

from __future__ import annotations

import threading

import pytest

from engine.core.game import GameState, apply_game, new_game
from engine.core.rules import Rules
from store import people_tables as store
from store.backend import Connection, Location
from store.people_tables import DamagedTable, NoSuchTable, SeatRecord, TableRecord

HASH = "ab" * 32
SEATS = (
    SeatRecord(name="Ann", key_hash="cd" * 32, seen=100.0),
    SeatRecord(level="club"),
    SeatRecord(seen=100.0),
    SeatRecord(level="beginner"),
)


def record(
    game: GameState, moves: tuple[tuple[str, ...], ...], version: int, code: str = "ABC234"
) -> TableRecord:
    return TableRecord(code, game, moves, SEATS, version, True, False, 60)


def opened(path: Location, seed: int = 11) -> TableRecord:
    first = record(new_game(Rules(stick_the_dealer=True), seed), ((),), 0)
    assert store.insert(first, HASH, 100.0, path)
    return first


def test_a_table_is_kept_and_read_back(any_db: Location) -> None:
    first = opened(any_db)
    assert not store.insert(first, HASH, 101.0, any_db)  # the code is taken
    loaded, host = store.load("ABC234", any_db)
    assert loaded == first and host == HASH
    with pytest.raises(NoSuchTable, match="no table 'ZZZ999'"):
        store.load("ZZZ999", any_db)


def test_a_save_lands_only_on_the_version_it_was_worked_out_from(any_db: Location) -> None:
    first = opened(any_db)
    action = str(first.game.legal_actions()[0])
    moved = record(apply_game(first.game, action), ((action,),), 1)
    assert store.save(0, moved, [(1, 0, action, "person")], 102.0, any_db)
    other = str(first.game.legal_actions()[1])
    stale = record(apply_game(first.game, other), ((other,),), 1)
    assert not store.save(0, stale, [(1, 0, other, "person")], 103.0, any_db)  # the page was stale
    assert store.load("ABC234", any_db)[0] == moved
    assert [(r.version, r.seat, r.action, r.by, r.at) for r in store.log("ABC234", 0, any_db)] == [
        (1, 0, action, "person", 102.0)
    ]


def test_seen_moves_forward_only(any_db: Location) -> None:
    opened(any_db)
    store.touch("ABC234", 0, 150.0, any_db)
    store.touch("ABC234", 0, 120.0, any_db)
    assert [s.seen for s in store.load("ABC234", any_db)[0].seats] == [150.0, 0.0, 100.0, 0.0]


Attempt = tuple[TableRecord, list[tuple[int, int | None, str, str]]]


def race(path: Location, before: int, attempts: list[Attempt]) -> list[bool]:
    """Each attempt saved over version ``before`` by its own thread, all let go at once."""
    landed = [False] * len(attempts)
    start = threading.Barrier(len(attempts))

    def save(i: int) -> None:
        start.wait()
        landed[i] = store.save(before, attempts[i][0], attempts[i][1], 200.0, path)

    threads = [threading.Thread(target=save, args=(i,)) for i in range(len(attempts))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return landed


@pytest.mark.parametrize("rounds", [12])
def test_two_connections_saving_the_same_version_exactly_one_lands(any_db: Location, rounds: int) -> None:
    """Two threads, each with its own connection (as two servers), save the same version with
    different moves, many times over: exactly one lands each time, and the log has one step per
    version."""
    current = opened(any_db)
    for _ in range(rounds):
        legal = current.game.legal_actions()
        moves = [str(legal[0]), str(legal[-1])]
        tries = [
            record(
                apply_game(current.game, m),
                current.moves[:-1] + (current.moves[-1] + (m,),),
                current.version + 1,
            )
            for m in moves
        ]
        step = current.game.hand.to_act
        landed = race(
            any_db,
            current.version,
            [(t, [(t.version, step, m, "person")]) for t, m in zip(tries, moves, strict=True)],
        )
        assert sorted(landed) == [False, True]
        current = store.load("ABC234", any_db)[0]
        assert current == tries[landed.index(True)]
        if current.game.hand.is_over:
            break
    steps = store.log("ABC234", 0, any_db)
    assert [r.version for r in steps] == list(range(1, current.version + 1))


DAMAGE = [
    ("rules", "'players=5'", "rules"),
    ("seed", "-1", "seed"),
    ("seed", "'seven'", "seed"),
    ("moves", '\'[["pass"], ["pass"]]\'', "game"),  # a hand dealt before the first one ended
    ("moves", "'[[\"play AH\"]]'", "game"),  # not legal in the bidding
    ("moves", "'not json'", "moves"),
    ("moves", "'[]'", "moves"),
    ("seats", '\'[{"level": "club"}]\'', "seats"),  # one seat at a table of four
    (
        "seats",
        '\'[{"name": "Ann", "key": "secret"}, {"level": "club"}, {"level": "club"}, {"level": "club"}]\'',
        "seats",
    ),
    ("version", "-3", "version"),
    ("hints", "7", "switches"),
    ("silent_after", "0", "silent time"),
]


@pytest.mark.parametrize(("column", "value", "what"), DAMAGE)
def test_a_damaged_row_is_a_clear_error(
    any_db: Location, conn: Connection, column: str, value: str, what: str
) -> None:
    if value == "'seven'" and isinstance(any_db, str):
        pytest.skip("PostgreSQL keeps a number column's type: only a SQLite file can hold text there")
    opened(any_db)
    with conn:
        conn.execute(f"UPDATE people_tables SET {column} = {value} WHERE code = 'ABC234'")
    with pytest.raises(DamagedTable, match=f"table ABC234 is damaged \\(its {what} cannot be read\\)"):
        store.load("ABC234", any_db)
