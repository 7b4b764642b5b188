"""Import files for the Practice page's Import view tests: hands played at random and exported as
the practice table exports a game (``practice.export.hand_record``), and the large file of issue 29,
item 9 (12,594 records, just under the 2 MB limit)."""

from __future__ import annotations

import random

from engine.core.hand import deal
from engine.core.rules import Rules
from practice.export import MAX_IMPORT_BYTES, hand_record, to_jsonl

LEVELS = ("you", "club", "club", "club")
BIG = 12_594  # the tester's file: 12,594 records, 1.99 MB


def played_records(count: int, seed: int = 3) -> list[dict]:
    """``count`` hands played to the end at random, exported as the practice table exports a game
    (``hand_record``): eight hands to a game."""
    rng = random.Random(seed)
    records = []
    for k in range(count):
        state = deal(Rules(), dealer=k % 4, rng=rng)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        records.append(hand_record(state, 1 + k // 8, k % 8, LEVELS, seed, (0, 0)))
    return records


def big_file(records: int = BIG) -> bytes:
    """``records`` valid records under MAX_IMPORT_BYTES: 40 whole exported hands (five games), then
    the same deals again without their play, meta or kitty (an exported record is about 520 bytes;
    a deal alone about 140), repeated until the file holds ``records`` lines."""
    played = played_records(40)
    deals = [{key: r[key] for key in ("dealer", "hands", "upcard")} for r in played]
    data = (to_jsonl(played) + to_jsonl(deals[k % len(deals)] for k in range(records - len(played)))).encode()
    assert data.count(b"\n") == records and len(data) <= MAX_IMPORT_BYTES
    return data
