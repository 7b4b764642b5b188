"""The words for every action, by tense: one table the whole app words its actions with.

The game has more words than the engine has kinds of action: the dealer *picks up* what the
others *order up*, and *turns down* what they pass; the dealer's partner who orders up *assists*;
a pass when asked to defend alone is *not defending alone*; a card played to an empty trick is
*led*. ``word_for`` picks the game's word for an action where it is taken; ``WORDS`` gives each
word in every tense the app speaks in:

- imperative, what to do (advice, answers, buttons): "order up", "pick it up alone";
- present, third person, what a seat does (the hand's story): "orders up", "turns down";
- past, what a seat did (its place at the table): "ordered up", "led";
- gerund, the choice as a doing-word ("better than ordering up").

>>> WORDS[Word.ORDER_UP].say(Tense.PAST, "it")
'ordered it up'
>>> WORDS[Word.TURN_DOWN].say(Tense.PRESENT, "the nine of hearts")
'turns down the nine of hearts'
>>> from engine.core.actions import Action
>>> action_words(Action.parse("order alone"), dealer=True, upcard="it")
'pick it up alone'
>>> action_words(Action.parse("call S"), Tense.GERUND)
'calling spades'
>>> capital(action_words(Action.parse("play JH"), Tense.PAST, leads=True))
'Led the J♥'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from engine.core.actions import Action, Kind
from engine.core.hand import Phase


class Tense(StrEnum):
    IMPERATIVE = "imperative"  # what to do: "order up"
    PRESENT = "present"  # what a seat does (third person): "orders up"
    PAST = "past"  # what a seat did: "ordered up"
    GERUND = "gerund"  # the choice as a doing-word: "ordering up"


@dataclass(frozen=True, slots=True)
class Verb:
    """One word in its four tenses; ``particle`` ends a phrasal verb ("up" of "order up") and
    goes after "it" ("order it up") but before any other object ("order up the 9♥")."""

    imperative: str
    present: str
    past: str
    gerund: str
    particle: str = ""

    def form(self, tense: Tense) -> str:
        return str(getattr(self, tense.value))

    def say(self, tense: Tense, obj: str = "") -> str:
        head = self.form(tense)
        if obj == "it" and self.particle:
            return f"{head} it {self.particle}"
        return " ".join(part for part in (head, self.particle, obj) if part)


class Word(StrEnum):
    """The game's names for what a seat does."""

    PASS = "pass"
    TURN_DOWN = "turn down"  # the dealer's pass in round 1
    ORDER_UP = "order up"
    PICK_UP = "pick up"  # the dealer's order: the dealer takes the upcard
    ASSIST = "assist"  # the dealer's partner's order
    CALL = "call"  # round 2: name trump
    NAME = "name"  # the dealer names trump when the joker is turned up
    GO_ALONE = "go alone"
    DISCARD = "discard"
    LEAVE = "leave"  # the dealer leaves the upcard on the kitty (optional pick-up)
    DEFEND_ALONE = "defend alone"
    NOT_DEFEND_ALONE = "don't defend alone"  # a defender's pass when asked to defend alone
    LEAD = "lead"  # the first card of a trick
    PLAY = "play"


WORDS: dict[Word, Verb] = {
    Word.PASS: Verb("pass", "passes", "passed", "passing"),
    Word.TURN_DOWN: Verb("turn", "turns", "turned", "turning", "down"),
    Word.ORDER_UP: Verb("order", "orders", "ordered", "ordering", "up"),
    Word.PICK_UP: Verb("pick", "picks", "picked", "picking", "up"),
    Word.ASSIST: Verb("assist", "assists", "assisted", "assisting"),
    Word.CALL: Verb("call", "calls", "called", "calling"),
    Word.NAME: Verb("name", "names", "named", "naming"),
    Word.GO_ALONE: Verb("go", "goes", "went", "going", "alone"),
    Word.DISCARD: Verb("discard", "discards", "discarded", "discarding"),
    Word.LEAVE: Verb("leave", "leaves", "left", "leaving"),
    Word.DEFEND_ALONE: Verb("defend", "defends", "defended", "defending", "alone"),
    Word.NOT_DEFEND_ALONE: Verb(
        "don't defend", "does not defend", "did not defend", "not defending", "alone"
    ),
    Word.LEAD: Verb("lead", "leads", "led", "leading"),
    Word.PLAY: Verb("play", "plays", "played", "playing"),
}

ALONE = "alone"  # after a bid: "order up alone", "called ♠ spades alone"


