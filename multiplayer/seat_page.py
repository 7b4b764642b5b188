"""What one seat's page may show of a table of people, as plain data (JSON-able: dicts, lists,
strings, numbers, booleans, None).

Everything comes from the engine's view of that seat (``engine.core.view.view_of``: its own hand,
the upcard, the public actions with the dealer's discard masked for the others, the tricks), so
another seat's hidden cards, the kitty and another dealer's discard are never in it: other hands
appear as counts. Cards are written as the engine reads them ("9H", "TD"); the page words them
with their suit symbols. A person's key, or its hash, is never in it either.

The fields:

- ``code``, ``version`` (the step the page shows: a tap names it), ``you`` (the seat),
  ``players``, ``rules`` (one line, ``Rules.summary``), ``hints``, ``paused``;
- ``seats``: per seat its place ("South"), ``kind`` ("computer", "person" or "free"), the level or
  the name, ``away`` (a person silent for long: the computer plays for them, said on every
  screen), ``cards`` (how many it holds), ``you``;
- ``hand``: your cards; ``dealer``, ``upcard``, ``upcard_taken``, ``turned_down``, ``trump``,
  ``maker``, ``alone``, ``out`` (seats sitting this hand out);
- ``auction``: the bidding so far, as (seat, action) pairs; ``your_discard`` (the dealer's own);
- ``trick``: the trick in play, ``tricks``: the tricks done (leader, plays, winner);
- ``score``: points per side, ``your_side``, ``target``, ``games_won``, ``winner`` (the side that
  won the game or match, once decided);
- ``to_act`` (a seat, None between hands), ``between_hands``, ``game_over``, ``legal``: your
  legal actions when it is your turn, ``["next hand"]`` between hands, else none.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Kind
from engine.core.cards import Card
from engine.core.game import side_of
from engine.core.hand import Trick
from engine.core.seats import seat_name
from engine.core.view import view_of
from multiplayer.table import NEXT_HAND, PeopleTable, away, between_hands, to_act


def seat_data(table: PeopleTable, seat: int, now: float) -> dict[str, Any]:
    """Everything ``seat``'s page may show of ``table`` at ``now`` (module docstring)."""
    game = table.game
    view = view_of(game.hand, seat)
    rules = table.rules
    decided = game.match_winner if game.is_over else game.game_winner
    if between_hands(table) and not table.seats[seat].is_computer:
        legal = [NEXT_HAND]
    else:
        legal = [str(a) for a in view.legal]
    return {
        "code": table.code,
        "version": table.version,
        "you": seat,
        "players": rules.players,
        "rules": rules.summary(),
        "hints": table.hints,
        "paused": table.paused,
        "seats": [_seat(table, s, seat, len(cards), now) for s, cards in enumerate(game.hand.hands)],
        "hand": _cards(view.hand),
        "dealer": view.dealer,
        "upcard": str(view.upcard),
        "upcard_taken": view.upcard_taken,
        "turned_down": None if view.turned_down is None else view.turned_down.letter,
        "trump": None if view.trump is None else view.trump.letter,
        "maker": view.maker,
        "alone": view.alone,
        "out": list(view.out),
        "auction": [[s, str(a)] for s, a in view.history if a.kind is not Kind.PLAY],
        "your_discard": None if view.discarded is None else str(view.discarded),
        "trick": [[s, str(c)] for s, c in view.trick],
        "tricks": [_trick(t) for t in view.tricks],
        "score": list(game.scores),
        "your_side": side_of(rules, seat),
        "target": rules.target,
        "games_won": list(game.games_won),
        "winner": decided,
        "to_act": to_act(table),
        "between_hands": between_hands(table),
        "game_over": game.is_over,
        "legal": legal if not table.paused else [],
    }


def _seat(table: PeopleTable, seat: int, you: int, cards: int, now: float) -> dict[str, Any]:
    s = table.seats[seat]
    kind = "computer" if s.is_computer else "free" if s.is_free else "person"
    return {
        "seat": seat,
        "place": seat_name(table.rules.players, seat),
        "kind": kind,
        "level": s.level,
        "name": s.name,
        "away": away(table, seat, now),
        "cards": cards,
        "you": seat == you,
    }


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


def _trick(trick: Trick) -> dict[str, Any]:
    return {"leader": trick.leader, "plays": [[s, str(c)] for s, c in trick.plays], "winner": trick.winner}


__all__ = ["seat_data"]
