"""The value of a bid, from one entry point: every feature that values a bidding choice asks here.

``value_bids(view, table=..., score=..., budget=...)`` values every bidding choice of the seat to
act at ``view`` against every table of the analyzer (``engine.analysis.robust.analyze_robust``: the
chosen table drives the recommendation, the others are shown beside it). It is deterministic:

- the deals are seeded by the view's text (``view_seed``: the seat's view in one line, which names
  the question whole), never by the caller;
- the budget is a count of deals (``Budget``: a few named ones), never a clock: the sampling stops
  early once the best choice is decided against the runner-up (sequential sampling on the
  interval), else at the budget's count; the same view and budget give the same figures on any
  machine under any load.

So the Analyze page, the ``analyze`` command, the Practice table's hint and its bid grades (and
the class's bid questions) read the same figures for the same view: one question, one answer.
``advise(question, ...)`` is the Analyze page's and the command's call: the same figures, with the
open-hand ceiling and the reasons worded (``engine.analysis.explain``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.analysis.bidding import Analysis
from engine.analysis.explain import reasons, verdict
from engine.analysis.robust import Robust, analyze_robust
from engine.analysis.situation import Question
from engine.analysis.tables import DEFAULT_TABLE
from engine.core.view import SeatView


@dataclass(frozen=True, slots=True)
class Advice:
    """A question's analysis against every table and the reasons for its recommendation."""

    question: Question
    robust: Robust
    reasons: tuple[str, ...]  # why, one sentence a line (the page's bullets)

    @property
    def analysis(self) -> Analysis:
        """The analysis against the table the advice is for."""
        return self.robust.analysis

    @property
    def lines(self) -> tuple[str, ...]:
        """The verdict, then the reasons (``engine.analysis.explain.explain``)."""
        return (verdict(self.analysis), *self.reasons)


@dataclass(frozen=True, slots=True)
class Budget:
    """How many deals a bid's valuation may sample: a count, never a clock. ``deals`` caps the
    chosen table's, ``other_deals`` each other table's (coarser: they only say whether the answer
    would change there). Sampling stops earlier once the best choice is decided."""

    name: str
    deals: int
    other_deals: int


# Every page, hint and grade: about 0.1-0.5 s of CPU on this machine's kind (the sampling usually
# stops on the interval first); the same figures in each of them.
INTERACTIVE = Budget("interactive", 6_000, 2_000)
# Research and the command line's finer figures.
STUDY = Budget("study", 20_000, 20_000)
BUDGETS = {b.name: b for b in (INTERACTIVE, STUDY)}


def view_seed(view: SeatView) -> str:
    """The seed of a view's deals: its text (the seat's view in one line: rules, dealer, the seat's
    own cards, the upcard and the bidding so far)."""
    return f"advice:{view.to_text()}"


@lru_cache(maxsize=1024)
def value_bids(
    view: SeatView,
    table: str = DEFAULT_TABLE,
    score: tuple[int, int] | None = None,
    budget: Budget = INTERACTIVE,
    ceiling: bool = False,
) -> Robust:
    """Every bidding choice at ``view`` valued for a player at ``table`` at the game ``score`` (see
    the module's notes). ``ceiling``: also solve each deal with every card face up (a second figure;
    the realistic figures and the recommendation are the same without it). Memoised."""
    return analyze_robust(
        view,
        view_seed(view),
        table=table,
        score=score,
        time_budget=None,
        max_samples=budget.deals,
        other_samples=budget.other_deals,
        ceiling=ceiling,
    )


def advise(
    q: Question,
    *,
    table: str = DEFAULT_TABLE,
    budget: Budget = INTERACTIVE,
    ceiling: bool = True,
    seed: int | str | None = None,
    time_budget: float | None = None,
) -> Advice:
    """The advice on ``q`` for a player at ``table`` (one of ``engine.analysis.tables.TABLES``):
    ``value_bids``'s figures with the reasons worded. ``seed`` and ``time_budget`` are the command
    line's own overrides (another seed; a wall-clock cap, whose figures then depend on the machine):
    without them the figures are every feature's."""
    view = q.view()
    if seed is None and time_budget is None:
        robust = value_bids(view, table, q.score, budget, ceiling)
    else:
        robust = analyze_robust(
            view,
            view_seed(view) if seed is None else seed,
            table=table,
            score=q.score,
            time_budget=time_budget,
            max_samples=budget.deals,
            other_samples=budget.other_deals,
            ceiling=ceiling,
        )
    return Advice(q, robust, tuple(reasons(view, robust.analysis, q.score, table)))


__all__ = ["BUDGETS", "INTERACTIVE", "STUDY", "Advice", "Budget", "advise", "value_bids", "view_seed"]
