"""The Review page in AppTest: the learner's mistake deck, the positions due today one at a time
(a wrong answer twice shows the answer and starts the position again; a right one moves it on
3 days), the ones coming up reviewed ahead, a damaged entry skipped and counted, two tabs
answering the same position, and the line on the Practice and Learn pages that leads here."""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.core.actions import ORDER, ORDER_ALONE, PASS, Action
from engine.core.cards import parse_card, parse_cards
from engine.core.hand import HandState, from_cards
from engine.core.rules import Rules
from practice import deck
from store import mistake_deck
from store.mistake_deck import Mistake

pytestmark = pytest.mark.usefixtures("db")

APP = str(Path(__file__).resolve().parents[2] / "app.py")
BROWSER = "AbC_123-xyzXYZ7890qq"
KEY = f"browser:{BROWSER}"
HANDS = ("JH JD AH KH QH", "AC KC QC JC TC", "AS KS QS JS TS", "AD KD QD TD 9D")


def bidding(upcard: str = "9H", kitty: str = "9C 9S TH") -> HandState:
    """South to speak first, holding both red bowers and three hearts."""
    return from_cards(Rules(), 3, [parse_cards(t) for t in HANDS], parse_card(upcard), parse_cards(kitty))


def leading() -> HandState:
    """Hearts ordered up, East discarded: South leads the first trick."""
    return bidding().apply(ORDER).apply(Action.parse("discard 9D"))


BID = Mistake(
    bidding(), 0, PASS, ORDER, (ORDER, ORDER_ALONE), "Five trumps with both bowers: order it up.", "blunder"
)
LEAD = Mistake(
    leading(),
    0,
    Action.parse("play QH"),
    Action.parse("play JH"),
    (Action.parse("play JH"),),
    "Lead the right bower: it draws two trumps.",
    "mistake",
)
LATER = Mistake(bidding("9S", "9C 9H TH"), 0, ORDER, PASS, (PASS,), "No spades: pass.", "mistake")


def _add(*mistakes: Mistake, days_ago: float = 2) -> None:
    made = datetime.now(UTC) - timedelta(days=days_ago)
    assert mistake_deck.add(KEY, mistakes, made, made + timedelta(days=1)) == len(mistakes)


def _open(page: str = "views/review.py") -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.switch_page(page)
    at.session_state["learn_browser_id"] = BROWSER  # this browser's id, as its cookie would give it
    at.run()
    _ok(at)
    return at


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def _click(at: AppTest, key: str) -> None:
    at.button(key=key).click().run()
    _ok(at)


def _entries() -> dict[str, mistake_deck.Entry]:
    """The deck by the learner's original choice."""
    return {str(e.mistake.choice): e for e in mistake_deck.load(KEY).entries}


def _text(at: AppTest) -> str:
    return " ".join(
        [m.value for m in at.markdown] + [h.value for h in at.html] + [c.value for c in at.caption]
    )


def test_an_empty_deck_says_where_mistakes_come_from() -> None:
    at = _open()
    assert at.title[0].value == "Review"
    assert any("Your deck is empty" in i.value for i in at.info)


def test_due_positions_one_at_a_time_then_review_ahead() -> None:
    _add(BID, LEAD)
    _add(LATER, days_ago=0)
    at = _open()
    assert "**2 positions to review today**" in [m.value for m in at.markdown]
    first = _entries()["pass"]
    quiz = f"review_q_{first.id}_0"
    # the bid: the table's bid buttons; wrong twice shows the answer, and the position starts again
    _click(at, f"{quiz}_bid_pass")
    assert any("Not quite — try again." in w.value for w in at.warning)
    _click(at, f"{quiz}_bid_pass")
    assert any("The answer: Order it up." in i.value and BID.reason in i.value for i in at.info)
    e = _entries()["pass"]
    assert (e.stage, e.version, deck.when_text(e.due, datetime.now(UTC))) == (0, 1, "tomorrow")
    assert "Not right at the first try, so it starts again. Next review tomorrow" in _text(at)
    assert "Show every hand" in [t.label for t in at.toggle]
    # the next one: a card to lead, tapped; right at the first try moves it on 3 days
    _click(at, "review_next")
    lead = _entries()["play QH"]
    _click(at, f"review_q_{lead.id}_0_play-JH")
    assert any("Right: Play the J♥" in s.value and LEAD.reason in s.value for s in at.success)
    e = _entries()["play QH"]
    assert (e.stage, e.version, deck.when_text(e.due, datetime.now(UTC))) == (1, 1, "in 3 days")
    assert "Next review in 3 days" in _text(at)
    # nothing left today: the ones coming up, with their days, each to review ahead
    _click(at, "review_next")
    assert "**Nothing to review today.**" in [m.value for m in at.markdown]
    coming = [m.value for m in at.markdown if "you chose" in m.value]
    assert (
        len(coming) == 3 and coming[0].startswith("**tomorrow**") and coming[-1].startswith("**in 3 days**")
    )
    later = _entries()["order"]
    _click(at, f"review_ahead_{later.id}")
    assert any(s.value == "This position (reviewed ahead)" for s in at.subheader)
    _click(at, f"review_q_{later.id}_0_bid_pass")
    assert _entries()["order"].stage == 1


