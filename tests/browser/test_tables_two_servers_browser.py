"""Four people play a whole game at one table on two servers sharing one PostgreSQL database (issue
54, the first target): Ann (a laptop) and Bob (a phone, 390x844) on server A, Cat and Dan (laptops)
on server B; no computer at the table. Each opens the table's link and joins.

The first hand is played through the browsers, each tap by the page whose turn it is; after every
tap the four pages follow the table by themselves (each waits for its own drawing of the table's
new version), and every page shows its own hand and no card of another seat's: the hidden cards are
worked out from the stored table (``multiplayer.service.load_table``) and searched for in each
page's text and HTML, as codes ("9D"), as written ("9♦") and in words ("nine of diamonds").

Mid-trick, Cat reloads her page and Dan closes his tab and opens the link again in the same
browser (its cookie holds his key): both are in their seats with their hands. A tap from a page
held still (Playwright's clock paused on it, so its once-a-second read does not redraw it) after
its person played from elsewhere is refused with a message, and so is a tap out of turn (a
person's key, the table's current version, a card of their own: sent as a protocol client would,
since a page draws no move out of turn); neither changes the stored table (its version, its
moves, its log).

The rest of the game is played fast through the service as the same four people (their keys read
from their browsers' cookies), while the pages follow; at every new hand each page shows only its
own hand again. At the end every page shows the game over, the winner and the final score, which
are the engine's own game replayed here from the stored log of moves (``new_game`` from the
table's seed, then each action and each next hand).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from bench.browser import ACTION_TIMEOUT_MS, RunWatch, hold_still, page_busy
from engine.core.cards import Card
from engine.core.game import GameState, apply_game, new_game, next_hand
from engine.core.hand import HandState
from engine.core.rules import Rules
from engine.core.seats import seat_name
from multiplayer import service
from multiplayer.errors import NotYourTurn, StalePage
from multiplayer.table import HOST, NEXT_HAND
from store import people_tables

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # a minute or more: the run starts it early

LIVE_MS = 20_000  # a seated page reads the table each second; allow for a loaded machine
STALE_TAP_MS = 10_000  # a tap on a page held still: its button is there at once, or the page moved on
SEED = 54  # the table's deal (any seed: the moves are chosen from what is legal)
PEOPLE = ("Ann", "Bob", "Cat", "Dan")  # seats 0 to 3 (South, West, North, East)
RULES = Rules()  # four players, 24 cards, to 10 points


# No coach's review of a finished hand on the page (its heading "Your coach: hand N"): once the next
# hand is dealt, the page shows that hand only (beside two CPU burners the last hand's review was
# once read still on the page just after the new deal was drawn: the seat's own discard named).
NO_REVIEW = (
    """() => ![...document.querySelectorAll('h3')].some((h) => h.innerText.startsWith('Your coach: hand'))"""
)


def _contents(page: Any) -> str:
    """What the page shows: its text, and the HTML of its main part (images' names included)."""
    return str(page.inner_text("body")) + "\n" + str(page.locator('[data-testid="stMain"]').inner_html())


def _around(text: str, cards: list[str]) -> list[str]:
    """Where ``cards`` (as written) are in ``text``, for a failure's message."""
    return [text[max(0, i - 80) : i + 40] for c in cards for i in [text.find(c)] if i >= 0]


def _drawn_at(page: Any, version: int) -> None:
    page.locator(f'[data-testid="people-table"][data-version="{version}"]').wait_for(timeout=LIVE_MS)


def _key(page: Any, code: str) -> str:
    cookie = next(c for c in page.context.cookies() if c["name"] == f"ec_table_{code}")
    return str(cookie["value"])


def _join(page: Any, kit: Any, code: str, name: str) -> str:
    """``name`` opens the table's link and joins the first free seat; the key in their cookie."""
    kit.goto(page, f"/tables?table={code}")
    page.get_by_label("Your name").fill(name)
    kit.click_and_wait(page, page.get_by_role("button", name="Join the table"))
    page.get_by_text(f"({name})").first.wait_for(timeout=LIVE_MS)
    page.wait_for_function(f"() => document.cookie.includes('ec_table_{code}=')", timeout=LIVE_MS)
    assert set(kit.url_query(page)) == {"table"}, "the address holds the table's code alone"
    return _key(page, code)


def _move(legal: list[str], other: bool = False) -> str:
    """A move that gets a hand played: the first card, else order up or call (not alone);
    ``other``: another move (the last card, or a pass)."""
    cards = [m for m in legal if m.startswith(("play", "discard"))]
    if cards:
        return cards[-1 if other else 0]
    bids = [m for m in legal if m.startswith(("order", "call")) and "alone" not in m]
    if bids and not other:
        return bids[0]
    return next(m for m in legal if m == "pass")


def _button(page: Any, data: dict[str, Any], move: str) -> Any:
    """The page's button of ``move`` (a card in the hand's row, or a bid's button)."""
    if move.startswith(("play", "discard")):
        short = Card.parse(move.split()[1]).short
        row = page.locator(f".st-key-tb_hand_{data['version']}_row")
        return row.get_by_role("button", name=re.compile(rf"^{re.escape(short)}")).first
    if move == "pass":
        return page.get_by_role("button", name=re.compile(r"^(Pass|Turn it down)$")).first
    name = "Order it up|Pick it up" if move.startswith("order") else "Call"
    return page.get_by_role("button", name=re.compile(rf"^({name})(?! .*alone)")).first


def _replayed(code: str, db: str) -> GameState:
    """The engine's own game from the table's stored log: its seed's deal, then every step."""
    game = new_game(RULES, SEED)
    for step in people_tables.log(code, 0, db):
        if step.by == HOST or step.action == "sit":
            continue  # a person sitting down, a change of the table: no move of the game
        game = next_hand(game) if step.action == NEXT_HAND else apply_game(game, step.action)
    return game


@dataclass
class People:
    """The table ``code`` on the database ``db``, and its four people: a page and a key per seat."""

    code: str
    db: str
    kit: Any
    hidden_from: Callable[[HandState, int | None], set[Card]]
    cards_named: Callable[..., list[str]]
    pages: dict[int, Any] = field(default_factory=dict)
    keys: dict[int, str] = field(default_factory=dict)

    def data(self, seat: int = 0) -> dict[str, Any]:
        return service.read(self.code, self.keys[seat], path=self.db)

    def stored(self) -> tuple[int, tuple[tuple[str, ...], ...], int]:
        """The stored table's version, its moves, and how many steps its log holds."""
        table = service.load_table(self.code, path=self.db)
        return table.version, table.moves, len(people_tables.log(self.code, 0, self.db))

    def follow(self) -> dict[str, Any]:
        """Every page follows the table to its version by itself; each shows its own hand and no other."""
        data = self.data()
        hand = service.load_table(self.code, path=self.db).game.hand
        for seat, page in self.pages.items():
            _drawn_at(page, data["version"])
            self.kit.wait_idle(page)  # the whole page drawn at that version, not only its table
            if not (data["between_hands"] or data["game_over"]):  # the last hand's review has gone
                page.wait_for_function(NO_REVIEW, timeout=LIVE_MS)
            seen = _contents(page)
            leaks = self.cards_named(seen, self.hidden_from(hand, seat))
            assert leaks == [], f"{PEOPLE[seat]} sees another hand: {leaks} in {_around(seen, leaks)}"
            own = set(hand.hands[seat])
            assert len(self.cards_named(seen, own)) == len(own), f"{PEOPLE[seat]}'s own hand is on their page"
        return data

    def tap(self, seat: int, data: dict[str, Any]) -> None:
        """The person of ``seat`` taps a move on their page (``data``: their seat's)."""
        page = self.pages[seat]
        assert page.get_by_text("Your turn.").count() == 1
        self.kit.click_and_wait(page, _button(page, data, _move(data["legal"])))
        self.kit.assert_no_exception(page)

    def out_of_turn(self, data: dict[str, Any]) -> None:
        """The next seat's person sends a card of their own at the current version: refused."""
        seat = data["to_act"]
        other = (seat + 1) % 4
        card = min(str(c) for c in service.load_table(self.code, path=self.db).game.hand.hands[other])
        before = self.stored()
        turn = rf"it is {seat_name(4, seat)} \({PEOPLE[seat]}\)'s turn, not yours"
        with pytest.raises(NotYourTurn, match=turn):
            service.play(self.code, self.keys[other], data["version"], f"play {card}", path=self.db)
        assert self.stored() == before

    def rejoin(self, server_b: str) -> None:
        """Cat reloads her page; Dan closes his tab and opens the link again in the same browser."""
        cat, dan = self.pages[2], self.pages[3]
        cat.reload()
        context = dan.context
        dan.close()
        dan = context.new_page()  # the same browser: its cookie holds Dan's key
        dan.set_default_timeout(ACTION_TIMEOUT_MS)  # as bench.browser.new_page sets up a page
        dan.app_url = server_b
        dan.run_watch = RunWatch()
        dan.run_watch.attach(dan)
        dan.clock.install()
        self.pages[3] = dan
        self.kit.goto(dan, f"/tables?table={self.code}")
        self.kit.wait_idle(cat)
        for seat in (2, 3):
            page = self.pages[seat]
            page.get_by_text(f"you are {seat_name(4, seat)} ({PEOPLE[seat]})").wait_for(timeout=LIVE_MS)
            assert page.get_by_label("Your name").count() == 0
            assert _key(page, self.code) == self.keys[seat]

    def stale_tap(self, seat: int, mine: dict[str, Any]) -> bool:
        """The page of ``seat`` held still at its turn while its person plays from elsewhere (a
        protocol client with their key); then a tap of another move on that page: refused. False
        when the page drew the table's new version before the tap (a read of the table that was
        already on its way when the page was held came back): nothing was tapped, and a later turn
        tries again."""
        stale = self.pages[seat]
        hold_still(stale)
        while page_busy(stale):  # a read of the table already on its way ends before the table moves
            stale.wait_for_timeout(20)
        _drawn_at(stale, mine["version"])
        service.play(self.code, self.keys[seat], mine["version"], _move(mine["legal"]), path=self.db)
        moved = self.stored()
        assert moved[0] == mine["version"] + 1
        try:
            _button(stale, mine, _move(mine["legal"], other=True)).click(timeout=STALE_TAP_MS)
        except PlaywrightTimeout:
            held = stale.locator(f'[data-testid="people-table"][data-version="{mine["version"]}"]')
            if held.count():
                raise  # the page still shows the version it was held at: the tap itself failed
            stale.clock.resume()
            return False
        stale.clock.resume()
        stale.get_by_text("That move was not played").wait_for(timeout=LIVE_MS)
        assert "out of date" in _contents(stale)
        assert self.stored() == moved
        with pytest.raises(StalePage):  # the same tap as a protocol client sends it
            service.play(
                self.code, self.keys[seat], mine["version"], _move(mine["legal"], other=True), path=self.db
            )
        assert self.stored() == moved
        return True

    def first_hand(self, server_b: str) -> None:
        """The first hand through the browsers, with the rejoins and the refused taps mid-hand."""
        rejoined = stale_refused = out_of_turn_refused = False
        for _ in range(40):
            data = self.follow()
            if data["between_hands"]:
                break
            seat = data["to_act"]
            mine = self.data(seat)
            hand = service.load_table(self.code, path=self.db).game.hand
            if not out_of_turn_refused:
                self.out_of_turn(data)
                out_of_turn_refused = True
            if not rejoined and len(hand.tricks) == 1 and hand.trick:  # mid-trick
                self.rejoin(server_b)
                rejoined = True
            elif rejoined and not stale_refused and len(mine["legal"]) > 1:
                stale_refused = self.stale_tap(seat, mine)
            else:
                self.tap(seat, mine)
        else:
            pytest.fail("the first hand was not over in 40 moves")
        assert rejoined and stale_refused and out_of_turn_refused
        for page in self.pages.values():
            assert "The hand is over." in page.inner_text("body")
            assert not page.evaluate(NO_REVIEW)  # the coach's review, which the next deal takes away
            self.kit.assert_no_exception(page)
        reach = self.kit.sideways(self.pages[1])  # the phone
        assert reach["scroll"] <= reach["width"] + 1, f"the phone's page scrolls sideways: {reach}"

    def rest_of_game(self) -> None:
        """The rest of the game through the service as the same people; the pages follow each deal."""
        for _ in range(600):
            data = self.data()
            if data["game_over"]:
                return
            if data["between_hands"]:
                dealer = data["version"] % 4  # anyone deals the next hand
                service.play(self.code, self.keys[dealer], data["version"], NEXT_HAND, path=self.db)
                self.follow()  # a new deal: each page shows its own new hand and no other
                continue
            mine = self.data(data["to_act"])
            service.play(
                self.code, self.keys[data["to_act"]], data["version"], _move(mine["legal"]), path=self.db
            )
        pytest.fail("the game was not over in 600 moves")

    def game_over(self, game: GameState) -> None:
        """Every page shows the game over, its winner and its score."""
        final = self.data()["version"]
        for seat, page in self.pages.items():
            _drawn_at(page, final)
            self.kit.wait_idle(page)  # the whole page drawn at that version, not only its table
            text = page.inner_text("body")
            ours, theirs = game.scores[seat % 2], game.scores[1 - seat % 2]
            won = "your side won." if game.match_winner == seat % 2 else "the other side won."
            assert f"The game is over: {won}" in text
            assert re.search(
                rf"your side \([A-Za-z ]+\) {ours} points?, the other side \([A-Za-z ]+\) {theirs} points?",
                text,
            ), text
            self.kit.assert_no_exception(page)


def test_four_people_on_two_servers_play_a_whole_game(
    postgres_db: str,
    start_server: Any,
    kit: Any,
    hidden_from: Callable[[HandState, int | None], set[Card]],
    cards_named: Callable[..., list[str]],
) -> None:
    db = postgres_db
    people = People(
        service.open_table(RULES, [None] * 4, seed=SEED, path=db).code, db, kit, hidden_from, cards_named
    )
    code = people.code
    with ExitStack() as stack:
        started = time.monotonic()
        server_a = stack.enter_context(start_server(db, "tables-server-a"))
        server_b = stack.enter_context(start_server(db, "tables-server-b"))
        assert server_a != server_b
        kit.record_timing("tables.two_servers.start_servers", time.monotonic() - started)
        started = time.monotonic()
        sizes = [(server_a, 1280, 900), (server_a, 390, 844), (server_b, 1280, 900), (server_b, 1280, 900)]
        for seat, size in enumerate(sizes):
            page = people.pages[seat] = stack.enter_context(kit.open_page(*size))
            page.clock.install()  # ticking as ever until the stale page is held still
            people.keys[seat] = _join(page, kit, code, PEOPLE[seat])
            assert people.data(seat)["you"] == seat
        kit.record_timing("tables.two_servers.join", time.monotonic() - started)

        started = time.monotonic()
        people.first_hand(server_b)
        kit.record_timing("tables.two_servers.first_hand", time.monotonic() - started)
        kit.screenshot(people.pages[1], "tables-two-servers-phone-first-hand")

        started = time.monotonic()
        people.rest_of_game()
        kit.record_timing("tables.two_servers.rest_of_game", time.monotonic() - started)
        game = _replayed(code, db)
        assert game.is_over and game.match_winner is not None and max(game.scores) >= RULES.target
        assert game.scores == service.load_table(code, path=db).game.scores
        people.game_over(game)
        kit.screenshot(people.pages[1], "tables-two-servers-phone-game-over")
        kit.screenshot(people.pages[2], "tables-two-servers-laptop-game-over")
