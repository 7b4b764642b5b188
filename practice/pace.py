"""How fast the practice table shows what the other seats do: the pace a learner follows.

A beginner must see every bid and every card, their own forced cards included, one at a time and
long enough to read (``Pace.WATCH``, the default); ``FASTER`` shows the same steps quicker,
``STEP`` waits for a tap on "Next" at each, and ``INSTANT`` shows the table as it is now (the
cards since the last click still slide in, but a whole trick or auction can pass in one go).

The table shows the moves since the learner's last decision one by one
(``PracticeTable.shown``); ``frame_ms`` says how long each step stays before the next is shown:
a bid longer than a card (its words are read), a card that completes a trick longer again (who
won it), the deal longest before the auction starts. Pure values: the page only times them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.core.actions import Kind
from engine.core.hand import HandState
from practice.session import Move


class Pace(StrEnum):
    WATCH = "watch"
    FASTER = "faster"
    INSTANT = "instant"
    STEP = "step"


DEFAULT_PACE = Pace.WATCH
LABELS = {
    Pace.WATCH: "Watch",
    Pace.FASTER: "Faster",
    Pace.INSTANT: "Instant",
    Pace.STEP: "Step",
}
HELP = (
    "How the other players' bids and cards are shown. Watch: one at a time, slowly enough to read "
    "(your own forced cards too). Faster: the same, quicker. Instant: straight to your next turn. "
    "Step: one at a time, when you tap Next."
)
BID = frozenset({Kind.PASS, Kind.ORDER, Kind.CALL, Kind.NAME, Kind.DECLINE, Kind.DEFEND_ALONE})


@dataclass(frozen=True, slots=True)
class Timing:
    """Milliseconds a step stays on screen, by what it has just shown."""

    deal: int  # a new hand: the learner's cards and the upcard, before the first bid
    bid: int  # a bid, a pass, a discard or a defend-alone choice
    card: int  # a card played
    trick: int  # the card that completed a trick: the whole trick and who won it


TIMINGS = {
    Pace.WATCH: Timing(deal=1800, bid=1800, card=1200, trick=2000),
    Pace.FASTER: Timing(deal=900, bid=900, card=550, trick=1000),
}


def read_pace(value: object) -> Pace | None:
    """A pace from a cookie or a widget: the known ones only.

    >>> read_pace("faster"), read_pace("Faster"), read_pace(None)
    (<Pace.FASTER: 'faster'>, None, None)
    """
    return Pace(value) if isinstance(value, str) and value in Pace._value2member_map_ else None


def one_at_a_time(pace: Pace) -> bool:
    """The moves since the learner's last decision are shown one by one (every pace but instant)."""
    return pace is not Pace.INSTANT


def frame_ms(pace: Pace, shown: HandState, just_shown: Move | None) -> int | None:
    """How long the step that shows ``shown`` stays before the next is shown by itself; None when
    nothing moves on by itself (``STEP`` waits for Next, ``INSTANT`` has no steps). ``just_shown``:
    the move this step has just shown (None: the deal, nothing played yet).

    >>> from engine.core.cards import parse_card
    >>> from engine.core.hand import deal
    >>> from engine.core.rules import Rules
    >>> import random
    >>> hand = deal(Rules(), 3, random.Random(1))
    >>> frame_ms(Pace.WATCH, hand, None), frame_ms(Pace.STEP, hand, None)
    (1800, None)
    """
    timing = TIMINGS.get(pace)
    if timing is None:
        return None
    if just_shown is None:
        return timing.deal
    if just_shown.action.kind is not Kind.PLAY:
        return timing.bid
    return timing.trick if not shown.trick and shown.tricks else timing.card


__all__ = [
    "DEFAULT_PACE",
    "HELP",
    "LABELS",
    "Pace",
    "TIMINGS",
    "Timing",
    "frame_ms",
    "one_at_a_time",
    "read_pace",
]
