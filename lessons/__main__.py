"""``python -m lessons list [--json]``: the lesson catalogue, checkable without a browser.

``python -m lessons try KIND [--seed N] [--option KEY=VALUE] [--answer TEXT]`` prints one
exercise and, with ``--answer``, the engine's verdict (handy for authors and teachers).

``python -m lessons facts [--write]`` prints the engine facts the lessons quote (``lessons.facts``)
as the engine gives them now, marking each that has moved from ``lessons/fact_values.py``;
``--write`` stores them there, so the lessons say what the engine says.

``python -m lessons bank [--kinds loner_play,makers_lead] [--write]`` searches the seeded deals for
the rare questions that keep two card drills balanced (``lessons.drill_bank``) and prints where
they are; ``--write`` stores them in ``lessons/drill_bank_places.py`` (the same file every time).

``python -m lessons searched [--kinds bid,name_suit] [--write]`` makes the analyzer's drills'
searches for their first seeds (``lessons.searched``) and prints where each ended; ``--write``
stores that in ``lessons/searched_found.py`` (the other kinds' entries kept as they are).
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import islice
from pathlib import Path

from lessons import facts
from lessons.exercises import EXERCISE_KINDS, check, generate, parse_answer, search_afresh, solve
from lessons.loader import load_lessons
from lessons.model import Lesson, LessonError


def catalogue(lessons: tuple[Lesson, ...]) -> list[dict[str, object]]:
    return [
        {
            "id": lesson.id,
            "number": lesson.number,
            "title": lesson.title,
            "summary": lesson.summary,
            "exercise_types": list(lesson.exercise_kinds),
            "steps": [
                {
                    "step": i,
                    "title": step.title,
                    "element": None if step.element is None else step.element.kind,
                    "exercise": step.element.args[0]
                    if step.element is not None and step.element.kind == "exercise"
                    else None,
                    "link": f"learn?lesson={lesson.id}&step={i}",
                }
                for i, step in enumerate(lesson.steps, start=1)
            ],
        }
        for lesson in lessons
    ]


def _plain(lessons: tuple[Lesson, ...]) -> str:
    out: list[str] = []
    for lesson in lessons:
        kinds = f"  [exercises: {', '.join(lesson.exercise_kinds)}]" if lesson.exercise_kinds else ""
        out.append(f"{lesson.number:2}. {lesson.title} ({lesson.id}){kinds}")
        for i, step in enumerate(lesson.steps, start=1):
            element = step.element
            tag = ""
            if element is not None:
                tag = f"  <{element.kind}{' ' + ' '.join(element.args) if element.args else ''}>"
            out.append(f"      {i}. {step.title}{tag}")
    return "\n".join(out)


def _option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise LessonError(f"--option takes KEY=VALUE, like side=makers; got {text!r}")
    return key, value


def _facts(write: bool) -> int:
    from lessons.fact_values import VALUES

    now = facts.compute()
    for key, value in sorted(now.items()):
        mark = "" if facts.same(VALUES.get(key), value) else f"   (stored: {VALUES.get(key, 'none')!r})"
        print(f"{key} = {value!r}{mark}")
    if write:
        Path(facts.__file__).with_name("fact_values.py").write_text(facts.source(now), encoding="utf-8")
        print(f"wrote {len(now)} facts to lessons/fact_values.py")
    return 0


def _bank(kinds: str | None, write: bool) -> int:
    from lessons import drill_bank
    from lessons.drill_bank_places import PLACES
    from lessons.table_drills import BANKED

    names = kinds.split(",") if kinds else sorted(BANKED)
    unknown = [k for k in names if k not in BANKED]
    if unknown:
        raise LessonError(f"no bank for {', '.join(unknown)}; banked kinds: {', '.join(sorted(BANKED))}")
    bank = dict(PLACES)
    for kind in names:
        found = []
        for place in islice(drill_bank.places(BANKED[kind]), drill_bank.BANK_SIZE):
            print(f"{kind} seed={place.seed} deal={place.attempt} moment={place.moment}", flush=True)
            found.append(place)
        bank[kind] = tuple(found)
    if write:
        Path(drill_bank.__file__).with_name("drill_bank_places.py").write_text(
            drill_bank.source(bank), encoding="utf-8"
        )
        print(f"wrote {sum(map(len, bank.values()))} places to lessons/drill_bank_places.py")
    return 0


def _searched(kinds: str | None, write: bool) -> int:
    from lessons import searched
    from lessons.searched_found import FOUND, VALUED

    names = kinds.split(",") if kinds else list(searched.SEARCHED_KINDS)
    unknown = [k for k in names if k not in searched.SEARCHED_KINDS]
    if unknown:
        raise LessonError(
            f"no search kept for {', '.join(unknown)}; searched kinds: {', '.join(searched.SEARCHED_KINDS)}"
        )
    kept = {a: (n, VALUED[a]) for a, n in FOUND.items() if a.split(":")[0] not in names}
    for kind in names:
        for seed in range(searched.QUICK_SEEDS):
            for address, (number, valued) in search_afresh(kind, seed).items():
                print(f"{address} -> deal {number} ({valued} valued)", flush=True)
                kept[address] = number, valued
    if write:
        Path(searched.__file__).with_name("searched_found.py").write_text(
            searched.source(kept), encoding="utf-8"
        )
        print(f"wrote {len(kept)} searches to lessons/searched_found.py")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lessons", description="Euchre Coach lessons.")
    sub = parser.add_subparsers(dest="command", required=True)
    listing = sub.add_parser("list", help="list the lessons, their steps and exercise types")
    listing.add_argument("--json", action="store_true", help="print JSON instead of text")
    trying = sub.add_parser("try", help="print one exercise (and judge an answer)")
    trying.add_argument("kind", choices=EXERCISE_KINDS)
    trying.add_argument("--seed", type=int, default=1)
    trying.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an exercise option as in a lesson file, e.g. side=makers (repeatable)",
    )
    trying.add_argument("--answer", help="cards separated by spaces, or the option text")
    facting = sub.add_parser("facts", help="the engine facts the lessons quote, computed now")
    facting.add_argument("--write", action="store_true", help="store them in lessons/fact_values.py")
    banking = sub.add_parser("bank", help="find the rare questions that balance two card drills")
    banking.add_argument("--kinds", help="comma-separated kinds (default: every banked kind)")
    banking.add_argument("--write", action="store_true", help="store them in lessons/drill_bank_places.py")
    finding = sub.add_parser("searched", help="make the analyzer's drills' searches for their first seeds")
    finding.add_argument("--kinds", help="comma-separated kinds (default: every searched kind)")
    finding.add_argument("--write", action="store_true", help="store them in lessons/searched_found.py")
    args = parser.parse_args(argv)
    try:
        if args.command == "searched":
            return _searched(args.kinds, args.write)
        if args.command == "bank":
            return _bank(args.kinds, args.write)
        if args.command == "facts":
            return _facts(args.write)
        if args.command == "list":
            lessons = load_lessons()
            print(
                json.dumps(catalogue(lessons), indent=2, ensure_ascii=False) if args.json else _plain(lessons)
            )
            return 0
        options = dict(_option(text) for text in args.option)
        exercise = generate(args.kind, args.seed, options)
        print(exercise.prompt)
        if exercise.cards:
            print("cards:", " ".join(str(c) for c in exercise.cards))
        if exercise.options:
            print("options:", " | ".join(exercise.options))
        if args.answer is None:
            print("answer:", solve(exercise).why)
        else:
            print(check(exercise, parse_answer(exercise, args.answer)).message)
    except (LessonError, ValueError, RuntimeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (``| head``): not an error of ours
        sys.stderr.close()
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
