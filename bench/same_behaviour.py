"""Behaviour unchanged by a refactor: this checkout against an earlier commit, on the same inputs.

    python -m bench same_behaviour --base REV [--records 400] [--panel-samples 1500]
        [--chart-deals 200] [--skip panel,chart] [--keep]

Checks out REV in a temporary git worktree (its compiled code is built there first), then runs the
same commands in both trees and compares what they print or write, byte for byte:

- ``replay``: ``python -m engine replay`` of ``--records`` deal records written here from seeded
  random play (every preset and variant mix; about one in eight stopped early, one in sixteen with
  an illegal last action), so the rules engine, the records' text and the position text are covered;
- ``panel``: ``python -m bench panel_check`` (the textbook panel with every disagreement's figures;
  its timing lines are left out of the comparison);
- ``chart``: one call chart remade from scratch (``python -m engine study charts``, standard rules,
  first seat's round-1 cells with two trumps, ``--chart-deals`` deals a cell, one worker), compared as the table of
  values it holds (the Parquet file's own metadata may differ).

Prints one line per check: identical or not, and the SHA-256 of each side's output.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from engine.core.hand import deal, legal_actions
from engine.core.rules import PRESETS, VARIANTS, Rules

ROOT = Path(__file__).resolve().parents[1]
MIXES: tuple[Rules, ...] = tuple(PRESETS.values()) + VARIANTS


def records(count: int, seed: int) -> list[str]:
    """Deal records (JSON lines) from seeded random play across the rule mixes."""
    rng = random.Random(seed)
    lines = []
    for i in range(count):
        rules = MIXES[i % len(MIXES)]
        state = deal(rules, rng.randrange(rules.players), rng)
        start = state
        actions: list[str] = []
        stop = rng.randrange(4, 30) if i % 8 == 7 else None
        while not state.is_over and (stop is None or len(actions) < stop):
            action = rng.choice(legal_actions(state))
            actions.append(str(action))
            state = state.apply(action)
        if i % 16 == 15 and actions:
            actions[-1] = "play JOKER" if actions[-1] != "play JOKER" else "pass"
        hands = [[str(c) for c in h] for h in start.hands]
        lines.append(
            json.dumps(
                {
                    "rules": _rules_dict(rules),
                    "dealer": start.dealer,
                    "hands": hands,
                    "upcard": str(start.upcard),
                    "kitty": [str(c) for c in start.kitty],
                    "actions": actions,
                }
            )
        )
    return lines


def _rules_dict(rules: Rules) -> dict[str, object]:
    return {f: getattr(rules, f) for f in rules.__dataclass_fields__}


def run(tree: Path, args: Sequence[str], stdin: str | None = None) -> bytes:
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    env.pop("NUMBA_CACHE_DIR", None)
    done = subprocess.run(
        [sys.executable, *args],
        cwd=tree,
        env=env,
        input=stdin.encode() if stdin else None,
        capture_output=True,
        timeout=7200,
    )
    if done.returncode not in (0, 2):
        raise SystemExit(f"{' '.join(args)} failed in {tree}:\n{done.stderr.decode()[-2000:]}")
    return done.stdout


def _chart_table(tree: Path, out: Path, deals: int) -> bytes:
    run(
        tree,
        [
            "-m",
            "engine",
            "study",
            "charts",
            "--out",
            str(out),
            "--deals-per-cell",
            str(deals),
            "--frequency-deals",
            "0",
            "--cells",
            "first/r1/t2-*",
            "--workers",
            "1",
            "--seed",
            "2026",
        ],
    )
    table = pd.read_parquet(out)
    text: str = table.sort_values(list(table.columns[:3])).to_csv(index=False)
    return text.encode()


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _without_timings(out: bytes) -> bytes:
    """panel_check's output without its line of elapsed time, ``(29 s, at most 1500 ...)``."""
    return b"\n".join(line for line in out.splitlines() if not re.match(rb"\(\d+ s, ", line))


def _report(name: str, old: bytes, new: bytes) -> bool:
    same = old == new
    print(
        f"{name:<8} {'identical' if same else 'DIFFERENT'}  base {_sha(old)}  this {_sha(new)}  "
        f"({len(new):,} bytes)",
        flush=True,
    )
    if not same:
        diff = difflib.unified_diff(
            old.decode(errors="replace").splitlines(),
            new.decode(errors="replace").splitlines(),
            "base",
            "this",
            n=0,
            lineterm="",
        )
        print("\n".join(list(diff)[:12]), flush=True)
    return same


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench same_behaviour", description=__doc__.splitlines()[0])
    ap.add_argument("--base", required=True, help="the commit to compare against")
    ap.add_argument("--records", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--panel-samples", type=int, default=1500)
    ap.add_argument("--chart-deals", type=int, default=200)
    ap.add_argument("--skip", default="", help="comma-separated checks to skip: replay, panel, chart")
    ap.add_argument("--keep", action="store_true", help="keep the base worktree (printed)")
    args = ap.parse_args(argv)
    skip = {s.strip() for s in args.skip.split(",") if s.strip()}
    base = Path(tempfile.mkdtemp(prefix="same-behaviour-")) / "base"
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(base), args.base],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    this = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout
    print(
        f"base {args.base} ({base}) against this checkout ({this.strip()}, with its uncommitted changes)",
        flush=True,
    )
    ok = True
    try:
        for tree in (base, ROOT):
            run(tree, ["-m", "engine", "warm-up"])
        if "replay" not in skip:
            text = "\n".join(records(args.records, args.seed)) + "\n"
            ok &= _report(
                "replay",
                run(base, ["-m", "engine", "replay", "-"], text),
                run(ROOT, ["-m", "engine", "replay", "-"], text),
            )
        if "panel" not in skip:
            cmd = ["-m", "bench", "panel_check", "--samples", str(args.panel_samples)]
            ok &= _report("panel", _without_timings(run(base, cmd)), _without_timings(run(ROOT, cmd)))
        if "chart" not in skip:
            with tempfile.TemporaryDirectory() as tmp:
                ok &= _report(
                    "chart",
                    _chart_table(base, Path(tmp) / "base.parquet", args.chart_deals),
                    _chart_table(ROOT, Path(tmp) / "this.parquet", args.chart_deals),
                )
    finally:
        if not args.keep:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, capture_output=True)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
