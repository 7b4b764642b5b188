"""The teacher over a class's tables: pure functions over ``multiplayer.table``'s values.

- ``take_back``: the last trick taken back (its cards back in the hands, the trick in progress with
  it), or, while no trick of the hand is complete, the last action of a person's seat (and the
  computers' actions after it, which followed from it); ``take_back_point`` says how many of the
  hand's actions stay.
- ``redeal``: the current hand dealt again (``engine.core.game.redeal``), its actions gone.
- ``set_deal``: a deal the teacher chose (``multiplayer.chosen_deal``, read by the engine) dealt in
  place of the current hand (``engine.core.game.set_deal``: its dealer deals it), its actions gone;
  between hands it is the next hand. The score stays either way.
- ``teacher_data``: the teaching table's page data: every hand, the kitty and the dealer's discard
  (the teacher is not a player); a player's page stays ``multiplayer.seat_page``'s, their own hand.
- ``projector_data``: one table for the classroom's screen, which the pupils at that table see too:
  only what every seat knows (no hand, no kitty, the dealer's discard masked), unless the teacher
  chose to show every hand.
- ``glance``: one line of the class's tables at a glance (score, trick, who is to act, who is stuck).

A take-back, a redeal and a chosen deal are steps of the table (one more version, by ``TEACHER``),
so a page drawn before them is refused as stale. The game is rebuilt by replaying the table's record
(``engine.core.game.replay``), as the store replays it on every load, so both always agree.

All three leave the table paused (a table playing on is paused by one more step, "pause" by
``TEACHER``): the teacher takes a trick back or deals to show the class the position, and on
a table still playing the computers would play on at the next read of any page, the same cards
again or the new hand away, before anyone had looked. Every player's page says the table is
paused (``multiplayer.seat_page``) and nobody plays until the teacher lets play resume
(``multiplayer.seating.pause``); then the computers play on from the position shown.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.actions import Kind
from engine.core.errors import EuchreError
from engine.core.game import DEALT, REDEAL, deal_mark, replay
from engine.core.hand import HandState, Phase
from multiplayer.errors import GameOver, TableError
from multiplayer.seat_page import seat_data
from multiplayer.table import Change, PeopleTable, Step, between_hands, plays_for, to_act, who

PAUSE = "pause"  # Step.action of the pause a take-back, a redeal or a chosen deal brings (``multiplayer.seating``'s word)

TEACHER = "teacher"  # Step.by of the teacher's change of a table
TAKE_BACK = "take back"
SET_DEAL = "set deal"  # Step.action of a chosen deal (the record's hand holds its ``deal_mark``)
STUCK_AFTER = 30  # seconds the table may wait for a seat before the teacher sees it as stuck
PRIVATE = ("you", "hand", "your_discard", "your_side", "legal")  # a seat's own fields of ``seat_data``


class NothingToTakeBack(TableError):
    """The hand has no action yet."""


def take_back_point(hand: HandState, persons: frozenset[int]) -> int:
    """How many of ``hand``'s actions (``hand.history``) stay after a take-back: all those before
    the first card of its last complete trick; with no trick complete, all those before the last
    action of a seat in ``persons`` (none of theirs: before the last action). Raises
    NothingToTakeBack for a hand with no action."""
    history = hand.history
    if hand.tricks:
        plays = [i for i, (_, action) in enumerate(history) if action.kind is Kind.PLAY]
        return plays[sum(len(t.plays) for t in hand.tricks[:-1])]
    if not history:
        raise NothingToTakeBack("nothing has happened in this hand yet: there is nothing to take back")
    return max((i for i, (seat, _) in enumerate(history) if seat in persons), default=len(history) - 1)


def _is_mark(move: str) -> bool:
    return move == REDEAL or move.startswith(DEALT)


def _marks(hand_moves: tuple[str, ...]) -> int:
    """How many of a hand's record's first moves are marks of how it was dealt (``replay``)."""
    return next((i for i, m in enumerate(hand_moves) if not _is_mark(m)), len(hand_moves))


def _redeals(hand_moves: tuple[str, ...]) -> tuple[str, ...]:
    """A hand's ``REDEAL`` marks: a new deal of the hand counts them on (each redeal another deal),
    and makes an earlier chosen deal's mark moot."""
    return tuple(m for m in hand_moves[: _marks(hand_moves)] if m == REDEAL)


def _rebuilt(table: PeopleTable, moves: tuple[tuple[str, ...], ...], what: str) -> Change:
    """The table over ``moves`` (the step ``what``), paused: one step more to pause it when it was
    playing on (the module's docstring says why)."""
    try:
        game = replay(table.rules, table.game.seed, moves)
    except EuchreError as err:  # the record replays on every load: this is a table out of order
        raise TableError(f"the table's record does not replay ({err}), so it cannot be {what}") from err
    version = table.version + 1
    steps = [Step(version, None, what, TEACHER)]
    if not table.paused:
        version += 1
        steps.append(Step(version, None, PAUSE, TEACHER))
    changed = replace(table, game=game, moves=moves, version=version, paused=True)
    return Change(changed, tuple(steps))


