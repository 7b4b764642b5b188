"""The deal of the day (practice/daily.py): the day's seed from a stable hash (the same in any
process, any time zone), the day read from a link, a finished deal's result for the learner's side,
everyone's standing, and the Expert's par."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from engine.core.cards import parse_card, parse_cards
from engine.core.hand import HandState, from_cards
from engine.core.rules import Rules
from practice import daily
from practice.codes import DealCode, encode
from practice.daily import DailyDeal, DailyError, read_day, result_of, standing
from practice.review import POINTS, WIN_CHANCE
from practice.session import Session, replay, replay_deal, start_game
from practice.skill import points_lost
from store import daily_results

ROOT = Path(__file__).resolve().parents[2]


# ---- the seed --------------------------------------------------------------------------------


def test_the_seed_is_the_first_four_bytes_of_the_sha256_of_the_day_and_the_rules() -> None:
    # printf 'daily:2025-06-01:{}' | sha256sum -> 987cf972df680674b552c2968746e633...
    # 0x987cf972 = 9*16^7 + 8*16^6 + 7*16^5 + 12*16^4 + 15*16^3 + 9*16^2 + 7*16 + 2 = 2,558,327,154
    assert DailyDeal(date(2025, 6, 1), Rules()).seed == 2_558_327_154
    # printf 'daily:2025-06-02:{}' | sha256sum -> ed775b5a...: the next day, another deal
    assert DailyDeal(date(2025, 6, 2), Rules()).seed == 0xED775B5A
    # printf 'daily:2025-06-01:{"stick_the_dealer":true}' | sha256sum -> a7aec4b2...: other rules, another deal
    assert DailyDeal(date(2025, 6, 1), Rules(stick_the_dealer=True)).seed == 0xA7AEC4B2


def test_the_deal_is_the_seeds_first_hand_as_one_deal_against_club_players() -> None:
    deal = DailyDeal(date(2025, 6, 1), Rules())
    assert deal.code == DealCode(Rules(), 2_558_327_154)  # hand 1 of game 1, its own dealer
    session = deal.session
    assert session.single_deal and session.levels == ("you", "club", "club", "club")
    game = start_game(session)
    plain = start_game(Session(Rules(), session.levels, deal.seed))  # the seed's own game
    assert (game.hand.dealt, game.hand.upcard, game.hand.dealer) == (
        plain.hand.dealt,
        plain.hand.upcard,
        plain.hand.dealer,
    )
    assert DailyDeal(date(2025, 6, 1), Rules(players=3)).levels == ("you", "club", "club")


def test_replay_this_deal_gives_the_very_same_session() -> None:
    """So a replay is still the deal of the day (it does not count again: the store keeps the first)."""
    deal = DailyDeal(date(2025, 6, 1), Rules())
    assert replay_deal(replay(deal.session)) == deal.session


_OTHER_PROCESS = """
import json, sys
from datetime import date
from engine.core.rules import Rules
from practice.codes import encode
from practice.daily import DailyDeal, today
from practice.session import start_game
deal = DailyDeal(date(2025, 6, 1), Rules(stick_the_dealer=True))
hand = start_game(deal.session).hand
print(json.dumps([encode(deal.code), [[str(c) for c in h] for h in hand.dealt], str(hand.upcard), str(today())]))
"""


def test_another_process_in_another_time_zone_deals_the_same_cards() -> None:
    """Python's hash() of a string changes with PYTHONHASHSEED; the deal must not. The day is UTC's,
    whatever TZ says."""
    deal = DailyDeal(date(2025, 6, 1), Rules(stick_the_dealer=True))
    hand = start_game(deal.session).hand
    here = [encode(deal.code), [[str(c) for c in h] for h in hand.dealt], str(hand.upcard)]
    for hash_seed, zone in (("1", "Pacific/Kiritimati"), ("2", "America/Adak")):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "TZ": zone, "PYTHONPATH": str(ROOT)}
        out = subprocess.run(
            [sys.executable, "-c", _OTHER_PROCESS],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        there = json.loads(out.stdout)
        assert there[:3] == here
        assert there[3] in {str(daily.today()), str(daily.today() - timedelta(days=1))}  # (midnight may pass)


# ---- the day -----------------------------------------------------------------------------------


def test_the_day_is_the_utc_date() -> None:
    late_in_chicago = datetime(
        2025, 6, 1, 21, 30, tzinfo=timezone(timedelta(hours=-5))
    )  # 02:30 UTC on the 2nd
    early_in_tokyo = datetime(2025, 6, 2, 8, 0, tzinfo=timezone(timedelta(hours=9)))  # 23:00 UTC on the 1st
    assert daily.today(late_in_chicago) == date(2025, 6, 2)
    assert daily.today(early_in_tokyo) == date(2025, 6, 1)


def test_a_links_day_is_read_strictly() -> None:
    now = date(2025, 6, 2)
    assert read_day("2025-06-02", now) == now and read_day("2025-01-01", now) == date(2025, 1, 1)
    for bad, said in (
        ("2025-6-1", "is not a day"),
        ("2025-02-30", "is not a day"),
        ("today", "is not a day"),
        ("", "is not a day"),
        ("2025-06-03", "not dealt yet"),
        ("2024-12-31", "no deal of the day before 2025-01-01"),
    ):
        with pytest.raises(DailyError, match=said):
            read_day(bad, now)


# ---- a result ----------------------------------------------------------------------------------


def _played(hand: HandState, *actions: str) -> HandState:
    """``actions`` in order, then every seat's first legal card to the end."""
    for action in actions:
        hand = hand.apply(action)
    while not hand.is_over:
        hand = hand.apply(hand.legal_actions()[0])
    return hand


