"""A class's question: what the projector and the phones show, and the engine's answer to it.

A ``ClassQuestion`` is made when the teacher asks, from one of three sources, and is stored as
JSON with the class (``store.classes``), the answer and its explanation included, so every
server process shows the same question and nothing is solved twice:

- an exercise kind of the lessons (``CLASS_KINDS``), drawn fresh from the engine with the options
  the teacher picked as the level (``lessons.exercises.generate`` and ``solve``: the engine is the
  one source of the answer and of the sentence that explains it);
- a lesson's exercise step (``lesson_steps``): the same, with that step's options;
- a hand the teacher types ("what would you bid?"; the deal editor's "ask it in class" link fills
  the form from a seat's view text at its first bid), judged by the hand analyzer
  (``engine.analysis.robust.analyze_robust``) as the Analyze page judges it: the recommendation
  is right, and when the two best options are too close to call both are.

A question about one seat's decision judged with figures (a typed hand, a bid, a call, a discard, a
card to play) carries that decision as its ``problem`` (``engine.core.problem.Problem``: the seat's
view as text, its choices, the right ones, each one's figure, the judge and the reason), the very
value the drill solved (``Solution.problem``) and a puzzle of the same position carries; its
``right`` and ``choices`` are the phones' words (or cards) for the problem's. Another question about
a seat (how many trumps are out) keeps the seat's view as its text (``view``), as a question stored
before questions carried their problem does; ``seat_view`` reads either back
(``SeatView.from_text``). A question about no seat (the bower, the points) has neither.

Each follows the rules in force (the teacher's sidebar) as far as its kind can: the lessons' drills
take options, not rules, so ``rules_note`` says which kinds follow which rules, a question that
cannot says so in its ``source`` ("Order up or pass? (standard rules)"), and ``rules_problem`` gives
the teacher's page the sentence to show before it is asked.

Answers are text: one card ("JD"), a set of cards (their codes in the question's order, space
separated) or one of ``choices``. Every drill of the lessons is asked (``CLASS_KINDS``). Putting
cards in order (``rank_order``) takes several taps on the Learn page; in class a pupil answers with
one, so it is asked as a choice among ``ORDER_CHOICES`` orders: the right one, and orders with one
pair of neighbours swapped (``order_choices``).
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any

from engine.analysis.advice import value_bids
from engine.analysis.explain import headline, label, percent, points
from engine.analysis.situation import Question as HandSituation
from engine.analysis.situation import question as hand_situation
from engine.core.action_words import answer_words, in_dealer_words
from engine.core.actions import Action, Kind
from engine.core.cards import Card, parse_card
from engine.core.problem import Problem, ProblemError
from engine.core.rules import PRESETS, Rules
from engine.core.seats import seat_name
from engine.core.view import SeatView
from lessons.bid_drill import bid_problem
from lessons.exercise_model import Exercise, Mode
from lessons.exercises import DRILLS, check_options, generate, solve
from lessons.loader import load_lessons
from lessons.play_drill import who as play_who

CLASS_KINDS = (
    "left_bower",
    "rank_order",
    "trick_winner",
    "can_play",
    "points",
    "bid",
    "score_bid",
    "name_suit",
    "stick_dealer",
    "go_alone",
    "defend_alone",
    "discard",
    "makers_lead",
    "second_hand",
    "play_card",
    "loner_play",
    "loner_lead",
    "keep_guards",
    "trumps_out",
    "joker_up",
    "two_handed",
    "cutthroat",
)  # every drill of the lessons (a test holds it to lessons.exercises.EXERCISE_KINDS)
TABLE_KINDS = (
    "play_card",
    "loner_lead",
    "keep_guards",
    "trumps_out",
    "loner_play",
    "makers_lead",
    "second_hand",
)  # a seat at the table: the tricks so far as facts
UPCARD_KINDS = ("bid", "score_bid", "two_handed", "cutthroat", "joker_up")  # the upcard shown beside the hand
ORDER_CHOICES = 4  # putting cards in order, in class: the right order among this many
MODES = {Mode.PICK_CARD: "card", Mode.PICK_CARDS: "cards", Mode.CHOICE: "choice"}
HAND_SEATS = ("first", "second", "third", "dealer")


MAX_BODY = 200_000  # characters of a stored question
MAX_ITEMS = 60  # cards, choices, facts ... of one question
MAX_TEXT = 5_000  # characters of one text of a question


class QuestionError(ValueError):
    """A question the teacher asked for that cannot be made (bad cards, kind or options)."""


class DamagedQuestion(QuestionError):
    """A stored question that does not read as one (the message says what is wrong with it)."""


@dataclass(frozen=True, slots=True)
class ClassQuestion:
    source: str  # what the teacher picked, e.g. "Find the bower" or "Lesson 2: The bowers"
    kind: str  # an exercise kind, or "hand" for a typed hand
    prompt: str  # the question, as the projector and the phones say it
    mode: str  # "card" (tap one card), "cards" (tap every card that qualifies) or "choice"
    cards: tuple[str, ...] = ()  # the cards answered with; with "choice", the hand shown
    labels: tuple[str, ...] = ()  # a caption under each card (who played it), or ()
    shown: tuple[tuple[str, str], ...] = ()  # other cards on the table: (caption, card)
    trump: str | None = None  # the trump suit's letter
    upcard: str | None = None
    facts: tuple[str, ...] = ()  # lines of context (the tricks so far)
    choices: tuple[str, ...] = ()
    right: tuple[str, ...] = ()  # every answer counted right
    answer_words: str = ""  # the right answer as the projector says it
    why: str = ""  # the engine's explanation
    figures: tuple[str, ...] = ()  # a typed hand: each option's figures, one line each
    close: bool = False  # a typed hand that is too close to call
    view: str = ""  # a seat's view as text (SeatView.to_text) when the question carries no problem
    problem: Problem | None = None  # one seat's decision judged with figures

    def seat_view(self) -> SeatView | None:
        """The seat the question asks about, as it saw the hand (its problem's view, or its ``view``
        text, read back); None for a question about no seat."""
        text = self.problem.view if self.problem is not None else self.view
        return _read_view(text) if text else None

    def to_json(self) -> str:
        data = asdict(self)
        del data["problem"]
        if self.problem is not None:
            data["problem"] = json.loads(self.problem.to_json())
        return json.dumps(data, ensure_ascii=False)

    @staticmethod
    def from_json(text: str) -> ClassQuestion:
        """The question as ``to_json`` wrote it. A stored body that is not that (not JSON, a key
        missing or unknown, a value of the wrong type, a card that is not a card) raises
        DamagedQuestion saying what: it is never guessed at."""
        try:
            data = json.loads(text) if isinstance(text, str) and len(text) <= MAX_BODY else None
        except (ValueError, RecursionError):
            data = None
        if not isinstance(data, dict):
            raise DamagedQuestion("the question's record is not the JSON object a question is stored as")
        unknown = sorted(set(data) - set(_FIELDS))
        missing = sorted(k for k in _REQUIRED if k not in data)
        if unknown or missing:
            what = (
                (f"unknown key {', '.join(map(repr, unknown))}" if unknown else "")
                + ("; " if unknown and missing else "")
                + (f"missing key {', '.join(map(repr, missing))}" if missing else "")
            )
            raise DamagedQuestion(f"the question's record has an {what}")
        values: dict[str, Any] = {}
        for key, value in data.items():
            values[key] = _field(key, value)
        q = ClassQuestion(**values)
        _check(q)
        return q

    def card(self, code: str) -> Card:
        return parse_card(code)


_TEXTS = ("source", "kind", "prompt", "mode", "answer_words", "why", "view")
_LISTS = ("cards", "labels", "facts", "choices", "right", "figures")
_FIELDS = (*_TEXTS, *_LISTS, "shown", "trump", "upcard", "close", "problem")
_REQUIRED = ("source", "kind", "prompt", "mode", "right")


def _field(key: str, value: Any) -> Any:
    """One stored field as the question holds it; DamagedQuestion when it is of the wrong type."""
    if key in _TEXTS:
        if isinstance(value, str) and len(value) <= MAX_TEXT:
            return value
        raise DamagedQuestion(f"the question's {key} is not a text of at most {MAX_TEXT} characters")
    if key in _LISTS:
        if (
            isinstance(value, list)
            and len(value) <= MAX_ITEMS
            and all(isinstance(v, str) and len(v) <= MAX_TEXT for v in value)
        ):
            return tuple(value)
        raise DamagedQuestion(f"the question's {key} is not a list of at most {MAX_ITEMS} texts")
    if key == "shown":
        if (
            isinstance(value, list)
            and len(value) <= MAX_ITEMS
            and all(
                isinstance(v, list)
                and len(v) == 2
                and all(isinstance(x, str) and len(x) <= MAX_TEXT for x in v)
                for v in value
            )
        ):
            return tuple((str(a), str(b)) for a, b in value)
        raise DamagedQuestion("the question's shown cards are not a list of [caption, card] pairs")
    if key == "problem":
        return _stored_problem(value)
    if key in ("trump", "upcard"):
        if value is None or (isinstance(value, str) and len(value) <= 3):
            return value
        raise DamagedQuestion(f"the question's {key} is not a suit or a card")
    if isinstance(value, bool):  # close
        return value
    raise DamagedQuestion(f"the question's {key} is not true or false")


def _stored_problem(value: Any) -> Problem | None:
    """A stored question's seat decision (``Problem.to_json``'s object); DamagedQuestion when it
    does not read as one."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise DamagedQuestion("the question's seat decision is not a JSON object")
    try:
        return Problem.from_json(value)
    except ProblemError as err:
        raise DamagedQuestion(f"the question's seat decision does not read: {err}") from None


