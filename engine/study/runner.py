"""Running a study's tasks on Dask, each finished task saved at once, so a study resumes.

A study is a list of ``Task``s: a key (which also names the task's seed, so results never
depend on the number of workers or the order tasks finish), a module-level function and its
arguments (plain data, so any worker can run it), and a weight (deals) for the progress line.

``run`` starts an embedded ``distributed.LocalCluster`` (worker processes, one thread each)
or connects to a running scheduler, submits every task not yet saved (``retries=2``: Dask runs
a task again when its worker dies), and writes each result as it arrives to one JSON file in
the parts folder, atomically (a temporary file, then a rename). Results travel back to this
process, so workers on other machines need no shared disk. A ``manifest.json`` in the folder
holds the study's parameters; ``resume`` continues only a study with the same ones. Killing
the command (Ctrl-C, a lost machine) loses at most the tasks still running.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import logging
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from engine.errors import EuchreError
from engine.progress import duration, is_tty

MANIFEST = "manifest.json"


class StudyError(EuchreError):
    """A study that cannot start: a parts folder of another study, a scheduler not reached."""


@dataclass(frozen=True)
class Task:
    key: str
    fn: Callable[..., dict[str, Any]]
    args: tuple[Any, ...]
    weight: int  # deals, for the progress line


def part_name(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()[:20] + ".json"


def write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def prepare(parts: Path, manifest: dict[str, Any], resume: bool) -> None:
    """Create the parts folder, or check it belongs to this study (``resume``)."""
    mine = json.dumps(manifest, sort_keys=True)
    found = parts / MANIFEST
    if parts.exists() and any(parts.iterdir()):
        started = any(p.name != MANIFEST for p in parts.iterdir())
        if started and not resume:
            raise StudyError(f"{parts} already holds a study: pass --resume to continue it, or remove it")
        try:
            theirs = json.dumps(json.loads(found.read_text(encoding="utf-8")), sort_keys=True)
        except (OSError, ValueError):
            raise StudyError(f"{parts} holds no readable {MANIFEST}: it is not a study's parts folder") from None
        if theirs != mine:
            raise StudyError(f"{parts} holds a study with other parameters ({theirs}); "
                             "use another --out or remove the folder")
        return
    parts.mkdir(parents=True, exist_ok=True)
    write_atomic(found, (mine + "\n").encode())


def load_part(parts: Path, key: str) -> dict[str, Any] | None:
    path = parts / part_name(key)
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None  # missing (or, impossible with the rename, torn): computed again
    return data if data.get("task") == key else None


def _run_one(key: str, fn: Callable[..., dict[str, Any]], args: tuple[Any, ...]) -> dict[str, Any]:
    return {**fn(*args), "task": key}


@contextmanager
def client_for(workers: int, scheduler: str | None, stream: TextIO) -> Iterator[Any]:
    """A ``distributed.Client``: to ``scheduler``, or to a LocalCluster of ``workers`` processes."""
    for name in ("distributed", "bokeh", "tornado"):
        logging.getLogger(name).setLevel(logging.ERROR)
    dist: Any = importlib.import_module("distributed")  # partly typed: used through Any
    Client, LocalCluster = dist.Client, dist.LocalCluster

    if scheduler is not None:
        try:
            client = Client(scheduler, timeout="15s")
        except (OSError, TimeoutError) as err:
            raise StudyError(f"cannot reach the scheduler {scheduler}: {err}") from None
        with client:
            _show_dashboard(client, stream)
            yield client
        return
    dashboard = ":0" if importlib.util.find_spec("bokeh") is not None else None

    def local_cluster(dashboard_address: str | None) -> Any:
        # The worker processes log at CRITICAL only: on a busy machine a worker's heartbeat can
        # race the cluster's shutdown and log a harmless ERROR with a traceback
        # (dask/distributed#7105). A task's own error still reaches the client and is raised.
        return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                            dashboard_address=dashboard_address, silence_logs=logging.CRITICAL)

    try:
        cluster = local_cluster(dashboard)
    except Exception:  # the dashboard could not start: run without it
        cluster = local_cluster(None)
        dashboard = None
    with cluster, Client(cluster) as client:
        if dashboard is not None:
            _show_dashboard(client, stream)
        else:
            print("study: Dask's dashboard is off (pip install bokeh to have it)", file=stream, flush=True)
        yield client


def _show_dashboard(client: Any, stream: TextIO) -> None:
    link = getattr(client, "dashboard_link", None)
    if link:
        print(f"study: Dask's dashboard: {link}", file=stream, flush=True)


class StudyProgress:
    """``tasks done/total, deals/s, time left`` on stderr, at most once a second."""

    def __init__(self, what: str, total: int, weight: int, enabled: bool, stream: TextIO,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.what, self.total, self.weight = what, total, weight
        self.enabled, self.stream, self.clock = enabled, stream, clock
        self.start = self.shown = clock()
        self.wrote = False

    def line(self, done: int, deals: int, seconds: float) -> str:
        rate = deals / seconds if seconds > 0 else 0.0
        left = (self.weight - deals) / rate if rate > 0 else None
        eta = "" if left is None else f", about {duration(left)} left"
        return f"{self.what}: {done:,}/{self.total:,} tasks, {rate:,.0f} deals/s{eta}   "

    def __call__(self, done: int, deals: int) -> None:
        now = self.clock()
        if not self.enabled or (now - self.shown < 1.0 and done < self.total):
            return
        self.shown = now
        end = "\r" if is_tty(self.stream) else "\n"
        self.stream.write(self.line(done, deals, now - self.start) + end)
        self.stream.flush()
        self.wrote = end == "\r"

    def close(self) -> None:
        if self.wrote:
            self.stream.write("\n")
            self.stream.flush()


@dataclass(frozen=True, slots=True)
class Outcome:
    results: list[dict[str, Any]]  # every task's result, sorted by task key
    computed: int  # tasks run now (the others were saved already)
    deals: int  # their weight
    seconds: float  # from the first submission to the last result


def run(what: str, tasks: Sequence[Task], parts: Path, manifest: dict[str, Any], resume: bool,
        workers: int, scheduler: str | None, progress: bool | None = None,
        stream: TextIO | None = None) -> Outcome:
    """Run every task not yet in ``parts``; see the module docstring."""
    stream = stream if stream is not None else sys.stderr
    keys = [t.key for t in tasks]
    if len(set(keys)) != len(keys):
        raise ValueError("task keys must be unique")
    prepare(parts, manifest, resume)
    todo = [t for t in tasks if load_part(parts, t.key) is None]
    weight = sum(t.weight for t in todo)
    shown = StudyProgress(what, len(todo), weight, is_tty(stream) if progress is None else progress, stream)
    start = time.monotonic()
    if todo:
        as_completed: Any = importlib.import_module("distributed").as_completed

        with client_for(workers, scheduler, stream) as client:
            start = time.monotonic()
            by_key = {t.key: t for t in todo}
            futures = [client.submit(_run_one, t.key, t.fn, t.args, key=f"study-{part_name(t.key)[:-5]}",
                                     pure=False, retries=2) for t in todo]
            done, deals = 0, 0
            try:
                for future in as_completed(futures):
                    result = future.result()
                    task = by_key[result["task"]]
                    write_atomic(parts / part_name(task.key), (json.dumps(result, sort_keys=True) + "\n").encode())
                    done += 1
                    deals += task.weight
                    shown(done, deals)
            finally:
                shown.close()
    seconds = time.monotonic() - start
    results = []
    for t in sorted(tasks, key=lambda t: t.key):
        part = load_part(parts, t.key)
        assert part is not None, t.key
        results.append(part)
    return Outcome(results, len(todo), weight, seconds)


__all__ = ["MANIFEST", "Outcome", "StudyError", "StudyProgress", "Task", "load_part", "part_name", "prepare", "run",
           "write_atomic"]
