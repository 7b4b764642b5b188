"""The shared UI pieces without a page: card drawings, share links, the follow-suit checker, walkthroughs."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from engine.analysis.bidding import Stats
from engine.core.cards import JOKER, Card, Suit, make_deck, parse_card
from engine.core.hand import apply, legal_actions
from engine.core.rules import PRESETS, Rules
from ui.cards import card_img, card_label, card_svg, cards_row_html, picture_svg
from ui.share import ShareLinkError, query_int, rules_from_query, rules_to_query
from views.rules.follow import check_follow
from views.rules.walkthrough import build_walkthrough

SVG = "{http://www.w3.org/2000/svg}"


def suit_shapes(svg: str, suit: Suit) -> int:
    """How many suit symbols are drawn: the suit's shape is defined once, then used once per symbol."""
    marker = {
        Suit.HEARTS: "M10 18.5",
        Suit.DIAMONDS: "M10 0.8",
        Suit.SPADES: "M10 1C",
        Suit.CLUBS: 'cy="5.3"',
    }[suit]
    assert svg.count(marker) == 1 and all(
        svg.count(other) == 0 for other in {"M10 18.5", "M10 0.8", "M10 1C", 'cy="5.3"'} - {marker}
    )
    return svg.count('<use href="#pip"')


@pytest.mark.parametrize("card", make_deck(32, joker=True), ids=str)
def test_every_card_is_well_formed_svg_with_its_label(card: Card) -> None:
    svg = card_svg(card, trump=Suit.HEARTS)
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg" and root.get("role") == "img"
    assert root.get("aria-label") == card_label(card, Suit.HEARTS)
    assert root.find(SVG + "title") is not None


@pytest.mark.parametrize(
    "rank, expected", [(7, 7), (8, 8), (9, 9), (10, 10), (14, 1), (11, 2), (12, 2), (13, 2)]
)
def test_pips_match_the_rank(rank: int, expected: int) -> None:
    # the two corner indices carry one small suit symbol each; the face carries the rest
    for suit in Suit:
        assert suit_shapes(card_svg(Card.of(rank, suit)), suit) == expected + 2


def test_labels_name_the_bowers_from_the_engine() -> None:
    assert card_label(parse_card("JD"), Suit.HEARTS) == "jack of diamonds — left bower"
    assert card_label(parse_card("JH"), Suit.HEARTS) == "jack of hearts — right bower"
    assert card_label(parse_card("9H"), Suit.HEARTS) == "nine of hearts — trump"
    assert card_label(parse_card("JC"), Suit.HEARTS) == "jack of clubs"
    assert card_label(parse_card("JD"), None) == "jack of diamonds"
    assert card_label(JOKER, Suit.SPADES).startswith("joker — best bower")
    assert card_label(None) == "face-down card"


def test_four_colours_change_diamonds_and_clubs_only() -> None:
    def fill(card: str, four: bool) -> set[str]:
        return set(re.findall(r'fill="(#[0-9a-f]{6})"', card_svg(parse_card(card), four_colour=four)))

    assert "#c8102e" in fill("QD", False) and "#1f5fbf" in fill("QD", True)
    assert "#1d1d1d" in fill("QC", False) and "#137a2c" in fill("QC", True)
    assert fill("QH", False) == fill("QH", True) and fill("QS", False) == fill("QS", True)


def test_states_show_on_the_image_and_in_its_label() -> None:
    img = card_img(parse_card("JD"), trump=Suit.HEARTS, state="disabled", width=120)
    assert 'data-card="JD"' in img and 'data-state="disabled"' in img and 'width="120"' in img
    assert 'alt="jack of diamonds — left bower, not playable"' in img
    inner = picture_svg(re.search(r'src="([^"]+)"', img).group(1))  # type: ignore[union-attr]
    assert "LEFT" in inner  # the trump marker names the bower
    assert 'data-card="back"' in card_img(parse_card("JD"), face_down=True)
    assert "WINS" in card_svg(parse_card("AS"), state="winning")
    with pytest.raises(ValueError, match="not one of"):
        card_svg(parse_card("AS"), state="glowing")


