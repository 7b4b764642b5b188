"""Exact double-dummy solving: every card known, best play by all sides.

The value of a position is the makers' total tricks for the hand (tricks already
won included) when every seat plays perfectly with all hands face up. Works for
2, 3 and 4 players, lone makers, lone defenders, the joker and every deck size.

API (used by the expert player, the analyzer and the practice table):

- ``solve(state) -> Solution``: ``Solution.tricks`` is the makers' total tricks
  with best play; ``Solution.cards`` maps each legal ``play`` action of the seat
  to move to the makers' total tricks if that card is played (then best play).
- ``makers_tricks(state) -> int``: the value only (faster: one search).
- ``makers_reach(state, tricks) -> bool``: do the makers take at least
  ``tricks`` in total? A null-window search that stops as soon as it is decided;
  ask 3 (made or euchred) and 5 (march) for the score of a hand.
- Batch entry for thousands of positions a second: ``encode(state) ->
  Encoded`` (plain ints), ``solve_encoded(encoded_list) -> numpy int64 array``
  of the makers' total tricks (one jitted call for the whole list), and
  ``solve_many(states)`` = ``solve_encoded([encode(s) for s in states])``.
  ``Encoded`` is a NamedTuple of ints, cheap to build and to pickle.
  ``reach_encoded(encoded_list, tricks) -> numpy bool array`` answers
  ``makers_reach`` for a whole batch (null windows: the Euchre cut-off that stops
  as soon as 3 or 5 tricks are decided).

Every function raises ``SolverError`` (a ValueError) for a state that is not in
the play phase. The hot loop is ``engine.compiled.solver_core`` (numba, compiled once and
cached on disk); each thread gets its own transposition table.

>>> from engine.core.cards import parse_cards
>>> from engine.core.hand import from_cards
>>> from engine.core.rules import Rules
>>> hands = [parse_cards(h) for h in ("JH JD AH KH QH", "9C TC QC KC AC",
...                                   "9S TS QS KS AS", "9D TD QD KD AD")]
>>> state = from_cards(Rules(), dealer=3, hands=hands, upcard=parse_cards("9H")[0])
>>> state = state.apply("order").apply("discard 9D")
>>> makers_tricks(state)
5
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from engine.compiled import solver_core
from engine.compiled.encoding import _BITS, _CARDS, bit_card, card_bit, cards_mask, mask_cards
from engine.core.actions import Action, play
from engine.core.cards import Suit, parse_card, parse_cards
from engine.core.errors import EuchreError
from engine.core.hand import TRICKS, HandState, Phase, from_cards
from engine.core.rules import Rules


class SolverError(EuchreError):
    """The state cannot be solved: it is not in the play phase."""


@dataclass(frozen=True, slots=True)
class Solution:
    tricks: int  # makers' total tricks with best play, tricks already won included
    cards: dict[Action, int]  # each legal play -> makers' total tricks if that card is played


class Encoded(NamedTuple):
    """A play-phase position for ``engine.compiled.solver_core`` (see its docstring for the layout)."""

    hands: tuple[int, int, int, int]  # cards held, by position (unused positions 0)
    k: int  # positions that play (2..4)
    maker_mask: int  # bit p set when position p is on the makers' side
    leader: int  # position that led the trick in progress
    table: tuple[int, int, int, int]  # cards on the table, in play order
    n_table: int
    tricks_left: int  # including the trick in progress
    won: int  # tricks the makers have already won
    seats: tuple[int, ...]  # seat of each position
    trump: int  # Suit value


def encode(state: HandState) -> Encoded:
    """The position ``state`` for the fast core. Raises SolverError outside the play phase."""
    if state.phase is not Phase.PLAY or state.trump is None or state.leader is None:
        raise SolverError(
            f"only a hand in the play phase can be solved; this one is in the {state.phase.value} phase"
        )
    trump = state.trump
    bits = _BITS[trump]
    seats = state.active_seats
    position = {seat: p for p, seat in enumerate(seats)}
    hands = [0, 0, 0, 0]
    maker_mask = 0
    for p, seat in enumerate(seats):
        mask = 0
        for c in state.hands[seat]:
            mask |= bits[c]
        hands[p] = mask
        if state.is_maker_side(seat):
            maker_mask |= 1 << p
    table = [0, 0, 0, 0]
    for i, (_, card) in enumerate(state.trick):
        table[i] = bits[card]
    return Encoded(
        hands=(hands[0], hands[1], hands[2], hands[3]),
        k=len(seats),
        maker_mask=maker_mask,
        leader=position[state.leader],
        table=(table[0], table[1], table[2], table[3]),
        n_table=len(state.trick),
        tricks_left=TRICKS - len(state.tricks),
        won=state.maker_tricks,
        seats=seats,
        trump=int(trump),
    )


# ---- solving ----------------------------------------------------------------------------


def core_position(e: Encoded) -> solver_core.Position:
    """``e`` as the core's leading arguments: hands, k, maker_mask, leader, table, n_table, tricks_left."""
    return (
        np.array(e.hands, dtype=np.int64),
        e.k,
        e.maker_mask,
        e.leader,
        np.array(e.table, dtype=np.int64),
        e.n_table,
        e.tricks_left,
    )


