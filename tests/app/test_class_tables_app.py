"""The class page's Tables section in AppTest: the teacher's tables at a glance and a teaching table
with every hand and its pause (on SQLite and PostgreSQL)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from classroom import service as classes
from engine.core.cards import Card
from engine.core.rules import Rules
from multiplayer import service
from store import classes as class_store


@pytest.fixture(autouse=True)
def db(any_db: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("EUCHRE_COACH_DB", str(any_db))
    yield any_db
    class_store.forget_connections()


def test_the_teacher_sees_the_tables_and_opens_one_as_a_teaching_table(
    class_page: Callable[..., AppTest],
) -> None:
    keys = ("south-key-0123456789",)
    teacher = classes.Teacher.start()
    code, secret = teacher.code, teacher.secret
    tables = service.open_class_tables(code, secret, 2, Rules(), pupils=1, level="beginner")
    service.join(tables[0], "Ann", keys[0])
    at = class_page({"class": code, "teacher": secret})
    said = "\n".join(str(m.value) for m in at.markdown)
    assert all(f"**{t}**" in said for t in tables) and "Ann" in said
    box = next(s for s in at.selectbox if "teaching table" in s.label)
    box.select(tables[0]).run()
    hand = service.read(tables[0], keys[0])["hand"]
    said = "\n".join(str(m.value) for m in at.markdown)
    assert " ".join(Card.parse(c).short for c in hand) in said  # South's hand on the teacher's page
    version = service.load_table(tables[0]).version
    next(b for b in at.button if b.label == "Pause the table").click().run()
    assert service.read(tables[0], keys[0])["paused"]
    assert service.load_table(tables[0]).version == version + 1
    assert secret not in "\n".join(str(h.value) for h in at.markdown)
