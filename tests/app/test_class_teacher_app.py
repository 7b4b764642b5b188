"""The teacher's class page (issue 40, the join address and "Results"), through app.py's router in
AppTest: a join link no phone can open is warned of and the teacher can set the address pupils
use (or the server's EUCHRE_COACH_PUBLIC_URL does); the CSV summary is built when the teacher
clicks, from the database; a folded-away table says which ideas each pupil got wrong."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from streamlit.runtime.media_file_manager import MediaFileManager
from streamlit.testing.v1 import AppTest

from classroom.questions import ClassQuestion
from store import classes
from ui.class_parts import qr_html

LOOPBACK_WARNING = "Phones cannot open this join link"


pytestmark = pytest.mark.usefixtures("class_db")


@pytest.fixture
def teacher_page(class_page: Callable[..., AppTest]) -> Callable[..., AppTest]:
    """``teacher_page(code, secret, url=None)``: the teacher's page as a browser at ``url`` opens it
    (None: no address, as outside a browser)."""
    return lambda code, secret, url=None: class_page({"class": code, "teacher": secret}, url=url)


def join_link(at: AppTest) -> str:
    panel = next(
        str(h.value) for h in at.html if "cl-join-link" in str(h.value) or "cl-join-line" in str(h.value)
    )
    found = re.search(r'href="([^"]+)"', panel)
    assert found is not None, panel
    return found[1]


def warnings(at: AppTest) -> str:
    return "\n".join(str(w.value) for w in at.warning).replace("\\", "").replace("\u2060", "")


def set_address(at: AppTest, typed: str) -> AppTest:
    at.text_input(key="cl_teacher_address_text").input(typed)
    at.button(key="cl_teacher_address_go").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_loopback_join_link_is_warned_and_the_teacher_sets_the_address_pupils_use(
    teacher_page: Callable[..., AppTest],
) -> None:
    code, secret = classes.start_class()
    at = teacher_page(code, secret, f"http://localhost:8501/class?class={code}")
    assert join_link(at) == f"http://localhost:8501/class?class={code}"
    assert LOOPBACK_WARNING in warnings(at) and "localhost is this computer's own address" in warnings(at)
    assert next(e for e in at.expander if e.label == "The address pupils use").proto.expanded

    set_address(at, "ftp://192.168.1.20")  # not an address a phone opens: said, nothing changed
    assert any(
        "starts with http:// or https://" in str(e.value).replace("\\", "").replace("\u2060", "")
        for e in at.error
    )
    assert join_link(at) == f"http://localhost:8501/class?class={code}"

    set_address(at, "192.168.1.20:8501")
    assert join_link(at) == f"http://192.168.1.20:8501/class?class={code}"
    assert LOOPBACK_WARNING not in warnings(at)
    # the one-time teacher link (shown on request) uses it too; the secret itself is never on the page
    at.button(key="cl_teacher_handover_show").click().run()
    shown = next(str(h.value) for h in at.html if 'data-testid="cl-handover-code"' in str(h.value))
    found = re.search(r'data-code="([A-Z2-9]{8})"', shown)
    assert found is not None, shown
    qr = next(str(h.value) for h in at.html if 'data-testid="cl-handover-qr"' in str(h.value))
    assert qr == qr_html(
        f"http://192.168.1.20:8501/class?class={code}&handover={found[1]}",
        240,
        testid="cl-handover-qr",
        alt="QR code of a one-time teacher link",
    )
    assert not any(secret in str(h.value) for h in at.html if "<script>" not in str(h.value))
    # this browser keeps it (a cookie, url-encoded) for the next class
    assert any("ec_join_address=http%3A%2F%2F192.168.1.20%3A8501; path=/;" in h.value for h in at.html)

    set_address(at, "http://127.0.0.1:8501")  # set to another loopback address: still warned
    assert LOOPBACK_WARNING in warnings(at) and "127.0.0.1 is this computer's own address" in warnings(at)


def test_the_servers_public_address_is_used_and_checked(
    monkeypatch: pytest.MonkeyPatch, teacher_page: Callable[..., AppTest]
) -> None:
    code, secret = classes.start_class()
    monkeypatch.setenv("EUCHRE_COACH_PUBLIC_URL", "https://school.example/euchre/")
    at = teacher_page(code, secret, f"http://127.0.0.1:8501/class?class={code}")
    assert join_link(at) == f"https://school.example/euchre/class?class={code}"
    assert LOOPBACK_WARNING not in warnings(at)
    monkeypatch.setenv("EUCHRE_COACH_PUBLIC_URL", "http://[::1]:8501")
    at = teacher_page(code, secret, f"http://192.168.1.20:8501/class?class={code}")
    assert join_link(at) == f"http://[::1]:8501/class?class={code}"
    assert LOOPBACK_WARNING in warnings(at)
    monkeypatch.setenv("EUCHRE_COACH_PUBLIC_URL", "ftp://files")  # not used, and said so
    at = teacher_page(code, secret, f"http://192.168.1.20:8501/class?class={code}")
    assert join_link(at) == f"http://192.168.1.20:8501/class?class={code}"
    assert "EUCHRE_COACH_PUBLIC_URL is not used" in warnings(at)


@pytest.fixture
def deferred(monkeypatch: pytest.MonkeyPatch) -> dict[str, Callable[[], Any]]:
    """The callables download buttons leave to be run at the click, by their file id."""
    found: dict[str, Callable[[], Any]] = {}
    original = MediaFileManager.add_deferred

    def add_deferred(self: MediaFileManager, data: Callable[[], Any], *args: Any, **kwargs: Any) -> str:
        file_id = original(self, data, *args, **kwargs)
        found[file_id] = data
        return file_id

    monkeypatch.setattr(MediaFileManager, "add_deferred", add_deferred)
    return found


def test_the_summary_is_built_at_the_click_and_each_pupils_mistakes_are_shown(
    deferred: dict[str, Callable[[], Any]],
    bower: ClassQuestion,
    points: ClassQuestion,
    teacher_page: Callable[..., AppTest],
) -> None:
    code, secret = classes.start_class()
    tokens = {name: classes.join(code, name) for name in ("Ada", "Ben")}
    classes.ask(code, secret, bower.to_json())
    classes.answer(code, tokens["Ada"], 1, "JD")
    classes.answer(code, tokens["Ben"], 1, "JH")
    classes.reveal(code, secret)
    classes.ask(code, secret, points.to_json())
    at = teacher_page(code, secret)
    button = next(b for b in at.get("download_button") if b.proto.label == "Download the summary (CSV)")
    assert button.proto.deferred_file_id and not button.proto.url  # nothing built at the page run
    build = deferred[button.proto.deferred_file_id]

    # after the page was drawn: Ben answers the open question, and a pupil joins
    classes.answer(code, tokens["Ben"], 2, "defenders 2")
    classes.join(code, "Cy")
    data = build()
    assert isinstance(data, bytes) and data.startswith("\ufeff".encode())
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))
    by = {(r["pupil"], r["question"]): r for r in rows}
    assert (by[("Ben", "2")]["answer"], by[("Ben", "2")]["counted"]) == ("defenders 2", "no")
    assert by[("Ben", "1")]["question text"] == "Hearts are trump. Which card is the left bower?"
    assert (by[("Ben", "1")]["answer"], by[("Ben", "1")]["right answer"]) == ("J♥", "J♦")
    assert {r["pupil"] for r in rows} == {"Ada", "Ben", "Cy"}

    ideas = next(str(h.value) for h in at.html if 'data-testid="cl-ideas"' in str(h.value))
    ben = re.search(r'data-name="Ben">(.*?)</tr>', ideas)
    ada = re.search(r'data-name="Ada">(.*?)</tr>', ideas)
    assert ben is not None and "Find the bower (question 1)" in ben[1] and "0 of 1" in ben[1]
    assert ada is not None and "nothing wrong" in ada[1] and "1 of 1" in ada[1]