def test_a_row_takes_states_by_position_or_by_card_and_captions() -> None:
    cards = [parse_card("9C"), parse_card("TD")]
    by_card = cards_row_html(cards, states={cards[1]: "playable"}, labels=["one", "two"])
    assert re.findall(r'data-state="(\w+)"', by_card) == ["normal", "playable"]
    assert "<figcaption" in by_card and ">two</figcaption>" in by_card


def all_rules() -> st.SearchStrategy[Rules]:
    def build(values: dict[str, object]) -> Rules | None:
        try:
            return Rules.from_dict(values)
        except ValueError:
            return None

    choices = {
        "players": st.sampled_from([2, 3, 4]),
        "deck": st.sampled_from([24, 28, 32]),
        "lone_lead": st.sampled_from(["left_of_dealer", "left_of_loner"]),
        "target": st.sampled_from([5, 7, 10]),
        "match_games": st.sampled_from([1, 3, 5]),
    }
    strategy = st.fixed_dictionaries({f.name: choices.get(f.name, st.booleans()) for f in fields(Rules)})
    return strategy.map(build).filter(lambda r: r is not None)  # type: ignore[return-value]


@given(all_rules())
def test_every_possible_rules_value_round_trips_through_a_link(rules: Rules) -> None:
    query = rules_to_query(rules)
    assert all(isinstance(v, str) for v in query.values())
    assert rules_from_query({**query, "seed": "9", "section": "deal"}) == rules


def test_presets_give_short_links() -> None:
    assert rules_to_query(PRESETS["Standard (North America)"]) == {}
    assert rules_to_query(PRESETS["Cutthroat (3 players)"]) == {"players": "3"}


@pytest.mark.parametrize(
    "params, message",
    [
        ({"players": "five"}, "players='five' is not a whole number"),
        ({"joker": "perhaps"}, "joker='perhaps' is not on/off"),
        ({"deck": "20"}, "'deck' is 20; allowed: 24, 28, 32"),
        ({"players": "2", "defend_alone": "1"}, "defend_alone needs 4 players"),
        ({"lone_lead": "opposite"}, "allowed: 'left_of_dealer', 'left_of_loner'"),
    ],
)
def test_bad_rules_in_a_link_say_what_is_wrong(params: dict[str, str], message: str) -> None:
    with pytest.raises(ShareLinkError, match=re.escape(message)):
        rules_from_query(params)


def test_whole_numbers_in_a_link_are_checked() -> None:
    assert query_int({"seed": "12"}, "seed", 0, 99) == 12
    for bad in ("-1", "100", "1e3", " ", "x"):
        with pytest.raises(ShareLinkError, match="is not a whole number from 0 to 99"):
            query_int({"seed": bad}, "seed", 0, 99)
    with pytest.raises(ShareLinkError, match="has no seed"):
        query_int({}, "seed", 0, 99)


def brute_force_legal(hand: list[Card], led: Card, trump: Suit) -> set[Card]:
    """docs/rules.md §3 and §8 written out again: the jack of trump's colour partner and the joker are
    trump; follow the led card's suit if you can, otherwise play anything."""
    partner = {
        Suit.CLUBS: Suit.SPADES,
        Suit.SPADES: Suit.CLUBS,
        Suit.HEARTS: Suit.DIAMONDS,
        Suit.DIAMONDS: Suit.HEARTS,
    }

    def suit_of(card: Card) -> Suit:
        if card.is_joker or (card.rank == 11 and card.suit == partner[trump]):
            return trump
        assert card.suit is not None
        return card.suit

    same = {c for c in hand if suit_of(c) == suit_of(led)}
    return same or set(hand)


