"""``python -m engine study charts | fit-bidding | puzzles``: studies run on Dask (engine/study/).

    python -m engine study charts --out charts.parquet [--rules JSON] [--deals-per-cell N]
        [--seed S] [--cells GLOB ...] [--frequency-deals N] [--workers W | --scheduler tcp://HOST:8786]
        [--resume] [--progress] [--list-cells]
    python -m engine study fit-bidding --out styles.json [--preset NAME ...] [--deals N]
        [--check-deals N] [--rounds N] [--seed S] [--workers W | --scheduler ...] [--resume]
    python -m engine study puzzles [--out engine/puzzles/bank.jsonl.gz] [--preset NAME ...]
        [--seat-hands N] [--open-hands N] [--per-group N] [--seed S] [--workers W | --scheduler ...]
        [--resume] [--progress]
    python -m engine study puzzles --check 300 [--out BANK] [--seed S] [--workers W | --scheduler ...]

Finished tasks are saved in ``OUT.parts/``; ``--resume`` continues an interrupted study.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.cli.common import guarded, one_line, rules_option, whole
from engine.cli.study_options import (
    BadArguments,
    StudyParser,
    common_options,
    out_file,
    run_study,
    writable,
    write_whole,
)
from engine.cli.study_puzzles import check_bank, make_bank, puzzles_parser
from engine.core.errors import EuchreError, quoted
from engine.core.rules import PRESETS
from engine.study.charts import all_cells, select
from engine.study.dask_tasks import StudyError, read_regular
from engine.study.studies import (
    COLUMNS,
    FIT_DEALS,
    chart_rows,
    chart_tasks,
    fit_tasks,
    write_fit,
    write_parquet,
)

USAGE = "usage: python -m engine study charts|fit-bidding|puzzles --out FILE [options] (--help for each)"
MAX_DEALS_PER_CELL = 1_000_000
MAX_FREQUENCY_DEALS = 100_000_000


def _charts_parser() -> argparse.ArgumentParser:
    p = StudyParser(
        prog="python -m engine study charts",
        command="study charts",
        description="Call charts: every option's value in every bidding cell (engine/study/charts.py).",
    )
    p.add_argument("--out", type=out_file(".parquet"), required=True, help="the Parquet file to write")
    p.add_argument("--rules", default=None, help="rules as a JSON object, e.g. '{\"players\": 3}'")
    p.add_argument("--deals-per-cell", type=whole("--deals-per-cell", 1, MAX_DEALS_PER_CELL), default=1000)
    p.add_argument(
        "--frequency-deals",
        type=whole("--frequency-deals", 0, MAX_FREQUENCY_DEALS),
        default=100_000,
        help="unconditioned deals per seat and round for the cells' frequencies (0: none)",
    )
    p.add_argument(
        "--cells",
        action="append",
        default=[],
        metavar="GLOB",
        help="only the cells whose key matches, e.g. 'first/r1/t3-*' (repeatable)",
    )
    p.add_argument("--list-cells", action="store_true", help="print the cells' keys and stop")
    common_options(p)
    return p


def _fit_parser() -> argparse.ArgumentParser:
    p = StudyParser(
        prog="python -m engine study fit-bidding",
        command="study fit-bidding",
        description="Fit the sound bidding model for rules presets (engine/analysis/bidding_styles.json).",
    )
    p.add_argument(
        "--out", type=out_file(".json"), required=True, help="the JSON file to write (its other presets kept)"
    )
    p.add_argument("--preset", action="append", default=[], help="only these presets (default: all)")
    p.add_argument("--deals", type=whole("--deals", 100, 10_000_000), default=FIT_DEALS)
    p.add_argument("--check-deals", type=whole("--check-deals", 100, 10_000_000), default=40000)
    p.add_argument("--rounds", type=whole("--rounds", 1, 100), default=8)
    common_options(p)
    return p


def _whole(value: object) -> bool:
    return type(value) is int and value >= 0


def _chart_part(key: str, result: dict[str, Any]) -> bool:
    """A saved charts result holds what ``chart_rows`` and ``write_parquet`` read, of their types."""
    if key.startswith("frequency/"):  # its result's key names the seat: frequency/first/r1/0
        where, counts = result.get("key"), result.get("counts")
        fields = where.split("/") if isinstance(where, str) else []
        return (
            len(fields) == 4
            and fields[0] == "frequency"
            and fields[2][:1] == "r"
            and fields[2][1:].isdigit()
            and _whole(result.get("deals"))
            and isinstance(counts, dict)
            and all(isinstance(k, str) and _whole(v) for k, v in counts.items())
        )
    if not key.startswith("cell/") or result.get("cell") != key[len("cell/") :]:
        return False
    for name in COLUMNS:
        value = result.get(name)
        if name in ("round", "n", "attempts"):
            ok = _whole(value)
        elif name.startswith("ev_"):
            ok = value is None or (type(value) in (int, float))
        elif name == "close_call":
            ok = isinstance(value, bool)
        elif name.startswith("outcomes_"):
            ok = value is None or isinstance(value, str)
        elif name in ("frequency", "frequency_deals"):
            ok = True  # computed from the frequency tasks, not saved with the cell
        else:
            ok = isinstance(value, str)
        if not ok:
            return False
    return True


def _fit_part(key: str, result: dict[str, Any]) -> bool:
    """A saved fit result: the preset's name and its entry, as ``write_fit`` reads them."""
    return result.get("name") == key[len("fit/") :] and isinstance(result.get("entry"), dict)


