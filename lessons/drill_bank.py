"""Where to find the rare questions that keep two card drills balanced: a bank of places.

For a lone maker's play (``loner_play``) and the makers' opening lead (``makers_lead``), "play your
best trump" is right in nearly every position the seat judge finds worth asking: a card that is
neither a trump nor the strongest card turns out clearly better in about 1 of 100 loner positions
and 1 of 90 makers' leads (docs/research/drill-balance.md). A drill cannot search that far while a
learner waits, so the search is done once, here, and the bank keeps only where each question is:
the seeded deal and the moment in it (``Place``). The drill replays that deal and judges the moment
as it judges every other (the same judge, the same figures), so nothing is stored but the address.

A place enters the bank when the quick screen's best card (``seat_judge.screen_best``) is no habit
card, and then, judged from the seat in full, no trump and no strongest card is counted right
(``breaks_habits``), and every card it marks wrong is still clearly worse than the best when the
position is judged again on four times the layouts with another seed (``CHECK_SEED``).

``python -m lessons bank`` prints the bank as the search finds it now, and ``--write`` stores it in
``lessons/drill_bank_places.py`` (the same file every time: the search is seeded).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import islice

from engine.core.cards import Card
from engine.core.ranking import effective_table
from engine.core.view import SeatView
from engine.search.seat_values import JUDGE_DEALS, value_choices, view_seed
from lessons.balance import CLEAR, card_class
from lessons.defence_drills import _played
from lessons.play_drill import turned
from lessons.seat_judge import right_cards, screen_best, worth_asking

BANK_SIZE = 24  # places a kind: every 'other' seed of 0-47 gets its own question
FIRST_SEED = 100_000  # the bank's deals are seeded KIND:n:attempt from here (apart from the drills' own)
CHECK_FACTOR = 4
CHECK_SEED = "drill-bank-check"


@dataclass(frozen=True, slots=True)
class Place:
    """A moment of a seeded deal: deal ``attempt`` of seed ``seed`` (``lessons.defence_drills``'s
    deals), the ``moment``-th play decision of the hand."""

    seed: int
    attempt: int
    moment: int


@dataclass(frozen=True, slots=True)
class Banked:
    """A drill kind the bank serves: its deals (``loners_only``: loners only), the moments it asks
    (``shape``) and how many deals of a seed the search plays."""

    kind: str
    loners_only: bool
    shape: Callable[[SeatView], bool]
    attempts: int

    def view_at(self, place: Place) -> SeatView:
        """The position at ``place``, turned to South."""
        view = _played(self.kind, place.seed, place.attempt, self.loners_only).moments[place.moment]
        return turned(view, view.seat)


def habit_cards(view: SeatView) -> frozenset[Card]:
    """The cards the habits would pick: every legal trump and every strongest legal card."""
    assert view.trump is not None
    eff = effective_table(view.trump)
    legal = [a.card for a in view.legal if a.card is not None]
    return frozenset(c for c in legal if eff[c] == view.trump or card_class(view, c) == "strongest")


def breaks_habits(view: SeatView) -> bool:
    """No habit card counted right by the seat judge."""
    return not habit_cards(view) & set(right_cards(view))


def holds_again(view: SeatView) -> bool:
    """Judged again on ``CHECK_FACTOR`` times the layouts with another seed, every card the drill
    marks wrong is still clearly worse than the best (``CLEAR`` half-widths of its interval): a
    place is picked for a rare figure, which a second look must not take back."""
    again = value_choices(view, CHECK_FACTOR * JUDGE_DEALS, seed=f"{CHECK_SEED}:{view_seed(view)}")
    right = set(right_cards(view))
    return (
        all(
            c.loss >= CLEAR * c.spread
            for c in again.choices
            if c.action.card not in right and c.action != again.best
        )
        and again.best.card in right
    )


def _candidates(bank: Banked) -> Iterator[tuple[Place, SeatView]]:
    seed = FIRST_SEED
    while True:
        for attempt in range(bank.attempts):
            for i, view in enumerate(_played(bank.kind, seed, attempt, bank.loners_only).moments):
                south = turned(view, view.seat)
                if bank.shape(south):
                    yield Place(seed, attempt, i), south
        seed += 1


def places(bank: Banked) -> Iterator[Place]:
    """The places of the kind worth asking that break the habits, checked again, in seed order."""
    for place, view in _candidates(bank):
        if screen_best(view) in habit_cards(view):
            continue  # the quick screen's best is a habit card: passed over unjudged
        if worth_asking(view) and breaks_habits(view) and holds_again(view):
            yield place


def search(bank: Banked, size: int = BANK_SIZE) -> tuple[Place, ...]:
    """The first ``size`` places (``places``)."""
    return tuple(islice(places(bank), size))


def source(bank: dict[str, tuple[Place, ...]]) -> str:
    """The bank as the Python module ``lessons/drill_bank_places.py``."""
    lines = [
        '"""The bank of places (``lessons.drill_bank``), as ``python -m lessons bank --write`` found it."""',
        "",
        "from lessons.drill_bank import Place",
        "",
        "PLACES: dict[str, tuple[Place, ...]] = {",
    ]
    for kind in sorted(bank):
        lines.append(f'    "{kind}": (')
        lines += [f"        Place({p.seed}, {p.attempt}, {p.moment})," for p in bank[kind]]
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


__all__ = ["BANK_SIZE", "Banked", "Place", "breaks_habits", "places", "search", "source"]
