"""``python -m engine study puzzles``: make the puzzle bank on Dask, or re-check a sample of it.

    python -m engine study puzzles [--out engine/puzzles/bank.jsonl.gz] [--preset NAME ...]
        [--seat-hands N] [--open-hands N] [--per-group N] [--seed S]
        [--workers W | --scheduler tcp://HOST:8786] [--resume] [--progress]
    python -m engine study puzzles --check 300 [--out BANK] [--seed S] [--workers W | --scheduler ...]

The study is ``engine.puzzles.bank_study``: its tasks are saved in ``OUT.parts/`` as they finish
(``--resume`` continues), the bank is written in one piece, and one summary goes to stderr: the
puzzles by kind, rule set, decision and theme, and the rate. ``--check N`` re-judges N puzzles of
the bank drawn with ``--seed`` (a fresh judgement each, see ``bank_study.check_task``) and prints
the agreement; it exits 1 when fewer than ``CHECK_TARGET`` agree.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from engine.cli.common import whole
from engine.cli.study_options import (
    BadArguments,
    StudyParser,
    common_options,
    out_file,
    run_study,
    write_whole,
)
from engine.core.errors import quoted
from engine.puzzles.bank import BANK_FILE, Puzzle, read_bank, write_bank
from engine.puzzles.bank_study import (
    PER_GROUP,
    bank_tasks,
    check_tasks,
    coverage,
    puzzles_of,
    result_readable,
    sample,
    select,
)
from engine.puzzles.rule_sets import BANK_RULES
from engine.study.dask_tasks import StudyError, run

SEAT_HANDS = 220  # deals per rule set for seat puzzles
OPEN_HANDS = 5500  # deals per rule set for open-hand puzzles
CHECK_TARGET = 0.99


def puzzles_parser() -> argparse.ArgumentParser:
    p = StudyParser(
        prog="python -m engine study puzzles",
        command="study puzzles",
        description="Make the puzzle bank (engine/puzzles/bank.jsonl.gz), or re-check a sample of it.",
    )
    p.add_argument(
        "--out",
        type=out_file(".jsonl.gz"),
        default=BANK_FILE,
        help="the bank to write (with --check: to read); default: the shipped bank",
    )
    p.add_argument(
        "--preset",
        action="append",
        default=[],
        help=f"only these rule sets (default: all): {', '.join(BANK_RULES)}",
    )
    p.add_argument("--seat-hands", type=whole("--seat-hands", 0, 1_000_000), default=SEAT_HANDS)
    p.add_argument("--open-hands", type=whole("--open-hands", 0, 10_000_000), default=OPEN_HANDS)
    p.add_argument(
        "--per-group",
        type=whole("--per-group", 1, 1_000_000),
        default=PER_GROUP,
        help="at most this many puzzles of one kind, rule set and first theme",
    )
    p.add_argument(
        "--check", type=whole("--check", 1, 100_000), default=None, help="re-check N puzzles of --out"
    )
    common_options(p)
    return p


def _progress(args: argparse.Namespace) -> bool | None:
    return True if args.progress else None


def make_bank(args: argparse.Namespace) -> int:
    unknown = [name for name in args.preset if name not in BANK_RULES]
    if unknown:
        raise BadArguments(
            f"unknown --preset {quoted(unknown[0])}; the bank's rule sets: {', '.join(BANK_RULES)}"
        )
    names = [name for name in BANK_RULES if not args.preset or name in args.preset]
    manifest = {
        "study": "puzzles",
        "presets": names,
        "seat_hands": args.seat_hands,
        "open_hands": args.open_hands,
        "seed": args.seed,
    }
    tasks = bank_tasks(names, args.seat_hands, args.open_hands, args.seed)
    if not tasks:
        raise BadArguments("nothing to do: --seat-hands and --open-hands are both 0")
    out: Path = args.out
    done = run_study("study puzzles", tasks, args, manifest, result_readable)
    found = puzzles_of(done.results)
    kept = select(found, args.per_group)
    write_whole(out, lambda: _write_bank(kept, out))
    print(summary(done.results, found, kept, out, done.computed, done.seconds), file=sys.stderr)
    return 0


def _write_bank(puzzles: list[Puzzle], out: Path) -> None:
    write_bank(puzzles, out)


def summary(
    results: list[dict[str, Any]],
    found: list[Puzzle],
    kept: list[Puzzle],
    out: Path,
    computed: int,
    seconds: float,
) -> str:
    """The study's closing lines: the counts the bank's notes quote (docs/research/puzzle-bank.md)."""
    cover = coverage(kept)
    tried: Counter[str] = Counter()
    made: Counter[str] = Counter()
    task_seconds = 0.0
    for r in results:
        kind = str(r["task"]).split("/")[0]
        tried.update({f"{kind} {k}": int(v) for k, v in r["tried"].items()})
        made.update({f"{kind} {k}": int(v) for k, v in r["made"].items()})
        task_seconds += float(r.get("seconds", 0.0))
    rate = len(found) / (task_seconds / 60) if task_seconds > 0 else 0.0
    lines = [
        f"study puzzles: {len(kept)} puzzles to {out} ({len(found)} made; {computed} tasks run now"
        + (f" in {seconds / 60:.1f} min" if computed else "")
        + f"; {task_seconds / 60:.1f} worker-minutes in the tasks, {rate:.1f} puzzles a worker-minute)",
    ]
    for name in ("kind", "preset", "decision", "moves", "theme"):
        counts = cover[name]
        lines.append(
            f"  {name}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: -kv[1]))
        )
    lines.append(
        "  judged: "
        + ", ".join(f"{k} {made[k]}/{tried[k]}" for k in sorted(tried))
        + " (puzzles/decisions tried)"
    )
    return "\n".join(lines)


def check_bank(args: argparse.Namespace) -> int:
    out: Path = args.out
    puzzles, damaged = read_bank(out)
    if not puzzles:
        raise StudyError(f"no puzzles to check in {out}" + (f" ({damaged} damaged lines)" if damaged else ""))
    chosen = sample(puzzles, args.check, args.seed)
    kinds = {p.id: p.kind for p in chosen}
    with tempfile.TemporaryDirectory(prefix="puzzle-check-") as folder:
        done = run(
            "study puzzles --check",
            check_tasks(chosen),
            Path(folder) / "parts",
            {"study": "puzzles-check", "bank": str(out), "count": args.check, "seed": args.seed},
            False,
            args.workers,
            args.scheduler,
            _progress(args),
            check=result_readable,
        )
    agree = [i for r in done.results for i in r["agree"]]
    disagree = {i: f for r in done.results for i, f in r["disagree"].items()}
    share = len(agree) / len(chosen)
    by_kind = Counter(kinds[i] for i in agree)
    all_kind = Counter(kinds.values())
    print(
        f"study puzzles --check: {len(agree)} of {len(chosen)} agree ({100 * share:.1f}%): "
        + ", ".join(f"{k} {by_kind[k]}/{all_kind[k]}" for k in sorted(all_kind))
        + f"; seed {args.seed}, {done.seconds / 60:.1f} min",
        file=sys.stderr,
    )
    for i, fresh in sorted(disagree.items()):
        print(f"  {i}: the fresh judgement says {fresh}", file=sys.stderr)
    return 0 if share >= CHECK_TARGET else 1


__all__ = ["CHECK_TARGET", "OPEN_HANDS", "SEAT_HANDS", "check_bank", "make_bank", "puzzles_parser"]
