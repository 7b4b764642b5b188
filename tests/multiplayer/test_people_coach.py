"""The coach beside each person at a table (issue 54, items 4 and 7): a finished hand's replay
record, each person's own review graded from their own seat with their mistakes in their own
deck, and the hint at their turn.

The deal is the game of seed 0 (standard rules; the tables keep a game as its seed and its
actions), four people at the table. West deals and turns up the J♦::

    South  J♥ 10♥ 9♣ 9♥ Q♠      West   K♣ K♦ 9♠ Q♥ 10♦
    North  A♣ A♦ 10♠ 9♦ Q♦      East   K♥ 10♣ J♣ J♠ K♠

North orders the J♦ up (West, the dealer, is North's partner) and West discards the K♣. Then
West plays the last card the engine lists at each turn, everyone else the first. At the fourth
trick South leads the J♥ (the left bower); West holds the J♦ (the right bower, the one card that
beats it) and the K♦, and plays the K♦: the trick goes to the defenders, a known bad choice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine.core.actions import Action
from engine.core.cards import Card
from engine.core.hand import HandState
from engine.core.mistake import PEOPLE
from engine.core.rules import Rules
from engine.io.deal_record import replay
from multiplayer import record as hand_records
from multiplayer import seat_coach, service
from practice import coach, deck
from store.db import connect

SEED = 0
WEST = "KC KD 9S QH TD"
NAMES = ("Sam", "Wes", "Nora", "Ed")
KEYS = tuple(f"{n.lower()}-key-0123456789abcdef" for n in NAMES)
BIDS = ((2, "order"), (1, "discard KC"))


@pytest.fixture(autouse=True)
def threads() -> Iterator[None]:
    """Grade on a thread of the test's own (no worker process to start)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        seat_coach.use_executor(pool)
        yield
        seat_coach.use_executor(None)


def _open(path: Path, hints: bool = True) -> str:
    code = service.open_table(Rules(), [None] * 4, hints=hints, now=1.0, path=path, seed=SEED).code
    for seat, (name, key) in enumerate(zip(NAMES, KEYS, strict=True)):
        service.join(code, name, key, seat=seat, now=1.0, path=path)
    hand = service.load_table(code, path).game.hand
    assert (hand.dealer, hand.to_act, str(hand.upcard)) == (1, 2, "JD")
    assert sorted(map(str, hand.hands[1])) == sorted(WEST.split())
    return code


def _play_hand(code: str, path: Path) -> list[tuple[int, str]]:
    """The hand as the docstring says; returns every (seat, action) sent, in order."""
    sent: list[tuple[int, str]] = []
    for seat, move in BIDS:
        data = service.read(code, KEYS[seat], 2.0, path)
        service.play(code, KEYS[seat], data["version"], move, 2.0, path)
        sent.append((seat, move))
    for _ in range(30):
        table = service.load_table(code, path)
        turn = table.game.hand.to_act
        if turn is None:
            break
        data = service.read(code, KEYS[turn], 2.0, path)
        move = data["legal"][-1 if turn == 1 else 0]
        service.play(code, KEYS[turn], data["version"], move, 2.0, path)
        sent.append((turn, move))
    assert service.read(code, KEYS[0], 2.0, path)["between_hands"]
    return sent