def word_for(
    action: Action, *, dealer: bool = False, phase: Phase | None = None, leads: bool = False
) -> Word:
    """The game's word for ``action``: ``dealer`` when the seat taking it deals (it picks up, and
    its pass in round 1 turns the upcard down), ``phase`` the phase it is taken in (a dealer's
    pass turns the upcard down only in ``Phase.BID1``; a pass in ``Phase.DEFEND`` does not defend
    alone), ``leads`` when a card is played to an empty trick."""
    k = action.kind
    if k is Kind.PASS:
        if phase is Phase.DEFEND:
            return Word.NOT_DEFEND_ALONE
        return Word.TURN_DOWN if dealer and phase is Phase.BID1 else Word.PASS
    if k is Kind.ORDER:
        return Word.PICK_UP if dealer else Word.ORDER_UP
    if k is Kind.PLAY:
        return Word.LEAD if leads else Word.PLAY
    return {
        Kind.CALL: Word.CALL,
        Kind.NAME: Word.NAME,
        Kind.DISCARD: Word.DISCARD,
        Kind.DECLINE: Word.LEAVE,
        Kind.DEFEND_ALONE: Word.DEFEND_ALONE,
    }[k]


def action_words(
    action: Action,
    tense: Tense = Tense.IMPERATIVE,
    *,
    dealer: bool = False,
    phase: Phase | None = None,
    leads: bool = False,
    upcard: str = "",
    symbol: bool = False,
) -> str:
    """``action`` in words, in ``tense`` (lower case: ``capital`` for a button or a sentence's
    start). ``dealer``, ``phase`` and ``leads`` choose the word (``word_for``); ``upcard`` is the
    object of a word about the upcard ("it": "order it up"; "the 9♥": "leave the 9♥"; nothing:
    "order up"); a suit is its noun ("call spades"), with its symbol first when ``symbol``
    ("call ♠ spades"); a card is "the J♥". A bid alone ends in "alone"."""
    word = word_for(action, dealer=dealer, phase=phase, leads=leads)
    obj = ""
    if word in (Word.ORDER_UP, Word.PICK_UP, Word.TURN_DOWN, Word.LEAVE):
        obj = upcard
    elif action.suit is not None:
        obj = f"{action.suit.symbol} {action.suit.noun}" if symbol else action.suit.noun
    elif action.card is not None:
        obj = f"the {action.card.short}"
    text = WORDS[word].say(tense, obj)
    return f"{text} {ALONE}" if action.alone else text


def order_up(
    tense: Tense = Tense.IMPERATIVE, *, dealer: bool = False, assist: bool = False, upcard: str = ""
) -> str:
    """The bid of round 1 as a seat's reason says it: 'pick up the 9♥' (the dealer), 'assist: order
    up the 9♥' (the dealer's partner, when ``assist``), 'order up the 9♥'."""
    words = WORDS[Word.PICK_UP if dealer else Word.ORDER_UP].say(tense, upcard)
    return f"{WORDS[Word.ASSIST].form(tense)}: {words}" if assist and not dealer else words


def go_alone(tense: Tense = Tense.IMPERATIVE) -> str:
    """The words a bid alone ends in as a clause: 'and go alone', 'and goes alone'."""
    return "and " + WORDS[Word.GO_ALONE].say(tense)


def answer_words(action: Action, *, dealer: bool = False) -> str:
    """A bid as the answer to a bidding question: the dealer picks the upcard up, the others
    order up ('pick it up', 'order up alone', 'call hearts', 'pass')."""
    return action_words(action, dealer=dealer, upcard="it" if dealer else "")


def _ordering(tense: Tense) -> str:
    return WORDS[Word.ORDER_UP].say(tense)


_ORDER_WORDS = re.compile(
    rf"\b(?:({_ordering(Tense.IMPERATIVE)})|({_ordering(Tense.GERUND)}))\b", re.IGNORECASE
)


def in_dealer_words(text: str) -> str:
    """Text about the upcard in the dealer's own words: the dealer picks the upcard up where the
    others order it up.

    >>> in_dealer_words("Order up alone — 0.60 points a hand better than ordering up.")
    'Pick it up alone — 0.60 points a hand better than picking it up.'
    """

    def say(m: re.Match[str]) -> str:
        tense = Tense.IMPERATIVE if m[1] else Tense.GERUND
        words = WORDS[Word.PICK_UP].say(tense, "it")
        return capital(words) if m[0][0].isupper() else words

    return _ORDER_WORDS.sub(say, text)


def capital(text: str) -> str:
    """The first letter in capitals, the rest as it is: 'Order it up', 'Call ♠ spades'."""
    return text[:1].upper() + text[1:]
