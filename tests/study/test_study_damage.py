"""Studies meet damaged part files, altered numbers, Ctrl-C and too many workers
(engine/study/dask_tasks.py): a part that does not read back is computed again (and the run says how
many were), every part carries the SHA-256 of its result, Ctrl-C prints one line and leaves no
process behind, and the workers never outnumber the cores or the tasks."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from engine.cli.study import main
from engine.study.dask_tasks import PART_FORMAT, part_bytes, part_name, read_part, workers_for, write_atomic

ROOT = Path(__file__).resolve().parents[2]
KEY = "cell/first/r1/t3-RLa-o0-v1-up9/any"
RESULT: dict[str, Any] = {
    "task": KEY,
    "cell": KEY[5:],
    "seat": "first",
    "round": 1,
    "n": 30,
    "ev_call": 0.25,
    "outcomes_call": "1:30",
}
THREE = [
    "--cells",
    "first/r1/t3-RLa-o0-v1-up9/*",
    "--cells",
    "first/r1/t3-RLa-o0-v1-upK/*",
    "--cells",
    "first/r2/t2-R.a-o1-v1/*",
    "--deals-per-cell",
    "20",
    "--frequency-deals",
    "0",
    "--seed",
    "5",
]


def save(parts: Path, key: str, data: bytes) -> Path:
    parts.mkdir(parents=True, exist_ok=True)
    path = parts / part_name(key)
    write_atomic(path, data)
    return path


# ---- the part files, unit by unit ------------------------------------------------------------------


def test_a_part_holds_its_result_and_the_checksum_of_its_canonical_json(tmp_path: Path) -> None:
    path = save(tmp_path, KEY, part_bytes(KEY, RESULT))
    stored = json.loads(path.read_text())
    canonical = json.dumps(RESULT, sort_keys=True, separators=(",", ":")).encode()
    assert stored == {
        "format": PART_FORMAT,
        "task": KEY,
        "sha256": hashlib.sha256(canonical).hexdigest(),
        "result": RESULT,
    }
    assert read_part(tmp_path, KEY) == (RESULT, False)
    assert read_part(tmp_path, "cell/another") == (None, False)  # not saved: no damage


def altered(text: str) -> str:
    return text.replace('"ev_call": 0.25', '"ev_call": 0.75')


def dropped(text: str) -> str:
    data = json.loads(text)
    del data["result"]["cell"]
    return json.dumps(data)


def dropped_and_resummed(text: str) -> str:
    data = json.loads(text)
    del data["result"]["cell"]
    data["sha256"] = hashlib.sha256(
        json.dumps(data["result"], sort_keys=True, separators=(",", ":")).encode()
    ).hexdigest()
    return json.dumps(data)


def format_1(text: str) -> str:
    return json.dumps(RESULT)  # the flat parts written before the checksum


DAMAGE = {
    "altered number": altered,
    "a field dropped": dropped,
    "not JSON": lambda t: t[: len(t) // 2],
    "empty": lambda t: "",
    "a JSON list": lambda t: "[1, 2]",
    "a JSON string": lambda t: '"cell"',
    "deeply nested": lambda t: "[" * 100_000,
    "not UTF-8": lambda t: "\udcff",
    "another task's": lambda t: t.replace(KEY, "cell/first/r1/elsewhere/any"),
    "no checksum": lambda t: t.replace('"sha256"', '"sha1"'),
    "checksum not text": lambda t: json.dumps({**json.loads(t), "sha256": 5}),
    "result not an object": lambda t: json.dumps({**json.loads(t), "result": [1]}),
    "unknown format": lambda t: json.dumps({**json.loads(t), "format": 99}),
    "format 1": format_1,
}


@pytest.mark.parametrize("how", sorted(DAMAGE))
def test_a_damaged_part_is_to_compute_again(tmp_path: Path, how: str) -> None:
    text = DAMAGE[how](part_bytes(KEY, RESULT).decode())
    save(tmp_path, KEY, text.encode("utf-8", "surrogateescape"))
    assert read_part(tmp_path, KEY) == (None, True)


def test_the_studys_check_catches_a_part_rewritten_with_a_fresh_checksum(tmp_path: Path) -> None:
    save(tmp_path, KEY, dropped_and_resummed(part_bytes(KEY, RESULT).decode()).encode())
    assert read_part(tmp_path, KEY)[0] is not None  # the checksum alone cannot tell
    assert read_part(tmp_path, KEY, lambda key, result: "cell" in result) == (None, True)


def test_an_oversized_part_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.study import dask_tasks

    save(tmp_path, KEY, part_bytes(KEY, RESULT))
    monkeypatch.setattr(dask_tasks, "MAX_PART_BYTES", 10)
    assert read_part(tmp_path, KEY) == (None, True)


FREQUENCY = {
    "task": "frequency/1/1/0",
    "key": "frequency/first/r1/0",
    "deals": 100,
    "counts": {"first/r1/t1": 4},
}


@pytest.mark.parametrize(
    ("key", "result", "readable"),
    [
        ("frequency/1/1/0", FREQUENCY, True),
        ("frequency/1/1/0", {**FREQUENCY, "key": "frequency/first/one/0"}, False),
        ("frequency/1/1/0", {**FREQUENCY, "deals": -1}, False),
        ("frequency/1/1/0", {**FREQUENCY, "counts": {"first/r1/t1": "4"}}, False),
        ("frequency/1/1/0", {k: v for k, v in FREQUENCY.items() if k != "counts"}, False),
        ("fit/standard", {"task": "fit/standard", "name": "standard", "entry": {}}, True),
        ("fit/standard", {"task": "fit/standard", "name": "tournament", "entry": {}}, False),
        ("fit/standard", {"task": "fit/standard", "name": "standard"}, False),
    ],
)
def test_the_studies_checks(key: str, result: dict[str, Any], readable: bool) -> None:
    from engine.cli.study import _chart_part, _fit_part

    assert (_fit_part if key.startswith("fit/") else _chart_part)(key, result) is readable


# ---- the workers ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("asked", "tasks", "cores", "used", "line"),
    [
        (64, 1, 2, 1, "study: --workers 64 capped at 1 (1 task to run)"),
        (64, 2, 2, 2, "study: --workers 64 capped at 2 (2 cores and 2 tasks to run)"),
        (1024, 500, 2, 2, "study: --workers 1024 capped at 2 (2 cores)"),
        (8, 3, 16, 3, "study: --workers 8 capped at 3 (3 tasks to run)"),
        (2, 5, 2, 2, None),
        (1, 5, 8, 1, None),
        (None, 5, 2, 2, None),  # the default: one per core, said nowhere
        (None, 1, 8, 1, None),
    ],
)
def test_the_workers_are_capped_at_the_cores_and_the_tasks(
    asked: int | None, tasks: int, cores: int, used: int, line: str | None
) -> None:
    assert workers_for(asked, tasks, cores) == (used, line)


# ---- whole studies (tiny: three cells of 20 deals) ----------------------------------------------------


def test_damaged_and_altered_parts_are_computed_again_on_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "three.parquet"
    parts = tmp_path / "three.parquet.parts"
    assert main(["charts", "--out", str(out), "--workers", "64", *THREE]) == 0
    err = capsys.readouterr().err
    assert f"study: --workers 64 capped at {min(3, len(os.sched_getaffinity(0)))} (" in err, err
    first = out.read_bytes()
    files = sorted(p for p in parts.glob("*.json") if p.name != "manifest.json")
    assert len(files) == 3
    untouched = files[2].stat().st_mtime_ns
    files[0].write_text(altered_number(files[0].read_text()))  # the tester's altered numbers
    files[1].write_text(dropped_and_resummed(files[1].read_text()))  # the tester's KeyError: 'cell'
    assert main(["charts", "--out", str(out), "--workers", "1", "--resume", *THREE]) == 0
    err = capsys.readouterr().err
    assert "study: 2 saved parts failed their check (damaged or altered) and will be computed again" in err
    assert "(2 of 3 tasks run now" in err and "Traceback" not in err
    assert out.read_bytes() == first
    assert files[2].stat().st_mtime_ns == untouched
    assert all(read_part(parts, json.loads(f.read_text())["task"])[0] is not None for f in files)


def altered_number(text: str) -> str:
    data = json.loads(text)
    data["result"]["n"] += 1000
    return json.dumps(data)


def as_from_a_terminal() -> None:
    """SIGINT as a shell started the study with: delivered, with its default action. A child
    inherits its parent's signal mask and ignored signals, and in the full suite the pytest worker
    that starts it had come to hold SIGINT (twice the study ran to its end, exit 0)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def test_ctrl_c_prints_one_line_and_leaves_no_process(tmp_path: Path) -> None:
    out = tmp_path / "stopped.parquet"
    parts = tmp_path / "stopped.parquet.parts"
    cmd = [sys.executable, "-m", "engine", "study", "charts", "--out", str(out), "--workers", "2"]
    cmd += "--cells first/r1/t2-*-up9/* --deals-per-cell 1500 --frequency-deals 0 --seed 3".split()
    proc = subprocess.Popen(
        cmd,
        cwd=ROOT,
        start_new_session=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=as_from_a_terminal,
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and len(list(parts.glob("*.json"))) < 2:  # manifest + a part
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole process group
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    lines = [line for line in err.splitlines() if not line.startswith("study: Dask's dashboard")]
    assert proc.returncode == 130, err
    assert lines == ["study: interrupted"], err
    left = ["?"]
    deadline = (
        time.monotonic() + 15
    )  # the cluster closed; its last helper (multiprocessing's tracker) follows
    while left and time.monotonic() < deadline:
        time.sleep(0.2)
        left = subprocess.run(["pgrep", "-g", str(proc.pid)], capture_output=True, text=True).stdout.split()
    assert left == [], f"processes of the study still running: {left}"
