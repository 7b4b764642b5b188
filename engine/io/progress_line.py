"""A progress line for long commands: done/total, the rate and the time left, on stderr."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO


class Progress:
    """``done/total`` with the rate and the time left, on stderr, at most once a second.

    Shown only when ``enabled`` (``--progress``) or stderr is a terminal, so piped output
    and tests see nothing. The line is rewritten in place (``\\r``) and ended by ``close``.
    """

    def __init__(
        self,
        what: str,
        unit: str,
        total: int,
        enabled: bool | None = None,
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream if stream is not None else sys.stderr
        if enabled is None:
            enabled = is_tty(self.stream)
        self.enabled = enabled
        self.what, self.unit, self.total = what, unit, total
        self.clock = clock
        self.start = clock()
        self.shown_at = self.start
        self.wrote = False

    def __call__(self, done: int) -> None:
        if not self.enabled:
            return
        now = self.clock()
        if now - self.shown_at < 1.0 and done < self.total:
            return
        self.shown_at = now
        self.stream.write("\r" + self.line(done, now - self.start))
        self.stream.flush()
        self.wrote = True

    def line(self, done: int, seconds: float) -> str:
        rate = done / seconds if seconds > 0 else 0.0
        left = (self.total - done) / rate if rate > 0 else None
        eta = "" if left is None else f", about {duration(left)} left"
        return f"{self.what}: {done:,}/{self.total:,} {self.unit}, {rate:,.0f} {self.unit}/s{eta}   "

    def close(self) -> None:
        if self.wrote:
            self.stream.write("\n")
            self.stream.flush()
            self.wrote = False


def is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def duration(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.0f} s"
    if seconds < 3600:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


__all__ = ["Progress", "duration", "is_tty"]
