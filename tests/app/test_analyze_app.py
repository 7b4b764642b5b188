"""The Hand Analyzer page in Streamlit's AppTest: a linked question, bad input, the card picker."""

from __future__ import annotations

from app_pages import open_page
from streamlit.testing.v1 import AppTest

PAGE = "views/analyze.py"


def _open(query: dict[str, str] | None = None) -> AppTest:
    return open_page(PAGE, query)


def _markdown(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def test_a_lesson_link_fills_the_form_and_recommends() -> None:
    at = _open({"hand": "JH JD AH KH AS", "upcard": "9H", "seat": "first"})
    assert at.text_input(key="an_hand").value == "JH JD AH KH AS"
    text = _markdown(at)
    assert "Recommendation: order up alone" in text
    assert "right bower" in text
    assert len(at.dataframe) == 1 and len(at.dataframe[0].value) == 3
    assert "analyze?hand=JH+JD+AH+KH+AS&upcard=9H&seat=first" in at.code[0].value


def test_bad_input_keeps_the_text_and_says_what_is_wrong() -> None:
    at = _open({"hand": "JH JD AH KS 9H", "upcard": "9H", "seat": "first"})
    assert at.text_input(key="an_hand").value == "JH JD AH KS 9H"
    assert "also in your hand" in at.error[0].value
    at.text_input(key="an_hand").set_value("JH JD AH KS XX").run()
    assert "'XX' is not a card" in at.error[0].value
    assert at.text_input(key="an_hand").value == "JH JD AH KS XX"


def test_the_card_picker_and_the_paste_box_stay_in_sync() -> None:
    at = _open({"hand": "JH JD AH KS", "upcard": "9H", "seat": "dealer"})
    assert "5 cards" in at.error[0].value
    at.button(key="an_pick-C-9C").click().run()
    assert at.text_input(key="an_hand").value == "JH JD AH KS 9C"
    assert "Recommendation:" in _markdown(at)
    at.button(key="an_pick-S-KS").click().run()  # clicking a held card takes it out
    assert at.text_input(key="an_hand").value == "JH JD AH 9C"


def test_show_me_a_deal_where_this_fails() -> None:
    at = _open({"hand": "JH AD TH KS 9C", "upcard": "QH", "seat": "third"})
    at.button(key="an_fail").click().run()
    assert not at.exception
    text = _markdown(at) + "\n".join(m.value for m in at.get("alert") if hasattr(m, "value"))
    assert "loses points" in text or "never lost points" in text
