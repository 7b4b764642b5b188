"""Two people at one table (issue 54, items 1 and 3), in Chromium against the session's server (the
conftest's ``served``: its database is read here too): Ann on a laptop, Bob on a phone (390x844),
two club computers in the other seats. Both join by the table's link; each page shows its own
hand and never a card of another seat (worked out from the stored table after every move); they
play until the first trick is done, each page following the other's moves by itself; a reload
keeps Bob's seat; and a tap from a page drawn before the table moved on (the same person played
in another tab first) is refused with a message and plays nothing.

The stale page is held still by Playwright's clock on that browser (its timers paused, so its
once-a-second read of the table does not redraw it) while the other tab plays; every other wait
follows the page.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bench.browser import hold_still
from engine.core.cards import Card
from engine.core.hand import HandState
from engine.core.rules import Rules
from multiplayer import service

pytestmark = pytest.mark.browser

LIVE_MS = 20_000  # a seated page reads the table each second; allow for a loaded machine
SEED = 20  # the table's deal (any seed: the moves are chosen from what is legal)


def _main(page: Any) -> str:
    return str(page.locator('[data-testid="stMain"]').inner_html())


def _join(page: Any, kit: Any, code: str, name: str) -> str:
    """``name`` opens the table's link and joins; the key their browser keeps (its cookie)."""
    kit.goto(page, f"/tables?table={code}")
    page.get_by_label("Your name").fill(name)
    kit.click_and_wait(page, page.get_by_role("button", name="Join the table"))
    page.get_by_text(f"({name})").first.wait_for(timeout=LIVE_MS)
    page.wait_for_function(f"() => document.cookie.includes('ec_table_{code}=')", timeout=LIVE_MS)
    assert "key" not in kit.url_query(page) and set(kit.url_query(page)) == {"table"}
    cookie = next(c for c in page.context.cookies() if c["name"] == f"ec_table_{code}")
    return str(cookie["value"])


def _choice(page: Any, data: dict[str, Any], other: bool = False) -> Any:
    """The button of a move that gets a hand played: the first card, else order up or call (not
    alone); ``other``: another move (the last card, or a pass)."""
    version = data["version"]
    cards = [m for m in data["legal"] if m.startswith(("play", "discard"))]
    if cards:
        short = Card.parse(cards[-1 if other else 0].split()[1]).short
        row = page.locator(f".st-key-tb_hand_{version}_row")
        return row.get_by_role("button", name=re.compile(rf"^{re.escape(short)}")).first
    for name in () if other else ("Order it up", "Pick it up", "Call"):
        found = page.get_by_role("button", name=re.compile(rf"^{name}(?! .*alone)"))
        if found.count():
            return found.first
    return page.get_by_role("button", name=re.compile(r"^(Pass|Turn it down)$")).first


def _drawn_at(page: Any, version: int) -> None:
    page.locator(f'[data-testid="people-table"][data-version="{version}"]').wait_for(timeout=LIVE_MS)


def test_two_people_play_the_first_trick_each_seeing_only_their_own_hand(
    served: tuple[str, Path],
    kit: Any,
    hidden_from: Callable[[HandState, int | None], set[Card]],
    cards_named: Callable[..., list[str]],
) -> None:
    url, db = served
    code = service.open_table(Rules(), [None, None, "club", "club"], seed=SEED, path=db).code
    with kit.open_page(url) as ann, kit.open_page(url, 390, 844) as bob:
        for page in (ann, bob):
            page.clock.install()  # ticking as ever until a test pauses it (the stale page below)
        keys = {0: _join(ann, kit, code, "Ann"), 1: _join(bob, kit, code, "Bob")}
        pages = {0: ann, 1: bob}
        assert (
            service.read(code, keys[0], path=db)["you"] == 0
            and service.read(code, keys[1], path=db)["you"] == 1
        )

        def step() -> dict[str, Any]:
            """Both pages follow the table to its step; neither shows another seat's card."""
            data = service.read(code, keys[0], path=db)
            for seat, page in pages.items():
                _drawn_at(page, data["version"])
                kit.wait_idle(page)  # the whole page drawn at that version, not only its table
                hand = service.load_table(code, path=db).game.hand
                assert cards_named(_main(page), hidden_from(hand, seat)) == [], (
                    f"seat {seat} sees another hand"
                )
                own = {Card.parse(c) for c in service.read(code, keys[seat], path=db)["hand"]}
                assert own and len(cards_named(_main(page), own)) == len(own), (
                    "a player's own hand is on their page"
                )
            return data

        for _ in range(30):
            data = step()
            hand = service.load_table(code, path=db).game.hand
            if hand.tricks:
                break
            seat = data["to_act"]
            assert seat in pages, "the computers play at once: the table waits only for a person"
            mine = service.read(code, keys[seat], path=db)
            assert pages[seat].get_by_text("Your turn.").count() == 1
            kit.click_and_wait(pages[seat], _choice(pages[seat], mine))
            kit.assert_no_exception(pages[seat])
        else:
            pytest.fail("the first trick was not done in 30 moves")
        for page in (ann, bob):  # the trick is counted on both screens: one trick to one side
            counts = re.search(r"your side (\d) tricks?, the other side (\d) tricks?", _main(page))
            assert counts is not None and int(counts[1]) + int(counts[2]) == 1

        bob.reload()  # a reload keeps the seat: the cookie holds the key
        kit.wait_idle(bob)
        bob.get_by_text("you are West (Bob)").wait_for(timeout=LIVE_MS)
        assert bob.get_by_label("Your name").count() == 0

        for _ in range(30):  # on to a person's turn with more than one move to choose from
            data = step()
            seat = data["to_act"]
            mine = service.read(code, keys[seat], path=db)
            if len(mine["legal"]) > 1:
                break
            kit.click_and_wait(pages[seat], _choice(pages[seat], mine))
        else:
            pytest.fail("no person had a choice of two moves in 30 moves")
        stale = pages[seat]
        hold_still(stale)  # this page holds still
        with kit.open_page(url, 390, 844) as other_tab:
            other_tab.context.add_cookies(stale.context.cookies())  # the same person, another tab
            kit.goto(other_tab, f"/tables?table={code}")
            _drawn_at(other_tab, data["version"])
            kit.click_and_wait(other_tab, _choice(other_tab, service.read(code, keys[seat], path=db)))
        moved = service.read(code, keys[seat], path=db)["version"]
        assert moved > data["version"]
        _choice(stale, mine, other=True).click()  # another move, on the page still at that step
        stale.clock.resume()
        stale.get_by_text("That move was not played").wait_for(timeout=LIVE_MS)
        assert "out of date" in _main(stale)
        assert service.read(code, keys[seat], path=db)["version"] == moved, "the stale tap played nothing"
        _drawn_at(stale, moved)
        kit.assert_no_exception(stale)
        kit.screenshot(bob, "tables-phone")