def _charts(argv: Sequence[str]) -> int:
    args = _charts_parser().parse_args(list(argv))
    rules = rules_option(args.rules, "give an object like '{\"players\": 3}'")
    cells = select(all_cells(rules), args.cells)
    if not cells:
        raise BadArguments(f"no cell matches --cells {quoted(' '.join(args.cells))} (see --list-cells)")
    if args.list_cells:
        print("\n".join(c.key for c in cells))
        return 0
    tasks = chart_tasks(rules, cells, args.deals_per_cell, args.seed, args.frequency_deals)
    manifest = {
        "study": "charts",
        "rules": rules.to_dict(),
        "deals_per_cell": args.deals_per_cell,
        "seed": args.seed,
        "cells": sorted(args.cells),
        "frequency_deals": args.frequency_deals,
    }
    out: Path = args.out
    done = run_study("study charts", tasks, args, manifest, _chart_part)
    rows = chart_rows(done.results)
    write_whole(out, lambda: write_parquet(rows, out))
    rate = f", {done.deals / done.seconds:,.0f} deals/s" if done.computed and done.seconds > 0 else ""
    print(
        f"study charts: {len(rows)} cells to {out} ({done.computed} of {len(tasks)} tasks run now{rate})",
        file=sys.stderr,
    )
    return 0


def _fit(argv: Sequence[str]) -> int:
    args = _fit_parser().parse_args(list(argv))
    unknown = [name for name in args.preset if name not in PRESETS]
    if unknown:
        raise BadArguments(f"unknown --preset {quoted(unknown[0])}; presets: {', '.join(PRESETS)}")
    names = [name for name in PRESETS if not args.preset or name in args.preset]
    manifest = {
        "study": "fit-bidding",
        "presets": names,
        "deals": args.deals,
        "check_deals": args.check_deals,
        "rounds": args.rounds,
        "seed": args.seed,
    }
    tasks = fit_tasks(names, args.deals, args.check_deals, args.rounds, args.seed)
    out: Path = args.out
    writable(out)
    read_regular(out, 0)  # a FIFO or a device as --out would hang or never end when its presets are read
    done = run_study("study fit-bidding", tasks, args, manifest, _fit_part)
    write_whole(
        out, lambda: write_fit(done.results, out, args.deals, args.check_deals, args.rounds, args.seed)
    )
    print(f"study fit-bidding: {len(names)} presets to {out} ({done.computed} run now)", file=sys.stderr)
    return 0


def _puzzles(argv: Sequence[str]) -> int:
    args = puzzles_parser().parse_args(list(argv))
    if args.check is not None:
        return check_bank(args)
    return make_bank(args)


def _run(argv: Sequence[str]) -> int:
    commands = {"charts": _charts, "fit-bidding": _fit, "puzzles": _puzzles}
    if not argv:
        print(
            f"{USAGE}\nstudy: error: name the study to run: charts, fit-bidding or puzzles", file=sys.stderr
        )
        return 2
    if argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv[0] not in commands:
        print(
            f"study: error: unknown study {quoted(argv[0])}; choose charts, fit-bidding or puzzles ({USAGE})",
            file=sys.stderr,
        )
        return 2
    try:
        return commands[argv[0]](argv[1:])
    except (BadArguments, EuchreError) as err:  # StudyError included
        print(f"study {argv[0]}: error: {one_line(err)}", file=sys.stderr)
        return 2
    except SystemExit as exit_:  # --help
        return int(exit_.code or 0)


def main(argv: Sequence[str]) -> int:
    return guarded("study", lambda: _run(argv))


__all__ = ["StudyError", "main"]
