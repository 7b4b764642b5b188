"""A hand's position as one line of text, like chess's FEN: the rules, the deal and the actions so far.

``HandState.to_text()`` prints it and ``HandState.from_text(text)`` rebuilds the very same state
(engine/core/hand.py); this module holds the grammar and ``Position``, the parsed text (it imports no
hand state, so the hand can import it). The text names the deal and the actions, not the phase,
the trump or the tricks: those follow from replaying the actions, so a text can never say
something its actions contradict.

Grammar (four or five parts separated by ``/``)::

    position = rules "/" dealer "/" hands "/" pile [ "/" actions ]
    rules    = preset | change *( "," change )
    preset   = "standard" | "tournament" | "british" | "two-handed" | "cutthroat" | "railroad"
    change   = field "=" value | boolean-field        (a rules field, engine/core/rules.py:
                                                       value digits, "true", "false" or a word)
    dealer   = seat                                   (0 .. players-1, seats clockwise)
    hands    = hand *( "," hand )                     (one per seat, seat 0 first, as dealt)
    hand     = card 4( "-" card )                     (the five cards in the order dealt)
    pile     = upcard [ ":" card *( "-" card ) ]      (the upcard, then the face-down kitty)
    actions  = action *( "," action )                 (the actions of engine/core/actions.py, "-"
                                                       for their spaces: "order-alone", "play-JH")
    card     = rank suit | "JOKER"                    (rank 7 8 9 T J Q K A, suit C D H S)

Canonical text (what ``str(position)`` and ``to_text()`` print, one text per position):

- ``rules`` is the preset's name when the rules are exactly a preset (engine/core/rules.py PRESETS),
  otherwise the fields that differ from the defaults, in the rules' field order, a true boolean
  written as its bare name (``players=3,deck=32,stick_the_dealer``);
- the kitty is written only when it is not the rest of the deck in deck order (clubs, diamonds,
  hearts, spades, each from the lowest rank, the joker last), which is what a deal from given
  cards leaves; a shuffled deal writes it, since the state keeps its order;
- the actions part is left out (with its ``/``) before the first action.

Reading is forgiving, printing is not: any case, spaces around the parts, a space instead of
``-``, ``10`` for ``T`` (the card and action readers of engine/core/cards.py and engine/core/actions.py),
``true``/``false`` for a boolean field, and a preset followed by changes
(``two-handed,deck=32``). Only characters safe in a link's query value are printed: letters,
digits and ``/ , - : = _``. A text is at most ``MAX_TEXT`` characters; anything else raises
``PositionError`` with one message that says what was wrong and what is accepted.

>>> text = ("standard/3/9C-9D-TC-KH-AC,JC-QH-KD-KS-AS,TD-TH-JD-QD-KC,9S-JS-QC-AD-AH/QS/"
...         "pass,pass,order,discard-AH")
>>> position = Position.parse(text)
>>> position.dealer, position.upcard, position.kitty
(3, Card.parse('QS'), (Card.parse('9H'), Card.parse('JH'), Card.parse('TS')))
>>> position.actions[2:]
(Action.parse('order'), Action.parse('discard AH'))
>>> str(position) == text
True
>>> str(Position.parse(" Two-Handed, deck=32 / 0 / 9c 9d 10c kh ac, jc qh kd ks as / qs / Pass, call h"))
'players=2,deck=32,optional_pickup/0/9C-9D-TC-KH-AC,JC-QH-KD-KS-AS/QS/pass,call-H'
>>> Position.parse("standard/4/9C-9D-TC-KH-AC,JC-QH-KD-KS-AS,TD-TH-JD-QD-KC,9S-JS-QC-AD-AH/QS")
Traceback (most recent call last):
...
engine.core.position.PositionError: the dealer is a seat 0..3 with 4 players, got '4'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields

from engine.core.actions import Action
from engine.core.cards import Card, make_deck, parse_card
from engine.core.errors import ActionParseError, CardParseError, EuchreError, RulesError, quoted
from engine.core.rules import PRESETS, Rules

MAX_TEXT = 2_000  # characters; every rule changed and a whole hand played is about 500

# The presets' names in a position text (the call charts' file names): stable, whatever the
# presets' display names become.
PRESET_NAMES: dict[str, str] = {
    "standard": "Standard (North America)",
    "tournament": "Tournament (stick the dealer)",
    "british": "British (25 cards, Benny)",
    "two-handed": "Two-handed",
    "cutthroat": "Cutthroat (3 players)",
    "railroad": "Railroad (defend alone)",
}

_DEFAULTS = Rules()
_FIELD_KINDS: dict[str, type] = {f.name: type(getattr(_DEFAULTS, f.name)) for f in fields(Rules)}

ACCEPTED = (
    "a position is RULES/DEALER/HANDS/UPCARD[:KITTY][/ACTIONS], "
    "like 'standard/0/9C-TC-JC-QC-KC,...,9H-TH-JH-QH-KH/AS/pass,order'"
)
_CARD = "a card is a rank 7 8 9 T J Q K A and a suit C D H S (9C, TD, AS) or JOKER"
_ACTIONS = (
    "an action is pass, order, order-alone, call-H, call-H-alone, discard-9C, decline, "
    "defend-alone, name-H, name-H-alone or play-JH"
)


class PositionError(EuchreError):
    """A position text that cannot be read, or whose deal or actions are impossible.

    ``step`` is the index of the action at fault (0 for the first), None when the fault is
    elsewhere: the same numbering as the replay command's ``step``.
    """

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(message)
        self.step = step


# ---- the rules -------------------------------------------------------------------------------


def rules_text(rules: Rules) -> str:
    """The rules part of a position: a preset's name, or the fields that differ from the defaults.

    >>> rules_text(Rules(players=2, optional_pickup=True))
    'two-handed'
    >>> rules_text(Rules(players=3, deck=32, lone_lead="left_of_dealer", target=5))
    'players=3,deck=32,target=5'
    """
    for short, name in PRESET_NAMES.items():
        if PRESETS[name] == rules:
            return short
    changes = rules.changes()  # never empty: the defaults are the standard preset
    return ",".join(key if value is True else f"{key}={str(value).lower()}" for key, value in changes.items())


def _rules_help() -> str:
    kinds = {bool: "", int: "=N", str: "=TEXT"}
    listed = ", ".join(f"{name}{kinds[kind]}" for name, kind in _FIELD_KINDS.items())
    return f"write a preset ({', '.join(PRESET_NAMES)}) or changed fields ({listed})"


def parse_rules(text: str) -> Rules:
    """The rules a position's first part names. Raises PositionError.

    >>> parse_rules("railroad") == Rules(defend_alone=True, stick_the_dealer=True)
    True
    >>> parse_rules("Two-handed, deck=32") == Rules(players=2, deck=32, optional_pickup=True)
    True
    >>> parse_rules("players=3,jokers")
    Traceback (most recent call last):
    ...
    engine.core.position.PositionError: rules: 'jokers' is not a preset or a rules field; write a preset (standard, tournament, british, two-handed, cutthroat, railroad) or changed fields (players=N, deck=N, joker, stick_the_dealer, defend_alone, lone_lead=TEXT, discard_upcard, optional_pickup, target=N, draw_for_deal, match_games=N)
    """
    items = [item.strip() for item in text.split(",")]
    base = _DEFAULTS
    if items[0].lower() in PRESET_NAMES:
        base = PRESETS[PRESET_NAMES[items.pop(0).lower()]]
    changes: dict[str, object] = {}
    for item in items:
        key, equals, value = (part.strip() for part in item.partition("="))
        key = key.lower()
        kind = _FIELD_KINDS.get(key)
        if kind is None:
            if not text.strip():
                what = "the rules part is empty"
            elif key in PRESET_NAMES:
                what = f"the preset {key} comes first, before any changed field"
            else:
                what = (
                    f"{quoted(item)} is not a preset or a rules field" if item else "a rules field is empty"
                )
            raise PositionError(f"rules: {what}; {_rules_help()}")
        if key in changes:
            raise PositionError(f"rules: {key} is given twice; give each field once")
        changes[key] = _field_value(key, kind, value if equals else None)
    try:
        return base.with_(**changes)
    except RulesError as err:
        raise PositionError(f"rules: {err}") from None


def _field_value(key: str, kind: type, value: str | None) -> object:
    if kind is bool:
        if value is None or value.lower() == "true":
            return True
        if value.lower() == "false":
            return False
        raise PositionError(f"rules: {key} is {quoted(value)}; write {key} alone (true) or {key}=false")
    if value is None:
        raise PositionError(f"rules: {key} needs a value ({key}=...)")
    if kind is int:
        if value.isascii() and value.isdigit() and len(value) <= 3:
            return int(value)
        raise PositionError(f"rules: {key} is {quoted(value)}; it is a whole number ({key}=N)")
    return value.lower()


# ---- the position ----------------------------------------------------------------------------


def rest_of_deck(rules: Rules, hands: Sequence[Sequence[Card]], upcard: Card) -> tuple[Card, ...]:
    """The cards of the deck in no hand and not the upcard, in deck order: the kitty a deal
    from given cards leaves, and the kitty a position text without one means."""
    used = {c for hand in hands for c in hand}
    used.add(upcard)
    return tuple(c for c in make_deck(rules.deck, rules.joker) if c not in used)


def _cards_text(cards: Sequence[Card]) -> str:
    return "-".join(str(c) for c in cards)


@dataclass(frozen=True, slots=True)
class Position:
    """A position text, read: the rules, the dealer, the hands as dealt, the upcard, the kitty
    (always every face-down card, in order) and the actions so far.

    It is only what the text says; ``HandState.from_text`` checks that the deal can happen and
    the actions are legal, by dealing the cards and applying the actions.
    """

    rules: Rules
    dealer: int
    hands: tuple[tuple[Card, ...], ...]  # one per seat, seat 0 first, as dealt
    upcard: Card
    kitty: tuple[Card, ...]
    actions: tuple[Action, ...] = ()

    def __str__(self) -> str:
        pile = str(self.upcard)
        if self.kitty != rest_of_deck(self.rules, self.hands, self.upcard):
            pile += ":" + _cards_text(self.kitty)
        parts = [rules_text(self.rules), str(self.dealer), ",".join(_cards_text(h) for h in self.hands), pile]
        if self.actions:
            parts.append(",".join(str(a).replace(" ", "-") for a in self.actions))
        return "/".join(parts)

    def __repr__(self) -> str:
        return f"Position.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Position:
        return parse_position(text)


def parse_position(text: str) -> Position:
    """Read a position text (see the module's grammar). Raises PositionError."""
    if not isinstance(text, str):
        raise PositionError(f"a position is text, got {quoted(text)}; {ACCEPTED}")
    if len(text) > MAX_TEXT:
        raise PositionError(
            f"a position is at most {MAX_TEXT:,} characters; this one has {len(text):,} ({quoted(text)})"
        )
    parts = [part.strip() for part in text.strip().split("/")]
    if len(parts) not in (4, 5):
        raise PositionError(
            f"{quoted(text)} has {len(parts)} part(s) separated by '/', not 4 or 5; {ACCEPTED}"
        )
    rules = parse_rules(parts[0])
    dealer = read_dealer(parts[1], rules.players)
    hands = _hands(parts[2], rules.players)
    upcard, kitty = _pile(parts[3])
    actions = _actions(parts[4]) if len(parts) == 5 else ()
    if kitty is None:
        kitty = rest_of_deck(rules, hands, upcard)
    return Position(rules, dealer, hands, upcard, kitty, actions)


def read_dealer(text: str, players: int) -> int:
    """The dealer's seat from its part of a text (position or seat's view). Raises PositionError."""
    if len(text) == 1 and text in "0123"[:players]:
        return int(text)
    raise PositionError(f"the dealer is a seat 0..{players - 1} with {players} players, got {quoted(text)}")


def _card(text: str, where: str) -> Card:
    try:
        return parse_card(text)
    except CardParseError:
        raise PositionError(f"{where}: {quoted(text)} is not a card; {_CARD}") from None


def read_cards(text: str, where: str) -> tuple[Card, ...]:
    """The cards of ``text`` joined by '-' or spaces; PositionError names ``where`` and the bad card."""
    return tuple(_card(token, where) for token in text.replace("-", " ").split())


def _hands(text: str, players: int) -> tuple[tuple[Card, ...], ...]:
    items = text.split(",")
    if len(items) != players:
        raise PositionError(
            f"{players} players need {players} hands separated by ',', got {len(items)} in {quoted(text)}"
        )
    hands = []
    for seat, item in enumerate(items):
        hand = read_cards(item, f"seat {seat}'s hand")
        if len(hand) != 5:
            raise PositionError(
                f"seat {seat}'s hand {quoted(item.strip())} has {len(hand)} cards; a hand is five cards "
                "joined by '-', like 9C-TC-JC-QC-KC"
            )
        hands.append(hand)
    return tuple(hands)


def _pile(text: str) -> tuple[Card, tuple[Card, ...] | None]:
    up, colon, under = text.partition(":")
    upcard = _card(up.strip(), "the upcard")
    if not colon:
        return upcard, None
    kitty = read_cards(under, "the kitty")
    if not kitty:
        raise PositionError(
            f"the kitty after ':' in {quoted(text)} is empty; list its cards joined by '-', or leave out "
            "the ':' for the rest of the deck in deck order"
        )
    return upcard, kitty


def read_actions(text: str, hidden: str | None = None, accepted: str = _ACTIONS) -> tuple[Action | None, ...]:
    """The comma-separated actions of a position (``discard-AH``, ``pass``, ``play-9C``); with
    ``hidden`` (the seat's view's ``?``), ``discard-?`` reads as None: a discard the seat did not
    see. Raises PositionError naming the action's number and what is ``accepted``."""
    actions: list[Action | None] = []
    for step, item in enumerate(text.split(",")):
        words = item.replace("-", " ").split()
        if hidden is not None and [w.lower() for w in words] == ["discard", hidden]:
            actions.append(None)
            continue
        try:
            actions.append(Action.parse(" ".join(words)))
        except ActionParseError:
            what = "is empty" if not item.strip() else f"{quoted(item.strip())} is not an action"
            raise PositionError(f"action {step + 1} {what}; {accepted}", step) from None
    return tuple(actions)


def _actions(text: str) -> tuple[Action, ...]:
    return tuple(a for a in read_actions(text) if a is not None)  # no None without ``hidden``
