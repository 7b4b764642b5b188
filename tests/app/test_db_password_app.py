"""No database password on any page or log line (issue 50, item 1), with a real PostgreSQL.

Each form below is a way people mistype ``EUCHRE_COACH_DB``: the driver quotes what it could not
read (a bad percent-escape, an unclosed ``[::1`` host, a ``/`` or ``@`` left in the password, a
space, a ``#``, a port that is not a number), or the server refuses the user (a wrong password, in
the user info or in ``?password=``), or nothing answers at all. The server is this run's own, with
a user ``coach`` that must give its password (``bench.postgres.password_user``). For every form, the
Practice, Review and Statistics pages, a pupil's class link and the log say what is wrong without any
piece of the password; a pupil's page names neither the host nor the user.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from bench.postgres import password_user
from store import classes

APP = str(Path(__file__).resolve().parents[2] / "app.py")
REAL_PASSWORD = "Right-0ne-Pw"  # coach's password on the server; the forms below mistype another
PIECES = ("Hunter2", "Secr3t", "Right-0ne")  # no piece of a password, anywhere
FORMS = {
    "bad percent-escape": "postgresql://coach:Hunter2%ZZSecr3t@127.0.0.1:{port}/postgres",
    "unclosed [::1 host": "postgresql://coach:Hunter2Secr3t@[::1:{port}/postgres",
    "unencoded /": "postgresql://coach:Hunter2/Secr3t@127.0.0.1:{port}/postgres",
    "unencoded @": "postgresql://coach:Hunter2@Secr3t@127.0.0.1:{port}/postgres",
    "?password= in the query": "postgresql://coach@127.0.0.1:{port}/postgres?password=Hunter2Secr3t",
    "wrong password": "postgresql://coach:Hunter2Secr3t@127.0.0.1:{port}/postgres",
    "a space": "postgresql://coach:Hunter2 Secr3t@127.0.0.1:{port}/postgres",
    "a #": "postgresql://coach:Hunter2#Secr3t@127.0.0.1:{port}/postgres",
    "port not a number": "postgresql://coach:Hunter2Secr3t@127.0.0.1:port{port}/postgres",
    "nothing listening": "postgresql://coach:Hunter2Secr3t@127.0.0.1:1/postgres",
    "right password, ?password= wrong": "postgresql://coach:Right-0ne-Pw@127.0.0.1:{port}/nosuch?password=x",
}


@pytest.fixture(scope="module")
def port(postgres_url: str) -> str:
    password_user(postgres_url, "coach", REAL_PASSWORD)
    found = re.search(r"@127\.0\.0\.1:(\d+)/", postgres_url)
    assert found
    return found.group(1)


@pytest.fixture(params=sorted(FORMS))
def bad_url(request: pytest.FixtureRequest, port: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    url = FORMS[request.param].format(port=port)
    monkeypatch.setenv("EUCHRE_COACH_DB", url)
    yield url
    classes.forget_connections()


def open_page(page: str, **query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page(page)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def leaked(text: str) -> list[str]:
    return [piece for piece in PIECES if piece in text]


@pytest.mark.parametrize(
    "page", ["views/practice/practice.py", "views/review.py", "views/puzzles/puzzles.py"]
)
def test_no_password_on_the_pages_anyone_opens(
    bad_url: str, page: str, caplog: pytest.LogCaptureFixture, page_text: Callable[[AppTest], str]
) -> None:
    caplog.set_level(logging.DEBUG)
    at = open_page(page)
    text = page_text(at)
    assert "EUCHRE_COACH_DB" in text or "records" in text.lower()  # the page says what is wrong
    assert not leaked(text), text
    assert not leaked(caplog.text), caplog.text


def test_a_pupils_link_names_no_password_host_or_user(
    bad_url: str, caplog: pytest.LogCaptureFixture, page_text: Callable[[AppTest], str]
) -> None:
    caplog.set_level(logging.DEBUG)
    at = open_page("views/class_mode/class_mode.py", **{"class": "ABC234"})
    text = page_text(at)
    assert "out of reach" in text, text
    assert not leaked(text) and "127.0.0.1" not in text and "coach" not in text and "::1" not in text, text
    assert not leaked(caplog.text), caplog.text
