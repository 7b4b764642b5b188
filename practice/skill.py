"""The learner's skill with luck left aside: points lost per real decision, and how good the cards were.

Backgammon players call the first figure a *performance rating*: the average loss per decision
against the best choice, whatever the dice did. Here it is the grades' loss
(``practice.review.GradedDecision``), in points, averaged over the learner's *real* decisions.

**Real decisions.** A decision the review graded; a forced one ("the only legal choice") and one the
review could not grade (grade None) are left out.

**The split** (``kind_of``), by the position before the decision and the learner's seat (the seat to
act in it):

- ``bidding``: the auction (both rounds, and naming trump under the joker), the dealer's discard (or
  leaving the upcard) and the choice to defend alone;
- card plays when the learner's side named trump: ``leading`` when the learner plays the first card
  of the trick (no card of it on the table yet), else ``following``;
- every card play when the other side named trump: ``defending``.

**Points lost.** The grade's loss; a bid graded in chance of winning the game is converted to points
at what one point is worth at the start of the game (``wintable.point_value``), the conversion
``practice.replay.points_lost`` makes (this module cannot import it: ``practice.review`` imports this
module to fill the hand's record, and replay imports review; a test keeps the two equal).

**Luck** (``hand_value`` and ``hand_luck``): what the cards dealt were worth against an average hand.
The *value of a hand* is the analyzer's expected net points for the learner's side of the learner's
best bid at the learner's first decision of the auction (round 1, on the upcard): the largest
``realistic.ev`` of ``engine.analysis.bidding.analyze`` with the other seats bidding as people do
(the people table) and club-level play, ``BID_SAMPLES`` deals seeded from the seat's view, the
game score left aside (points this hand). Luck is that value minus the average value of a hand at
the same seat (counted from the dealer) when the seats before it passed as people do: the baseline,
measured once over seeded deals by ``python -m bench luck_baseline`` and stored in
``practice/luck_baseline.json`` (docs/research/skill-figure.md). Positive: better cards than
average. A hand with no round-1 decision of the learner's (a seat before ordered up) has no luck
figure, nor does a hand under rules other than the defaults (the baseline is for those only).

A figure is a mean with its 95% interval (``engine.core.stats.mean_interval``, the project's one).
Each kind also has a weekly trend (ISO weeks of the hands' ``played_at``).

>>> from engine.core.cards import parse_card, parse_cards
>>> from engine.core.hand import from_cards
>>> from engine.core.rules import Rules
>>> hands = [parse_cards(t) for t in ("JH JD AH KH QH", "AC KC QC JC TC", "AS KS QS JS TS", "AD KD QD TD 9D")]
>>> start = from_cards(Rules(), 3, hands, parse_card("9H"), parse_cards("9C 9S TH"))
>>> ordered = start.apply("order")  # South orders up: East, the dealer, discards next
>>> kind_of(start), kind_of(ordered), kind_of(ordered.apply("discard 9D"))  # then South leads
('bidding', 'bidding', 'leading')
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Protocol

from engine.analysis.bidding import analyze
from engine.analysis.tables import DEFAULT_TABLE, opponents
from engine.analysis.wintable import point_value
from engine.core.errors import EuchreError
from engine.core.hand import HandState, Phase
from engine.core.rules import Rules
from engine.core.stats import Interval, mean_interval
from engine.core.view import view_of
from store.practice_log import KINDS, DecisionFact, SkillHand

BIDDING_KINDS = (Phase.BID1, Phase.BID2, Phase.NAME, Phase.DISCARD, Phase.DEFEND)
WIN_CHANCE = "win chance"  # practice.review.WIN_CHANCE (a test keeps them equal)
BID_SAMPLES = 400  # deals per hand value: practice.review.BID_SAMPLES, deterministic (no time budget)
BASELINE_FILE = Path(__file__).with_name("luck_baseline.json")
POSITIONS = ("first", "second", "third", "dealer")  # a seat counted clockwise from the dealer's left
OVERALL = "overall"


class Graded(Protocol):
    """What this module reads of a ``practice.review.GradedDecision``."""

    @property
    def before(self) -> HandState: ...
    @property
    def grade(self) -> str | None: ...
    @property
    def loss(self) -> float: ...
    @property
    def unit(self) -> str: ...


def kind_of(before: HandState, seat: int | None = None) -> str:
    """The kind of the decision ``seat`` (by default the seat to act) makes at ``before``."""
    who = before.to_act if seat is None else seat
    if before.phase in BIDDING_KINDS or who is None:
        return "bidding"
    if not before.is_maker_side(who):
        return "defending"
    return "leading" if not before.trick else "following"


def points_lost(g: Graded) -> float:
    """A grade's loss in points, never below 0 (as ``practice.replay.points_lost``)."""
    if g.unit == WIN_CHANCE:
        return max(0.0, g.loss / (point_value(g.before.rules) or 1.0))
    return max(0.0, float(g.loss))


def decision_facts(grades: Sequence[Graded]) -> tuple[DecisionFact, ...]:
    """One fact per real decision (a grade that is not None), in order: its kind and points lost."""
    return tuple(DecisionFact(kind_of(g.before), points_lost(g)) for g in grades if g.grade is not None)


# ---- luck -------------------------------------------------------------------------------------


def baseline_rules(rules: Rules) -> bool:
    """Does the baseline hold for these rules: the defaults, but for what decides only the game
    (its target, the draw for the deal, a match)?"""
    return replace(rules, target=Rules().target, draw_for_deal=False, match_games=1) == Rules()


