"""The class service below the pages (classroom/service.py): a pupil joining from the form and the
teacher renaming one go through the class's name filter and the joins-per-minute limit; the store
underneath takes any name it can show, with no limit unless asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from classroom import service
from classroom.names import BlockedName, NotAName
from classroom.service import Pupil, Room, Teacher
from store import classes as store


def test_the_form_join_filters_the_name_and_the_store_alone_does_not(tmp_path: Path) -> None:
    db = tmp_path / "coach.sqlite3"
    code = Teacher.start(now=1000.0, path=db).code
    with pytest.raises(NotAName, match="it has a digit"):
        Pupil.join(code, "bot123", now=1001.0, path=db)
    assert [p.name for p in Room(code, path=db).pupils()] == []  # nobody joined
    store.join(code, "bot123", now=1001.0, path=db)  # the store keeps any name it can show
    pupil = Pupil.join(code, "  Mary-Jane  O'Neil ", now=1002.0, path=db)
    assert pupil.me().name == "Mary-Jane O'Neil"
    assert [p.name for p in Room(code, path=db).pupils()] == ["bot123", "Mary-Jane O'Neil"]


def test_the_form_join_keeps_to_the_joins_per_minute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "coach.sqlite3"
    monkeypatch.setattr(service, "JOINS_PER_MINUTE", 2)
    code = Teacher.start(now=1000.0, path=db).code
    Pupil.join(code, "Ada", now=1001.0, path=db)
    Pupil.join(code, "Bea", now=1002.0, path=db)
    with pytest.raises(service.ClassError):  # the third within the minute
        Pupil.join(code, "Cal", now=1003.0, path=db)
    Pupil.join(code, "Cal", now=1001.0 + 61.0, path=db)  # a minute after the first: room again
    assert len(Room(code, path=db).pupils()) == 3


def test_the_teachers_rename_filters_the_name(tmp_path: Path) -> None:
    db = tmp_path / "coach.sqlite3"
    teacher = Teacher.start(now=1000.0, path=db)
    pupil = Pupil.join(teacher.code, "Ada", now=1001.0, path=db)
    pupil_id = pupil.me().id
    with pytest.raises(BlockedName):
        teacher.rename_pupil(pupil_id, "Hitler", now=1002.0)
    assert teacher.rename_pupil(pupil_id, " Ada  L. ", now=1003.0) == "Ada L."
    assert pupil.me().name == "Ada L."
