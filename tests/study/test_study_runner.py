"""The study runner: the same Parquet with 1 or 2 workers, and a killed study resumed to the
same result without computing again what was saved (engine/study/dask_tasks.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from engine.cli.study import main

ROOT = Path(__file__).resolve().parents[2]
# the study's arguments, written as on a command line
TINY = (
    "--cells first/r1/t3-RLa-o0-v1-up9/* --cells first/r2/t2-R.a-o1-v1/* "
    "--deals-per-cell 30 --frequency-deals 2000 --seed 7"
).split()
# six quick cells, heavy enough (about a second each) that a kill lands in the middle
KILLED = (
    "--cells first/r1/t2-R..-o1-v*-up9/* --cells dealer/r1/t1-R..-o1-v*-upQ/* "
    "--deals-per-cell 1500 --frequency-deals 0 --seed 3"
).split()


def run_study(tmp: Path, name: str, args: list[str], workers: int) -> Path:
    out = tmp / f"{name}.parquet"
    assert main(["charts", "--out", str(out), "--workers", str(workers), *args]) == 0
    return out


def test_one_and_two_workers_write_the_same_file(tmp_path: Path) -> None:
    one = run_study(tmp_path, "one", TINY, 1)
    two = run_study(tmp_path, "two", TINY, 2)
    assert one.read_bytes() == two.read_bytes()
    frame = pd.read_parquet(one)
    assert list(frame["cell"]) == ["first/r1/t3-RLa-o0-v1-up9/any", "first/r2/t2-R.a-o1-v1/any"]
    assert (frame["n"] == 30).all() and frame["frequency_deals"].tolist() == [2000, 2000]
    assert set(frame["best"]) <= {"pass", "call", "alone"}
    row = frame.iloc[0]
    assert row["ev_call_lo"] <= row["ev_call"] <= row["ev_call_hi"]


def test_a_killed_study_resumes_without_recomputing(tmp_path: Path) -> None:
    out = tmp_path / "killed.parquet"
    parts = tmp_path / "killed.parquet.parts"
    cmd = [sys.executable, "-m", "engine", "study", "charts", "--out", str(out), "--workers", "1", *KILLED]
    proc = subprocess.Popen(
        cmd, cwd=ROOT, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(list(parts.glob("*.json"))) < 3:  # manifest + 2 parts
            time.sleep(0.02)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the command, its scheduler and its worker, at once
        proc.wait()
    saved = {p.name: p.stat().st_mtime_ns for p in parts.glob("*.json") if p.name != "manifest.json"}
    assert saved and not out.exists()
    assert len(saved) < 6, "the study ended before it was killed: make KILLED heavier"
    # without --resume the half-done folder is refused
    assert main(["charts", "--out", str(out), "--workers", "1", *KILLED]) == 2
    assert main(["charts", "--out", str(out), "--workers", "1", "--resume", *KILLED]) == 0
    for name, mtime in saved.items():
        assert (parts / name).stat().st_mtime_ns == mtime, f"{name} was computed again"
    whole = run_study(tmp_path, "whole", KILLED, 1)
    assert out.read_bytes() == whole.read_bytes()
    assert len(pd.read_parquet(out)) == 6


@pytest.mark.parametrize(
    "argv",
    [
        ["charts"],  # no --out
        ["charts", "--out", "x.csv"],
        ["charts", "--out", "x.parquet", "--deals-per-cell", "0"],
        ["charts", "--out", "x.parquet", "--deals-per-cell", "１０"],
        ["charts", "--out", "x.parquet", "--workers", "0"],
        ["charts", "--out", "x.parquet", "--workers", "2", "--scheduler", "tcp://h:8786"],
        ["charts", "--out", "x.parquet", "--scheduler", "http://h:8786"],
        ["charts", "--out", "x.parquet", "--scheduler", "tcp://h:99999"],
        ["charts", "--out", "x.parquet", "--seed", "1.5"],
        ["charts", "--out", "x.parquet", "--rules", "{"],
        ["charts", "--out", "x.parquet", "--rules", '{"players": 5}'],
        ["charts", "--out", "x.parquet", "--cells", "nobody/*"],
        ["charts", "--out", "no/such/folder/x.parquet"],
        ["charts", "--out", "x.parquet", "--frequency-deals", "-1"],
        ["charts", "--out", "x.parquet", "--bogus"],
        ["fit-bidding", "--out", "x.json", "--preset", "Nowhere"],
        ["fit-bidding", "--out", "x.json", "--rounds", "0"],
        ["fit-bidding", "--out", "x.parquet"],
        ["puzzles", "--out", "x.json"],
        ["puzzles", "--out", "x.jsonl.gz", "--preset", "Nowhere"],
        ["puzzles", "--out", "x.jsonl.gz", "--seat-hands", "0", "--open-hands", "0"],
        ["puzzles", "--out", "x.jsonl.gz", "--check", "0"],
        ["puzzles", "--out", "missing.jsonl.gz", "--check", "5"],
        ["nonsense"],
    ],
)
def test_bad_flags_exit_2_with_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert err.startswith("study")
