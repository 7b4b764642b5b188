"""Advice that is honest about the table: every option valued against each table of the analyzer.

``analyze_robust(view, seed)`` runs ``engine.analysis.bidding.analyze`` once per table of
``engine.analysis.tables`` (people, strong players, a cautious table, eager bidders), each
from the same seed. The recommendation is the chosen table's best (``table``, default the
people table). When the chosen table's two best options are worth the same within the
figures' uncertainty (``Analysis.too_close``) the answer is **too close to call**. It is a
**close call** then (unless both win the game, or both lose it: then the game does not hang on
the choice), or when another table's best is a different option that earns clearly more there
(by more than that table's tie margin); ``reason`` then says in one sentence what the answer
depends on. No sentence says an option earns more when the figures are equal. With a score the
sentence gives each option's chance of winning the game, a chance without a sign ('62.6%').

The other tables are sampled to ``OTHER_HALF_WIDTH`` (coarser than the chosen table's
±0.05): they only decide whether the answer would change.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.analysis.bidding import Analysis, analyze
from engine.analysis.explain import chance_after, label, same_game_result
from engine.analysis.tables import DEFAULT_TABLE, TABLE_WORDS, TABLES, table_for
from engine.core.actions import Action
from engine.core.view import SeatView

OTHER_HALF_WIDTH = 0.1
# the tables' words (engine.analysis.tables.TABLE_WORDS), by the use the pages make of them
DESCRIBED = {table: w.described for table, w in TABLE_WORDS.items()}
TABLE_NAMES = {table: w.name for table, w in TABLE_WORDS.items()}
WHAT_IT_DOES = {table: w.does for table, w in TABLE_WORDS.items()}


def legend(table: str) -> str:
    """One sentence on the tables other than ``table``."""
    return "; ".join(f"{DESCRIBED[s]} {WHAT_IT_DOES[s]}" for s in TABLES if s != table).capitalize() + "."


@dataclass(frozen=True, slots=True)
class Robust:
    analysis: Analysis  # the chosen table's full analysis
    table: str
    by_table: dict[str, Analysis]  # every table's analysis (the chosen one included)
    close_call: bool
    reason: str  # one sentence when it is a close call, else ""

    def ev_by_table(self, action: Action) -> dict[str, float]:
        """The option's expected net points against each table."""
        return {s: a.option(action).realistic.ev for s, a in self.by_table.items()}


def analyze_robust(
    view: SeatView,
    seed: int | str,
    *,
    table: str = DEFAULT_TABLE,
    score: tuple[int, int] | None = None,
    time_budget: float | None = 1.0,
    max_samples: int = 20000,
    ceiling: bool = True,
    other_samples: int | None = None,
) -> Robust:
    """See the module docstring. ``seed`` seeds every table's sampling the same way. ``max_samples``
    caps the chosen table's deals, ``other_samples`` the other tables' (``max_samples`` too by
    default)."""
    by_table: dict[str, Analysis] = {}
    for each in (table, *[s for s in TABLES if s != table]):
        by_table[each] = analyze(
            view,
            random.Random(seed),
            score=score,
            time_budget=time_budget,
            max_samples=max_samples if each == table or other_samples is None else other_samples,
            ceiling=ceiling and each == table,
            table=table_for(each, view.rules),
            half_width=0.05 if each == table else OTHER_HALF_WIDTH,
        )
    reason = close_call_reason(by_table, table)
    return Robust(by_table[table], table, by_table, bool(reason), reason)


def close_call_reason(by_table: dict[str, Analysis], table: str) -> str:
    """One sentence on what the answer depends on ('' when nothing does): the chosen table's
    two best options are too close to call, and/or another table's best is a different option
    that earns clearly more there (by at least that table's tie margin)."""
    main = by_table[table]
    best = main.recommendation
    reason = ""
    for each, a in by_table.items():
        if each == table or a.recommendation == best or a.too_close:
            continue
        theirs, ours = (a.option(x).realistic for x in (a.recommendation, best))
        other = label(a.recommendation).lower()
        if main.by_win_chance and theirs.win_delta is not None and ours.win_delta is not None:
            if theirs.win_delta - ours.win_delta < a.tie_margin:
                continue
            reason = (
                f"Against {DESCRIBED[each]}, {other} gives more chance of winning the game "
                f"({_chance(chance_after(a.base_win, theirs))} against {_chance(chance_after(a.base_win, ours))} "
                f"for {label(best).lower()})."
            )
        else:
            if theirs.ev - ours.ev < a.tie_margin:
                continue
            reason = (
                f"Against {DESCRIBED[each]}, {other} earns more "
                f"({theirs.ev:+.2f} points a hand, against {ours.ev:+.2f} for {label(best).lower()})."
            )
        break
    if main.too_close and main.runner_up is not None and same_game_result(main) is None:
        if main.by_win_chance:  # a difference of two chances, in percentage points
            low, high = (f"{100 * x:+.1f}" for x in main.margin_ci)
            apart = (
                f"their chances of winning the game {100 * abs(main.margin):.1f} percentage points apart, "
                f"95% interval {low} to {high}"
            )
        else:
            low, high = (f"{x:+.2f}" for x in main.margin_ci)
            apart = f"{main.margin:+.2f} points a hand apart, 95% interval {low} to {high}"
        tie = (
            f"{label(best).capitalize()} and {label(main.runner_up).lower()} are worth the same within the figures' "
            f"uncertainty ({apart})."
        )
        reason = f"{tie} {reason}" if reason else tie
    return reason


def _chance(p: float | None) -> str:
    """A chance of winning the game to a tenth of a percent, without a sign: '62.6%' (a close
    call between two chances half a percent apart needs the tenth)."""
    return f"{100 * (p or 0.0):.1f}%"


__all__ = [
    "TABLE_NAMES",
    "DESCRIBED",
    "close_call_reason",
    "OTHER_HALF_WIDTH",
    "WHAT_IT_DOES",
    "Robust",
    "analyze_robust",
    "legend",
]
