"""The host's controls at their own table (issue 54, item 3): pause and resume the table, and,
between hands, make a seat a computer of a level or a free seat for a person.

Only the browser holding the table's host secret sees them (``views.tables.keys.kept_secret``: the
opener's session and cookie, never the address), and only once the service has checked that secret
(``multiplayer.service.is_host``); every change is checked again by the service, which refuses it
without the secret (``NotHost``). A seat held by a person stays theirs unless the host frees it.
"""

from __future__ import annotations

import streamlit as st

from multiplayer import service
from ui.echo import plain
from ui.replayed import applied, fresh
from views.tables.keys import kept_secret
from views.tables.opening import LEVELS
from views.tables.seated import OUT_OF_REACH
from views.tables.words import Data

SAID = "tb_host_said"  # session state: (code, what the last host change did or why it did not)
FREE = "a free seat for a person"


def _said(code: str, text: str) -> None:
    st.session_state[SAID] = (code, text)


def _pause(code: str, secret: str, paused: bool) -> None:
    try:
        service.set_paused(code, secret, paused)
    except service.StoreError:
        _said(code, f"The table was not changed: {OUT_OF_REACH}")
    except ValueError as err:  # not the host, the table moved on
        _said(code, f"The table was not changed: {err}.")
    else:
        _said(code, "The table is paused: nobody plays until you resume." if paused else "Play resumes.")


def choices(seat: Data) -> dict[str, str | None | bool]:
    """A seat's choices for the host, the seat as it is first (its value False: no change): a free
    seat (None) or a computer of a level (the level)."""
    if seat["kind"] == "computer":
        now = next((label for label, level in LEVELS.items() if level == seat["level"]), seat["level"])
    else:
        now = f"{seat['name']} (as now)" if seat["kind"] == "person" else FREE
    out: dict[str, str | None | bool] = {now: False}
    if now != FREE:
        out[FREE] = None
    out.update({label: level for label, level in LEVELS.items() if label != now})
    return out


def _change(code: str, secret: str, seat: int, key: str, options: dict[str, str | None | bool]) -> None:
    """A seat's choice, applied once: not the seat as it is (the first choice, as drawn), nor a
    stale select box sent again with the choice already made (``ui.replayed``)."""
    label = st.session_state.get(key, "")
    chosen = options.get(label, False)
    if chosen is False or not fresh(key, label, next(iter(options))):
        return
    level = chosen if isinstance(chosen, str) else None
    try:
        service.change_seat(code, secret, seat, level)
    except service.StoreError:
        _said(code, f"The seat was not changed: {OUT_OF_REACH}")
    except ValueError as err:  # not the host, mid-hand, the last person's seat, the table moved on
        _said(code, f"The seat was not changed: {err}.")
    else:
        applied(key, label)
        _said(code, "The seat was changed.")


def host_panel(code: str, data: Data) -> None:
    """The host's controls, for the browser that holds the table's host secret; nothing otherwise."""
    secret = kept_secret(code)
    if secret is None:
        return
    try:
        if not service.is_host(code, secret):
            return
    except (service.StoreError, ValueError):
        return
    with st.expander("Host controls", expanded=data["paused"] or data["between_hands"]):
        said = st.session_state.get(SAID)
        if isinstance(said, tuple) and said[0] == code:
            st.caption(plain(said[1]))
        paused = bool(data["paused"])
        st.button(
            "Resume play" if paused else "Pause the table",
            icon=":material/play_arrow:" if paused else ":material/pause:",
            key="tb_host_pause",
            on_click=_pause,
            args=(code, secret, not paused),
        )
        if not (data["between_hands"] or data["game_over"]):
            st.caption("Seats change between hands: once this hand is over.")
            return
        for seat in data["seats"]:
            if seat["you"]:
                continue
            options = choices(seat)
            key = f"tb_host_seat_{seat['seat']}_{data['version']}"
            st.selectbox(
                seat["place"],
                list(options),
                key=key,
                on_change=_change,
                args=(code, secret, seat["seat"], key, options),
            )
