"""The class service below the pages (classroom/service.py): a pupil joining from the form and the
teacher renaming one go through the class's name filter and the joins-per-minute limit; the store
underneath takes any name it can show, with no limit unless asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from classroom import service
from classroom.names import BlockedName, NotAName
from store import classes as store


def test_the_form_join_filters_the_name_and_the_store_alone_does_not(tmp_path: Path) -> None:
    db = tmp_path / "coach.sqlite3"
    code, _ = service.start_class(now=1000.0, path=db)
    with pytest.raises(NotAName, match="it has a digit"):
        service.join(code, "bot123", now=1001.0, path=db)
    assert [p.name for p in service.pupils(code, path=db)] == []  # nobody joined
    store.join(code, "bot123", now=1001.0, path=db)  # the store keeps any name it can show
    token = service.join(code, "  Mary-Jane  O'Neil ", now=1002.0, path=db)
    assert service.pupil(code, token, path=db).name == "Mary-Jane O'Neil"
    assert [p.name for p in service.pupils(code, path=db)] == ["bot123", "Mary-Jane O'Neil"]


def test_the_form_join_keeps_to_the_joins_per_minute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "coach.sqlite3"
    monkeypatch.setattr(service, "JOINS_PER_MINUTE", 2)
    code, _ = service.start_class(now=1000.0, path=db)
    service.join(code, "Ada", now=1001.0, path=db)
    service.join(code, "Bea", now=1002.0, path=db)
    with pytest.raises(service.ClassError):  # the third within the minute
        service.join(code, "Cal", now=1003.0, path=db)
    service.join(code, "Cal", now=1001.0 + 61.0, path=db)  # a minute after the first: room again
    assert len(service.pupils(code, path=db)) == 3


def test_the_teachers_rename_filters_the_name(tmp_path: Path) -> None:
    db = tmp_path / "coach.sqlite3"
    code, secret = service.start_class(now=1000.0, path=db)
    token = service.join(code, "Ada", now=1001.0, path=db)
    pupil_id = service.pupil(code, token, path=db).id
    with pytest.raises(BlockedName):
        service.rename_pupil(code, secret, pupil_id, "Hitler", now=1002.0, path=db)
    assert service.rename_pupil(code, secret, pupil_id, " Ada  L. ", now=1003.0, path=db) == "Ada L."
    assert service.pupil(code, token, path=db).name == "Ada L."
