"""The learner's skill with luck left aside: points lost per real decision, and how good the cards were.

Backgammon players call the first figure a *performance rating*: the average loss per decision
against the best choice, whatever the dice did. Here it is the grades' loss
(``practice.review.GradedDecision``), in points, averaged over the learner's *real* decisions.

**Real decisions.** A decision the review graded; a forced one ("the only legal choice") and one the
review could not grade (grade None) are left out.

**The split** (``kind_of``), by the position before the decision and the learner's seat (the seat to
act in it), as each decision is stored:

- ``bidding``: the auction (both rounds, going alone or not, and naming trump under the joker), the
  dealer's discard (or leaving the upcard) and the choice to defend alone;
- card plays when the learner's side named trump: ``leading`` when the learner plays the first card
  of the trick (no card of it on the table yet), else ``following``;
- every card play when the other side named trump: ``defending``.

The page shows three *categories* a player names (``CATEGORY_OF``): ``bidding``, ``playing`` (a hand
your side named: leading and following together) and ``defending``, then all decisions.

**Points lost.** The grade's loss; a bid graded in chance of winning the game is converted to points
at what one point is worth at the start of the game (``wintable.point_value``), the conversion
``practice.replay.points_lost`` makes (this module cannot import it: ``practice.review`` imports this
module to fill the hand's record, and replay imports review; a test keeps the two equal).

**Luck** (``hand_value`` and ``hand_luck``): what the cards dealt were worth against an average hand.
The *value of a hand* is the analyzer's expected net points for the learner's side of the learner's
best bid at the learner's first decision of the auction (round 1, on the upcard): the largest
``realistic.ev`` of ``engine.analysis.advice.value_bids`` with the other seats bidding as people do
(the people table) and club-level play, the interactive budget's deals seeded from the seat's view (the
figures the bid's grade reads), the
game score left aside (points this hand). Luck is that value minus the average value of a hand at
the same seat (counted from the dealer) when the seats before it passed as people do: the baseline,
measured once over seeded deals by ``python -m bench luck_baseline`` and stored in
``practice/luck_baseline.json`` (docs/research/skill-figure.md). Positive: better cards than
average. A hand with no round-1 decision of the learner's (a seat before ordered up) has no luck
figure, nor does a hand under rules other than the defaults (the baseline is for those only);
``luck_of`` says which (``NO_LUCK``), and the hand's record keeps it, so the page can say why its
luck comes from fewer hands than were played.

**The figures.** Points lost per decision is a mean of losses, never below 0: its 95% interval is
``engine.core.stats.loss_interval`` (on the log scale, so no bound goes below 0), shown from
``RANGE_FROM`` decisions. Luck, which can be negative, has the project's normal interval
(``mean_interval``). Each category also has a trend: by day (in the learner's time zone) until
``TREND_WEEKS_FROM`` days separate the first day played from the last, then by ISO week.

**The yardstick** (``yardstick``): the same figures for the Club and the Expert computer players
in the learner's seat, graded by the same review and summed up by ``skill_summary``
(``python -m bench skill_yardstick``, stored in ``practice/skill_yardstick.json``).

>>> from engine.core.cards import parse_card, parse_cards
>>> from engine.core.hand import from_cards
>>> from engine.core.rules import Rules
>>> hands = [parse_cards(t) for t in ("JH JD AH KH QH", "AC KC QC JC TC", "AS KS QS JS TS", "AD KD QD TD 9D")]
>>> start = from_cards(Rules(), 3, hands, parse_card("9H"), parse_cards("9C 9S TH"))
>>> ordered = start.apply("order")  # South orders up: East, the dealer, discards next
>>> kind_of(start), kind_of(ordered), kind_of(ordered.apply("discard 9D"))  # then South leads
('bidding', 'bidding', 'leading')
>>> CATEGORY_OF["leading"], CATEGORY_OF["following"]
('playing', 'playing')
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, tzinfo
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from engine.analysis.advice import INTERACTIVE, value_bids
from engine.analysis.tables import DEFAULT_TABLE
from engine.analysis.wintable import point_value
from engine.core.errors import EuchreError
from engine.core.hand import HandState, Phase
from engine.core.rules import Rules
from engine.core.stats import Interval, loss_interval, mean_interval
from engine.core.view import view_of
from store.practice_log import NO_LUCK, DecisionFact, SkillHand

BIDDING_KINDS = (Phase.BID1, Phase.BID2, Phase.NAME, Phase.DISCARD, Phase.DEFEND)
WIN_CHANCE = "win chance"  # practice.review.WIN_CHANCE (a test keeps them equal)
BASELINE_FILE = Path(__file__).with_name("luck_baseline.json")
POSITIONS = ("first", "second", "third", "dealer")  # a seat counted clockwise from the dealer's left
OVERALL = "overall"
CATEGORIES = ("bidding", "playing", "defending")  # what the page shows, then OVERALL
CATEGORY_OF = {"bidding": "bidding", "leading": "playing", "following": "playing", "defending": "defending"}
RANGE_FROM = 20  # decisions a figure needs for its interval (engine.core.stats.loss_interval: 88-96% held)
TREND_WEEKS_FROM = 14  # days between the first and the last day played before the trend goes by week
YARDSTICK_FILE = Path(__file__).with_name("skill_yardstick.json")
YARDSTICK_PLAYERS = ("club", "expert")
UNKNOWN = "unknown"  # the reason for no luck of a hand recorded before reasons were kept


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
    try:
        analysis = value_bids(view, DEFAULT_TABLE, None, INTERACTIVE).analysis  # the grade's own figures
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


def luck_of(grades: Sequence[Graded], seat: int | None = None) -> tuple[float | None, str | None]:
    """The luck of the hand whose decisions are ``grades`` (every decision of the learner's, forced
    ones included, in order): the hand's value at the learner's round-1 decision minus the average
    for that seat position, and None; or None and why there is none (one of ``NO_LUCK``): no
    round-1 decision ("ordered": a seat before ordered up, the learner's partner perhaps going alone
    with the learner sitting out), other rules ("rules"), no baseline or no value ("no_figure")."""
    first = grades[0].before if grades else None
    if first is None or first.phase is not Phase.BID1:  # a seat before ordered up: no decision of round 1
        return None, "ordered"
    who = first.to_act if seat is None else seat
    if who is None:
        return None, "ordered"
    if not baseline_rules(first.rules):
        return None, "rules"
    average = baseline().get(position_of(first.rules, first.dealer, who))
    value = None if average is None else hand_value(first, who)
    if average is None or value is None:
        return None, "no_figure"
    return value - average, None


def hand_luck(grades: Sequence[Graded], seat: int | None = None) -> float | None:
    """The luck of the hand (``luck_of``), None when it has none."""
    return luck_of(grades, seat)[0]


# ---- the summary ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrendPoint:
    """One day or one ISO week of one category: ``day`` (the day, or the week's Monday, "2026-11-30"),
    ``label`` ("2026-11-30" or "2026-W49"), decisions and mean points lost."""

    day: str
    label: str
    decisions: int
    lost: Interval


@dataclass(frozen=True, slots=True)
class KindFigure:
    """Points lost per decision of one category (or ``OVERALL``), with its trend."""

    kind: str
    decisions: int
    lost: Interval  # mean points lost per decision and its 95% interval (loss_interval)
    trend: tuple[TrendPoint, ...]


@dataclass(frozen=True, slots=True)
class SkillSummary:
    hands: int  # hands with their decisions recorded
    kinds: tuple[
        KindFigure, ...
    ]  # CATEGORIES in order, then OVERALL; a category with no decision is left out
    luck: Interval  # mean luck per hand (the hands that have a luck figure) and its 95% interval
    luck_hands: int
    damaged: int = 0  # stored records whose decisions did not read: left out, counted
    no_luck: tuple[tuple[str, int], ...] = ()  # hands without luck by reason (NO_LUCK, then UNKNOWN)
    trend_by: str = "day"  # "day" or "week"

    @property
    def decisions(self) -> int:
        return sum(k.decisions for k in self.kinds if k.kind != OVERALL)

    def figure(self, kind: str) -> KindFigure | None:
        return next((k for k in self.kinds if k.kind == kind), None)


def iso_week(played_at: str, zone: tzinfo = UTC) -> tuple[str, str]:
    """("2026-W49", "2026-11-30"): the ISO week of a stored time (in ``zone``) and its Monday.

    >>> iso_week("2026-12-03T12:00:00+00:00")
    ('2026-W49', '2026-11-30')
    """
    day = local_day(played_at, zone)
    year, week, weekday = day.isocalendar()
    monday = day.fromordinal(day.toordinal() - weekday + 1)
    return f"{year}-W{week:02d}", monday.isoformat()


def local_day(played_at: str, zone: tzinfo = UTC) -> date:
    """The day a stored time (UTC) falls on in ``zone``.

    >>> from zoneinfo import ZoneInfo
    >>> local_day("2026-12-03T02:00:00+00:00", ZoneInfo("America/Detroit")).isoformat()  # 9 pm the day before
    '2026-12-02'
    """
    return datetime.fromisoformat(played_at).astimezone(zone).date()


def trend_by(played: Sequence[str], zone: tzinfo = UTC) -> str:
    """ "day" until ``TREND_WEEKS_FROM`` days separate the first and the last day played, then "week"."""
    days = [local_day(p, zone) for p in played]
    return "week" if days and (max(days) - min(days)).days >= TREND_WEEKS_FROM else "day"


def interval(values: Sequence[float]) -> Interval:
    """Points lost per decision and its 95% interval (``loss_interval``), the bounds known from
    ``RANGE_FROM`` decisions."""
    lost = loss_interval(values)
    return lost if len(values) >= RANGE_FROM else Interval(lost.mean, math.nan, math.nan)


def _figure(kind: str, dated: list[tuple[str, float]], by: str, zone: tzinfo) -> KindFigure:
    periods: dict[tuple[str, str], list[float]] = {}
    for played_at, lost in dated:
        if by == "week":
            label, day = iso_week(played_at, zone)
        else:
            label = day = local_day(played_at, zone).isoformat()
        periods.setdefault((day, label), []).append(lost)
    trend = tuple(
        TrendPoint(day, label, len(values), interval(values))
        for (day, label), values in sorted(periods.items())
    )
    return KindFigure(kind, len(dated), interval([lost for _, lost in dated]), trend)


def skill_summary(hands: Iterable[SkillHand], damaged: int = 0, zone: tzinfo = UTC) -> SkillSummary:
    """Every category's figure, the overall one and the luck per hand, from the stored hands
    (``store.practice_log.skill_hands``); days and weeks in ``zone`` (the learner's time zone)."""
    rows = list(hands)
    dated: dict[str, list[tuple[str, float]]] = {kind: [] for kind in (*CATEGORIES, OVERALL)}
    for h in rows:
        for fact in h.decisions:
            dated[CATEGORY_OF[fact.kind]].append((h.played_at, fact.lost))
            dated[OVERALL].append((h.played_at, fact.lost))
    by = trend_by([played for played, _ in dated[OVERALL]], zone)
    lucks = [h.luck for h in rows if h.luck is not None and math.isfinite(h.luck)]
    reasons: dict[str, int] = {}
    for h in rows:
        if h.luck is None or not math.isfinite(h.luck):
            reason = h.no_luck if h.no_luck in NO_LUCK else UNKNOWN
            reasons[reason] = reasons.get(reason, 0) + 1
    kinds = tuple(_figure(kind, dated[kind], by, zone) for kind in (*CATEGORIES, OVERALL) if dated[kind])
    no_luck = tuple((r, reasons[r]) for r in (*NO_LUCK, UNKNOWN) if r in reasons)
    return SkillSummary(len(rows), kinds, mean_interval(lucks), len(lucks), damaged, no_luck, by)


# ---- the yardstick ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Yardstick:
    """A computer player's points lost per decision in the learner's seat, by category and overall
    (``python -m bench skill_yardstick``): ``figures`` is ((category, decisions, interval), ...)."""

    player: str
    hands: int
    figures: tuple[tuple[str, int, Interval], ...]

    def lost(self, kind: str) -> Interval | None:
        return next((i for k, _, i in self.figures if k == kind), None)


def yardstick_data(summary: SkillSummary) -> dict[str, Any]:
    """A summary's figures as the yardstick file stores them (``bench.skill_yardstick`` writes them):
    hands, then per category and overall its decisions, mean and bounds (rounded to 4 places; a
    bound not known is null)."""

    def bound(x: float) -> float | None:
        return None if math.isnan(x) else round(x, 4)

    return {
        "hands": summary.hands,
        "by_kind": {
            k.kind: {
                "decisions": k.decisions,
                "mean": round(k.lost.mean, 4),
                "low": bound(k.lost.low),
                "high": bound(k.lost.high),
            }
            for k in summary.kinds
        },
    }


def read_yardstick(path: Path = YARDSTICK_FILE) -> tuple[Yardstick, ...]:
    """The players of the yardstick file, in ``YARDSTICK_PLAYERS`` order; () when it cannot be read."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        out = []
        for player in YARDSTICK_PLAYERS:
            entry = data["players"][player]
            figures = tuple(
                (kind, int(f["decisions"]), Interval(float(f["mean"]), _bound(f["low"]), _bound(f["high"])))
                for kind in (*CATEGORIES, OVERALL)
                for f in [entry["by_kind"][kind]]
            )
            out.append(Yardstick(player, int(entry["hands"]), figures))
        return tuple(out)
    except (OSError, ValueError, KeyError, TypeError):
        return ()


def _bound(value: object) -> float:
    """A stored bound: a number, or null for one not known (NaN)."""
    if value is None:
        return math.nan
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"a bound is a number or null, not {value!r}")
    return float(value)


@lru_cache(maxsize=1)
def yardstick() -> tuple[Yardstick, ...]:
    """The shipped yardstick (``practice/skill_yardstick.json``), read once."""
    return read_yardstick()


__all__ = [
    "CATEGORIES",
    "CATEGORY_OF",
    "OVERALL",
    "POSITIONS",
    "RANGE_FROM",
    "DecisionFact",
    "KindFigure",
    "SkillSummary",
    "TrendPoint",
    "Yardstick",
    "baseline",
    "decision_facts",
    "hand_luck",
    "hand_value",
    "interval",
    "iso_week",
    "kind_of",
    "local_day",
    "luck_of",
    "points_lost",
    "position_of",
    "read_yardstick",
    "skill_summary",
    "trend_by",
    "yardstick",
    "yardstick_data",
]
