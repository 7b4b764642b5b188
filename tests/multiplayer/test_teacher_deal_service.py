"""The teacher's chosen deal and the projected table through the service (multiplayer.service), on
SQLite and on PostgreSQL (``any_db``): a deal written by hand is dealt at a class's table one
version on, every seat's next read shows its own new hand and no other, the score stays; a deal
that cannot be dealt changes nothing and says why; the projector's data holds no hidden card
unless every hand is chosen; a pupil's key can do neither.

The chosen deal (standard rules, West deals, the 10♠ turned up)::

    South  J♥ J♦ A♥ K♥ Q♥      West  9♣ 10♣ J♣ Q♣ K♣
    North  9♦ 10♦ Q♦ K♦ A♦     East  9♠ J♠ Q♠ K♠ A♠
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from classroom import service as classes
from engine.core.cards import Card, parse_cards
from engine.core.rules import Rules
from multiplayer import service
from store.backend import Location

CHOSEN = "standard/1/JH-JD-AH-KH-QH,9C-TC-JC-QC-KC,9D-TD-QD-KD-AD,9S-JS-QS-KS-AS/TS"
HANDS = ("JH JD AH KH QH", "9C TC JC QC KC", "9D TD QD KD AD", "9S JS QS KS AS")


def _four_pupils(path: Location, keys: tuple[str, ...]) -> tuple[str, str]:
    """A class's table with four pupils (South, West, North, East): its code and the secret."""
    teacher = classes.Teacher.start(now=0.0, path=path)
    (table,) = service.open_class_tables(
        teacher.code, teacher.secret, 1, Rules(), pupils=4, now=0.0, path=path
    )
    for seat, name in enumerate(("Ann", "Bob", "Cy", "Dee")):
        assert service.join(table, name, keys[seat], seat, now=1.0, path=path) == seat
    return table, teacher.secret


def test_a_chosen_deal_reaches_every_seat_its_own_hand_only_and_the_score_stays(
    any_db: Location,
    keys: tuple[str, ...],
    hidden_from: Callable[..., set[Card]],
    cards_named: Callable[..., list[str]],
) -> None:
    table, secret = _four_pupils(any_db, keys)
    before = service.read(table, keys[0], 2.0, any_db)
    service.play(table, keys[before["to_act"]], before["version"], "pass", 2.0, any_db)
    version = service.load_table(table, any_db).version
    service.set_deal(table, secret, version, CHOSEN, 3.0, any_db)
    kept = service.load_table(table, any_db)
    assert kept.version == version + 2 and kept.paused and kept.game.scores == (0, 0)  # dealt, paused
    assert kept.game.hand.history == () and kept.game.hand.dealer == 1
    for seat in range(4):
        page = service.read(table, keys[seat], 4.0, any_db)
        assert page["version"] == version + 2 and page["score"] == [0, 0] and page["paused"]
        assert page["hand"] == [str(c) for c in parse_cards(HANDS[seat])]
        assert page["to_act"] == 2 and page["dealer"] == 1 and page["upcard"] == "TS"
        assert cards_named(json.dumps(page), hidden_from(kept.game.hand, seat), any_case=True) == []
    service.set_paused(table, secret, False, 4.5, any_db)
    with pytest.raises(service.StalePage):  # a player's page from before the deal
        service.play(table, keys[2], version, "pass", 5.0, any_db)


def test_a_deal_that_cannot_be_dealt_changes_nothing_and_says_why(
    any_db: Location, keys: tuple[str, ...]
) -> None:
    table, secret = _four_pupils(any_db, keys)
    version = service.load_table(table, any_db).version
    for text, says in (
        (CHOSEN.replace("JH-", "AD-"), "A♦ is dealt twice"),
        (CHOSEN.replace("JH-JD-AH-KH-QH", "JD-AH-KH-QH"), "4 cards"),
        (CHOSEN.replace("JH-", "7H-"), "7♥ is not in the 24-card deck"),
        ("", "the box is empty"),
    ):
        with pytest.raises(service.DealRefused, match=says):
            service.set_deal(table, secret, version, text, 3.0, any_db)
    assert service.load_table(table, any_db).version == version
    with pytest.raises(service.StalePage):
        service.set_deal(table, secret, version - 1, CHOSEN, 3.0, any_db)
    for hostile in (keys[0], "", "x" * 30):
        with pytest.raises(service.NotHost):
            service.set_deal(table, hostile, version, CHOSEN, 3.0, any_db)
        with pytest.raises(service.NotHost):
            service.projected_table(table, hostile, True, 3.0, any_db)
    assert service.load_table(table, any_db).version == version


def test_the_projected_table_holds_no_hidden_card_unless_every_hand_is_chosen(
    any_db: Location,
    keys: tuple[str, ...],
    hidden_from: Callable[..., set[Card]],
    cards_named: Callable[..., list[str]],
) -> None:
    table, secret = _four_pupils(any_db, keys)
    service.set_deal(table, secret, service.load_table(table, any_db).version, CHOSEN, 2.0, any_db)
    service.set_paused(table, secret, False, 2.5, any_db)  # a chosen deal leaves the table paused
    for seat, move in ((2, "order"), (1, "discard 9C"), (2, "play 9D")):  # North orders the 10♠ up
        service.play(table, keys[seat], service.load_table(table, any_db).version, move, 3.0, any_db)
    hand = service.load_table(table, any_db).game.hand
    shown = service.projected_table(table, secret, False, 4.0, any_db)
    assert cards_named(json.dumps(shown), hidden_from(hand, None), any_case=True) == []
    assert shown["trick"] == [[2, "9D"]] and shown["to_act"] == 3 and shown["trump"] == "S"
    assert [s["cards"] for s in shown["seats"]] == [5, 5, 4, 5]
    every = service.projected_table(table, secret, True, 4.0, any_db)
    assert every["hands"][0] == [str(c) for c in parse_cards(HANDS[0])]
    assert sorted(every["hands"][1]) == sorted(str(c) for c in parse_cards("TC JC QC KC TS"))  # took the 10♠
    assert "9C" not in json.dumps(every)  # the dealer's discard stays hidden
