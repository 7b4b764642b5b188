"""Grading in a worker process of its own, at a lower priority, so it never holds up the page.

The grader (``practice.review``) is mostly Python: run on a thread of the page's process it holds
the interpreter lock while the page draws, and the page's clicks wait for it
(docs/research/seat-grades.md, "A table that answers at once"). A ``ProcessGrader`` runs each job
in a separate process instead:

- one worker by default (``WORKERS``), started from a fresh interpreter (``spawn``: the page's
  process has threads, so it is never forked), only when first asked (``start``), and warmed up
  there by its initializer (the compiled code loaded from its cache on disk, a bid and a card
  graded) before its first job, off any click;
- the worker never runs the app: a spawned process runs the parent's ``__main__`` script again
  first, and under Streamlit that is the page script (Streamlit makes app.py the ``__main__``
  module of every run), so the worker is started with a bare ``__main__`` in its place
  (``_bare_main``);
- the worker lowers its own priority (``os.nice(NICE)``): on a busy machine the page and the
  browser get the cores first;
- a worker that dies (killed, out of memory) is replaced, and every job it held is run again in
  the new one (up to ``RETRIES`` times): a grade is never lost, and nothing reaches the page;
- a worker ends with the page's process: when the process exits (the standard library's executor
  shuts it down) or is killed (the worker sees its parent gone within a second).

Jobs and their results cross between the processes pickled: a job is a module-level function (the
grader) and its arguments, small frozen values. Each worker keeps its own caches (the seat's
valuations, the bid analyses), which is why the grading pool asks it, not the page's process, for
anything that reads them (``GradingPool.prepare``, ``GradingPool.run``).
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, InvalidStateError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any, TypeVar

WORKERS = 1  # worker processes; one grades a learner's decisions as fast as they are played
NICE = 10  # added to the worker's niceness: the page's process and the browser come first
RETRIES = 2  # times a job is run again after its worker died
PARENT_CHECK_S = 1.0  # how often a worker looks whether the page's process is still there

T = TypeVar("T")


def _watch_parent(parent: int) -> None:
    """End this worker when the process that started it is gone (killed without a shutdown)."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_S)
    os._exit(0)


def start_worker(parent: int) -> None:
    """A worker's initializer: a lower priority, a watch on the parent, and the grader warmed up
    (its modules imported and its compiled code loaded, by grading a bid and a card of one deal)."""
    try:
        os.nice(NICE)
    except OSError:  # not allowed here: the worker still grades, at the usual priority
        pass
    threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch", daemon=True).start()
    from practice.review import warm_grader

    warm_grader()


@contextmanager
def _bare_main() -> Iterator[None]:
    """``sys.modules["__main__"]`` a module with no file while a worker is started: multiprocessing
    tells a spawned process to run the parent's main script (as ``__mp_main__``) before its first
    job, and under Streamlit that script is app.py, which would draw the router in the worker.
    (Put back afterwards unless a page run replaced it meanwhile, as Streamlit does at each run.)"""
    main = sys.modules["__main__"]
    bare = types.ModuleType("__main__")
    sys.modules["__main__"] = bare
    try:
        yield
    finally:
        if sys.modules.get("__main__") is bare:
            sys.modules["__main__"] = main


class ProcessGrader(Executor):
    """An executor whose jobs run in ``workers`` lower-priority worker processes (see the module
    docstring). ``initializer`` runs once in each worker (default ``start_worker``: it is given
    this process's id)."""

    def __init__(self, workers: int = WORKERS, initializer: Callable[[int], None] = start_worker) -> None:
        self._workers = workers
        self._initializer = initializer
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False
        self.restarts = 0  # workers replaced after one died

    def _current(self) -> ProcessPoolExecutor:
        """The pool, its workers started now when there is none (OSError when no process can be
        started here)."""
        with self._lock:
            if self._closed:
                raise RuntimeError("the grader is shut down")
            if self._pool is None:
                pool = ProcessPoolExecutor(
                    self._workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=self._initializer,
                    initargs=(os.getpid(),),
                )
                try:
                    with _bare_main():  # each submit starts a worker until there are ``workers``
                        for _ in range(self._workers):
                            pool.submit(os.getpid)
                except OSError:
                    pool.shutdown(wait=False, cancel_futures=True)
                    raise
                self._pool = pool
            return self._pool

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """Drop a pool whose worker died (the next job starts a new one)."""
        with self._lock:
            if self._pool is broken:
                self._pool = None
                self.restarts += 1
        broken.shutdown(wait=False)

    def start(self) -> Future[int]:
        """Start the workers now (the page opening, not a click): each loads and warms the grader
        in the background. The future gives a worker's process id once it is ready."""
        return self.submit(os.getpid)

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` in a worker; the future outlives a worker's death."""
        outer: Future[T] = Future()
        self._run(outer, fn, args, kwargs, RETRIES)
        return outer

    def _run(
        self,
        outer: Future[T],
        fn: Callable[..., T],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        tries: int,
    ) -> None:
        """Send the job to a worker. One that cannot be started fails the job, not the caller (the
        grading pool then grades in the page's process)."""
        try:
            pool = self._current()
        except OSError as err:
            outer.set_exception(err)
            return
        try:
            inner = pool.submit(fn, *args, **kwargs)
        except BrokenProcessPool:  # it broke before this job reached it
            self._replace(pool)
            if tries > 0:
                self._run(outer, fn, args, kwargs, tries - 1)
            else:
                outer.set_exception(BrokenProcessPool("the grading worker died"))
            return
        outer.add_done_callback(lambda done: inner.cancel() if done.cancelled() else None)
        inner.add_done_callback(lambda done: self._settle(outer, done, pool, fn, args, kwargs, tries))

    def _settle(
        self,
        outer: Future[T],
        inner: Future[T],
        pool: ProcessPoolExecutor,
        fn: Callable[..., T],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        tries: int,
    ) -> None:
        """A job's worker answered: hand on its result, or run it again when the worker died."""
        if outer.done():
            return
        if inner.cancelled():
            outer.cancel()
            return
        error = inner.exception()
        if isinstance(error, BrokenProcessPool) and tries > 0 and not self._closed:
            self._replace(pool)
            try:
                self._run(outer, fn, args, kwargs, tries - 1)
            except RuntimeError as err:  # shut down meanwhile
                outer.set_exception(err)
            return
        try:
            if error is not None:
                outer.set_exception(error)
            else:
                outer.set_result(inner.result())
        except InvalidStateError:  # cancelled meanwhile
            pass

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._lock:
            self._closed = True
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=cancel_futures)


__all__ = ["NICE", "RETRIES", "WORKERS", "ProcessGrader", "start_worker"]
