"""The skill figure, worked by hand: two hands of South's, every decision's kind and loss written
out, the categories and their means on paper, the 95% interval of points lost (on the log scale:
mean ÷ f to mean × f, f = exp(1.96 · (s / √n) / mean), s with divisor n - 1) from 20 decisions;
the trend by day, then by week; the luck and why a hand has none; the yardstick read from its
file; and the stored decisions' round trip, old rows, other learners' and damaged values."""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.core.actions import Action
from engine.core.cards import parse_card, parse_cards
from engine.core.hand import HandState, from_cards
from engine.core.rules import Rules
from practice import skill
from store import practice_log
from store.db import connect
from store.practice_log import KINDS, NO_LUCK, DecisionFact, HandRow, SkillHand


@dataclass(frozen=True)
class Graded:
    """What practice.skill reads of a practice.review.GradedDecision."""

    before: HandState
    grade: str | None
    loss: float
    unit: str = "points"


def south_decisions(hand: HandState, choices: dict[int, str]) -> list[HandState]:
    """The positions before each of South's decisions, every seat playing its first legal action
    unless ``choices`` (history index -> action) says otherwise."""
    out = []
    state = hand
    while not state.is_over:
        action = (
            Action.parse(choices[len(state.history)])
            if len(state.history) in choices
            else state.legal_actions()[0]
        )
        if state.to_act == 0:
            out.append(state)
        state = state.apply(action)
    return out


# Hand A: South deals and orders up the 9♥ holding four hearts; discards the 9♠ (five trumps).
# West leads the A♣; South trumps it, takes the trick and leads the four tricks after.
HAND_A = from_cards(
    Rules(),
    0,
    [parse_cards(t) for t in ("JH JD AH KH 9S", "AC KC QC JC TC", "AS KS QS JS TS", "AD KD QD TD 9D")],
    parse_card("9H"),
    parse_cards("QH TH 9C"),
)
# Hand B: East deals; South passes, West orders up with five hearts; South leads (left of the
# dealer) and defends every trick.
HAND_B = from_cards(
    Rules(),
    3,
    [parse_cards(t) for t in ("9C TC 9S TS 9D", "JH JD AH KH QH", "AS KS QS JS AC", "AD KD QD TD KC")],
    parse_card("9H"),
    parse_cards("TH QC JC"),
)

# South's decisions with the loss each was given (None: forced, the last card of the hand)
A_LOSSES = [0.0, 0.0, 0.4, 0.0, 1.2, 0.3, None]  # order, discard, follow, lead, lead, lead, (last card)
B_LOSSES = [0.2, 0.0, 0.6, 0.0, 1.0, None]  # pass, then five card plays defending (the last forced)


def graded(hand: HandState, choices: dict[int, str], losses: list[float | None]) -> list[Graded]:
    states = south_decisions(hand, choices)
    assert len(states) == len(losses)
    return [
        Graded(s, None if loss is None else "good", 0.0 if loss is None else loss)
        for s, loss in zip(states, losses, strict=True)
    ]


GRADES_A = graded(HAND_A, {3: "order", 4: "discard 9S"}, A_LOSSES)
GRADES_B = graded(HAND_B, {1: "order"}, B_LOSSES)


def test_each_real_decision_is_one_fact_of_its_kind() -> None:
    facts_a = skill.decision_facts(GRADES_A)
    assert [(f.kind, f.lost) for f in facts_a] == [
        ("bidding", 0.0),
        ("bidding", 0.0),  # the order and the dealer's discard
        ("following", 0.4),  # South's side made trump; West led the first trick
        ("leading", 0.0),
        ("leading", 1.2),
        ("leading", 0.3),  # South won it and led the next ones
    ]  # the last card (the only legal choice) is left out
    facts_b = skill.decision_facts(GRADES_B)
    assert [(f.kind, f.lost) for f in facts_b] == [
        ("bidding", 0.2),
        ("defending", 0.0),
        ("defending", 0.6),
        ("defending", 0.0),
        ("defending", 1.0),
    ]


