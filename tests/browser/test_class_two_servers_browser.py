"""The class lives in the database, so it works across several server processes (docs/deploy.md:
a class's server may be several processes behind a proxy, each session on any of them).

Two Streamlit servers share one database: a SQLite file (server A is then the session's server,
on its database), then a fresh PostgreSQL database (the servers could as well be on two
machines). The teacher starts a class on server A (the projector, 1920x1080,
``/class?present=1``); two pupils open the join link's query on server B and join with their
first names; A's projector counts them. The teacher asks "find the left bower"
(the first kind in the picker): the question appears on B's phones by itself, without a reload.
Ada taps the left bower, Ben the right bower; A's count reaches "2 of 2 answered"; at the reveal
on A, B's phones say right and wrong by themselves.

Then B stops and B' starts on the same database (a restart, or another process of the pool): each
phone opening the join link on B' is still its pupil (its browser's cookie holds the token; the
address never does), with the question and the pupil's marked answer; and the teacher's "End the class" on A reaches the phones on B'.

The bowers are worked out (the conftest's bowers table) from the trump in the question's words, not read from the app.
Screenshots: test-artifacts/class/two-servers-projector-reveal.png and two-servers-phone-after-restart.png.
"""

from __future__ import annotations

import re
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from bench.browser import ARTIFACTS
from engine.core.cards import parse_card

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # a minute or more: the run starts it early

LIVE_MS = 15_000  # a live part polls each second; allow for a loaded machine
# Set on a phone's page once it has joined: a page that reloads (or navigates) loses it, so finding
# it later proves the question and the reveal came to the page by themselves.
MARK = "window.__ecSamePage"


def _card_button(page: Any, number: int, card: str) -> Any:
    """The card's button (its role and name: the key's element also holds a hidden tooltip button)."""
    return page.locator(f".st-key-cl_q{number}-{card}").get_by_role(
        "button", name=parse_card(card).short, exact=True
    )


def _short(card: str) -> str:
    return parse_card(card).short


