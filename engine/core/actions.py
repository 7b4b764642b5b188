"""Actions in the canonical action language of the replay format.

``pass``, ``order``, ``order alone``, ``call H``, ``call H alone``, ``discard 9C``,
``decline``, ``defend alone``, ``name H``, ``name H alone``, ``play JH``.
Parsing is case-insensitive; ``str`` prints the canonical form.

>>> str(Action.parse("CALL h Alone"))
'call H alone'
>>> Action.parse("play 10d")
Action.parse('play TD')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.core.cards import Card, Suit, make_deck, parse_card
from engine.core.errors import ActionParseError, CardParseError, quoted


class Kind(StrEnum):
    PASS = "pass"
    ORDER = "order"  # round 1, the dealer's pick-up included
    CALL = "call"  # round 2: name a suit
    DISCARD = "discard"
    DECLINE = "decline"  # dealer leaves the upcard (optional_pickup)
    DEFEND_ALONE = "defend alone"
    NAME = "name"  # dealer names trump when the joker is turned up
    PLAY = "play"


@dataclass(frozen=True, slots=True)
class Action:
    kind: Kind
    card: Card | None = None
    suit: Suit | None = None
    alone: bool = False

    def __str__(self) -> str:
        text = self.kind.value
        if self.suit is not None:
            text += f" {self.suit.letter}"
        if self.card is not None:
            text += f" {self.card}"
        if self.alone:
            text += " alone"
        return text

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        return parse_action(text)

    @property
    def is_bid(self) -> bool:
        return self.kind in (Kind.ORDER, Kind.CALL, Kind.NAME)


PASS = Action(Kind.PASS)
ORDER = Action(Kind.ORDER)
ORDER_ALONE = Action(Kind.ORDER, alone=True)
DECLINE = Action(Kind.DECLINE)
DEFEND_ALONE = Action(Kind.DEFEND_ALONE)

# One shared ``play`` action per card (actions are immutable): no allocation in hot loops.
PLAYS: dict[Card, Action] = {c: Action(Kind.PLAY, card=c) for c in make_deck(32, joker=True)}

_ACCEPTED = (
    "actions are: pass, order, order alone, call <suit>, call <suit> alone, discard <card>, "
    "decline, defend alone, name <suit>, name <suit> alone, play <card>"
)


def play(card: Card) -> Action:
    action = PLAYS.get(card)
    return action if action is not None else Action(Kind.PLAY, card=card)


def discard(card: Card) -> Action:
    return Action(Kind.DISCARD, card=card)


def call(suit: Suit, alone: bool = False) -> Action:
    return Action(Kind.CALL, suit=suit, alone=alone)


def name(suit: Suit, alone: bool = False) -> Action:
    return Action(Kind.NAME, suit=suit, alone=alone)


def parse_action(text: str) -> Action:
    original = text.strip().split()
    words = [w.lower() for w in original]
    if not words:
        raise ActionParseError(f"empty action; {_ACCEPTED}")
    try:
        head = words[0]
        rest = words[1:]
        if head == "pass" and not rest:
            return PASS
        if head == "decline" and not rest:
            return DECLINE
        if head == "defend" and rest == ["alone"]:
            return DEFEND_ALONE
        if head in ("order", "pickup", "pick") and rest in ([], ["alone"], ["up"], ["up", "alone"]):
            return ORDER_ALONE if rest and rest[-1] == "alone" else ORDER
        if head in ("call", "name") and rest and (len(rest) == 1 or rest[1:] == ["alone"]):
            suit = Suit.parse(original[1])
            kind = Kind.CALL if head == "call" else Kind.NAME
            return Action(kind, suit=suit, alone=len(rest) == 2)
        if head in ("play", "discard") and len(rest) >= 1:
            card = parse_card(" ".join(original[1:]))  # the user's own spelling in any error
            return play(card) if head == "play" else discard(card)
    except CardParseError as err:
        raise ActionParseError(f"{quoted(text.strip())}: {err}") from None
    raise ActionParseError(f"{quoted(text.strip())} is not an action; {_ACCEPTED}")