def position_of(rules: Rules, dealer: int, seat: int) -> str:
    """The seat counted from the dealer: "first" (the dealer's left) .. "dealer"."""
    return POSITIONS[(seat - dealer - 1) % rules.players] if rules.players == 4 else ""


def hand_value(before: HandState, seat: int | None = None) -> float | None:
    """The value of the cards at ``seat``'s bidding decision ``before``: the expected net points of
    the best bid against the people table (see the module docstring); None when it is not a
    bidding decision of that seat."""
    who = before.to_act if seat is None else seat
    if who is None or before.to_act != who:
        return None
    view = view_of(before, who)
    seed = f"bid-analysis:{view.seat}:{view.dealer}:{view.hand}:{view.upcard}:{view.history}"
    policy = opponents(DEFAULT_TABLE, view.rules)
    try:
        analysis = analyze(
            view,
            random.Random(seed),
            score=None,
            time_budget=None,
            max_samples=BID_SAMPLES,
            ceiling=False,
            policy=policy,
            bidder=policy,
            half_width=0.05,
        )
    except EuchreError:
        return None
    return max(float(o.realistic.ev) for o in analysis.options)


@lru_cache(maxsize=1)
def baseline() -> dict[str, float]:
    """The average hand value by seat position (``luck_baseline.json``); empty when it cannot be read."""
    try:
        data = json.loads(BASELINE_FILE.read_text(encoding="utf-8"))
        return {p: float(data["by_position"][p]["mean"]) for p in POSITIONS}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def hand_luck(grades: Sequence[Graded], seat: int | None = None) -> float | None:
    """The luck of the hand whose decisions are ``grades`` (every decision of the learner's, forced
    ones included, in order): the hand's value at the learner's round-1 decision minus the average
    for that seat position. None without a round-1 decision, under other rules, or without a baseline."""
    first = grades[0].before if grades else None
    if first is None or first.phase is not Phase.BID1:  # a seat before ordered up: no decision of round 1
        return None
    who = first.to_act if seat is None else seat
    if who is None or not baseline_rules(first.rules):
        return None
    average = baseline().get(position_of(first.rules, first.dealer, who))
    if average is None:
        return None
    value = hand_value(first, who)
    return None if value is None else value - average


# ---- the summary ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WeekPoint:
    """One ISO week of one kind: ``week`` as "2026-W49", its Monday, decisions and mean points lost."""

    week: str
    monday: str
    decisions: int
    lost: Interval


@dataclass(frozen=True, slots=True)
class KindFigure:
    """Points lost per decision of one kind (or ``overall``), with its weekly trend."""

    kind: str
    decisions: int
    lost: Interval  # mean points lost per decision and its 95% interval
    weeks: tuple[WeekPoint, ...]


@dataclass(frozen=True, slots=True)
class SkillSummary:
    hands: int  # hands with their decisions recorded
    kinds: tuple[KindFigure, ...]  # KINDS in order, then OVERALL; a kind with no decision is left out
    luck: Interval  # mean luck per hand (the hands that have a luck figure) and its 95% interval
    luck_hands: int
    damaged: int = 0  # stored records whose decisions did not read: left out, counted

    @property
    def decisions(self) -> int:
        return sum(k.decisions for k in self.kinds if k.kind != OVERALL)

    def figure(self, kind: str) -> KindFigure | None:
        return next((k for k in self.kinds if k.kind == kind), None)


def iso_week(played_at: str) -> tuple[str, str]:
    """("2026-W49", "2026-11-30"): the ISO week of a stored time and its Monday.

    >>> iso_week("2026-12-03T12:00:00+00:00")
    ('2026-W49', '2026-11-30')
    """
    day = datetime.fromisoformat(played_at).date()
    year, week, weekday = day.isocalendar()
    monday = day.fromordinal(day.toordinal() - weekday + 1)
    return f"{year}-W{week:02d}", monday.isoformat()


def _figure(kind: str, dated: list[tuple[str, float]]) -> KindFigure:
    by_week: dict[tuple[str, str], list[float]] = {}
    for played_at, lost in dated:
        by_week.setdefault(iso_week(played_at), []).append(lost)
    weeks = tuple(
        WeekPoint(week, monday, len(values), mean_interval(values))
        for (week, monday), values in sorted(by_week.items())
    )
    return KindFigure(kind, len(dated), mean_interval([lost for _, lost in dated]), weeks)


def skill_summary(hands: Iterable[SkillHand], damaged: int = 0) -> SkillSummary:
    """Every kind's figure, the overall one and the luck per hand, from the stored hands
    (``store.practice_log.skill_hands``)."""
    rows = list(hands)
    dated: dict[str, list[tuple[str, float]]] = {kind: [] for kind in (*KINDS, OVERALL)}
    for h in rows:
        for fact in h.decisions:
            dated[fact.kind].append((h.played_at, fact.lost))
            dated[OVERALL].append((h.played_at, fact.lost))
    lucks = [h.luck for h in rows if h.luck is not None and math.isfinite(h.luck)]
    kinds = tuple(_figure(kind, dated[kind]) for kind in (*KINDS, OVERALL) if dated[kind])
    return SkillSummary(len(rows), kinds, mean_interval(lucks), len(lucks), damaged)


__all__ = [
    "OVERALL",
    "POSITIONS",
    "DecisionFact",
    "KindFigure",
    "SkillSummary",
    "WeekPoint",
    "baseline",
    "decision_facts",
    "hand_luck",
    "hand_value",
    "iso_week",
    "kind_of",
    "points_lost",
    "position_of",
    "skill_summary",
]
