"""Links to the hand analyzer, with the hand filled in, validated before they are shown.

A lesson writes the question as ``key=value`` words (``hand=JH+JD+AH+KS+9C upcard=9H seat=first``,
optional ``round=2 turned_down=H`` and ``score=6,8``); ``analyze_link`` checks them with the
engine's card parser. The link carries the question as its seat's view in one line
(``engine.analysis.situation.Question.text``, the text the ``analyze`` command's ``--view`` reads),
and the score apart:

>>> analyze_link({"hand": "JH+JD+AH+KS+9C", "upcard": "9H", "seat": "first"}).url
'analyze?view=standard/3/JH-JD-AH-KS-9C,?,?,?/9H'
>>> analyze_link({"hand": "JH+JD+AH+KS+9C", "upcard": "9H", "seat": "dealer", "round": "2", "score": "9,6"}).url
'analyze?view=standard/0/JH-JD-AH-KS-9C,?,?,?/9H/pass,pass,pass,pass,pass,pass,pass&score=9,6'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.analysis.situation import question
from engine.core.cards import Card, Suit, parse_cards
from engine.core.errors import CardParseError
from engine.io.numbers import NumberError, parse_score, shown
from lessons.model import LessonError

SEATS = ("first", "second", "third", "dealer")
_KEYS = ("hand", "upcard", "seat", "round", "turned_down", "score", "says", "close_call")
# says= is the lesson's own verdict for the hand, like says=order|order+alone (the actions the
# text calls right, '+' for a space); close_call=yes when the text calls it a close call.
# tests/lessons/test_lesson_hands.py holds every verdict to the analyzer's.


@dataclass(frozen=True, slots=True)
class AnalyzeLink:
    hand: tuple[Card, ...]
    upcard: Card
    seat: str
    round: int = 1
    turned_down: Suit | None = None
    score: tuple[int, int] | None = None
    says: frozenset[str] = frozenset()  # the lesson's verdict (empty: the lesson states none)
    close_call: bool = False

    @property
    def url(self) -> str:
        """The Analyze page's link: ``view=`` the question's text, ``score=`` the score if any."""
        text = question(self.hand, self.upcard, self.seat, round=self.round).text
        score = "" if self.score is None else f"&score={self.score[0]},{self.score[1]}"
        return f"analyze?view={text}{score}"


def analyze_link(fields: Mapping[str, str]) -> AnalyzeLink:  # noqa: C901 (older than the complexity rule: to split)
    """Build and check a link; raises LessonError saying what is wrong and what is accepted."""
    unknown = sorted(set(fields) - set(_KEYS))
    if unknown:
        raise LessonError(f"unknown analyzer field(s) {', '.join(unknown)}; accepted: {', '.join(_KEYS)}")
    try:
        hand = parse_cards(fields.get("hand", "").replace("+", " "))
        upcards = parse_cards(fields.get("upcard", ""))
    except CardParseError as err:
        raise LessonError(f"analyzer link: {err}") from err
    if len(hand) != 5 or len(set(hand)) != 5:
        raise LessonError(
            f"analyzer link: hand= needs 5 different cards, got {len(hand)} ({fields.get('hand')!r})"
        )
    if len(upcards) != 1:
        raise LessonError("analyzer link: upcard= needs exactly one card, like upcard=9H")
    upcard = upcards[0]
    if upcard in hand:
        raise LessonError(f"analyzer link: the upcard {upcard} is also in the hand")
    seat = fields.get("seat", "")
    if seat not in SEATS:
        raise LessonError(f"analyzer link: seat={seat!r}; accepted: {', '.join(SEATS)}")
    round_text = fields.get("round", "1")
    if round_text not in ("1", "2"):
        raise LessonError(f"analyzer link: round={round_text!r}; accepted: 1 or 2")
    turned_down: Suit | None = None
    if "turned_down" in fields:
        if round_text != "2":
            raise LessonError("analyzer link: turned_down= only goes with round=2")
        try:
            turned_down = Suit.parse(fields["turned_down"])
        except CardParseError as err:
            raise LessonError(f"analyzer link: {err}") from err
        if upcard.suit is not None and turned_down != upcard.suit:
            raise LessonError(
                f"analyzer link: the turned-down suit is the upcard's suit ({upcard.suit.letter}),"
                f" not {turned_down.letter}"
            )
    score: tuple[int, int] | None = None
    if "score" in fields:
        score = _parse_score(fields["score"])
    says = frozenset(v.replace("+", " ").strip() for v in fields.get("says", "").split("|") if v.strip())
    if fields.get("close_call", "no") not in ("yes", "no"):
        raise LessonError(f"analyzer link: close_call={shown(fields['close_call'])}; accepted: yes or no")
    return AnalyzeLink(
        hand, upcard, seat, int(round_text), turned_down, score, says, fields.get("close_call") == "yes"
    )


def _parse_score(text: str) -> tuple[int, int]:
    """engine.io.numbers.parse_score, the one score reader, for a game to 10 (the longest game: the
    Analyze page checks the score again against the rules it opens with)."""
    try:
        return parse_score(text, 10)
    except NumberError as err:
        raise LessonError(f"analyzer link: {err}") from None
