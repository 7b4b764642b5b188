"""Generate the shipped call charts (engine/study/charts/<preset>.parquet) for every rules preset.

Each preset's chart is one ``python -m engine study charts`` run with the settings below (fixed
seed: the same command writes the same files, whatever the number of workers). Pass
``--scheduler tcp://HOST:8786`` to run on a Dask cluster, ``--preset NAME`` to make some only,
``--resume`` to continue an interrupted run (finished cells are kept in FILE.parquet.parts/).

    python tools/make_charts.py [--deals-per-cell N] [--frequency-deals 50000] [--seed 2026]
        [--cells GLOB ...] [--preset NAME ...] [--workers W | --scheduler ADDRESS] [--resume]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.rules import PRESETS  # noqa: E402
from engine.study.chart_table import CHART_DIR, FILES  # noqa: E402

CELLS = ("*/r1/*",)  # round 1 (order up or pass) in every seat; see README "Call charts"
# Deals per cell as shipped: the standard game 200 (95% intervals about +-0.15 points a hand),
# the other presets 100 (about +-0.2).
DEALS = {"Standard (North America)": 200}
DEFAULT_DEALS = 100


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals-per-cell", type=int, help=f"default: as shipped ({DEFAULT_DEALS}; {DEALS})")
    p.add_argument("--frequency-deals", type=int, default=50_000)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--cells", action="append", help=f"cell globs (default: {' '.join(CELLS)})")
    p.add_argument("--preset", action="append", choices=list(FILES), help="only these presets (default: all six)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int)
    where.add_argument("--scheduler")
    p.add_argument("--resume", action="store_true")
    args = p.parse_args()
    CHART_DIR.mkdir(exist_ok=True)
    for name in args.preset or list(FILES):
        out = CHART_DIR / f"{FILES[name]}.parquet"
        command = [sys.executable, "-m", "engine", "study", "charts", "--rules", json.dumps(PRESETS[name].changes()),
                   "--deals-per-cell", str(args.deals_per_cell or DEALS.get(name, DEFAULT_DEALS)), "--frequency-deals", str(args.frequency_deals),
                   "--seed", str(args.seed), "--out", str(out), "--progress"]
        for glob in args.cells or CELLS:
            command += ["--cells", glob]
        if args.workers:
            command += ["--workers", str(args.workers)]
        if args.scheduler:
            command += ["--scheduler", args.scheduler]
        if args.resume:
            command.append("--resume")
        print(f"{name}: {out.relative_to(ROOT)}", file=sys.stderr, flush=True)
        done = subprocess.run(command, cwd=ROOT)
        if done.returncode != 0:
            return done.returncode
        shutil.rmtree(out.with_name(out.name + ".parts"), ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
