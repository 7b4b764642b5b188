"""The Tables page (issue 54, items 1 and 3 from the player's side), through app.py's router in
AppTest: a person opens a table with three computers and plays their turns to the end of a hand
by the page's buttons, and no page they are shown ever carries another seat's hidden card; a
stale tap is refused with a message and plays nothing; a second person joins by the link; an away
person's seat is said so; a bad code and a broken database get a message, not a stack trace; the
opener's host controls (pause, resume, a seat changed between hands), seen by nobody else; the Hint
button's words (the Practice hint for the person's view); after the hand the person's own review
and their replay, with no card their seat never saw.

AppTest cannot send cookies: a browser holding its key in a cookie is played by a session holding
it in ``tb_keys``, the key the page reads the cookie into (the browser test uses the real cookie).
What a seat may not know is worked out here from the stored table (``multiplayer.service
.load_table``): the cards in the other hands, the kitty, and the dealer's discard."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from bench.card_codes import card_codes
from engine.analysis.tables import DEFAULT_TABLE
from engine.core.cards import Card
from engine.core.game import seat_score
from engine.core.hand import HandState
from engine.core.rules import Rules
from multiplayer import seat_coach, service
from practice import coach
from practice.table_text import advice_text

pytestmark = pytest.mark.usefixtures("class_db")

PAGE = "views/tables/tables.py"
KEY = "ann-key-0123456789abcdef"  # a private key as a browser keeps one


def _hand(code: str) -> HandState:
    return service.load_table(code).game.hand


def _bid(at: AppTest, version: int) -> None:
    """Click a bid that gets a hand played: order up or call a suit (not alone), else pass."""
    bids = [b for b in at.button if str(b.key).startswith(f"tb_bid_{version}_")]
    assert bids, "it is this seat's turn to bid, but the page shows no bid buttons"
    labels = [b.label for b in bids]
    wanted = next(
        (
            i
            for i, label in enumerate(labels)
            if label.startswith(("Order", "Pick", "Call")) and "alone" not in label
        ),
        0,
    )
    bids[wanted].click().run()


def test_a_person_plays_a_hand_against_three_computers_and_sees_no_other_hand(
    open_page: Callable[..., AppTest],
    page_text: Callable[[AppTest], str],
    page_words: Callable[[AppTest], str],
    hidden_from: Callable[[HandState, int | None], set[Card]],
    cards_named: Callable[..., list[str]],
) -> None:
    at = open_page(PAGE)
    at.text_input[0].set_value("Ann")
    for box in at.selectbox:
        if str(box.key).startswith("tb_seat_"):
            box.set_value("a club computer")
    at.button[0].click().run()  # the form's submit button: "Open the table"
    assert not at.exception
    code = (
        at.query_params["table"][0]
        if isinstance(at.query_params["table"], list)
        else at.query_params["table"]
    )
    key = at.session_state["tb_keys"][code]
    assert "you are South (Ann)" in page_text(at)
    checked = 0
    for _ in range(40):
        data: dict[str, Any] = service.read(code, key)
        text = page_text(at)
        assert cards_named(text, hidden_from(_hand(code), 0)) == [], "the page shows a card of another seat"
        assert f'data-version="{data["version"]}"' in text  # the page is drawn at the table's step
        assert card_codes(page_words(at)) == []  # cards in words are written with their suit symbols
        checked += 1
        if data["between_hands"] or data["game_over"]:
            break
        assert data["to_act"] == 0, "with three computers, the table waits only for the person"
        assert "Your turn." in text
        if any(m.startswith(("play", "discard")) for m in data["legal"]):
            move = next(m for m in data["legal"] if m.startswith(("play", "discard")))
            card = move.split()[1]
            at.button(key=f"tb_hand_{data['version']}-{card}").click().run()
        else:
            _bid(at, data["version"])
        assert not at.exception
        after = service.read(code, key)
        assert after["version"] > data["version"], "the tap did not play"
    else:
        pytest.fail("the hand did not end in 40 taps")
    assert checked >= 2
    hand = service.load_table(code).game.hand
    assert hand.is_over
    text = page_text(at)
    assert "The hand is over" in text and "Score: your side" in text
    before = service.read(code, key)["version"]
    next_hand = [b for b in at.button if str(b.key).startswith("tb_next_")]
    assert [b.label for b in next_hand] == ["Next hand"]
    next_hand[0].click().run()
    assert not at.exception
    dealt = service.read(code, key)
    assert dealt["version"] > before and len(dealt["hand"]) == 5 and not dealt["between_hands"]
    assert cards_named(page_text(at), hidden_from(_hand(code), 0)) == []


def _table_with(levels: list[str | None], seed: int = 11, now: float | None = None) -> str:
    return service.open_table(Rules(), levels, hints=True, seed=seed, now=now).code


def test_a_tap_from_a_stale_page_is_refused_with_a_message_and_plays_nothing(
    open_page: Callable[..., AppTest], page_text: Callable[[AppTest], str]
) -> None:
    code = _table_with([None, "club", "club", "club"])
    service.join(code, "Ann", KEY, seat=0)
    at = open_page(PAGE, {"table": code}, state={"tb_keys": {code: KEY}})
    drawn = service.read(code, KEY)
    assert drawn["to_act"] == 0 and "Your turn." in page_text(at)
    # the same person taps in another tab first: this page is now a step behind the table
    service.play(code, KEY, drawn["version"], drawn["legal"][0])
    moved = service.read(code, KEY)["version"]
    bids = [b for b in at.button if str(b.key).startswith(f"tb_bid_{drawn['version']}_")]
    bids[-1].click().run()
    assert not at.exception
    text = page_text(at)
    assert "That move was not played" in text and "out of date" in text
    assert service.read(code, KEY)["version"] == moved  # nothing played
    assert f'data-version="{moved}"' in text  # and the page is drawn again at the table's step


def test_a_second_person_joins_by_the_link_and_each_page_names_the_other(
    open_page: Callable[..., AppTest],
    page_text: Callable[[AppTest], str],
    hidden_from: Callable[[HandState, int | None], set[Card]],
    cards_named: Callable[..., list[str]],
) -> None:
    code = _table_with([None, None, "beginner", "expert"])
    service.join(code, "Ann", KEY, seat=0)
    stranger = open_page(PAGE, {"table": code})
    text = page_text(stranger)
    assert f"Join table {code}" in text and "West: a free seat" in text and "South: Ann" in text
    assert cards_named(text, hidden_from(_hand(code), -1)) == []  # nobody's cards on the join page
    assert "tables?table=" + code in text  # the invitation: the link (and its QR code)
    stranger.text_input[0].set_value("Bob")
    stranger.button[0].click().run()
    assert not stranger.exception
    bob_key = stranger.session_state["tb_keys"][code]
    assert "you are West (Bob)" in page_text(stranger)
    assert service.read(code, bob_key)["you"] == 1
    ann = open_page(PAGE, {"table": code}, state={"tb_keys": {code: KEY}})
    assert "Bob" in page_text(ann) and "the expert computer" in page_text(ann)
    assert cards_named(page_text(stranger), hidden_from(_hand(code), 1)) == []
    assert cards_named(page_text(ann), hidden_from(_hand(code), 0)) == []


def test_an_away_persons_seat_is_said_to_be_played_by_the_computer(
    open_page: Callable[..., AppTest], page_text: Callable[[AppTest], str]
) -> None:
    long_ago = time.time() - 600  # ten minutes: past the table's silent time
    code = _table_with([None, None, "club", "club"], now=long_ago)
    service.join(code, "Bob", "bob-key-0123456789abcdef", seat=1, now=long_ago)
    service.join(code, "Ann", KEY, seat=0)
    at = open_page(PAGE, {"table": code}, state={"tb_keys": {code: KEY}})
    said = " ".join(i.value.replace("\\", "") for i in at.info)  # (markdown's escapes taken out)
    assert "West (Bob) is away: the computer plays that seat until its player is back" in said


def test_a_bad_code_and_a_broken_database_get_a_message(open_page: Callable[..., AppTest]) -> None:
    at = open_page(PAGE, {"table": "ZZZZZZ"})
    assert "There is no table with that code" in " ".join(e.value for e in at.error)
    at = open_page(PAGE, {"table": "not a code!"})
    assert "is not a table's code" in " ".join(e.value for e in at.error)


def test_a_broken_database_gets_a_message_not_a_stack_trace(
    broken_db: object, open_page: Callable[..., AppTest]
) -> None:
    at = open_page(PAGE, {"table": "ABC234"})
    assert "could not be read" in " ".join(e.value for e in at.error)
    at = open_page(PAGE, {"table": "ABC234"}, state={"tb_keys": {"ABC234": KEY}})
    assert "out of reach" in " ".join(e.value for e in at.error)
    at = open_page(PAGE)
    at.text_input[0].set_value("Ann")
    at.button[0].click().run()
    assert not at.exception
    assert "The table could not be opened" in " ".join(e.value for e in at.error)
    assert "not a database" not in " ".join(e.value for e in at.error)  # never the database's own words


# ---- the host's controls, the hint and the coach after the hand ------------------------------


def _play_out(code: str, key: str) -> None:
    """The person of ``key`` (the only person: computers elsewhere) plays the hand to its end, the
    first legal choice at each turn."""
    for _ in range(40):
        data = service.read(code, key)
        if data["between_hands"] or data["game_over"]:
            return
        service.play(code, key, data["version"], data["legal"][0])
    pytest.fail("the hand did not end in 40 taps")


def _expanders(at: AppTest) -> list[str]:
    return [e.label for e in at.expander]


def test_the_opener_has_the_host_controls_and_they_change_the_table(
    open_page: Callable[..., AppTest], page_text: Callable[[AppTest], str]
) -> None:
    at = open_page(PAGE)
    at.text_input[0].set_value("Ann")
    for box in at.selectbox:
        if str(box.key).startswith("tb_seat_"):
            box.set_value("a club computer")
    at.button[0].click().run()
    assert not at.exception
    code = str(
        at.query_params["table"][0]
        if isinstance(at.query_params["table"], list)
        else at.query_params["table"]
    )
    secret = at.session_state["tb_secrets"][code]
    key = at.session_state["tb_keys"][code]
    assert (
        service.is_host(code, secret)
        and dict(at.query_params) == {"table": [code]}
        or at.query_params["table"]
    )
    assert secret not in str(dict(at.query_params))  # the secret is never in the address
    assert "Host controls" in _expanders(at)
    at.button(key="tb_host_pause").click().run()
    assert not at.exception and service.load_table(code).paused
    assert (
        "The host has paused the table" in page_text(at)
        and at.button(key="tb_host_pause").label == "Resume play"
    )
    at.button(key="tb_host_pause").click().run()
    assert not service.load_table(code).paused
    # mid-hand the seats do not change; between hands the host makes West a free seat for a person
    assert not [b for b in at.selectbox if str(b.key).startswith("tb_host_seat_")]
    _play_out(code, key)
    at.run()
    version = service.read(code, key)["version"]
    boxes = {b.label: b for b in at.selectbox if str(b.key).startswith("tb_host_seat_")}
    assert sorted(boxes) == ["East", "North", "West"] and boxes["West"].value == "a club computer"
    boxes["West"].set_value("a free seat for a person")
    chosen = at._tree.get_widget_states()  # the select boxes as the browser holds them
    at.run()
    assert not at.exception
    table = service.load_table(code)
    assert table.seats[1].is_free and table.seats[2].level == "club" and table.version > version
    assert "The seat was changed." in page_text(at)
    # a person takes the free seat; the old select box sent again (a live part's rerun asked for
    # before the browser took in the new one: ui.replayed) does not free it again
    service.join(code, "Cy", "cy-key-0123456789abcdef", seat=1)
    at.run()
    at._run(widget_state=chosen)
    assert not at.exception
    seat = service.load_table(code).seats[1]
    assert not seat.is_free and not seat.is_computer


def test_nobody_but_the_host_sees_the_host_controls(
    open_page: Callable[..., AppTest], page_text: Callable[[AppTest], str]
) -> None:
    opened = service.open_table(Rules(), [None, None, "club", "club"], seed=3)
    service.join(opened.code, "Ann", KEY, seat=0)
    bob = "bob-key-0123456789abcdef"
    service.join(opened.code, "Bob", bob, seat=1)
    code = opened.code
    tries: list[dict[str, Any]] = [
        {"tb_keys": {code: bob}},  # a seated person without the secret
        {"tb_keys": {code: bob}, "tb_secrets": {code: bob}},  # their own key as the secret
        {"tb_keys": {code: bob}, "tb_secrets": {code: KEY}},  # the host's seat key, not the secret
        {"tb_keys": {code: bob}, "tb_secrets": {code: opened.secret[:-2] + "zz"}},  # a made-up one
    ]
    for state in tries:
        at = open_page(PAGE, {"table": code}, state=state)
        assert "Host controls" not in _expanders(at) and "Pause the table" not in page_text(at)
        assert not [b for b in at.button if str(b.key).startswith("tb_host_")]
    host = open_page(
        PAGE, {"table": code}, state={"tb_keys": {code: KEY}, "tb_secrets": {code: opened.secret}}
    )
    assert "Host controls" in _expanders(host)
    assert service.load_table(code).paused is False


def test_the_hint_button_gives_the_practice_hint_for_the_persons_view(
    open_page: Callable[..., AppTest],
    page_text: Callable[[AppTest], str],
    hidden_from: Callable[[HandState, int | None], set[Card]],
    cards_named: Callable[..., list[str]],
) -> None:
    code = service.open_table(Rules(), [None, "club", "club", "club"], hints=True, seed=3).code
    service.join(code, "Ann", KEY, seat=0)
    at = open_page(PAGE, {"table": code}, state={"tb_keys": {code: KEY}})
    data = service.read(code, KEY)
    assert data["to_act"] == 0
    table = service.load_table(code)
    hand = table.game.hand
    advice = coach.hint(hand, 0, seat_score(table.rules, table.game.scores_at_deal, 0), DEFAULT_TABLE)
    words = advice_text(hand, advice.action, advice.reason)
    at.button(key=f"tb_hint_btn_{data['version']}").click().run()
    assert not at.exception
    said = [i.value for i in at.info if i.value.startswith("**Hint")]
    assert said == [f"**Hint — {advice.source}:** {words}"]
    assert cards_named(page_text(at), hidden_from(_hand(code), 0)) == []
    # a match: no hints, no button
    match = service.open_table(Rules(), [None, "club", "club", "club"], hints=False, seed=3).code
    service.join(match, "Ann", KEY, seat=0)
    off = open_page(PAGE, {"table": match}, state={"tb_keys": {match: KEY}})
    assert not [b for b in off.button if str(b.key).startswith("tb_hint_btn_")]


def test_after_the_hand_the_review_panel_holds_only_the_persons_own_decisions(
    open_page: Callable[..., AppTest],
    page_text: Callable[[AppTest], str],
    hidden_from: Callable[[HandState, int | None], set[Card]],
    cards_named: Callable[..., list[str]],
) -> None:
    code = service.open_table(Rules(), [None, "club", "club", "club"], hints=True, seed=3).code
    service.join(code, "Ann", KEY, seat=0)
    _play_out(code, KEY)
    hand = service.load_table(code).game.history[-1]
    south = [step for step, (seat, _) in enumerate(hand.history) if seat == 0]
    with ThreadPoolExecutor(max_workers=1) as pool:
        seat_coach.use_executor(pool)
        try:
            mine = service.review(code, KEY, wait=300.0)
            assert mine is not None and [g.step for g in mine.grades] == south
            at = open_page(PAGE, {"table": code}, state={"tb_keys": {code: KEY}})
        finally:
            seat_coach.use_executor(None)
    assert "Your coach: hand 1" in [s.value for s in at.subheader]
    review = next(h.value for h in at.html if 'data-testid="tb-review"' in h.value)
    moves = re.findall(r"<td>([^<]*)</td>", review)
    made = [m for m in moves if re.match(r"(South|West|North|East) ", m)]
    assert len(made) == len(south) and all(m.startswith("South (you) ") for m in made)
    at.toggle(key=f"tb_replay_open_{code}_1").set_value(True).run()
    assert not at.exception
    assert 'data-testid="replay-table"' in page_text(at)
    assert cards_named(page_text(at), hidden_from(hand, 0)) == []
