"""The skill figure, worked by hand: two hands of South's, every decision's kind and loss written
out, the means and the 95% intervals computed from the formula (mean ± 1.96 · s / √n, s with
divisor n - 1) on paper; the luck; and the stored decisions' round trip, old rows and damaged
values."""

from __future__ import annotations

import json
import math
import sqlite3
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
from store.practice_log import DecisionFact, HandRow, SkillHand


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
    assert skill.WIN_CHANCE == review.WIN_CHANCE and skill.BID_SAMPLES == review.BID_SAMPLES
    g = review.GradedDecision(
        0, HAND_A, HAND_A.legal_actions()[0], "mistake", 0.03, None, (), "x", unit=review.WIN_CHANCE
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


def test_the_split_means_and_intervals_worked_by_hand() -> None:
    s = skill.skill_summary(hands())
    assert s.hands == 3 and s.decisions == 11
    assert [k.kind for k in s.kinds] == ["bidding", "leading", "following", "defending", "overall"]
    bidding = s.figure("bidding")
    assert bidding is not None and bidding.decisions == 3
    # 0, 0, 0.2: mean 1/15; s² = ((1/15)² + (1/15)² + (2/15)²) / 2 = 1/75; s/√3 = 1/15;
    # half-width 1.96/15 = 0.130667
    assert bidding.lost.mean == pytest.approx(1 / 15)
    assert bidding.lost.low == pytest.approx(1 / 15 - 0.130667, abs=1e-6)
    assert bidding.lost.high == pytest.approx(1 / 15 + 0.130667, abs=1e-6)
    leading = s.figure("leading")
    # 0, 1.2, 0.3: mean 0.5; s² = (0.25 + 0.49 + 0.04) / 2 = 0.39; s/√3 = √0.13 = 0.360555;
    # half-width 0.706688
    assert leading is not None and leading.decisions == 3
    assert (leading.lost.mean, leading.lost.low, leading.lost.high) == pytest.approx(
        (0.5, -0.206688, 1.206688), abs=1e-6
    )
    following = s.figure("following")
    # one decision: its mean, no interval
    assert following is not None and following.decisions == 1 and following.lost.mean == pytest.approx(0.4)
    assert not following.lost.known
    defending = s.figure("defending")
    # 0, 0.6, 0, 1.0: mean 0.4; s² = (0.16 + 0.04 + 0.16 + 0.36) / 3 = 0.24; s/2 = √0.06 = 0.244949;
    # half-width 0.480100
    assert defending is not None and defending.decisions == 4
    assert (defending.lost.mean, defending.lost.low, defending.lost.high) == pytest.approx(
        (0.4, -0.080100, 0.880100), abs=1e-6
    )
    overall = s.figure("overall")
    # 0+0+0.4+0+1.2+0.3 + 0.2+0+0.6+0+1.0 = 3.7 over 11 decisions
    assert overall is not None and overall.decisions == 11 and overall.lost.mean == pytest.approx(3.7 / 11)


def test_the_weekly_trend_and_the_luck() -> None:
    s = skill.skill_summary(hands())
    bidding = s.figure("bidding")
    assert bidding is not None
    assert [(w.week, w.monday, w.decisions) for w in bidding.weeks] == [
        ("2026-W48", "2026-11-23", 2),
        ("2026-W49", "2026-11-30", 1),
    ]
    assert [w.lost.mean for w in bidding.weeks] == pytest.approx([0.0, 0.2])
    defending = s.figure("defending")
    assert defending is not None and [w.week for w in defending.weeks] == ["2026-W49"]
    # luck +0.5 and -0.3 (the third hand has none): mean 0.1; s² = 0.4² + 0.4² = 0.32; s/√2 = 0.4;
    # half-width 0.784
    assert s.luck_hands == 2
    assert (s.luck.mean, s.luck.low, s.luck.high) == pytest.approx((0.1, -0.684, 0.884))


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
    # no round-1 decision: West ordered up before South could bid
    after = south_decisions(HAND_B, {0: "pass", 1: "order"})
    assert skill.hand_luck([Graded(after[1], "good", 0.0)]) is None
    # other rules: no baseline for them
    stick = from_cards(Rules(stick_the_dealer=True), 3, HAND_B.dealt, HAND_B.upcard, HAND_B.kitty)
    assert skill.hand_luck([Graded(stick, "good", 0.0)]) is None
    # the game's target does not change a hand's value
    ten = from_cards(Rules(target=5), 3, HAND_B.dealt, HAND_B.upcard, HAND_B.kitty)
    assert skill.hand_luck([Graded(ten, "good", 0.0)]) == pytest.approx(0.5)
    assert skill.hand_luck([]) is None


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


def _row(hand: int, **kw: object) -> HandRow:
    base = dict(
        game_number=0,
        hand_number=hand,
        record={"dealer": hand},
        thrown_in=False,
        learner_called=False,
        learner_side_made=False,
        made=True,
        learner_alone=False,
        euchres_for=False,
        euchred=False,
        points_for=0,
        points_against=1,
        grades=(),
    )
    base.update(kw)
    return HandRow(**base)  # type: ignore[arg-type]


def test_decisions_and_luck_round_trip(tmp_path: Path) -> None:
    conn = connect(tmp_path / "coach.sqlite3")
    game = practice_log.start_game("game", {}, 1, ["you", "club", "club", "club"], "CODE", conn)
    facts = skill.decision_facts(GRADES_A)
    assert practice_log.save_hand(game, _row(0, decisions=facts, luck=0.25, learner="ann"), conn)
    assert practice_log.save_hand(game, _row(1, decisions=(), learner="bob"), conn)
    assert practice_log.save_hand(game, _row(2), conn)  # an older caller: no decisions kept
    conn.close()
    again = connect(tmp_path / "coach.sqlite3")
    stored = practice_log.skill_hands(again)
    assert [(h.decisions, h.luck) for h in stored] == [(facts, 0.25), ((), None)] and stored.damaged == 0
    assert [h.decisions for h in practice_log.skill_hands(again, learner="ann")] == [facts]
    assert practice_log.statistics(again).hands == 3  # the other figures count every hand


OLD_HANDS = """CREATE TABLE practice_hands (
    id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL, game_number INTEGER NOT NULL, hand_number INTEGER NOT NULL,
    played_at TEXT NOT NULL, record TEXT NOT NULL, thrown_in INTEGER NOT NULL, learner_called INTEGER NOT NULL,
    learner_side_made INTEGER NOT NULL, made INTEGER, learner_alone INTEGER NOT NULL, euchres_for INTEGER NOT NULL,
    euchred INTEGER NOT NULL, points_for INTEGER NOT NULL, points_against INTEGER NOT NULL, grades TEXT NOT NULL,
    UNIQUE (game_id, game_number, hand_number))"""


def test_an_older_database_gets_the_columns_and_its_rows_are_left_out(tmp_path: Path) -> None:
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
    assert {"decisions", "luck", "learner"} <= columns
    game = practice_log.start_game("game", {}, 1, ["you", "club", "club", "club"], "CODE", conn)
    assert practice_log.save_hand(game, _row(1, decisions=(DecisionFact("bidding", 0.5),)), conn)
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
def test_a_damaged_value_is_skipped_and_counted(tmp_path: Path, decisions: str, luck: object) -> None:
    conn = connect(tmp_path / "coach.sqlite3")
    game = practice_log.start_game("game", {}, 1, ["you", "club", "club", "club"], "CODE", conn)
    practice_log.save_hand(game, _row(0, decisions=(DecisionFact("leading", 0.25),)), conn)
    practice_log.save_hand(game, _row(1, decisions=()), conn)
    conn.execute("UPDATE practice_hands SET decisions = ?, luck = ? WHERE hand_number = 1", (decisions, luck))
    conn.commit()
    stored = practice_log.skill_hands(conn)
    assert stored.damaged == 1
    summary = skill.skill_summary(stored, stored.damaged)
    assert summary.damaged == 1 and summary.decisions == 1 and summary.kinds[0].kind == "leading"
