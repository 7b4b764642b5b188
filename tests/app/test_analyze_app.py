"""The Hand Analyzer page in Streamlit's AppTest: a linked question, plain words, bad input, the card
picker, the share link and a failing deal shown trick by trick."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

PAGE = "views/analyze/analyze.py"


@pytest.fixture
def analyze_page(open_page: Callable[..., AppTest]) -> Callable[..., AppTest]:
    """``analyze_page(query=None, url=None)``: the page as a link opens it (at the address ``url``
    when given), checked for exceptions."""
    return lambda query=None, url=None: open_page(PAGE, query, url=url)


def _markdown(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def _html(at: AppTest) -> str:
    return "\n".join(h.value for h in at.html)


def _visible_text(at: AppTest) -> str:
    """Everything written on the page: markdown, captions, alerts and the text of the HTML blocks."""
    parts = [
        _markdown(at),
        *(c.value for c in at.caption),
        *(w.value for w in at.warning),
        re.sub(r"<[^>]+>", " ", _html(at)),
    ]
    return "\n".join(parts)


def test_a_lesson_link_fills_the_form_and_recommends(analyze_page: Callable[..., AppTest]) -> None:
    at = analyze_page({"hand": "JH JD AH KH AS", "upcard": "9H", "seat": "first"})
    assert at.text_input(key="an_hand").value == "JH JD AH KH AS"
    text = _markdown(at)
    assert "## Order up alone — " in text and "points a hand better than passing" in text
    assert "right bower" in text
    html = _html(at)
    assert html.count('data-testid="an-option"') == 3
    assert html.count('data-recommended="true"') == 1
    # the hand and the upcard are drawn as cards
    hand = next(h.value for h in at.html if 'data-testid="an-hand"' in h.value)
    assert all(f'data-card="{c}"' in hand for c in ("JH", "JD", "AH", "KH", "AS", "9H"))
    assert ">Upcard<" in hand


def test_chances_are_worded_from_your_side_in_one_number_format(analyze_page: Callable[..., AppTest]) -> None:
    at = analyze_page({"hand": "9C TD QS KD 9S", "upcard": "9H", "seat": "first"})
    text = _visible_text(at)
    assert "## Pass — " in _markdown(at)
    for words in (
        "You make it (3+ tricks)",
        "You are euchred",
        "Your side names hearts or another suit later",
        "The other side names trump",
        "Perfect play with all cards face up",
    ):
        assert words in text, words
    for jargon in ("makers take", "ceiling", "stopped:", "separated", "ahead by", "★"):
        assert jargon not in text, jargon
    # points: a sign and two decimals; chances: whole percents
    assert re.search(r"[+-]\d\.\d\d points a hand", text)
    assert not re.search(r"\d\.\d%", text)
    assert re.search(r"[\d,]+ simulated deals", text)


def test_a_close_call_says_so_when_the_tables_disagree(analyze_page: Callable[..., AppTest]) -> None:
    at = analyze_page({"hand": "JD JH AD 9C TS", "upcard": "QD", "seat": "first"})
    warnings = " ".join(w.value for w in at.warning)
    # right-left-ace in first seat: order up against people, pass against a table that bids otherwise
    # (eager bidders, by more than that table's tie margin)
    assert "Close call" in warnings and re.search(r"Against a table of \w+( \w+)?, pass earns more", warnings)
    assert "## Order up — " in _markdown(at) and "points a hand better than" in _markdown(at)


def test_with_a_score_every_table_shows_its_chance_of_winning(analyze_page: Callable[..., AppTest]) -> None:
    """Trailing 8-9 the options are ranked by the chance of winning the game: each option card
    gives that change for the other tables too, not just their points."""
    at = analyze_page({"hand": "JD AD KD QS 9C", "upcard": "TD", "seat": "third", "score": "8,9"})
    html = _html(at)
    cards = re.findall(r'data-testid="an-option".*?Against (.*?)</div>', html, flags=re.S)
    assert len(cards) == 3
    assert all(c.count("to win)") == 3 for c in cards), cards  # strong players, cautious, eager bidders each


def test_round_two_says_turned_down_and_the_reasons_agree_with_the_call(
    analyze_page: Callable[..., AppTest],
) -> None:
    at = analyze_page({"hand": "JS AC KC 9C TH", "upcard": "QD", "seat": "first", "round": "2"})
    assert at.text_input(key="an_upcard").label == "Turned-down card"
    hand = next(h.value for h in at.html if 'data-testid="an-hand"' in h.value)
    assert ">Turned down<" in hand and 'data-card="QD"' in hand
    text = _markdown(at)
    assert "## Call clubs — " in text
    assert "this hand does better calling clubs" in text  # the 'next' hint does not argue for hearts
    at.radio(key="an_round").set_value("1").run()
    assert at.text_input(key="an_upcard").label == "Upcard"


def test_the_share_link_is_a_full_address(analyze_page: Callable[..., AppTest]) -> None:
    at = analyze_page(
        {"hand": "JH JD AH KH AS", "upcard": "9H", "seat": "first"}, url="http://coach.example:8501/analyze"
    )
    link = at.code[-1].value
    # the old link's question, shared as its seat's view: South first, so East (3) deals
    assert link == "http://coach.example:8501/analyze?view=standard/3/JH-JD-AH-KH-AS,?,?,?/9H"
    assert f"]({link})" in _markdown(at)


def test_a_view_link_fills_the_form_and_the_rules(analyze_page: Callable[..., AppTest]) -> None:
    """Cutthroat (3 players), South is the dealer (seat 0) after two passes of round 1 and the two
    of round 2 (the 9♥ turned down); the score goes beside it. The form shows the dealer's seat in
    round 2, the rules panel the cutthroat preset, and the share link is the same text."""
    text = "cutthroat/0/JC-JS-AC-KC-QC,?,?/9H/pass,pass,pass,pass,pass"
    at = analyze_page({"view": text, "score": "3,4"}, url="http://coach.example:8501/analyze")
    assert at.text_input(key="an_hand").value == "JC JS AC KC QC"
    assert at.text_input(key="an_upcard").value == "9H"
    assert at.selectbox(key="an_seat").value == "dealer" and at.radio(key="an_round").value == "2"
    assert at.session_state["rules"].players == 3
    assert at.code[-1].value == f"http://coach.example:8501/analyze?view={text}&score=3,4"


def test_a_view_names_its_rules_and_wins_over_rules_fields_saying_so(
    analyze_page: Callable[..., AppTest],
) -> None:
    # issue 50, item 6: view=…&players=2 answered a 2-player question and &joker=true made it British
    # rules, with no note; the question's own rules (standard: 4 players, no joker) are used, and said
    text = "standard/3/JH-JD-AH-KS-9C,?,?,?/9H"
    at = analyze_page(
        {"view": text, "players": "2", "joker": "true", "deck": "24"}, url="http://coach.example:8501/analyze"
    )
    rules = at.session_state["rules"]
    assert (rules.players, rules.joker) == (4, False)
    warning = " ".join(w.value.replace("\\", "") for w in at.warning)
    assert "question names its own rules (4 players · 24 cards · to 10)" in warning
    assert "players='2' and joker='true' say otherwise and were left out" in warning  # deck=24 agrees
    assert at.code[-1].value == f"http://coach.example:8501/analyze?view={text}"  # the question as asked
    agreeing = analyze_page({"view": text, "players": "4"})
    assert not any("left out" in w.value for w in agreeing.warning)  # a field that says the same: no conflict


def test_a_view_link_that_is_not_a_question_says_why(analyze_page: Callable[..., AppTest]) -> None:
    at = analyze_page({"view": "standard/3/JH-JD-AH-KH-AS,?,?,?/9H/order"})
    warning = " ".join(w.value for w in at.warning)
    assert "could not be read" in warning and "dealer's discard" in warning
    assert at.text_input(key="an_hand").value == ""


def test_bad_input_keeps_the_text_and_says_what_is_wrong(analyze_page: Callable[..., AppTest]) -> None:
    at = analyze_page({"hand": "JH JD AH KS 9H", "upcard": "9H", "seat": "first"})
    assert at.text_input(key="an_hand").value == "JH JD AH KS 9H"
    assert "also in your hand" in at.error[0].value
    at.text_input(key="an_hand").set_value("JH JD AH KS XX").run()
    assert "'XX' is not a card" in at.error[0].value
    assert at.text_input(key="an_hand").value == "JH JD AH KS XX"


def test_the_card_picker_and_the_paste_box_stay_in_sync(analyze_page: Callable[..., AppTest]) -> None:
    at = analyze_page({"hand": "JH JD AH KS", "upcard": "9H", "seat": "dealer"})
    assert "5 cards" in at.error[0].value
    at.button(key="an_pick-C-9C").click().run()
    assert at.text_input(key="an_hand").value == "JH JD AH KS 9C"
    assert "points a hand" in _markdown(at)
    at.button(key="an_pick-S-KS").click().run()  # clicking a held card takes it out
    assert at.text_input(key="an_hand").value == "JH JD AH 9C"


def test_show_me_a_deal_where_this_fails_trick_by_trick(analyze_page: Callable[..., AppTest]) -> None:
    at = analyze_page({"hand": "JH AD TH KS 9C", "upcard": "QH", "seat": "third"})
    at.button(key="an_fail").click().run()
    assert not at.exception
    text = _markdown(at)
    assert "loses points" in text, text[-500:]
    html = _html(at)
    assert html.count('data-testid="an-trick"') == 5
    tricks = next(h.value for h in at.html if 'data-testid="an-tricks"' in h.value)
    assert len(re.findall(r"<b>Trick \d</b> · \w+( \([a-z ]+\))? led", tricks)) == 5
    assert tricks.count(" won</div>") == 5 and tricks.count('data-state="winning"') == 5
    assert "**The bidding:**" in text and not re.search(r"^1\. ", text, re.M)


def test_the_table_you_play_at_drives_the_advice_and_the_link(analyze_page: Callable[..., AppTest]) -> None:
    """People by default; the link's table= chooses another, a bad one is refused with the
    accepted names and the default kept (issue 28)."""
    readme = {"hand": "JH JD AH KS 9C", "upcard": "9H", "seat": "first"}
    at = analyze_page(readme)
    assert at.selectbox(key="an_table").value == "people"
    text = _markdown(at)
    assert "## Order up — " in text  # right, left, ace and two small cards: order up against people
    assert "Recommendation against a table of people" in " ".join(c.value for c in at.caption)
    strong = analyze_page({**readme, "table": "sound"})
    assert strong.selectbox(key="an_table").value == "sound"
    assert "Recommendation against a table of strong players" in " ".join(c.value for c in strong.caption)
    assert "the other seats bid as strong players do" in _markdown(strong)
    bad = analyze_page({**readme, "table": "[x](https://evil.example)"})
    warning = " ".join(w.value for w in bad.warning)
    assert "is not one of people, sound, cautious, eager" in warning
    assert not re.search(r"(?<!\\)\]\(", warning)  # the link's markdown is escaped, never a live link
    assert bad.selectbox(key="an_table").value == "people"


# ---- issue 39: a seat or a turned-down suit the page cannot take is said, never replaced silently ----

HAND = {"hand": "JH JD AH KS 9C", "upcard": "9H", "score": "x"}  # score=x: stops before simulating


def test_seat_names_are_read_in_any_case_as_the_analyze_command_reads_them(
    analyze_page: Callable[..., AppTest],
) -> None:
    for given, seat in (
        ("Dealer", "dealer"),
        ("DEALER", "dealer"),
        (" Third ", "third"),
        ("non-dealer", "first"),
    ):
        at = analyze_page({**HAND, "seat": given})
        assert at.selectbox(key="an_seat").value == seat and not at.warning, given


def test_a_seat_the_table_does_not_have_is_said_with_the_seats_there_are(
    analyze_page: Callable[..., AppTest],
) -> None:
    at = analyze_page({**HAND, "seat": "fourth"})
    warning = " ".join(w.value for w in at.warning)
    assert (
        "seat 'fourth' is not possible with 4 players" in warning
        and "first, second, third or dealer" in warning
    )
    assert "Showing the first seat instead" in warning and at.selectbox(key="an_seat").value == "first"
    at = analyze_page({**HAND, "seat": "third", "players": "2"})
    warning = " ".join(w.value for w in at.warning)
    assert "seat 'third' is not possible with 2 players; use first or dealer" in warning


def test_fewer_players_in_the_sidebar_say_which_seat_the_question_moved_to(
    analyze_page: Callable[..., AppTest],
) -> None:
    at = analyze_page({**HAND, "seat": "third"})
    assert at.selectbox(key="an_seat").value == "third"
    at.sidebar.radio(key="rules_w_players").set_value(2).run()
    assert not at.exception
    assert at.selectbox(key="an_seat").value == "first"
    assert any(
        "no third seat with 2 players" in w.value and "now for the first seat" in w.value for w in at.warning
    )


def test_a_turned_down_suit_that_is_not_the_upcards_is_refused_as_the_cli_refuses_it(
    analyze_page: Callable[..., AppTest],
) -> None:
    at = analyze_page(
        {"hand": "JH JD AH KS 9C", "upcard": "9H", "seat": "first", "round": "2", "turned_down": "S"}
    )
    assert [e.value for e in at.error] == ["in round 2 the turned-down suit is the upcard's suit (H), not S"]
    assert not [h for h in at.html if 'data-testid="an-option"' in h.value]  # nothing analysed for hearts
    assert (
        at.text_input(key="an_upcard").value == "9H" and at.radio(key="an_round").value == "2"
    )  # the rest kept
    at = analyze_page({"hand": "JH JD AH KS 9C", "upcard": "9H", "seat": "first", "turned_down": "H"})
    assert [e.value for e in at.error] == [
        "a turned-down suit only exists in round 2 (round 1 has an upcard)"
    ]
    at = analyze_page(
        {"hand": "JH JD AH KS 9C", "upcard": "9H", "seat": "first", "round": "2", "turned_down": "q"}
    )
    assert "the turned-down suit" in at.error[0].value and "'q' is not a suit" in at.error[0].value


def test_a_turned_down_suit_that_matches_is_kept_and_editing_the_card_moves_on(
    analyze_page: Callable[..., AppTest],
) -> None:
    at = analyze_page(
        {
            "hand": "JH JD AH KS 9C",
            "upcard": "9H",
            "seat": "first",
            "round": "2",
            "turned_down": "h",
            "score": "x",
        }
    )
    assert [e.value for e in at.error][0].startswith("the score must be")  # the suit itself passed
    at = analyze_page(
        {
            "hand": "JH JD AH KS 9C",
            "upcard": "9H",
            "seat": "first",
            "round": "2",
            "turned_down": "S",
            "score": "x",
        }
    )
    at.text_input(key="an_upcard").set_value(
        "9S"
    ).run()  # another question: the link's suit no longer applies
    assert not at.exception and all("turned-down suit" not in e.value for e in at.error)