@lru_cache(maxsize=256)
def _read_view(text: str) -> SeatView:
    """A stored view text read back (read often: every phone's poll reads the question)."""
    return SeatView.from_text(text)


def _is_card(code: str) -> bool:
    """A card's code as the app writes it (``str`` of the card: "JD", "TH")."""
    try:
        return str(parse_card(code)) == code
    except ValueError:
        return False


def _check(q: ClassQuestion) -> None:
    """The cards are cards, the mode one of three, the answers answers of the question."""
    if q.mode not in MODES.values():
        raise DamagedQuestion(
            f"the question's mode {q.mode[:20]!r} is not one of {', '.join(MODES.values())}"
        )
    cards = [*q.cards, *(c for _, c in q.shown), *([q.upcard] if q.upcard else [])]
    bad = next((c for c in cards if not _is_card(c)), None)
    if bad is not None:
        raise DamagedQuestion(
            f"the question holds {bad[:20]!r}, which is not a card (a card is like JD or 10H)"
        )
    if q.trump is not None and (len(q.trump) != 1 or q.trump not in "CDHS"):
        raise DamagedQuestion(f"the question's trump {q.trump!r} is not a suit's letter (C, D, H or S)")
    if len(set(q.cards)) != len(q.cards) or (q.labels and len(q.labels) != len(q.cards)):
        raise DamagedQuestion("the question's cards repeat, or their captions do not match them")
    if not q.right or not all(answer_fits(q, a) for a in q.right):
        raise DamagedQuestion("the question's right answer is not one of its cards or choices")
    if q.view and q.problem is not None:
        raise DamagedQuestion("the question keeps its seat's view twice: in its problem and as its view")
    try:
        q.seat_view()
    except ValueError as err:
        raise DamagedQuestion(f"the question's seat view does not read: {err}") from None


