"""The teacher's take-back, redeal and glance (multiplayer.teaching), worked out by hand on the deal
of conftest.py (East deals, South bids first; trump diamonds once North orders the 9♦ up):

auction  0 South pass, 1 West pass, 2 North order, 3 East discard Q♣
trick 1  4 South A♥, 5 West 9♥, 6 North Q♥, 7 East 10♥: South wins
trick 2  8 South K♥, 9 West 9♠, 10 North J♦, 11 East J♠: North wins (the right bower)
         12 North leads the A♦

A take-back or a redeal on a table playing on pauses it, so the computers do not play on from the
position the teacher wants to show (seed 54's table, ``_running``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest

from engine.core.errors import IllegalAction
from engine.core.game import REDEAL, new_game, replay
from engine.core.rules import Rules
from multiplayer.errors import StalePage, TablePaused
from multiplayer.seating import pause
from multiplayer.table import COMPUTER, HOST, Change, PeopleTable, Seat, act, advance, new_table, to_act
from multiplayer.teaching import (
    PAUSE,
    TEACHER,
    NothingToTakeBack,
    glance,
    redeal,
    take_back,
    take_back_point,
    teacher_data,
)

MOVES = (
    (0, "pass"), (1, "pass"), (2, "order"), (3, "discard QC"),
    (0, "play AH"), (1, "play 9H"), (2, "play QH"), (3, "play TH"),
    (0, "play KH"), (1, "play 9S"), (2, "play JD"), (3, "play JS"),
    (2, "play AD"),
)  # fmt: skip
ALL = frozenset(range(4))


@pytest.fixture
def four(dealt_table: Callable[..., PeopleTable], people: Callable[..., Seat]) -> PeopleTable:
    return dealt_table(tuple(people(seat, name) for seat, name in enumerate(("Ann", "Bob", "Cy", "Dee"))))


def played(table: PeopleTable, count: int) -> PeopleTable:
    for seat, move in MOVES[:count]:
        table = act(table, seat, table.version, move, 1.0).table
    return table


def test_nothing_done_is_nothing_to_take_back(four: PeopleTable) -> None:
    with pytest.raises(NothingToTakeBack):
        take_back_point(four.game.hand, ALL)


def test_with_no_trick_complete_the_last_persons_action_goes(four: PeopleTable) -> None:
    hand = played(four, 4).game.hand
    assert take_back_point(hand, ALL) == 3  # East's discard
    assert take_back_point(hand, frozenset({0, 1, 2})) == 2  # East a computer: North's order and after
    assert take_back_point(played(four, 6).game.hand, ALL) == 5  # West's 9♥ in the first trick
    assert take_back_point(hand, frozenset()) == 3  # no person's action: the last action


def test_the_last_complete_trick_goes_with_the_trick_in_play(four: PeopleTable) -> None:
    assert take_back_point(played(four, 8).game.hand, ALL) == 4  # trick 1 done: back to its lead
    assert take_back_point(played(four, 9).game.hand, ALL) == 4  # K♥ led to trick 2: trick 1 again
    assert take_back_point(played(four, 12).game.hand, ALL) == 8  # trick 2 done: back to the K♥
    assert take_back_point(played(four, 13).game.hand, ALL) == 8


def _seeded(seed: int = 54) -> PeopleTable:
    seats = tuple(Seat(name=n, key_hash=f"{i}" * 64) for i, n in enumerate(("Ann", "Bob", "Cy", "Dee")))
    return new_table("SEEDED", Rules(), seats, seed, 0.0)


def _play_on(table: PeopleTable, count: int, rng: random.Random) -> list[PeopleTable]:
    """``count`` legal moves (random, seeded), every table on the way kept (index i: i moves in)."""
    tables = [table]
    for _ in range(count):
        seat = to_act(table)
        assert seat is not None
        move = rng.choice(table.game.hand.legal_actions())
        table = act(table, seat, table.version, str(move), 1.0).table
        tables.append(table)
    return tables


def test_a_take_back_is_the_table_as_it_stood_before_those_moves_one_version_on() -> None:
    tables = _play_on(_seeded(), 14, random.Random(3))  # the auction and past the first trick
    last = pause(tables[-1], True, 1.0).table  # the teacher paused it first
    assert last.game.hand.tricks  # a trick is complete: it is the one taken back
    kept = take_back_point(last.game.hand, ALL)
    change = take_back(last)
    assert change.table.game == tables[kept].game  # as it stood then, the same cards in hand
    assert change.table.moves == (last.moves[0][:kept],)
    assert change.table.version == last.version + 1 and change.table.paused
    assert [(s.seat, s.action, s.by) for s in change.steps] == [(None, "take back", TEACHER)]
    with pytest.raises(StalePage):  # a player's page drawn before the take-back
        act(pause(change.table, False, 2.0).table, 0, last.version, "pass", 2.0)


def _computers_at(table: PeopleTable, seats: tuple[int, ...]) -> PeopleTable:
    return dataclasses.replace(
        table, seats=tuple(Seat(level="beginner") if i in seats else s for i, s in enumerate(table.seats))
    )


def _running() -> PeopleTable:
    """Seed 54, 14 random moves (``random.Random(3)``): South deals, North orders it up alone and
    four tricks are done; then West, North and East are made computers, South (out of this hand)
    the one person. A take-back goes back to North's lead of the fourth trick, a redeal to West's
    first bid: a computer's turn either way, so a table playing on would play on at once (taken
    back, the computers would play the rest of the hand out: South sits it out)."""
    table = _computers_at(_play_on(_seeded(), 14, random.Random(3))[-1], (1, 2, 3))
    hand = table.game.hand
    assert (hand.dealer, hand.maker, hand.alone, len(hand.tricks)) == (0, 2, True, 4)
    return table


@pytest.mark.parametrize("change", [take_back, redeal], ids=["take back", "redeal"])
def test_a_take_back_or_redeal_on_a_table_playing_on_pauses_it(
    change: Callable[[PeopleTable], Change],
) -> None:
    table = _running()
    assert not table.paused
    done = change(table)
    what = "take back" if change is take_back else REDEAL
    assert [(s.version, s.seat, s.action, s.by) for s in done.steps] == [
        (table.version + 1, None, what, TEACHER),
        (table.version + 2, None, PAUSE, TEACHER),
    ]
    shown = done.table
    turn = 2 if change is take_back else 1  # North leads the fourth trick again; West bids first
    assert shown.paused and shown.version == table.version + 2 and to_act(shown) == turn
    kept = take_back_point(table.game.hand, frozenset({0})) if change is take_back else 0
    assert shown.game.hand.history == table.game.hand.history[:kept]
    for now in (2.0, 30.0, 500.0):  # a read plays the computers' turns now due: none while paused
        assert advance(shown, now).steps == ()
    with pytest.raises(TablePaused):
        act(shown, 0, shown.version, "next hand", 2.0)
    resumed = pause(shown, False, 2.0)  # the host resumes: the computers play on from the position
    assert [(s.seat, s.by) for s in resumed.steps[:2]] == [(None, HOST), (turn, COMPUTER)]
    assert not resumed.table.paused
    assert resumed.table.game.hand.history[:kept] == shown.game.hand.history


def test_a_take_back_or_redeal_on_a_paused_table_is_one_step_and_leaves_it_paused() -> None:
    table = pause(_running(), True, 1.0).table
    for change in (take_back, redeal):
        done = change(table)
        assert len(done.steps) == 1 and done.table.version == table.version + 1 and done.table.paused


def _resumed(table: PeopleTable) -> PeopleTable:
    return pause(table, False, 1.0).table


def test_a_redeal_deals_the_hand_again_and_replays_the_same() -> None:
    table = _play_on(_seeded(), 3, random.Random(1))[-1]
    once = redeal(table).table
    assert once.moves == ((REDEAL,),) and once.game.hand.history == ()
    assert once.game.dealer == table.game.dealer and once.game.scores == (0, 0)
    assert once.game.hand.dealt != table.game.hand.dealt
    twice = redeal(_play_on(_resumed(once), 2, random.Random(2))[-1]).table
    assert twice.moves == ((REDEAL, REDEAL),) and twice.game.hand.dealt != once.game.hand.dealt
    assert replay(Rules(), 54, twice.moves) == twice.game  # the store's replay gives the same game
    back = take_back(_play_on(_resumed(twice), 1, random.Random(4))[-1]).table
    assert back.moves == ((REDEAL, REDEAL),) and back.game == twice.game  # the marks stay


def test_a_finished_hand_dealt_again_is_not_counted() -> None:
    table = _play_on(_seeded(), 0, random.Random(0))[-1]
    rng = random.Random(5)
    while not table.game.hand.is_over:
        table = _play_on(table, 1, rng)[-1]
    assert sum(table.game.scores) > 0 or table.game.hand.thrown_in
    again = redeal(table).table
    assert again.game.scores == (0, 0) and again.game.history == () and not again.game.hand.is_over


def test_a_redeal_mark_after_an_action_does_not_replay() -> None:
    first = str(new_game(Rules(), 54).legal_actions()[0])
    with pytest.raises(IllegalAction):
        replay(Rules(), 54, ((first, REDEAL),))


def test_the_teacher_sees_every_hand_and_the_kitty(four: PeopleTable) -> None:
    data = teacher_data(played(four, 4), 1.0)
    assert [sorted(h) for h in data["hands"]] == [
        sorted(["AH", "KH", "9C", "TC", "QD"]),
        sorted(["9H", "9S", "TS", "QS", "KS"]),
        sorted(["JH", "QH", "JD", "AD", "KD"]),
        sorted(["TH", "JS", "AS", "KC", "9D"]),  # East picked up the 9♦ and let the Q♣ go
    ]
    assert data["discard"] == "QC" and data["kitty"] == ["JC", "AC", "TD"]
    assert "hand" not in data and "legal" not in data and all("you" not in s for s in data["seats"])


def test_a_glance_says_the_trick_who_is_to_act_and_who_is_stuck(four: PeopleTable) -> None:
    table = played(four, 5)  # South led the A♥: West (Bob) to follow
    seen = dataclasses.replace(
        table, seats=tuple(dataclasses.replace(s, last_seen=100.0) for s in table.seats)
    )
    line = glance(seen, changed=90.0, now=100.0)
    assert (line["trick"], line["stage"], line["to_act"], line["stuck"]) == (
        1,
        "trick 1 of 5",
        "West (Bob)",
        None,
    )
    assert glance(seen, changed=60.0, now=100.0)["stuck"] == 40
    assert glance(dataclasses.replace(seen, paused=True), changed=60.0, now=100.0)["stuck"] is None
    assert glance(played(four, 1), changed=0.0, now=0.5)["trick"] is None  # still bidding
    assert line["score"] == [0, 0] and line["people"] == ["Ann", "Bob", "Cy", "Dee"]
