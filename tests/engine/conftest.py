"""Hypothesis draws any rules: ``st.from_type(Rules)`` in the tests of this folder is every option
at random (players, deck, joker, stick the dealer, defend alone, lone lead, discard the upcard,
optional pickup, game target, draw for deal, match length), each a legal mix."""

from __future__ import annotations

from hypothesis import strategies as st

from engine.core.rules import Rules


@st.composite
def any_rules(draw: st.DrawFn) -> Rules:
    players = draw(st.sampled_from([2, 3, 4]))
    four = players == 4
    return Rules(
        players=players,
        deck=draw(st.sampled_from([24, 28, 32])),
        joker=draw(st.booleans()),
        stick_the_dealer=draw(st.booleans()),
        defend_alone=four and draw(st.booleans()),
        lone_lead=draw(st.sampled_from(["left_of_dealer", "left_of_loner"])) if four else "left_of_dealer",
        discard_upcard=draw(st.booleans()),
        optional_pickup=draw(st.booleans()),
        target=draw(st.sampled_from([5, 7, 10])),
        draw_for_deal=draw(st.booleans()),
        match_games=draw(st.sampled_from([1, 3, 5])),
    )


st.register_type_strategy(Rules, any_rules())