def answer_fits(q: ClassQuestion, answer: str) -> bool:
    """Whether ``answer`` is an answer to ``q`` a phone can give: one of its cards, a set of them in
    its order, or one of its choices. A stored answer that is not is a damaged record."""
    if q.mode == "card":
        return answer in q.cards
    if q.mode == "choice":
        return answer in q.choices
    codes = answer.split()
    return codes == [c for c in q.cards if c in set(codes)] and len(set(codes)) == len(codes)


def read_question(body: str) -> ClassQuestion | None:
    """A stored question, or None when it does not read (a damaged record)."""
    try:
        return ClassQuestion.from_json(body)
    except DamagedQuestion:
        return None


def encode(answer: Card | frozenset[Card] | str, order: tuple[str, ...] = ()) -> str:
    """An answer as stored: a card's code, a set of cards in ``order``, or a choice as it is."""
    if isinstance(answer, Card):
        return str(answer)
    if isinstance(answer, frozenset):
        codes = {str(c) for c in answer}
        return " ".join(c for c in order if c in codes) if order else " ".join(sorted(codes))
    return answer


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _spoken(ex: Exercise) -> str:
    """The question as the projector says it; for a seat at the table, its first line and the
    question itself (the tricks so far are ``facts``, the trick on the table ``shown``)."""
    lines = ex.spoken_prompt.split("  \n")
    if ex.kind == "play_card":
        return lines[0] + " Which card would you play?"
    if ex.kind in TABLE_KINDS and ex.view is not None and len(lines) > 1:
        return lines[0] + " " + lines[-1].rsplit(". ", 1)[-1]
    return ex.spoken_prompt