def test_a_forced_decision_is_not_counted_and_a_loss_is_never_negative() -> None:
    before = GRADES_A[-1].before
    assert len(before.legal_actions()) == 1  # the hand's last card
    assert skill.decision_facts([Graded(before, None, 0.0)]) == ()
    assert skill.decision_facts([Graded(before, "best", -0.001)])[0].lost == 0.0


def test_a_chance_of_winning_is_converted_as_the_review_converts_it() -> None:
    from engine.analysis.wintable import point_value

    g = Graded(HAND_A, "mistake", 0.03, "win chance")
    value = point_value(Rules())
    assert value is not None and 0.05 < value < 0.1  # about 7.5% a point in a game to 10
    assert skill.points_lost(g) == pytest.approx(0.03 / value)


def test_the_review_and_this_module_agree_on_units_and_conversion() -> None:
    review = pytest.importorskip("practice.review")
    replay = pytest.importorskip("practice.replay")
    assert skill.WIN_CHANCE == review.WIN_CHANCE
    mine, other = HAND_A.legal_actions()[:2]
    g = review.GradedDecision.from_values(
        0,
        HAND_A,
        mine,
        "x",
        {other: 0.03, mine: 0.0},
        {other: "best", mine: "mistake"},
        unit=review.WIN_CHANCE,
    )
    assert skill.points_lost(g) == pytest.approx(replay.points_lost(g))


def _day(text: str) -> str:
    return f"{text}T18:00:00+00:00"


def hands() -> list[SkillHand]:
    # hand A on Tuesday 24 November 2026 (ISO week 48), hand B on Wednesday 2 December (week 49)
    return [
        SkillHand(_day("2026-11-24"), skill.decision_facts(GRADES_A), 0.5),
        SkillHand(_day("2026-12-02"), skill.decision_facts(GRADES_B), -0.3),
        SkillHand(_day("2026-12-03"), (), None),
    ]  # a hand without a real decision or luck (thrown in)


def test_every_stored_kind_has_its_category() -> None:
    assert set(skill.CATEGORY_OF) == set(KINDS)
    assert set(skill.CATEGORY_OF.values()) == set(skill.CATEGORIES)
    assert skill.CATEGORIES == ("bidding", "playing", "defending")


def test_the_categories_and_their_means_worked_by_hand() -> None:
    s = skill.skill_summary(hands())
    assert s.hands == 3 and s.decisions == 11
    assert [k.kind for k in s.kinds] == ["bidding", "playing", "defending", "overall"]
    bidding = s.figure("bidding")
    # 0, 0, 0.2 (hand A's order and discard, hand B's pass): mean 1/15
    assert bidding is not None and bidding.decisions == 3 and bidding.lost.mean == pytest.approx(1 / 15)
    playing = s.figure("playing")
    # hand A's card plays, South's side named trump: follow 0.4, leads 0, 1.2, 0.3: mean 1.9 / 4
    assert playing is not None and playing.decisions == 4 and playing.lost.mean == pytest.approx(0.475)
    defending = s.figure("defending")
    # hand B's: 0, 0.6, 0, 1.0: mean 0.4
    assert defending is not None and defending.decisions == 4 and defending.lost.mean == pytest.approx(0.4)
    overall = s.figure("overall")
    # 0+0+0.4+0+1.2+0.3 + 0.2+0+0.6+0+1.0 = 3.7 over 11 decisions
    assert overall is not None and overall.decisions == 11 and overall.lost.mean == pytest.approx(3.7 / 11)
    # fewer than 20 decisions each: the means, no interval
    assert not any(k.lost.known for k in s.kinds)


