"""Fair and private (issue 54, item 6), tested as hostile input: over a few hundred seeded taps and
reads through the service, most of them hostile (a seat tapping out of turn, a stale or made-up
version, a tap sent again, a key that holds no seat or is another's key altered, the host's
secret as a key, a card of another seat's hand named), no answer and no refusal carries a card
the asking seat may not know.

What a seat may not know is worked out here from the engine's state after each call: the cards
still in the other seats' hands, the kitty and (for all but the dealer) the dealer's discard; the
upcard is public (turned up, then known to be the dealer's). Each such card is searched for in
the answer's JSON text and in every refusal's message, in every way the app writes a card: the
engine's code ("9H", "TD"), with its suit symbol ("9♥", "10♦") and by name ("nine of hearts").
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from engine.core.cards import Card
from engine.core.hand import HandState
from engine.core.rules import Rules
from multiplayer import service
from multiplayer.table import PeopleTable, TableError
from store.backend import Location

ROUNDS = 240
PEOPLE = ("Ann", "Bob", "Cy")  # South, West, North; East is a computer


def test_a_card_is_found_in_each_way_it_is_written(cards_named: Callable[..., list[str]]) -> None:
    nine, ten = Card.parse("9H"), Card.parse("TD")
    assert cards_named('data-card="9H"', {nine}) == ["9♥"] and cards_named("the 10♦ led", {ten}) == ["10♦"]
    assert cards_named("The Nine of Hearts", {nine}) == ["9♥"]
    assert cards_named("tb_hand_19H-x 29H play 9h", {nine}) == []  # a page's keys; codes in capitals
    assert cards_named("play 9h: not legal", {nine}, any_case=True) == ["9♥"]
    assert cards_named('{"hand": ["9HX", "A9H"], "rules": "to 10"}', {nine, ten}, any_case=True) == []
    assert cards_named('{"view": "standard/0/9h-..."}', {nine}, any_case=True) == ["9♥"]
    assert cards_named("discard-TD", {ten}, any_case=True) == ["10♦"]
    ace = Card.parse("AS")
    assert cards_named("as well as <th>", {ace, Card.parse("TH")}) == [] and cards_named("AS", {ace})


KINDS = ("honest", "honest", "out of turn", "stale", "again", "stranger", "named", "read")


@dataclass
class Hostile:
    """The people at one table, and what they do: ``taps`` are the (seat, version its page showed,
    move) of every tap that played, for sending again."""

    code: str
    keys: tuple[str, ...]
    strangers: tuple[str, ...]
    path: Location
    rng: random.Random
    hidden_from: Callable[[HandState, int | None], set[Card]]
    taps: list[tuple[int, int, str]] = field(default_factory=list)

    def call(self, kind: str, table: PeopleTable, now: float) -> tuple[int | None, str]:
        """One call of ``kind``: the seat that asked (None: a stranger) and what came back (the
        page's JSON text, or the refusal's message)."""
        turn, version = table.game.hand.to_act, table.version
        if kind == "again" and not self.taps or turn is None and kind != "stranger":
            kind = "honest"  # nothing to send again yet; between hands, somebody deals
        move = ""
        seat: int | None = (
            turn if kind in ("honest", "named", "stale") and turn in (0, 1, 2) else self.rng.randrange(3)
        )
        if kind == "out of turn":
            seat = next(s for s in range(3) if s != turn)
        elif kind == "again":
            seat, version, move = self.rng.choice(self.taps)
        elif kind == "stranger":
            seat = None
        hidden = sorted(self.hidden_from(table.game.hand, seat), key=str)
        move = move or f"play {self.rng.choice(hidden)}"
        key = self.rng.choice(self.strangers) if seat is None else self.keys[seat]
        try:
            if kind == "honest":
                page = service.read(self.code, key, now, self.path)
                move, version = self.rng.choice(page["legal"]) if page["legal"] else "pass", page["version"]
                page = service.play(self.code, key, version, move, now, self.path)
                self.taps.append((page["you"], version, move))
            elif kind == "stale":
                page = service.play(
                    self.code, key, version + self.rng.choice((-3, -1, 1, 2, 10**12)), "pass", now, self.path
                )
            elif kind == "read":
                page = service.read(self.code, key, now, self.path)
            else:  # out of turn, again, stranger, named
                page = service.play(self.code, key, version, move, now, self.path)
        except (TableError, ValueError) as err:
            return seat, str(err)
        return seat, json.dumps(page, ensure_ascii=False)


def test_no_hidden_card_reaches_any_answer_or_refusal(
    any_db: Location,
    keys: tuple[str, ...],
    hidden_from: Callable[[HandState, int | None], set[Card]],
    cards_named: Callable[..., list[str]],
) -> None:
    opened = service.open_table(Rules(), [None, None, None, "club"], now=0.0, path=any_db, seed=6)
    for place, name in enumerate(PEOPLE):
        service.join(opened.code, name, keys[place], seat=place, now=1.0, path=any_db)
    strangers = (opened.secret, keys[0][:-1] + "Z", keys[3], "", "x' OR '1'='1", keys[1].upper())
    people = Hostile(opened.code, keys, strangers, any_db, random.Random(54), hidden_from)
    answered = 0
    for number in range(ROUNDS):
        kind = people.rng.choice(KINDS)
        seat, text = people.call(kind, service.load_table(opened.code, any_db), 2.0 + number)
        after = service.load_table(opened.code, any_db).game.hand
        assert cards_named(text, hidden_from(after, seat), any_case=True) == [], (number, kind, text)
        if text.startswith("{") and seat is not None:
            answered += 1
            mine = json.loads(text)
            assert mine["hand"] == [str(c) for c in after.hands[seat]]  # its own hand, whole
            assert [s["cards"] for s in mine["seats"]] == [len(h) for h in after.hands]
    assert ROUNDS // 3 < answered < ROUNDS * 2 // 3 and len(people.taps) > 40


@pytest.mark.parametrize("key", ["", "x" * 15, "key with spaces 12345", "k" * 201, "ключ-0123456789abcdef"])
def test_a_key_that_does_not_read_is_told_so_and_shown_nothing(any_db: Location, key: str) -> None:
    code = service.open_table(Rules(), [None, "club", "club", "club"], now=0.0, path=any_db).code
    with pytest.raises(service.NotAtTable, match="open the table's link again"):
        service.read(code, key, 1.0, any_db)
