"""Whose lesson progress this is: this browser's own record, or a named learner on a shared computer.

Nobody has to type a name. The first visit makes a random id (``new_browser_id``) and keeps it in
a cookie (``COOKIE``, one year, written by a line of JavaScript); every later session reads it
back from ``st.context.cookies`` (the cookies the browser sent when the page was opened), so
progress saved under that id (``practice.records.save_browser``) survives a reload or a restart.
A learner who types a name in the progress panel switches to the named record instead
(``practice.records.save``), which is what a classroom computer shared by several pupils needs;
from then on this session saves to the name only.

Session state holds the id (``BROWSER_ID``), the learner name (``LEARNER``), the current
``Progress`` and the last store error; nothing else.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from contextlib import closing

import streamlit as st

from lessons.progress import Progress
from practice.records import StoreError, load, load_browser, open_store, save, save_browser

COOKIE = "euchre_coach_learner"
COOKIE_DAYS = 365
BROWSER_ID = "learn_browser_id"
LOADED = "learn_browser_loaded"  # True once this session has read the browser's saved record
PROGRESS = "learn_progress"
LEARNER = "learn_learner"
STORE_ERROR = "learn_store_error"
_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")


def new_browser_id() -> str:
    """A fresh random id (22 URL-safe characters, 128 bits): nothing about the learner is in it."""
    return secrets.token_urlsafe(16)


def id_from_cookies(cookies: Mapping[str, str]) -> str | None:
    """The browser id the cookies carry, or None when there is none or it is not one of ours.

    >>> id_from_cookies({COOKIE: "AbC_123-xyzXYZ7890qq"})
    'AbC_123-xyzXYZ7890qq'
    >>> id_from_cookies({COOKIE: "'; drop table"}) is None, id_from_cookies({}) is None
    (True, True)
    """
    value = cookies.get(COOKIE)
    return value if isinstance(value, str) and _ID.fullmatch(value) else None


def browser_id() -> str:
    """This browser's id: the one its cookie carries, else a new one (``remember_browser`` stores it)."""
    known = st.session_state.get(BROWSER_ID)
    if isinstance(known, str) and _ID.fullmatch(known):
        return known
    value = id_from_cookies(st.context.cookies) or new_browser_id()
    st.session_state[BROWSER_ID] = value
    return value


def cookie_script(value: str) -> str:
    """The JavaScript that keeps ``value`` in the cookie (the value is checked: only URL-safe characters)."""
    if not _ID.fullmatch(value):
        raise ValueError(f"not a browser id: {value!r}")
    age = COOKIE_DAYS * 24 * 3600
    return f'<script>document.cookie = "{COOKIE}={value}; max-age={age}; path=/; samesite=lax";</script>'


def remember_browser() -> None:
    """Write (or refresh) the cookie, hidden at the foot of the page."""
    with st.container(key="learn_cookie"):
        st.html(
            "<style>.st-key-learn_cookie {display:none}</style>" + cookie_script(browser_id()),
            unsafe_allow_javascript=True,
        )


def progress() -> Progress:
    """This session's progress; the first call also loads what this browser saved before."""
    if not st.session_state.get(LOADED):
        st.session_state[LOADED] = True
        current = st.session_state.get(PROGRESS, Progress())
        try:
            with closing(open_store()) as conn:
                saved = load_browser(conn, browser_id())
        except StoreError as err:
            st.session_state[STORE_ERROR] = str(err)
            saved = None
        st.session_state[PROGRESS] = current.merged(saved) if saved is not None else current
    value: Progress = st.session_state.get(PROGRESS, Progress())
    return value


def set_progress(new: Progress) -> None:
    """Keep ``new`` as this session's progress and save it: under the learner's name if one was
    given, else under this browser's id."""
    if new == progress():
        return
    st.session_state[PROGRESS] = new
    learner = st.session_state.get(LEARNER)
    try:
        with closing(open_store()) as conn:
            if learner:
                save(conn, learner, new)
            else:
                save_browser(conn, browser_id(), new)
        st.session_state.pop(STORE_ERROR, None)
    except StoreError as err:
        st.session_state[STORE_ERROR] = str(err)


def learner() -> str | None:
    name = st.session_state.get(LEARNER)
    return name if isinstance(name, str) and name else None


def use_name(name: str) -> bool:
    """Switch this session to the named record, merged with the progress so far. Returns True if
    the name had saved progress. Raises StoreError (a bad name, a database problem)."""
    with closing(open_store()) as conn:
        saved = load(conn, name)
        merged = progress().merged(saved) if saved is not None else progress()
        save(conn, name, merged)
    st.session_state[LEARNER] = " ".join(name.split())
    st.session_state[PROGRESS] = merged
    st.session_state.pop(STORE_ERROR, None)
    return saved is not None


def store_error() -> str | None:
    value = st.session_state.get(STORE_ERROR)
    return str(value) if value else None


def note_store_error(err: StoreError) -> None:
    st.session_state[STORE_ERROR] = str(err)