def order_words(order: tuple[Card, ...]) -> str:
    """An order of cards as a choice reads: 'J♥, J♦, A♥, 9♠'."""
    return ", ".join(c.short for c in order)


def order_choices(ex: Exercise, right: tuple[Card, ...]) -> tuple[str, ...]:
    """The choices of an order question in class: the right order and orders with one pair of
    neighbours swapped (the slip a learner makes), ``ORDER_CHOICES`` in all, in a seeded order."""
    rng = random.Random(f"class-order:{ex.seed}")
    swaps = list(range(len(right) - 1))
    rng.shuffle(swaps)
    wrong = []
    for i in swaps[: ORDER_CHOICES - 1]:
        swapped = list(right)
        swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
        wrong.append(order_words(tuple(swapped)))
    choices = [order_words(right), *wrong]
    rng.shuffle(choices)
    return tuple(choices)


def _order_question(ex: Exercise, source: str) -> ClassQuestion:
    """Putting cards in order, asked in class as a choice among orders (``order_choices``)."""
    solution = solve(ex)
    assert isinstance(solution.answer, tuple)
    right = order_words(solution.answer)
    return ClassQuestion(
        source=source,
        kind=ex.kind,
        prompt=ex.spoken_prompt,
        mode="choice",
        cards=tuple(str(c) for c in ex.cards),
        trump=ex.trump.letter if ex.trump is not None else None,
        choices=order_choices(ex, solution.answer),
        answer_words=right,
        why=solution.why,
        right=(right,),
    )


def from_exercise(ex: Exercise, source: str) -> ClassQuestion:
    """The class's question for a lesson exercise, with the engine's answer and explanation."""
    if ex.mode is Mode.ORDER:
        return _order_question(ex, source)
    if ex.mode not in MODES:  # pragma: no cover - every mode is asked
        raise QuestionError(
            f"a {DRILLS[ex.kind].title.lower()} question takes more than one tap; pick another kind"
        )
    solution = solve(ex)
    cards = tuple(str(c) for c in ex.cards)
    labels: tuple[str, ...] = ()
    shown: tuple[tuple[str, str], ...] = ()
    facts: tuple[str, ...] = ()
    if ex.kind == "trick_winner":
        labels = tuple(seat_name(4, seat) for seat, _ in ex.trick)
    elif ex.kind == "can_play" and ex.led is not None:
        shown = ((f"{seat_name(4, ex.trick[0][0])} led", str(ex.led)),)
    elif ex.kind in TABLE_KINDS and ex.view is not None:
        shown = tuple((_cap(play_who(ex.view, seat)), str(c)) for seat, c in ex.trick)
        facts = tuple(ex.prompt.split("  \n")[1:-1])
    answer = solution.answer
    if isinstance(answer, Card):
        words = answer.short
    elif isinstance(answer, frozenset):
        words = ", ".join(c.short for c in ex.cards if c in answer)
    elif isinstance(answer, str):
        words = answer
    else:  # pragma: no cover - an order is never asked in class
        raise QuestionError("this kind of question is not asked in class")
    return ClassQuestion(
        source=source,
        kind=ex.kind,
        prompt=_spoken(ex),
        mode=MODES[ex.mode],
        cards=cards,
        labels=labels,
        shown=shown,
        trump=ex.trump.letter if ex.trump is not None else None,
        upcard=str(ex.upcard) if ex.kind in UPCARD_KINDS and ex.upcard else None,
        facts=facts,
        choices=ex.options,
        answer_words=words,
        why=solution.why,
        right=tuple(
            dict.fromkeys(encode(a, cards) for a in (answer, *solution.also) if not isinstance(a, tuple))
        ),
        view=ex.view.to_text() if ex.view is not None and solution.problem is None else "",
        problem=solution.problem,
    )


