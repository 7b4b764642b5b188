"""Running a study's tasks on Dask, each finished task saved at once, so a study resumes.

A study is a list of ``Task``s: a key (which also names the task's seed, so results never
depend on the number of workers or the order tasks finish), a module-level function and its
arguments (plain data, so any worker can run it), and a weight (deals) for the progress line.

``run`` starts an embedded ``distributed.LocalCluster`` (worker processes, one thread each;
never more than the cores or the tasks to run, ``workers_for``) or connects to a running
scheduler, submits every task not yet saved (``retries=2``: Dask runs a task again when its
worker dies), and writes each result as it arrives to one JSON file in the parts folder,
atomically (a temporary file, then a rename), with the SHA-256 of the result's canonical JSON
beside it (``part_bytes``). A part that does not read back (not JSON, another task's, its
checksum or the study's own ``check`` failing) is computed again on ``--resume``, and the run
says how many were. Results travel back to this process, so workers on other machines need no
shared disk. A ``manifest.json`` in the folder holds the study's parameters; ``resume``
continues only a study with the same ones. Killing the command (Ctrl-C, a lost machine) loses
at most the tasks still running; Ctrl-C reaches only this process (the worker processes start
with it blocked), which closes the cluster and leaves the one line ``guarded`` prints.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import ipaddress
import json
import logging
import os
import re
import signal
import socket
import stat
import struct
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from engine.core.errors import EuchreError
from engine.io.progress_line import duration, is_tty

MANIFEST = "manifest.json"
PART_FORMAT = 2  # parts with the result's checksum beside it (format 1, without one, are computed again)
MAX_PART_BYTES = 16 * 1024 * 1024  # a part is a few kilobytes; a bigger file is not one
MAX_MANIFEST_BYTES = 1024 * 1024  # a manifest is a few hundred bytes
CONNECT_TIMEOUT = 15.0  # seconds to reach a scheduler and hear its greeting
MAX_GREETING = 1024 * 1024  # a Dask scheduler's greeting (its handshake) is about a hundred bytes
DASK_PORT = 8786  # a scheduler address without a port means this one (Dask's default)
_ADDRESS = re.compile(r"(tcp|tls)://(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9._\-]+))(?::([0-9]{1,5}))?")


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
    """``data`` in ``path``, whole or not at all: a temporary file beside it, then a rename (the
    temporary file is removed when writing fails). Raises OSError."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        remove_quietly(tmp)
        raise


def remove_quietly(path: Path) -> None:
    """Remove a file of ours if it is there (a temporary file left by a failed write)."""
    try:
        path.unlink()
    except OSError:
        pass


def why(err: OSError) -> str:
    """An OSError's reason in a few words (``Permission denied``), without the path it names."""
    return err.strerror or type(err).__name__


class NotAFile(StudyError):
    """A path where the study keeps a file holds a folder, a FIFO, a device or a socket."""


def named(path: Path) -> str:
    """A study's file as a message names it: its folder's name and its own (``charts.parquet.parts/
    1a2b….json``), short enough that a one-line message never has to cut it."""
    return f"{path.parent.name}/{path.name}" if path.parent.name else path.name


