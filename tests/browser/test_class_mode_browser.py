"""Class mode end to end (issue 31): a teacher and three pupils, each in their own browser context.

The teacher starts a class and asks "find the left bower" (the first kind in the picker); the
pupils join by the link with a first name and see the question appear by itself. Ada taps the
left bower, Ben the right bower, Cy first the right bower and then changes to the left bower. The
teacher's live count reaches "3 of 3 answered"; Cy reloads and is still in, with the answer kept;
a pupil's link (with the pupil's token put where the teacher's secret goes) cannot reveal. At the
reveal the projector's tally shows 2 for the left bower (right) and 1 for the right bower, and
each phone says right or wrong.

The left bower is worked out (the conftest's bowers table) from the trump in the question's words (the jack of the same
colour), not read from the app. Screenshots: test-artifacts/class/projector-join-1920x1080.png (the join
code and QR code), projector-1920x1080.png (the reveal) and phone-390x844.png.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlparse

import pytest

from bench.browser import ARTIFACTS
from engine.core.cards import parse_card

pytestmark = pytest.mark.browser

LIVE_MS = 15_000  # a live part polls each second; allow for a loaded machine


def _join(page: Any, name: str, click_and_wait: Any) -> None:
    page.get_by_label("Your first name").fill(name)
    click_and_wait(page, page.get_by_role("button", name="Join"))
    page.get_by_text(f"Hello {name}!").wait_for(timeout=LIVE_MS)
    assert "pupil=" not in page.url  # the token stays in the browser, never in the address


def _tap(page: Any, number: int, card: str, click_and_wait: Any) -> None:
    click_and_wait(page, _card_button(page, number, card))


def _card_button(page: Any, number: int, card: str) -> Any:
    """The card's button (its role and name: the key's element also holds a hidden tooltip button)."""
    return page.locator(f".st-key-cl_q{number}-{card}").get_by_role(
        "button", name=parse_card(card).short, exact=True
    )


def test_teacher_and_three_pupils(
    browser: Any, app_url: str, kit: Any, ask_the_bower: Any, start_class: Any
) -> None:
    with kit.open_page(app_url, 1920, 1080) as teacher:
        code = start_class(teacher, present=True)
        assert re.fullmatch(r"[A-Z2-9]{6}", code)
        assert teacher.locator('[data-testid="cl-qr"]').count() == 1
        # the secret is not in the address bar the room reads off the projector, nor on the page:
        # this browser's cookie keeps it, and after a reload this browser is still the teacher's
        teacher.wait_for_function("() => !location.search.includes('teacher=')", timeout=LIVE_MS)
        teacher.wait_for_function(f"() => document.cookie.includes('ec_teacher_{code}=')", timeout=LIVE_MS)
        secret = next(c["value"] for c in teacher.context.cookies() if c["name"] == f"ec_teacher_{code}")
        assert secret not in teacher.inner_text("body")
        kit.goto(teacher, f"/class?class={code}&present=1")
        teacher.get_by_text(f"Join code: {code}").wait_for()
        assert teacher.get_by_role("button", name="Ask this").count() == 1
        ARTIFACTS.joinpath("class").mkdir(exist_ok=True)
        kit.screenshot(teacher, "class/projector-join-1920x1080")

        with (
            kit.open_page(app_url, 390, 844) as ada,
            kit.open_page(app_url, 390, 844) as ben,
            kit.open_page(app_url, 390, 844) as cy,
        ):
            pupils = {"Ada": ada, "Ben": ben, "Cy": cy}
            kit.goto_all(
                list(pupils.values()), [f"/class?class={code}"] * len(pupils)
            )  # the join link, all at once
            for name, page in pupils.items():
                _join(page, name, kit.click_and_wait)
                page.get_by_text(f"Hello {name}!").wait_for()
            teacher.locator('[data-testid="cl-joined"]', has_text="3 joined").wait_for(timeout=LIVE_MS)

            left, right = ask_the_bower(teacher)

            for page in pupils.values():
                _card_button(page, 1, left).wait_for(timeout=LIVE_MS)
                kit.wait_idle(page)
            _tap(ada, 1, left, kit.click_and_wait)
            _tap(ben, 1, right, kit.click_and_wait)
            _tap(cy, 1, right, kit.click_and_wait)
            _tap(cy, 1, left, kit.click_and_wait)
            cy.get_by_text("You can change it until the reveal").wait_for()
            teacher.locator('[data-testid="cl-count"]', has_text="3 of 3 answered").wait_for(timeout=LIVE_MS)

            # A reload (or a phone that slept) comes back into the class, the answer kept.
            kit.goto(cy, f"/class?{urlparse(cy.url).query}")
            cy.get_by_text(f"Answer saved: {parse_card(left).short}. You can change it").wait_for()
            assert "Join class" not in cy.inner_text("body")

            # A pupil's link cannot drive the class: no controls, and its token is not a teacher's secret.
            assert ada.get_by_role("button", name="Reveal").count() == 0
            ada_token = next(c["value"] for c in ada.context.cookies() if c["name"] == f"ec_pupil_{code}")
            kit.goto(ben, f"/class?class={code}&teacher={ada_token}")
            ben.get_by_text("only the teacher's link can ask, reveal or end this class").wait_for()
            assert ben.get_by_role("button", name="Reveal").count() == 0
            assert secret != ada_token

            kit.click_and_wait(teacher, teacher.get_by_role("button", name="Reveal"))
            bars = teacher.locator('[data-testid="cl-bar"]')
            drawn = teacher.locator(f'[data-testid="cl-bar"][data-answer="{left}"]')  # the spread, drawn
            drawn.wait_for(timeout=LIVE_MS)
            counts = {
                b.get_attribute("data-answer"): (
                    int(b.get_attribute("data-count")),
                    b.get_attribute("data-right"),
                )
                for b in bars.all()
            }
            assert counts[left] == (2, "true")
            assert counts[right] == (1, "false")
            assert sum(n for n, _ in counts.values()) == 3
            assert teacher.locator(f'img[data-card="{left}"][data-state="right_answer"]').count() == 1
            kit.assert_no_exception(teacher)
            kit.screenshot(teacher, "class/projector-1920x1080")

            ada.get_by_text("Right! You said").wait_for(timeout=LIVE_MS)
            cy.get_by_text("Right! You said").wait_for(timeout=LIVE_MS)
            with kit.open_page(app_url, 390, 844) as stranger:  # a link with a token, in a browser without it
                kit.goto(stranger, f"/class?class={code}&pupil=nobody")
                stranger.get_by_text("This link is not a pupil of this class in this browser").wait_for()
            ada.locator('[data-testid="cl-tally"]').wait_for()
            kit.assert_no_exception(ada)
            kit.screenshot(ada, "class/phone-390x844")
