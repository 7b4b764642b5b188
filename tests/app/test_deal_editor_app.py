"""The Deal editor page (issue 41, item 5) through app.py's router in AppTest: cards tapped into the
hands, a pasted position text filling the editor (a bad one kept, with the engine's message), a deal
that is not whole explained, and the links a whole deal opens, each written out by hand from the
position grammar (engine/core/position.py) and the seat's view grammar (engine/core/seat_text.py).

The hand-worked deal (dealer East, seat 3; seats clockwise from South, 0):

    South JH JD AH KS 9C · West TH QH KH AC KC · North 9S TS JS QS AS · East 9D TD QD KD AD · upcard 9H

Every heart and diamond, every spade and three clubs are dealt; the kitty is the other clubs, TC JC QC
in deck order (clubs first, lowest first), so the text leaves it out.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qs

import pytest
from streamlit.testing.v1 import AppTest

from engine.core.cards import Card, parse_cards
from engine.core.rules import Rules
from store import classes

PAGE = "views/deal_editor/deal_editor.py"
TEXT = "standard/3/JH-JD-AH-KS-9C,TH-QH-KH-AC-KC,9S-TS-JS-QS-AS,9D-TD-QD-KD-AD/9H"
SOUTH, WEST, NORTH, EAST = (
    tuple(parse_cards(h)) for h in ("JH JD AH KS 9C", "TH QH KH AC KC", "9S TS JS QS AS", "9D TD QD KD AD")
)
APP = str(Path(__file__).resolve().parents[2] / "app.py")


pytestmark = pytest.mark.usefixtures("db")


@pytest.fixture
def editor(open_page: Callable[..., AppTest]) -> Callable[..., AppTest]:
    """The Deal editor opened with ``params`` as its link's query."""
    return lambda **params: open_page(PAGE, params, timeout=60)


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def tap(at: AppTest, card: str) -> AppTest:
    """Tap a card of the deck (its row is its suit's)."""
    return ok(at.button(key=f"de_deck_{card[-1]}-{card}").click().run())


def tap_placed(at: AppTest, place: str, card: str) -> AppTest:
    return ok(at.button(key=f"de_at_{place}-{card}").click().run())


def paste(at: AppTest, text: str) -> AppTest:
    at.text_area(key="de_paste").input(text)
    return ok(at.button(key="de_paste_go").click().run())


def hands(at: AppTest) -> tuple[tuple[Card, ...], ...]:
    return tuple(at.session_state["de_draft"].hands)


def said(elements: object) -> str:
    """The text of warnings, errors, captions ..., without the markdown escapes of ui.echo.plain."""
    return "\n".join(str(e.value) for e in elements).replace("\\", "").replace("\u2060", "")  # type: ignore[attr-defined]


def every_link(at: AppTest) -> list[tuple[str, dict[str, str]]]:
    """Every page link on the page, in order: its page's address and its query, decoded."""
    found = []
    for link in at.get("page_link"):
        query = parse_qs(link.proto.query_string, keep_blank_values=True)
        found.append((link.proto.page, {key: values[0] for key, values in query.items()}))
    return found


def links(at: AppTest) -> dict[str, dict[str, str]]:
    """Each page's first link on the page: its page's address -> its query, decoded."""
    found: dict[str, dict[str, str]] = {}
    for page, query in every_link(at):
        found.setdefault(page, query)
    return found


def test_tapped_cards_go_to_the_chosen_hand_and_a_full_hand_passes_the_choice_on(
    editor: Callable[..., AppTest],
) -> None:
    at = editor()
    assert at.segmented_control(key="de_target").value == 0  # South's hand first
    for card in ("JH", "JD", "AH", "KS", "9C"):
        tap(at, card)
    assert hands(at) == (SOUTH, (), (), ())
    assert at.segmented_control(key="de_target").value == 1  # South is full: West's hand is next
    assert at.button(key="de_deck_H-JH").disabled and not at.button(key="de_deck_H-9H").disabled
    tap(at, "TH")
    assert hands(at)[1] == (Card.parse("TH"),)
    # a placed card taken back: out of the hand, into the deck again
    tap_placed(at, "0", "KS")
    assert hands(at)[0] == tuple(parse_cards("JH JD AH 9C"))
    assert not at.button(key="de_deck_S-KS").disabled
    # the upcard is one card: the next tap goes to it, and the choice moves on to the kitty
    ok(at.segmented_control(key="de_target").set_value("upcard").run())
    tap(at, "9H")
    assert at.session_state["de_draft"].upcard == Card.parse("9H")
    assert at.segmented_control(key="de_target").value == "kitty"
    text = said(at.warning)
    assert "South's hand holds 4 of 5 cards" in text and "West's hand holds 1 of 5 cards" in text
    assert "There is no upcard yet" not in text


