"""Reading the shipped call charts: class keys, the rule of thumb, example hands, the grid."""

from __future__ import annotations

import math

import pytest

from engine.core.cards import Suit, parse_cards
from engine.core.rules import PRESETS, Rules
from engine.study.chart_table import (
    FILES,
    ChartCell,
    ChartError,
    Option,
    at_score,
    disagrees,
    example_hand,
    grid,
    holding_label,
    load,
    parse_class,
    preset_of,
    score_choices,
    thumb,
)
from engine.study.charts import all_cells, outcomes_text
from engine.study.hand_classes import HandClass, hand_class


def _cell(
    key: str,
    seat: str = "first",
    best: str = "pass",
    close: bool = False,
    evs: dict[str, float] | None = None,
) -> ChartCell:
    hc = parse_class(key)
    options = {name: Option(ev, ev - 0.1, ev + 0.1) for name, ev in (evs or {}).items()}
    return ChartCell(
        f"{seat}/r{1 if hc.upcard else 2}/{key}/any",
        seat,
        1 if hc.upcard else 2,
        hc,
        200,
        options,
        best,
        close,
        0.01,
    )


def test_class_keys_read_back_for_every_cell_of_every_preset() -> None:
    for rules in PRESETS.values():
        for c in all_cells(rules):
            assert parse_class(c.hand.key) == c.hand


def test_a_class_key_worked_by_hand() -> None:
    # JH JD AH KS 9C with hearts turned up as the queen: 3 trumps (right, left, ace), no off ace, one void
    assert parse_class("t3-RLa-o0-v1-upQ") == HandClass(3, None, True, True, True, 0, 1, 12)
    assert parse_class("t2-B.L.-o2+-v0") == HandClass(2, True, False, True, False, 2, 0, None)
    with pytest.raises(ChartError, match="not a hand class key"):
        parse_class("t6-RLa-o0-v1")


def test_the_rule_of_thumb_by_hand() -> None:
    assert thumb(_cell("t3-...-o0-v0-up9"))  # three trumps: bid
    assert not thumb(_cell("t2-..a-o1-v0-up9"))  # two trumps, no right bower: pass
    assert thumb(_cell("t2-R..-o1-v0-up9"))  # the right, one more trump and an off ace: bid
    assert not thumb(_cell("t2-R..-o0-v1-up9"))  # ... but not without the ace
    assert thumb(_cell("t2-...-o0-v0-up9", seat="dealer"))  # the dealer counts the upcard: three
    assert not thumb(_cell("t2-...-o0-v0", seat="dealer"))  # not in round 2 (no upcard to pick up)


def test_a_disagreement_is_a_clear_answer_against_the_rule() -> None:
    weak_bid = _cell("t1-R..-o2+-v0-upQ", best="call", evs={"pass": 0.0, "call": 0.5})
    assert not thumb(weak_bid) and disagrees(weak_bid)
    close = _cell("t1-R..-o2+-v0-upQ", best="call", close=True, evs={"pass": 0.0, "call": 0.05})
    assert not disagrees(close)  # a close call never counts against the rule
    agreed = _cell("t3-RLa-o0-v1-upQ", best="alone", evs={"pass": 0.5, "call": 1.2, "alone": 1.4})
    assert not disagrees(agreed) and agreed.bid == "alone" and math.isclose(agreed.margin, 0.9)
    # ordering and going alone within 0.1 of each other (the study's close_call), passing far
    # below: bid-or-pass is not a close call, and the rule of thumb (three trumps) agrees
    either = _cell(
        "t3-...-o0-v1-upQ",
        seat="dealer",
        best="call",
        close=True,
        evs={"pass": -0.9, "call": 0.6, "alone": 0.5},
    )
    assert not either.close and thumb(either) and not disagrees(either)


def test_example_hands_belong_to_their_class() -> None:
    for name, rules in PRESETS.items():
        cells = all_cells(rules)[::7]  # a spread of every seat, round and class
        for c in cells:
            cell = ChartCell(c.key, c.seat, c.round, c.hand, 1, {}, "pass", False, 0.0)
            hand, upcard, down = example_hand(rules, cell)
            assert len(set(hand)) == 5 and upcard not in hand, (name, c.key)
            got = hand_class(hand, Suit.HEARTS, upcard if c.round == 1 else None, rules.joker)
            assert got == c.hand, (name, c.key, hand)
            assert (down is None) == (c.round == 1) and (down is None or down is upcard.suit)