def test_an_interval_from_twenty_decisions_worked_by_hand() -> None:
    assert skill.RANGE_FROM == 20
    # 19 best choices and one that lost 2 points: mean 0.1; s² = (19 · 0.01 + 1.9²) / 19 = 3.8 / 19
    # = 0.2; s / √20 = 0.1 = the mean, so f = e^1.96 = 7.0993271: 0.1 / f = 0.0140858 to 0.1 · f
    twenty = [0.0] * 19 + [2.0]
    mean, low, high = skill.interval(twenty)
    assert mean == pytest.approx(0.1)
    assert low == pytest.approx(0.0140858, abs=1e-7) and high == pytest.approx(0.7099327, abs=1e-7)
    # the normal interval would have said 0.1 ± 1.96 · 0.1 = -0.096 to 0.296: below the floor
    nineteen = skill.interval([0.0] * 18 + [1.9])
    assert nineteen.mean == pytest.approx(0.1) and not nineteen.known  # too few for a range
    # the same twenty decisions as one category of a summary
    facts = tuple(DecisionFact("defending", v) for v in twenty)
    s = skill.skill_summary([SkillHand(_day("2026-11-24"), facts, None)])
    defending = s.figure("defending")
    assert defending is not None and (defending.lost.low, defending.lost.high) == pytest.approx(
        (0.0140858, 0.7099327), abs=1e-7
    )


def test_the_trend_goes_by_day_from_the_first_day() -> None:
    s = skill.skill_summary(hands())  # 24 November to 3 December: 9 days apart
    assert s.trend_by == "day"
    bidding = s.figure("bidding")
    assert bidding is not None
    assert [(p.day, p.label, p.decisions) for p in bidding.trend] == [
        ("2026-11-24", "2026-11-24", 2),
        ("2026-12-02", "2026-12-02", 1),
    ]
    assert [p.lost.mean for p in bidding.trend] == pytest.approx([0.0, 0.2])
    overall = s.figure("overall")
    assert overall is not None and [p.day for p in overall.trend] == ["2026-11-24", "2026-12-02"]
    one_day = skill.skill_summary(hands()[:1])  # a single day's hand: a trend of one point already
    first = one_day.figure("overall")
    assert one_day.trend_by == "day" and first is not None and len(first.trend) == 1


def test_the_trend_goes_by_week_once_two_weeks_are_played() -> None:
    later = [*hands(), SkillHand(_day("2026-12-08"), (DecisionFact("bidding", 0.5),), None)]
    s = skill.skill_summary(later)  # 24 November to 8 December: 14 days apart
    assert s.trend_by == "week"
    bidding = s.figure("bidding")
    assert bidding is not None
    assert [(p.label, p.day, p.decisions) for p in bidding.trend] == [
        ("2026-W48", "2026-11-23", 2),
        ("2026-W49", "2026-11-30", 1),
        ("2026-W50", "2026-12-07", 1),
    ]
    assert [p.lost.mean for p in bidding.trend] == pytest.approx([0.0, 0.2, 0.5])
    assert skill.trend_by([_day("2026-11-24"), _day("2026-12-07")]) == "day"  # 13 days apart


def test_days_are_the_learners_own() -> None:
    from zoneinfo import ZoneInfo

    # 02:00 UTC on 3 December is 9 pm on 2 December in Detroit: the same day as the hand before
    late = [
        SkillHand("2026-12-02T20:00:00+00:00", (DecisionFact("bidding", 0.0),), None),
        SkillHand("2026-12-03T02:00:00+00:00", (DecisionFact("bidding", 0.5),), None),
    ]
    utc = skill.skill_summary(late).figure("bidding")
    detroit = skill.skill_summary(late, zone=ZoneInfo("America/Detroit")).figure("bidding")
    assert utc is not None and [p.day for p in utc.trend] == ["2026-12-02", "2026-12-03"]
    assert detroit is not None and [(p.day, p.decisions) for p in detroit.trend] == [("2026-12-02", 2)]


