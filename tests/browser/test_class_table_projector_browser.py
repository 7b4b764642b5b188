"""One table of the class on the projector (issue 54, item 5), in Chromium at 1920x1080 against the
session's server (``own_class``: its database is read here too): the teacher deals a deal chosen
by hand at a class's table, and the projector's page shows that table large, fitting the screen
(and a 1280x720 one): four seats with their cards face down, the upcard, the score and whose turn.
Ann (South) plays through the service as her phone would; the projector follows each move by
itself, the cards of the trick in front of the seats that played them, and never shows a card
hidden from the room (worked out from the stored table after every move) until the teacher turns
on "Show every hand on the projector".

The chosen deal (standard rules, West deals, the 10♠ turned up)::

    South  J♥ J♦ A♥ K♥ Q♥      West  9♣ 10♣ J♣ Q♣ K♣
    North  9♦ 10♦ Q♦ K♦ A♦     East  9♠ J♠ Q♠ K♠ A♠
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.core.cards import Card
from engine.core.hand import HandState
from engine.core.rules import Rules
from multiplayer import service

pytestmark = pytest.mark.browser

LIVE_MS = 20_000  # the projector reads the table each second; allow for a loaded machine
CHOSEN = "standard/1/JH-JD-AH-KH-QH,9C-TC-JC-QC-KC,9D-TD-QD-KD-AD,9S-JS-QS-KS-AS/TS"
KEY = "south-key-0123456789"
FELT = '[data-testid="projected-table"]'


def _main(page: Any) -> str:
    return str(page.locator('[data-testid="stMain"]').inner_html())


def _fits(page: Any) -> None:
    """The felt is whole on the screen: nothing below the bottom or past the right edge."""
    size = page.viewport_size
    box = page.locator(FELT).bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (box, size)
    assert box["x"] + box["width"] <= size["width"], (box, size)
    assert not [
        w for w in page.locator(f"{FELT} img").all() if (w.bounding_box() or {"y": 1e9})["y"] > size["height"]
    ]


def test_one_table_on_the_projector_follows_the_play_and_hides_the_hands(
    own_class: tuple[str, Path, str, str],
    kit: Any,
    hidden_from: Callable[[HandState, int | None], set[Card]],
    cards_named: Callable[..., list[str]],
) -> None:
    url, db, code, secret = own_class
    (table,) = service.open_class_tables(code, secret, 1, Rules(), pupils=1, level="club", path=db)
    service.join(table, "Ann", KEY, path=db)
    service.set_deal(table, secret, service.load_table(table, path=db).version, CHOSEN, path=db)
    with kit.open_page(url, 1920, 1080) as projector:
        kit.goto(projector, f"/class?class={code}&teacher={secret}&project={table}&present=1")
        projector.locator(FELT).wait_for(timeout=LIVE_MS)
        kit.assert_no_exception(projector)
        assert projector.locator(f"{FELT} .ec-seat").count() == 4
        assert projector.locator(f'{FELT} img[data-card="back"]').count() == 20
        _fits(projector)
        kit.screenshot(projector, "class-table-projector-1920")

        service.set_paused(table, secret, False, path=db)  # a chosen deal left the table paused
        moves = 0
        while True:
            page = service.read(table, KEY, path=db)  # Ann's phone: the computers before her play
            kept = service.load_table(table, path=db)
            projector.locator(f'{FELT}[data-version="{kept.version}"]').wait_for(timeout=LIVE_MS)
            kit.wait_idle(projector)
            hand = kept.game.hand
            assert cards_named(_main(projector), hidden_from(hand, None)) == [], "a hidden card is shown"
            for seat, card in hand.trick:  # the trick in play, each card before its seat
                shown = projector.locator(f'{FELT} [data-trick-seat="{seat}"] img[data-card="{card}"]')
                assert shown.count() == 1
            assert projector.locator(f"{FELT} .ec-to-act").count() == (hand.to_act is not None)
            if len(hand.tricks) >= 1 and hand.trick:
                break
            assert page["legal"], "the table waits for Ann alone"
            service.play(table, KEY, page["version"], page["legal"][0], path=db)
            moves += 1
            assert moves < 20, "a trick and a card of the next were not played in 20 moves"

        kit.click_and_wait(projector, projector.get_by_text("Show every hand on the projector"))
        projector.locator(f'{FELT}[data-every="1"]').wait_for(timeout=LIVE_MS)
        hand = service.load_table(table, path=db).game.hand
        assert sorted(cards_named(_main(projector), hidden_from(hand, None))) == sorted(
            c.short for h in hand.hands for c in h
        )  # every hand; the kitty and the dealer's discard still not
        _fits(projector)
        kit.screenshot(projector, "class-table-projector-every-hand-1920")
        projector.set_viewport_size({"width": 1280, "height": 720})
        kit.wait_idle(projector)
        _fits(projector)
        kit.screenshot(projector, "class-table-projector-1280")
