"""Endless exercises, generated from a seed and judged by the engine.

>>> ex = generate("left_bower", seed=7, options={"trump": "H"})
>>> ex.prompt
'Hearts ♥ are trump. Click the left bower.'
>>> check(ex, parse_card("JD")).correct
True
>>> print(check(ex, parse_card("JH")).message)
Not quite. The J♥ is the right bower. Hearts are trump, so the left bower is the J♦: the other red jack. This hand it counts as a heart, the next trump below the right bower.

Kinds: ``left_bower`` (click the left — or, with ``bower=right``, the right — bower),
``rank_order`` (put cards in order), ``can_play`` (which of these may you play?),
``trick_winner`` (who wins this trick?), ``points`` (how many points?), ``bid``
(order up or pass?), ``play_card`` (which card would you play? judged by the exact
solver over every deal that fits what you can see, ``lessons.play_drill``), ``name_suit``
(round 2: name a suit or pass?) and ``go_alone`` (alone or with your partner?), judged by the
hand analyzer (``lessons.call_drills``), ``discard`` (the dealer's discard,
``lessons.discard_drill``), ``loner_lead`` and ``keep_guards`` (defending against a loner),
judged by the seat's own valuation (``engine.search.seat_values``, ``lessons.seat_judge``), and
``trumps_out`` (how many trumps are still out? ``lessons.defence_drills``). ``generate`` makes
the question; ``solve`` asks the engine for the answer and a sentence explaining it (with any
answers it judges as good: ``Solution.also``; for a seat's decision judged with figures, made from
its ``engine.core.problem.Problem``: ``Solution.problem``); ``check`` compares the learner's answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from engine.core.cards import Card, Suit, parse_card
from engine.core.errors import CardParseError
from lessons import (
    bid_drill,
    call_drills,
    card_drills,
    defence_drills,
    discard_drill,
    naming_drills,
    play_drill,
    score_drill,
    table_drills,
)
from lessons.card_drills import misplaced
from lessons.exercise_model import Answer, Exercise, Feedback, Mode, Solution
from lessons.model import LessonError
from lessons.searched import searching

__all__ = [
    "EXERCISE_KINDS",
    "Answer",
    "Exercise",
    "Feedback",
    "Mode",
    "Solution",
    "check",
    "check_options",
    "generate",
    "misplaced",
    "parse_card",
    "shape_problem",
    "solve",
]


@dataclass(frozen=True, slots=True)
class Drill:
    title: str
    make: Callable[[int, random.Random, Mapping[str, str]], Exercise]
    solve: Callable[[Exercise], Solution]
    wrong: Callable[[Exercise, Answer, Solution], str]
    options: Mapping[str, tuple[str, ...]]  # accepted option -> accepted values ("*" = any suit)
    # a drill judged by figures with an uncertainty: the answers the same judge counts right when it
    # judges the question again on ``factor`` times the deals drawn from another seed (for
    # ``python -m bench drill_balance``); None for a drill the rules answer exactly
    again: Callable[[Exercise, int, str], frozenset[Answer]] | None = None


_SUIT = ("C", "D", "H", "S")
DRILLS: dict[str, Drill] = {
    "left_bower": Drill(
        "Find the bower",
        card_drills.make_left_bower,
        card_drills.solve_left_bower,
        card_drills.wrong_left_bower,
        {"trump": _SUIT, "bower": ("left", "right")},
    ),
    "rank_order": Drill(
        "Put these cards in order",
        card_drills.make_rank_order,
        card_drills.solve_rank_order,
        card_drills.wrong_rank_order,
        {"trump": _SUIT, "joker": ("yes", "no")},
    ),
    "can_play": Drill(
        "Which of these can you play?",
        card_drills.make_can_play,
        card_drills.solve_can_play,
        card_drills.wrong_can_play,
        {"trump": _SUIT, "trap": ("yes", "no")},
    ),
    "trick_winner": Drill(
        "Who wins this trick?",
        card_drills.make_trick_winner,
        card_drills.solve_trick_winner,
        card_drills.wrong_trick_winner,
        {"trump": _SUIT},
    ),
    "points": Drill(
        "How many points?",
        score_drill.make_points,
        score_drill.solve_points,
        score_drill.wrong_points,
        {"players": ("2", "3", "4")},
    ),
    "bid": Drill(
        "Order up or pass?",
        bid_drill.make_bid,
        bid_drill.solve_bid,
        bid_drill.wrong_bid,
        {"seat": ("first", "second", "third", "dealer")},
        bid_drill.bid_again,
    ),
    "score_bid": Drill(
        "Order up or pass, at this score?",
        bid_drill.make_score_bid,
        bid_drill.solve_bid,
        bid_drill.wrong_bid,
        {"seat": ("first", "second", "third", "dealer")},
        bid_drill.bid_again,
    ),
    "play_card": Drill(
        "Which card would you play?",
        play_drill.make_play_card,
        play_drill.solve_play_card,
        play_drill.wrong_play_card,
        {"side": play_drill.SIDES},
        play_drill.play_card_again,
    ),
    "name_suit": Drill(
        "Name a suit or pass?",
        call_drills.make_name_suit,
        call_drills.solve_name_suit,
        call_drills.wrong_name_suit,
        {"seat": ("first", "second", "third", "dealer")},
        call_drills.name_suit_again,
    ),
    "go_alone": Drill(
        "Alone or with your partner?",
        call_drills.make_go_alone,
        call_drills.solve_go_alone,
        call_drills.wrong_go_alone,
        {"round": call_drills.ROUNDS},
        call_drills.go_alone_again,
    ),
    "discard": Drill(
        "Which card do you discard?",
        discard_drill.make_discard,
        discard_drill.solve_discard,
        defence_drills.wrong_card,
        {},
        defence_drills.card_again,
    ),
    "loner_lead": Drill(
        "Lead against a loner",
        defence_drills.make_loner_lead,
        defence_drills.solve_card,
        defence_drills.wrong_card,
        {},
        defence_drills.card_again,
    ),
    "keep_guards": Drill(
        "Which card do you throw?",
        defence_drills.make_keep_guards,
        defence_drills.solve_card,
        defence_drills.wrong_card,
        {},
        defence_drills.card_again,
    ),
    "trumps_out": Drill(
        "How many trumps are out?",
        defence_drills.make_trumps_out,
        defence_drills.solve_trumps_out,
        defence_drills.wrong_trumps_out,
        {"side": play_drill.SIDES},
    ),
    "stick_dealer": Drill(
        "Stuck: which suit do you call?",
        naming_drills.make_stick_dealer,
        call_drills.solve_name_suit,
        naming_drills.wrong_naming,
        {},
        call_drills.name_suit_again,
    ),
    "defend_alone": Drill(
        "Defend alone?",
        table_drills.make_defend_alone,
        table_drills.solve_defend_alone,
        table_drills.wrong_defend_alone,
        {},
        table_drills.defend_alone_again,
    ),
    "loner_play": Drill(
        "Play your loner",
        table_drills.make_loner_play,
        defence_drills.solve_card,
        defence_drills.wrong_card,
        {},
        defence_drills.card_again,
    ),
    "makers_lead": Drill(
        "The makers' opening lead",
        table_drills.make_makers_lead,
        defence_drills.solve_card,
        defence_drills.wrong_card,
        {},
        defence_drills.card_again,
    ),
    "second_hand": Drill(
        "Playing second",
        table_drills.make_second_hand,
        defence_drills.solve_card,
        defence_drills.wrong_card,
        {},
        defence_drills.card_again,
    ),
    "joker_up": Drill(
        "The joker turned up: which suit?",
        naming_drills.make_joker_up,
        call_drills.solve_name_suit,
        naming_drills.wrong_naming,
        {},
        call_drills.name_suit_again,
    ),
    "two_handed": Drill(
        "Two-handed: order up or pass?",
        bid_drill.make_two_handed,
        bid_drill.solve_bid,
        bid_drill.wrong_bid,
        {},
        bid_drill.bid_again,
    ),
    "cutthroat": Drill(
        "Cutthroat: order up or pass?",
        bid_drill.make_cutthroat,
        bid_drill.solve_bid,
        bid_drill.wrong_bid,
        {},
        bid_drill.bid_again,
    ),
}
EXERCISE_KINDS: tuple[str, ...] = tuple(DRILLS)


def check_options(kind: str, options: Mapping[str, str]) -> None:
    """Raise LessonError if ``options`` are not accepted by exercise ``kind``."""
    if kind not in DRILLS:
        raise LessonError(f"there is no exercise {kind!r}; the exercises are: {', '.join(EXERCISE_KINDS)}")
    accepted = DRILLS[kind].options
    for key, value in options.items():
        if key not in accepted:
            listed = ", ".join(accepted) or "none"
            raise LessonError(f"exercise {kind!r} has no option {key!r}; its options: {listed}")
        if value not in accepted[key]:
            raise LessonError(f"exercise {kind!r}: {key}={value!r}; accepted: {', '.join(accepted[key])}")


def generate(kind: str, seed: int, options: Mapping[str, str] | None = None) -> Exercise:
    """The exercise of ``kind`` for ``seed`` (the same seed always gives the same question)."""
    opts = dict(options or {})
    check_options(kind, opts)
    return DRILLS[kind].make(seed, random.Random(f"{kind}:{seed}"), opts)


def forget_searches() -> None:
    """Forget the questions the analyzer's drills have searched for in this process (the searches'
    memos), so that the next ``generate`` of such a drill looks again (``lessons.searched``)."""
    for cached in (bid_drill._judged, call_drills._round2, naming_drills._stuck, naming_drills._joker):
        cached.cache_clear()


def search_afresh(kind: str, seed: int) -> dict[str, tuple[int, int]]:
    """Make seed ``seed``'s search of ``kind`` (no options) again, whatever is kept: where it ends
    and how many deals it valued, by address (``lessons.searched``)."""
    forget_searches()  # a search made earlier in this process would not be made again
    try:
        with searching() as recorder:
            generate(kind, seed, {})
        return recorder
    finally:
        forget_searches()  # what was found afresh must not stand in for the kept deals' runs


def solve(exercise: Exercise) -> Solution:
    """Ask the engine for the answer, with a sentence saying why."""
    return DRILLS[exercise.kind].solve(exercise)


def check(exercise: Exercise, answer: Answer, solution: Solution | None = None) -> Feedback:
    """Judge an answer: immediate feedback that explains why, right or wrong.

    ``solution`` may be passed when already computed (``solve`` can be slow for ``bid``).
    """
    solution = solution if solution is not None else solve(exercise)
    problem = shape_problem(exercise, answer)
    if problem:
        return Feedback(False, problem, solution)
    if _same(exercise, answer, solution):
        return Feedback(True, f"Right! {solution.why}", solution)
    note = DRILLS[exercise.kind].wrong(exercise, answer, solution)
    return Feedback(False, f"Not quite. {note} {solution.why}".replace("  ", " "), solution)


def _same(exercise: Exercise, answer: Answer, solution: Solution) -> bool:
    if exercise.mode is Mode.PICK_CARDS and not isinstance(answer, frozenset):
        return False
    return solution.accepts(answer)


def shape_problem(exercise: Exercise, answer: Answer) -> str:
    """A message when the answer is not even the right kind of thing (never a traceback), else "".

    The page shows it without counting an attempt: the learner has not answered yet.
    """
    mode = exercise.mode
    if mode is Mode.PICK_CARD and not (isinstance(answer, Card) and answer in exercise.cards):
        return "Click one of the cards shown."
    if mode is Mode.PICK_CARDS and not (isinstance(answer, frozenset) and answer <= set(exercise.cards)):
        return "Select cards from your hand."
    if mode is Mode.PICK_CARDS and not answer:
        return "Select at least one card: you always have something you may play."
    if mode is Mode.ORDER and not (isinstance(answer, tuple) and sorted(answer) == sorted(exercise.cards)):
        return f"Click all {len(exercise.cards)} cards, each once, strongest first."
    if mode is Mode.CHOICE and answer not in exercise.options:
        return f"Choose one of: {', '.join(exercise.options)}."
    return ""


def parse_answer(exercise: Exercise, text: str) -> Answer:
    """Text answers (for the command line and tests): cards separated by spaces, or an option."""
    if exercise.mode is Mode.CHOICE:
        chosen = text.strip()
        match = [o for o in exercise.options if o.lower() == chosen.lower()]
        if not match:
            raise LessonError(
                f"{chosen!r} is not one of the choices; answer with one of: " + ", ".join(exercise.options)
            )
        return match[0]
    try:
        cards = tuple(parse_card(t) for t in text.replace(",", " ").split())
    except CardParseError as err:
        raise LessonError(str(err)) from err
    if exercise.mode is Mode.PICK_CARD:
        if len(cards) != 1:
            raise LessonError("answer with one card, like JD")
        return cards[0]
    if exercise.mode is Mode.PICK_CARDS:
        return frozenset(cards)
    return cards


def suit_of(text: str) -> Suit:
    return Suit.parse(text)
