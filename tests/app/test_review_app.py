"""The Review page in AppTest: the learner's mistake deck, the positions due today one at a time
(a wrong answer twice shows the answer and starts the position again; a right one moves it on
3 days), the ones coming up reviewed ahead, a damaged entry skipped and counted, two tabs
answering the same position, and the line on the Practice and Learn pages that leads here. A
mistake from a table of people is asked from the seat's view alone, before and after the answer:
no other person's card in anything the page sends, and no "Show every hand" (a Practice mistake
still offers it)."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.core.actions import ORDER, ORDER_ALONE, PASS, Action
from engine.core.cards import Card, parse_card, parse_cards
from engine.core.hand import HandState, Phase, from_cards
from engine.core.mistake import PEOPLE
from engine.core.problem import Problem
from engine.core.rules import Rules
from engine.core.view import view_of
from multiplayer import seat_coach, service
from practice import deck
from store import mistake_deck
from store.mistake_deck import Mistake
from ui.seat_retry import PRIVATE_NOTE, SHOW_ALL

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


BID = Mistake.without_figures(
    bidding(), PASS, (ORDER, ORDER_ALONE), "Five trumps with both bowers: order it up.", "blunder"
)
LEAD = Mistake.without_figures(
    leading(),
    Action.parse("play QH"),
    (Action.parse("play JH"),),
    "Lead the right bower: it draws two trumps.",
    "mistake",
)
LATER = Mistake.without_figures(bidding("9S", "9C 9H TH"), ORDER, (PASS,), "No spades: pass.", "mistake")


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


def test_a_mistake_kept_with_its_figures_says_what_it_lost() -> None:
    """The deck keeps the grade's figures (here: pass −0.50 points, order it up +1.90): the page
    says the pass lost 2.40 points, as the review said it at the table; a mistake kept without
    figures (an older deck's) says no figure."""
    view = view_of(bidding(), 0).to_text()
    figures = Problem(
        view,
        ("pass", "order", "order alone"),
        ("order", "order alone"),
        (-0.5, 1.9, 1.8),
        "points",
        "test",
        BID.reason,
    )
    _add(Mistake(figures, bidding(), PASS, "blunder"))
    assert "you chose *Pass* — **blunder** (it lost 2.40 points)." in _text(_open())


def test_due_positions_one_at_a_time_then_review_ahead() -> None:
    _add(BID, LEAD)
    _add(LATER, days_ago=0)
    at = _open()
    assert "**2 positions to review today**" in [m.value for m in at.markdown]
    assert "you chose *Pass* — **blunder**. " in _text(at) and "it lost" not in _text(
        at
    )  # kept without figures
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
    west = Mistake.without_figures(
        south_deals, PASS, (ORDER_ALONE, ORDER), "Five clubs and the 9♣ up: order it.", "blunder"
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


# ---- a mistake from a table of people: the other hands are other people's cards ----------------

NAMES = ("Sam", "Wes", "Nora", "Ed")
SEAT_KEYS = tuple(f"{n.lower()}-key-0123456789abcdef" for n in NAMES)


@pytest.fixture
def wes_deck() -> Iterator[tuple[mistake_deck.Entry, ...]]:
    """A hand at a table of four people (seed 0: West deals, turns up the J♦; North orders it up and
    West discards the K♣; then West plays the last card the engine lists at each turn, everyone else
    the first, so West plays the K♦ under South's J♥ holding the J♦), played through the service;
    Wes's review graded (on a thread of the test's own) puts West's mistakes into Wes's deck, as the
    Tables page does. The entries, as the deck reads them."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        seat_coach.use_executor(pool)
        try:
            code = service.open_table(Rules(), [None] * 4, hints=True, now=1.0, seed=0).code
            for seat, (name, key) in enumerate(zip(NAMES, SEAT_KEYS, strict=True)):
                service.join(code, name, key, seat=seat, now=1.0)
            for seat, move in ((2, "order"), (1, "discard KC")):
                service.play(
                    code, SEAT_KEYS[seat], service.read(code, SEAT_KEYS[seat], 2.0)["version"], move, 2.0
                )
            while (turn := service.load_table(code).game.hand.to_act) is not None:
                data = service.read(code, SEAT_KEYS[turn], 2.0)
                service.play(
                    code, SEAT_KEYS[turn], data["version"], data["legal"][-1 if turn == 1 else 0], 2.0
                )
            review = service.review(code, SEAT_KEYS[1], wait=300.0)
        finally:
            seat_coach.use_executor(None)
    assert review is not None and review.in_deck
    entries = mistake_deck.load("name:Wes").entries
    assert entries and all(e.mistake.seat == 1 and e.mistake.source == PEOPLE for e in entries)
    yield entries


def _try_key(quiz: str, e: mistake_deck.Entry, action: Action) -> str:
    """The key of the button that tries ``action`` at ``e``'s position (``ui.seat_choices``)."""
    if action.card is not None:
        return f"{quiz}_{'play' if e.mistake.before.phase is Phase.PLAY else 'discard'}-{action.card}"
    return f"{quiz}_bid_{str(action).replace(' ', '_')}"


def test_a_mistake_from_a_table_of_people_never_shows_another_persons_card(
    wes_deck: tuple[mistake_deck.Entry, ...],
    page_text: Callable[[AppTest], str],
    hidden_from: Callable[[HandState, int | None], set[Card]],
    cards_named: Callable[..., list[str]],
) -> None:
    """Wes opens the Review page and reviews each of West's mistakes ahead of its day, wrong twice,
    so the answer is shown. Before and after, nothing the page sent (its HTML, texts, labels,
    widgets) names a card West could not see at the position: another hand's, the kitty's; and no
    "Show every hand" is offered, only the note that the other players' cards stay theirs."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.switch_page("views/review.py")
    at.session_state["learn_learner"] = "Wes"  # the name Wes typed on the Learn page
    at.run()
    _ok(at)
    king = [e for e in wes_deck if str(e.mistake.choice) == "play KD" and e.mistake.before.trick]
    assert king, [str(e.mistake.choice) for e in wes_deck]  # the K♦ under the J♥ is among them
    for e in wes_deck:
        hidden = hidden_from(e.mistake.before, 1)
        assert len(hidden) >= 3  # the kitty at least: what the test looks for is there to find
        _click(at, f"review_ahead_{e.id}")
        quiz = f"review_q_{e.id}_{e.version}"
        table = next(h.value for h in at.html if 'data-testid="seat-retry"' in h.value)
        assert 'data-open="false"' in table
        assert cards_named(page_text(at), hidden) == [], str(e.mistake.choice)
        for _ in range(2):  # the learner's own choice again, twice: the answer is shown
            _click(at, _try_key(quiz, e, e.mistake.choice))
        assert any("The answer:" in i.value for i in at.info)
        assert SHOW_ALL not in [t.label for t in at.toggle]
        assert PRIVATE_NOTE in [c.value for c in at.caption]
        at.session_state[f"{quiz}_all"] = True  # what the toggle would set: it opens nothing here either
        at.run()
        _ok(at)
        assert 'data-open="false"' in next(h.value for h in at.html if 'data-testid="seat-retry"' in h.value)
        assert cards_named(page_text(at), hidden) == [], str(e.mistake.choice)


def test_a_practice_mistake_still_shows_every_hand_once_answered(
    page_text: Callable[[AppTest], str],
    hidden_from: Callable[[HandState, int | None], set[Card]],
    cards_named: Callable[..., list[str]],
) -> None:
    """The same page with a Practice table's mistake (the computers' hands): after the answer,
    "Show every hand" is offered, and turned on it shows the other hands face up (hindsight)."""
    _add(LEAD)
    at = _open()
    e = _entries()["play QH"]
    quiz = f"review_q_{e.id}_0"
    hidden = hidden_from(LEAD.before, 0)
    assert cards_named(page_text(at), hidden) == []  # asked from South's seat, as any question is
    _click(at, f"{quiz}_play-KH")
    _click(at, f"{quiz}_play-KH")
    assert PRIVATE_NOTE not in [c.value for c in at.caption]
    at.toggle(key=f"{quiz}_all").set_value(True).run()
    _ok(at)
    table = next(h.value for h in at.html if 'data-testid="seat-retry"' in h.value)
    assert 'data-open="true"' in table
    others = {c for s in (1, 2, 3) for c in LEAD.before.hands[s]}
    assert set(cards_named(table, others)) == {c.short for c in others}  # every other hand face up