def test_a_finished_hand_replays_from_its_record_to_the_engines_own_tricks_and_points(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    code = _open(path)
    with pytest.raises(service.NoSuchHand, match="once the hand is over"):
        service.hand_record(code, KEYS[1], path=path)  # a hand in play has no record
    sent = _play_hand(code, path)
    table = service.load_table(code, path)
    record = hand_records.hand_record(table)  # the table's own record: the whole deal
    dealt = table.game.history[-1]
    assert record["hands"] == [[str(c) for c in h] for h in dealt.dealt] and record["upcard"] == "JD"
    assert record["meta"] == {"table": code, "game": 1, "hand": 1}
    states, actions, error = replay(record)
    assert error is None
    assert [str(a) for a in actions] == [str(Action.parse(m)) for _, m in sent]  # the taps, in order
    played = service.load_table(code, path).game.history[-1]
    assert states[-1].tricks == played.tricks and states[-1].points == played.points
    assert states[-1].is_over and states[-1].maker == 2
    # a person gets their seat's view of it: North's cards as dealt (North played them all), "?"
    # for the others, West's discard face down, and every card played
    mine = service.hand_record(code, KEYS[2], path=path)
    assert set(mine) == {"view", "seat", "meta"} and mine["seat"] == 2 and mine["meta"] == record["meta"]
    rules, dealer, hands, upcard, actions_text = mine["view"].split("/")
    seats = hands.split(",")
    assert (dealer, upcard) == ("1", "JD") and [seats[0], seats[1], seats[3]] == ["?", "?", "?"]
    assert sorted(seats[2].split("-")) == sorted("AC AD TS 9D QD".split())
    assert actions_text.split(",")[:2] == ["order", "discard-?"]
    assert actions_text.split(",")[2:] == [str(Action.parse(m)).replace(" ", "-") for _, m in sent[2:]]
    assert service.hand_record(code, KEYS[1], path=path)["view"].split("/")[4].split(",")[1] == "discard-KC"
    with pytest.raises(service.NoSuchHand, match="finished hands are 1 to 1"):
        service.hand_record(code, KEYS[2], 2, path=path)
    with pytest.raises(service.NotAtTable):
        service.hand_record(code, "stranger-key-0123456789", path=path)


def test_each_person_gets_their_own_review_and_their_own_deck(
    tmp_path: Path,
    hidden_from: Callable[[HandState, int | None], set[Card]],
    cards_named: Callable[..., list[str]],
) -> None:
    path = tmp_path / "t.sqlite3"
    code = _open(path)
    sent = _play_hand(code, path)
    mine = service.review(code, KEYS[1], wait=300.0, path=path)
    assert mine is not None and mine.seat == 1 and mine.number == 1 and mine.in_deck
    wests = [step for step, (seat, _) in enumerate(sent) if seat == 1]
    assert [g.step for g in mine.grades] == wests  # West's own decisions, every one, none else
    assert all(g.before.to_act == 1 for g in mine.grades)
    king = next(g for g in mine.grades if g.action == Action.parse("play KD") and g.before.trick)
    assert [str(c) for _, c in king.before.trick] == ["JH"]  # the left bower led, the right held
    assert king.grade in ("mistake", "blunder") and king.best == Action.parse("play JD")
    for g in mine.grades:  # no card West could not see when deciding, in any words of the review
        words = " ".join([g.reason, g.source, *(str(r.choice) for r in g.rows)])
        assert cards_named(words, hidden_from(g.before, 1)) == [], words
    later = datetime.now(UTC) + timedelta(days=2)
    with connect(path) as conn:
        wes = deck.deck_for("name:Wes", later, conn, due=50)
        sam = deck.deck_for("name:Sam", later, conn, due=50)
    costly = [g for g in mine.grades if g.grade in ("mistake", "blunder")]
    assert len(wes.due) == len(costly) >= 1
    assert {e.mistake.seat for e in wes.due} == {1} and {e.learner for e in wes.due} == {"name:Wes"}
    assert {e.mistake.source for e in wes.due} == {PEOPLE}  # the Review page never shows the other hands
    assert (king.before, king.action) in {(e.mistake.before, e.mistake.choice) for e in wes.due}
    assert sam.due == ()  # South asked for no review: nothing of theirs, nor of West's, in South's deck
    again = service.review(code, KEYS[1], wait=0.0, path=path)
    assert again is not None and again.grades == mine.grades  # graded once, kept


def test_the_hint_is_the_practice_hint_for_the_person_to_act_and_only_when_allowed(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    code = _open(path)
    advice = service.hint(code, KEYS[2], path=path)
    hand = service.load_table(code, path).game.hand
    assert advice.action in hand.legal_actions() and advice.source
    assert advice == coach.hint(hand, 2, (0, 0))  # the Practice page's hint, from North's seat
    with pytest.raises(service.TableError, match="your own turn"):
        service.hint(code, KEYS[0], path=path)
    other = tmp_path / "u.sqlite3"
    closed = _open(other, hints=False)
    with pytest.raises(service.HintsOff, match="no hints"):
        service.hint(closed, KEYS[2], path=other)
