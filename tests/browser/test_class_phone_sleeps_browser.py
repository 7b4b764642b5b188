"""A pupil whose phone sleeps comes back into the class (issue 31, item 4), without a reload.

The phone (390x844) joins. Then it "sleeps": the page is frozen (Chrome's page lifecycle, as a
phone's browser freezes a tab when the screen locks: no timers, no script) and its connection to
the server is cut (Playwright's websocket route closes it, as a phone's network drops). While it
sleeps the teacher asks a question (the store, on the server's database). On waking, the page
must not show the question yet (it could not have heard of it), then it reconnects by itself and
shows it, and a tap on the left bower saves the answer. The left bower is worked out (the conftest's bowers table) from
the trump the question names (the jack of the same colour).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from classroom.questions import exercise_question
from engine.core.cards import parse_card
from store import classes

pytestmark = pytest.mark.browser

LIVE_MS = 30_000


def test_a_phone_that_sleeps_comes_back_with_the_question(
    served: tuple[str, Path], open_page: Any, goto: Any, click_and_wait: Any, wait_idle: Any, bowers: Any
) -> None:
    url, db = served  # the session's server and its database (a class of this test's own)
    code, secret = classes.start_class(path=db)
    sockets: list[Any] = []

    def through(ws: Any) -> None:  # every connection of the page, kept so that the test can cut it
        ws.connect_to_server()
        sockets.append(ws)

    with open_page(url, 390, 844) as phone:
        phone.route_web_socket("**/_stcore/stream", through)
        goto(phone, f"/class?class={code}")
        phone.get_by_label("Your first name").fill("Zoe")
        click_and_wait(phone, phone.get_by_role("button", name="Join"))
        phone.get_by_text("Hello Zoe!").wait_for(timeout=LIVE_MS)
        assert len(sockets) == 1

        lifecycle = phone.context.new_cdp_session(phone)
        lifecycle.send("Page.setWebLifecycleState", {"state": "frozen"})
        sockets[-1].close()
        time.sleep(1.0)
        classes.ask(code, secret, exercise_question("left_bower", 11, {}).to_json(), path=db)
        time.sleep(3.0)  # three of the phone's polls missed
        lifecycle.send("Page.setWebLifecycleState", {"state": "active"})

        assert phone.locator('[data-testid="cl-question"]').count() == 0  # asleep, it heard nothing
        phone.locator('[data-testid="cl-question"][data-number="1"]').wait_for(
            state="attached", timeout=LIVE_MS
        )
        wait_idle(phone)  # the new session's page drawn whole (its caption once), not only the question
        assert len(sockets) == 2  # it came back on a connection of its own
        # a new session: the browser's cookie, never the address, makes it Zoe again
        assert "pupil=" not in phone.url and phone.get_by_text(f"Class {code} · Zoe").count() == 1

        trump = str(json.loads(classes.question(code, 1, path=db).body)["trump"])
        left, _ = bowers(trump)
        button = phone.locator(f".st-key-cl_q1-{left}").get_by_role(
            "button", name=parse_card(left).short, exact=True
        )
        click_and_wait(phone, button)
        phone.get_by_text("You can change it until the reveal").wait_for(timeout=LIVE_MS)
    assert [(a.name, a.answer) for a in classes.answers(code, 1, secret=secret, path=db)] == [("Zoe", left)]