def test_a_damaged_entry_is_skipped_and_counted(db: Path) -> None:
    _add(BID)
    with sqlite3.connect(db) as conn:
        conn.execute(
            "INSERT INTO mistake_deck (learner, position, seat, choice, best, answers, reason, grade, created, "
            "due) VALUES (?, 'not a position', 0, 'pass', 'order', '[\"order\"]', '', 'blunder', "
            "'2026-01-01T00:00:00+00:00', '2026-01-02T00:00:00+00:00')",
            (KEY,),
        )
    conn.close()
    at = _open()
    assert any(c.value == "1 damaged deck entry was skipped." for c in at.caption)
    assert "**1 position to review today**" in [m.value for m in at.markdown]


def test_two_tabs_answering_the_same_position_apply_one_answer() -> None:
    _add(BID)
    one, two = _open(), _open()
    e = _entries()["pass"]
    quiz = f"review_q_{e.id}_0"
    _click(one, f"{quiz}_bid_order")
    assert "Next review in 3 days" in _text(one)
    _click(two, f"{quiz}_bid_order_alone")  # right too, but the position has moved on meanwhile
    assert "already answered in another tab" in _text(two)
    e = _entries()["pass"]
    assert (e.stage, e.version) == (1, 1)


@pytest.mark.parametrize("page", ["views/practice/practice.py", "views/learn/learn.py"])
def test_practice_and_learn_lead_to_the_positions_due(page: str) -> None:
    at = _open(page)
    assert not [link for link in at.get("page_link") if link.proto.page == "review"]
    _add(BID, LEAD)
    at = _open(page)
    links = [link.proto for link in at.get("page_link") if link.proto.page == "review"]
    assert [link.label for link in links] == ["2 positions to review today"]


def test_a_decision_of_west_at_a_table_of_people_is_asked_from_wests_chair() -> None:
    """A mistake made at a table of people keeps its seat (``practice.deck.question_of``): here West,
    first to speak (South deals), holds five clubs and the 9♣ is turned up; West passed. The Review
    page draws the table from West's chair: West at the bottom with its five clubs face up, every
    other hand (South's too) as backs, and judges West's answer."""
    south_deals = from_cards(
        Rules(), 0, [parse_cards(t) for t in HANDS], parse_card("9C"), parse_cards("9S TH 9H")
    )
    assert south_deals.to_act == 1
    west = Mistake(
        south_deals,
        1,
        PASS,
        ORDER_ALONE,
        (ORDER_ALONE, ORDER),
        "Five clubs and the 9♣ up: order it.",
        "blunder",
    )
    _add(west)
    at = _open()
    e = _entries()["pass"]
    quiz = f"review_q_{e.id}_0"
    table = next(h.value for h in at.html if 'data-testid="seat-retry"' in h.value)
    seats = dict(re.findall(r'class="ec-seat ec-(\w+)[^"]*" data-seat="(\d)"', table))
    assert {place: int(seat) for place, seat in seats.items()} == {
        "south": 1,
        "west": 2,
        "north": 3,
        "east": 0,
    }
    shown = re.findall(r'data-card="(\w+)"', table)
    assert sorted(c for c in shown if c != "back") == sorted([*HANDS[1].split(), "9C"])  # + the upcard
    assert shown.count("back") >= 15  # South, North and East: five backs each (and the kitty)
    assert not {"JH", "JD", "AS", "AD"} & set(shown)  # no card of another hand
    _click(at, f"{quiz}_bid_order_alone")
    assert any("Right: " in s.value and west.reason in s.value for s in at.success)
    assert _entries()["pass"].stage == 1
