"""Hand classes, worked out by hand from the cards (engine/study/hand_classes.py)."""

from __future__ import annotations

import pytest

from engine.core.cards import Card, Suit
from engine.core.rules import Rules
from engine.study.charts import all_cells, select, task_seed
from engine.study.hand_classes import hand_class


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


@pytest.mark.parametrize(
    ("hand", "trump", "upcard", "key"),
    [
        # hearts: JH right, JD left, AH ace = 3 trumps; KS, 9C off: no ace; diamonds void (JD is a heart)
        ("JH JD AH KS 9C", Suit.HEARTS, "QH", "t3-RLa-o0-v1-upQ"),
        # spades: only KS is trump; AH an off ace; hearts, diamonds, clubs all held
        ("JH JD AH KS 9C", Suit.SPADES, None, "t1-...-o1-v0"),
        # clubs: JS is the left bower, JC (the upcard) not held; AD, AH off aces; spades void
        ("JS TC 9C AD AH", Suit.CLUBS, "JC", "t3-.L.-o2+-v1-upJ"),
        # no trump at all, three off aces counted as 2+, no void (clubs, diamonds, hearts held)
        ("AC AD AH KC QD", Suit.SPADES, "9S", "t0-...-o2+-v0-up9"),
        # diamonds: JH is the left, JD not held; clubs and spades void
        ("JH QD 9D AH KH", Suit.DIAMONDS, "AD", "t3-.L.-o1-v2+-upA"),
        # five trumps: every off suit void, counted as 2+
        ("JD JH AD KD 9D", Suit.DIAMONDS, None, "t5-RLa-o0-v2+"),
    ],
)
def test_class_keys_worked_by_hand(hand: str, trump: Suit, upcard: str | None, key: str) -> None:
    up = None if upcard is None else Card.parse(upcard)
    assert hand_class(cards(hand), trump, up).key == key


def test_the_joker_is_a_trump_and_a_flag_in_joker_decks() -> None:
    hand = cards("JOKER JH 9H KS 9C")
    assert hand_class(hand, Suit.HEARTS, Card.parse("TH"), joker_deck=True).key == "t3-BR..-o0-v1-upT"
    assert hand_class(hand, Suit.SPADES, None, joker_deck=True).key == "t2-B...-o0-v1"


def test_cells_are_feasible_and_sorted() -> None:
    cells = all_cells(Rules())
    keys = [c.key for c in cells]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert "first/r1/t3-RLa-o0-v1-up9/any" in keys
    assert not any("-R..-" in k and k.endswith("-upJ/any") for k in keys)  # the right bower is the upcard
    assert not any(k.split("/")[2].startswith("t5") and "-v0" in k for k in keys)  # 5 trumps: 3 voids
    assert {c.seat for c in all_cells(Rules(players=3))} == {"first", "second", "dealer"}
    assert [c.key for c in select(cells, ["second/r2/t5-RLa-*"])] == ["second/r2/t5-RLa-o0-v2+/any"]


def test_task_seeds_depend_on_the_seed_and_the_key_only() -> None:
    assert task_seed(1, "cell/a") == task_seed(1, "cell/a")
    assert len({task_seed(1, "cell/a"), task_seed(2, "cell/a"), task_seed(1, "cell/b")}) == 3
