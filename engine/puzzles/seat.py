"""Seat puzzles (single-dummy): one decision from the learner's seat, the other hands hidden.

A card, the dealer's discard or the choice to defend alone is judged as the practice table grades
it, by the seat judge (``engine.search.seat_values``: deals of the hidden cards that fit the view
and the bidding, each played out with best play), at four times its usual layouts
(``SEAT_LAYOUTS``, from the view's own seed: the practice judge's layouts and more). A bid is
judged by the analyzer, the one valuation of a bid (``engine.analysis.advice.value_bids``) at the
``STUDY`` budget, against the people table.

A decision makes a puzzle only when its best choice is clear:

- a card: the best beats every other choice by more than the 95% interval of the loss (paired, the
  same layouts for every choice), by ``CLEAR`` times its half-width, and by at least ``MIN_LOSS``
  points;
- a bid: the best beats the runner-up by a margin outside its 95% interval, by ``CLEAR`` times its
  half-width, and by at least ``MIN_LOSS`` points, and no other table of the analyzer would bid
  otherwise (not a close call).

The problem's figures are those of the judge (net points for the seat's side, each choice);
its reason the engine's own words (``card_reasons.choice_reason``, the analyzer's explanation).
``recheck`` judges a puzzle again with a fresh seed (the re-check of the bank).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from engine.analysis.advice import STUDY, value_bids
from engine.analysis.bidding import Analysis
from engine.analysis.card_reasons import choice_reason, mistake_reason
from engine.analysis.explain import explain
from engine.analysis.finish import warm_up
from engine.analysis.robust import DESCRIBED, analyze_robust
from engine.analysis.sampler import BIDDING_PHASES, sample_state
from engine.analysis.tables import DEFAULT_TABLE, TABLES, table_for
from engine.core.actions import Action
from engine.core.errors import EuchreError
from engine.core.problem import Problem
from engine.core.view import SeatView
from engine.players.club import ClubPlayer
from engine.puzzles.bank import Puzzle
from engine.puzzles.rating import POINT_SCALE, logit_right, rating_for, wrong_chance
from engine.puzzles.themes import bid_themes, card_themes
from engine.search.seat_values import (
    JUDGE_DEALS,
    SeatValues,
    deal_values,
    summarise,
    value_choices,
    view_seed,
)

SEAT_LAYOUTS = 4 * JUDGE_DEALS  # the seat judge at four times its usual layouts
MIN_LOSS = 0.1  # points: a best choice worth less than this more is no lesson
# The best's lead over every other choice, in half-widths of its 95% interval: 1 is "outside the
# interval"; 1.5 (three standard errors) keeps a fresh judgement's answer the same in more than
# 99 of 100 puzzles (the re-check, docs/research/puzzle-bank.md), where the first look at 1
# would lose a few puzzles that only just cleared it.
CLEAR = 1.5
SEAT_SOURCE = "your seat: {n} layouts of the hidden cards that fit what you saw and the bidding"
BID_SOURCE = "the analyzer (expected points): {n:,} deals against {table}; no other table does clearly better with another bid"
CHECK_SEED = "puzzle-check:"  # the re-check's seeds start so: never the puzzle's own


def clear_best(values: SeatValues, min_loss: float = MIN_LOSS) -> bool:
    """Does the best choice beat every other outside the 95% interval, by ``CLEAR`` times its
    half-width and by ``min_loss`` at least?"""
    others = [c for c in values.choices if c.action != values.best]
    return bool(others) and all(c.loss > CLEAR * c.spread and c.loss >= min_loss for c in others)


def clear_bid(a: Analysis, min_loss: float = MIN_LOSS) -> bool:
    """Does the analyzer's best bid beat the runner-up by ``CLEAR`` times the half-width of the
    margin's 95% interval, and by ``min_loss`` at least?"""
    low, high = a.margin_ci
    return (
        a.runner_up is not None and low > 0 and a.margin > CLEAR * (high - low) / 2 and a.margin >= min_loss
    )


def _apart(values: SeatValues) -> bool:
    """No other choice has done exactly as well as the best on every layout so far (a card
    equal to the best one, say: never a clear best)."""
    return all(c.loss > 0 or c.spread > 0 for c in values.choices if c.action != values.best)


def _promising(values: SeatValues) -> bool:
    """Every other choice is behind the best by a quarter of its interval and a quarter of
    ``MIN_LOSS`` at least: a best that may yet prove clear."""
    others = [c for c in values.choices if c.action != values.best]
    return all(c.loss > c.spread / 4 and c.loss >= MIN_LOSS / 4 for c in others)


# Looks on the way (after this many layouts, go on only if): a screen never changes the figures
# of a decision it lets through, it only stops early on one that would not make a puzzle.
SCREENS: tuple[tuple[int, Callable[[SeatValues], bool]], ...] = ((30, _apart), (JUDGE_DEALS, _promising))


