"""Advice that is honest about the table: every option valued against each opponents' style.

``analyze_robust(view, seed)`` runs ``engine.analysis.bidding.analyze`` once per style of
``engine.analysis.styles`` (the sound model, a cautious table, an eager table), each from the
same seed. The recommendation is the driving style's best (``drive``, default the sound
model). It is a **close call** when another style's best is a different option, or when the
driving style's own margin is inside its 95% interval; ``reason`` then says in one sentence
what the answer depends on.

The other styles are sampled to ``OTHER_HALF_WIDTH`` (coarser than the driving style's
±0.05): they only decide whether the answer would change.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.actions import Action
from engine.analysis.bidding import Analysis, analyze
from engine.analysis.explain import label
from engine.analysis.styles import STYLES, opponents
from engine.view import SeatView

OTHER_HALF_WIDTH = 0.1
DESCRIBED = {"sound": "a sound table", "cautious": "a cautious table", "eager": "an eager table"}
WHAT_IT_DOES = {  # what each table is, in a few words (engine.analysis.styles)
    "sound": "bids by the sound model, a best response to itself",
    "cautious": "calls as often as people do, by published figures",
    "eager": "bids as the club player, who calls more",
}


def legend(drive: str) -> str:
    """One sentence on the styles other than ``drive``."""
    return "; ".join(f"{DESCRIBED[s]} {WHAT_IT_DOES[s]}" for s in STYLES if s != drive).capitalize() + "."


@dataclass(frozen=True, slots=True)
class Robust:
    analysis: Analysis  # the driving style's full analysis
    drive: str
    by_style: dict[str, Analysis]  # every style's analysis (the driving one included)
    close_call: bool
    reason: str  # one sentence when it is a close call, else ""

    def ev_by_style(self, action: Action) -> dict[str, float]:
        """The option's expected net points against each style."""
        return {s: a.option(action).realistic.ev for s, a in self.by_style.items()}


def analyze_robust(view: SeatView, seed: int | str, *, drive: str = "sound", score: tuple[int, int] | None = None,
                   time_budget: float | None = 1.0, max_samples: int = 20000, ceiling: bool = True) -> Robust:
    """See the module docstring. ``seed`` seeds every style's sampling the same way."""
    by_style: dict[str, Analysis] = {}
    for style in (drive, *[s for s in STYLES if s != drive]):
        policy = opponents(style, view.rules)
        by_style[style] = analyze(
            view, random.Random(seed), score=score, time_budget=time_budget, max_samples=max_samples,
            ceiling=ceiling and style == drive, policy=policy, bidder=policy,
            half_width=0.05 if style == drive else OTHER_HALF_WIDTH,
        )
    main = by_style[drive]
    best = main.recommendation
    unit = "chance of winning the game" if main.by_win_chance else "points a hand"
    reason = ""
    for style, a in by_style.items():
        if a.recommendation != best:
            theirs, ours = (a.option(x).realistic for x in (a.recommendation, best))
            other = label(a.recommendation).lower()
            if main.by_win_chance and theirs.win_delta is not None and ours.win_delta is not None:
                reason = (f"Against {DESCRIBED[style]}, {other} gives more chance of winning the game "
                          f"({100 * theirs.win_delta:+.1f}% against {100 * ours.win_delta:+.1f}% for "
                          f"{label(best).lower()}).")
            else:
                reason = (f"Against {DESCRIBED[style]}, {other} earns more "
                          f"({theirs.ev:+.2f} points a hand, against {ours.ev:+.2f} for {label(best).lower()}).")
            break
    if not reason and main.runner_up is not None and main.margin_ci[0] <= 0:
        scale, fmt = (100.0, "{:+.1f}%") if main.by_win_chance else (1.0, "{:+.2f}")
        shown = [fmt.format(scale * x) for x in (main.margin, *main.margin_ci)]
        reason = (f"{label(best)} and {label(main.runner_up).lower()} are within the simulation's margin of "
                  f"error ({shown[0]} {unit}, 95% interval {shown[1]} to {shown[2]}).")
    return Robust(main, drive, by_style, bool(reason), reason)


__all__ = ["DESCRIBED", "OTHER_HALF_WIDTH", "WHAT_IT_DOES", "Robust", "analyze_robust", "legend"]
