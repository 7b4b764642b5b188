"""Generate the shipped call charts (engine/study/charts/<preset>.parquet) for every rules preset.

Each preset's chart is one ``python -m engine study charts`` run per round with the settings below, merged into one file (fixed
seed: the same command writes the same files, whatever the number of workers). Pass
``--scheduler tcp://HOST:8786`` to run on a Dask cluster, ``--preset NAME`` to make some only,
``--resume`` to continue an interrupted run (finished cells are kept in FILE.parquet.parts/).

    python -m bench make_charts [--deals-per-cell N] [--frequency-deals 50000] [--seed 2026]
        [--round 1|2 ...] [--preset NAME ...] [--workers W | --scheduler ADDRESS] [--resume]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from engine.core.rules import PRESETS
from engine.study.chart_table import CHART_DIR, FILES

ROOT = Path(__file__).resolve().parents[1]  # the checkout: the subprocesses run from it

ROUNDS = (1, 2)  # round 1: order up or pass; round 2: name a suit or pass (see README "Call charts")
# Deals per cell as shipped: round 1 of the standard game 200 (95% intervals about +-0.15 points
# a hand), everything else 100 (about +-0.2). Round 2 draws its deals through a passed first
# round, so each kept deal costs about 15 times as many draws.
DEALS = {("Standard (North America)", 1): 200}
DEFAULT_DEALS = 100


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench make_charts", description=__doc__.splitlines()[0])
    p.add_argument("--deals-per-cell", type=int, help=f"default: as shipped ({DEFAULT_DEALS}; {DEALS})")
    p.add_argument("--frequency-deals", type=int, default=50_000)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument(
        "--round", type=int, action="append", choices=ROUNDS, help="only these rounds (default: both)"
    )
    p.add_argument(
        "--preset", action="append", choices=list(FILES), help="only these presets (default: all six)"
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int)
    where.add_argument("--scheduler")
    p.add_argument("--resume", action="store_true")
    args = p.parse_args(argv)
    CHART_DIR.mkdir(exist_ok=True)
    for name in args.preset or list(FILES):
        out = CHART_DIR / f"{FILES[name]}.parquet"
        for rnd in args.round or ROUNDS:
            part = out.with_name(f"{FILES[name]}.r{rnd}.parquet")
            deals = args.deals_per_cell or DEALS.get((name, rnd), DEFAULT_DEALS)
            command = [
                sys.executable,
                "-m",
                "engine",
                "study",
                "charts",
                "--rules",
                json.dumps(PRESETS[name].changes()),
                "--deals-per-cell",
                str(deals),
                "--frequency-deals",
                str(args.frequency_deals),
                "--seed",
                str(args.seed),
                "--out",
                str(part),
                "--progress",
                "--cells",
                f"*/r{rnd}/*",
            ]
            if args.workers:
                command += ["--workers", str(args.workers)]
            if args.scheduler:
                command += ["--scheduler", args.scheduler]
            if args.resume:
                command.append("--resume")
            print(f"{name}, round {rnd}: {part.relative_to(ROOT)}", file=sys.stderr, flush=True)
            done = subprocess.run(command, cwd=ROOT)
            if done.returncode != 0:
                return done.returncode
            merge(out, part, rnd)
            part.unlink()
            shutil.rmtree(part.with_name(part.name + ".parts"), ignore_errors=True)
    return 0


def merge(out: Path, part: Path, rnd: int) -> None:
    """Replace ``out``'s rows of round ``rnd`` by ``part``'s (rows sorted by cell key)."""
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    new = pq.read_table(part)
    if out.exists():
        old = pq.read_table(out)
        for column in new.schema.names:  # a file from before a column was added: empty there
            if column not in old.schema.names:
                old = old.append_column(column, pa.array([""] * old.num_rows, new.schema.field(column).type))
        old = old.select(new.schema.names).cast(new.schema)
        new = pa.concat_tables([old.filter(pc.not_equal(old["round"], rnd)), new])
    new = new.sort_by("cell")
    tmp = out.with_name(f".{out.name}.tmp")
    pq.write_table(new, tmp, compression="zstd")
    tmp.replace(out)


if __name__ == "__main__":
    raise SystemExit(main())
