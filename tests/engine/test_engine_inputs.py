"""Card parser, rules object, scoring table and bad input: clear errors, state unchanged."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.core.actions import Action, parse_action
from engine.core.cards import JOKER, Card, Suit, make_deck, parse_card, parse_cards
from engine.core.errors import ActionParseError, CardParseError, DealError, IllegalAction, RulesError
from engine.core.hand import Phase, apply, from_cards, legal_actions
from engine.core.rules import PRESETS, Rules
from engine.core.scoring import hand_points

ROOT = Path(__file__).resolve().parents[2]
H = Suit.HEARTS


# ---- card parser ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("JH", "JH"),
        ("jh", "JH"),
        ("jH", "JH"),
        (" Jh ", "JH"),
        ("10h", "TH"),
        ("10H", "TH"),
        ("th", "TH"),
        ("J♥", "JH"),
        ("10♦", "TD"),
        ("a♠", "AS"),
        ("9♣", "9C"),
        ("jack of hearts", "JH"),
        ("Jack of Diamonds", "JD"),
        ("ace of spade", "AS"),
        ("ten of clubs", "TC"),
        ("Joker", "JOKER"),
        ("JOKER", "JOKER"),
        ("benny", "JOKER"),
        ("Benny", "JOKER"),
        ("7s", "7S"),
        ("8d", "8D"),
    ],
)
def test_parse_card_forgiving(text: str, expected: str) -> None:
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("JH TD AS", "JH TD AS"),
        ("jh,td,as", "JH TD AS"),
        ("jh, 10d  as", "JH TD AS"),
        ("JHTDAS", "JH TD AS"),
        ("10h9d", "TH 9D"),
        ("J♥ 10♦ A♠", "JH TD AS"),
        ("J♥10♦A♠", "JH TD AS"),
        ("jack of hearts, ten of diamonds, joker", "JH TD JOKER"),
        ("Joker benny", "JOKER JOKER"),
        ("", ""),
    ],
)
def test_parse_cards_separators(text: str, expected: str) -> None:
    assert " ".join(str(c) for c in parse_cards(text)) == expected


@pytest.mark.parametrize(
    ("text", "bad"),
    [("JH XZ", "XZ"), ("1H", "1H"), ("JH, QQ", "QQ"), ("5H", "5H"), ("KH king of cups", "king of cups")],
)
def test_parse_cards_quotes_the_bad_token(text: str, bad: str) -> None:
    with pytest.raises(CardParseError) as err:
        parse_cards(text)
    assert repr(bad) in str(err.value)
    assert "is not a card" in str(err.value)


@pytest.mark.parametrize("text", ["XX", "", "jack of cups", "11h", "J"])
def test_parse_card_refuses_with_the_token_and_what_is_accepted(text: str) -> None:
    with pytest.raises(CardParseError) as err:
        parse_card(text)
    message = str(err.value)
    assert repr(text.strip()) in message and "a card is a rank" in message


def test_card_round_trips_and_names() -> None:
    for card in make_deck(32, joker=True):
        assert parse_card(str(card)) is card or parse_card(str(card)) == card
        assert parse_card(card.name) == card
        assert parse_card(card.short) == card
        assert eval(repr(card), {"Card": Card}) == card
    assert parse_card("JD").name == "jack of diamonds" and JOKER.suit is None


def test_actions_parse_any_case_and_print_canonically() -> None:
    cases = {
        "PASS": "pass",
        "Order Up": "order",
        "order alone": "order alone",
        "call h": "call H",
        "CALL hearts ALONE": "call H alone",
        "discard 10c": "discard TC",
        "play jack of spades": "play JS",
        "name s alone": "name S alone",
        "defend alone": "defend alone",
        "decline": "decline",
        "play joker": "play JOKER",
    }
    for text, canonical in cases.items():
        assert str(parse_action(text)) == canonical
        assert parse_action(canonical) == parse_action(text)
    for text, fragment in [
        ("jump", "'jump' is not an action"),
        ("play XZ", "'XZ' is not a card"),
        ("call Q", "'Q' is not a suit"),
        ("", "empty action"),
    ]:
        with pytest.raises(ActionParseError, match=fragment):
            parse_action(text)


# ---- rules object ---------------------------------------------------------


def test_rules_defaults_are_the_rule_book_defaults() -> None:
    r = Rules()
    assert (r.players, r.deck, r.joker, r.stick_the_dealer, r.defend_alone, r.lone_lead) == (
        4,
        24,
        False,
        False,
        False,
        "left_of_dealer",
    )
    assert (r.discard_upcard, r.optional_pickup, r.target, r.draw_for_deal, r.match_games) == (
        False,
        False,
        10,
        False,
        1,
    )
    assert Rules.from_dict({}) == r and Rules.from_dict(None) == r and r.changes() == {}
    assert Rules(players=3, joker=True).changes() == {"players": 3, "joker": True}
    assert PRESETS["Two-handed"].optional_pickup and PRESETS["Two-handed"].players == 2


@pytest.mark.parametrize(
    ("fields", "fragment"),
    [
        ({"players": 2, "defend_alone": True}, "defend_alone needs 4 players"),
        ({"players": 3, "defend_alone": True}, "defend_alone needs 4 players"),
        ({"players": 3, "lone_lead": "left_of_loner"}, "needs 4 players"),
        ({"players": 5}, "'players' is 5; allowed: 2, 3, 4"),
        ({"deck": 36}, "'deck' is 36"),
        ({"target": 11}, "'target' is 11"),
        ({"match_games": 2}, "'match_games' is 2"),
        ({"lone_lead": "left"}, "'lone_lead' is 'left'"),
        ({"joker": "yes"}, "'joker' must be bool"),
        ({"players": "4"}, "'players' must be int"),
        ({"players": True}, "'players' must be int"),
        ({"jokers": True}, "unknown rules field(s) 'jokers'"),
    ],
)
def test_impossible_or_unknown_rules_are_refused(fields: dict[str, object], fragment: str) -> None:
    with pytest.raises(RulesError) as err:
        Rules.from_dict(fields)
    assert fragment in str(err.value)


# ---- scoring table (docs/rules.md §9, typed out) --------------------------------

# (players, alone, lone defender, maker tricks) -> (makers' points, each defending side's points)
SCORING = {
    **{(4, False, False, t): (0, 2) for t in (0, 1, 2)},
    (4, False, False, 3): (1, 0),
    (4, False, False, 4): (1, 0),
    (4, False, False, 5): (2, 0),
    **{(4, True, False, t): (0, 2) for t in (0, 1, 2)},
    (4, True, False, 3): (1, 0),
    (4, True, False, 4): (1, 0),
    (4, True, False, 5): (4, 0),
    **{(4, True, True, t): (0, 4) for t in (0, 1, 2)},
    (4, True, True, 3): (1, 0),
    (4, True, True, 4): (1, 0),
    (4, True, True, 5): (4, 0),
    **{(2, False, False, t): (0, 2) for t in (0, 1, 2)},
    (2, False, False, 3): (1, 0),
    (2, False, False, 4): (1, 0),
    (2, False, False, 5): (2, 0),
    **{(3, False, False, t): (0, 2) for t in (0, 1, 2)},
    (3, False, False, 3): (1, 0),
    (3, False, False, 4): (1, 0),
    (3, False, False, 5): (3, 0),
}


@pytest.mark.parametrize(("key", "points"), sorted(SCORING.items()))
def test_scoring_table(key: tuple[int, bool, bool, int], points: tuple[int, int]) -> None:
    players, alone, lone_defender, tricks = key
    assert hand_points(players, tricks, alone, lone_defender) == points


def test_scoring_refuses_impossible_inputs() -> None:
    with pytest.raises(ValueError, match="maker_tricks must be 0..5"):
        hand_points(4, 6)
    with pytest.raises(ValueError, match="only possible against a lone maker"):
        hand_points(4, 2, alone=False, lone_defender=True)


# ---- bad deals and illegal actions ----------------------------------------

GOOD = ["9C 9D TC KH AC", "JC QH KD KS AS", "TD TH JD QD KC", "9S JS QC AD AH"]


def hands_of(texts: list[str]) -> list[list[Card]]:
    return [list(parse_cards(t)) for t in texts]


@pytest.mark.parametrize(
    ("rules", "hands", "upcard", "fragment"),
    [
        (Rules(), [*GOOD[:3], "9S JS QC AD"], "QS", "seat 3 holds 4 cards; every hand has 5"),
        (Rules(), [*GOOD[:3], "9S JS QC AD AC"], "QS", "AC is dealt twice (a card appears twice)"),
        (Rules(), GOOD, "AH", "AH is dealt twice (the upcard is also in a hand)"),
        (
            Rules(),
            [*GOOD[:3], "9S JS QC AD JOKER"],
            "QS",
            "the joker is only in the deck with the joker rule",
        ),
        (Rules(), [*GOOD[:3], "9S JS QC AD 8H"], "QS", "8H is not in the 24-card deck"),
        (Rules(), GOOD[:3], "QS", "4 players need 4 hands, got 3"),
        (Rules(players=2), GOOD, "QS", "2 players need 2 hands, got 4"),
    ],
)
def test_bad_deals_are_refused_with_a_clear_message(
    rules: Rules, hands: list[str], upcard: str, fragment: str
) -> None:
    with pytest.raises(DealError) as err:
        from_cards(rules, 1, hands_of(hands), parse_card(upcard))
    assert fragment in str(err.value)


def test_bad_dealer_and_kitty_are_refused() -> None:
    with pytest.raises(DealError, match="dealer must be a seat 0..3, got 4"):
        from_cards(Rules(), 4, hands_of(GOOD), parse_card("QS"))
    with pytest.raises(DealError, match="dealer must be a seat 0..3, got True"):
        from_cards(Rules(), True, hands_of(GOOD), parse_card("QS"))
    with pytest.raises(DealError, match="the deal uses 22 cards but the deck has 24"):
        from_cards(Rules(), 3, hands_of(GOOD), parse_card("QS"), kitty=(parse_card("9H"),))


def test_illegal_action_names_the_legal_ones_and_leaves_the_state_unchanged() -> None:
    state = from_cards(Rules(), 3, hands_of(GOOD), parse_card("QS"))
    before = (state.phase, state.to_act, state.history, state.hands)
    for action in ("play 9C", "call H", "discard 9C", "defend alone", "name S"):
        with pytest.raises(IllegalAction) as err:
            apply(state, action)
        message = str(err.value)
        assert f"{action} is not legal for seat 0 now" in message
        assert "legal: pass, order, order alone" in message
        assert err.value.legal == legal_actions(state)
    assert (state.phase, state.to_act, state.history, state.hands) == before
    with pytest.raises(ActionParseError):
        apply(state, "hop")
    # In play: a card not held, and a renege, are both refused.
    for text in ("pass", "pass", "order", "discard AH"):
        state = apply(state, text)
    assert state.phase is Phase.PLAY and state.to_act == 0
    with pytest.raises(IllegalAction, match="play AS is not legal for seat 0"):
        apply(state, "play AS")
    state = apply(state, "play TC")
    with pytest.raises(IllegalAction, match="legal: play JC, play QH, play KD, play KS, play AS"):
        apply(state, Action.parse("play KH"))  # not in seat 1's hand
    state = apply(state, "play JC")
    with pytest.raises(IllegalAction, match="play TD is not legal for seat 2 now; legal: play KC"):
        apply(state, "play TD")  # seat 2 must follow clubs


def test_no_action_after_the_hand_is_over() -> None:
    state = from_cards(Rules(), 3, hands_of(GOOD), parse_card("QS"))
    for _ in range(8):
        state = apply(state, "pass")
    assert state.is_over and state.thrown_in and legal_actions(state) == ()
    with pytest.raises(IllegalAction, match="the hand is over"):
        apply(state, "pass")


# ---- engine imports no Streamlit --------------------------------------------


def test_engine_imports_no_streamlit() -> None:
    code = (
        "import importlib, pkgutil, sys, engine\n"
        "names = [m.name for m in pkgutil.walk_packages(engine.__path__, 'engine.')]\n"
        "for n in names:\n"
        "    importlib.import_module(n)\n"
        "bad = sorted(m for m in sys.modules if m == 'streamlit' or m.startswith('streamlit.'))\n"
        "print(len(names), bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    count = int(out.stdout.split()[0])
    assert count >= 12  # cards, ranking, rules, actions, hand, scoring, game, view, seats, records, ...