def read_regular(path: Path, limit: int) -> bytes | None:
    """The bytes of the regular file ``path`` (a link to one is followed), None when it is not
    there, or ``limit + 1`` bytes when it is longer than ``limit``. Never blocks on a FIFO and never
    reads a device: a path that is not a regular file raises NotAFile; OSError otherwise."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise NotAFile(
            f"{named(path)} is a folder, where the study keeps a file: remove it (or use another --out)"
        ) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise NotAFile(
                f"{named(path)} is a folder, where the study keeps a file: remove it (or use another --out)"
            )
        if not stat.S_ISREG(mode):
            raise NotAFile(
                f"{named(path)} is not a regular file (a FIFO, a device or a socket, or a link to one), where "
                "the study keeps a file: remove it (or use another --out)"
            )
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def prepare(parts: Path, manifest: dict[str, Any], resume: bool) -> None:
    """Create the parts folder, or check it belongs to this study (``resume``). Raises StudyError
    (one line) when the folder cannot be made or read."""
    try:
        _prepare(parts, manifest, resume)
    except NotADirectoryError:
        raise StudyError(
            f"{named(parts)} is a file, where the study keeps its finished tasks in a folder: remove it "
            "(or use another --out)"
        ) from None
    except OSError as err:
        raise StudyError(f"cannot use the parts folder {parts}: {why(err)}") from None


def _prepare(parts: Path, manifest: dict[str, Any], resume: bool) -> None:
    mine = json.dumps(manifest, sort_keys=True)
    found = parts / MANIFEST
    if parts.exists() and not parts.is_dir():
        raise NotADirectoryError(str(parts))
    if parts.exists() and any(parts.iterdir()):
        started = any(p.name != MANIFEST for p in parts.iterdir())
        if started and not resume:
            raise StudyError(f"{parts} already holds a study: pass --resume to continue it, or remove it")
        try:
            data = read_regular(found, MAX_MANIFEST_BYTES)
            theirs = json.dumps(json.loads((data or b"").decode("utf-8")), sort_keys=True)
        except NotAFile:
            raise
        except (OSError, ValueError, RecursionError):
            raise StudyError(
                f"{parts} holds no readable {MANIFEST}: it is not a study's parts folder"
            ) from None
        if theirs != mine:
            raise StudyError(
                f"{parts} holds a study with other parameters ({theirs}); "
                "use another --out or remove the folder"
            )
        return
    parts.mkdir(parents=True, exist_ok=True)
    write_atomic(found, (mine + "\n").encode())


def canonical(result: dict[str, Any]) -> bytes:
    """The canonical JSON of a result (keys sorted, no spaces): what its checksum is taken of."""
    return json.dumps(result, sort_keys=True, separators=(",", ":")).encode()


def part_bytes(key: str, result: dict[str, Any]) -> bytes:
    """A part file's contents: the task's result and the SHA-256 of its canonical JSON."""
    digest = hashlib.sha256(canonical(result)).hexdigest()
    return (
        json.dumps({"format": PART_FORMAT, "task": key, "sha256": digest, "result": result}, sort_keys=True)
        + "\n"
    ).encode()


Check = Callable[[str, dict[str, Any]], bool]  # (task key, result) -> does the study's code read it?


def read_part(parts: Path, key: str, check: Check | None = None) -> tuple[dict[str, Any] | None, bool]:
    """The saved result of task ``key`` and whether a part file was there but damaged: not JSON,
    another task's, a checksum that does not match its result, or a result ``check`` refuses.
    (None, False): not saved yet; (None, True): damaged, to compute again. A part path that is not
    a regular file (a folder, a FIFO, a link to a device) raises NotAFile: the study cannot write
    its part there, and reading it could block or never end."""
    path = parts / part_name(key)
    try:
        raw = read_regular(path, MAX_PART_BYTES)  # NotAFile (a folder, a FIFO, a device) is the caller's
        if raw is None:
            return None, False
        if len(raw) > MAX_PART_BYTES:
            return None, True
        data = json.loads(raw.decode("utf-8"))
    except NotAFile:
        raise
    except (OSError, ValueError, RecursionError):
        return None, True
    if not isinstance(data, dict) or data.get("format") != PART_FORMAT or data.get("task") != key:
        return None, True
    result, digest = data.get("result"), data.get("sha256")
    if not isinstance(result, dict) or result.get("task") != key or not isinstance(digest, str):
        return None, True
    try:
        intact = hashlib.sha256(canonical(result)).hexdigest() == digest
    except (TypeError, ValueError):
        intact = False
    if not intact or (check is not None and not check(key, result)):
        return None, True
    return result, False


def load_part(parts: Path, key: str, check: Check | None = None) -> dict[str, Any] | None:
    """The saved result of task ``key``, or None (not saved, or damaged: computed again)."""
    return read_part(parts, key, check)[0]


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def workers_for(asked: int | None, tasks: int, available: int) -> tuple[int, str | None]:
    """The worker processes to start for ``tasks`` tasks on ``available`` cores: ``asked`` (default
    one per core), never more than the cores or the tasks; and the line that says so when ``asked``
    was cut (None otherwise)."""
    limit = max(1, min(available, tasks))
    used = min(asked, limit) if asked is not None else limit
    if asked is None or used == asked:
        return used, None
    why = []  # the limits that cut it
    if available == used:
        why.append(f"{available} core{'s' if available != 1 else ''}")
    if tasks == used:
        why.append(f"{tasks} task{'s' if tasks != 1 else ''} to run")
    return used, f"study: --workers {asked} capped at {used} ({' and '.join(why)})"


@contextmanager
def sigint_held() -> Iterator[None]:
    """SIGINT blocked in this (the main) thread for the block. The threads started inside, and the
    worker processes they start, inherit the block for good: Ctrl-C at the terminal never reaches
    a worker (no worker prints a traceback). A Ctrl-C meanwhile waits, and arrives here as
    KeyboardInterrupt when the block ends. Where threads have no signal masks, nothing changes."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    # multiprocessing's resource tracker, started on first use, unblocks SIGINT in the thread that
    # starts it (the cluster's IO loop, which starts the workers): start it now, outside the block.
    resource_tracker: Any = importlib.import_module("multiprocessing.resource_tracker")
    resource_tracker.ensure_running()
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


