"""The options and checks every ``python -m engine study`` command shares: the parser that turns a
bad argument into one line, ``--out``, ``--workers``/``--scheduler``, ``--seed``, ``--resume``,
``--progress``, and writing the study's file in one piece."""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from engine.cli.common import SEED_LIMIT, Parser, tidy, whole
from engine.core.errors import quoted
from engine.study.dask_tasks import Check, Outcome, StudyError, Task, remove_quietly, run, split_address, why

MAX_WORKERS = 1024


class BadArguments(Exception):
    pass


class StudyParser(Parser):
    def error(self, message: str) -> NoReturn:
        raise BadArguments(tidy(message))


def scheduler_address(text: str) -> str:
    """``tcp://HOST:PORT`` or ``tls://…``: HOST a name, an IPv4 address or an IPv6 address in brackets."""
    try:
        split_address(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--scheduler must be an address like tcp://HOST:8786 or "
            f"tcp://[::1]:8786 (port 1 to 65535), got {quoted(text)}"
        ) from None
    return text


def writable(out: Path) -> None:
    """Refuse, before any task runs, an ``--out`` whose folder this process cannot write in."""
    folder = out.parent if str(out.parent) else Path(".")
    try:
        fd, name = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".check", dir=folder)
    except OSError as err:
        raise StudyError(
            f"cannot write --out {out}: the folder {folder} is not writable ({why(err)})"
        ) from None
    os.close(fd)
    remove_quietly(Path(name))


def write_whole(out: Path, write: Callable[[], None]) -> None:
    """Write the study's file in one piece; a failure is one line (the parts folder keeps the results)."""
    try:
        write()
    except OSError as err:
        raise StudyError(
            f"cannot write {out}: {why(err)}; the finished tasks are kept in "
            f"{out.name}.parts/ (run again with --resume)"
        ) from None


def out_file(suffix: str) -> Callable[[str], Path]:
    def convert(text: str) -> Path:
        if not text.strip() or not text.endswith(suffix):
            raise argparse.ArgumentTypeError(
                f"--out must be a file name ending in {suffix}, got {quoted(text)}"
            )
        path = Path(text)
        try:
            is_dir, parent_is_dir = path.is_dir(), path.parent.is_dir()
        except OSError as err:  # a name longer than the system allows, say
            raise argparse.ArgumentTypeError(f"--out {quoted(text)}: {err.strerror or err}") from None
        if is_dir:
            raise argparse.ArgumentTypeError(f"--out {quoted(text)} is a folder")
        if not parent_is_dir and str(path.parent) not in ("", "."):
            raise argparse.ArgumentTypeError(f"--out: the folder {quoted(str(path.parent))} does not exist")
        return path

    return convert


def common_options(p: argparse.ArgumentParser) -> None:
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=whole("--workers", 1, MAX_WORKERS),
        default=None,
        help="worker processes of the embedded cluster (default, and at most: this machine's cores, "
        "and no more than the tasks to run)",
    )
    where.add_argument(
        "--scheduler",
        type=scheduler_address,
        default=None,
        help="run on a Dask cluster: its scheduler's address, tcp://HOST:8786",
    )
    p.add_argument("--seed", type=whole("--seed", -SEED_LIMIT, SEED_LIMIT), default=1)
    p.add_argument("--resume", action="store_true", help="continue the study saved in OUT.parts/")
    p.add_argument(
        "--progress", action="store_true", help="progress on stderr even when it is not a terminal"
    )


def run_study(
    what: str, tasks: Sequence[Task], args: argparse.Namespace, manifest: dict[str, Any], check: Check
) -> Outcome:
    """A study command's tasks run to ``args.out`` (checked writable first) with the common
    options (``common_options``: its parts folder beside it, ``--resume``, ``--workers``,
    ``--scheduler``, ``--progress``)."""
    out: Path = args.out
    writable(out)
    return run(
        what,
        tasks,
        out.with_name(out.name + ".parts"),
        manifest,
        args.resume,
        args.workers,
        args.scheduler,
        True if args.progress else None,
        check=check,
    )


__all__ = [
    "MAX_WORKERS",
    "BadArguments",
    "StudyParser",
    "common_options",
    "out_file",
    "run_study",
    "scheduler_address",
    "writable",
    "write_whole",
]
