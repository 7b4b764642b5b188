"""A person's private key to their seat at a table: kept by this browser, never in the address.

The key is made here (``secrets.token_urlsafe``) when the person joins, and the table keeps only its
SHA-256 (``multiplayer.service.join``). The browser keeps it in the session and in a cookie for a
week (``ec_table_CODE``, written by a line of JavaScript as class mode keeps a pupil's token:
``ui.class_pupil``), so a reload, or a tab closed and the link opened again, is the same person in
the same seat. A copied link holds only the table's code: it seats nobody.
"""

from __future__ import annotations

import json
import re
import secrets

import streamlit as st

KEYS = "tb_keys"  # session state: {code: key}
KEY = re.compile(r"[A-Za-z0-9_-]{16,200}")  # what secrets.token_urlsafe makes (multiplayer.service.KEY)
COOKIE_AGE = 7 * 24 * 3600  # seconds a browser keeps its key to a table


def cookie_name(code: str) -> str:
    return f"ec_table_{code}"


def new_key() -> str:
    return secrets.token_urlsafe(24)


def _cookie_key(code: str) -> str | None:
    try:
        cookie = st.context.cookies.get(cookie_name(code))
    except Exception:  # no browser (AppTest's cookies are a stand-in)
        return None
    return cookie if isinstance(cookie, str) and KEY.fullmatch(cookie) else None


def kept_key(code: str) -> str | None:
    """The key this browser holds for table ``code``: this session's, else its cookie's."""
    kept = st.session_state.get(KEYS, {}).get(code)
    if isinstance(kept, str) and KEY.fullmatch(kept):
        return kept
    return _cookie_key(code)


def keep_key(code: str, key: str) -> None:
    """Keep ``key`` in this session and in this browser's cookie for the table ``code``."""
    st.session_state.setdefault(KEYS, {})[code] = key
    if _cookie_key(code) != key and KEY.fullmatch(key):
        value = json.dumps(f"{cookie_name(code)}={key}; path=/; max-age={COOKIE_AGE}; samesite=lax")
        st.html(f"<script>document.cookie = {value};</script>", unsafe_allow_javascript=True)


def forget_key(code: str) -> None:
    """This browser's key holds no seat at ``code`` (the host freed it): forget it."""
    st.session_state.get(KEYS, {}).pop(code, None)
    value = json.dumps(f"{cookie_name(code)}=; path=/; max-age=0; samesite=lax")
    st.html(f"<script>document.cookie = {value};</script>", unsafe_allow_javascript=True)
