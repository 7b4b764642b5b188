"""No card code reaches a learner (issue 49, item 2): a learner reads "the 9♦", never "9D".

Scans what a learner reads, with the pages' own functions, for a card written the engine's way
(``9D``, ``TS``, ``QH``, ``JOKER``):

- every step of every lesson (its text with the engine's facts filled in), and each exercise of a
  lesson generated from ``--seeds`` seeds: its question, facts, choices, the engine's explanation
  and the feedback to every wrong answer it offers;
- each lesson step as a class question (prompt, facts, choices, answer and why);
- ``--hands`` practice hands from seeded deals, the learner taking the hint each time: every hint
  as the page words it (the hint box and its figures), and the hand review's rows (grades, the
  better choice, the reason, the figures behind the grades, the face-up hindsight line), the
  hand's log and its result.

    python -m bench card_codes --hands 200 --seeds 3

prints how many texts it read and every card code found (none, when all is well); exit 1 if any.
``tests/practice/test_card_codes.py`` runs the same scan on a smaller sample.
"""

from __future__ import annotations

import argparse
import html
import re
import sys
from collections.abc import Iterator

from classroom.questions import lesson_steps, step_question
from engine.core.rules import Rules
from engine.core.seats import LEARNER
from lessons import exercises
from lessons.exercise_model import Exercise, Mode
from lessons.loader import load_lessons
from practice import coach, review
from practice.session import Session, Waiting, act, replay
from practice.table_text import advice_text, hand_result, move_line
from ui.practice_panels import better_text, figures_html, grades_html

# A card as the engine writes it: rank (2-9, T, 10, J, Q, K, A) and suit letter, standing alone
# (not inside a word or a deal code's group), or the joker in capitals.
CODE = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9TJQKA])[CDHS](?![\w])|\bJOKER\b")
_TAG = re.compile(r"<[^>]+>")

Found = tuple[str, str, str]  # (where, the code, the text around it)


def card_codes(text: str) -> list[str]:
    """The card codes in ``text`` as a reader sees it.

    >>> card_codes("Best: order up (discard 9D); play the 9♦, not the TS. Deal AAKD-E7IH, JOKER")
    ['9D', 'TS', 'JOKER']
    """
    return CODE.findall(text)


def visible(markup: str) -> str:
    """HTML as a reader sees it: the tags (and their attributes) gone, entities decoded."""
    return html.unescape(_TAG.sub(" ", markup))


def scan(texts: Iterator[tuple[str, str]]) -> tuple[int, list[Found]]:
    """How many texts were read, and every card code found in them (with where and its context)."""
    read, found = 0, []
    for where, text in texts:
        read += 1
        for match in CODE.finditer(text):
            context = text[max(0, match.start() - 40) : match.end() + 40].replace("\n", " ")
            found.append((where, match.group(0), context))
    return read, found


# ---- lessons ----------------------------------------------------------------------------------


def _wrong_answers(ex: Exercise) -> list[exercises.Answer]:
    """Answers a learner might give: every choice, every card (a few pairs of cards for the modes
    that take several)."""
    if ex.mode is Mode.CHOICE:
        return list(ex.options)
    if ex.mode is Mode.PICK_CARD:
        return list(ex.cards)
    if ex.mode is Mode.PICK_CARDS:
        return [frozenset(), frozenset(ex.cards[:1]), frozenset(ex.cards)]
    return [tuple(ex.cards), tuple(reversed(ex.cards))]


def exercise_texts(ex: Exercise, where: str) -> Iterator[tuple[str, str]]:
    yield where + " question", " ".join((ex.prompt, ex.spoken_prompt, *ex.facts, *ex.options))
    solution = exercises.solve(ex)
    yield where + " explanation", solution.why
    for answer in _wrong_answers(ex):
        yield where + " feedback", exercises.check(ex, answer, solution).message


def lesson_texts(seeds: int) -> Iterator[tuple[str, str]]:
    """Every lesson step's text, and its exercise from ``seeds`` seeds."""
    for lesson in load_lessons():
        for number, step in enumerate(lesson.steps, start=1):
            where = f"lesson {lesson.number} step {number}"
            yield where, " ".join((lesson.title, lesson.summary, step.title, step.text))
            element = step.element
            if element is None or element.kind != "exercise":
                continue
            kind = element.args[0] if element.args else ""
            options = dict(element.options)
            for seed in range(seeds):
                yield from exercise_texts(exercises.generate(kind, seed, options), f"{where} seed {seed}")


def class_texts(seeds: int) -> Iterator[tuple[str, str]]:
    """Each lesson step as a class question (the text a projector and the phones show)."""
    for step in lesson_steps():
        for seed in range(seeds):
            q = step_question(step, seed)
            yield (
                f"class question {step.name} seed {seed}",
                " ".join((q.prompt, *q.facts, *q.choices, q.answer_words, q.why)),
            )


# ---- practice hands ---------------------------------------------------------------------------


def practice_texts(hands: int, first_seed: int = 0) -> Iterator[tuple[str, str]]:
    """``hands`` hands of seeded deals, one a seed, the learner taking the hint at each decision:
    each hint as the hint box words it, then the hand's review rows, log and result."""
    for seed in range(first_seed, first_seed + hands):
        pos = replay(Session(Rules(), ("you", "club", "club", "club"), seed))
        while pos.waiting is Waiting.LEARNER:
            hint = coach.hint(pos.hand, LEARNER)
            text = advice_text(pos.hand, hint.action, hint.reason)
            yield f"hand {seed} hint", f"Hint — {hint.source}: {text} {hint.figures}"
            pos = act(pos, hint.action)
        graded = review.grade_hand(pos.hand)
        rows = grades_html(graded, "South") + figures_html(graded)
        extra = " ".join(better_text(g) + " " + g.hindsight_text() for g in graded)
        yield f"hand {seed} review", visible(rows) + " " + extra
        yield f"hand {seed} log", " ".join(move_line(m) for m in pos.moves) + " " + hand_result(pos.game)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench card_codes", description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="practice hands to scan (default 200)")
    parser.add_argument("--seeds", type=int, default=3, help="seeds of each lesson exercise (default 3)")
    args = parser.parse_args(argv)
    total_read, total_found = 0, []
    for name, texts in (
        ("lessons and drills", lesson_texts(args.seeds)),
        ("class questions", class_texts(args.seeds)),
        (f"{args.hands} practice hands", practice_texts(args.hands)),
    ):
        read, found = scan(texts)
        total_read += read
        total_found += found
        print(f"{name}: {read:,} texts read, {len(found)} card codes")
    for where, code, context in total_found[:50]:
        print(f"  {code} in {where}: …{context}…")
    print(f"in all: {total_read:,} texts, {len(total_found)} card codes")
    return 1 if total_found else 0


if __name__ == "__main__":
    sys.exit(main())
