"""Load the compiled cores once per process, before anybody waits for them.

The solver and the analyzer's deal loop are numba code: the first call in a process
loads them from numba's on-disk cache (about a second), or compiles them when the
cache is empty (a fresh install: tens of seconds). The app starts ``warm_up`` in a
background thread when its server starts, so the first analysis or hand review
does not pay for it.
"""

from __future__ import annotations

import threading

_lock = threading.Lock()
_solver_warm = False


def warm_solver() -> None:
    """Solve one fixed deal both ways (trick count only, and a value per card)."""
    global _solver_warm
    with _lock:
        if _solver_warm:
            return
        from engine.cards import parse_card, parse_cards
        from engine.hand import from_cards
        from engine.rules import Rules
        from engine.solver import makers_tricks, solve

        hands = [parse_cards(h) for h in ("JH JD AH KH QH", "9C TC QC KC AC", "9S TS QS KS AS", "9D TD QD KD AD")]
        state = from_cards(Rules(), 3, hands, parse_card("9H")).apply("order").apply("discard 9D")
        makers_tricks(state)
        solve(state)
        _solver_warm = True


def warm_up() -> None:
    """Compile or load the solver and the analyzer's compiled deal loop (idempotent)."""
    from engine.analysis import fastbatch

    warm_solver()
    fastbatch.warm_up()
