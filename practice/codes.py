"""Deal codes: a short, checkable text for one deal (rules + seed + which hand).

Ten bytes, written as 16 base32 letters in four groups (``ABCD-EFGH-IJKL-MNOP``):

- 2 bytes: the rules, one field per few bits (see ``_RULE_BITS``);
- 4 bytes: the game seed;
- 2 bytes: format version (2 bits), game number (3 bits), dealer (3 bits: 0 for the game's
  own first dealer, else seat + 1), hand number (8 bits);
- 2 bytes: a keyed BLAKE2b checksum of the first eight.

Nothing is ever unpickled: decoding is bit arithmetic, every field is range-checked
and the rules are rebuilt through ``Rules``, so a typo or a tampered code gives a
``DealCodeError`` that says what was wrong.

>>> code = encode(DealCode(Rules(), seed=12345))
>>> len(code), code.count("-")
(19, 3)
>>> decode(code.lower().replace("-", " ")) == DealCode(Rules(), seed=12345)
True

Move codes: the learner's decisions as a page link carries them (``moves=``), one short token
per decision in the engine's action language, dot-separated and URL-safe:

>>> encode_moves(("pass", "order", "discard 9C", "play JH", "next hand", "call H alone"))
'p.o.d9C.JH.n.cHa'
>>> decode_moves("p.o.d9C.JH.n.cHa")
(('pass', 'order', 'discard 9C', 'play JH', 'next hand', 'call H alone'), None)
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass

from engine.core.actions import Action, Kind, parse_action
from engine.core.cards import Suit, parse_card
from engine.core.errors import EuchreError, RulesError, quoted
from engine.core.rules import LONE_LEADS, Rules

VERSION = 1
SEED_LIMIT = 2**32
MAX_HAND = 255
MAX_GAME = 4
_KEY = b"euchre-coach-deal-code"
_LETTERS = 16
_CONFUSABLE = str.maketrans({"0": "O", "1": "I", "8": "B", "9": "G"})
NEXT_HAND = "next hand"  # the learner's decision to deal the next hand (between two hands' decisions)
MOVES_LIMIT = 600  # characters of moves= a page link carries at most (the whole link stays well under 2,000)
ACCEPTED = (
    "a deal code is 16 letters and digits 2-7, like ABCD-EFGH-IJKL-MNOP (dashes and spaces are ignored)"
)


class DealCodeError(EuchreError):
    """A deal code that is malformed, mistyped or tampered with."""


@dataclass(frozen=True, slots=True)
class DealCode:
    """Which deal: the rules, the game seed, and the hand within that game.

    ``dealer`` is the seat dealing that hand (hands after the first in a match depend on
    play, so the code carries it rather than recomputing it).
    """

    rules: Rules
    seed: int
    game_number: int = 0
    hand_number: int = 0
    dealer: int | None = None  # None: the game's own first dealer (hand 0 of game 0)


# (field, allowed values in bit order); each field takes just enough bits.
_RULE_BITS: tuple[tuple[str, tuple[object, ...]], ...] = (
    ("players", (4, 3, 2)),
    ("deck", (24, 28, 32)),
    ("joker", (False, True)),
    ("stick_the_dealer", (False, True)),
    ("defend_alone", (False, True)),
    ("lone_lead", LONE_LEADS),
    ("discard_upcard", (False, True)),
    ("optional_pickup", (False, True)),
    ("target", (10, 5, 7)),
    ("draw_for_deal", (False, True)),
    ("match_games", (1, 3, 5)),
)


def _width(values: tuple[object, ...]) -> int:
    return max(1, (len(values) - 1).bit_length())


def pack_rules(rules: Rules) -> int:
    word, shift = 0, 0
    for field, values in _RULE_BITS:
        word |= values.index(getattr(rules, field)) << shift
        shift += _width(values)
    return word


def unpack_rules(word: int) -> Rules:
    data: dict[str, object] = {}
    shift = 0
    for field, values in _RULE_BITS:
        index = (word >> shift) & ((1 << _width(values)) - 1)
        if index >= len(values):
            raise DealCodeError(f"the code's rules are garbled (field {field}); {ACCEPTED}")
        data[field] = values[index]
        shift += _width(values)
    if word >> shift:
        raise DealCodeError(f"the code's rules are garbled (unused bits set); {ACCEPTED}")
    try:
        return Rules.from_dict(data)
    except RulesError as err:
        raise DealCodeError(f"the code names impossible rules: {err}") from None


def _checksum(payload: bytes) -> bytes:
    return hashlib.blake2b(payload, digest_size=2, key=_KEY).digest()


def encode(code: DealCode) -> str:
    """The code's text, four dash-separated groups of four."""
    if not 0 <= code.seed < SEED_LIMIT:
        raise DealCodeError(f"seed must be 0..{SEED_LIMIT - 1}, got {code.seed}")
    if not 0 <= code.hand_number <= MAX_HAND or not 0 <= code.game_number <= MAX_GAME:
        raise DealCodeError(f"hand 0..{MAX_HAND} of game 0..{MAX_GAME} only")
    dealer = code.dealer
    if dealer is not None and not 0 <= dealer < code.rules.players:
        raise DealCodeError(f"dealer must be a seat 0..{code.rules.players - 1}")
    # dealer field (3 bits): 0 = the game's own first dealer, otherwise the seat + 1
    dealer_field = 0 if dealer is None else dealer + 1
    position = (VERSION << 14) | (code.game_number << 11) | (dealer_field << 8) | code.hand_number
    payload = (
        pack_rules(code.rules).to_bytes(2, "big") + code.seed.to_bytes(4, "big") + position.to_bytes(2, "big")
    )
    text = base64.b32encode(payload + _checksum(payload)).decode("ascii")
    return "-".join(text[i : i + 4] for i in range(0, _LETTERS, 4))


