"""The Rules explorer page in AppTest: ranking, the follow-suit checker, scoring, the walkthrough, links."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

from engine.core.cards import Card, Suit, parse_card, parse_cards
from engine.core.hand import HandState, Phase, legal_actions
from engine.core.rules import Rules

SAME_COLOUR = {Suit.CLUBS: "S", Suit.SPADES: "C", Suit.HEARTS: "D", Suit.DIAMONDS: "H"}  # docs/rules.md §3


pytestmark = pytest.mark.usefixtures("db")


@pytest.fixture
def rules_page(open_page: Callable[..., AppTest]) -> Callable[..., AppTest]:
    """The Rules page opened with ``params`` as its link's query."""
    return lambda **params: open_page("views/rules/rules.py", params, timeout=30)


def row(at: AppTest, name: str) -> list[tuple[str, str]]:
    """(card, state) pairs of one data-row block, in order, from the page's HTML."""
    for block in at.html:
        match = re.search(rf'<div data-row="{name}">(.*?)</div></div>', block.value, re.S)
        if match:
            return re.findall(r'data-card="(\w+)" data-state="(\w+)"', match.group(1))
    raise AssertionError(f"no {name} row on the page")


@pytest.mark.parametrize("deck, joker", [(24, False), (32, False), (24, True)])
def test_each_trump_ranks_the_bowers_first_and_lists_every_card_once(
    rules_page: Callable[..., AppTest], deck: int, joker: bool
) -> None:
    at = rules_page(deck=str(deck), joker="1" if joker else "0")
    for trump in Suit:
        at.segmented_control(key="rx_trump").set_value(trump).run()
        trumps = [card for card, _ in row(at, "trump")]
        top = (["JOKER"] if joker else []) + [f"J{trump.letter}", f"J{SAME_COLOUR[trump]}"]
        rest = {24: "AKQT9", 32: "AKQT987"}[deck]  # docs/rules.md §3: then A, K, Q, 10, 9, [8, 7]
        assert trumps == top + [f"{r}{trump.letter}" for r in rest]
        everything = trumps + [c for s in Suit if s != trump for c, _ in row(at, f"suit-{s.letter}")]
        assert len(everything) == len(set(everything)) == deck + joker
        # the suit that lent its jack has no jack in its own row
        assert f"J{SAME_COLOUR[trump]}" not in [c for c, _ in row(at, f"suit-{SAME_COLOUR[trump]}")]


def test_the_checker_lights_up_the_legal_cards_and_explains_the_left_bower(
    rules_page: Callable[..., AppTest],
) -> None:
    at = rules_page(section="follow", trump="H", led="KD", hand="JD,QD,AH,9C,TS")
    assert row(at, "led") == [("KD", "normal")]
    assert dict(row(at, "hand")) == {
        "JD": "disabled",
        "QD": "playable",
        "AH": "disabled",
        "9C": "disabled",
        "TS": "disabled",
    }
    sentence = at.info[0].value
    assert sentence.startswith("Hearts are trump. The K♦ leads diamonds.")
    assert "J♦ is the left bower" in sentence
    # change the led card with the widget: a club lead, the 9♣ is the only club
    at.selectbox(key="rx_led").set_value(Card.of(14, Suit.CLUBS)).run()
    assert dict(row(at, "hand"))["9C"] == "playable"
    assert [c for c, s in row(at, "hand") if s == "playable"] == ["9C"]


def _engine_legal(hand: str, led: str, trump: str) -> set[str]:
    """The cards the engine lets seat 1 play to ``led`` (seat 0's lead) from ``hand``."""
    cards = tuple(parse_cards(hand))
    state = HandState(
        rules=Rules(),
        dealer=3,
        dealt=((), cards, (), ()),
        hands=((), cards, (), ()),
        upcard=parse_card(led),
        kitty=(),
        phase=Phase.PLAY,
        to_act=1,
        trump=Suit.parse(trump),
        trick=((0, parse_card(led)),),
        leader=0,
    )
    return {str(a.card) for a in legal_actions(state)}


def test_the_checker_agrees_with_the_engine_and_the_hand_worked_cases(
    rules_page: Callable[..., AppTest], follow_case: tuple[str, str, str, str]
) -> None:
    trump, led, hand, expected = follow_case  # the legal cards worked out by hand (tests/conftest.py)
    legal = set(expected.split())
    assert _engine_legal(hand, led, trump) == legal
    at = rules_page(section="follow", trump=trump, led=led, hand=",".join(hand.split()))
    assert not at.exception
    assert row(at, "led") == [(led, "normal")]
    shown = dict(row(at, "hand"))
    assert set(shown) == set(hand.split())
    assert {card for card, state in shown.items() if state == "playable"} == legal
    assert all(state == "disabled" for card, state in shown.items() if card not in legal)


