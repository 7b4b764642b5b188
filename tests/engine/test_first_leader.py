"""Who leads the first trick (engine.core.hand.first_leader) and the table's middle that names
them (ui.table.made_text): in every state between trump made and the first card of hands played
under every seat count and the loner rules, a leader named is the seat that leads trick 1 in the
end (read from the finished hand, not from the function)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from engine.core.cards import parse_card, parse_cards
from engine.core.hand import HandState, Phase, deal, first_leader, from_cards
from engine.core.rules import Rules
from engine.core.seats import seat_name
from engine.core.view import view_of
from engine.search.registry import make_player
from ui.table import made_text

VARIANTS = {
    "standard": Rules(),
    "defend alone, left of the loner leads": Rules(defend_alone=True, lone_lead="left_of_loner"),
    "defend alone": Rules(defend_alone=True),
    "three players": Rules(players=3),
    "two players": Rules(players=2),
}


def _hand_states(rules: Rules, deals: int, seed: int) -> Iterator[tuple[list[HandState], HandState]]:
    """Each hand's states from trump made to the first card, with the finished hand. Loners are
    forced often (a random legal bid a third of the time) so that defend-alone states occur."""
    rng = random.Random(seed)
    club = make_player("club")
    for i in range(deals):
        state = deal(rules, i % rules.players, rng)
        between: list[HandState] = []
        while not state.is_over:
            if state.trump is not None and not state.tricks and not state.trick:
                between.append(state)
            seat = state.to_act
            assert seat is not None
            if rng.random() < 0.35:
                action = rng.choice(state.legal_actions())
            else:
                action = club.decide(view_of(state, seat), rng).action
            state = state.apply(action)
        yield between, state


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_named_leader_is_the_seat_that_leads_trick_one(variant: str) -> None:
    rules = VARIANTS[variant]
    named = seen = 0
    for between, final in _hand_states(rules, 200, seed=len(variant)):
        if final.thrown_in:
            assert not between
            continue
        leader = final.tricks[0].leader
        for state in between:
            seen += 1
            said = first_leader(state)
            text = made_text(state)
            names = re.findall(r"<b>(\w+)</b> leads the first trick", text)
            if said is None:
                assert not names, text
                continue
            named += 1
            assert said == leader and names == [seat_name(rules.players, leader)], (text, leader)
            if state.phase is Phase.DISCARD:
                assert f"<b>{seat_name(rules.players, state.dealer)}</b>, the dealer, discards" in text
    assert seen > 150 and named > 0.6 * seen  # open only while a defender may still go alone


def test_the_dealers_discard_names_the_dealer_then_the_leader() -> None:
    """Hand-worked: South (0) deals and picks up the J♦; West (1), left of the dealer, leads."""
    hands = tuple(
        parse_cards(h) for h in ("9S TS JS QS KS", "AS 9H TH JH QH", "KH AH 9C TC JC", "QC KC AC 9D TD")
    )
    state = from_cards(Rules(), 0, hands, parse_card("JD"), parse_cards("QD KD AD"))
    state = state.apply("order")  # West orders diamonds up: South, the dealer, discards
    assert state.phase is Phase.DISCARD and state.to_act == 0
    text = made_text(state)
    assert "<b>South</b>, the dealer, discards" in text and "<b>West</b> leads the first trick" in text


def test_a_lone_makers_left_leads_unless_a_defender_may_still_sit_them_out() -> None:
    """Hand-worked, defend alone and left-of-the-loner leads: North (2) goes alone; East (3) is to
    the loner's left, but West (1), East's partner, may still defend alone and sit East out."""
    rules = Rules(defend_alone=True, lone_lead="left_of_loner")
    hands = tuple(
        parse_cards(h) for h in ("9S TS JS QS KS", "AS 9H TH JH QH", "KH AH 9C TC JC", "QC KC AC 9D TD")
    )
    state = from_cards(rules, 0, hands, parse_card("JD"), parse_cards("QD KD AD"))
    state = state.apply("pass").apply("order alone")  # West passes, North orders alone: South, the
    # dealer, sits out and does not pick up
    assert state.phase is Phase.DEFEND and state.to_act == 3
    assert first_leader(state) is None and "leads the first trick" not in made_text(state)
    after = state.apply("pass")  # East will not; West still may
    assert after.phase is Phase.DEFEND and first_leader(after) is None
    settled = after.apply("pass")
    assert settled.phase is Phase.PLAY and first_leader(settled) == 3
