"""The address pupils join at (class mode): the teacher's own address or the one the teacher typed for the room's network, checked, and the join panel with its QR code."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from html import escape
from urllib.parse import quote, unquote, urlsplit

import streamlit as st

from classroom import join_address
from ui.class_acts import K
from ui.class_parts import (
    qr_html,
)
from ui.echo import plain
from ui.layout import projector

ADDRESS_COOKIE = "ec_join_address"


ADDRESS_DAYS = (
    30  # the teacher's computer keeps its address on the school's network for a while, not for ever
)


@dataclass(frozen=True, slots=True)
class PupilAddress:
    """The address pupils open (None: this page's, unknown outside a browser), where it comes
    from, and what was wrong with an address that was given and could not be used."""

    address: str | None
    source: str
    problem: str = ""

    @property
    def loopback(self) -> bool:
        return self.address is not None and join_address.is_loopback(self.address)


def _own_address() -> str | None:
    """The address the teacher set on this page: this session's ("" once cleared), else the cookie's."""
    kept = st.session_state.get(K + "address")
    if isinstance(kept, str):
        return kept or None
    try:
        cookie = st.context.cookies.get(ADDRESS_COOKIE)
    except Exception:  # no browser
        cookie = None
    if not isinstance(cookie, str) or not cookie:
        return None
    try:
        return join_address.clean_address(unquote(cookie))
    except join_address.BadAddress:
        return None


def pupil_address() -> PupilAddress:
    """The address the join link and QR code use: the teacher's own, else the server's
    ``EUCHRE_COACH_PUBLIC_URL``, else this page's address."""
    own = _own_address()
    if own is not None:
        return PupilAddress(own, "set on this page")
    problem = ""
    given = os.environ.get(join_address.ENV_VAR, "").strip()
    if given:
        try:
            return PupilAddress(join_address.clean_address(given), join_address.ENV_VAR)
        except join_address.BadAddress as err:
            problem = f"{join_address.ENV_VAR} is not used: {err}"
    try:
        url = st.context.url or ""
    except Exception:  # no browser (a test run)
        url = ""
    return PupilAddress(join_address.page_address(url), "this page's address", problem)


def join_link(code: str) -> str:
    """The pupils' link: the address pupils use, with the class's code."""
    return join_address.join_link(pupil_address().address, code)


def _address_warning(where: PupilAddress) -> None:
    """Said on the teacher's page when phones cannot open the join link (or a given address was bad)."""
    if where.problem:
        st.warning(plain(where.problem))
    if where.loopback:
        host = urlsplit(where.address or "").hostname
        st.warning(
            plain(
                f"Phones cannot open this join link: {host} is this computer's own address, so each phone "
                'would look for the class on itself. Under "The address pupils use" below, type this '
                "computer's address on the network (like http://192.168.1.20:8501), or start the app with "
                f"{join_address.ENV_VAR} set to it."
            )
        )


def _address_panel(where: PupilAddress) -> None:
    """The address pupils use, for the teacher to set (kept in this browser's cookie)."""
    with st.expander("The address pupils use", expanded=where.loopback):
        st.caption(
            plain(
                f"Pupils open {where.address or 'this page'}/{join_address.PAGE} ({where.source}). "
                "Type the address phones reach this app at (this computer's address on the school's "
                "network, or the server's); leave it empty to go back to "
                f"{join_address.ENV_VAR} or this page's address."
            )
        )
        with st.form(K + "address_form", border=False):
            typed = st.text_input(
                "Address pupils use",
                key=K + "address_text",
                placeholder=where.address or "http://192.168.1.20:8501",
            )
            go = st.form_submit_button("Use this address", key=K + "address_go")
        if go:
            try:
                address = join_address.clean_address(typed) if typed.strip() else ""
            except join_address.BadAddress as err:
                st.error(plain(err))
                return
            st.session_state[K + "address"] = address
            st.rerun()


def _keep_address() -> None:
    """Write the address the teacher set into this browser's cookie (or take it out when cleared)."""
    kept = st.session_state.get(K + "address")
    if not isinstance(kept, str):
        return
    try:
        held = st.context.cookies.get(ADDRESS_COOKIE)
    except Exception:  # no browser
        held = None
    held = held if isinstance(held, str) else None
    if kept and (held is None or unquote(held) != kept):
        value = json.dumps(
            f"{ADDRESS_COOKIE}={quote(kept, safe='')}; path=/; max-age={ADDRESS_DAYS * 86400}; "
            "samesite=strict"
        )
    elif not kept and held:
        value = json.dumps(f"{ADDRESS_COOKIE}=; path=/; max-age=0; samesite=strict")
    else:
        return
    st.html(f"<script>document.cookie = {value};</script>", unsafe_allow_javascript=True)


def _join_panel(code: str, big: bool) -> None:
    link = join_link(code)
    left, right = st.columns([3, 2] if big else [2, 1], vertical_alignment="center")
    with left:
        st.markdown(f"## Join code: `{code}`")
        # a real link, escaped, so that a teacher who copies it gets the address as it is (markdown
        # would need a joiner inside "http://" to keep it from turning into a link of its own)
        st.html(
            f'<p data-testid="cl-join-link" style="font-size:1.15em">Open <a href="{escape(link)}" '
            f'style="font-weight:700">{escape(link)}</a> on a phone, or scan the code, and type your first name.</p>'
        )
    with right:
        st.html(qr_html(link, 520 if projector() else 300))
