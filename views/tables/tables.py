"""Tables of people (issue 54): friends or pupils play each other, computers in the empty seats.

The address decides what the page shows: no ``?table=`` opens a table (``views.tables.opening``);
``?table=CODE`` is the table: this browser's person in their seat when it holds a key to one
(``views.tables.keys``: a cookie, never the address), else the join form with the free seats. The
seated page draws only what its seat may see (``views.tables.seated``), and for the browser that
opened the table the host's controls (``views.tables.host``); the link and a QR code
invite the others. The table lives in the database (``multiplayer.service``), so any server
sharing it serves any of its players.
"""

from __future__ import annotations

import os

import streamlit as st

from classroom import join_address
from engine.core.seats import seat_name
from multiplayer import service
from ui.class_parts import qr_html
from ui.echo import echo, plain
from ui.learn_profile import learner
from views.tables.host import host_panel
from views.tables.keys import KEYS, SECRETS, forget_key, keep_key, keep_secret, kept_key, new_key
from views.tables.opening import open_form
from views.tables.seated import OUT_OF_REACH, seated_page, take_tap

NO_TABLE = "There is no table with that code: check the link, or open a table of your own."
CODE_CHARS = 12  # a code longer than this is no table's (store.class_rows.CODE_LENGTH is 6)


def _base() -> str | None:
    given = os.environ.get(join_address.ENV_VAR, "").strip()
    if given:
        try:
            return join_address.clean_address(given)
        except join_address.BadAddress:
            pass
    try:
        url = st.context.url or ""
    except Exception:  # no browser (a test run)
        url = ""
    return join_address.page_address(url)


def table_link(code: str) -> str:
    """The table's link: the Tables page with its code (and nothing else: no key, no secret)."""
    base = _base()
    return f"{base}/tables?table={code}" if base else f"tables?table={code}"


def _invite(code: str, open_seats: bool) -> None:
    """The link and its QR code; open while a seat is free (the people are still to come)."""
    link = table_link(code)
    with st.expander("Invite people to this table", expanded=open_seats):
        st.markdown(f"Send this link, or let them scan the code: `{link}`")
        st.html(qr_html(link, 220, testid="tb-qr", alt="QR code of the table's link"))


def _join_form(code: str) -> None:
    """The free seats and a name to join with; joined, the key stays in this browser."""
    try:
        table = service.load_table(code)
    except service.NoSuchTable:
        st.error(NO_TABLE)
        return
    except service.StoreError:
        st.error(f"The table could not be read. {OUT_OF_REACH}")
        return
    except service.DamagedTable as err:
        st.error(plain(str(err)))
        return
    st.markdown(f"### Join table {code}")
    st.caption(f"Rules: {table.rules.summary()}")
    free = []
    for seat, s in enumerate(table.seats):  # names and kinds only: no card leaves the table here
        place = seat_name(table.rules.players, seat)
        if s.is_computer:
            st.write(f"{place}: the {s.level} computer")
        elif s.is_free:
            st.write(f"{place}: a free seat")
            free.append((place, seat))
        else:
            st.write(f"{place}: {s.name}")
    if not free:
        st.warning("Every seat at this table is taken. Ask the person who opened it to free one.")
        return
    with st.form("tb_join_form"):
        name = st.text_input("Your name", value=learner() or "", max_chars=40)
        place = st.selectbox("Your seat", [p for p, _ in free]) if len(free) > 1 else free[0][0]
        go = st.form_submit_button("Join the table", type="primary")
    if go:
        seat = dict(free)[place]
        key = new_key()
        try:
            service.join(code, name, key, seat=seat)
        except service.StoreError:
            st.error(f"You could not join: {OUT_OF_REACH}")
            return
        except ValueError as err:  # a name not accepted, the seat just taken
            st.error(plain(f"You could not join: {err}."))
            return
        st.session_state.setdefault(KEYS, {})[code] = key  # the cookie follows on the seated page
        st.rerun()


def _table(code: str) -> None:
    key = kept_key(code)
    if key is None:
        _join_form(code)
        _invite(code, True)
        return
    take_tap(code, key)
    try:
        data = service.read(code, key)
    except service.NotAtTable:
        forget_key(code)  # the host freed the seat: this browser joins again
        _join_form(code)
        return
    except service.NoSuchTable:
        st.error(NO_TABLE)
        return
    except service.StoreError:
        st.error(OUT_OF_REACH)
        return
    except service.DamagedTable as err:
        st.error(plain(str(err)))
        return
    keep_key(code, key)
    secret = st.session_state.get(SECRETS, {}).get(code)
    if isinstance(secret, str):
        keep_secret(code, secret)  # the opener's browser keeps the host secret in a cookie too
    seated_page(code, key, data)
    host_panel(code, data)
    _invite(code, any(seat["kind"] == "free" for seat in data["seats"]))


def page() -> None:
    st.title("Tables")
    raw = st.query_params.get("table", "")
    code = raw.strip().upper()
    if not code:
        open_form()
        return
    if len(code) > CODE_CHARS or not code.isalnum():
        st.error(f"{echo(raw)} is not a table's code. {NO_TABLE}")
        return
    _table(code)


page()
