"""The deal of the day: one deal for everyone on the server each day, played as South against the
computer players, then compared with everyone else's result on the same cards (duplicate style).

The day is the UTC date (``today``): it changes at midnight UTC on every server, whatever zone the
server or the learner is in. The deal comes from the day and the rules alone: the seed is the first
four bytes of the SHA-256 of ``"daily:YYYY-MM-DD:" + rules_text(rules)`` (never Python's ``hash``,
which changes from one process to the next), so two servers on one database, and a server started
again, deal the same cards:

>>> deal = DailyDeal(date(2025, 6, 1), Rules())
>>> deal.rules_text, deal.seed, hex(deal.seed)
('{}', 2558327154, '0x987cf972')

It is hand 1 of that seed's game (``practice.codes.DealCode``), dealt by the game's own first dealer
at 0 each, played as a single deal (``Session(single_deal=True)``) with the Club player in every
other seat (``LEVELS``): everyone plays against the same players, who answer the same moves the
same way (``practice.session``: each computer decision is a function of its view and its seeds).

The Expert's par is the Expert player (``engine.search.registry.make_player("expert")``) in South's
seat playing the same deal against the same Club players from the same seeds
(``practice.session.play_out``). A result (``DailyResult``) is what the learner's side scored: net
points (theirs minus the best other side's, so a euchre of the learner's side is -2), tricks, what
happened (``OUTCOMES``), and the points the learner's decisions lost by the grades. ``standing``
places one result among everyone's: how many scored each figure, how many did better.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime

from engine.core.errors import EuchreError, quoted
from engine.core.game import new_game, side_of
from engine.core.hand import HandState
from engine.core.rules import Rules
from engine.core.seats import LEARNER
from practice.codes import DealCode
from practice.session import Memo, PlayerFactory, Session, default_players, play_out, start_game
from practice.skill import Graded, points_lost
from store import daily_results
from store.backend import Connection
from store.db import StoreError

LEVEL = "club"  # every computer seat of the deal of the day
PAR_LEVEL = "expert"  # the player whose result in South's seat is the par
FIRST_DAY = date(2025, 1, 1)  # no deal of the day before this one
# what happened to the learner's side (store.daily_results.OUTCOMES: a test keeps them equal)
OUTCOMES = ("made", "marched", "euchred", "they made it", "they marched", "euchred them", "thrown in")
OUTCOME_WORDS = {
    "made": "your side made it",
    "marched": "your side marched",
    "euchred": "your side was euchred",
    "they made it": "the other side made it",
    "they marched": "the other side marched",
    "euchred them": "your side euchred the makers",
    "thrown in": "everyone passed: thrown in",
}
ACCEPTED = f"a day is written YYYY-MM-DD (like 2025-06-01), from {FIRST_DAY.isoformat()} to today (UTC)"


class DailyError(EuchreError):
    """A day that names no deal of the day (not a date, before ``FIRST_DAY``, or not yet come)."""


def today(now: datetime | None = None) -> date:
    """The day whose deal is dealt now: the UTC date (``now``, else the clock)."""
    return (now or datetime.now(UTC)).astimezone(UTC).date()


def read_day(text: str, now: date) -> date:
    """A link's day (``YYYY-MM-DD``), from ``FIRST_DAY`` to ``now``; raises DailyError saying why not.

    >>> read_day(" 2025-06-01 ", date(2025, 6, 2))
    datetime.date(2025, 6, 1)
    >>> read_day("2025-06-03", date(2025, 6, 2))
    Traceback (most recent call last):
    ...
    practice.daily.DailyError: the deal of 2025-06-03 is not dealt yet (today is 2025-06-02, UTC)
    """
    raw = text.strip() if isinstance(text, str) else ""
    try:
        if len(raw) != 10:
            raise ValueError(raw)
        day = date.fromisoformat(raw)
    except ValueError:
        raise DailyError(f"{quoted(raw)} is not a day: {ACCEPTED}") from None
    if day > now:
        raise DailyError(f"the deal of {day.isoformat()} is not dealt yet (today is {now.isoformat()}, UTC)")
    if day < FIRST_DAY:
        raise DailyError(f"there is no deal of the day before {FIRST_DAY.isoformat()}: {ACCEPTED}")
    return day


def rules_text(rules: Rules) -> str:
    """The rules as the deal's seed and the records name them: the fields that differ from the
    defaults, as JSON with sorted keys (``{}`` for the standard rules). A field added to ``Rules``
    later, at its default, leaves the text, and so every earlier day's deal, as it was.

    >>> rules_text(Rules()), rules_text(Rules(stick_the_dealer=True, target=5))
    ('{}', '{"stick_the_dealer":true,"target":5}')
    """
    return json.dumps(rules.changes(), sort_keys=True, separators=(",", ":"))


def daily_seed(day: date, rules: Rules) -> int:
    """The seed of ``day``'s deal under ``rules``: the first four bytes of SHA-256, big-endian."""
    digest = hashlib.sha256(f"daily:{day.isoformat()}:{rules_text(rules)}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


@dataclass(frozen=True, slots=True)
class DailyDeal:
    """One day's deal under one set of rules."""

    day: date
    rules: Rules

    @property
    def rules_text(self) -> str:
        return rules_text(self.rules)

    @property
    def seed(self) -> int:
        return daily_seed(self.day, self.rules)

    @property
    def levels(self) -> tuple[str, ...]:
        """Every seat's level: the learner, then the Club player."""
        return ("you",) + (LEVEL,) * (self.rules.players - 1)

    @property
    def code(self) -> DealCode:
        """The deal's code (hand 1 of the seed's game, its own dealer)."""
        return DealCode(self.rules, self.seed)

    @property
    def session(self) -> Session:
        """The deal as a single-deal session with no decision yet. It names its dealer, as
        ``practice.session.replay_deal`` does, so "replay this deal" gives the very same session."""
        seed = self.seed
        return Session(
            self.rules, self.levels, seed, dealer=new_game(self.rules, seed).dealer, single_deal=True
        )


@dataclass(frozen=True, slots=True)
class DailyResult:
    """A finished deal from the learner's side."""

    points: int  # net points for the learner's side: theirs minus the best other side's
    tricks: int  # tricks the learner's side took
    outcome: str  # one of OUTCOMES
    lost: float = 0.0  # points the learner's decisions lost, by the grades

    @property
    def points_text(self) -> str:
        """'+2 points', '-1 point', '0 points'."""
        return signed_points(self.points)

    def __str__(self) -> str:
        """'+1 point for your side (your side made it, 3 tricks)'."""
        tricks = f"{self.tricks} trick{'s' if self.tricks != 1 else ''}"
        return f"{self.points_text} for your side ({OUTCOME_WORDS[self.outcome]}, {tricks})"


def signed_points(points: int) -> str:
    """'+2 points', '-1 point', '0 points'.

    >>> signed_points(2), signed_points(-1), signed_points(0)
    ('+2 points', '-1 point', '0 points')
    """
    return f"{points:+d} point{'s' if abs(points) != 1 else ''}" if points else "0 points"


def outcome_of(hand: HandState, seat: int = LEARNER) -> str:
    """What happened to ``seat``'s side in a finished hand (one of OUTCOMES)."""
    if hand.maker is None:
        return "thrown in"
    tricks = hand.maker_tricks
    if hand.is_maker_side(seat):
        return "marched" if tricks == 5 else "made" if tricks >= 3 else "euchred"
    return "they marched" if tricks == 5 else "they made it" if tricks >= 3 else "euchred them"


def result_of(hand: HandState, grades: Sequence[Graded] = (), seat: int = LEARNER) -> DailyResult:
    """A finished hand's result for ``seat``'s side; ``grades``: the seat's graded decisions (their
    points lost are summed, ``practice.skill.points_lost``: a bid graded in the chance of winning
    counts at what a point is worth)."""
    if not hand.is_over:
        raise DailyError("the deal is not over yet")
    rules, points = hand.rules, hand.points
    mine = side_of(rules, seat)
    against = max((p for s, p in enumerate(points) if side_of(rules, s) != mine), default=0)
    tricks = sum(1 for t in hand.tricks if side_of(rules, t.winner) == mine)
    lost = sum(points_lost(g) for g in grades if g.grade is not None)
    return DailyResult(points[seat] - against, tricks, outcome_of(hand, seat), round(lost, 2))


@dataclass(frozen=True, slots=True)
class Par:
    """The Expert player's play of the deal in South's seat."""

    hand: HandState
    result: DailyResult


def par(deal: DailyDeal, players: PlayerFactory = default_players, memo: Memo | None = None) -> Par:
    """The Expert in South's seat, the same computer players in the others, from the same seeds."""
    session = deal.session
    hand = play_out(session, start_game(session), (PAR_LEVEL,) + session.levels[1:], players, memo)
    return Par(hand, result_of(hand))


@functools.lru_cache(maxsize=32)
def expert_par(deal: DailyDeal) -> Par:
    """``par`` with the project's players, kept: it is the same every time it is asked."""
    return par(deal)


@dataclass(frozen=True, slots=True)
class Standing:
    """Everyone's results on one deal: how many players scored each figure (net points, highest
    first), and where ``mine`` stands among them (None: the learner's is not among them)."""

    counts: tuple[tuple[int, int], ...]
    mine: int | None = None

    @property
    def players(self) -> int:
        return sum(n for _, n in self.counts)

    @property
    def better(self) -> int:
        """Players who scored more than ``mine``."""
        return 0 if self.mine is None else sum(n for p, n in self.counts if p > self.mine)

    @property
    def same(self) -> int:
        """Players who scored ``mine`` (the learner among them)."""
        return 0 if self.mine is None else sum(n for p, n in self.counts if p == self.mine)

    @property
    def worse(self) -> int:
        return 0 if self.mine is None else self.players - self.better - self.same

    def place_text(self) -> str:
        """Where ``mine`` stands, in words.

        >>> Standing(((2, 1), (1, 3), (-2, 2)), 1).place_text()
        'Place 2 of 6: 1 player scored more, 2 others the same, 2 less.'
        >>> Standing(((1, 1),), 1).place_text()
        'You are the first to play it today.'
        """
        if self.mine is None or not self.same:
            return ""
        if self.players == 1:
            return "You are the first to play it today."
        others = self.same - 1
        return (
            f"Place {self.better + 1} of {self.players}: {self.better} player{'s' if self.better != 1 else ''} "
            f"scored more, {others} other{'s' if others != 1 else ''} the same, {self.worse} less."
        )


def standing(points: Sequence[int], mine: int | None = None) -> Standing:
    """Everyone's net points as a ``Standing`` (``mine``: the learner's, when it is among them).

    >>> standing([1, -2, 1, 2, 1], 1).counts
    ((2, 1), (1, 3), (-2, 1))
    """
    counts: dict[int, int] = {}
    for p in points:
        counts[p] = counts.get(p, 0) + 1
    return Standing(tuple(sorted(counts.items(), reverse=True)), mine)


def save_day(
    deal: DailyDeal,
    result: DailyResult,
    learner: str,
    tag: tuple[str, str] | None,
    conn: Connection | None = None,
) -> None:
    """Keep ``learner``'s result on ``deal`` unless one is on record already
    (``store.daily_results.save``: the first play counts); ``tag``: the class code and pupil name."""
    code, pupil = tag or (None, None)
    row = daily_results.DayRow(
        learner, result.points, result.tricks, result.outcome, result.lost, code, pupil
    )
    daily_results.save(deal.day.isoformat(), deal.rules_text, row, conn=conn)


def on_record(deal: DailyDeal, learner: str, conn: Connection | None = None) -> daily_results.DayRow | None:
    """``learner``'s result on ``deal`` as the records hold it (None: none, or they cannot be read:
    the panel at the deal's end reads them again and says what is wrong)."""
    try:
        found = daily_results.results(deal.day.isoformat(), deal.rules_text, conn=conn)
    except StoreError:
        return None
    return found.of(learner)


__all__ = [
    "ACCEPTED",
    "FIRST_DAY",
    "LEVEL",
    "OUTCOMES",
    "OUTCOME_WORDS",
    "PAR_LEVEL",
    "DailyDeal",
    "on_record",
    "save_day",
    "DailyError",
    "DailyResult",
    "Par",
    "Standing",
    "daily_seed",
    "expert_par",
    "outcome_of",
    "par",
    "read_day",
    "result_of",
    "rules_text",
    "signed_points",
    "standing",
    "today",
]