def test_the_scoring_table_follows_the_rules(rules_page: Callable[..., AppTest]) -> None:
    at = rules_page(section="scoring", defend_alone="1")
    table = at.markdown[[i for i, m in enumerate(at.markdown) if "| Result |" in m.value][0]].value
    assert "| lone maker wins all 5 | makers 4 |" in table
    assert "| lone defender euchres a lone maker | defenders 4 |" in table
    three = rules_page(section="scoring", players="3")
    table = [m.value for m in three.markdown if "| Result |" in m.value][0]
    assert "| maker wins all 5 (a march) | maker 3 |" in table and "defenders 2 each" in table


def test_the_walkthrough_steps_forward_and_back_and_ends_with_the_points(
    rules_page: Callable[..., AppTest],
) -> None:
    at = rules_page(section="deal", seed="2024", dealer="3")
    assert at.session_state["rx_step"] == 0
    next_button = next(b for b in at.button if b.label == "Next")
    next_button.click().run()
    next(b for b in at.button if b.label == "Next").click().run()
    assert at.session_state["rx_step"] == 2
    next(b for b in at.button if b.label == "Back").click().run()
    assert at.session_state["rx_step"] == 1
    next(b for b in at.button if b.label == "Last").click().run()
    assert any("The hand is over" in s.value or "thrown in" in s.value for s in at.success)
    link = at.code[-1].value
    assert "seed=2024" in link and "dealer=3" in link and "section=deal" in link


def test_a_link_opens_the_same_walkthrough_step_with_its_rules(rules_page: Callable[..., AppTest]) -> None:
    at = rules_page(section="deal", players="2", optional_pickup="1", seed="77", dealer="1", step="4")
    assert at.session_state["rules"] == Rules(players=2, optional_pickup=True)
    assert at.session_state["rx_step"] == 4
    seats = {s: row(at, f"seat-{s}") for s in range(2)}
    again = rules_page(section="deal", players="2", optional_pickup="1", seed="77", dealer="1", step="4")
    assert {s: row(again, f"seat-{s}") for s in range(2)} == seats


@pytest.mark.parametrize(
    "params, message",
    [
        ({"section": "deal", "seed": "-1", "dealer": "0"}, "seed='-1' is not a whole number"),
        (
            {"section": "deal", "seed": "5", "dealer": "4", "players": "3"},
            "dealer='4' is not a whole number from 0 to 2",
        ),
        ({"section": "nowhere"}, "section='nowhere' is not one of"),
        ({"section": "follow", "led": "KD", "hand": "QD,QD,KD"}, "not the led card"),
        ({"section": "follow", "led": "8D", "hand": "QD"}, "8D is not in this deck"),
    ],
)
def test_bad_links_explain_and_fall_back(
    rules_page: Callable[..., AppTest], params: dict[str, str], message: str
) -> None:
    at = rules_page(**params)
    assert any(message in w.value for w in at.warning), [w.value for w in at.warning]
    if params.get("section") == "deal":
        assert "fresh deal" in at.warning[0].value
        assert len(row(at, "seat-0")) == 5


def _joker_upcard_seed() -> int:
    """A seed whose British deal turns the joker up (the dealer names trump, no bidding)."""
    import random

    from engine.core.cards import JOKER
    from engine.core.hand import deal

    return next(s for s in range(10_000) if deal(Rules(joker=True), 0, random.Random(s)).upcard == JOKER)


@pytest.mark.parametrize(
    "preset", ["Two-handed", "Cutthroat (3 players)", "British (25 cards, Benny)", "Railroad (defend alone)"]
)
def test_every_section_works_under_each_variant(rules_page: Callable[..., AppTest], preset: str) -> None:
    from engine.core.rules import PRESETS
    from ui.share import rules_to_query

    query = rules_to_query(PRESETS[preset])
    seed = str(_joker_upcard_seed()) if PRESETS[preset].joker else "8"
    at = rules_page(section="deal", seed=seed, dealer="0", **query)
    assert at.session_state["rules"] == PRESETS[preset]
    next(b for b in at.button if b.label == "Last").click().run()
    assert not at.exception and (at.success or at.warning)
    for step in range(0, at.session_state["rx_step"] + 1, 3):  # every third step renders
        at.session_state["rx_step"] = step
        at.run()
        assert not at.exception, (preset, step)
        players = PRESETS[preset].players
        assert all(len(row(at, f"seat-{s}")) <= 5 for s in range(players))
    for section in ("ranking", "follow", "scoring"):
        at.segmented_control(key="rx_section").set_value(section).run()
        assert not at.exception, (preset, section)


