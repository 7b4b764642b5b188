"""The studies the runner knows: call charts and the sound bidding model's fit.

Each is a list of ``runner.Task``s plus a way to combine their results into one file. The
combined file depends only on the parameters (seed, deals): rows sorted by key, every number
computed by one task from its own seed.
"""

from __future__ import annotations

import json
import math
import os
import time
from pathlib import Path
from typing import Any

from engine.analysis.bidding_fit import exploitability, fit, make_deals, rates_on
from engine.analysis.human_rates import (
    BISECTIONS,
    HUMAN_RATES,
    PEOPLE_DEALS,
    PUBLISHED,
    calibrate,
    people_table,
)
from engine.analysis.human_rates import DEALS as CALIBRATION_DEALS
from engine.core.rules import PRESETS, Rules
from engine.study.charts import FREQUENCY_CHUNK, Cell, count_classes, value_cell
from engine.study.dask_tasks import Task, read_regular, remove_quietly, write_atomic

# ---- call charts ---------------------------------------------------------------------------------

COLUMNS = (
    "cell",
    "seat",
    "round",
    "hand_class",
    "score",
    "n",
    "attempts",
    "ev_pass",
    "ev_pass_lo",
    "ev_pass_hi",
    "ev_call",
    "ev_call_lo",
    "ev_call_hi",
    "ev_alone",
    "ev_alone_lo",
    "ev_alone_hi",
    "best",
    "close_call",
    "frequency",
    "frequency_deals",
    "outcomes_pass",
    "outcomes_call",
    "outcomes_alone",
)


def chart_tasks(rules: Rules, cells: list[Cell], deals: int, seed: int, frequency_deals: int) -> list[Task]:
    """One task per cell, and the frequency tasks for the seats and rounds those cells have."""
    data = rules.to_dict()
    tasks = [Task(f"cell/{c.key}", value_cell, (data, c.key, deals, seed), deals) for c in cells]
    for rel, rnd in sorted({(c.rel, c.round) for c in cells}):
        left, chunk = frequency_deals, 0
        while left > 0:
            size = min(FREQUENCY_CHUNK, left)
            tasks.append(
                Task(
                    f"frequency/{rel}/{rnd}/{chunk}", count_classes, (data, rel, rnd, chunk, size, seed), size
                )
            )
            left -= size
            chunk += 1
    return tasks