@contextmanager
def sigint_ignored() -> Iterator[None]:
    """SIGINT ignored for the block (in the main thread; elsewhere nothing changes): a second
    Ctrl-C while the cluster closes cannot cut the closing short."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


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
            client = Client(scheduler, timeout=f"{CONNECT_TIMEOUT:g}s")
        except Exception as err:  # any failure to connect is one line, never a traceback
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
        return LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=dashboard_address,
            silence_logs=logging.CRITICAL,
        )

    with ExitStack() as stack:
        with sigint_held():  # the cluster's threads and worker processes start (and stay) deaf to Ctrl-C
            try:
                cluster = local_cluster(dashboard)
            except Exception:  # the dashboard could not start: run without it
                cluster = local_cluster(None)
                dashboard = None
            stack.callback(_close_quietly, cluster)
        client = Client(cluster)  # a Ctrl-C held back meanwhile is raised by now: the cluster closes
        stack.callback(_close_quietly, client)
        if dashboard is not None:
            _show_dashboard(client, stream)
        else:
            print("study: Dask's dashboard is off (pip install bokeh to have it)", file=stream, flush=True)
        yield client


def split_address(address: str) -> tuple[str, str, int]:
    """``tcp://HOST:PORT`` as (scheme, host, port): a name, an IPv4 address or an IPv6 address in
    brackets (``tcp://[::1]:8786``), the port 1..65535 (8786 when left out). Raises ValueError.

    >>> split_address("tcp://[::1]:8786"), split_address("tls://10.0.0.1")
    (('tcp', '::1', 8786), ('tls', '10.0.0.1', 8786))
    """
    match = _ADDRESS.fullmatch(address)
    if match is None:
        raise ValueError(f"not a scheduler address: {address!r}")
    scheme, ipv6, name, port = match.groups()
    if ipv6 is not None:
        ipaddress.IPv6Address(ipv6)  # ValueError when it is not one
    number = int(port) if port is not None else DASK_PORT
    if not 0 < number < 65536:
        raise ValueError(f"the port must be 1 to 65535, got {number}")
    return scheme, ipv6 if ipv6 is not None else name, number


def _read_exactly(sock: socket.socket, size: int, deadline: float) -> bytes:
    data = bytearray()
    while len(data) < size:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        sock.settimeout(left)
        chunk = sock.recv(min(size - len(data), 65536))
        if not chunk:
            raise ConnectionError("it closed the connection")
        data += chunk
    return bytes(data)


def greet(address: str, timeout: float | None = None) -> None:
    """Check that ``address`` (tcp://) is a Dask server before Dask talks to it: a Dask scheduler
    speaks first, one small framed message (its handshake), as soon as it accepts a connection.
    Anything else (a web server, the dashboard's port, a closed port) raises StudyError in one line
    within ``timeout`` seconds (``CONNECT_TIMEOUT``); Dask itself would read the first bytes of an
    HTTP reply as a length and try to allocate exabytes, or wait for ever. tls:// is left to Dask."""
    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    try:
        scheme, host, port = split_address(address)
    except ValueError as err:
        raise StudyError(f"--scheduler {address!r}: {err}") from None
    if scheme != "tcp":
        return
    deadline = time.monotonic() + timeout
    not_dask = f"{address} is not a Dask scheduler"
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            head = _read_exactly(sock, 8, deadline)
            (size,) = struct.unpack("Q", head)  # Dask's frame header: the length of what follows
            if not 16 <= size <= MAX_GREETING:
                raise StudyError(
                    f"{not_dask}: it answered {head!r}…, not a Dask greeting (is it a web server?)"
                )
            body = _read_exactly(sock, size, deadline)
            sock.sendall(head + body)  # its own greeting back: a handshake it accepts, so it logs no failure
    except TimeoutError:
        raise StudyError(
            f"{not_dask}, or not one that answers: it said nothing within {timeout:g} s (a Dask "
            "scheduler greets at once; is it a web server, or the dashboard's port, 8787?)"
        ) from None
    except OSError as err:
        raise StudyError(f"cannot reach the scheduler {address}: {why(err)}") from None
    (frames,) = struct.unpack_from("Q", body)
    if not 0 < frames <= 64 or 8 * (frames + 1) > size:
        raise StudyError(f"{not_dask}: its greeting is not a Dask message")


def _close_quietly(thing: Any) -> None:
    """Close a client or a cluster, Ctrl-C ignored meanwhile and its complaints unheard: after an
    interruption the workers' running tasks are cut off, which is what was asked."""
    with sigint_ignored():
        try:
            thing.close()
        except Exception:  # already closing, or a worker gone: nothing is left to save
            pass


def _show_dashboard(client: Any, stream: TextIO) -> None:
    link = getattr(client, "dashboard_link", None)
    if link:
        print(f"study: Dask's dashboard: {link}", file=stream, flush=True)


class StudyProgress:
    """``tasks done/total, deals/s, time left`` on stderr, at most once a second."""

    def __init__(
        self,
        what: str,
        total: int,
        weight: int,
        enabled: bool,
        stream: TextIO,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
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
    damaged: int = 0  # saved parts that did not read back (computed again, among ``computed``)
    workers: int = 0  # worker processes started (0: none, or a scheduler's)


def run(
    what: str,
    tasks: Sequence[Task],
    parts: Path,
    manifest: dict[str, Any],
    resume: bool,
    workers: int | None,
    scheduler: str | None,
    progress: bool | None = None,
    stream: TextIO | None = None,
    check: Check | None = None,
) -> Outcome:
    """Run every task not yet in ``parts``; see the module docstring. ``workers``: the embedded
    cluster's processes (None: one per core), capped at the cores and the tasks to run (one line
    on ``stream`` says so). ``check(key, result)``: does a saved result hold what the study reads?"""
    stream = stream if stream is not None else sys.stderr
    keys = [t.key for t in tasks]
    if len(set(keys)) != len(keys):
        raise ValueError("task keys must be unique")
    if scheduler is not None:
        greet(scheduler)  # before the parts folder is made: a wrong address leaves nothing behind
    created = not os.path.lexists(parts)
    prepare(parts, manifest, resume)
    try:
        return _run_tasks(what, tasks, parts, workers, scheduler, progress, stream, check)
    except (StudyError, OSError):
        if created:  # a study that stopped before its first task was saved leaves no folder behind
            _remove_if_unstarted(parts)
        raise


def _remove_if_unstarted(parts: Path) -> None:
    try:
        if all(p.name == MANIFEST for p in parts.iterdir()):
            remove_quietly(parts / MANIFEST)
            parts.rmdir()
    except OSError:
        pass


def _todo(tasks: Sequence[Task], parts: Path, check: Check | None, stream: TextIO) -> tuple[list[Task], int]:
    """The tasks with no saved result that reads, and how many saved ones failed their check (said:
    they are computed again)."""
    todo, damaged = [], 0
    for t in tasks:
        saved, broken = read_part(parts, t.key, check)
        if saved is None:
            todo.append(t)
            damaged += broken
    if damaged:
        print(
            f"study: {damaged} saved part{'s' if damaged != 1 else ''} failed {'their' if damaged != 1 else 'its'} "
            "check (damaged or altered) and will be computed again",
            file=stream,
            flush=True,
        )
    return todo, damaged


def _saved(future: Any, by_key: dict[str, Task], parts: Path, check: Check | None) -> Task:
    """A finished task's result, checked and saved as its part; the task. Raises StudyError."""
    try:
        result = future.result()
    except ImportError as err:  # a scheduler or worker started outside the checkout
        raise StudyError(
            f"the cluster cannot load this project's code ({err}): start the "
            "scheduler and every worker from the checkout folder with "
            "PYTHONPATH=. (see docs/cli.md)"
        ) from None
    task = by_key[result["task"]]
    if check is not None and not check(task.key, result):
        raise StudyError(
            f"the task {task.key} returned a result its study cannot read (fields {', '.join(sorted(result))})"
        )
    try:
        write_atomic(parts / part_name(task.key), part_bytes(task.key, result))
    except OSError as err:
        raise StudyError(
            f"cannot save the finished task {task.key} in {parts}: {why(err)}; the "
            "tasks saved so far are kept (run again with --resume)"
        ) from None
    return task


def _load_all(tasks: Sequence[Task], parts: Path, check: Check | None) -> list[Any]:
    results = []
    for t in sorted(tasks, key=lambda t: t.key):
        part = load_part(parts, t.key, check)
        if part is None:
            raise StudyError(
                f"the saved result of {t.key} in {parts} changed while the study ran; run it again with --resume"
            )
        results.append(part)
    return results


def _run_tasks(
    what: str,
    tasks: Sequence[Task],
    parts: Path,
    workers: int | None,
    scheduler: str | None,
    progress: bool | None,
    stream: TextIO,
    check: Check | None,
) -> Outcome:
    todo, damaged = _todo(tasks, parts, check, stream)
    weight = sum(t.weight for t in todo)
    shown = StudyProgress(what, len(todo), weight, is_tty(stream) if progress is None else progress, stream)
    start = time.monotonic()
    used = 0
    if todo:
        as_completed: Any = importlib.import_module("distributed").as_completed
        if scheduler is None:
            used, capped = workers_for(workers, len(todo), cores())
            if capped:
                print(capped, file=stream, flush=True)

        with client_for(used, scheduler, stream) as client:
            start = time.monotonic()
            by_key = {t.key: t for t in todo}
            futures = [
                client.submit(
                    _run_one, t.key, t.fn, t.args, key=f"study-{part_name(t.key)[:-5]}", pure=False, retries=2
                )
                for t in todo
            ]
            done, deals = 0, 0
            try:
                for future in as_completed(futures):
                    task = _saved(future, by_key, parts, check)
                    done += 1
                    deals += task.weight
                    shown(done, deals)
            finally:
                shown.close()
    seconds = time.monotonic() - start
    return Outcome(_load_all(tasks, parts, check), len(todo), weight, seconds, damaged, used)


__all__ = [
    "MANIFEST",
    "PART_FORMAT",
    "Check",
    "Outcome",
    "StudyError",
    "StudyProgress",
    "Task",
    "canonical",
    "cores",
    "load_part",
    "named",
    "NotAFile",
    "part_bytes",
    "part_name",
    "prepare",
    "read_part",
    "read_regular",
    "remove_quietly",
    "run",
    "sigint_held",
    "sigint_ignored",
    "split_address",
    "greet",
    "why",
    "workers_for",
    "write_atomic",
]