def test_the_walkthrough_says_the_points_per_side_and_names_the_deal_number_plainly(
    rules_page: Callable[..., AppTest],
) -> None:
    from views.rules.walkthrough import build_walkthrough

    at = rules_page(section="deal", seed="2024", dealer="3")
    field = at.number_input(key="rx_seed")
    assert field.label == "Deal no." and "same cards" in field.help
    next(b for b in at.button if b.label == "Last").click().run()
    final = build_walkthrough(Rules(), 2024, 3).final
    # four players: seats 0 and 2 (South, North) score together, as do 1 and 3 (West, East)
    sides = {"North–South": final.points[0], "East–West": final.points[1]}
    assert final.points == (sides["North–South"], sides["East–West"]) * 2
    text = next(s.value for s in at.success if "The hand is over" in s.value or "thrown in" in s.value)
    for side, points in sides.items():
        if points:
            assert f"{side}: {points} point{'s' if points != 1 else ''}" in text
        else:
            assert side not in text
    assert "South " not in text and "North " not in text  # never seat by seat (which reads as double)


def test_the_walkthrough_lays_the_four_hands_around_the_table(rules_page: Callable[..., AppTest]) -> None:
    at = rules_page(section="deal", seed="42", dealer="0", step="12")
    felt = next(h.value for h in at.html if 'data-testid="card-table"' in h.value)
    places = re.findall(r'<div class="ec-seat ec-(\w+)[^"]*" data-seat="(\d)"', felt)
    assert places == [("south", "0"), ("west", "1"), ("north", "2"), ("east", "3")]
    assert 'class="ec-grid ec-n4 ec-compass"' in felt


def test_the_walkthroughs_link_follows_its_step(rules_page: Callable[..., AppTest]) -> None:
    """Issue 30, item 5: the link keeps the step as it moves, so a reload shows the same step."""
    at = rules_page(section="deal", seed="2024", dealer="3")
    assert at.query_params["step"] in ("0", ["0"])
    for _ in range(3):
        next(b for b in at.button if b.label == "Next").click().run()
    link = {k: v[0] if isinstance(v, list) else v for k, v in at.query_params.items()}
    assert {k: link[k] for k in ("section", "seed", "dealer", "step")} == {
        "section": "deal",
        "seed": "2024",
        "dealer": "3",
        "step": "3",
    }
    next(b for b in at.button if b.label == "Back").click().run()
    assert at.session_state["rx_step"] == 2 and at.query_params["step"] in ("2", ["2"])
    # the same link opened again (a reload) shows that step
    again = rules_page(section="deal", seed="2024", dealer="3", step="2")
    assert again.session_state["rx_step"] == 2
    assert {s: row(again, f"seat-{s}") for s in range(4)} == {s: row(at, f"seat-{s}") for s in range(4)}
    # another view: the walkthrough's keys leave the link
    at.segmented_control(key="rx_section").set_value("scoring").run()
    assert at.query_params["section"] in ("scoring", ["scoring"])
    assert not {"seed", "dealer", "step"} & set(at.query_params)


@pytest.mark.parametrize(
    "step, shown",
    [
        ("abc", "step='abc' is not a whole number from 0 to 200"),
        ("[x](https://evil.example)", "step='\\[x\\](https\\:\u2060//evil"),  # plain text, never a live link
        ("150", "step='150' is past the end of this deal"),
    ],
)
def test_a_bad_step_in_the_link_is_explained_plainly_and_shows_step_0_of_the_same_deal(
    rules_page: Callable[..., AppTest], step: str, shown: str
) -> None:
    at = rules_page(section="deal", seed="2024", dealer="3", step=step)
    warnings = [w.value for w in at.warning]
    assert any(shown in w and "step 0" in w for w in warnings), warnings
    assert at.session_state["rx_step"] == 0 and at.session_state["rx_seed"] == 2024
    assert at.query_params["step"] in ("0", ["0"])