def test_the_checker_agrees_with_a_brute_force_on_random_hands() -> None:
    rng = random.Random(2024)
    deck = list(make_deck(32, joker=True))
    for _ in range(3000):
        cards = rng.sample(deck, rng.randint(2, 6))
        led, hand, trump = cards[0], cards[1:], rng.choice(list(Suit))
        answer = check_follow(hand, led, trump)
        assert set(answer.legal) == brute_force_legal(hand, led, trump), (led, hand, trump)
        assert len(answer.notes) == len(hand)
        assert answer.sentence.startswith(f"{trump.noun.capitalize()} are trump.")


def test_a_walkthrough_is_the_same_for_the_same_seed_and_every_step_is_legal() -> None:
    for name, rules in PRESETS.items():
        walk = build_walkthrough(rules, 31337, 1)
        again = build_walkthrough.__wrapped__(rules, 31337, 1)  # not the cached value
        assert [s.action for s in walk.steps] == [s.action for s in again.steps], name
        for i, step in enumerate(walk.steps):
            assert step.action in legal_actions(step.state)
            assert walk.state_at(i + 1) == apply(step.state, step.action)
        assert walk.final.is_over and walk.state_at(walk.length) is walk.final


@pytest.mark.parametrize(
    "module",
    [
        "ui.share",
        "ui.learn_profile",
        "views.learn.progress",
        "views.rules.follow",
        "views.rules.link",
        "views.class_mode.tools",
    ],
)
def test_the_examples_in_the_docstrings_hold(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0


# state -> (the word on its badge, or None for no badge; what the label adds after the card's name)
STATE_TABLE = {
    "normal": (None, ""),
    "playable": (None, ", playable"),
    "disabled": (None, ", not playable"),
    "hinted": ("HINT", ", hint"),
    "winning": ("WINS", ", winning card"),
    "selected": ("SELECTED", ", selected"),
    "next": ("NEXT", ", plays next"),
    "correct": ("CORRECT", ", your pick, right"),
    "wrong": ("YOUR PICK", ", your pick, wrong"),
    "right_answer": ("ANSWER", ", the right answer"),
    "answer": ("ANSWER", ", the answer"),
}
BADGE_WORDS = {"HINT", "WINS", "SELECTED", "NEXT", "CORRECT", "YOUR PICK", "ANSWER"}


@pytest.mark.parametrize("state", sorted(STATE_TABLE))
def test_each_state_wears_only_its_own_badge_and_says_so(state: str) -> None:
    word, suffix = STATE_TABLE[state]
    svg = card_svg(parse_card("KS"), state=state)
    root = ET.fromstring(svg)  # still well-formed
    drawn = {t.text for t in root.iter(SVG + "text")} & BADGE_WORDS
    assert drawn == ({word} if word else set())
    assert root.get("aria-label") == "king of spades" + suffix
    assert f'alt="king of spades{suffix}"' in card_img(parse_card("KS"), state=state)


def test_only_a_hint_says_hint_and_only_a_trick_winner_says_wins() -> None:
    for state in STATE_TABLE:
        svg = card_svg(parse_card("9D"), state=state)
        assert ("HINT" in svg) == (state == "hinted") and ("WINS" in svg) == (state == "winning"), state


@pytest.mark.parametrize("state", ["selected", "correct", "wrong", "right_answer"])
def test_a_long_badge_keeps_clear_of_the_corner_index(state: str) -> None:
    # the rank and suit in the top-left corner are drawn within x 3..21 (ui/cards.py _corner)
    svg = card_svg(parse_card("TH"), state=state)
    pill = ET.fromstring(svg).findall(SVG + "rect")[-1]
    left, width = float(pill.get("x", "0")), float(pill.get("width", "0"))
    assert left >= 22 and left + width <= 97, (left, width)


@pytest.mark.usefixtures("db")
def test_the_analyzers_card_picker_shows_a_picked_card_as_selected(open_page: Callable[..., AppTest]) -> None:
    at = open_page("views/analyze/analyze.py", timeout=120)
    pick = next(b for b in at.button if b.key and b.key.startswith("an_pick-") and b.label == "A♠")
    pick.click().run()
    assert not at.exception
    pictures = "".join(str(e.proto.body) for e in at.html)
    states = dict(re.findall(r'data-card="(\w+)" data-state="(\w+)"', pictures))
    assert states["AS"] == "selected" and states["KS"] == "normal"
    inner = picture_svg(re.search(r'src="([^"]+)"[^>]*data-card="AS"', pictures).group(1))  # type: ignore[union-attr]
    assert "SELECTED" in inner and "HINT" not in inner


def test_the_browser_cookie_holds_only_an_id_of_ours() -> None:
    from ui.learn_profile import COOKIE, cookie_script, id_from_cookies, new_browser_id

    made = new_browser_id()
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", made) and made != new_browser_id()
    script = cookie_script(made)
    assert f'document.cookie = "{COOKIE}={made}; max-age={365 * 24 * 3600}; path=/; samesite=lax"' in script
    assert id_from_cookies({COOKIE: made}) == made
    for bad in ('x"; alert(1); "', "short", ""):
        assert id_from_cookies({COOKIE: bad}) is None
        with pytest.raises(ValueError, match="not a browser id"):
            cookie_script(bad)


def test_card_pictures_are_files_named_by_their_drawing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ui.cards as cards

    monkeypatch.setattr(cards, "PICTURE_DIR", tmp_path / "cards")
    monkeypatch.setattr(cards, "_static_serving", lambda: True)
    svg = card_svg(parse_card("JD"), trump=Suit.HEARTS)
    src = cards.picture_src(svg)
    name = src.removeprefix("app/static/cards/")
    assert name != src and name.endswith(".svg") and (tmp_path / "cards" / name).read_text() == svg
    assert cards.picture_src(card_svg(parse_card("JD"))) != src  # another drawing, another file
    assert picture_svg(src) == svg and cards.picture_src(svg) == src
    # a folder that cannot be made (under a regular file): the picture goes inline, nothing is lost
    (tmp_path / "file").write_text("")
    monkeypatch.setattr(cards, "PICTURE_DIR", tmp_path / "file" / "cards")
    inline = cards.picture_src(svg)
    assert inline.startswith("data:image/svg+xml;base64,") and picture_svg(inline) == svg
    monkeypatch.setattr(cards, "_static_serving", lambda: False)  # static serving off: inline too
    assert cards.picture_src(svg).startswith("data:image/svg+xml;base64,")


def test_option_cards_come_best_first_in_order_of_value(hand_stats: Callable[..., Stats]) -> None:
    """Round 2 has up to seven options: the recommended one first, then the rest by their points
    (issue 30: the boxes were in the legal actions' order)."""
    import re as _re

    from engine.analysis.bidding import Analysis, OptionResult
    from engine.analysis.sampler import SampleStats
    from engine.core.actions import Action
    from views.analyze.parts import options_html

    def stats(ev: float) -> Stats:
        return hand_stats(ev, n=100, ci=0.1, make=0.5, march=0.1, euchred=0.5, we_make=1.0, we_make_it=0.0)

    values = {"pass": -0.48, "call C": -0.37, "call D": -0.94, "call H": -1.30, "call C alone": -2.0}
    options = tuple(OptionResult(Action.parse(k), None, stats(v), None) for k, v in values.items())
    a = Analysis(
        options=options,
        recommendation=Action.parse("call C"),
        runner_up=Action.parse("pass"),
        margin=0.11,
        by_win_chance=False,
        base_win=None,
        n=100,
        seconds=0.1,
        stop_reason="separated",
        samples=SampleStats(),
        margin_ci=(0.05, 0.17),
    )
    html = options_html(a, {}, {}, 4)
    shown = _re.findall(r">([+-]\d\.\d\d) <span[^>]*>points a hand", html)
    assert shown == ["-0.37", "-0.48", "-0.94", "-1.30", "-2.00"], shown
