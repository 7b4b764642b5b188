"""One question, one answer (issue 52): the same bid gets the same figures everywhere, under any load.

Two checks, with their figures printed:

- agreement: ``--positions`` seeded bidding positions (a deal, then passes by the club player until
  the learner, South, is to bid); at each, the Practice table's hint (``practice.coach.hint``) and
  the Analyze page's recommendation (``engine.analysis.advice.advise`` on the question's text, with
  the open-hand ceiling as the page asks it) — how many agree, and whether their figures are equal;
- load: ``python -m engine analyze --view ... --json`` for ``--views`` questions, once on a quiet
  machine and once beside ``--burners`` processes that keep the cores busy, compared byte for byte
  (the ``seconds`` fields aside).

    python -m bench one_answer --positions 200 --views 10 --burners 2
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

from engine.analysis.advice import advise
from engine.analysis.situation import read_question
from engine.core.hand import HandState, deal
from engine.core.rules import Rules
from engine.core.seats import LEARNER
from engine.core.view import view_of
from engine.search.registry import make_player
from practice import coach, review


def bidding_positions(count: int, seed: int = 1) -> Iterator[HandState]:
    """``count`` positions where South is to bid: seeded deals, the seats before South passing or
    bidding as the club player does (a position where someone ordered up before South is skipped)."""
    rng = random.Random(seed)
    club = make_player("club")
    made = 0
    while made < count:
        state = deal(Rules(), rng.randrange(4), rng)
        while state.to_act != LEARNER and state.trump is None and not state.is_over:
            assert state.to_act is not None
            state = state.apply(club.decide(view_of(state, state.to_act), rng).action)
        if state.to_act == LEARNER and state.trump is None and not state.is_over:
            made += 1
            yield state


def agreement(count: int, seed: int = 1) -> tuple[int, int, int]:
    """(positions, same recommendation, same figures) of the hint and the Analyze page."""
    same = equal = total = 0
    for state in bidding_positions(count, seed):
        hint = coach.hint(state, LEARNER)
        page = advise(read_question(view_of(state, LEARNER).to_text()))
        total += 1
        same += hint.action == page.analysis.recommendation
        robust = review.view_robust(view_of(state, LEARNER))
        assert robust is not None
        ours = [(o.action, o.realistic.ev) for o in robust.analysis.options]
        theirs = [(o.action, o.realistic.ev) for o in page.analysis.options]
        equal += ours == theirs
    return total, same, equal


def _burn(stop: Any) -> None:
    x = 0
    while not stop.is_set():
        x = (x * 31 + 7) % 1_000_003


def _analyze(view: str) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-m", "engine", "analyze", "--view", view, "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    data: dict[str, Any] = _without_seconds(json.loads(out))
    return data


def _without_seconds(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_seconds(v) for k, v in value.items() if "second" not in k}
    if isinstance(value, list):
        return [_without_seconds(v) for v in value]
    return value


def under_load(views: int, burners: int, seed: int = 2) -> tuple[int, int]:
    """(questions, identical answers) of ``analyze --json`` quiet and beside ``burners`` busy processes."""
    texts = [view_of(s, LEARNER).to_text() for s in bidding_positions(views, seed)]
    quiet = [_analyze(t) for t in texts]
    stop = multiprocessing.Event()
    procs = [multiprocessing.Process(target=_burn, args=(stop,)) for _ in range(burners)]
    for p in procs:
        p.start()
    try:
        time.sleep(0.5)
        busy = [_analyze(t) for t in texts]
    finally:
        stop.set()
        for p in procs:
            p.join()
    return len(texts), sum(a == b for a, b in zip(quiet, busy, strict=True))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench one_answer", description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--views", type=int, default=10)
    ap.add_argument("--burners", type=int, default=2)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    total, same, equal = agreement(args.positions)
    print(
        f"hint and Analyze page: the same recommendation at {same} of {total} positions, "
        f"the same figures at {equal} ({time.perf_counter() - start:.0f} s)"
    )
    if args.views:
        n, identical = under_load(args.views, args.burners)
        print(f"analyze --json quiet and beside {args.burners} busy processes: {identical} of {n} identical")
    return 0 if same == total else 1


if __name__ == "__main__":
    sys.exit(main())