def judge(
    view: SeatView,
    deals: int = SEAT_LAYOUTS,
    seed: str | None = None,
    screens: tuple[tuple[int, Callable[[SeatValues], bool]], ...] = (),
) -> SeatValues | None:
    """``engine.search.seat_values.value_choices(view, deals, seed)``, the very same figures, with
    looks on the way: None as soon as a screen says the decision will not make a puzzle."""
    legal = view.legal
    warm_up()
    club = ClubPlayer()
    habit = club.act(view)
    rng = random.Random(view_seed(view) if seed is None else seed)
    points = np.zeros((len(legal), deals))
    tricks = np.zeros((len(legal), deals))
    looks = dict(screens)
    for i in range(deals):
        if i in looks and not looks[i](summarise(legal, points[:, :i], tricks[:, :i], habit)):
            return None
        state = sample_state(view, rng, bidder=club, max_tries=10)
        for j, o in enumerate(deal_values(state, view.seat, legal, club, rng).values()):
            points[j, i] = o.net
            tricks[j, i] = 0 if o.maker is None else o.maker_tricks if o.we_made else 5 - o.maker_tricks
    return summarise(legal, points, tricks, habit)


def card_puzzle(view: SeatView, preset: str) -> Puzzle | None:
    """The seat puzzle at ``view`` (a card, a discard or defending alone), or None when its best
    choice is not clear or no theme fits it (the reason patterns name none)."""
    if len(view.legal) < 2 or view.phase in BIDDING_PHASES:
        return None
    try:
        values = judge(view, SEAT_LAYOUTS, None, SCREENS)
    except EuchreError:  # no layout fits the view
        return None
    if values is None or not clear_best(values):
        return None
    best = values.best
    club = table_for(DEFAULT_TABLE, view.rules).player().act(view)
    runner_up = values.ranked[1].action
    tempting = club if club != best else runner_up
    reason = choice_reason(view, best)
    themes = card_themes(view, reason, mistake_reason(view, tempting, best))
    if not themes:
        return None
    points = tuple(round(c.points, 3) for c in values.choices)
    source = SEAT_SOURCE.format(n=values.deals)
    return _puzzle(view, best, points, source, reason, themes, float(club != best), preset)


def bid_puzzle(view: SeatView, preset: str) -> Puzzle | None:
    """The bidding puzzle at ``view``, or None when the analyzer's best is not clear."""
    if len(view.legal) < 2 or view.phase not in BIDDING_PHASES:
        return None
    try:
        robust = value_bids(view, DEFAULT_TABLE, None, STUDY)
    except EuchreError:
        return None
    a = robust.analysis
    if robust.close_call or not clear_bid(a):
        return None
    best = a.recommendation
    evs = {o.action: o.realistic.ev for o in a.options}
    if set(evs) != set(view.legal):
        return None
    points = tuple(round(evs[x], 3) for x in view.legal)
    bids = [table_for(table, view.rules).player().act(view) for table in TABLES]
    club_wrong = sum(b != best for b in bids) / len(bids)
    source = BID_SOURCE.format(n=a.n, table=DESCRIBED[DEFAULT_TABLE])
    reason = " ".join(explain(view, a, None, DEFAULT_TABLE)[:2])
    themes = bid_themes(view, best, a.runner_up)
    return _puzzle(view, best, points, source, reason, themes, club_wrong, preset)


def _puzzle(
    view: SeatView,
    best: Action,
    points: tuple[float, ...],
    source: str,
    reason: str,
    themes: tuple[str, ...],
    club_wrong: float,
    preset: str,
) -> Puzzle:
    """The seat puzzle of ``best`` at ``view`` (net points of each legal choice), rated by how
    often the club player errs there and how far ahead the best is."""
    right_chance = logit_right(points, (view.legal.index(best),), POINT_SCALE)
    problem = Problem(
        view.to_text(), tuple(str(x) for x in view.legal), (str(best),), points, "points", source, reason
    )
    rating = rating_for(wrong_chance(club_wrong, right_chance))
    return Puzzle.make("seat", problem, themes, rating, preset)


def seat_puzzle(view: SeatView, preset: str) -> Puzzle | None:
    """A bid's or a card's puzzle at ``view`` (see the module), or None."""
    return bid_puzzle(view, preset) if view.phase in BIDDING_PHASES else card_puzzle(view, preset)


def recheck(puzzle: Puzzle) -> str:
    """The best choice of the puzzle's seat by a fresh judgement: the seat judge at the same
    layouts from another seed, or the analyzer at the STUDY budget from another seed."""
    view = SeatView.from_text(puzzle.problem.view)
    if view.phase in BIDDING_PHASES:
        robust = analyze_robust(
            view,
            CHECK_SEED + view.to_text(),
            table=DEFAULT_TABLE,
            time_budget=None,
            max_samples=STUDY.deals,
            other_samples=STUDY.other_deals,
            ceiling=False,
        )
        return str(robust.analysis.recommendation)
    return str(value_choices(view, SEAT_LAYOUTS, CHECK_SEED + view_seed(view)).best)


__all__ = [
    "BID_SOURCE",
    "MIN_LOSS",
    "SEAT_LAYOUTS",
    "SEAT_SOURCE",
    "bid_puzzle",
    "card_puzzle",
    "CLEAR",
    "clear_best",
    "clear_bid",
    "judge",
    "recheck",
    "seat_puzzle",
]
