"""What a page link may make the server work out: a count of searching decisions.

Anyone can send a practice link, and opening one replays the game it names with the computer
players (``practice.table_link``). A Club or Beginner decision costs about a millisecond; an Expert
decision with more than one legal choice is a search over sampled deals (``engine.search.expert``),
tens of milliseconds each, and a game of eight hands holds a hundred of them. So a link's earlier
hands are replayed only within a budget of ``LINK_SEARCHES`` such decisions: a count, not a clock,
so the same link opens the same way on a busy machine and a quiet one.

A decision the memo already holds (``practice.session.Memo``) is not worked out again and spends
nothing; one that would go past the budget raises ``SearchesSpent`` before it is worked out. So
that a link far past the budget does not spend it for nothing, ``worth_trying`` counts first: its
earlier hands times its Expert seats at ``SEARCHES_A_HAND`` each.

>>> from engine.search.registry import make_player
>>> players = SearchBudget(1).players(make_player)
>>> type(players("club")).__name__, type(players("expert")).__name__
('ClubPlayer', 'Budgeted')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.core.view import SeatView
from practice.session import Decider, DecisionLike, PlayerFactory

LINK_SEARCHES = 30  # Expert decisions with a choice a link may make the server work out for its earlier hands
SEARCHES_A_HAND = 3  # the fewest an Expert seat usually makes in a hand (3 to 5 in bench/link_reload's games)
SEARCHING = ("expert",)  # the levels whose decisions are searches (engine.search.expert)


def worth_trying(levels: tuple[str, ...], hands: int) -> bool:
    """Replaying ``hands`` hands with the seats ``levels`` may fit the budget: at ``SEARCHES_A_HAND``
    searching decisions a hand for each ``SEARCHING`` seat, they stay within ``LINK_SEARCHES``.

    >>> worth_trying(("you", "expert", "expert", "expert"), 3), worth_trying(("you", "expert", "expert", "expert"), 4)
    (True, False)
    >>> worth_trying(("you", "club", "club", "club"), 200)
    True
    """
    seats = sum(level in SEARCHING for level in levels[1:])
    return seats * hands * SEARCHES_A_HAND <= LINK_SEARCHES


class SearchesSpent(Exception):
    """Replaying went past the budget (``SearchBudget``): the replay stops, nothing was worked out
    beyond it."""


@dataclass(slots=True)
class SearchBudget:
    """``left`` searching decisions still allowed: a decision of a ``SEARCHING`` level with more
    than one legal choice spends one."""

    left: int

    def players(self, players: PlayerFactory) -> PlayerFactory:
        """``players`` with every ``SEARCHING`` player's decisions counted against this budget."""

        def made(level: str) -> Decider:
            player = players(level)
            return Budgeted(player, self) if level in SEARCHING else player

        return made

    def spend(self) -> None:
        """One searching decision; ``SearchesSpent`` when none is left."""
        if self.left <= 0:
            raise SearchesSpent("the link's earlier hands need more searching decisions than allowed")
        self.left -= 1


@dataclass(frozen=True, slots=True)
class Budgeted:
    """A computer player whose decisions with a choice spend its ``budget``; it plays as ``player``
    does, told the score the same way (``engine.search.registry.told_the_score``)."""

    player: Any  # a Decider, with or without with_score
    budget: SearchBudget

    def with_score(self, score: Any) -> Budgeted:
        told = getattr(self.player, "with_score", None)
        return self if not callable(told) else Budgeted(told(score), self.budget)

    def decide(self, view: SeatView, rng: random.Random) -> DecisionLike:
        if len(view.legal) > 1:
            self.budget.spend()
        decision: DecisionLike = self.player.decide(view, rng)
        return decision


__all__ = [
    "LINK_SEARCHES",
    "SEARCHES_A_HAND",
    "SEARCHING",
    "Budgeted",
    "SearchBudget",
    "SearchesSpent",
    "worth_trying",
]