@pytest.mark.parametrize("store", ["sqlite", "postgres"])
def test_a_class_on_two_servers_sharing_one_database(
    store: str,
    request: pytest.FixtureRequest,
    start_server: Any,
    kit: Any,
    ask_the_bower: Any,
    start_class: Any,
) -> None:
    ARTIFACTS.joinpath("class").mkdir(parents=True, exist_ok=True)
    with ExitStack() as outer:
        db: Path | str
        if store == "sqlite":  # A is the session's server (the conftest's ``served``), on its database
            server_a, db = request.getfixturevalue("served")
        else:
            db = request.getfixturevalue("postgres_db")
            server_a = outer.enter_context(start_server(db, "class-server-a"))
        server_b_stack = outer.enter_context(ExitStack())  # closed halfway: server B stops
        server_b = server_b_stack.enter_context(start_server(db, "class-server-b"))
        assert server_a != server_b

        teacher = outer.enter_context(kit.open_page(server_a, 1920, 1080))
        code = start_class(teacher, present=True)
        assert kit.url_query(teacher)["present"] == "1"
        # the join link the projector shows is server A's address; its query opens the class anywhere
        shown = re.search(r"Open (\S+) on a phone", teacher.locator('[data-testid="stMain"]').inner_text())
        assert shown is not None
        link = urlparse(shown[1])  # the text as a teacher would copy it: no invisible joiner inside
        assert f"{link.scheme}://{link.netloc}" == server_a and link.path == "/class"
        assert parse_qs(link.query) == {"class": [code]}
        href = teacher.locator('[data-testid="cl-join-link"] a').get_attribute("href")
        assert href == shown[1]  # and a live link to the same address

        ada = outer.enter_context(kit.open_page(server_b, 390, 844))
        ben = outer.enter_context(kit.open_page(server_b, 390, 844))
        pupils = {"Ada": ada, "Ben": ben}
        kit.goto_all(list(pupils.values()), [f"{link.path}?{link.query}"] * len(pupils))
        for name, page in pupils.items():
            kit.assert_no_exception(page)
            page.get_by_label("Your first name").fill(name)
            kit.click_and_wait(page, page.get_by_role("button", name="Join"))
            page.get_by_text(f"Hello {name}!").wait_for(timeout=LIVE_MS)
            assert "pupil" not in kit.url_query(page)
            page.evaluate(f"{MARK} = true")
        teacher.locator('[data-testid="cl-joined"]', has_text="2 joined").wait_for(timeout=LIVE_MS)
        teacher.get_by_text("Ada, Ben").wait_for()

        # The question, asked on A, reaches the phones on B by itself.
        asked = time.monotonic()
        left, right = ask_the_bower(teacher)
        for page in pupils.values():
            _card_button(page, 1, left).wait_for(timeout=LIVE_MS)
            page.locator('[data-testid="cl-question"][data-number="1"]').wait_for(state="attached")
        kit.record_timing("class.two_servers.question_to_both_phones", time.monotonic() - asked)
        for page in pupils.values():
            kit.wait_idle(page)
            assert page.evaluate(MARK) is True, "the phone reloaded to show the question"

        kit.click_and_wait(ada, _card_button(ada, 1, left))
        kit.click_and_wait(ben, _card_button(ben, 1, right))
        ada.get_by_text(f"Answer saved: {_short(left)}. You can change it").wait_for()
        ben.get_by_text(f"Answer saved: {_short(right)}. You can change it").wait_for()
        tapped = time.monotonic()
        teacher.locator('[data-testid="cl-count"]', has_text="2 of 2 answered").wait_for(timeout=LIVE_MS)
        kit.record_timing("class.two_servers.taps_to_count", time.monotonic() - tapped)

        # The reveal, on A, reaches the phones on B by itself.
        kit.click_and_wait(teacher, teacher.get_by_role("button", name="Reveal"))
        bars = teacher.locator('[data-testid="cl-bar"]')
        counts = {
            b.get_attribute("data-answer"): (b.get_attribute("data-count"), b.get_attribute("data-right"))
            for b in bars.all()
        }
        assert counts[left] == ("1", "true") and counts[right] == ("1", "false")
        kit.assert_no_exception(teacher)
        kit.screenshot(
            teacher, "class/two-servers-projector-reveal" + ("" if store == "sqlite" else "-postgres")
        )
        ada.get_by_text(f"Right! You said {_short(left)}.").wait_for(timeout=LIVE_MS)
        ben.get_by_text(f"Not this time: you said {_short(right)}").wait_for(timeout=LIVE_MS)
        for page in pupils.values():
            assert page.evaluate(MARK) is True, "the phone reloaded to show the reveal"
            kit.assert_no_exception(page)
        links = {name: kit.url_query(page) for name, page in pupils.items()}
        assert all(q == {"class": code} for q in links.values())

        # B stops; B' starts on the same database. Each phone opens its own link again there.
        server_b_stack.close()
        restarted = time.monotonic()
        server_b2 = outer.enter_context(start_server(db, "class-server-b2"))
        kit.record_timing("class.two_servers.restart_b", time.monotonic() - restarted)
        for page in pupils.values():
            page.app_url = server_b2  # goto() opens a path on the page's server
        kit.goto_all(list(pupils.values()), [f"/class?class={code}"] * len(pupils))
        for name, page in pupils.items():
            kit.assert_no_exception(page)
            page.get_by_text(f"Class {code} · {name}").wait_for()
            page.locator('[data-testid="cl-question"][data-number="1"]').wait_for(state="attached")
            body = page.inner_text("body")
            assert "Which card is the left bower?" in body
            assert "Join class" not in body and "not a pupil of this class" not in body
            assert "pupil" not in kit.url_query(page)
        ada.get_by_text(f"Right! You said {_short(left)}.").wait_for()
        ben.get_by_text(f"Not this time: you said {_short(right)}").wait_for()
        ada.locator('[data-testid="cl-tally"]').wait_for()
        kit.screenshot(
            ada, "class/two-servers-phone-after-restart" + ("" if store == "sqlite" else "-postgres")
        )

        # The teacher on A ends the class: the phones on B' hear of it by themselves.
        for page in pupils.values():
            page.evaluate(f"{MARK} = true")
        kit.click_and_wait(teacher, teacher.get_by_role("button", name="End the class"))
        kit.click_and_wait(teacher, teacher.get_by_role("button", name="Yes, end it now"))  # it asks first
        teacher.get_by_text(f"Class {code} has ended").wait_for()
        for page in pupils.values():
            page.get_by_text("The class has ended. Thank you for playing!").wait_for(timeout=LIVE_MS)
            assert page.evaluate(MARK) is True
            kit.assert_no_exception(page)