# ---- the rules a question follows -----------------------------------------------------------------
# The lessons' drills (lessons.exercises.generate) take a kind's options, not a rules value: each
# deals and judges its question under fixed rules. What that means under the rules in force:
# - "left_bower" and "can_play": the answer is the same under every rule set the app has (the left
#   bower is the other jack of the colour; following suit, the left bower counting as trump, is
#   the same with any deck, joker or number of players): they follow any rules;
# - "trick_winner": a trick of four cards, one from each of four players: any rules of four players;
# - "points": the number of players is the drill's option, set from the rules in force, and a
#   hand where a defender went alone is drawn only when the rules let a defender go alone;
# - the drills of a variant (``DRILL_RULES``: stick the dealer, defending alone, the joker turned up,
#   two-handed, cutthroat) are dealt and judged under their own variant's rules: they follow the
#   rules in force when those are the variant's, and say which they follow otherwise;
# - every other kind is dealt and judged under the standard rules only (the drills take no other):
#   under other rules the question says "standard rules" (its source), and the teacher's page says
#   so before it is asked, rather than pretend it follows them.
ANY_RULES = ("left_bower", "rank_order", "can_play")
DRILL_RULES: dict[str, tuple[Rules, str]] = {
    "stick_dealer": (PRESETS["Tournament (stick the dealer)"], "stick the dealer"),
    "defend_alone": (PRESETS["Railroad (defend alone)"], "Railroad rules"),
    "joker_up": (PRESETS["British (25 cards, Benny)"], "British rules"),
    "two_handed": (PRESETS["Two-handed"], "two-handed rules"),
    "cutthroat": (PRESETS["Cutthroat (3 players)"], "cutthroat rules"),
}
FOUR_PLAYER_KINDS = ("trick_winner",)
HAND_FIELDS = (
    "players",
    "deck",
    "joker",
    "stick_the_dealer",
    "defend_alone",
    "lone_lead",
    "discard_upcard",
    "optional_pickup",
)  # the fields that change a hand (not the game's target, the match, the draw)
REDRAWS = 60  # seeds tried for a points question the rules allow (a lone defender comes 1 in 7)


def rule_differences(rules: Rules, base: Rules | None = None) -> tuple[str, ...]:
    """How ``rules`` differ from ``base`` (the standard rules) in what a hand is, in words.

    >>> rule_differences(Rules()), rule_differences(Rules(players=3, joker=True, target=5))
    ((), ('3 players', 'the joker'))
    """
    standard = base or Rules()
    words = {
        "players": f"{rules.players} players",
        "deck": f"{rules.deck} cards",
        "joker": "the joker",
        "stick_the_dealer": "stick the dealer",
        "defend_alone": "defending alone",
        "lone_lead": "the lead left of the loner",
        "discard_upcard": "the upcard buried",
        "optional_pickup": "the upcard left by the dealer",
    }
    return tuple(words[f] for f in HAND_FIELDS if getattr(rules, f) != getattr(standard, f))


