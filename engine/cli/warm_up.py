"""``python -m engine warm-up``: build the compiled code now, so nothing waits for it later.

The numba code is compiled once after an install or an upgrade (about 50 s on a 2-core machine)
and then loaded from the disk cache (about a second). The README's set-up command runs this
before starting the app; the app would otherwise build it in the background at its first start.
"""

from __future__ import annotations

import sys
import time

from engine.analysis.finish import WARM_UP_STEPS
from engine.cli.common import Parser
from engine.compiled import CACHE_DIR


def main(argv: list[str]) -> int:
    parser = Parser(prog="python -m engine warm-up", command="warm-up", description=__doc__.splitlines()[0])
    parser.parse_args(argv)
    total = sum(step.seconds for step in WARM_UP_STEPS)
    print(
        f"Building or loading the compiled engine (built once after an install or an upgrade: about {total:.0f} s; "
        f"then about 1 s). Cache: {CACHE_DIR or 'none writable, compiled in memory'}",
        file=sys.stderr,
        flush=True,
    )
    start = time.perf_counter()
    for step in WARM_UP_STEPS:
        began = time.perf_counter()
        print(f"  {step.label}…", end=" ", file=sys.stderr, flush=True)
        step.run()
        print(f"{time.perf_counter() - began:.1f} s", file=sys.stderr, flush=True)
    print(f"Ready in {time.perf_counter() - start:.1f} s.", file=sys.stderr, flush=True)
    return 0