def test_a_full_place_says_so_and_keeps_the_card_in_the_deck(editor: Callable[..., AppTest]) -> None:
    at = paste(editor(), TEXT)
    tap_placed(at, "kitty", "TC")
    tap(at, "TC")  # the choice is South's hand, which is full
    assert "South's hand is full (5 cards): tap one of its cards to take it back" in said(at.warning)
    assert at.session_state["de_draft"].kitty == tuple(parse_cards("JC QC"))


def test_a_pasted_text_fills_the_editor(editor: Callable[..., AppTest]) -> None:
    at = paste(editor(), TEXT)
    draft = at.session_state["de_draft"]
    assert hands(at) == (SOUTH, WEST, NORTH, EAST)
    assert draft.upcard == Card.parse("9H") and draft.kitty == tuple(parse_cards("TC JC QC"))
    assert draft.dealer == 3 and at.radio(key="de_dealer").value == 3
    assert at.code[0].value == TEXT
    assert "The deal is whole" in said(at.success)


def test_a_pasted_text_with_other_rules_makes_them_the_rules_in_force(editor: Callable[..., AppTest]) -> None:
    # two-handed: two hands, the dealer is seat 1 (North), the 9S turned up; 24 - 10 - 1 = 13 in the kitty
    at = paste(editor(), "two-handed/1/TH-9H-AC-KC-QC,JH-JD-AH-KH-QH/9S")
    assert at.session_state["rules"] == Rules(players=2, optional_pickup=True)
    assert hands(at) == (tuple(parse_cards("TH 9H AC KC QC")), tuple(parse_cards("JH JD AH KH QH")))
    assert len(at.session_state["de_draft"].kitty) == 13
    assert at.segmented_control(key="de_target").options == [
        "South 5/5",
        "North 5/5",
        "Upcard 1/1",
        "Kitty 13/13",
    ]
    assert at.code[0].value == "two-handed/1/TH-9H-AC-KC-QC,JH-JD-AH-KH-QH/9S"
    assert links(at)["analyze"] == {"view": "two-handed/1/TH-9H-AC-KC-QC,?/9S"}  # South bids first
    # no class here: the form to type it in, with North as the dealer, South the first seat
    assert "hand TH 9H AC KC QC, upcard 9S, seat first" in said(at.caption)


@pytest.mark.parametrize(
    "bad, message",
    [
        # a hand of four cards (the grammar: five cards joined by '-')
        (
            "standard/3/JH-JD-AH-KS,TH-QH-KH-AC-KC,9S-TS-JS-QS-AS,9D-TD-QD-KD-AD/9H",
            "seat 0's hand 'JH-JD-AH-KS' has 4 cards; a hand is five cards",
        ),
        # no card of that name
        ("standard/3/JH-JD-AH-KS-1C,TH-QH-KH-AC-KC,9S-TS-JS-QS-AS,9D-TD-QD-KD-AD/9H", "'1C' is not a card"),
        # the jack of hearts in South's hand and in West's
        ("standard/3/JH-JD-AH-KS-9C,JH-QH-KH-AC-KC,9S-TS-JS-QS-AS,9D-TD-QD-KD-AD/9H", "JH is dealt twice"),
        # the dealer is a seat 0..3
        (
            "standard/4/JH-JD-AH-KS-9C,TH-QH-KH-AC-KC,9S-TS-JS-QS-AS,9D-TD-QD-KD-AD/9H",
            "the dealer is a seat 0..3 with 4 players, got '4'",
        ),
    ],
)
def test_a_bad_pasted_text_stays_in_the_box_with_the_engines_message(
    editor: Callable[..., AppTest], bad: str, message: str
) -> None:
    at = paste(editor(), bad)
    assert at.text_area(key="de_paste").value == bad
    assert message in said(at.error) and "That text does not read" in said(at.error)
    assert hands(at) == ((), (), (), ())  # the editor is as it was
    assert not at.get("page_link")


