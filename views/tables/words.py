"""A seat's page data (``multiplayer.seat_page.seat_data``) in words: who sits where, the auction,
whose turn it is, the score. Cards are written with their suit symbols ("9♥"), never as the
engine's codes; nothing here sees more than the page data holds."""

from __future__ import annotations

from typing import Any

from engine.core.action_words import Tense, action_words, capital
from engine.core.actions import Action, Kind
from engine.core.cards import Card, Suit
from engine.core.errors import EuchreError
from engine.core.hand import Phase

Data = dict[str, Any]


def card(text: str) -> Card:
    return Card.parse(text)


def trump(data: Data) -> Suit | None:
    return None if data["trump"] is None else Suit.parse(data["trump"])


def holder(seat: Data) -> str:
    """'you', 'Ann', 'the club computer', 'nobody yet'."""
    if seat["you"]:
        return "you"
    if seat["kind"] == "computer":
        return f"the {seat['level']} computer"
    return seat["name"] if seat["kind"] == "person" else "a free seat"


def who(data: Data, seat: int) -> str:
    """'West (Ann)', 'North (the club computer)'."""
    s = data["seats"][seat]
    return f"{s['place']} ({holder(s)})"


def _phase(legal: list[Action]) -> Phase | None:
    kinds = {a.kind for a in legal}
    if Kind.ORDER in kinds:
        return Phase.BID1
    if Kind.DEFEND_ALONE in kinds:
        return Phase.DEFEND
    return None


def choice_label(data: Data, action: Action, legal: list[Action]) -> str:
    """A bid's button: 'Order it up', 'Pick it up alone', 'Turn it down', 'Call ♠ spades'."""
    dealer = data["you"] == data["dealer"]
    return capital(action_words(action, dealer=dealer, phase=_phase(legal), upcard="it", symbol=True))


def legal_actions(data: Data) -> list[Action]:
    out = []
    for text in data["legal"]:
        try:
            out.append(Action.parse(text))
        except EuchreError:
            continue  # "next hand": not an action of the engine
    return out


def auction_lines(data: Data) -> list[str]:
    """The bidding so far, one line a bid: 'West passed', 'North ordered it up', 'You called ♠
    spades'. The first round's passes are the ones before any bid and before every seat spoke."""
    lines = []
    passes = 0
    for seat, text in data["auction"]:
        try:
            action = Action.parse(text)
        except EuchreError:  # the dealer's discard, masked for the others
            action = None
        s = data["seats"][seat]
        name = "You" if s["you"] else f"{s['place']} ({holder(s)})"
        if action is None or action.kind is Kind.DISCARD:
            own = data["your_discard"] if s["you"] and data["your_discard"] else None
            lines.append(f"{name} discarded {'the ' + card(own).short if own else 'a card'}")
            continue
        first_round = action.kind is Kind.PASS and passes < data["players"]
        passes += action.kind is Kind.PASS
        phase = Phase.BID1 if first_round else None
        said = action_words(
            action, Tense.PAST, dealer=seat == data["dealer"], phase=phase, upcard="it", symbol=True
        )
        lines.append(f"{name} {said}")
    return lines


def sides(data: Data) -> tuple[str, str]:
    """Who is on your side and who is on the other, by place."""
    mine = [s["place"] for s in data["seats"] if s["seat"] % 2 == data["your_side"]]
    theirs = [s["place"] for s in data["seats"] if s["seat"] % 2 != data["your_side"]]
    return " and ".join(mine), " and ".join(theirs)


def score_line(data: Data) -> str:
    ours, theirs = data["score"][data["your_side"]], data["score"][1 - data["your_side"]]
    mine, other = sides(data)
    return (
        f"Score: your side ({mine}) {_points(ours)}, the other side ({other}) {_points(theirs)}; "
        f"the game is to {data['target']} points."
    )


def tricks_line(data: Data) -> str:
    won = [t["winner"] for t in data["tricks"]]
    ours = sum(1 for w in won if w % 2 == data["your_side"])
    return f"Tricks this hand: your side {_count(ours)}, the other side {_count(len(won) - ours)}."


def turn_line(data: Data) -> str:
    """Whose turn it is, in a sentence."""
    if data["game_over"]:
        won = data["winner"] == data["your_side"]
        return "The game is over: " + ("your side won." if won else "the other side won.")
    if data["between_hands"]:
        return "The hand is over. Anyone at the table deals the next hand with “Next hand”."
    turn = data["to_act"]
    if turn is None:
        return ""
    if turn == data["you"]:
        return "Your turn."
    if data["seats"][turn]["kind"] == "free":
        return (
            f"Waiting for {data['seats'][turn]['place']}, a free seat: send the table's link to someone "
            "to take it, or the computer plays it when nobody has come for a minute."
        )
    return f"Waiting for {who(data, turn)}."


def away_line(seat: Data) -> str:
    """The notice for a seat the computer plays because its person is away (or nobody took it)."""
    if seat["kind"] == "free":
        return f"{seat['place']} is a free seat: the computer plays it until someone joins."
    said = "You have been away" if seat["you"] else f"{seat['place']} ({seat['name']}) is away"
    return f"{said}: the computer plays that seat until its player is back."


def _points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def _count(n: int) -> str:
    return f"{n} trick{'s' if n != 1 else ''}"
