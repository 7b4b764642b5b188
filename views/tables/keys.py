"""A person's private key to their seat at a table: kept by this browser, never in the address.

The key is made here (``secrets.token_urlsafe``) when the person joins, and the table keeps only its
SHA-256 (``multiplayer.service.join``). The browser keeps it in the session and in a cookie for a
week (``ec_table_CODE``, written by a line of JavaScript as class mode keeps a pupil's token:
``ui.class_pupil``), so a reload, or a tab closed and the link opened again, is the same person in
the same seat. A copied link holds only the table's code: it seats nobody.

The opener's host secret (``multiplayer.service.open_table``; the table keeps only its SHA-256) is
kept the same way (``kept_secret``, ``keep_secret``: the session's ``tb_secrets`` and the cookie
``ec_host_CODE``), so only the browser that opened the table sees the host's controls.
"""

from __future__ import annotations

import json
import re
import secrets

import streamlit as st

KEYS = "tb_keys"  # session state: {code: key}
SECRETS = "tb_secrets"  # session state: {code: host secret}
KEY = re.compile(r"[A-Za-z0-9_-]{16,200}")  # what secrets.token_urlsafe makes (multiplayer.service.KEY)
COOKIE_AGE = 7 * 24 * 3600  # seconds a browser keeps its key to a table


def cookie_name(code: str, kind: str = "table") -> str:
    return f"ec_{kind}_{code}"


def new_key() -> str:
    return secrets.token_urlsafe(24)


def _cookie_key(code: str, kind: str = "table") -> str | None:
    try:
        cookie = st.context.cookies.get(cookie_name(code, kind))
    except Exception:  # no browser (AppTest's cookies are a stand-in)
        return None
    return cookie if isinstance(cookie, str) and KEY.fullmatch(cookie) else None


def _kept(code: str, where: str, kind: str) -> str | None:
    kept = st.session_state.get(where, {}).get(code)
    if isinstance(kept, str) and KEY.fullmatch(kept):
        return kept
    return _cookie_key(code, kind)


def _keep(code: str, value: str, where: str, kind: str) -> None:
    st.session_state.setdefault(where, {})[code] = value
    if _cookie_key(code, kind) != value and KEY.fullmatch(value):
        cookie = json.dumps(f"{cookie_name(code, kind)}={value}; path=/; max-age={COOKIE_AGE}; samesite=lax")
        st.html(f"<script>document.cookie = {cookie};</script>", unsafe_allow_javascript=True)


def kept_key(code: str) -> str | None:
    """The key this browser holds for table ``code``: this session's, else its cookie's."""
    return _kept(code, KEYS, "table")


def keep_key(code: str, key: str) -> None:
    """Keep ``key`` in this session and in this browser's cookie for the table ``code``."""
    _keep(code, key, KEYS, "table")


def kept_secret(code: str) -> str | None:
    """The host secret this browser holds for table ``code`` (the opener's), else None."""
    return _kept(code, SECRETS, "host")


def keep_secret(code: str, secret: str) -> None:
    """Keep the host ``secret`` of table ``code`` in this session and this browser's cookie."""
    _keep(code, secret, SECRETS, "host")


def forget_key(code: str) -> None:
    """This browser's key holds no seat at ``code`` (the host freed it): forget it."""
    st.session_state.get(KEYS, {}).pop(code, None)
    value = json.dumps(f"{cookie_name(code)}=; path=/; max-age=0; samesite=lax")
    st.html(f"<script>document.cookie = {value};</script>", unsafe_allow_javascript=True)
