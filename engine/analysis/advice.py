"""The advice on one bid, in one call: what the Analyze page shows and the ``analyze`` command prints.

``advise(question, table=...)`` values every bidding choice of the question's seat against every
table of the analyzer (``engine.analysis.robust.analyze_robust``: the chosen table drives the
recommendation, the others are shown beside it) and words the reasons (``engine.analysis.explain``).
The page and the command both call it, so they cannot disagree; the page caches it by the
question's text (``Question.text``, the seat's view in one line), which names the question whole.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.analysis.bidding import Analysis
from engine.analysis.explain import reasons, verdict
from engine.analysis.robust import Robust, analyze_robust
from engine.analysis.situation import Question
from engine.analysis.tables import DEFAULT_TABLE


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


def advise(
    q: Question,
    *,
    table: str = DEFAULT_TABLE,
    seed: int | str = 1,
    time_budget: float | None = 1.0,
    max_samples: int = 20_000,
    ceiling: bool = True,
) -> Advice:
    """The advice on ``q`` for a player at ``table`` (one of ``engine.analysis.tables.TABLES``)."""
    view = q.view()
    robust = analyze_robust(
        view,
        seed,
        table=table,
        score=q.score,
        time_budget=time_budget,
        max_samples=max_samples,
        ceiling=ceiling,
    )
    return Advice(q, robust, tuple(reasons(view, robust.analysis, q.score, table)))


__all__ = ["Advice", "advise"]
