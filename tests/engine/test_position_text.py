"""A hand's position as text (engine/core/position.py): HandState.to_text() / HandState.from_text().

The hand-written examples spell the text out by hand from the grammar, and their kitties and
facts (trump, who acts, who sits out) are worked out by hand from the cards, not printed by the
code under test. The property tests play random legal hands from random deals of every preset
and of random rules, and check that every state they pass through comes back from its text.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.actions import PASS, Action
from engine.core.cards import JOKER, Card, Suit, parse_cards
from engine.core.hand import HandState, Phase, deal, from_cards, replace
from engine.core.position import MAX_TEXT, PRESET_NAMES, Position, PositionError, parse_rules, rules_text
from engine.core.rules import PRESETS, Rules
from engine.io.deal_record import replay, result_record, to_record

ROOT = Path(__file__).resolve().parents[2]


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def hands_of(*hands: str) -> list[tuple[Card, ...]]:
    return [cards(h) for h in hands]


def played(state: HandState, *actions: str) -> HandState:
    for action in actions:
        state = state.apply(action)
    return state


# ---- hand-written examples --------------------------------------------------------------------

README_HANDS = ("9C 9D TC KH AC", "JC QH KD KS AS", "TD TH JD QD KC", "9S JS QC AD AH")
README_TEXT = (
    "standard/3/9C-9D-TC-KH-AC,JC-QH-KD-KS-AS,TD-TH-JD-QD-KC,9S-JS-QC-AD-AH/QS/"
    "pass,pass,order,discard-AH,play-TC,play-JC"
)
ALONE = ("AS KS QS AC KC", "JH JD AH KH QH", "TH AD KD QD TD", "9S TS JS 9C TC")
ALONE_CARDS = "AS-KS-QS-AC-KC,JH-JD-AH-KH-QH,TH-AD-KD-QD-TD,9S-TS-JS-9C-TC"


def test_the_readme_deal_in_text() -> None:
    state = played(
        from_cards(Rules(), 3, hands_of(*README_HANDS), Card.parse("QS")),
        "pass",
        "pass",
        "order",
        "discard AH",
        "play TC",
        "play JC",
    )
    assert state.to_text() == README_TEXT
    back = HandState.from_text(README_TEXT)
    assert back == state
    # Worked by hand: the cards nobody holds are 9H, JH and TS (deck order: hearts before spades).
    assert back.kitty == cards("9H JH TS")
    assert (back.trump, back.maker, back.to_act, back.dealer) == (Suit.SPADES, 2, 2, 3)
    assert back.hands[3] == cards("9S JS QC AD QS")  # the dealer took QS and buried AH
    assert back.trick == ((0, Card.parse("TC")), (1, Card.parse("JC")))


def test_an_opening_position_has_no_actions_part_and_stick_the_dealer_after_seven_passes() -> None:
    text = f"tournament/0/{ALONE_CARDS}/9H"
    opening = from_cards(Rules(stick_the_dealer=True), 0, hands_of(*ALONE), Card.parse("9H"))
    assert opening.to_text() == text and HandState.from_text(text) == opening
    assert opening.kitty == cards("JC QC 9D")  # clubs JC QC, diamonds 9D: nobody holds them
    stuck = HandState.from_text(text + "/pass,pass,pass,pass,pass,pass,pass")
    assert stuck == played(opening, *["pass"] * 7)
    assert (stuck.phase, stuck.to_act, stuck.turned_down) == (Phase.BID2, 0, Suit.HEARTS)
    assert PASS not in stuck.legal_actions()


def test_a_kitty_out_of_deck_order_is_written_after_the_upcard() -> None:
    shuffled = from_cards(Rules(), 0, hands_of(*ALONE), Card.parse("9H"), cards("9D QC JC"))
    assert shuffled.to_text() == f"standard/0/{ALONE_CARDS}/9H:9D-QC-JC"
    assert HandState.from_text(f"standard/0/{ALONE_CARDS}/9H:9D-QC-JC") == shuffled
    # The kitty in deck order, written out, is the same position as leaving it out.
    assert (
        HandState.from_text(f"standard/0/{ALONE_CARDS}/9H:JC-QC-9D").to_text()
        == f"standard/0/{ALONE_CARDS}/9H"
    )


def test_two_handed_call_and_the_decline() -> None:
    text = "two-handed/0/TH-9H-AC-KC-QC,JH-JD-AH-KH-QH/9S/pass,pass,call-H,play-JH"
    state = HandState.from_text(text)
    # Dealer 0, so seat 1 bids first and leads; every heart is dealt, 13 cards stay in the kitty.
    assert state.kitty == cards("9C TC JC 9D TD QD KD AD TS JS QS KS AS")
    assert (state.trump, state.maker, state.to_act) == (Suit.HEARTS, 1, 0)
    assert state.legal_actions() == (Action.parse("play TH"), Action.parse("play 9H"))
    assert state.to_text() == text
    declined = HandState.from_text("two-handed/0/TH-9H-AC-KC-QC,JH-JD-AH-KH-QH/9S/order,decline")
    assert (declined.trump, declined.upcard_taken, declined.to_act) == (Suit.SPADES, False, 1)


def test_the_joker_turned_up() -> None:
    text = (
        "british/0/9C-TC-QC-9S-TS,AH-KH-QH-AD-KD,9H-TH-JC-QS-KS,JH-JD-AC-KC-AS/JOKER/"
        "name-H,discard-9C,play-AH,play-9H,play-JD"
    )
    state = HandState.from_text(text)
    assert state.upcard == JOKER and state.kitty == cards("9D TD QD JS")  # 25 cards, 21 dealt or up
    assert state.to_act == 0 and state.legal_actions() == (Action.parse("play JOKER"),)
    assert state.to_text() == text


def test_defend_alone_on_the_railroad() -> None:
    text = "railroad/0/9C-TC-QC-9S-TS,AH-KH-AS-AC-AD,JH-JD-QH-TH-KS,9D-TD-QD-KD-KC/9H/order-alone,discard-9C,defend-alone"
    state = HandState.from_text(text)
    # West (1) alone, East (3) sits out; North (2) defends alone, South (0), the dealer, sits out.
    assert (state.maker, state.alone, state.lone_defender, set(state.out)) == (1, True, 2, {3, 0})
    assert (state.phase, state.to_act) == (Phase.PLAY, 1)
    assert state.to_text() == text


def test_rules_outside_the_presets_list_their_changes() -> None:
    text = "players=3,deck=32/2/7C-8C-9C-TC-JC,7D-8D-9D-TD-JD,7H-8H-9H-TH-JH/7S/pass,order"
    state = HandState.from_text(text)
    assert state.rules == Rules(players=3, deck=32)
    assert state.kitty == cards("QC KC AC QD KD AD QH KH AH 8S 9S TS JS QS KS AS")
    assert (state.phase, state.to_act) == (Phase.DISCARD, 2)
    assert state.to_text() == text
    every = Rules(
        joker=True,
        lone_lead="left_of_loner",
        discard_upcard=True,
        target=5,
        draw_for_deal=True,
        match_games=3,
    )
    assert (
        rules_text(every)
        == "joker,lone_lead=left_of_loner,discard_upcard,target=5,draw_for_deal,match_games=3"
    )
    assert parse_rules(rules_text(every)) == every


PRESET_TEXTS = {
    "standard": Rules(),
    "tournament": Rules(stick_the_dealer=True),
    "british": Rules(joker=True),
    "two-handed": Rules(players=2, optional_pickup=True),
    "cutthroat": Rules(players=3),
    "railroad": Rules(defend_alone=True, stick_the_dealer=True),
}


def test_every_preset_has_a_name() -> None:
    assert set(PRESET_TEXTS.values()) == set(PRESETS.values()) and set(PRESET_NAMES) == set(PRESET_TEXTS)
    for name, rules in PRESET_TEXTS.items():
        assert rules_text(rules) == name and parse_rules(name) == rules


def test_reading_is_forgiving_printing_is_canonical() -> None:
    messy = (
        " Standard / 3 / 9c 9d 10c kh ac , jc qh kd ks as, td th jd qd kc, 9s js qc ad ah / qs "
        "/ PASS, pass, Order, discard ah, play 10c ,Play-jc "
    )
    assert HandState.from_text(messy).to_text() == README_TEXT
    assert parse_rules("Two-Handed, deck=32, target=7") == Rules(
        players=2, deck=32, optional_pickup=True, target=7
    )
    assert (
        rules_text(parse_rules("two-handed,deck=32,target=7")) == "players=2,deck=32,optional_pickup,target=7"
    )
    assert rules_text(parse_rules("players=2,optional_pickup=true")) == "two-handed"
    assert rules_text(parse_rules("standard,joker")) == "british"
    assert rules_text(parse_rules("railroad,defend_alone=false")) == "tournament"


def test_position_values_round_trip_and_repr_is_code() -> None:
    position = Position.parse(README_TEXT)
    assert str(position) == README_TEXT and Position.parse(str(position)) == position
    assert eval(repr(position)) == position  # noqa: S307 - repr is code you could paste back in
    assert position == HandState.from_text(README_TEXT).to_position()


def test_a_state_assembled_field_by_field_has_no_text() -> None:
    state = HandState.from_text(README_TEXT)
    with pytest.raises(PositionError, match="not reached by applying its actions"):
        replace(state, hands=(state.hands[1], state.hands[0]) + state.hands[2:]).to_text()
    lesson = HandState(
        rules=Rules(),
        dealer=3,
        dealt=((), cards("9C TC"), (), ()),
        hands=((), cards("9C TC"), (), ()),
        upcard=Card.parse("9H"),
        kitty=(),
        phase=Phase.PLAY,
        to_act=1,
        trump=Suit.HEARTS,
    )
    with pytest.raises(PositionError, match="assembled field by field"):
        lesson.to_text()


# ---- refused texts: one named error, one clear message ---------------------------------------

HANDS4 = "9C-9D-TC-KH-AC,JC-QH-KD-KS-AS,TD-TH-JD-QD-KC,9S-JS-QC-AD-AH"

BAD = [
    ("x" * 2001, "a position is at most 2,000 characters; this one has 2,001", None),
    ("standard/3", "has 2 part(s) separated by '/', not 4 or 5", None),
    (f"standard/3/{HANDS4}/QS/pass/pass", "has 6 part(s)", None),
    (
        f"jokers/3/{HANDS4}/QS",
        "rules: 'jokers' is not a preset or a rules field; write a preset (standard,",
        None,
    ),
    (f"/3/{HANDS4}/QS", "rules: the rules part is empty", None),
    (
        f"deck=32,railroad/3/{HANDS4}/QS",
        "rules: the preset railroad comes first, before any changed field",
        None,
    ),
    (f"players=3,players=2/0/{HANDS4}/QS", "rules: players is given twice", None),
    (f"joker=yes/3/{HANDS4}/QS", "rules: joker is 'yes'; write joker alone (true) or joker=false", None),
    (f"players=three/3/{HANDS4}/QS", "rules: players is 'three'; it is a whole number", None),
    (f"players=5/3/{HANDS4}/QS", "rules: rules field 'players' is 5; allowed: 2, 3, 4", None),
    (f"players=2,defend_alone/1/{HANDS4}/QS", "rules: defend_alone needs 4 players", None),
    (f"standard/4/{HANDS4}/QS", "the dealer is a seat 0..3 with 4 players, got '4'", None),
    (
        "two-handed/2/9C-9D-TC-KH-AC,JC-QH-KD-KS-AS/QS",
        "the dealer is a seat 0..1 with 2 players, got '2'",
        None,
    ),
    (
        "standard/3/9C-9D-TC-KH-AC,JC-QH-KD-KS-AS,TD-TH-JD-QD-KC/QS",
        "4 players need 4 hands separated by ',', got 3",
        None,
    ),
    (
        "standard/3/9C-9D-TC-KH-AC,JC-QH-KD-KS,TD-TH-JD-QD-KC,9S-JS-QC-AD-AH/QS",
        "seat 1's hand 'JC-QH-KD-KS' has 4 cards; a hand is five cards joined by '-'",
        None,
    ),
    (
        "standard/3/9C-9D-ZZ-KH-AC,JC-QH-KD-KS-AS,TD-TH-JD-QD-KC,9S-JS-QC-AD-AH/QS",
        "seat 0's hand: 'ZZ' is not a card; a card is a rank 7 8 9 T J Q K A and a suit C D H S",
        None,
    ),
    (f"standard/3/{HANDS4}/Q", "the upcard: 'Q' is not a card", None),
    (f"standard/3/{HANDS4}/QS:", "the kitty after ':' in 'QS:' is empty", None),
    (
        "standard/3/9C-9D-TC-KH-AC,JC-QH-KD-KS-AS,TD-TH-JD-QD-KC,9S-JS-QC-AD-AS/QS",
        "the deal cannot happen: AS is dealt twice (a card appears twice)",
        None,
    ),
    (
        f"standard/3/{HANDS4}/JOKER",
        "the deal cannot happen: the joker is only in the deck with the joker rule",
        None,
    ),
    (
        f"standard/3/{HANDS4}/QS:9H-JH",
        "the deal cannot happen: the deal uses 23 cards but the deck has 24",
        None,
    ),
    (
        f"standard/0/{ALONE_CARDS}/9H/order-alone,discard-KC,play-JH,play-AD",
        "action 4 of 4: play AD is not legal for seat 2 now; legal: play TH",
        3,
    ),
    (
        f"standard/0/{ALONE_CARDS}/9H/pass,fly",
        "action 2 'fly' is not an action; an action is pass, order,",
        1,
    ),
    (f"standard/0/{ALONE_CARDS}/9H/pass,,order", "action 2 is empty; an action is pass", 1),
    (f"standard/0/{ALONE_CARDS}/9H/", "action 1 is empty", 0),
    (
        f"standard/0/{ALONE_CARDS}/9H/" + ",".join(["pass"] * 9),
        "action 9 of 9: the hand is over; pass is not possible",
        8,
    ),
]


@pytest.mark.parametrize(("text", "message", "step"), BAD, ids=[m[:40] for _, m, _ in BAD])
def test_a_bad_text_says_what_is_wrong(text: str, message: str, step: int | None) -> None:
    with pytest.raises(PositionError) as raised:
        HandState.from_text(text)
    assert message in str(raised.value)
    assert raised.value.step == step
    assert isinstance(raised.value, ValueError)
    assert len(str(raised.value).splitlines()) == 1


def test_a_message_quotes_at_most_60_characters_of_the_text() -> None:
    long_junk = "q" * 500
    for text in (
        long_junk,
        f"{long_junk}/3/{HANDS4}/QS",
        f"standard/3/{HANDS4}/{long_junk}",
        f"standard/{long_junk}/{HANDS4}/QS",
        f"standard/3/{long_junk}/QS",
        f"standard/0/{ALONE_CARDS}/9H/pass,{long_junk}",
        "/" * 1500,
    ):
        with pytest.raises(PositionError) as raised:
            HandState.from_text(text)
        message = str(raised.value)
        assert "q" * 61 not in message and "/" * 61 not in message
        assert len(message) < 600
    with pytest.raises(PositionError, match="a position is text"):
        HandState.from_text(None)  # type: ignore[arg-type]


def test_any_text_up_to_the_limit_is_read_or_refused_at_once() -> None:
    """No regular expressions and no work beyond a split per part: the worst inputs are quick."""
    worst = [
        "/" * 2000,
        "," * 2000,
        "-" * 2000,
        ":" * 2000,
        " " * 2000,
        "=" * 2000,
        "standard/0/" + "9C-" * 660,
        "standard/0/" + "," * 1989,
        f"standard/0/{HANDS4}/QS:" + "9H-" * 600,
        f"standard/0/{ALONE_CARDS}/9H/" + "pass," * 380,
        "players=" + "1" * 1992 + "/0/x/y",
        "x" * 10**6,
    ]
    for text in worst:
        start = time.process_time()
        with pytest.raises(PositionError):
            HandState.from_text(text)
        # CPU time, with room for a busy machine: a text that made the parser work in proportion to
        # its square (a million characters) would take minutes, not seconds
        assert time.process_time() - start < 2.0, text[:30]


# ---- every reachable state of every preset (and of random rules) comes back from its text ----


# Half the examples a preset, the other half any rules (this folder's conftest.py).
PRESETS_OR_ANY = st.one_of(st.sampled_from(list(PRESETS.values())), st.from_type(Rules))


URL_SAFE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/,-:=_")


def messy(text: str) -> str:
    """The same position written the way a person might: other case, spaces, 10 for T, the kitty
    written out even when it is the rest of the deck."""
    parts = text.split("/")
    parts[0] = parts[0].upper().replace(",", " , ")
    for i in range(2, len(parts)):
        words = parts[i].replace("-", " ").replace(",", " , ").split(" ")
        parts[i] = " ".join("10" + w[1:].lower() if len(w) == 2 and w[0] == "T" else w.lower() for w in words)
    return " / ".join(parts)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=PRESETS_OR_ANY,
    seed=st.integers(0, 2**32 - 1),
    from_given_cards=st.booleans(),
    pass_bias=st.sampled_from([0.0, 0.5, 0.9]),
)
def test_every_reachable_state_comes_back_from_its_text(
    rules: Rules, seed: int, from_given_cards: bool, pass_bias: float
) -> None:
    rng = random.Random(seed)
    dealer = rng.randrange(rules.players)
    state = deal(rules, dealer, rng)  # a shuffled kitty
    if from_given_cards:  # the kitty in deck order, left out of the text
        state = from_cards(rules, dealer, state.dealt, state.upcard)
    seen: set[str] = set()
    while True:
        text = state.to_text()
        back = HandState.from_text(text)
        assert back == state
        assert back.to_text() == text and str(Position.parse(text)) == text
        assert text not in seen  # one position, one text; another position, another text
        seen.add(text)
        assert len(text) <= MAX_TEXT and set(text) <= URL_SAFE
        # The kitty is written when it is out of deck order (clubs to spades, low to high, the joker last).
        assert (":" in text.split("/")[3]) == (list(state.kitty) != sorted(state.kitty))
        assert HandState.from_text(messy(text)) == state
        if state.is_over:
            break
        legal = state.legal_actions()
        state = state.apply(PASS if PASS in legal and rng.random() < pass_bias else rng.choice(legal))
    # The replay command's record and the position record of the final state replay alike.
    line = result_record(to_record(state))
    assert line["position"] == text and result_record({"position": text}) == line


@settings(max_examples=300, deadline=None)
@given(
    rules=PRESETS_OR_ANY,
    seed=st.integers(0, 2**32 - 1),
    cut=st.integers(0, 1999),
    junk=st.text(alphabet="/,-: =9TJQKACDHSxplayordiscaljk\n", max_size=12),
)
def test_a_damaged_text_is_read_or_refused_with_a_position_error(
    rules: Rules, seed: int, cut: int, junk: str
) -> None:
    rng = random.Random(seed)
    state = deal(rules, rng.randrange(rules.players), rng)
    for _ in range(rng.randrange(25)):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    text = state.to_text()
    cut %= len(text) + 1
    damaged = text[:cut] + junk + text[cut + rng.randrange(4) :]
    try:
        back = HandState.from_text(damaged)
    except PositionError as err:
        message = str(err)
        assert len(message.splitlines()) == 1 and len(message) < 1000
        assert not any(damaged[i : i + 61] in message for i in range(len(damaged) - 60))
    else:
        assert HandState.from_text(back.to_text()) == back


# ---- the replay command: a "position" on every result line, and {"position": TEXT} records ----


def run_replay(records: list[dict[str, Any]]) -> tuple[int, list[dict[str, Any]]]:
    text = "\n".join(json.dumps(r) for r in records) + "\n"
    out = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "-"],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    return out.returncode, [json.loads(line) for line in out.stdout.splitlines()]


README_RECORD = {
    "rules": {"players": 4, "deck": 24, "joker": False, "stick_the_dealer": False},
    "dealer": 3,
    "hands": [h.split() for h in README_HANDS],
    "upcard": "QS",
    "actions": ["pass", "pass", "order", "discard AH", "play TC", "play JC"],
}
ALONE_PLAY = (
    "order-alone,discard-KC,play-JH,play-TH,play-9H,play-JD,play-AD,play-AS,play-AH,play-KD,play-KS,"
    "play-KH,play-QD,play-QS,play-QH,play-TD,play-AC"
)


def test_replay_prints_the_position_and_replays_position_records() -> None:
    records: list[dict[str, Any]] = [
        README_RECORD,
        {"position": README_TEXT},
        {"position": README_TEXT, "meta": {"note": "meta is ignored"}},
        {"position": f"standard/0/{ALONE_CARDS}/9H/{ALONE_PLAY}"},  # a lone march, worked by hand
        {"position": f"standard/0/{ALONE_CARDS}/9H/order-alone,discard-KC,play-JH,play-AD"},
        {"position": f"standard/0/{ALONE_CARDS}/9H/pass,fly"},
        {"position": README_TEXT, "hands": README_RECORD["hands"]},
        {"position": 5},
        {"position": "standard/3"},
        {**README_RECORD, "hands": [["AS"] * 5] * 4},
    ]
    code, lines = run_replay(records)
    assert code == 2 and len(lines) == len(records)
    readme, from_text, with_meta, march, illegal, unparsable, both, number, short, bad_deal = lines
    assert readme["position"] == README_TEXT and list(readme)[-1] == "position"
    assert readme["to_act"] == 2 and readme["legal"] == ["play KC"] and readme["complete"] is False
    assert from_text == readme and with_meta == readme  # replayed the same way, step by step
    assert march["complete"] is True and march["points"] == [0, 4, 0, 4] and march["maker"] == 1
    assert march["position"] == f"standard/0/{ALONE_CARDS}/9H/{ALONE_PLAY}"
    # Errors keep their shape (no position): the same message and step as the record's.
    assert illegal == {"error": "play AD is not legal for seat 2 now; legal: play TH", "step": 3}
    assert unparsable["step"] == 1 and "'fly' is not an action" in unparsable["error"]
    assert both["step"] is None and "either position or rules, dealer, hands" in both["error"]
    assert number == {"error": 'position must be a position text like "standard/0/...", got 5', "step": None}
    assert short["step"] is None and "has 2 part(s)" in short["error"]
    assert set(bad_deal) == {"error", "step"}


def test_every_replayed_record_prints_a_position_that_replays_to_the_same_line() -> None:
    rng = random.Random(32)
    for rules in PRESETS.values():
        for _ in range(10):
            state = deal(rules, rng.randrange(rules.players), rng)
            for _ in range(rng.randrange(40)):
                if state.is_over:
                    break
                state = state.apply(rng.choice(state.legal_actions()))
            record = to_record(state)
            line = result_record(record)
            assert line["position"] == state.to_text()
            assert result_record({"position": line["position"]}) == line
            states, _, error = replay({"position": line["position"]})
            assert error is None and states[-1] == state