TOP_HEARTS = parse_cards("JH JD AH KH QH")
LOW = (parse_cards("9S TS 9C TC 9D"), parse_cards("QS KS QC KC TD"), parse_cards("AS JS AC JC QD"))


def test_a_march_of_the_learners_side_is_plus_two_and_five_tricks() -> None:
    # East deals, South bids first with the five top hearts and orders the 9♥ up: every trick is South's
    hand = from_cards(Rules(), 3, [TOP_HEARTS, *LOW], parse_card("9H"), parse_cards("KD AD TH"))
    assert result_of(_played(hand, "order")) == daily.DailyResult(2, 5, "marched", 0.0)


def test_a_euchre_of_the_learners_side_is_minus_two() -> None:
    # West holds the five top hearts; South orders the 9♥ up with none: West takes every trick
    hand = from_cards(
        Rules(), 3, [LOW[0], TOP_HEARTS, LOW[1], LOW[2]], parse_card("9H"), parse_cards("KD AD TH")
    )
    assert result_of(_played(hand, "order")) == daily.DailyResult(-2, 0, "euchred", 0.0)
    # from West's side of the same hand: the other side was euchred by them
    assert result_of(_played(hand, "order"), seat=1) == daily.DailyResult(2, 5, "euchred them", 0.0)


def test_a_hand_everyone_passes_is_thrown_in_at_zero() -> None:
    hand = from_cards(
        Rules(), 3, [LOW[0], TOP_HEARTS, LOW[1], LOW[2]], parse_card("9H"), parse_cards("KD AD TH")
    )
    assert result_of(_played(hand, *["pass"] * 8)) == daily.DailyResult(0, 0, "thrown in", 0.0)


@dataclass(frozen=True)
class _Grade:
    before: HandState
    grade: str | None
    loss: float
    unit: str = POINTS


def test_the_points_lost_are_the_graded_decisions_losses() -> None:
    hand = from_cards(Rules(), 3, [TOP_HEARTS, *LOW], parse_card("9H"), parse_cards("KD AD TH"))
    over = _played(hand, "order")
    grades = [
        _Grade(hand, "mistake", 0.5),
        _Grade(hand, None, 3.0),  # not graded: not counted
        _Grade(hand, "inaccuracy", 0.25),
        _Grade(hand, "best", 0.0),
    ]
    assert result_of(over, grades).lost == 0.75
    # a bid graded in the chance of winning counts at what a point is worth (practice.skill.points_lost)
    chance = _Grade(hand, "mistake", 0.05, WIN_CHANCE)
    assert result_of(over, [chance]).lost == round(points_lost(chance), 2) > 0
    with pytest.raises(DailyError, match="not over"):
        result_of(hand)


def test_the_outcomes_are_the_stores() -> None:
    assert daily.OUTCOMES == daily_results.OUTCOMES
    assert set(daily.OUTCOME_WORDS) == set(daily.OUTCOMES)


def test_a_result_in_words() -> None:
    assert (
        str(daily.DailyResult(-1, 2, "they made it"))
        == "-1 point for your side (the other side made it, 2 tricks)"
    )
    assert str(daily.DailyResult(1, 3, "made")) == "+1 point for your side (your side made it, 3 tricks)"


# ---- the standing -------------------------------------------------------------------------------


def test_the_standing_counts_each_score_and_places_the_learner() -> None:
    where = standing([2, 1, -2, 1, 1, 4, -2, 0], 1)
    assert where.counts == ((4, 1), (2, 1), (1, 3), (0, 1), (-2, 2))
    assert (where.players, where.better, where.same, where.worse) == (8, 2, 3, 3)
    assert where.place_text() == "Place 3 of 8: 2 players scored more, 2 others the same, 3 less."
    assert standing([], None).players == 0 and standing([1], None).place_text() == ""


# ---- the par ----------------------------------------------------------------------------------


def test_the_par_is_the_expert_in_souths_seat_against_the_same_club_players() -> None:
    """Playing the Expert's own choices at the table as the learner gives the very par hand: the same
    deal, and the Club players answer as they would answer the learner."""
    deal = DailyDeal(date(2025, 6, 1), Rules())
    par = daily.expert_par(deal)
    dealt = start_game(deal.session).hand
    assert (par.hand.dealt, par.hand.upcard, par.hand.dealer) == (dealt.dealt, dealt.upcard, dealt.dealer)
    assert par.hand.is_over and par.result == result_of(par.hand)
    souths = tuple(str(action) for seat, action in par.hand.history if seat == 0)
    assert souths, "South makes at least one decision"
    at_the_table = replay(replace(deal.session, decisions=souths))
    assert at_the_table.hand == par.hand
    assert daily.expert_par(deal) is par  # kept: asked again, not played again
