"""The class page's teaching table in AppTest (issue 54, item 5): the "Deal a hand you choose" box
(a deal that cannot be dealt is refused with the engine's reason and stays in the box; a good one
is dealt, one version on), the deal editor's link that fills the box, and one table on the
projector, which sends no card hidden from the room unless the teacher shows every hand.

The chosen deal, written by hand (standard rules, West deals, the 10♠ turned up)::

    South  J♥ J♦ A♥ K♥ Q♥      West  9♣ 10♣ J♣ Q♣ K♣
    North  9♦ 10♦ Q♦ K♦ A♦     East  9♠ J♠ Q♠ K♠ A♠
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

from classroom import service as classes
from engine.core.cards import Card, parse_cards
from engine.core.rules import Rules
from multiplayer import service

pytestmark = pytest.mark.usefixtures("db")

CHOSEN = "standard/1/JH-JD-AH-KH-QH,9C-TC-JC-QC-KC,9D-TD-QD-KD-AD,9S-JS-QS-KS-AS/TS"
TWICE = CHOSEN.replace("JH-", "AD-")  # the A♦ in South's hand and in North's
KEY = "south-key-0123456789"


def _class_table() -> tuple[str, str, str]:
    """A class with one table, Ann at South: the class's code, its secret and the table's code."""
    teacher = classes.Teacher.start()
    (table,) = service.open_class_tables(teacher.code, teacher.secret, 1, Rules(), pupils=1, level="beginner")
    service.join(table, "Ann", KEY)
    return teacher.code, teacher.secret, table


def _said(at: AppTest) -> str:
    return "\n".join(str(m.value) for m in [*at.markdown, *at.caption, *at.error, *at.success, *at.info])


def test_a_bad_deal_is_refused_and_kept_in_the_box_a_good_one_is_dealt(
    class_page: Callable[..., AppTest],
) -> None:
    code, secret, table = _class_table()
    at = class_page({"class": code, "teacher": secret})
    next(s for s in at.selectbox if "teaching table" in s.label).select(table).run()
    version = service.load_table(table).version
    box = next(t for t in at.text_area if "position text" in t.label)
    box.input(TWICE)
    next(b for b in at.button if b.label == "Deal it at this table").click().run()
    assert not at.exception
    errors = "\n".join(str(e.value) for e in at.error)
    assert "A♦ is dealt twice" in errors and "each card once" in errors
    assert next(t for t in at.text_area if "position text" in t.label).value == TWICE  # nothing lost
    assert service.load_table(table).version == version
    next(t for t in at.text_area if "position text" in t.label).input(CHOSEN)
    next(b for b in at.button if b.label == "Deal it at this table").click().run()
    assert not at.exception and f"Dealt at table {table}" in "\n".join(str(s.value) for s in at.success)
    kept = service.load_table(table)
    assert kept.version == version + 2 and kept.paused and kept.game.scores == (0, 0)  # dealt, paused
    assert kept.game.hand.hands[0] == tuple(parse_cards("JH JD AH KH QH"))
    assert service.read(table, KEY)["hand"] == ["JH", "JD", "AH", "KH", "QH"]
    shown = " ".join(Card.parse(c).short for c in ("JH", "JD", "AH", "KH", "QH"))
    assert shown in _said(at)  # the teaching table shows the new hands


def test_the_deal_editors_link_fills_the_box_and_leaves_the_address(
    class_page: Callable[..., AppTest],
) -> None:
    code, secret, table = _class_table()
    at = class_page({"class": code, "teacher": secret, "table_deal": CHOSEN})
    assert "table_deal" not in at.query_params
    assert 'in the box "Deal a hand you choose"' in _said(at)
    next(s for s in at.selectbox if "teaching table" in s.label).select(table).run()
    assert next(t for t in at.text_area if "position text" in t.label).value == CHOSEN


def test_the_projector_sends_no_hidden_card_until_every_hand_is_shown(
    class_page: Callable[..., AppTest],
    page_text: Callable[[AppTest], str],
    hidden_from: Callable[..., set[Card]],
    cards_named: Callable[..., list[str]],
) -> None:
    code, secret, table = _class_table()
    service.set_deal(table, secret, service.load_table(table).version, CHOSEN)
    at = class_page({"class": code, "teacher": secret, "project": table})
    hand = service.load_table(table).game.hand
    sent = page_text(at)
    assert 'data-testid="projected-table"' in sent and 'data-every="0"' in sent
    assert cards_named(sent, hidden_from(hand, None)) == []
    assert "Ann" in sent and cards_named(sent, {hand.upcard}) == ["10♠"]  # who sits where, the upcard
    assert "Deal a hand you choose" not in sent and "teaching table" not in sent  # the table alone
    next(t for t in at.toggle if t.label == "Show every hand on the projector").set_value(True).run()
    assert not at.exception
    sent = page_text(at)
    assert 'data-every="1"' in sent
    assert sorted(cards_named(sent, hidden_from(hand, None))) == sorted(
        c.short for h in hand.hands for c in h
    )  # every hand, and still not the kitty
    next(b for b in at.button if b.label == "Back to the class page").click().run()
    assert "project" not in at.query_params and "Deal a hand you choose" not in page_text(at)
