"""The Learn page's saved-progress notes and its progress import.

A saved record that cannot be read (``practice.records.ProgressReset``) is reset by the store;
``check_saved_browser`` (before the session first loads this browser's record) and
``check_saved_name`` (before a typed name's record is loaded) catch that once and keep the
store's message, which ``reset_note`` shows at the top of the page until the learner closes it.
Nothing in this check can raise: a database that cannot be opened is left for
``ui.learn_profile`` to report.

``import_view`` reads an uploaded progress file once per upload (``Progress.from_json``: strict
and bounded), merges it into the learner's progress and draws what came in as one summary line
and a table of at most ``ui.pager.PER_PAGE`` rows with a pager, whatever the file holds: the page's
size does not grow with the file. An unreadable file gets one message: what is wrong, and
``lessons.progress.ACCEPTED``. Every message and table cell that carries text from the file or a
typed name is drawn as text, never as markdown (``ui.echo.plain``, ``st.dataframe``).

Session state: the note (``NOTE``), whether this session's browser record was checked
(``CHECKED``), the last upload's id and what it gave (``IMPORTED``) and the table's page (``PAGER``).
"""

from __future__ import annotations

from contextlib import closing
from typing import Protocol

import streamlit as st

from lessons.model import Lesson
from lessons.progress import ACCEPTED, Progress, ProgressError
from practice.records import ProgressReset, StoreError, load, load_browser, open_store
from ui.echo import plain
from ui.learn_profile import browser_id, learner, progress, set_progress
from ui.pager import first_page, pager

NOTE = "learn_progress_note"
CHECKED = "learn_progress_checked"
IMPORTED = "learn_progress_imported"
PAGER = "learn-import"  # the table's pager (ui.pager): its page is session state "learn-import-page"


class Upload(Protocol):
    """What ``st.file_uploader`` returns, as far as the import needs it."""

    file_id: str

    def getvalue(self) -> bytes: ...


# ---- a saved record that had to be reset ---------------------------------------------


def _keep_reset(load_it: str, key: str) -> None:
    """Load the record (``load_it``: "browser" or "name") so that a damaged one is reset now,
    keeping the store's message; every other problem is left for the caller's own load."""
    try:
        with closing(open_store()) as conn:
            if load_it == "browser":
                load_browser(conn, key)
            else:
                load(conn, key)
    except ProgressReset as err:
        st.session_state[NOTE] = str(err)
    except StoreError:
        pass


def check_saved_browser() -> None:
    """Once per session, before ``ui.learn_profile.progress`` loads this browser's record."""
    if st.session_state.get(CHECKED):
        return
    st.session_state[CHECKED] = True
    if learner() is None:
        _keep_reset("browser", browser_id())


def check_saved_name(name: str) -> None:
    """Before ``ui.learn_profile.use_name`` loads the record saved under ``name``."""
    _keep_reset("name", name)


def _close_note() -> None:
    st.session_state.pop(NOTE, None)


def reset_note() -> None:
    """The note about a reset record, if there is one, with a button that closes it."""
    note = st.session_state.get(NOTE)
    if not isinstance(note, str) or not note:
        return
    with st.container(horizontal=True, vertical_alignment="center", key="learn-reset-note"):
        st.warning(plain(f"{note[:1].upper()}{note[1:]}. From now on your progress is saved as usual."))
        st.button("OK", key="learn-reset-ok", on_click=_close_note)


# ---- importing a progress file ----------------------------------------------------------


def read_import(data: object, current: Progress) -> tuple[Progress, Progress] | str:
    """(what the progress file ``data`` holds, ``current`` merged with it), or the one message
    for a file that cannot be imported: what is wrong, then what is accepted.

    >>> read_import(b"[" * 100_000, Progress())[:60]
    'Could not import that file: it is not JSON this app reads: i'
    >>> file, merged = read_import(Progress().seen("deck", 5, 6).to_json(), Progress().seen("bowers", 1, 7))
    >>> [key for key, _ in file.lessons], [key for key, _ in merged.lessons]
    (['deck'], ['bowers', 'deck'])
    """
    try:
        imported = Progress.from_json(data)
    except ProgressError as err:
        return f"Could not import that file: {err}. Accepted: {ACCEPTED}."
    merged = current.merged(imported)
    try:
        merged.check_limits()
    except ProgressError as err:
        return f"Could not import that file: together with the progress you have, {err}."
    return imported, merged


def imported_rows(imported: Progress, lessons: tuple[Lesson, ...]) -> list[dict[str, str]]:
    """One table row per record in the file: lessons first (course order, then unknown ids),
    then exercise types."""
    by_id = {lesson.id: lesson for lesson in lessons}
    order = {lesson.id: lesson.number for lesson in lessons}
    rows = []
    for key, lp in sorted(imported.lessons, key=lambda item: (order.get(item[0], len(order) + 1), item[0])):
        lesson = by_id.get(key)
        if lesson is None:
            rows.append({"Record": "Lesson", "Name": key, "Progress": "not a lesson of this app (kept)"})
            continue
        n = len(lesson.steps)
        text = "finished" if lp.done else f"step {min(lp.furthest, n - 1) + 1} of {n}"
        rows.append({"Record": "Lesson", "Name": f"{lesson.number}. {lesson.title}", "Progress": text})
    for key, ds in imported.drills:
        rows.append(
            {
                "Record": "Exercise",
                "Name": key,
                "Progress": f"{ds.correct:,} right of {ds.attempts:,} · best streak {ds.best:,}",
            }
        )
    return rows


def summary(imported: Progress, lessons: tuple[Lesson, ...]) -> str:
    """One line: what the file held."""
    known = {lesson.id for lesson in lessons}
    finished = sum(1 for _, lp in imported.lessons if lp.done)
    unknown = sum(1 for key, _ in imported.lessons if key not in known)
    answers = sum(ds.attempts for _, ds in imported.drills)
    right = sum(ds.correct for _, ds in imported.drills)
    text = (
        f"The file held {len(imported.lessons):,} lesson(s), {finished:,} finished, and "
        f"{len(imported.drills):,} exercise type(s) with {answers:,} answers ({right:,} right)."
    )
    if unknown:
        text += f" {unknown:,} of its lessons are not lessons of this app: they are kept, not listed."
    return text


def import_view(upload: Upload, lessons: tuple[Lesson, ...]) -> None:
    """Import ``upload`` (once per upload) and draw what it held, or why it could not be imported."""
    held = st.session_state.get(IMPORTED)
    if not (isinstance(held, tuple) and held[0] == upload.file_id):
        result = read_import(upload.getvalue(), progress())
        if isinstance(result, tuple):
            imported, merged = result
            set_progress(merged)
            held = (upload.file_id, imported)
        else:
            held = (upload.file_id, result)
        st.session_state[IMPORTED] = held
        first_page(PAGER)
    result = held[1]
    if not isinstance(result, Progress):
        st.error(plain(result))
        return
    st.success(plain("Progress imported (merged with what you had). " + summary(result, lessons)))
    rows = imported_rows(result, lessons)
    if rows:
        start, stop = pager(PAGER, len(rows), "Records")
        st.dataframe(rows[start:stop], hide_index=True)  # names from the file: text, never markdown