def test_the_luck_and_why_hands_have_none() -> None:
    s = skill.skill_summary(hands())
    # luck +0.5 and -0.3 (the third hand has none): mean 0.1; s² = 0.4² + 0.4² = 0.32; s/√2 = 0.4;
    # half-width 0.784 (luck can be negative: the normal interval)
    assert s.luck_hands == 2 and s.hands == 3
    assert (s.luck.mean, s.luck.low, s.luck.high) == pytest.approx((0.1, -0.684, 0.884))
    assert s.no_luck == (("unknown", 1),)  # recorded without a reason
    reasons = [
        SkillHand(_day("2026-12-03"), (), None, "ordered"),
        SkillHand(_day("2026-12-03"), (), None, "rules"),
        SkillHand(_day("2026-12-04"), (), None, "ordered"),
    ]
    s = skill.skill_summary([*hands(), *reasons])
    assert s.hands == 6 and s.luck_hands == 2
    assert s.no_luck == (("ordered", 2), ("rules", 1), ("unknown", 1))
    assert s.luck_hands + sum(n for _, n in s.no_luck) == s.hands  # every hand played is accounted for


def test_no_decisions_gives_an_empty_summary() -> None:
    s = skill.skill_summary([])
    assert (
        s.hands == 0 and s.decisions == 0 and s.kinds == () and s.luck_hands == 0 and math.isnan(s.luck.mean)
    )


def test_luck_is_the_hand_value_less_the_seats_average(monkeypatch: pytest.MonkeyPatch) -> None:
    # hand B: South is the first seat (left of East, the dealer) and has a decision of round 1
    assert skill.position_of(Rules(), 3, 0) == "first" and skill.position_of(Rules(), 0, 0) == "dealer"
    monkeypatch.setattr(
        skill, "baseline", lambda: {"first": -0.375, "second": 0.6, "third": -0.3, "dealer": 0.5}
    )
    monkeypatch.setattr(skill, "hand_value", lambda before, seat=None: 0.125)
    assert skill.hand_luck(GRADES_B) == pytest.approx(0.5)
    # hand A: South deals and still decides in round 1 (the three seats before passed)
    assert skill.hand_luck(GRADES_A) == pytest.approx(-0.375)
    luck, why = skill.luck_of(GRADES_B)
    assert luck == pytest.approx(0.5) and why is None
    # no round-1 decision: West ordered up before South could bid
    after = south_decisions(HAND_B, {0: "pass", 1: "order"})
    assert skill.hand_luck([Graded(after[1], "good", 0.0)]) is None
    assert skill.luck_of([Graded(after[1], "good", 0.0)]) == (None, "ordered")
    # no decision at all: South's partner ordered up alone before South could bid, South sat out
    assert skill.luck_of([]) == (None, "ordered")
    # other rules: no baseline for them
    stick = from_cards(Rules(stick_the_dealer=True), 3, HAND_B.dealt, HAND_B.upcard, HAND_B.kitty)
    assert skill.hand_luck([Graded(stick, "good", 0.0)]) is None
    assert skill.luck_of([Graded(stick, "good", 0.0)]) == (None, "rules")
    # the game's target does not change a hand's value
    ten = from_cards(Rules(target=5), 3, HAND_B.dealt, HAND_B.upcard, HAND_B.kitty)
    assert skill.hand_luck([Graded(ten, "good", 0.0)]) == pytest.approx(0.5)
    assert skill.hand_luck([]) is None
    # no baseline (its file unreadable): no figure
    monkeypatch.setattr(skill, "baseline", dict)
    assert skill.luck_of(GRADES_B) == (None, "no_figure")


def test_the_baseline_file_has_every_seat() -> None:
    data = json.loads(skill.BASELINE_FILE.read_text())
    assert set(skill.baseline()) == set(skill.POSITIONS)
    for position in skill.POSITIONS:
        figure = data["by_position"][position]
        assert figure["low"] < figure["mean"] < figure["high"] and figure["deals"] >= 1000
    assert data["made_by"].startswith("python -m bench luck_baseline")


@pytest.mark.slow
def test_a_hand_value_comes_from_the_analyzer() -> None:
    # South holds both bowers, A♥ K♥ Q♥ with the 9♥ up: ordering up wins about 2 points a hand
    value = skill.hand_value(HAND_A.apply("pass").apply("pass").apply("pass"), 0)
    assert value is not None and value > 1.0