def rules_note(kind: str, rules: Rules | None, options: dict[str, str] | None = None) -> str:
    """What a question of ``kind`` says about its rules when they are not ``rules`` (the rules in
    force): '' when it follows them (or none are given), else e.g. 'standard rules'.

    >>> rules_note("bid", Rules(players=3)), rules_note("bid", Rules(target=5)), rules_note("left_bower", Rules(joker=True))
    ('standard rules', '', '')
    >>> rules_note("trick_winner", Rules(players=2)), rules_note("points", Rules(players=3), {"players": "2"})
    ('four players', '2 players')
    """
    if rules is None or kind in ANY_RULES:
        return ""
    if kind in DRILL_RULES:
        own, name = DRILL_RULES[kind]
        return name if rule_differences(rules, own) else ""
    if kind in FOUR_PLAYER_KINDS:
        return "" if rules.players == 4 else "four players"
    if kind == "points":
        players = (options or {}).get("players")
        return f"{players} players" if players and players != str(rules.players) else ""
    return "standard rules" if rule_differences(rules) else ""


def rules_problem(kind: str, rules: Rules) -> str:
    """For the teacher's page: why a question of ``kind`` does not follow ``rules``, and what it is
    asked under instead; '' when it follows them."""
    note = rules_note(kind, rules)
    title = DRILLS[kind].title if kind in DRILLS else kind
    if not note:
        return ""
    if kind in DRILL_RULES:
        own = DRILL_RULES[kind][0]
        return (
            f'"{title}" questions are dealt and judged under {note} ({own.summary()}), not the rules in '
            f'force. Asked, the projector says "{note}".'
        )
    if note == "four players":
        return (
            f'"{title}" shows a trick of four cards, one from each of four players; the rules in force have '
            f"{rules.players} players, so its questions are asked as in a four-player game (the projector says "
            '"four players").'
        )
    return (
        f'"{title}" questions are dealt and judged under the standard rules only (4 players, 24 cards, no '
        f"joker, no stick the dealer): the rules in force have {', '.join(rule_differences(rules))}, which they "
        'do not follow. Asked, the projector says "standard rules"; pick another kind (Find the bower, Which '
        "of these can you play?, How many points?) to stay with the rules in force."
    )


def _lone_defender(ex: Exercise) -> bool:
    return dict(ex.settings).get("lone_defender") == "True"


def _made(kind: str, seed: int, opts: dict[str, str], rules: Rules | None, title: str) -> ClassQuestion:
    """The question of ``kind`` for ``seed`` at the level ``opts``, following ``rules`` where the
    drill can (see the notes above ANY_RULES) and saying so in its source where it cannot."""
    note = rules_note(kind, rules, opts)
    if kind == "points" and rules is not None:
        opts = {"players": str(rules.players), **opts}
    try:
        ex = generate(kind, seed, opts)
        if kind == "points" and rules is not None and not rules.defend_alone:
            tries = 0
            while _lone_defender(ex) and tries < REDRAWS:  # a defender may not go alone under these rules
                tries += 1
                ex = generate(kind, seed + tries, opts)
    except ValueError as err:
        raise QuestionError(str(err)) from err
    return from_exercise(ex, f"{title} ({note})" if note else title)


def exercise_question(
    kind: str, seed: int, options: dict[str, str] | None = None, rules: Rules | None = None
) -> ClassQuestion:
    """A fresh question of ``kind`` (one of CLASS_KINDS) at the level ``options`` set, under the
    rules in force ``rules`` as far as the kind can follow them (``rules_note``; None: the drill's own)."""
    if kind not in CLASS_KINDS:
        raise QuestionError(f"class questions are: {', '.join(CLASS_KINDS)}; not {kind!r}")
    opts = {k: v for k, v in (options or {}).items() if v}
    try:
        check_options(kind, opts)
    except ValueError as err:
        raise QuestionError(str(err)) from err
    return _made(kind, seed, opts, rules, DRILLS[kind].title)


@dataclass(frozen=True, slots=True)
class LessonStep:
    """A lesson step with an exercise a class can be asked."""

    lesson: int
    lesson_title: str
    step: int  # 1-based
    title: str
    kind: str
    options: tuple[tuple[str, str], ...]

    @property
    def name(self) -> str:
        return f"Lesson {self.lesson}, step {self.step}: {self.title}"


