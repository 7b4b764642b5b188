"""A tap while the class's records are out of reach (issue 50, item 3), on the pages in AppTest with
the store in this process: a PostgreSQL server of the test's own, stopped for ``OUTAGE_S`` seconds
and started again on the same port (``bench.postgres.Server``), and a SQLite file another
program holds locked for as long (the same outage as the pages see it: the store says busy).

Eight pupils on a "find the left bower" question: four answer before the outage; during it two of
them change their answer and the other four answer. Each phone says its answer is not sent yet,
and keeps saying so; after the outage each phone's next run sends it and says "Answer saved". The
database then holds eight answers, one per pupil, each the pupil's last tap: none lost, none
doubled. An answer that could not be sent before the teacher revealed is refused with a message
that stays until the pupil's next tap; one tapped before the timer ran out is counted, though sent
after it.

(AppTest runs the whole page each time, where a phone's browser reruns only its live part: the
page draws the view it kept from its last read while the records are out of reach, as the live
part does. The projector's live count in the outage is tests/browser/test_class_outage_browser.py's.)
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from bench.postgres import running_server, schema_url
from classroom.questions import ClassQuestion
from store import class_pool, classes
from store import db as store_db

OUTAGE_S = 10.0  # how long the records are out of reach (the figure)
SHORT = {"QD": "Q♦", "JD": "J♦", "JH": "J♥", "JS": "J♠"}  # the cards as the phone writes them
NAMES = ("Ada", "Ben", "Cy", "Dot", "Eve", "Fay", "Gus", "Hal")
BEFORE = {"Ada": "JD", "Ben": "JH", "Cy": "JD", "Dot": "QD"}  # saved before the outage
DURING = {"Ada": "JH", "Ben": "JD", "Eve": "JD", "Fay": "JS", "Gus": "JD", "Hal": "JH"}  # tapped in it
NOT_SENT = "Not sent yet"


class Outage:
    """The records out of reach (``down``) and back (``up``), on the test's database."""

    def __init__(self, location: str | Path, down: Callable[[], None], up: Callable[[], None]) -> None:
        self.location, self.down, self.up = location, down, up


@contextmanager
def _postgres() -> Iterator[Outage]:
    with running_server() as server:
        yield Outage(schema_url(server.url, "outage"), server.stop, server.start)


@contextmanager
def _sqlite(path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Outage]:
    # another program holds the file (a backup, a database browser): the store waits its patience, then
    # says busy. Its patience made short, so that eight phones' runs do not wait seconds each.
    for module in (store_db, class_pool):
        monkeypatch.setattr(module, "BUSY_TIMEOUT", 0.05)
    monkeypatch.setattr(store_db, "BUSY_TRIES", 1)
    monkeypatch.setattr(store_db, "READ_TIMEOUT", 0.05)
    holder: list[sqlite3.Connection] = []

    def down() -> None:
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        holder.append(other)

    def up() -> None:
        other = holder.pop()
        other.rollback()
        other.close()

    yield Outage(path, down, up)
    while holder:
        up()


@pytest.fixture(params=["postgres", "sqlite"])
def outage(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Outage]:
    with (
        _postgres()
        if request.param == "postgres"
        else _sqlite(tmp_path / "coach.sqlite3", monkeypatch) as out
    ):
        monkeypatch.setenv("EUCHRE_COACH_DB", str(out.location))
        classes.forget_connections()
        try:
            yield out
        finally:
            classes.forget_connections()


def _ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def _said(at: AppTest) -> str:
    parts = [*at.markdown, *at.caption, *at.info, *at.warning, *at.error, *at.success]
    return "\n".join(str(p.value) for p in parts).replace("\\", "")


def _tap(at: AppTest, card: str) -> AppTest:
    return _ok(at.button(key=f"cl_q1-{card}").click().run())


def _stored(code: str) -> dict[str, str]:
    given = classes.answers(code, 1, secret=_SECRETS[code])
    return {a.name: a.answer for a in given}


_SECRETS: dict[str, str] = {}


def _class(question: ClassQuestion, size: int = len(NAMES)) -> tuple[str, str, dict[str, str]]:
    code, secret = classes.start_class()
    _SECRETS[code] = secret
    tokens = {name: classes.join(code, name) for name in NAMES[:size]}
    classes.ask(code, secret, question.to_json())
    return code, secret, tokens