def test_a_hand_worked_by_hand_is_its_class() -> None:
    hand = list(parse_cards("JH JD AH KS 9C"))
    (queen,) = parse_cards("QH")
    assert hand_class(hand, Suit.HEARTS, queen).key == "t3-RLa-o0-v1-upQ"


def test_the_grid_puts_the_strongest_holding_last_and_labels_it() -> None:
    cells = [_cell("t3-RLa-o0-v1-upQ"), _cell("t0-...-o1-v0-upQ"), _cell("t3-R..-o0-v1-upQ")]
    rows, cols, at = grid(cells)
    assert rows == ["0 trumps", "3 trumps: right", "3 trumps: right, left, ace"]
    assert cols == ["0 aces<br>1 void", "1 ace<br>0 voids"]  # by off aces, then voids
    assert at[(rows[2], cols[0])].key == cells[0].key and (rows[0], cols[0]) not in at
    assert holding_label(parse_class("t2-...-o0-v0")) == "2 trumps: none high"


def test_every_preset_ships_a_readable_chart() -> None:
    for name in FILES:
        chart = load(name)
        assert preset_of(PRESETS[name]) == name
        assert chart.cells and {c.round for c in chart.cells} >= {1}
        seats = {4: 4, 3: 3, 2: 2}[PRESETS[name].players]
        assert len(chart.seats()) == seats
        for c in chart.cells:
            assert c.best in c.options and c.n > 0
            assert all(o.lo <= o.ev <= o.hi for o in c.options.values())
    assert preset_of(Rules(deck=32)) is None
    with pytest.raises(ChartError, match="presets only"):
        load("House rules")


def test_outcome_counts_are_written_by_net_points() -> None:
    assert outcomes_text([1.0, -2.0, 1.0, 4.0]) == "-2:1,1:2,4:1"
    assert outcomes_text([]) == ""


def test_at_nine_all_any_point_wins_worked_by_hand() -> None:
    """At 9-9 (to 10) the side that scores wins: ordering that makes it 3 deals in 4 wins 75%."""
    base = _cell("t3-RLa-o0-v1-upQ", best="call", evs={"call": 1.0, "pass": 0.5})
    cell = ChartCell(
        base.key,
        base.seat,
        base.round,
        base.hand,
        4,
        base.options,
        "call",
        False,
        0.01,
        {"call": ((-2, 1), (1, 3)), "pass": ((-1, 3), (2, 1))},
    )
    scored = at_score(cell, Rules(), 9, 9)
    assert scored is not None
    assert scored.options["call"].ev == pytest.approx(0.75)
    assert scored.options["pass"].ev == pytest.approx(0.25)
    # variance of 0/1 outcomes, 3 of 4 ones: (3 * 0.25**2 + 0.75**2) / 3 = 0.25; half = 1.96 * sqrt(0.25 / 4)
    assert scored.options["call"].hi - scored.options["call"].ev == pytest.approx(0.49)
    assert scored.best == "call" and scored.close  # 0.75 - 0.49 < 0.25 + 0.49: four deals cannot tell
    assert at_score(cell, Rules(players=3), 9, 9) is None  # cutthroat: no win table
    assert at_score(_cell("t3-RLa-o0-v1-upQ", evs={"call": 1.0}), Rules(), 9, 9) is None  # no outcome counts


def test_score_choices_follow_the_target() -> None:
    assert score_choices(Rules()) == [(0, 0), (6, 6), (8, 8), (9, 9), (9, 6), (6, 9), (8, 6), (6, 8)]
    assert score_choices(Rules(target=5)) == [(0, 0), (1, 1), (3, 3), (4, 4), (4, 1), (1, 4), (3, 1), (1, 3)]


def test_the_standard_chart_values_every_cell_at_a_score() -> None:
    """At 9-9 a choice's chance to win is the share of its deals on which your side scores
    (where no deal was thrown in)."""
    chart = load("Standard (North America)")
    assert {c.round for c in chart.cells} == {1, 2}
    for c in chart.cells:
        assert sum(k for _, k in c.outcomes["pass"]) == c.n
        scored = at_score(c, Rules(), 9, 9)
        assert scored is not None
        for name, counts in c.outcomes.items():
            if all(net != 0 for net, _ in counts):  # no thrown-in hand (after one the game goes on)
                assert scored.options[name].ev == pytest.approx(sum(k for net, k in counts if net > 0) / c.n)
        # the points figure is the mean of the same counts
        assert c.options["pass"].ev == pytest.approx(sum(net * k for net, k in c.outcomes["pass"]) / c.n)