def lesson_steps() -> tuple[LessonStep, ...]:
    found = []
    for lesson in load_lessons():
        for i, step in enumerate(lesson.steps, start=1):
            element = step.element
            if element is not None and element.kind == "exercise" and element.args[0] in CLASS_KINDS:
                found.append(
                    LessonStep(lesson.number, lesson.title, i, step.title, element.args[0], element.options)
                )
    return tuple(found)


def step_question(step: LessonStep, seed: int, rules: Rules | None = None) -> ClassQuestion:
    """A fresh question of a lesson's step, with that step's options, under ``rules`` as far as its kind can."""
    return _made(step.kind, seed, dict(step.options), rules, step.name)


SEAT_WORDS = {
    (4, "first"): "You sit first, left of the dealer",
    (4, "second"): "You sit second, the dealer's partner",
    (4, "third"): "You sit third, right of the dealer",
    (3, "first"): "You sit first, left of the dealer",
    (3, "second"): "You sit second, right of the dealer",
    (2, "first"): "You sit first, across from the dealer",
}


def hand_question(hand: str, upcard: str, seat: str, seed: int, rules: Rules | None = None) -> ClassQuestion:
    """ "What would you bid?" for a typed hand, judged by the analyzer (round 1, everyone before
    passed) under ``rules`` (the rules in force; None: the standard rules). Raises QuestionError
    (a bad hand, card or seat) with the analyzer's own words. The question keeps the seat's view
    text (``view``): the deal editor's "ask it in class" link carries that text, which fills the form."""
    try:
        q = hand_situation(hand, upcard, seat, rules=rules or Rules())
    except ValueError as err:
        raise QuestionError(str(err)) from err
    return _bid_question(q, seed)


def _bid_question(q: HandSituation, seed: int) -> ClassQuestion:
    """The class's "what would you bid?" for the analyzer's question ``q``, judged as the Analyze
    page judges it: the bid's problem (``lessons.bid_drill.bid_problem``, the bid drill's), its
    choices and right answers said as the phones say them. The figures the teacher reads add each
    bid's range and euchre chance to the problem's values."""
    view = q.view()
    robust = value_bids(view)  # as the Analyze page, the hint and the grade value it
    a = robust.analysis
    dealer = q.seat == "dealer"

    def say(text: str) -> str:
        return in_dealer_words(text) if dealer else text

    def words(choices: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(answer_words(Action.parse(c), dealer=dealer) for c in choices))

    figures = []
    seen: set[str] = set()
    for o in sorted(a.options, key=lambda o: -o.realistic.ev):
        name = say(label(o.action, o.discard))
        if name in seen:
            continue
        seen.add(name)
        r = o.realistic
        line = f"{name[:1].upper()}{name[1:]}: {points(r.ev)} points a hand (95% range {points(r.ev_ci[0])} to {points(r.ev_ci[1])})"
        if o.action.kind is not Kind.PASS:
            line += f", euchred in {percent(r.p_euchred)}"
        figures.append(line)
    why = say(headline(a)) + "."
    if robust.close_call:
        why += " " + say(robust.reason)
    position = SEAT_WORDS.get((q.rules.players, q.seat), "You are the dealer")
    before = "Everyone before you passed. " if q.position > 1 else ""
    problem = bid_problem(view, a, why)
    right = words(problem.right)
    return ClassQuestion(
        source="A typed hand",
        kind="hand",
        mode="choice",
        prompt=f"{position}; the upcard is the {q.upcard.short}. {before}What would you bid?",
        cards=tuple(str(c) for c in q.hand),
        upcard=str(q.upcard),
        choices=words(problem.choices),
        right=right,
        answer_words=" or ".join(right) + (" (too close to call)" if a.too_close else ""),
        why=why,
        figures=tuple(figures),
        close=robust.close_call,
        problem=problem,
    )


__all__ = [
    "ANY_RULES",
    "DRILL_RULES",
    "CLASS_KINDS",
    "HAND_SEATS",
    "ClassQuestion",
    "DamagedQuestion",
    "LessonStep",
    "QuestionError",
    "answer_fits",
    "encode",
    "exercise_question",
    "from_exercise",
    "hand_question",
    "lesson_steps",
    "read_question",
    "rule_differences",
    "rules_note",
    "rules_problem",
    "step_question",
]
