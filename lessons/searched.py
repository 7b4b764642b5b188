"""The analyzer's drills' searches, made once for their first seeds: where each question was found.

A drill judged by the hand analyzer (``bid``, ``score_bid``, ``name_suit``, ``stick_dealer``,
``joker_up``) draws a seed's question by valuing seeded deals one after another until one's answer
is clear and is the answer the seed wants (``lessons.balance.drawn``). That is one valuation or
forty: a learner opening a naming drill waited 1.4–1.6 CPU-s at the median and 10–14 for one seed
in ten, up to 22 (``python -m bench drill_wait``, docs/research/drill-balance.md). So for the seeds below
``QUICK_SEEDS`` of each kind the search is made once, ``python -m lessons searched --write``, and
only where it ended is kept: the number of the deal it stopped at (``FOUND``, in
``lessons/searched_found.py``). Given such a seed, ``drawn`` takes that deal straight away: the same
question as the search gives, without the search. The Learn page draws its questions among these
seeds (``first_seed``, ``next_seed``), and so does the class page's teacher (``fresh_seeds``); any
other seed (a shared link's) is searched as before.

Nothing is kept but the deal's number, so the question, its answer and its figures are worked out
by the code as it is; ``tests/lessons/test_searched.py`` searches some kept seeds again and must
find the same deals (after a change to the analyzer, run the command again). A search made again
from scratch: ``lessons.exercises.search_afresh``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from lessons import searched_found

QUICK_SEEDS = 64  # seeds 0..63 of each searched kind are kept
SEARCHED_KINDS = ("bid", "score_bid", "name_suit", "stick_dealer", "joker_up")
ANY_SEED = 1_000_000  # the other drills' seeds are drawn from 0..999,999

_recording: ContextVar[dict[str, tuple[int, int]] | None] = ContextVar("searched_recording", default=None)


def found(address: str) -> int | None:
    """The kept deal number of the search ``address`` names (None when not kept, or while
    ``searching``)."""
    if _recording.get() is not None:
        return None
    return searched_found.FOUND.get(address)


def record(address: str, number: int, valued: int) -> None:
    """Note where a search ended and how many deals it valued, while ``searching``."""
    recorder = _recording.get()
    if recorder is not None:
        recorder[address] = number, valued


@contextmanager
def searching() -> Iterator[dict[str, tuple[int, int]]]:
    """Searches made inside this block ignore ``FOUND`` and record where they end, in the dict
    it yields (``address -> (deal number, deals valued)``)."""
    recorder: dict[str, tuple[int, int]] = {}
    token = _recording.set(recorder)
    try:
        yield recorder
    finally:
        _recording.reset(token)


def first_seed(kind: str, rng: random.Random) -> int:
    """A random seed for a new question of ``kind``: a kept one for a searched kind."""
    return fresh_seeds(kind, 1, rng)[0]


def fresh_seeds(kind: str | None, count: int, rng: random.Random, wide: int = ANY_SEED) -> list[int]:
    """``count`` random seeds for new questions of ``kind``: different kept ones for a searched kind
    (``count`` at most ``QUICK_SEEDS``), else any below ``wide``."""
    if kind in SEARCHED_KINDS:
        return rng.sample(range(QUICK_SEEDS), count)
    return [rng.randrange(wide) for _ in range(count)]


def next_seed(kind: str, seed: int) -> int:
    """The seed of the question after ``seed``'s: the next kept one (round the kept seeds) for a
    searched kind, else the next."""
    if kind in SEARCHED_KINDS and 0 <= seed < QUICK_SEEDS:
        return (seed + 1) % QUICK_SEEDS
    return seed + 1


def source(kept: dict[str, tuple[int, int]]) -> str:
    """``lessons/searched_found.py``'s text for ``kept`` (address -> (deal number, deals valued))."""
    ordered = sorted(kept.items(), key=_order)
    found = "".join(f"    {json.dumps(address)}: {number},\n" for address, (number, _) in ordered)
    valued = "".join(f"    {json.dumps(address)}: {count},\n" for address, (_, count) in ordered)
    return (
        '"""Where the analyzer\'s drills\' searches ended (``lessons.searched``), as ``python -m lessons '
        'searched --write`` found them."""\n\n'
        "# the number of the deal each search stopped at\n"
        f"FOUND: dict[str, int] = {{\n{found}}}\n\n"
        "# how many deals each search valued (a search made again costs as many valuations)\n"
        f"VALUED: dict[str, int] = {{\n{valued}}}\n"
    )


def _order(item: tuple[str, tuple[int, int]]) -> tuple[str, int, str]:
    kind, seed, rest = (item[0].split(":", 2) + [""])[:3]
    return kind, int(seed), rest
