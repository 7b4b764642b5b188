"""Deal records (the replay format) to and from engine values.

A record is a JSON object: ``rules`` (omitted fields take defaults), ``dealer``,
``hands`` (one list of 5 cards per seat, in seat order), ``upcard``, ``actions``
(canonical action strings), and optionally ``kitty`` (the face-down cards) and
``meta`` (free-form, ignored by the engine). Instead of the first six, a record may give
``position``: a position text (engine/core/position.py) holding the same deal and actions, which
replays the same way, step by step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.actions import Action
from engine.core.cards import Card, parse_card
from engine.core.errors import DealError, EuchreError, quoted
from engine.core.hand import HandState, apply, from_cards, legal_actions
from engine.core.position import Position, PositionError
from engine.core.rules import Rules
from engine.io.numbers import shown_value

RECORD_FIELDS = ("rules", "dealer", "hands", "upcard", "actions", "kitty", "meta", "position")
DEAL_FIELDS = ("rules", "dealer", "hands", "upcard", "actions", "kitty")  # or "position"


@dataclass(frozen=True, slots=True)
class ReplayError:
    message: str
    step: int | None  # index into "actions", or None when the deal itself is bad


def _cards(value: Any, what: str) -> list[Card]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise DealError(f'{what} must be a list of card strings like "JH"')
    return [parse_card(c) for c in value]


def _check_fields(record: dict[str, Any]) -> None:
    if not isinstance(record, dict):
        raise DealError("a record must be a JSON object")
    unknown = sorted(set(record) - set(RECORD_FIELDS))
    if unknown:
        raise DealError(
            f"unknown record field(s) {', '.join(map(repr, unknown))}; known: {', '.join(RECORD_FIELDS)}"
        )


def record_position(record: dict[str, Any]) -> Position | None:
    """The position a ``{"position": TEXT}`` record gives, None for a record that gives its deal
    field by field. Raises EuchreError (PositionError for the text)."""
    _check_fields(record)
    if "position" not in record:
        return None
    both = [f for f in DEAL_FIELDS if f in record]
    if both:
        raise DealError(
            f"a record gives either position or {', '.join(DEAL_FIELDS)}; this one gives position "
            f"and {', '.join(both)}"
        )
    text = record["position"]
    if not isinstance(text, str):
        raise DealError(f'position must be a position text like "standard/0/...", got {quoted(text)}')
    return Position.parse(text)


def opening_state(record: dict[str, Any]) -> HandState:
    """The dealt hand a record describes, before any action. Raises EuchreError on a bad deal."""
    return _opening(record)[0]


def _opening(record: dict[str, Any]) -> tuple[HandState, Position | None]:
    """The opening state, and the record's position when it gives one."""
    position = record_position(record)
    if position is not None:
        dealt = from_cards(position.rules, position.dealer, position.hands, position.upcard, position.kitty)
        return dealt, position
    missing = [f for f in ("dealer", "hands", "upcard") if f not in record]
    if missing:
        raise DealError(f"record is missing {', '.join(missing)}")
    rules = Rules.from_dict(record.get("rules"))
    hands = record["hands"]
    if not isinstance(hands, list):
        raise DealError("hands must be a list of hands, one per seat")
    parsed = [_cards(h, f"hands[{i}]") for i, h in enumerate(hands)]
    if not isinstance(record["upcard"], str):
        raise DealError('upcard must be a card string like "QS"')
    upcard = parse_card(record["upcard"])
    kitty = tuple(_cards(record["kitty"], "kitty")) if "kitty" in record else None
    dealer = record["dealer"]
    if isinstance(dealer, int) and not isinstance(dealer, bool) and dealer.bit_length() > 64:
        raise DealError(f"dealer must be a seat 0..{rules.players - 1}, got {shown_value(dealer)}")
    return from_cards(rules, dealer, parsed, upcard, kitty), None


def replay(record: dict[str, Any]) -> tuple[list[HandState], list[Action], ReplayError | None]:
    """Apply a record's actions. Returns the states (opening first), the actions applied,
    and the first error (None if every action was legal)."""
    try:
        state, position = _opening(record)
    except PositionError as err:  # an unreadable action in the text: its step
        return [], [], ReplayError(str(err), err.step)
    except EuchreError as err:
        return [], [], ReplayError(str(err), None)
    actions = record.get("actions", []) if position is None else [str(a) for a in position.actions]
    if not isinstance(actions, list):
        return [state], [], ReplayError("actions must be a list of action strings", None)
    states = [state]
    applied: list[Action] = []
    for step, text in enumerate(actions):
        try:
            if not isinstance(text, str):
                raise EuchreError(f"action {quoted(text)} must be a string")
            action = Action.parse(text)
            state = apply(state, action)
        except EuchreError as err:
            return states, applied, ReplayError(str(err), step)
        states.append(state)
        applied.append(action)
    return states, applied, None


def result_record(record: dict[str, Any]) -> dict[str, Any]:
    """The replay CLI's result for one record (see the README for the format)."""
    states, actions, error = replay(record)
    if error is not None:
        return {"error": error.message, "step": error.step}
    final = states[-1]
    steps = [
        {
            "seat": before.to_act,
            "legal": [str(a) for a in legal_actions(before)],
            "action": str(action),
        }
        for before, action in zip(states, actions, strict=False)
    ]
    out: dict[str, Any] = {
        "steps": steps,
        "trump": final.trump.letter if final.trump is not None else None,
        "maker": final.maker,
        "alone": final.alone,
        "lone_defender": final.lone_defender,
        "tricks": [
            {"leader": t.leader, "plays": [[s, str(c)] for s, c in t.plays], "winner": t.winner}
            for t in final.tricks
        ],
        "points": list(final.points),
        "complete": final.is_over,
    }
    if not final.is_over:
        out["to_act"] = final.to_act
        out["legal"] = [str(a) for a in legal_actions(final)]
    out["position"] = final.to_text()
    return out


def to_record(state: HandState, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """A record that replays to ``state`` (its deal and every action taken)."""
    record: dict[str, Any] = {
        "rules": state.rules.changes(),
        "dealer": state.dealer,
        "hands": [[str(c) for c in h] for h in state.dealt],
        "upcard": str(state.upcard),
        "kitty": [str(c) for c in state.kitty],
        "actions": [str(a) for _, a in state.history],
    }
    if meta:
        record["meta"] = meta
    return record