def makers_tricks(state: HandState) -> int:
    """Makers' total tricks with best play by everyone (tricks already won included)."""
    e = encode(state)
    rest = solver_core.search(core_position(e), -1, e.tricks_left + 1, solver_core.thread_table())
    return e.won + int(rest)


def makers_reach(state: HandState, tricks: int) -> bool:
    """Do the makers take at least ``tricks`` in total with best play? (A null-window search.)"""
    e = encode(state)
    need = tricks - e.won
    if need <= 0:
        return True
    if need > e.tricks_left:
        return False
    rest = solver_core.search(core_position(e), need - 1, need, solver_core.thread_table())
    return int(rest) >= need


def solve(state: HandState) -> Solution:
    """The makers' total tricks with best play, and the same for each legal card of the seat to move."""
    e = encode(state)
    out_cards = np.zeros(16, dtype=np.int64)
    out_values = np.zeros(16, dtype=np.int64)
    n = solver_core.card_values(core_position(e), solver_core.thread_table(), out_cards, out_values)
    trump = Suit(e.trump)
    by_card = {_CARDS[trump][int(out_cards[i])]: e.won + int(out_values[i]) for i in range(n)}
    seat = state.to_act
    assert seat is not None
    # Keep the order of the seat's hand (as legal_actions does).
    cards = {play(c): by_card[c] for c in state.hands[seat] if c in by_card}
    maker_moves = state.is_maker_side(seat)
    best = max(cards.values()) if maker_moves else min(cards.values())
    return Solution(tricks=best, cards=cards)


def _batch(positions: Sequence[Encoded], need: int | None) -> tuple[np.ndarray, np.ndarray]:
    """Run the jitted batch; returns (makers' tricks from here on, or bounds; tricks already won)."""
    n = len(positions)
    hands = np.zeros((n, 4), dtype=np.int64)
    table = np.zeros((n, 4), dtype=np.int64)
    rows = np.empty((8, n), dtype=np.int64)  # k, maker_mask, leader, n_table, tricks_left, won, alpha, beta
    for i, e in enumerate(positions):
        hands[i] = e.hands
        table[i] = e.table
        if need is None:
            alpha, beta = -1, e.tricks_left + 1
        else:
            alpha, beta = need - e.won - 1, need - e.won
        rows[:, i] = (e.k, e.maker_mask, e.leader, e.n_table, e.tricks_left, e.won, alpha, beta)
    if n == 0:
        return rows[5], rows[5]
    rest: np.ndarray = solver_core.solve_batch(
        hands,
        rows[0],
        rows[1],
        rows[2],
        table,
        rows[3],
        rows[4],
        rows[6],
        rows[7],
        solver_core.thread_table(),
    )
    return rest, rows[5]


def solve_encoded(positions: Sequence[Encoded]) -> np.ndarray:
    """Makers' total tricks for many encoded positions, in one jitted call (int64 array)."""
    rest, won = _batch(positions, None)
    total: np.ndarray = rest + won
    return total


def reach_encoded(positions: Sequence[Encoded], tricks: int) -> np.ndarray:
    """For each encoded position: do the makers take at least ``tricks`` in total? (bool array)

    Null-window searches: cheaper than exact values. ``tricks`` 3 tells a make from a
    euchre, 5 a march, so two calls give the score of every position.
    """
    rest, won = _batch(positions, tricks)
    return np.asarray(rest + won >= tricks)


def solve_many(states: Iterable[HandState]) -> np.ndarray:
    """Makers' total tricks for each state (int64 array); see ``solve_encoded``."""
    return solve_encoded([encode(s) for s in states])


def nodes_searched() -> int:
    """Nodes visited by this thread's searches so far (for benchmarks)."""
    return int(solver_core.thread_table()[4][1])


_warm_lock = threading.Lock()
_warm = False


def warm_up() -> None:
    """Compile (or load from numba's cache) the search once per process: solve one fixed deal
    both ways (trick count only, and a value per card). The app does this in the background
    when its server starts, so the first analysis or hand review does not wait for it."""
    global _warm
    with _warm_lock:
        if _warm:
            return
        hands = [
            parse_cards(h) for h in ("JH JD AH KH QH", "9C TC QC KC AC", "9S TS QS KS AS", "9D TD QD KD AD")
        ]
        state = from_cards(Rules(), 3, hands, parse_card("9H")).apply("order").apply("discard 9D")
        makers_tricks(state)
        solve(state)
        _warm = True


__all__ = [
    "warm_up",
    "Encoded",
    "Solution",
    "SolverError",
    "bit_card",
    "card_bit",
    "cards_mask",
    "core_position",
    "encode",
    "makers_reach",
    "makers_tricks",
    "mask_cards",
    "nodes_searched",
    "solve",
    "reach_encoded",
    "solve_encoded",
    "solve_many",
]
