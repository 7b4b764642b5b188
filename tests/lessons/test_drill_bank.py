"""The bank that balances the loner's play and the makers' lead (``lessons.drill_bank``): in every
block of four seeds, two ask a position where "play your best trump" (or any trump, or the
strongest card) is clearly wrong, each such seed its own position; the judge is the seat's own,
computed afresh here."""

from __future__ import annotations

import pytest

from engine.core.cards import Card
from engine.core.ranking import effective_table
from engine.core.view import SeatView
from engine.search.seat_values import value_choices
from lessons.__main__ import main
from lessons.balance import CLEAR, wanted, wanted_index
from lessons.drill_bank import Place, habit_cards
from lessons.drill_bank_places import PLACES
from lessons.exercises import generate
from lessons.table_drills import BANKED, HABIT_OR_NOT


def fresh_right(view: SeatView) -> set[Card]:
    v = value_choices(view)
    return {
        c.action.card
        for c in v.choices
        if c.action.card is not None and (c.action == v.best or c.tied or c.loss < CLEAR * c.spread)
    }


def trumps_and_top(view: SeatView) -> set[Card]:
    """Worked out here: every legal trump, and the legal card(s) ranked highest (trumps above the
    suit led above the rest)."""
    assert view.trump is not None
    eff = effective_table(view.trump)
    legal = [a.card for a in view.legal if a.card is not None]
    trumps = {c for c in legal if eff[c] == view.trump}
    return trumps or {c for c in legal if view.trick and eff[c] == eff[view.trick[0][1]]} or set(legal)


@pytest.mark.parametrize("kind", ["makers_lead", "loner_play"])
def test_half_the_seeds_ask_a_hand_where_the_best_trump_is_wrong(kind: str) -> None:
    broken = 0
    for seed in range(4):
        view = generate(kind, seed).view
        assert view is not None
        right = fresh_right(view)
        # a habit card the test works out: a trump if there is one, else the top card(s)
        habit = trumps_and_top(view)
        if not right & habit:
            broken += 1
    assert broken == 2


def test_each_seed_that_wants_another_card_gets_its_own_position() -> None:
    for kind in ("makers_lead", "loner_play"):
        assert len(PLACES[kind]) >= 20 and len(set(PLACES[kind])) == len(PLACES[kind])
        others = [s for s in range(40) if wanted(kind, s, HABIT_OR_NOT) == "other"]
        assert len(others) == 20  # each answer in two of every four seeds
        # the seeds wanting another card, numbered in turn: 0, 1, ..., 19
        assert [wanted_index(kind, s, HABIT_OR_NOT) for s in others] == list(range(20))


def test_habit_cards_of_a_worked_hand() -> None:
    # loner_play bank search, seed 1222 deal 30: after three tricks the loner (trump clubs) holds
    # the A♣ and the A♠; both may be played, the A♣ is trump and the stronger
    view = BANKED["loner_play"].view_at(Place(1222, 30, 9))
    assert view.trump is not None and view.trump.noun == "clubs"
    assert sorted(c.short for c in view.hand) == ["A♠", "A♣"]
    assert {c.short for c in habit_cards(view)} == {"A♣"}


def test_the_bank_command_refuses_an_unknown_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bank", "--kinds", "bid"]) == 2
    err = capsys.readouterr().err
    assert "no bank for bid" in err and "loner_play, makers_lead" in err
