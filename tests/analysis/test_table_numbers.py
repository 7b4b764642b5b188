"""The table the advice is for reaches the analyzer's compiled play-outs as numbers: its call and
alone thresholds by seat and round and whether going alone is worth it, worked out from its
caution (``Table.numbers``), never read back from a player object; any other player is run in
Python (``analyze(..., player=...)``)."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from engine.analysis.bidding import AnalysisError, analyze
from engine.analysis.runners import CompiledRun, PythonRun, base_state, make_runner
from engine.analysis.situation import question
from engine.analysis.tables import DATA_FILE, TABLE_WORDS, Table, table_for
from engine.compiled import deal_loop
from engine.compiled.encoding import code_of
from engine.core.rules import PRESETS, Rules
from engine.core.view import SeatView
from engine.players.base import Decision
from engine.players.club import ClubPlayer
from engine.players.evaluate import Score

# a caution written by hand: calls 0.1 .. 0.8 (seat k left of the dealer, round r at 2k + r),
# then alone -0.1 .. -0.8 in the same order
HAND_MADE = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, -0.1, -0.2, -0.3, -0.4, -0.5, -0.6, -0.7, -0.8)
# four players: the call threshold 2.0 and the alone threshold 3.8 (engine/compiled/club_numbers.py),
# plus the caution: a row per seat left of the dealer, columns call round 1, 2, alone round 1, 2
HAND_MADE_NEEDS = [
    [2.1, 2.2, 3.7, 3.6],  # the dealer
    [2.3, 2.4, 3.5, 3.4],  # first to bid
    [2.5, 2.6, 3.3, 3.2],  # second
    [2.7, 2.8, 3.1, 3.0],  # third
]


def _close(expected: object) -> object:
    return pytest.approx(np.array(expected))


def _second_seat() -> SeatView:
    return question("JH AD AH KS 9C", "9H", "second").view()


def test_a_tables_numbers_are_its_caution_on_the_club_thresholds() -> None:
    table = Table("hand-made", TABLE_WORDS["sound"], HAND_MADE)
    needs, alone = table.numbers(Rules())
    assert needs == _close(HAND_MADE_NEEDS) and alone
    # the opponents one point from the game: every call threshold 0.25 lower, and a loner's
    # 4 points are worth no more than a march's 2 at 9 to 9 (10 - 9 is not more than 2)
    needs, alone = table.numbers(Rules(), Score(9, 9))
    assert needs[:, :2] == _close([[x - 0.25 for x in row[:2]] for row in HAND_MADE_NEEDS])
    assert needs[:, 2:] == _close([row[2:] for row in HAND_MADE_NEEDS]) and not alone
    # the eager table (no caution) at three players: 2.8 to call everywhere, and nobody goes alone
    cutthroat = PRESETS["Cutthroat (3 players)"]
    needs, alone = table_for("eager", cutthroat).numbers(cutthroat)
    assert needs == _close([[2.8, 2.8, 3.8, 3.8]] * 4) and not alone


def test_the_sound_tables_numbers_are_the_fitted_file_on_the_club_thresholds() -> None:
    shipped = json.loads(DATA_FILE.read_text(encoding="utf-8"))["presets"]["Standard (North America)"]
    caution = shipped["caution"]
    needs, alone = table_for("sound", Rules()).numbers(Rules())
    for seat in range(4):
        for r in range(2):
            assert needs[seat, r] == pytest.approx(2.0 + caution[2 * seat + r])
            assert needs[seat, 2 + r] == pytest.approx(3.8 + caution[8 + 2 * seat + r])
    assert alone


def test_the_compiled_runner_is_handed_the_tables_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_player(self: Table, score: Score | None = None) -> ClubPlayer:
        raise AssertionError("the compiled runner asked the table for a player")

    monkeypatch.setattr(Table, "player", no_player)
    view = _second_seat()
    table = Table("hand-made", TABLE_WORDS["sound"], HAND_MADE)
    run = make_runner(view, [(a, None) for a in view.legal], table, False, random.Random(1))
    assert isinstance(run, CompiledRun)
    for needs, alone in (run.fast.play, run.fast.bid):
        assert needs == _close(HAND_MADE_NEEDS) and alone
    analyze(view, random.Random(1), time_budget=None, max_samples=32, ceiling=False, table=table)


def test_analyze_at_the_sound_table_plays_the_deals_the_sound_numbers_give() -> None:
    """The table path's figures are those of the compiled deal loop handed the sound table's
    numbers, worked out here from the shipped caution: the same deals, the same points."""
    view = _second_seat()
    a = analyze(
        view,
        random.Random(5),
        time_budget=None,
        max_samples=32,
        stop="precision",
        ceiling=False,
        table=table_for("sound", view.rules),
    )
    caution = json.loads(DATA_FILE.read_text(encoding="utf-8"))["presets"]["Standard (North America)"][
        "caution"
    ]
    needs = np.array(
        [
            [2.0 + caution[2 * k + r] for r in range(2)] + [3.8 + caution[8 + 2 * k + r] for r in range(2)]
            for k in range(4)
        ]
    )
    checks = deal_loop.pass_checks(view)
    assert checks is not None
    codes = np.array([[code_of(x), -1] for x in view.legal], dtype=np.int64)
    seed = random.Random(5).getrandbits(62)  # the analysis's first draw
    batch = deal_loop.FastRun(
        view, codes, checks, base_state(view), (needs, True), (needs, True), seed, False
    ).run(0, 32)
    assert a.n == 32 and [o.action for o in a.options] == list(view.legal)
    for i, o in enumerate(a.options):
        net = batch.real[:, i, 2] - batch.real[:, i, 3]
        assert o.realistic.ev == pytest.approx(float(net.mean()), abs=1e-12)
        makers = batch.real[:, i, 0]
        ours = (makers >= 0) & (makers % 2 == view.seat % 2)
        assert o.realistic.p_we_make == pytest.approx(float(ours.mean()))


def test_the_default_table_is_the_people_table() -> None:
    view = _second_seat()
    default, people = (
        analyze(view, random.Random(3), time_budget=None, max_samples=64, ceiling=False, table=t)
        for t in (None, table_for("people", view.rules))
    )
    assert default.options == people.options


def test_a_player_for_the_other_seats_is_run_in_python() -> None:
    asked: list[int] = []

    class Counted(ClubPlayer):
        def decide(self, view: SeatView, rng: random.Random) -> Decision:
            asked.append(view.seat)
            return super().decide(view, rng)

    view = _second_seat()
    a = analyze(view, random.Random(2), time_budget=None, max_samples=8, ceiling=False, player=Counted())
    assert a.n == 8 and asked  # the player was asked: the other seats bid and play in Python
    run = make_runner(
        view, [(x, None) for x in view.legal], table_for("eager", view.rules), False, random.Random(2)
    )
    assert not isinstance(run, PythonRun)  # a table, whatever its numbers, is run compiled
    with pytest.raises(AnalysisError, match="not both"):
        analyze(view, random.Random(2), table=table_for("eager", view.rules), player=ClubPlayer())