# ---- the stored decisions ---------------------------------------------------------------------


def test_decisions_and_luck_round_trip(tmp_path: Path, hand_row: Callable[..., HandRow]) -> None:
    conn = connect(tmp_path / "coach.sqlite3")
    game = practice_log.start_game("game", {}, 1, ["you", "club", "club", "club"], "CODE", conn)
    facts = skill.decision_facts(GRADES_A)
    assert practice_log.save_hand(game, hand_row(0, decisions=facts, luck=0.25, learner="ann"), conn)
    assert practice_log.save_hand(game, hand_row(1, decisions=(), learner="bob"), conn)
    assert practice_log.save_hand(game, hand_row(2), conn)  # an older caller: no decisions kept
    conn.close()
    again = connect(tmp_path / "coach.sqlite3")
    stored = practice_log.skill_hands(again)
    assert [(h.decisions, h.luck) for h in stored] == [(facts, 0.25), ((), None)] and stored.damaged == 0
    assert [h.decisions for h in practice_log.skill_hands(again, learner="ann")] == [facts]
    assert practice_log.statistics(again).hands == 3  # the other figures count every hand


def test_why_a_hand_has_no_luck_is_kept(tmp_path: Path, hand_row: Callable[..., HandRow]) -> None:
    conn = connect(tmp_path / "coach.sqlite3")
    game = practice_log.start_game("game", {}, 1, ["you", "club", "club", "club"], "CODE", conn)
    assert set(NO_LUCK) == {"ordered", "rules", "no_figure"}
    practice_log.save_hand(game, hand_row(0, decisions=(), no_luck="ordered"), conn)
    practice_log.save_hand(game, hand_row(1, decisions=(), no_luck="rules"), conn)
    practice_log.save_hand(game, hand_row(2, decisions=(), luck=0.25, no_luck="ordered"), conn)  # luck wins
    practice_log.save_hand(game, hand_row(3, decisions=()), conn)  # no reason given
    stored = practice_log.skill_hands(conn)
    assert [(h.luck, h.no_luck) for h in stored] == [
        (None, "ordered"),
        (None, "rules"),
        (0.25, None),
        (None, None),
    ]
    assert stored.damaged == 0
    summary = skill.skill_summary(stored)
    assert summary.luck_hands == 1 and summary.no_luck == (("ordered", 1), ("rules", 1), ("unknown", 1))


def test_the_hands_left_out_are_counted(tmp_path: Path, hand_row: Callable[..., HandRow]) -> None:
    conn = connect(tmp_path / "coach.sqlite3")
    game = practice_log.start_game("game", {}, 1, ["you", "club", "club", "club"], "CODE", conn)
    practice_log.save_hand(game, hand_row(0, decisions=(), learner="ann"), conn)
    practice_log.save_hand(game, hand_row(1, decisions=(), learner="ann"), conn)
    practice_log.save_hand(game, hand_row(2, decisions=(), learner="bob"), conn)
    practice_log.save_hand(game, hand_row(3, decisions=()), conn)  # nobody named
    practice_log.save_hand(game, hand_row(4), conn)  # decisions not kept
    ann = practice_log.skill_hands(conn, learner="ann")
    assert (len(ann), ann.others, ann.not_kept) == (2, 2, 1)
    assert len(ann) + ann.others + ann.not_kept == practice_log.statistics(conn).hands == 5
    everyone = practice_log.skill_hands(conn)
    assert (len(everyone), everyone.others, everyone.not_kept) == (4, 0, 1)


def test_a_damaged_reason_is_skipped_and_counted(tmp_path: Path, hand_row: Callable[..., HandRow]) -> None:
    conn = connect(tmp_path / "coach.sqlite3")
    game = practice_log.start_game("game", {}, 1, ["you", "club", "club", "club"], "CODE", conn)
    practice_log.save_hand(game, hand_row(0, decisions=(), no_luck="ordered"), conn)
    practice_log.save_hand(game, hand_row(1, decisions=(), no_luck="ordered"), conn)
    conn.execute("UPDATE practice_hands SET no_luck = 'bad luck' WHERE hand_number = 1")
    conn.commit()
    stored = practice_log.skill_hands(conn)
    assert len(stored) == 1 and stored.damaged == 1


