"""The fast core against the rules engine and a plain brute-force minimax.

5,000 random positions over the thirteen rule variants of ``engine.core.rules.VARIANTS`` (2, 3
and 4 players, loners, lone defenders, the joker, 24/28/32-card decks, every option), with 1 to 5 tricks left and 0 to 3
cards already on the table. Along every random line of play the bitmask core must
give the same legal cards as ``legal_actions`` and the same trick winners as
``apply``; at the position where the line stops, every card's value and the
position's value must equal the brute force of this folder's conftest.py (which only
uses ``legal_actions``/``apply``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import numpy as np

from engine.compiled import solver_core
from engine.compiled.solver import (
    card_bit,
    encode,
    makers_reach,
    makers_tricks,
    mask_cards,
    reach_encoded,
    solve,
    solve_many,
)
from engine.core.actions import Action, play
from engine.core.hand import TRICKS, HandState, Phase
from engine.core.rules import VARIANTS

POSITIONS = 5000
# Tricks left to stop at, by the number of seats that play: the brute force must stay cheap.
TRICKS_LEFT = {2: (1, 2, 3, 4, 5), 3: (1, 2, 2, 3, 3, 4), 4: (1, 2, 2, 3, 3, 3)}


def _check_core_rules(line: list[HandState]) -> None:
    """Legal cards and trick winners of the bitmask core equal the engine's on every state."""
    for before, after in zip(line, line[1:], strict=False):
        e = encode(before)
        trump = before.trump
        assert trump is not None and before.to_act is not None
        position = e.seats.index(before.to_act)
        led = e.table[0] if e.n_table else 0
        legal = solver_core.legal_mask(e.hands[position], led)
        assert set(mask_cards(legal, trump)) == {a.card for a in before.legal_actions()}
        if len(after.tricks) > len(before.tricks):
            played = after.history[-1][1].card
            assert played is not None
            table = np.array(e.table, dtype=np.int64)
            table[e.n_table] = card_bit(played, trump)
            winner = solver_core.trick_winner(table, e.k, e.leader)
            assert e.seats[winner] == after.tricks[-1].winner


def test_core_matches_engine_and_brute_force_on_5000_positions(
    random_line: Callable[..., list[HandState]],
    card_values: Callable[[HandState], dict[Action, int]],
    brute_force: Callable[[HandState], int],
) -> None:
    rng = random.Random(20240611)
    shapes: Counter[tuple[int, int, int]] = Counter()
    finals: list[HandState] = []
    expected: list[int] = []
    for i in range(POSITIONS):
        rules = VARIANTS[i % len(VARIANTS)]
        line = random_line(rules, rng, lambda k: rng.choice(TRICKS_LEFT[k]))
        state = line[-1]
        if state.phase is not Phase.PLAY:
            continue
        _check_core_rules(line)
        shapes[(len(state.active_seats), TRICKS - len(state.tricks), len(state.trick))] += 1
        values = card_values(state)
        solution = solve(state)
        assert solution.cards == values, (state, values, solution)
        assert state.to_act is not None
        best = max(values.values()) if state.is_maker_side(state.to_act) else min(values.values())
        assert solution.tricks == best == brute_force(state)
        assert makers_tricks(state) == best
        for need in (3, 5):
            assert makers_reach(state, need) == (best >= need)
        finals.append(state)
        expected.append(best)
    assert list(solve_many(finals)) == expected
    encoded = [encode(s) for s in finals]
    for need in (3, 5):
        assert list(reach_encoded(encoded, need)) == [v >= need for v in expected]
    # Every shape of position was exercised.
    assert len(finals) >= POSITIONS * 0.95
    for k in (2, 3, 4):
        for tricks_left in TRICKS_LEFT[k]:
            for on_table in range(k):
                assert shapes[(k, tricks_left, on_table)] > 0, (k, tricks_left, on_table)


def test_solution_values_are_one_step_consistent_on_full_deals(
    random_line: Callable[..., list[HandState]],
) -> None:
    """Full four-player deals (too big for the brute force): each card's value is the value
    of the position after it, and the position's value is the best of them for the mover."""
    rng = random.Random(5)
    for i in range(40):
        rules = VARIANTS[i % 4]
        state = random_line(rules, rng, lambda k: 5)[0]
        solution = solve(state)
        assert state.to_act is not None
        for action, value in solution.cards.items():
            assert makers_tricks(state.apply(action)) == value
        assert set(solution.cards) == {play(c) for c in state.hands[state.to_act]}
        pick = max if state.is_maker_side(state.to_act) else min
        assert solution.tricks == pick(solution.cards.values()) == makers_tricks(state)


def test_threads_have_their_own_tables(random_line: Callable[..., list[HandState]]) -> None:
    """Two threads solving different deals at once give the same answers as one thread."""
    from concurrent.futures import ThreadPoolExecutor

    rng = random.Random(11)
    states = [
        random_line(VARIANTS[i % len(VARIANTS)], rng, lambda k: rng.choice((3, 4)))[-1] for i in range(200)
    ]
    states = [s for s in states if s.phase is Phase.PLAY]
    alone = [solve(s) for s in states]
    with ThreadPoolExecutor(max_workers=2) as pool:
        together = list(pool.map(solve, states))
    assert together == alone