def test_a_deal_with_a_hand_of_four_is_explained_and_opens_nothing(editor: Callable[..., AppTest]) -> None:
    at = paste(editor(), TEXT)
    tap_placed(at, "0", "JH")
    text = said(at.warning)
    assert "The deal is not whole yet" in text
    assert "South's hand holds 4 of 5 cards" in text
    assert "The engine's check: seat 0 (South) holds 4 cards; every hand has 5" in text
    assert not at.get("page_link") and not at.code


def test_the_links_of_a_whole_deal(editor: Callable[..., AppTest]) -> None:
    at = paste(editor(), TEXT)
    found = links(at)
    assert found["rules"] == {"section": "deal", "position": TEXT}
    # South sits left of the dealer (East): it bids first, nobody has passed
    assert found["analyze"] == {"view": "standard/3/JH-JD-AH-KS-9C,?,?,?/9H"}
    assert at.code[-1].value == f"deal_editor?position={TEXT}"
    # North bids third: South and West pass first; East is the dealer, after three passes
    ok(at.radio(key="de_seat").set_value(2).run())
    assert links(at)["analyze"] == {"view": "standard/3/?,?,9S-TS-JS-QS-AS,?/9H/pass,pass"}
    assert "after South and West passed" in said(at.caption)
    ok(at.radio(key="de_seat").set_value(3).run())
    assert links(at)["analyze"] == {"view": "standard/3/?,?,?,9D-TD-QD-KD-AD/9H/pass,pass,pass"}
    # the dealer moved to South: West bids first
    ok(at.radio(key="de_dealer").set_value(0).run())
    ok(at.radio(key="de_seat").set_value(1).run())
    assert at.code[0].value == "standard/0/JH-JD-AH-KS-9C,TH-QH-KH-AC-KC,9S-TS-JS-QS-AS,9D-TD-QD-KD-AD/9H"
    assert links(at)["analyze"] == {"view": "standard/0/?,TH-QH-KH-AC-KC,?,?/9H"}


def test_a_kitty_in_another_order_is_written_into_the_text(editor: Callable[..., AppTest]) -> None:
    at = paste(editor(), TEXT)
    tap_placed(at, "kitty", "TC")
    ok(at.segmented_control(key="de_target").set_value("kitty").run())
    tap(at, "TC")  # the kitty is now JC QC TC: not deck order, so the text names it after ':'
    assert at.code[0].value == TEXT + ":JC-QC-TC"
    assert links(at)["rules"]["position"] == TEXT + ":JC-QC-TC"


def test_the_share_link_opens_the_deal_and_a_bad_link_goes_to_the_paste_box(
    editor: Callable[..., AppTest],
) -> None:
    at = editor(position=TEXT)
    assert hands(at) == (SOUTH, WEST, NORTH, EAST) and at.code[0].value == TEXT
    # the page's address follows the deal: the dealer moved to South (seat 0)
    ok(at.radio(key="de_dealer").set_value(0).run())
    assert at.query_params["position"] == TEXT.replace("standard/3/", "standard/0/")
    assert hands(at) == (SOUTH, WEST, NORTH, EAST)  # the address it wrote is not read back as a new link
    bad = TEXT.replace("/9H", "/9X")
    at = editor(position=bad)
    assert "The link's position text does not read: the upcard: '9X' is not a card" in said(at.warning)
    assert at.text_area(key="de_paste").value == bad and hands(at) == ((), (), (), ())


def test_a_link_with_other_rules_makes_them_the_rules_in_force(editor: Callable[..., AppTest]) -> None:
    # three players (cutthroat): South, West, East; 24 - 15 - 1 = 8 cards in the kitty
    text = "cutthroat/2/9C-TC-JC-QC-KC,9D-TD-JD-QD-KD,9H-TH-JH-QH-KH/AS"
    at = editor(position=text)
    assert at.session_state["rules"].players == 3
    assert "Rules: **Cutthroat (3 players)**" in at.caption[0].value  # the summary at the top follows
    assert at.segmented_control(key="de_target").options == [
        "South 5/5",
        "West 5/5",
        "East 5/5",
        "Upcard 1/1",
        "Kitty 8/8",
    ]
    assert at.code[0].value == text
    # East deals: South bids first
    assert links(at)["analyze"] == {"view": "cutthroat/2/9C-TC-JC-QC-KC,?,?/AS"}