OLD_HANDS = """CREATE TABLE practice_hands (
    id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL, game_number INTEGER NOT NULL, hand_number INTEGER NOT NULL,
    played_at TEXT NOT NULL, record TEXT NOT NULL, thrown_in INTEGER NOT NULL, learner_called INTEGER NOT NULL,
    learner_side_made INTEGER NOT NULL, made INTEGER, learner_alone INTEGER NOT NULL, euchres_for INTEGER NOT NULL,
    euchred INTEGER NOT NULL, points_for INTEGER NOT NULL, points_against INTEGER NOT NULL, grades TEXT NOT NULL,
    UNIQUE (game_id, game_number, hand_number))"""


def test_an_older_database_gets_the_columns_and_its_rows_are_left_out(
    tmp_path: Path, hand_row: Callable[..., HandRow]
) -> None:
    path = tmp_path / "old.sqlite3"
    raw = sqlite3.connect(path)
    raw.execute(OLD_HANDS)
    raw.execute(
        "INSERT INTO practice_hands VALUES (1, 1, 0, 0, '2026-11-24T10:00:00+00:00', '{}', 0, 0, 0, 1, 0, 0, "
        "0, 0, 1, '[\"best\"]')"
    )
    raw.commit()
    raw.close()
    conn = connect(path)
    stored = practice_log.skill_hands(conn)
    assert list(stored) == [] and stored.damaged == 0  # not kept: left out, not damaged
    columns = {r[1] for r in conn.execute("PRAGMA table_info(practice_hands)")}
    assert {"decisions", "luck", "learner", "no_luck"} <= columns
    game = practice_log.start_game("game", {}, 1, ["you", "club", "club", "club"], "CODE", conn)
    assert practice_log.save_hand(game, hand_row(1, decisions=(DecisionFact("bidding", 0.5),)), conn)
    assert [h.decisions for h in practice_log.skill_hands(conn)] == [(DecisionFact("bidding", 0.5),)]
    assert practice_log.statistics(conn).hands == 2


NOT_DECISIONS = [
    5,
    1.5,
    b"\xff\xfe",
    "not json",
    '"bidding"',
    '{"bidding": 0.5}',
    "[" * 10_000,
    '[["bidding", -0.5]]',
    '[["jumping", 0.5]]',
    '[["Bidding", 0.5]]',
    '[["bidding", true]]',
    '[["bidding", "0.5"]]',
    '[["bidding", null]]',
    '[["bidding", 1e308]]',
    '[["bidding", 0.5, 1]]',
    '[["leading"]]',
    '[["bidding", NaN]]',
    '[["bidding", Infinity]]',
    "[" + '["bidding", 0.1],' * 64 + '["bidding", 0.1]]',
]  # 65 decisions: more than a hand has
NOT_LUCK = ["lucky", b"\x01", math.inf, -math.inf, 1e9, -101.0]


@pytest.mark.parametrize(
    "decisions, luck", [(d, None) for d in NOT_DECISIONS] + [('[["bidding", 0.5]]', v) for v in NOT_LUCK]
)
def test_a_damaged_value_is_skipped_and_counted(
    tmp_path: Path, decisions: str, luck: object, hand_row: Callable[..., HandRow]
) -> None:
    conn = connect(tmp_path / "coach.sqlite3")
    game = practice_log.start_game("game", {}, 1, ["you", "club", "club", "club"], "CODE", conn)
    practice_log.save_hand(game, hand_row(0, decisions=(DecisionFact("leading", 0.25),)), conn)
    practice_log.save_hand(game, hand_row(1, decisions=()), conn)
    conn.execute("UPDATE practice_hands SET decisions = ?, luck = ? WHERE hand_number = 1", (decisions, luck))
    conn.commit()
    stored = practice_log.skill_hands(conn)
    assert stored.damaged == 1
    summary = skill.skill_summary(stored, stored.damaged)
    assert summary.damaged == 1 and summary.decisions == 1 and summary.kinds[0].kind == "playing"


