"""store.classes: a class as a teacher and pupils use it, on SQLite and on PostgreSQL (``any_db``; times
passed in, so expiry is exact)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from store import class_answers
from store import classes as c


@pytest.fixture
def db(any_db: Path) -> Path:
    return any_db


@pytest.fixture
def sqlite_db(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "coach.sqlite3"
    yield path
    c.forget_connections()


def test_a_lesson_from_start_to_end(db: Path) -> None:
    code, secret = c.start_class(now=1000.0, path=db)
    assert len(code) == 6 and set(code) <= set(c.CODE_LETTERS)
    ada = c.join(code, "  Ada  ", now=1001.0, path=db)
    ben = c.join(code.lower(), "Ben", now=1002.0, path=db)  # a code typed in lower case still joins
    assert [p.name for p in c.pupils(code, path=db)] == ["Ada", "Ben"]
    assert c.pupil(code, ada, path=db).name == "Ada"

    number = c.ask(code, secret, '{"q": 1}', now=1010.0, path=db)
    assert number == 1
    c.answer(code, ada, 1, "JD", now=1011.0, path=db)
    c.answer(code, ben, 1, "JH", now=1012.0, path=db)
    c.answer(code, ben, 1, "JD", now=1013.0, path=db)  # changed before the reveal: one answer, the last
    assert c.answer_count(code, 1, path=db) == 2
    assert c.my_answer(code, ben, 1, path=db) == "JD"
    assert c.answers(code, 1, path=db) == ()  # nobody but the teacher reads answers before the reveal
    assert [(a.name, a.answer) for a in c.answers(code, 1, secret=secret, now=1014.0, path=db)] == [
        ("Ada", "JD"),
        ("Ben", "JD"),
    ]

    c.reveal(code, secret, now=1020.0, path=db)
    assert [a.answer for a in c.answers(code, 1, path=db)] == ["JD", "JD"]
    with pytest.raises(c.AnswerClosed):
        c.answer(code, ada, 1, "JH", now=1021.0, path=db)
    assert c.ask(code, secret, '{"q": 2}', now=1030.0, path=db) == 2
    with pytest.raises(c.AnswerClosed):  # the old question stays closed
        c.answer(code, ada, 1, "JH", now=1031.0, path=db)
    info = c.load(code, now=1032.0, path=db)
    assert (info.current, info.revealed, info.last_question) == (2, False, 1030.0)

    c.end(code, secret, now=1035.0, path=db)
    assert c.load(code, now=1040.0, path=db).ended
    with pytest.raises(c.NoSuchClass, match="ended"):
        c.join(code, "Cy", now=1041.0, path=db)


def test_only_the_teachers_secret_drives_the_class(db: Path) -> None:
    code, secret = c.start_class(now=0.0, path=db)
    token = c.join(code, "Ada", now=1.0, path=db)
    for wrong in (token, "", secret[:-1]):
        with pytest.raises(c.NotTeacher):
            c.ask(code, wrong, "{}", now=2.0, path=db)
        with pytest.raises(c.NotTeacher):
            c.reveal(code, wrong, now=2.0, path=db)
        with pytest.raises(c.NotTeacher):
            c.end(code, wrong, now=2.0, path=db)
        with pytest.raises(c.NotTeacher):
            c.answers(code, 1, secret=wrong, now=2.0, path=db)
    assert c.load(code, now=3.0, path=db).current == 0
    with pytest.raises(c.NotInClass):
        c.answer(code, secret, 1, "JD", now=3.0, path=db)  # the teacher's secret is not a pupil's token


def test_the_secret_is_kept_only_as_a_hash(sqlite_db: Path) -> None:
    db = sqlite_db
    code, secret = c.start_class(now=0.0, path=db)
    token = c.join(code, "Ada", now=1.0, path=db)
    c.forget_connections()
    raw = db.read_bytes()
    assert secret.encode() not in raw and token.encode() not in raw


def test_names_are_trimmed_limited_and_unique(db: Path) -> None:
    code, _ = c.start_class(now=0.0, path=db)
    with pytest.raises(c.BadName, match="type your first name"):
        c.join(code, "   ", now=1.0, path=db)
    with pytest.raises(c.BadName, match="at most 20"):
        c.join(code, "x" * 21, now=1.0, path=db)
    c.join(code, "x" * 20, now=1.0, path=db)
    c.join(code, "Ada\nLovelace", now=1.0, path=db)  # a line break becomes a space
    with pytest.raises(c.BadName, match="already called Ada Lovelace"):
        c.join(code, "Ada  Lovelace", now=2.0, path=db)
    assert [p.name for p in c.pupils(code, path=db)] == ["x" * 20, "Ada Lovelace"]


def test_a_full_class_and_a_bad_code_say_so(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(class_answers, "MAX_PUPILS", 3)  # the limit the join checks
    code, _ = c.start_class(now=0.0, path=db)
    for name in ("A", "B", "C"):
        c.join(code, name, now=1.0, path=db)
    with pytest.raises(c.ClassFull, match="full"):
        c.join(code, "D", now=1.0, path=db)
    with pytest.raises(c.NoSuchClass, match="6 letters"):
        c.load("AB", path=db)
    other = "A" * 6 if code != "A" * 6 else "B" * 6
    with pytest.raises(c.NoSuchClass, match="no class with the code"):
        c.load(other, path=db)


def test_a_class_expires_twelve_hours_after_its_last_question(db: Path) -> None:
    code, secret = c.start_class(now=0.0, path=db)
    c.ask(code, secret, "{}", now=3600.0, path=db)
    assert c.load(code, now=3600.0 + 12 * 3600.0, path=db).current == 1  # exactly 12 h: still open
    with pytest.raises(c.NoSuchClass, match="expired"):
        c.load(code, now=3600.0 + 12 * 3600.0 + 1, path=db)


def test_poll_moves_its_stage_only_when_the_phones_must_change(db: Path) -> None:
    code, secret = c.start_class(now=0.0, path=db)
    v0, s0 = c.poll(code, path=db)
    token = c.join(code, "Ada", now=1.0, path=db)
    v1, s1 = c.poll(code, path=db)
    assert (v1, s1) == (v0 + 1, s0)  # a join: the teacher's count changes, no phone does
    c.ask(code, secret, "{}", now=2.0, path=db)
    c.answer(code, token, 1, "JD", now=3.0, path=db)
    v3, s3 = c.poll(code, path=db)
    assert (v3, s3) == (v1 + 2, s0 + 1)
    c.reveal(code, secret, now=4.0, path=db)
    assert c.poll(code, path=db) == (v3 + 1, s3 + 1)
    assert c.poll("ZZZZZZ", path=db) == (-1, -1)


def test_two_processes_share_one_class(db: Path) -> None:
    """A second server process is a second connection to the file: what one writes the other reads."""
    code, secret = c.start_class(now=0.0, path=db)
    c.forget_connections()  # as if the server restarted
    token = c.join(code, "Ada", now=1.0, path=db)
    c.ask(code, secret, '{"x": 1}', now=2.0, path=db)
    c.forget_connections()
    c.answer(code, token, 1, "JD", now=3.0, path=db)
    assert c.question(code, 1, path=db).body == '{"x": 1}'
    assert c.my_answer(code, token, 1, path=db) == "JD"