# A deal written by hand, as a teacher would: South (seat 0) holds both bowers and three more
# hearts, West (seat 1) deals and turns up the AC. The link's text may give the first actions;
# the club player plays the rest.
TEACHER_DEAL = "standard/1/JH-JD-AH-KH-QH,9C-TC-JC-QC-KC,9D-TD-QD-KD-AD,9S-TS-JS-QS-KS/AC"


def test_a_teachers_position_link_opens_that_deal_in_the_walkthrough(
    rules_page: Callable[..., AppTest],
) -> None:
    at = rules_page(section="deal", position=TEACHER_DEAL + "/pass,pass", step="2")
    assert not at.warning, [w.value for w in at.warning]
    assert at.session_state["rx_step"] == 2
    assert sorted(c for c, _ in row(at, "seat-0")) == ["AH", "JD", "JH", "KH", "QH"]
    assert sorted(c for c, _ in row(at, "seat-1")) == ["9C", "JC", "KC", "QC", "TC"]
    story = " ".join(m.value for m in at.markdown)
    assert "Step 2 of" in story and "passes" in story.lower()
    # The link now carries the whole hand (the text's two passes, then the club player's actions).
    link = {k: v[0] if isinstance(v, list) else v for k, v in at.query_params.items()}
    assert link["position"].startswith(TEACHER_DEAL + "/pass,pass,") and link["step"] == "2"
    assert "seed" not in link and "dealer" not in link
    # That link opened again shows the same hand at the same step.
    again = rules_page(**link)
    assert {s: row(again, f"seat-{s}") for s in range(4)} == {s: row(at, f"seat-{s}") for s in range(4)}
    assert again.session_state["rx_step"] == 2
    # A numbered deal replaces it.
    next(b for b in at.button if b.label == "New deal").click().run()
    link = {k: v[0] if isinstance(v, list) else v for k, v in at.query_params.items()}
    assert "seed" in link and at.session_state["rx_step"] == 0


def test_a_position_link_shows_its_dealer_and_no_made_up_deal_number(
    rules_page: Callable[..., AppTest],
) -> None:
    """Issue 49, item 5: the story said "West deals" while the Dealer box showed South beside a
    random deal number. The boxes now show the position's dealer and no number (none was given)."""
    at = rules_page(section="deal", position=TEACHER_DEAL)
    assert not at.warning, [w.value for w in at.warning]
    assert at.number_input(key="rx_seed").value is None
    dealer = at.selectbox(key="rx_dealer")
    assert dealer.value == 1 and dealer.format_func(dealer.value) == "West"
    assert any("The deal: West deals" in m.value for m in at.markdown)
    assert "seed" not in at.query_params and "dealer" not in at.query_params
    # choosing a dealer deals a numbered deal: a number appears, the position goes
    dealer.set_value(2).run()
    assert at.session_state.get("rx_position") is None and isinstance(at.session_state["rx_seed"], int)
    assert any("The deal: North deals" in m.value for m in at.markdown)


def test_a_numbered_deals_link_also_carries_its_position_text(rules_page: Callable[..., AppTest]) -> None:
    at = rules_page(section="deal", seed="2024", dealer="3")
    text = at.query_params["position"]
    text = text[0] if isinstance(text, list) else text
    assert text.startswith("standard/3/") and text.count(",") > 20  # the dealer, every action of the hand
    # Opened with seed, dealer and that position, it is the numbered deal (its number still shown).
    again = rules_page(section="deal", seed="2024", dealer="3", position=text, step="5")
    assert again.session_state.get("rx_position") is None and again.session_state["rx_step"] == 5
    assert again.number_input(key="rx_seed").value == 2024


@pytest.mark.parametrize(
    "text, says",
    [
        ("nonsense", "position='nonsense' does not work"),
        (TEACHER_DEAL.replace("9C", "JH"), "does not work"),  # the JH twice
        (TEACHER_DEAL + "/play-9D", "action 1 of 1"),  # a card played while North is to bid
    ],
)
def test_a_bad_position_in_the_walkthroughs_link_warns_and_shows_a_fresh_deal(
    text: str, says: str, rules_page: Callable[..., AppTest]
) -> None:
    at = rules_page(section="deal", position=text)
    warnings = [w.value for w in at.warning]
    assert any(says in w and "fresh deal" in w for w in warnings), warnings
    assert at.session_state.get("rx_position") is None and len(row(at, "seat-0")) == 5
