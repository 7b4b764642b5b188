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
import re

import pytest

from engine.core.cards import Card
from engine.core.hand import HandState
from engine.core.rules import Rules
from multiplayer import service
from multiplayer.table import TableError
from store.backend import Location

ROUNDS = 240
PEOPLE = ("Ann", "Bob", "Cy")  # South, West, North; East is a computer


def hidden_from(hand: HandState, seat: int | None) -> set[Card]:
    """The cards ``seat`` (None: somebody with no seat) may not know at ``hand``."""
    cards = {c for s, held in enumerate(hand.hands) if s != seat for c in held} | set(hand.kitty)
    if hand.discarded is not None and seat != hand.dealer:
        cards.add(hand.discarded)
    return cards - {hand.upcard}


def leaks(text: str, cards: set[Card]) -> list[str]:
    found = []
    for card in cards:
        code = re.compile(rf"(?<![A-Za-z0-9]){re.escape(str(card))}(?![A-Za-z0-9])", re.IGNORECASE)
        if code.search(text) or card.short in text or card.name in text.lower():
            found.append(card.short)
    return found


def test_leaks_finds_a_card_in_each_way_it_is_written() -> None:
    nine = Card.parse("9H")
    ten = Card.parse("TD")
    assert leaks('{"hand": ["9H"]}', {nine}) == ["9♥"] and leaks("play the 10♦", {ten}) == ["10♦"]
    assert leaks("The Nine of Hearts", {nine}) == ["9♥"] and leaks("play 9h: not legal", {nine}) == ["9♥"]
    assert leaks('{"hand": ["9HX", "A9H"], "rules": "to 10"}', {nine, ten}) == []


def test_no_hidden_card_reaches_any_answer_or_refusal(any_db: Location, keys: tuple[str, ...]) -> None:
    opened = service.open_table(Rules(), [None, None, None, "club"], now=0.0, path=any_db)
    code = opened.code
    for seat, name in enumerate(PEOPLE):
        service.join(code, name, keys[seat], seat=seat, now=1.0, path=any_db)
    rng = random.Random(54)
    taps: list[tuple[int, int, str]] = []  # (seat, version its page showed, move) of every tap that played
    strangers = (opened.secret, keys[0][:-1] + "Z", keys[3], "", "x' OR '1'='1", keys[1].upper())
    refused = answered = 0
    for number in range(ROUNDS):
        now = 2.0 + number
        table = service.load_table(code, any_db)
        hand, version = table.game.hand, table.version
        turn = hand.to_act
        kind = rng.choice(("honest", "honest", "out of turn", "stale", "again", "stranger", "named", "read"))
        seat: int | None = rng.randrange(3)
        key = keys[seat]
        if kind in ("honest", "named", "stale") and turn is not None and turn < 3:
            seat, key = turn, keys[turn]
        others_cards = sorted(hidden_from(hand, seat), key=str)
        try:
            if kind == "honest" or turn is None and kind != "stranger":
                page = service.read(code, key, now, any_db)
                move, drawn_at = rng.choice(page["legal"]) if page["legal"] else "pass", page["version"]
                page = service.play(code, key, drawn_at, move, now, any_db)
                taps.append((page["you"], drawn_at, move))
            elif kind == "out of turn":
                seat = next(s for s in range(3) if s != turn)
                key = keys[seat]
                page = service.play(code, key, version, f"play {rng.choice(others_cards)}", now, any_db)
            elif kind == "stale":
                page = service.play(code, key, version + rng.choice((-3, -1, 1, 2, 10**12)), "pass", now, any_db)
            elif kind == "again" and taps:
                seat, old, move = rng.choice(taps)
                key = keys[seat]
                page = service.play(code, key, old, move, now, any_db)
            elif kind == "stranger":
                seat, key = None, rng.choice(strangers)
                page = service.play(code, key, version, f"play {rng.choice(others_cards)}", now, any_db)
            elif kind == "named":
                page = service.play(code, key, version, f"play {rng.choice(others_cards)}", now, any_db)
            else:
                page = service.read(code, key, now, any_db)
            text = json.dumps(page, ensure_ascii=False)
            answered += 1
        except (TableError, ValueError) as err:
            text = str(err)
            refused += 1
        after = service.load_table(code, any_db)
        assert leaks(text, hidden_from(after.game.hand, seat)) == [], (number, kind, text)
        if not text.startswith("{") or seat is None:
            continue
        mine = json.loads(text)
        assert mine["hand"] == [str(c) for c in after.game.hand.hands[seat]]  # its own hand, whole
        assert [s["cards"] for s in mine["seats"]] == [len(h) for h in after.game.hand.hands]
    assert refused > ROUNDS // 3 and answered > ROUNDS // 3 and len(taps) > 40


@pytest.mark.parametrize("key", ["", "x" * 15, "key with spaces 12345", "k" * 201, "ключ-0123456789abcdef"])
def test_a_key_that_does_not_read_is_told_so_and_shown_nothing(any_db: Location, key: str) -> None:
    code = service.open_table(Rules(), [None, "club", "club", "club"], now=0.0, path=any_db).code
    with pytest.raises(service.NotAtTable, match="open the table's link again"):
        service.read(code, key, 1.0, any_db)
