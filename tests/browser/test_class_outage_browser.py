"""An outage, as the projector and a phone show it (issue 50, item 3), in Chromium against a
Streamlit server of the test's own on a PostgreSQL server of the test's own
(``bench.postgres.running_server``), stopped for ``OUTAGE_S`` seconds during a question.

- The projector's "1 of 2 answered" stays on the page all through the outage, from the records'
  server stopping to its start (a watcher in the page looks every tenth of a second: never
  missing; the redraw once the records are back is not the outage), under a line saying it is
  reconnecting, which goes once the records are back; the count then moves on.
- Ben's phone says it is reconnecting; his tap says "Not sent yet: J♦", and still says so
  seconds later (the phone's live part has run again meanwhile, twice); once the records are back
  his phone says "Answer saved: J♦" by itself and the database holds his answer, once.
- The app's server stops: within a few seconds the phone shows a "Reconnecting…" banner instead
  of greying out in silence.
"""

from __future__ import annotations

import time
from contextlib import ExitStack
from typing import Any

import pytest

from bench.postgres import running_server, schema_url
from classroom.questions import ClassQuestion
from store import classes
from ui.class_reach import BANNER_AFTER_S

pytestmark = pytest.mark.browser

LIVE_MS = 15_000
OUTAGE_S = 10.0
# Samples the page every 100 ms: the time of each sample (performance.now()) and of each at which
# the projector's count was not on the page.
MISSING = """() => {
  window.__ecSampled = [];
  window.__ecMissed = [];
  window.setInterval(() => {
    const now = performance.now();
    window.__ecSampled.push(now);
    if (!document.querySelector('[data-testid="cl-count"]')) window.__ecMissed.push(now);
  }, 100);
}"""
# The samples, and those that missed the count, between two times of the page's clock.
BETWEEN = """([from, to]) => [
  window.__ecSampled.filter((t) => t >= from && t <= to).length,
  window.__ecMissed.filter((t) => t >= from && t <= to),
]"""
NOW = "() => performance.now()"


def test_an_outage_is_said_and_a_tap_in_it_is_kept_until_it_is_sent(
    start_server: Any, kit: Any, bower: ClassQuestion
) -> None:
    with ExitStack() as stack:
        server = stack.enter_context(running_server())
        db = schema_url(server.url, "outage")
        stack.callback(classes.forget_connections)
        code, secret = classes.start_class(path=db)
        ada, ben = classes.join(code, "Ada", path=db), classes.join(code, "Ben", path=db)
        classes.ask(code, secret, bower.to_json(), path=db)
        classes.answer(code, ada, 1, "JD", path=db)
        classes.forget_connections()  # this process's connections: the outage is the server's

        app = stack.enter_context(ExitStack())  # closed at the end: the app's server stops
        url = app.enter_context(start_server(db, "class-outage"))
        projector = stack.enter_context(kit.open_page(url, 1920, 1080))
        kit.goto(projector, f"/class?class={code}&teacher={secret}&present=1")
        count = projector.locator('[data-testid="cl-count"]')
        count.filter(has_text="1 of 2 answered").wait_for(timeout=LIVE_MS)
        phone = stack.enter_context(kit.open_page(url, 390, 844))
        phone.context.add_cookies([{"name": f"ec_pupil_{code}", "value": ben, "url": url}])  # Ben's phone
        kit.goto(phone, f"/class?class={code}")
        phone.locator('[data-testid="cl-question"][data-number="1"]').wait_for(
            state="attached", timeout=LIVE_MS
        )
        projector.evaluate(MISSING)

        server.stop()
        began = time.monotonic()
        outage_began = projector.evaluate(NOW)
        projector.get_by_text("Reconnecting: the class's records are out of reach").wait_for(timeout=LIVE_MS)
        assert count.filter(has_text="1 of 2 answered").count() == 1  # the last count, still drawn
        phone.get_by_text("Reconnecting: the class's records are out of reach").wait_for(timeout=LIVE_MS)
        kit.click_and_wait(
            phone, phone.locator(".st-key-cl_q1-JD").get_by_role("button", name="J♦", exact=True)
        )
        unsent = phone.get_by_text("Not sent yet: J♦.")
        unsent.wait_for(timeout=LIVE_MS)
        phone.run_watch.wait_beyond(phone, phone.run_watch.finished + 1)  # two more runs of its live part
        assert unsent.count() == 1 and phone.get_by_text("Answer saved").count() == 0  # it stays
        time.sleep(max(0.0, OUTAGE_S - (time.monotonic() - began)))  # the outage's length (the scenario)
        outage_ended = projector.evaluate(NOW)
        server.start()

        phone.get_by_text("Answer saved: J♦.").wait_for(timeout=LIVE_MS)
        assert unsent.count() == 0
        count.filter(has_text="2 of 2 answered").wait_for(timeout=LIVE_MS)
        projector.get_by_text("Reconnecting").wait_for(state="detached", timeout=LIVE_MS)
        samples, missed = projector.evaluate(BETWEEN, [outage_began, outage_ended])
        assert samples >= OUTAGE_S * 5 and missed == [], (missed, samples)  # never gone in the outage
        kit.assert_no_exception(projector)
        kit.assert_no_exception(phone)
        given = classes.answers(code, 1, secret=secret, path=db)
        assert sorted((a.name, a.answer) for a in given) == [("Ada", "JD"), ("Ben", "JD")]

        app.close()  # the app's server stops
        banner = phone.locator('[data-testid="cl-reconnecting"]')
        banner.wait_for(timeout=int((BANNER_AFTER_S + 10) * 1000))
        assert "Reconnecting" in banner.inner_text()
