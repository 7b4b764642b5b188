"""The analyze CLI, the win-chance table, and the expert player."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.analysis.wintable import stored_table, win_chance, win_table
from engine.core.hand import apply, deal, legal_actions
from engine.core.rules import Rules
from engine.core.view import view_of

ROOT = Path(__file__).resolve().parents[2]

# the dealer's question (J♥ J♦ A♥ K♠ 9♣ under the 9♥) at 6 to 8, on 24 deals
QUESTION = ("--hand", "JH JD AH KS 9C", "--upcard", "9H", "--seat", "dealer")
DEALER_AT_6_8 = (*QUESTION, "--samples", "24", "--score", "6,8")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "analyze", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_cli_json_has_every_option_and_a_recommendation() -> None:
    out = run(*DEALER_AT_6_8, "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert [o["action"] for o in data["options"]] == ["pass", "order", "order alone"]
    assert data["recommendation"] in ("order", "order alone")
    assert data["discard"] in ("9C", "KS")
    for o in data["options"]:
        assert o["ev_ci"][0] <= o["ev"] <= o["ev_ci"][1]
        assert o["n"] == 24 and o["win_delta"] is not None
        assert abs(o["p_make"] + o["p_euchred"] - 1) < 1e-3
    assert data["explanation"] and all(isinstance(line, str) for line in data["explanation"])


def test_cli_text_with_a_score_shows_every_table_s_chance_of_winning() -> None:
    """With a score the options are ranked by the chance of winning the game, so the other
    tables' lines carry that figure for each option beside its points."""
    out = run(*DEALER_AT_6_8, "--no-ceiling")
    assert out.returncode == 0, out.stderr
    lines = [line for line in out.stdout.splitlines() if line.startswith("against ")]
    assert len(lines) == 3  # strong players, cautious, eager bidders (people drive)
    for line in lines:
        assert line.count("(chance to win the game ") == 3, line  # pass, order up, order up alone


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--hand", "JH JD AH KS ZZ", "--upcard", "9H", "--seat", "first"], "'ZZ' is not a card"),
        (["--hand", "JH JD AH KS KS", "--upcard", "9H", "--seat", "first"], "twice"),
        (["--hand", "JH JD AH KS 9H", "--upcard", "9H", "--seat", "first"], "also in your hand"),
        (["--hand", "JH JD AH KS", "--upcard", "9H", "--seat", "first"], "5 cards"),
        (["--hand", "JH JD AH KS JOKER", "--upcard", "9H", "--seat", "first"], "joker rule"),
        (
            ["--hand", "JH JD AH KS 9C", "--upcard", "9H", "--seat", "third", "--rules", '{"players": 2}'],
            "not possible with 2 players",
        ),
        (
            ["--hand", "JH JD AH KS 9C", "--upcard", "9H", "--seat", "first", "--rules", "{oops"],
            "not valid JSON",
        ),
        (
            ["--hand", "JH JD AH KS 9C", "--upcard", "9H", "--seat", "first", "--score", "12,3"],
            "already be over",
        ),
        (
            ["--hand", "JH JD AH KS 9C", "--upcard", "9H", "--seat", "first", "--round", "7"],
            "--round must be a whole number from 1 to 2",
        ),
    ],
)
def test_cli_bad_input_is_a_message_and_exit_2(args: list[str], needle: str) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert needle in out.stderr and "Traceback" not in out.stderr


def test_win_table_properties() -> None:
    # A side is exactly as likely to win as the other is to lose from the mirrored score.
    for players in (4, 2):
        for target in (5, 7, 10):
            table = stored_table(players, target)
            assert table is not None
            for a in range(target):
                for b in range(target):
                    for d in (0, 1):
                        assert abs(table[a][b][d] + table[b][a][1 - d] - 1) < 1e-3
                        assert 0 < table[a][b][d] < 1
                    if a + 1 < target:  # more points never hurt
                        assert table[a + 1][b][0] >= table[a][b][0] - 1e-9
    assert win_chance(Rules(players=3), 1, 2, True) is None
    assert win_chance(Rules(), 9, 0, False)  # near-certain, but not 1: a loner can still come
    assert 0.45 < win_chance(Rules(), 0, 0, False) < 0.55  # type: ignore[operator]


def test_win_table_by_hand_for_a_toy_game() -> None:
    # One point a hand to the dealer's side with probability 0.6, else to the other side.
    # To 1 point: whoever scores first wins, so W(0,0,deal) = 0.6 and W(0,0,not deal) = 0.4.
    t = win_table(1, {(1, 0): 0.6, (0, 1): 0.4})
    assert abs(t[0][0][1] - 0.6) < 1e-12 and abs(t[0][0][0] - 0.4) < 1e-12
    # To 2: dealing at 0-0, win now (0.6) -> 1-0 not dealing: 0.4 + 0.6 * W(1,1,deal)=0.6*0.6 ...
    w11_deal, w11_not = 0.6, 0.4
    w10_not = 0.4 * 1 + 0.6 * w11_deal  # they deal: we score with 0.4 (win), else 1-1 and we deal
    w01_not = 0.4 * w11_deal  # they deal at 0-1: we score 0.4 -> 1-1 we deal; else we lose
    w00_deal = 0.6 * w10_not + 0.4 * w01_not
    t2 = win_table(2, {(1, 0): 0.6, (0, 1): 0.4})
    assert abs(t2[0][0][1] - w00_deal) < 1e-12 and abs(t2[1][1][0] - w11_not) < 1e-12
    # Thrown-in hands pass the deal: a coin flip game with throw-ins stays fair.
    t3 = win_table(3, {(1, 0): 0.4, (0, 1): 0.4, (0, 0): 0.2})
    assert abs(t3[0][0][0] + t3[0][0][1] - 1) < 1e-12


def test_expert_returns_only_legal_actions() -> None:
    from engine.search.expert import ExpertPlayer
    from engine.search.registry import make_player

    assert isinstance(make_player("expert"), ExpertPlayer)
    expert = ExpertPlayer(play_samples=8, bid_samples=16)
    rng = random.Random(4)
    for rules in (Rules(), Rules(players=3), Rules(defend_alone=True, joker=True)):
        st = deal(rules, 0, rng)
        while not st.is_over:
            view = view_of(st, st.to_act)  # type: ignore[arg-type]
            if st.phase.value in ("bid1", "bid2", "name"):
                action = expert.decide(view, rng).action if rng.random() < 0.3 else rng.choice(view.legal)
            else:
                decision = expert.decide(view, rng)
                action = decision.action
                assert decision.reason
            assert action in legal_actions(st)
            st = apply(st, action)


def test_expert_reads_only_the_view() -> None:
    # Redistribute the hidden cards consistently with the view: same seed, same decision.
    from engine.analysis.sampler import sample_state
    from engine.search.expert import ExpertPlayer

    expert = ExpertPlayer(play_samples=12)
    rng = random.Random(9)
    for _ in range(6):
        st = deal(Rules(), rng.randrange(4), rng)
        st = apply(st, "order")
        while st.phase.value != "play":
            st = apply(st, legal_actions(st)[0])
        for _ in range(rng.randrange(8)):
            st = apply(st, rng.choice(legal_actions(st)))
        seat = st.to_act
        assert seat is not None
        other = sample_state(view_of(st, seat), random.Random(1))
        assert other.hands != st.hands or len(st.hands[seat]) <= 1
        d1 = expert.decide(view_of(st, seat), random.Random(2))
        d2 = expert.decide(view_of(other, seat), random.Random(2))
        assert d1 == d2
