"""A table of people, its pure rules of play (multiplayer.table), on the deal of conftest.py (East
deals, South bids first; worked out by hand):

South passes, West passes, North orders the 9♦ up, East (the dealer) discards the Q♣, South
leads the A♥ and West, holding the 9♥, must follow hearts.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from engine.core.game import apply_game
from multiplayer.seat_page import seat_data
from multiplayer.seating import change_seat, sit
from multiplayer.table import (
    AWAY,
    COMPUTER,
    NEXT_HAND,
    PERSON,
    STAND_IN,
    GameOver,
    NotLegal,
    NotYourTurn,
    PeopleTable,
    Seat,
    SeatError,
    StalePage,
    TablePaused,
    act,
    advance,
    seen,
    to_act,
)

FOUR = ("Ann", "Bob", "Cy", "Dee")


@pytest.fixture
def four(dealt_table: Callable[..., PeopleTable], people: Callable[..., Seat]) -> PeopleTable:
    return dealt_table(tuple(people(seat, name) for seat, name in enumerate(FOUR)))


def played(table: PeopleTable, *taps: tuple[int, str]) -> PeopleTable:
    for seat, move in taps:
        table = act(table, seat, table.version, move, 1.0).table
    return table


AUCTION = ((0, "pass"), (1, "pass"), (2, "order"), (3, "discard QC"))


def test_the_seat_left_of_the_dealer_bids_first_and_another_seat_is_refused(four: PeopleTable) -> None:
    assert to_act(four) == 0  # East (3) deals: South, on the dealer's left, bids first
    with pytest.raises(NotYourTurn, match=r"South \(Ann\)'s turn"):
        act(four, 2, 0, "pass", 1.0)
    assert four.version == 0 and four.game.hand.history == ()


def test_a_stale_version_is_refused_and_changes_nothing(four: PeopleTable) -> None:
    with pytest.raises(StalePage, match="step 1 .* at step 0"):
        act(four, 0, 1, "pass", 1.0)
    after = played(four, (0, "pass"))
    assert after.version == 1 and to_act(after) == 1
    with pytest.raises(StalePage):
        act(after, 1, 0, "pass", 1.0)  # West's page drawn before South passed
    assert after.version == 1 and len(after.game.hand.history) == 1


def test_the_same_tap_twice_plays_once(four: PeopleTable) -> None:
    once = act(four, 0, 0, "pass", 1.0)
    assert [(s.version, s.seat, s.action, s.by) for s in once.steps] == [(1, 0, "pass", PERSON)]
    with pytest.raises(StalePage):
        act(once.table, 0, 0, "pass", 1.0)
    assert once.table.moves == (("pass",),)


def test_a_card_that_does_not_follow_suit_is_refused_without_naming_it(four: PeopleTable) -> None:
    leading = played(four, *AUCTION, (0, "play AH"))
    assert leading.version == 5 and to_act(leading) == 1
    with pytest.raises(NotLegal) as refused:
        act(leading, 1, 5, "play 9S", 1.0)
    assert str(refused.value) == "that is not a move you may make now; you may play the 9♥"
    assert leading.version == 5 and leading.game.hand.trick == ((0, leading.game.hand.dealt[0][0]),)
    with pytest.raises(NotLegal, match="you may play the 9♥$"):
        act(leading, 1, 5, "call H alone and more text than any move has", 1.0)
    assert played(leading, (1, "play 9H")).game.hand.trick[-1][1].short == "9♥"


def test_a_paused_table_refuses_every_tap(four: PeopleTable) -> None:
    paused = dataclasses.replace(four, paused=True)
    with pytest.raises(TablePaused, match="paused"):
        act(paused, 0, 0, "pass", 1.0)
    assert seat_data(paused, 0, 1.0)["legal"] == []


def test_the_dealers_discard_reaches_only_the_dealers_page(four: PeopleTable) -> None:
    after = played(four, *AUCTION)
    east, south = seat_data(after, 3, 1.0), seat_data(after, 0, 1.0)
    assert east["your_discard"] == "QC" and east["auction"][-1] == [3, "discard QC"]
    assert south["your_discard"] is None and south["auction"] == [
        [0, "pass"],
        [1, "pass"],
        [2, "order"],
        [3, "discard"],
    ]
    assert "QC" not in str(south) and south["hand"] == ["AH", "KH", "9C", "TC", "QD"]
    assert [s["cards"] for s in south["seats"]] == [5, 5, 5, 5] and south["legal"] == [
        "play AH",
        "play KH",
        "play 9C",
        "play TC",
        "play QD",
    ]


def test_computers_play_until_a_person_is_to_act(
    dealt_table: Callable[..., PeopleTable], people: Callable[..., Seat]
) -> None:
    table = dealt_table((people(0, "Ann"), Seat("club"), Seat("club"), Seat("club")))
    change = act(table, 0, 0, "pass", 1.0)
    first, rest = change.steps[0], change.steps[1:]
    assert (first.seat, first.by) == (0, PERSON) and rest
    assert all(s.seat != 0 and s.by == COMPUTER for s in rest)
    assert [s.version for s in change.steps] == list(range(1, len(change.steps) + 1))
    game = table.game
    for step in change.steps:
        game = apply_game(game, step.action)
    assert change.table.game == game and change.table.version == len(change.steps)
    assert to_act(change.table) == 0 or change.table.game.hand.is_over
    assert act(table, 0, 0, "pass", 1.0) == change  # the same table and tap: the same game


def test_a_silent_person_is_played_by_the_computer_after_the_set_time_and_pages_say_so(
    dealt_table: Callable[..., PeopleTable], people: Callable[..., Seat]
) -> None:
    table = dealt_table(
        (people(0, "Ann"), people(1, "Bob", 0.0), Seat("club"), Seat("club")), silent_after=60
    )
    waiting = act(table, 0, 0, "pass", 60.0)  # Bob last seen 60 s ago: not more than the set time
    assert [s.seat for s in waiting.steps] == [0] and to_act(waiting.table) == 1
    assert seat_data(waiting.table, 0, 60.0)["seats"][1]["away"] is False

    gone = act(table, 0, 0, "pass", 61.0)  # 61 s: West is played for Bob, then the computers
    assert (gone.steps[1].seat, gone.steps[1].by) == (1, AWAY) and STAND_IN == "club"
    assert all(s.by == COMPUTER for s in gone.steps[2:] if s.seat in (2, 3))
    page = seat_data(gone.table, 0, 61.0)
    assert page["seats"][1]["away"] is True and page["seats"][0]["away"] is False
    # Bob comes back: seen again, his seat is no longer away (it is his to play when it comes round)
    back = seen(gone.table, 1, 70.0)
    assert seat_data(back, 0, 70.0)["seats"][1]["away"] is False and back.version == gone.table.version


def test_a_table_everyone_left_stands_still(
    dealt_table: Callable[..., PeopleTable], people: Callable[..., Seat]
) -> None:
    table = dealt_table((people(0, "Ann", 0.0), people(1, "Bob", 0.0), Seat("club"), Seat("club")))
    after_pass = act(table, 0, 0, "pass", 10.0).table  # West (Bob) to act, seen at 0
    assert advance(after_pass, 1000.0).steps == ()  # both away: nobody is here to play with


def test_sitting_and_changing_seats(
    dealt_table: Callable[..., PeopleTable], people: Callable[..., Seat], hash_of: Callable[[str], str]
) -> None:
    table = dealt_table((Seat(), Seat("club"), Seat("club"), Seat("club")))
    sat = sit(table, 0, "Ann", hash_of("ann-key-0123456789ab"), 5.0)
    assert sat.steps[0].action == "sit" and sat.table.seats[0].name == "Ann" and sat.table.version == 1
    assert sit(sat.table, 1, "Ann", hash_of("ann-key-0123456789ab"), 9.0).table.seats[0].last_seen == 9.0
    with pytest.raises(SeatError, match="not free"):
        sit(sat.table, 0, "Eve", hash_of("eve-key-0123456789ab"), 6.0)
    with pytest.raises(SeatError, match="at least one person"):
        change_seat(sat.table, 0, "club", 6.0)
    mid_hand = played(
        dealt_table((people(0, "Ann"), people(1, "Bob"), Seat("club"), Seat("club"))), (0, "pass")
    )
    assert to_act(mid_hand) == 1
    with pytest.raises(SeatError, match="between hands"):
        change_seat(mid_hand, 2, None, 7.0)
    freed = change_seat(sat.table, 1, None, 7.0).table  # before the hand's first move
    assert freed.seats[1].is_free and freed.seats[1].last_seen == 7.0


def test_between_hands_any_person_deals_the_next_hand_and_a_decided_game_refuses_more(
    four: PeopleTable,
) -> None:
    table = four
    while not table.game.hand.is_over:
        seat = to_act(table)
        assert seat is not None
        table = played(table, (seat, str(table.game.hand.legal_actions()[0])))
    assert to_act(table) is None and seat_data(table, 2, 1.0)["legal"] == [NEXT_HAND]
    with pytest.raises(NotLegal, match="deal the next hand"):
        act(table, 2, table.version, "pass", 1.0)
    dealt = act(table, 2, table.version, "Next hand", 1.0).table
    assert dealt.game.hand_number == 1 and dealt.game.dealer == 0 and dealt.moves[-1] == ()
    over = dataclasses.replace(table, game=dataclasses.replace(table.game, games_won=(1, 0)))
    with pytest.raises(GameOver):
        act(over, 0, over.version, NEXT_HAND, 1.0)
