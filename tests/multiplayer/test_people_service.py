"""multiplayer.service on SQLite and on PostgreSQL (``any_db``): opening, joining and coming
back, what a key without a seat may do, a tap twice (one after the other, and at once from two
threads), the computers and an away player, and a whole game of four people played to the end,
its score checked against the engine's own game of the same moves."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from engine.core.game import new_game, next_hand
from engine.core.rules import Rules
from multiplayer import service
from multiplayer.service import NotAtTable, NotHost
from multiplayer.table import AWAY, COMPUTER, NEXT_HAND, PERSON, GameOver, SeatError, StalePage
from store import people_tables
from store.backend import Location

NAMES = ("Ann", "Bob", "Cy", "Dee")


def test_joining_coming_back_and_a_key_without_a_seat(any_db: Location, keys: tuple[str, ...]) -> None:
    opened = service.open_table(Rules(), [None, "club", None, "club"], now=0.0, path=any_db)
    assert len(opened.code) == 6 and opened.secret
    assert service.join(opened.code, "Ann", keys[0], now=1.0, path=any_db) == 0
    assert service.join(opened.code.lower(), "Bob", keys[2], now=2.0, path=any_db) == 2
    assert service.join(opened.code, "Ann again", keys[0], seat=2, now=3.0, path=any_db) == 0  # her seat
    with pytest.raises(SeatError, match="every seat at this table is taken"):
        service.join(opened.code, "Cy", keys[1], now=4.0, path=any_db)
    with pytest.raises(NotAtTable, match="you hold no seat"):
        service.read(opened.code, keys[1], 5.0, any_db)
    with pytest.raises(NotAtTable, match="you hold no seat"):
        service.play(opened.code, keys[1], 2, "pass", 5.0, any_db)
    with pytest.raises(NotAtTable, match="does not read"):
        service.read(opened.code, "short", 5.0, any_db)
    with pytest.raises(NotHost):
        service.change_seat(opened.code, "not the secret", 1, None, 5.0, any_db)
    page = service.read(opened.code, keys[0], 6.0, any_db)
    assert [s["name"] for s in page["seats"]] == ["Ann", "", "Bob", ""] and len(page["hand"]) == 5
    assert all(len(c) == 2 for c in page["hand"]) and "key" not in str(page)


def _all_four(path: Location, keys: tuple[str, ...], rules: Rules | None = None) -> str:
    code = service.open_table(rules or Rules(), [None] * 4, now=0.0, path=path, seed=54).code
    for seat, name in enumerate(NAMES):
        assert service.join(code, name, keys[seat], seat=seat, now=1.0, path=path) == seat
    return code


def _to_act(code: str, keys: tuple[str, ...], path: Location, now: float) -> dict[str, Any]:
    """The page of the seat to act (any seat's page between hands)."""
    seat = service.read(code, keys[0], now, path)["to_act"]
    return service.read(code, keys[0 if seat is None else seat], now, path)


def test_the_same_tap_twice_plays_once(any_db: Location, keys: tuple[str, ...]) -> None:
    code = _all_four(any_db, keys)
    page = _to_act(code, keys, any_db, 2.0)
    seat, version, move = page["you"], page["version"], page["legal"][0]
    first = service.play(code, keys[seat], version, move, 3.0, any_db)
    again = service.play(code, keys[seat], version, move, 3.5, any_db)  # the second tap: already played
    assert first["version"] == again["version"] == version + 1
    assert [(r.seat, r.action) for r in people_tables.log(code, version, any_db)] == [(seat, move)]
    with pytest.raises(StalePage, match="out of date"):
        service.play(
            code, keys[seat], version, page["legal"][-1], 4.0, any_db
        )  # another move on the old page


def test_two_taps_at_once_play_once(any_db: Location, keys: tuple[str, ...]) -> None:
    code = _all_four(any_db, keys)
    page = _to_act(code, keys, any_db, 2.0)
    seat, version, move = page["you"], page["version"], page["legal"][0]
    answers: list[object] = [None, None]
    start = threading.Barrier(2)

    def tap(i: int) -> None:
        start.wait()
        try:
            answers[i] = service.play(code, keys[seat], version, move, 3.0, any_db)["version"]
        except StalePage as refused:
            answers[i] = refused

    threads = [threading.Thread(target=tap, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [r.version for r in people_tables.log(code, version, any_db)] == [version + 1]
    assert version + 1 in answers  # one played it; the other was told it had been played or was stale
    assert all(a == version + 1 or isinstance(a, StalePage) for a in answers)


def test_computers_play_until_a_person_is_to_act_and_an_away_person_is_played(
    any_db: Location, keys: tuple[str, ...]
) -> None:
    opened = service.open_table(
        Rules(), [None, None, "club", "club"], now=0.0, path=any_db, silent_after=30, seed=5
    )
    service.join(opened.code, "Ann", keys[0], seat=0, now=0.0, path=any_db)
    service.join(opened.code, "Bob", keys[1], seat=1, now=0.0, path=any_db)
    page = service.read(opened.code, keys[0], 1.0, any_db)
    assert page["to_act"] in (0, 1) or page["between_hands"]  # the computers have played their turns
    steps = people_tables.log(opened.code, 0, any_db)
    assert all(s.by == COMPUTER for s in steps if s.seat in (2, 3))
    assert [(s.seat, s.by) for s in steps if s.action == "sit"] == [(0, PERSON), (1, PERSON)]
    # Bob leaves; Ann plays on. Once Bob has been silent more than 30 s, his seat is played for him
    for now in (10.0, 20.0, 40.0, 50.0, 60.0):
        page = service.read(opened.code, keys[0], now, any_db)
        if page["to_act"] == 0:
            page = service.play(opened.code, keys[0], page["version"], page["legal"][0], now, any_db)
        elif page["between_hands"]:
            page = service.play(opened.code, keys[0], page["version"], NEXT_HAND, now, any_db)
    played_for_bob = [
        s for s in people_tables.log(opened.code, 0, any_db) if s.seat == 1 and s.action != "sit"
    ]
    assert played_for_bob and all(s.by == AWAY and s.at > 30.0 for s in played_for_bob)
    assert page["seats"][1]["away"] is True and page["seats"][0]["away"] is False
    bob = service.read(opened.code, keys[1], 61.0, any_db)  # Bob comes back to his seat
    assert bob["you"] == 1 and bob["seats"][1]["away"] is False


def test_a_whole_game_of_four_people_scores_as_the_engines_own_game(
    any_db: Location, keys: tuple[str, ...]
) -> None:
    rules = Rules(target=5)
    code = _all_four(any_db, keys, rules)
    rng = random.Random(54)
    taps: list[str] = []
    now = 2.0
    page = _to_act(code, keys, any_db, now)
    while not page["game_over"]:
        now += 0.5
        move = rng.choice(page["legal"])
        page = service.play(code, keys[page["you"]], page["version"], move, now, any_db)
        taps.append(move)
        if not page["game_over"]:
            page = _to_act(code, keys, any_db, now)
    assert all(s.by == PERSON for s in people_tables.log(code, 4, any_db))
    game = new_game(rules, service.load_table(code, any_db).game.seed)
    for move in taps:
        game = next_hand(game) if move == NEXT_HAND else game.apply(move)
    assert game.is_over and max(game.scores) >= 5
    final = service.read(code, keys[2], now, any_db)
    assert final["score"] == list(game.scores) and final["winner"] == game.match_winner
    assert final["legal"] == [] and final["version"] == 4 + len(taps)
    with pytest.raises(GameOver):
        service.play(code, keys[0], final["version"], NEXT_HAND, now, any_db)


def test_only_the_hosts_secret_changes_a_seat_or_pauses_hostile_tries_change_nothing(
    any_db: Location, keys: tuple[str, ...]
) -> None:
    # seed 3: South (a person) speaks first, so no computer has moved when the host changes a seat
    opened = service.open_table(Rules(), [None, "club", None, "club"], now=0.0, path=any_db, seed=3)
    other = service.open_table(Rules(), [None, "club", "club", "club"], now=0.0, path=any_db)
    service.join(opened.code, "Ann", keys[0], now=1.0, path=any_db)
    service.join(opened.code, "Bob", keys[2], now=1.0, path=any_db)
    before = service.load_table(opened.code, any_db)
    s = opened.secret
    hostile: list[Any] = [
        "",
        keys[0],  # a seated person's own key
        keys[2],
        other.secret,  # the host of another table
        s[:-1] + ("A" if s[-1] != "A" else "B"),  # one letter off
        s.upper() if s.upper() != s else s.lower(),
        s + "x",
        " " + s,
        s * 50,
        None,
        123,
        [s],
        {"secret": s},
    ]
    for secret in hostile:
        assert not service.is_host(opened.code, secret, any_db)
        with pytest.raises(NotHost, match="only the host"):
            service.change_seat(opened.code, secret, 1, None, 2.0, any_db)
        with pytest.raises(NotHost, match="only the host"):
            service.change_seat(opened.code, secret, 2, "club", 2.0, any_db)
        with pytest.raises(NotHost, match="only the host"):
            service.set_paused(opened.code, secret, True, 2.0, any_db)
    after = service.load_table(opened.code, any_db)
    assert (after.version, after.seats, after.paused) == (before.version, before.seats, before.paused)
    # the host's own secret does change it (the seat first, before the hand's first move)
    assert service.is_host(opened.code, opened.secret, any_db)
    assert not service.is_host(other.code, opened.secret, any_db)
    service.change_seat(opened.code, opened.secret, 1, None, 3.0, any_db)
    service.set_paused(opened.code, opened.secret, True, 3.0, any_db)
    changed = service.load_table(opened.code, any_db)
    assert changed.seats[1].is_free and changed.paused and changed.seats[2].name == "Bob"