def decode(text: str) -> DealCode:
    """Parse a deal code; raises DealCodeError saying what was wrong."""
    if not isinstance(text, str):
        raise DealCodeError(ACCEPTED)
    cleaned = "".join(text.split()).replace("-", "").upper().translate(_CONFUSABLE)
    if len(cleaned) != _LETTERS:
        raise DealCodeError(f"{quoted(text.strip())} has {len(cleaned)} letters, not {_LETTERS}; {ACCEPTED}")
    bad = sorted({c for c in cleaned if c not in "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"})
    if bad:
        raise DealCodeError(f"{quoted(text.strip())} contains {quoted(''.join(bad))}; {ACCEPTED}")
    raw = base64.b32decode(cleaned)
    payload, check = raw[:8], raw[8:]
    if _checksum(payload) != check:
        raise DealCodeError(
            f"{quoted(text.strip())} fails its check: a letter is mistyped or the code was changed; {ACCEPTED}"
        )
    rules = unpack_rules(int.from_bytes(payload[:2], "big"))
    seed = int.from_bytes(payload[2:6], "big")
    position = int.from_bytes(payload[6:8], "big")
    version = position >> 14
    if version != VERSION:
        raise DealCodeError(f"this code is format version {version}; this app reads version {VERSION}")
    game_number = (position >> 11) & 0b111
    dealer_field = (position >> 8) & 0b111
    hand_number = position & 0xFF
    if game_number > MAX_GAME or game_number >= rules.match_games:
        raise DealCodeError(f"the code names game {game_number + 1} of a best-of-{rules.match_games} match")
    if dealer_field > rules.players:
        raise DealCodeError(f"the code names dealer seat {dealer_field - 1} in a {rules.players}-player game")
    dealer = None if dealer_field == 0 else dealer_field - 1
    return DealCode(rules, seed, game_number, hand_number, dealer)


# ---- move codes: the learner's decisions in a link ------------------------------------------

# token <-> canonical action text; a card alone is a play, "d" + card a discard,
# "c"/"n" + suit (+ "a") a call / a named suit (alone)
_WORDS = {
    "p": "pass",
    "o": "order",
    "oa": "order alone",
    "x": "decline",
    "da": "defend alone",
    "n": NEXT_HAND,
}
_TOKENS = {text: token for token, text in _WORDS.items()}
MOVES_ACCEPTED = (
    "the decisions are separated by dots: p (pass), o / oa (order up, alone), cH / cHa "
    "(call a suit, alone), nH / nHa (name a suit), x (decline), da (defend alone), d9C (discard), "
    "JH (play a card), n (next hand)"
)


class MovesError(EuchreError):
    """A decision in a move code that is not one (the decisions before it still read)."""


def move_token(decision: str) -> str:
    """One decision (canonical action text, or ``NEXT_HAND``) as its move-code token."""
    if decision in _TOKENS:
        return _TOKENS[decision]
    action = parse_action(decision)
    if str(action) in _TOKENS:
        return _TOKENS[str(action)]
    if action.kind is Kind.PLAY:
        return str(action.card)
    if action.kind is Kind.DISCARD:
        return f"d{action.card}"
    assert action.suit is not None
    return f"{'c' if action.kind is Kind.CALL else 'n'}{action.suit.letter}{'a' if action.alone else ''}"


def read_token(token: str) -> str:
    """A move-code token (any case) as canonical action text (or ``NEXT_HAND``); raises MovesError."""
    low = token.lower()
    if low in _WORDS:
        return _WORDS[low]
    try:
        if low[:1] in ("c", "n") and len(low) in (2, 3) and low[2:] in ("", "a"):
            kind = "call" if low[0] == "c" else "name"
            return str(parse_action(f"{kind} {Suit.parse(token[1])}{' alone' if low[2:] else ''}"))
        if low[:1] == "d" and len(low) > 1:
            return str(Action(Kind.DISCARD, card=parse_card(token[1:])))
        if token.isalnum() and len(token) <= 5:
            return str(parse_action(f"play {parse_card(token)}"))
    except EuchreError:
        pass
    raise MovesError(f"{quoted(token)} is not a decision; {MOVES_ACCEPTED}")


def encode_moves(decisions: tuple[str, ...]) -> str:
    """The decisions as a move code (``""`` for none)."""
    return ".".join(move_token(d) for d in decisions)


def decode_moves(text: str) -> tuple[tuple[str, ...], MovesError | None]:
    """The decisions a move code spells, up to the first token that is not one, and that token's
    error (None when every token reads). Never raises."""
    decisions: list[str] = []
    for index, token in enumerate(text.strip().split(".") if text.strip() else ()):
        try:
            decisions.append(read_token(token.strip()))
        except MovesError as err:
            return tuple(decisions), MovesError(f"decision {index + 1}: {err}")
    return tuple(decisions), None


__all__ = [
    "ACCEPTED",
    "MOVES_ACCEPTED",
    "MOVES_LIMIT",
    "NEXT_HAND",
    "DealCode",
    "DealCodeError",
    "MovesError",
    "decode",
    "decode_moves",
    "encode",
    "encode_moves",
    "move_token",
    "pack_rules",
    "read_token",
    "unpack_rules",
]