# ---- the yardstick ----------------------------------------------------------------------------


def test_the_yardstick_is_read_as_written(tmp_path: Path) -> None:
    # hand A's decisions and hand B's (see above), as a computer player's hands: the summary's
    # figures go to the file and come back, each worked by hand
    summary = skill.skill_summary(hands())
    data = skill.yardstick_data(summary)
    assert data["hands"] == 3
    assert data["by_kind"]["playing"] == {"decisions": 4, "mean": 0.475, "low": None, "high": None}
    assert data["by_kind"]["overall"]["mean"] == round(3.7 / 11, 4) == 0.3364
    club = {
        "hands": 800,
        "by_kind": {
            "bidding": {"decisions": 1600, "mean": 0.02, "low": 0.015, "high": 0.027},
            "playing": {"decisions": 1400, "mean": 0.01, "low": 0.008, "high": 0.013},
            "defending": {"decisions": 1500, "mean": 0.04, "low": 0.033, "high": 0.049},
            "overall": {"decisions": 4500, "mean": 0.0242, "low": 0.021, "high": 0.028},
        },
    }
    path = tmp_path / "yardstick.json"
    path.write_text(json.dumps({"players": {"club": club, "expert": data}}))
    club_read, expert_read = skill.read_yardstick(path)
    assert (club_read.player, club_read.hands, expert_read.player, expert_read.hands) == (
        "club",
        800,
        "expert",
        3,
    )
    assert club_read.lost("defending") == (0.04, 0.033, 0.049)
    assert [k for k, _, _ in club_read.figures] == ["bidding", "playing", "defending", "overall"]
    playing = expert_read.lost("playing")
    assert playing is not None and playing.mean == 0.475 and not playing.known  # null bounds: not known
    assert expert_read.lost("nothing") is None


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "{}",
        '{"players": {"club": {}}}',
        '{"players": {"club": {"hands": 1, "by_kind": {}}, "expert": {}}}',
        '{"players": {"club": {"hands": 1, "by_kind": {"bidding": {"decisions": 1, "mean": "x", '
        '"low": 0, "high": 1}}}}}',
    ],
)
def test_a_yardstick_that_does_not_read_gives_none(tmp_path: Path, text: str) -> None:
    path = tmp_path / "yardstick.json"
    path.write_text(text)
    assert skill.read_yardstick(path) == ()
    assert skill.read_yardstick(tmp_path / "missing.json") == ()


def test_the_shipped_yardstick_has_both_players_and_every_category() -> None:
    data = json.loads(skill.YARDSTICK_FILE.read_text())
    assert data["made_by"].startswith("python -m bench skill_yardstick --hands ")
    read = skill.yardstick()
    assert [y.player for y in read] == ["club", "expert"]
    for y in read:
        assert y.hands >= 500
        for kind, decisions, lost in y.figures:
            assert decisions >= 100 and lost.known, (y.player, kind)
            assert 0 <= lost.low <= lost.mean <= lost.high < 1, (y.player, kind, lost)
        bidding, playing, defending, overall = (n for _, n, _ in y.figures)
        assert bidding + playing + defending == overall


def test_the_bench_sums_a_players_hands_as_the_page_does() -> None:
    bench = pytest.importorskip("bench.skill_yardstick")
    entry = bench.figures(hands())
    assert (
        entry["hands"] == 3
        and entry["by_kind"] == skill.yardstick_data(skill.skill_summary(hands()))["by_kind"]
    )
    assert entry["by_kind"]["bidding"]["mean"] == round(1 / 15, 4) == 0.0667
    # luck +0.5 and -0.3 over the two hands that have one
    assert entry["luck"] == {"mean": 0.1, "hands": 2}