def test_taps_in_an_outage_are_kept_said_and_sent_when_the_records_are_back(
    outage: Outage,
    bower: ClassQuestion,
    class_page: Callable[..., AppTest],
    pupil_phone: Callable[[str, str], AppTest],
) -> None:
    code, secret, tokens = _class(bower)
    phones = {name: pupil_phone(code, token) for name, token in tokens.items()}
    for name, card in BEFORE.items():
        assert f"Answer saved: {SHORT[card]}." in _said(_tap(phones[name], card))
    projector = class_page({"class": code, "teacher": secret})
    assert "4 of 8 answered" in _said(projector)

    outage.down()
    began = time.monotonic()
    for name, card in DURING.items():
        seen = _said(_tap(phones[name], card))
        assert f"{NOT_SENT}: {SHORT[card]}." in seen and "Reconnecting" in seen, seen
        assert "Answer saved" not in seen
        held = [b.key for b in phones[name].button if (b.key or "").startswith("cl_q1-")]
        assert held  # the question and its cards stay on the phone
    for name in DURING:  # a run later the mark is still there: it stays until the answer is sent
        assert f"{NOT_SENT}: {SHORT[DURING[name]]}." in _said(_ok(phones[name].run()))
    for name in ("Cy", "Dot"):  # saved before: still said saved
        assert f"Answer saved: {SHORT[BEFORE[name]]}." in _said(_ok(phones[name].run()))
    time.sleep(max(0.0, OUTAGE_S - (time.monotonic() - began)))  # the outage's length (the scenario)
    outage.up()

    for name, card in DURING.items():
        seen = _said(_ok(phones[name].run()))  # the phone's next run sends it
        assert f"Answer saved: {SHORT[card]}." in seen and NOT_SENT not in seen, seen
        assert "Reconnecting" not in seen
        assert f"Answer saved: {SHORT[card]}." in _said(_ok(phones[name].run()))  # sent once: still saved
    assert _stored(code) == {**BEFORE, **DURING}  # every pupil's last tap, none lost
    given = classes.answers(code, 1, secret=secret)
    assert len(given) == len(NAMES) and len({a.pupil for a in given}) == len(NAMES)  # none doubled
    assert "8 of 8 answered" in _said(_ok(projector.run()))


def test_an_answer_not_sent_before_the_reveal_is_refused_with_a_message_that_stays(
    outage: Outage, bower: ClassQuestion, pupil_phone: Callable[[str, str], AppTest]
) -> None:
    code, secret, tokens = _class(bower, 2)
    ada, ben = pupil_phone(code, tokens["Ada"]), pupil_phone(code, tokens["Ben"])
    assert "Answer saved: J♦." in _said(_tap(ben, "JD"))
    outage.down()
    assert f"{NOT_SENT}: J♥." in _said(_tap(ada, "JH"))
    outage.up()
    classes.reveal(code, secret)  # the teacher reveals before Ada's phone runs again
    for _ in range(2):  # it stays: not a flash
        seen = _said(_ok(ada.run()))
        assert "Your answer to question 1 (J♥) was not sent" in seen and "does not count" in seen, seen
        assert "You did not answer this one." in seen and NOT_SENT not in seen
    assert _stored(code) == {"Ben": "JD"}
    classes.ask(code, secret, bower.to_json())  # the next question, at once: it is still said there
    assert "Your answer to question 1 (J♥) was not sent" in _said(_ok(ada.run()))
    ada.button(key="cl_q2-JD").click()
    assert "was not sent" not in _said(_ok(ada.run()))  # her next tap: it has had its time


def test_an_answer_tapped_before_the_timer_ran_out_counts_though_sent_after(
    outage: Outage, bower: ClassQuestion, pupil_phone: Callable[[str, str], AppTest]
) -> None:
    code, secret, tokens = _class(bower, 1)
    ada = pupil_phone(code, tokens["Ada"])
    classes.set_timer(code, secret, 20, now=time.time() - 17)  # the question closes in 3 s
    closes = classes.load(code).closes
    assert closes is not None
    outage.down()
    assert f"{NOT_SENT}: J♦." in _said(_tap(ada, "JD"))
    time.sleep(max(0.0, closes + 0.3 - time.time()))  # the timer runs out during the outage (the scenario)
    outage.up()
    seen = _said(_ok(ada.run()))
    assert "Right! You said J♦." in seen, seen  # sent as made at the tap, then revealed by the timer
    assert _stored(code) == {"Ada": "JD"} and classes.load(code).revealed