def chart_rows(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cells' rows, sorted by cell key, each with its frequency (NaN without frequency tasks)."""
    counts: dict[tuple[str, int], dict[str, int]] = {}
    dealt: dict[tuple[str, int], int] = {}
    cells = []
    for r in results:
        if r["task"].startswith("frequency/"):
            _, seat, rnd, _chunk = r["key"].split("/")
            where = (seat, int(rnd[1:]))
            dealt[where] = dealt.get(where, 0) + r["deals"]
            bucket = counts.setdefault(where, {})
            for name, k in r["counts"].items():
                bucket[name] = bucket.get(name, 0) + k
        else:
            cells.append(r)
    rows = []
    for r in sorted(cells, key=lambda r: r["cell"]):
        where = (r["seat"], r["round"])
        total = dealt.get(where, 0)
        seen = counts.get(where, {}).get(f"{r['seat']}/r{r['round']}/{r['hand_class']}", 0)
        row = {name: r.get(name) for name in COLUMNS}
        row["frequency"] = seen / total if total else math.nan
        row["frequency_deals"] = total
        rows.append(row)
    return rows


def write_parquet(rows: list[dict[str, Any]], out: Path) -> None:
    """The rows as a Parquet file (written to a temporary file, then renamed)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    floats = [c for c in COLUMNS if c.startswith("ev_") or c == "frequency"]
    schema = pa.schema(
        [
            (
                c,
                pa.float64()
                if c in floats
                else pa.bool_()
                if c == "close_call"
                else pa.int64()
                if c in ("round", "n", "attempts", "frequency_deals")
                else pa.string(),
            )
            for c in COLUMNS
        ]
    )
    columns = {
        c: [(math.nan if r[c] is None else r[c]) if c in floats else r[c] for r in rows] for c in COLUMNS
    }
    columns.update(
        {c: ["" if r[c] is None else r[c] for r in rows] for c in COLUMNS if c.startswith("outcomes_")}
    )
    table = pa.Table.from_pydict(columns, schema=schema)
    tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    try:
        pq.write_table(table, tmp, compression="zstd")
        os.replace(tmp, out)
    except BaseException:  # nothing half-written is left behind
        remove_quietly(tmp)
        raise


# ---- the sound bidding model's fit (python -m engine study fit-bidding) --------------------------

METHOD = (
    "iterated best response over the Club player's call thresholds by seat and round, then its alone "
    "thresholds (engine/analysis/bidding_fit.py), every decision on at least 12% as many deals "
    "that reach it as the fit has deals; the people table: those thresholds moved until each seat "
    "calls as often as the published human figures say; the cautious table: three of those "
    "figures matched and every other threshold raised (engine/analysis/human_rates.py)"
)
MAX_FIT_BYTES = 16 * 1024 * 1024  # bidding_styles.json is a few kilobytes; a bigger --out is not one to keep
FIT_DEALS = 25_000  # stage 1's deals (stage 2, the alone thresholds, plays four times as many)
CALIBRATION_SWEEPS_EXPECTED = (
    2  # the cautious table: one sweep moves its thresholds, the next finds them settled
)


def calibration_deals(check_deals: int) -> int:
    """The deals the cautious table's calibration measures its rates on."""
    return min(check_deals, CALIBRATION_DEALS)


def fit_preset(name: str, deals: int, check_deals: int, rounds: int, seed: int) -> dict[str, Any]:
    """One preset's entry of bidding_styles.json, seeded by the fit's seed and the preset's place."""
    i = list(PRESETS).index(name)
    rules = PRESETS[name]
    start = time.perf_counter()
    caution, rounds_run, moved = fit(rules, deals, seed + 1000 * i, max_rounds=rounds)
    worst, gains = exploitability(rules, caution, check_deals, seed + 1000 * i + 1)
    club_worst, club_gains = exploitability(rules, (0.0,) * 8, check_deals, seed + 1000 * i + 1)
    return {
        "name": name,
        "entry": {
            "rules": rules.changes(),
            "caution": list(caution),
            "rounds": rounds_run,
            "moved_last_round": moved,
            "exploitability": worst,
            "gains_by_seat_left_of_dealer": list(gains),
            "club_exploitability": club_worst,
            "club_gains_by_seat_left_of_dealer": list(club_gains),
            **human_tables(name, caution, check_deals, seed),
            "seconds": round(time.perf_counter() - start, 1),
        },
    }


def human_tables(name: str, sound: tuple[float, ...], check_deals: int, seed: int) -> dict[str, Any]:
    """The preset's people and cautious tables, fitted from its sound table ``sound``, with
    every table's calling rates on the same fresh deals: the entry's fields after the sound fit."""
    i = list(PRESETS).index(name)
    rules = PRESETS[name]
    rate_deals = make_deals(rules, check_deals, seed + 1000 * i + 2)  # every table's rates, on the same deals
    cautious = calibrate(rules, sound, calibration_deals(check_deals), seed + 1000 * i + 3)
    people = people_table(rules, sound, PEOPLE_DEALS, seed + 1000 * i + 5)
    return {
        "calling_rates": rates_on(rate_deals, rules, sound),
        "cautious": list(cautious),
        "cautious_calling_rates": rates_on(rate_deals, rules, cautious),
        "people": list(people),
        "people_calling_rates": rates_on(rate_deals, rules, people),
        "published_rates": {label: rate for label, rate in PUBLISHED.values()} if rules.players == 4 else {},
    }


def fit_tasks(names: list[str], deals: int, check_deals: int, rounds: int, seed: int) -> list[Task]:
    calibration = CALIBRATION_SWEEPS_EXPECTED * len(HUMAN_RATES) * BISECTIONS * calibration_deals(check_deals)
    return [
        Task(
            f"fit/{name}",
            fit_preset,
            (name, deals, check_deals, rounds, seed),
            deals * rounds + 4 * check_deals + (calibration if PRESETS[name].players == 4 else 0),
        )
        for name in names
    ]


def write_fit(
    results: list[dict[str, Any]], out: Path, deals: int, check_deals: int, rounds: int, seed: int
) -> None:
    """engine/analysis/bidding_styles.json; presets already in ``out`` and not refitted are kept."""
    try:
        raw = read_regular(out, MAX_FIT_BYTES)  # never a FIFO or a device (NotAFile)
        old = json.loads(raw.decode("utf-8")) if raw is not None and len(raw) <= MAX_FIT_BYTES else None
        presets = dict(old.get("presets", {})) if isinstance(old, dict) else {}
    except (OSError, ValueError, RecursionError, TypeError):
        presets = {}
    for r in results:
        presets[r["name"]] = r["entry"]
    data = {
        "method": METHOD,
        "deals": deals,
        "check_deals": check_deals,
        "rounds": rounds,
        "seed": seed,
        "presets": {name: presets[name] for name in PRESETS if name in presets}
        | {n: e for n, e in presets.items() if n not in PRESETS},
    }
    write_atomic(out, (json.dumps(data, indent=1, sort_keys=True) + "\n").encode())


__all__ = [
    "COLUMNS",
    "FIT_DEALS",
    "METHOD",
    "chart_rows",
    "chart_tasks",
    "fit_preset",
    "fit_tasks",
    "write_fit",
    "write_parquet",
]
