"""``python -m engine study charts | fit-bidding``: studies run on Dask (engine/study/).

    python -m engine study charts --out charts.parquet [--rules JSON] [--deals-per-cell N]
        [--seed S] [--cells GLOB ...] [--frequency-deals N] [--workers W | --scheduler tcp://HOST:8786]
        [--resume] [--progress] [--list-cells]
    python -m engine study fit-bidding --out styles.json [--preset NAME ...] [--deals N]
        [--check-deals N] [--rounds N] [--seed S] [--workers W | --scheduler ...] [--resume]

Finished tasks are saved in ``OUT.parts/``; ``--resume`` continues an interrupted study.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from engine.cli.common import SEED_LIMIT, Parser, guarded, one_line, rules_option, tidy, whole
from engine.core.errors import EuchreError, quoted
from engine.core.rules import PRESETS
from engine.study.charts import all_cells, select
from engine.study.dask_tasks import StudyError, read_regular, remove_quietly, run, split_address, why
from engine.study.studies import (
    COLUMNS,
    FIT_DEALS,
    chart_rows,
    chart_tasks,
    fit_tasks,
    write_fit,
    write_parquet,
)

USAGE = "usage: python -m engine study charts|fit-bidding --out FILE [options] (--help for each)"
MAX_WORKERS = 1024
MAX_DEALS_PER_CELL = 1_000_000
MAX_FREQUENCY_DEALS = 100_000_000


class _BadArguments(Exception):
    pass


class _Parser(Parser):
    def error(self, message: str) -> NoReturn:
        raise _BadArguments(tidy(message))


def _scheduler(text: str) -> str:
    """``tcp://HOST:PORT`` or ``tls://…``: HOST a name, an IPv4 address or an IPv6 address in brackets."""
    try:
        split_address(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--scheduler must be an address like tcp://HOST:8786 or "
            f"tcp://[::1]:8786 (port 1 to 65535), got {quoted(text)}"
        ) from None
    return text


def _writable(out: Path) -> None:
    """Refuse, before any task runs, an ``--out`` whose folder this process cannot write in."""
    folder = out.parent if str(out.parent) else Path(".")
    try:
        fd, name = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".check", dir=folder)
    except OSError as err:
        raise StudyError(
            f"cannot write --out {out}: the folder {folder} is not writable ({why(err)})"
        ) from None
    os.close(fd)
    remove_quietly(Path(name))


def _write(out: Path, write: Callable[[], None]) -> None:
    """Write the study's file in one piece; a failure is one line (the parts folder keeps the results)."""
    try:
        write()
    except OSError as err:
        raise StudyError(
            f"cannot write {out}: {why(err)}; the finished tasks are kept in "
            f"{out.name}.parts/ (run again with --resume)"
        ) from None


def _out(suffix: str) -> Callable[[str], Path]:
    def convert(text: str) -> Path:
        if not text.strip() or not text.endswith(suffix):
            raise argparse.ArgumentTypeError(
                f"--out must be a file name ending in {suffix}, got {quoted(text)}"
            )
        path = Path(text)
        try:
            is_dir, parent_is_dir = path.is_dir(), path.parent.is_dir()
        except OSError as err:  # a name longer than the system allows, say
            raise argparse.ArgumentTypeError(f"--out {quoted(text)}: {err.strerror or err}") from None
        if is_dir:
            raise argparse.ArgumentTypeError(f"--out {quoted(text)} is a folder")
        if not parent_is_dir and str(path.parent) not in ("", "."):
            raise argparse.ArgumentTypeError(f"--out: the folder {quoted(str(path.parent))} does not exist")
        return path

    return convert


def _common(p: argparse.ArgumentParser) -> None:
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=whole("--workers", 1, MAX_WORKERS),
        default=None,
        help="worker processes of the embedded cluster (default, and at most: this machine's cores, "
        "and no more than the tasks to run)",
    )
    where.add_argument(
        "--scheduler",
        type=_scheduler,
        default=None,
        help="run on a Dask cluster: its scheduler's address, tcp://HOST:8786",
    )
    p.add_argument("--seed", type=whole("--seed", -SEED_LIMIT, SEED_LIMIT), default=1)
    p.add_argument("--resume", action="store_true", help="continue the study saved in OUT.parts/")
    p.add_argument(
        "--progress", action="store_true", help="progress on stderr even when it is not a terminal"
    )


def _charts_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="python -m engine study charts",
        command="study charts",
        description="Call charts: every option's value in every bidding cell (engine/study/charts.py).",
    )
    p.add_argument("--out", type=_out(".parquet"), required=True, help="the Parquet file to write")
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
    _common(p)
    return p


def _fit_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="python -m engine study fit-bidding",
        command="study fit-bidding",
        description="Fit the sound bidding model for rules presets (engine/analysis/bidding_styles.json).",
    )
    p.add_argument(
        "--out", type=_out(".json"), required=True, help="the JSON file to write (its other presets kept)"
    )
    p.add_argument("--preset", action="append", default=[], help="only these presets (default: all)")
    p.add_argument("--deals", type=whole("--deals", 100, 10_000_000), default=FIT_DEALS)
    p.add_argument("--check-deals", type=whole("--check-deals", 100, 10_000_000), default=40000)
    p.add_argument("--rounds", type=whole("--rounds", 1, 100), default=8)
    _common(p)
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
        raise _BadArguments(f"no cell matches --cells {quoted(' '.join(args.cells))} (see --list-cells)")
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
    _writable(out)
    done = run(
        "study charts",
        tasks,
        out.with_name(out.name + ".parts"),
        manifest,
        args.resume,
        args.workers,
        args.scheduler,
        True if args.progress else None,
        check=_chart_part,
    )
    rows = chart_rows(done.results)
    _write(out, lambda: write_parquet(rows, out))
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
        raise _BadArguments(f"unknown --preset {quoted(unknown[0])}; presets: {', '.join(PRESETS)}")
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
    _writable(out)
    read_regular(out, 0)  # a FIFO or a device as --out would hang or never end when its presets are read
    done = run(
        "study fit-bidding",
        tasks,
        out.with_name(out.name + ".parts"),
        manifest,
        args.resume,
        args.workers,
        args.scheduler,
        True if args.progress else None,
        check=_fit_part,
    )
    _write(out, lambda: write_fit(done.results, out, args.deals, args.check_deals, args.rounds, args.seed))
    print(f"study fit-bidding: {len(names)} presets to {out} ({done.computed} run now)", file=sys.stderr)
    return 0


def _run(argv: Sequence[str]) -> int:
    commands = {"charts": _charts, "fit-bidding": _fit}
    if not argv:
        print(f"{USAGE}\nstudy: error: name the study to run: charts or fit-bidding", file=sys.stderr)
        return 2
    if argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv[0] not in commands:
        print(
            f"study: error: unknown study {quoted(argv[0])}; choose charts or fit-bidding ({USAGE})",
            file=sys.stderr,
        )
        return 2
    try:
        return commands[argv[0]](argv[1:])
    except (_BadArguments, EuchreError) as err:  # StudyError included
        print(f"study {argv[0]}: error: {one_line(err)}", file=sys.stderr)
        return 2
    except SystemExit as exit_:  # --help
        return int(exit_.code or 0)


def main(argv: Sequence[str]) -> int:
    return guarded("study", lambda: _run(argv))


__all__ = ["StudyError", "main"]