def take_back(table: PeopleTable) -> Change:
    """The table with its last trick (or, with no trick complete, its last person's action) taken
    back (``take_back_point``), one version on, paused (two versions on when it was playing on)."""
    persons = frozenset(i for i, s in enumerate(table.seats) if not s.is_computer)
    kept = take_back_point(table.game.hand, persons)
    hand_moves = table.moves[-1]
    moves = table.moves[:-1] + (hand_moves[: _marks(hand_moves) + kept],)
    return _rebuilt(table, moves, TAKE_BACK)


def redeal(table: PeopleTable) -> Change:
    """The table with its current hand dealt again (another deal of the same hand number, the same
    dealer), whatever was done in it; one version on, paused (two versions on when it was playing
    on). Refused once the game is over."""
    if table.game.is_over:
        raise GameOver("the game is over: there is no hand to deal again")
    moves = table.moves[:-1] + (_redeals(table.moves[-1]) + (REDEAL,),)
    return _rebuilt(table, moves, REDEAL)


def set_deal(table: PeopleTable, hand: HandState) -> Change:
    """The table with ``hand`` (a deal under the table's rules, nothing done in it:
    ``multiplayer.chosen_deal.read_deal``) dealt in place of its current hand, whatever was done in
    it, or, between hands, as the next hand; ``hand``'s dealer deals it. The score stays; one
    version on, paused (two versions on when it was playing on). Refused once the game is over."""
    if table.game.is_over:
        raise GameOver("the game is over: there is no hand to deal")
    if hand.rules != table.rules:
        raise TableError("a chosen deal is dealt under the table's own rules")
    mark = deal_mark(hand)
    if between_hands(table):
        moves = table.moves + ((mark,),)
    else:
        moves = table.moves[:-1] + (_redeals(table.moves[-1]) + (mark,),)
    return _rebuilt(table, moves, SET_DEAL)


# ---- what the teacher sees -----------------------------------------------------------------------


def teacher_data(table: PeopleTable, now: float) -> dict[str, Any]:
    """The teaching table's page data: ``seat_data``'s public fields (seats, auction, tricks,
    score, turn; ``multiplayer.seat_page``) and every seat's hand (``hands``), the ``kitty`` and the
    dealer's ``discard``; no seat's own fields (``you``, ``hand``, ``legal``)."""
    data = seat_data(table, 0, now)
    for field in PRIVATE:
        data.pop(field)
    for seat in data["seats"]:
        seat.pop("you")
    hand = table.game.hand
    data["hands"] = [[str(c) for c in cards] for cards in hand.hands]
    data["kitty"] = [str(c) for c in hand.kitty]
    data["discard"] = None if hand.discarded is None else str(hand.discarded)
    return data


def projector_data(table: PeopleTable, now: float, every_hand: bool = False) -> dict[str, Any]:
    """One table for the classroom's screen: ``seat_data``'s public fields (seats and their card
    counts, the upcard, the auction, the trick in play, the tricks done, the score, whose turn) as a
    seat that is not the dealer sees them (so the dealer's discard is masked), without that seat's
    own fields (``PRIVATE``). With ``every_hand`` (the teacher chose it) also ``hands``, every
    seat's cards; the kitty and the discard never: the screen shows the table, not the deck."""
    hand = table.game.hand
    data = seat_data(table, (hand.dealer + 1) % table.rules.players, now)
    for field in PRIVATE:
        data.pop(field)
    for seat in data["seats"]:
        seat.pop("you")
    data["every_hand"] = every_hand
    if every_hand:
        data["hands"] = [[str(c) for c in cards] for cards in hand.hands]
    return data


def trick_number(hand: HandState) -> int | None:
    """The trick being played (1 to 5), None before play starts and once the hand is over."""
    return len(hand.tricks) + 1 if hand.phase is Phase.PLAY else None


def glance(table: PeopleTable, changed: float, now: float) -> dict[str, Any]:
    """One table at a glance: ``code``, ``score`` (per side), ``target``, ``trick`` (the trick
    being played), ``stage`` (words), ``to_act`` (who, in words, or None), ``stuck`` (seconds the
    table has waited for a person or a free seat past STUCK_AFTER, else None; a computer's turn or a
    paused table is not stuck), ``paused``, ``people`` (the names at the table) and ``version``.
    ``changed``: when the table last moved on (the turn to act began then)."""
    game = table.game
    seat = to_act(table)
    waited = now - changed
    stuck = (
        round(waited)
        if seat is not None
        and not table.paused
        and not game.is_over
        and plays_for(table, seat, now) is None
        and waited > STUCK_AFTER
        else None
    )
    if game.is_over:
        stage = "the game is over"
    elif between_hands(table):
        stage = "between hands"
    elif game.hand.phase is Phase.PLAY:
        stage = f"trick {trick_number(game.hand)} of 5"
    else:
        stage = "bidding"
    return {
        "code": table.code,
        "score": list(game.scores),
        "target": table.rules.target,
        "trick": trick_number(game.hand),
        "stage": stage,
        "to_act": None if seat is None else who(table, seat),
        "stuck": stuck,
        "paused": table.paused,
        "people": [s.name for s in table.seats if s.name],
        "version": table.version,
    }


__all__ = [
    "PAUSE",
    "SET_DEAL",
    "STUCK_AFTER",
    "TAKE_BACK",
    "TEACHER",
    "NothingToTakeBack",
    "glance",
    "projector_data",
    "redeal",
    "set_deal",
    "take_back",
    "take_back_point",
    "teacher_data",
    "trick_number",
]