def test_other_rules_in_the_sidebar_keep_what_fits(editor: Callable[..., AppTest]) -> None:
    at = paste(editor(), TEXT)
    ok(at.selectbox(key="rules_w_preset").set_value("Cutthroat (3 players)").run())
    # three seats, 0 South, 1 West, 2 East: seat 3's hand goes back to the deck; the dealer (seat 3)
    # is no seat now, so the last seat (2) deals; the kitty holds 24 - 15 - 1 = 8: TC JC QC as placed,
    # then the rest, 9D TD QD KD AD, which is the deck's order (clubs, then diamonds), so the text has no kitty
    assert hands(at) == (SOUTH, WEST, NORTH)
    assert at.session_state["de_draft"].dealer == 2
    assert at.code[0].value == "cutthroat/2/JH-JD-AH-KS-9C,TH-QH-KH-AC-KC,9S-TS-JS-QS-AS/9H"


def test_dealing_the_rest_at_random_keeps_the_placed_cards_and_follows_the_number(
    editor: Callable[..., AppTest],
) -> None:
    deals = []
    for _ in range(2):
        at = editor()
        for card in ("JH", "JD", "AH", "KS", "9C"):
            tap(at, card)
        at.number_input(key="de_seed").set_value(2024).run()
        ok(at.button(key="de_deal_rest").click().run())
        draft = at.session_state["de_draft"]
        assert hands(at)[0] == SOUTH and all(len(h) == 5 for h in hands(at)) and draft.upcard is not None
        dealt = [c for h in hands(at) for c in h] + [draft.upcard]
        assert len(set(dealt)) == 21  # every card once: 20 in the hands, the upcard; 3 left for the kitty
        assert "The deal is whole" in said(at.success)
        deals.append(at.code[0].value)
    assert deals[0] == deals[1]  # the same number deals the same cards


def test_ask_it_in_class_links_the_running_class_and_fills_its_typed_hand(
    editor: Callable[..., AppTest],
) -> None:
    at = paste(editor(), TEXT)
    # no class in this browser: the caption says how, with the hand typed out
    assert "start a class on the Class page" in said(at.caption)
    assert "hand JH JD AH KS 9C, upcard 9H, seat first" in said(at.caption)
    code, secret = classes.start_class()
    at.session_state["cl_teacher_secrets"] = {code: secret}
    ok(at.radio(key="de_seat").set_value(2).run())
    view = "standard/3/?,?,9S-TS-JS-QS-AS,?/9H/pass,pass"
    assert links(at)["class"] == {"class": code, "class_hand": view}
    assert ("class", {"class": code, "table_deal": TEXT}) in every_link(at)  # for a teaching table

    teacher = AppTest.from_file(APP, default_timeout=60)
    teacher.run()
    teacher.switch_page("views/class_mode/class_mode.py")
    for key, value in {"class": code, "teacher": secret, "class_hand": view}.items():
        teacher.query_params[key] = value
    ok(teacher.run())
    assert teacher.radio(key="cl_teacher_source").value == "Typed hand"
    assert teacher.text_input(key="cl_teacher_hand").value == "9S TS JS QS AS"
    assert teacher.text_input(key="cl_teacher_upcard").value == "9H"
    assert (
        teacher.selectbox(key="cl_teacher_seat").value == "third"
    )  # South, West, then North bid before East
    assert "class_hand" not in teacher.query_params
    assert "The hand from the deal editor is in the form" in said(teacher.info)

    classes.end(code, secret)
    ok(at.run())
    assert "class" not in links(at)  # an ended class is not asked


def test_a_hand_of_other_rules_is_put_in_the_class_form_with_its_rules() -> None:
    code, secret = classes.start_class()
    teacher = AppTest.from_file(APP, default_timeout=60)
    teacher.run()
    teacher.switch_page("views/class_mode/class_mode.py")
    # cutthroat: East (seat 2) deals, South bids first
    view = "cutthroat/2/9C-TC-JC-QC-KC,?,?/AS"
    for key, value in {"class": code, "teacher": secret, "class_hand": view}.items():
        teacher.query_params[key] = value
    ok(teacher.run())
    assert teacher.session_state["rules"].players == 3
    assert teacher.text_input(key="cl_teacher_hand").value == "9C TC JC QC KC"
    assert teacher.selectbox(key="cl_teacher_seat").value == "first"
    assert "The rules in force are now its rules: Cutthroat (3 players)" in said(teacher.info)
