"""The teacher's "Tables" section of the class page (issue 54, item 5): open tables for the class,
see all of them at a glance, and open one as a teaching table.

- Opening: how many tables, how many seats for pupils at each (South and North first: partners),
  the computers' level in the other seats, the rules in force (the sidebar's), hints on or off
  (``multiplayer.service.open_class_tables``, checked against the class's teacher's secret). Each
  table has its link and QR code for pupils (the Tables page, ``views.tables``).
- At a glance: per table the score, the trick being played, who is to act and who is stuck (the
  table has waited more than ``multiplayer.teaching.STUCK_AFTER`` seconds for a person or a free
  seat), read by a fragment every ``GLANCE_EVERY`` seconds (no card is in it).
- The teaching table: every hand (``service.teaching_table``: the teacher is not a player, so the
  teacher's secret, never a seat's key), pause or resume, take back the last trick (or, with no
  trick complete, the last person's action), deal the hand again, or deal a hand the teacher chose
  (the deal editor's position text or share link pasted into a box, ``service.set_deal``: a text
  that does not read or cannot be dealt at the table is refused with the engine's reason and stays
  in the box; the deal editor's "Deal it at a teaching table" link fills the box, ``TABLE_DEAL``).
  Each names the version the page showed, so a click on a page drawn before the table moved on is
  refused, never applied to the newer table. A take-back or a deal leaves the table paused
  (``multiplayer.teaching``), so the position stays to be shown until "Resume play". The players'
  pages follow within a second (they read the table twice a second).
- One table on the projector (``views.class_mode.projected``): the classroom's screen shows it large,
  the hands hidden unless the teacher chooses to show them.

The teacher's secret stays in this browser (``ui.class_acts``): it is never drawn here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from engine.core.cards import Card
from multiplayer import service
from ui.class_parts import qr_html
from ui.echo import plain
from ui.rules_panel import current_rules
from views.class_mode.address import pupil_address
from views.class_mode.projected import projector_picker

GLANCE_EVERY = 1.0  # seconds between two reads of the class's tables
K = "clt_"  # this section's session keys
DEAL_BOX = K + "deal_text"  # the "Deal a hand you choose" box
TABLE_DEAL = "table_deal"  # the deal editor's link: class?class=CODE&table_deal=POSITION fills the box
LEVELS = {"beginner": "beginner", "club": "club", "expert": "expert"}


def _cards(codes: list[str]) -> str:
    return " ".join(Card.parse(c).short for c in codes) or "no cards"


def _open_form(code: str, secret: str) -> None:
    rules = current_rules()
    with st.form(K + "open"):
        st.caption(plain(f"Rules: {rules.summary()} (the rules in force, set in the sidebar)."))
        count = st.number_input("How many tables", 1, service.MAX_CLASS_TABLES, 2)
        pupils = st.radio("Seats for pupils at each table", (4, 3, 2, 1), horizontal=True)
        level = st.selectbox("Computers in the other seats", list(LEVELS), index=1)
        hints = st.radio("Hints from the coach during play", ("Allowed", "Not allowed"), horizontal=True)
        go = st.form_submit_button("Open the tables")
    if go and rules.players != 4:
        st.error("Tables for the class are for four players: choose four-player rules in the sidebar.")
    elif go:
        try:
            opened = service.open_class_tables(
                code, secret, int(count), rules, int(pupils), LEVELS[level], hints == "Allowed"
            )
        except service.StoreError:
            st.error("The tables could not be opened: the records are out of reach. Try again in a moment.")
            return
        except ValueError as err:
            st.error(plain(f"The tables could not be opened: {err}."))
            return
        st.success(f"Opened {len(opened)} tables: {', '.join(opened)}.")


def _glance_line(g: dict[str, Any]) -> str:
    if g.get("damaged"):
        return f"**{g['code']}**: its record does not read, so it cannot go on."
    people = ", ".join(g["people"]) or "nobody yet"
    score = f"{g['score'][0]} to {g['score'][1]} (to {g['target']})"
    turn = f"; {g['to_act']} to act" if g["to_act"] else ""
    stuck = f"; **stuck for {g['stuck']} s**" if g["stuck"] is not None else ""
    paused = "; paused" if g["paused"] else ""
    return f"**{g['code']}** ({plain(people)}): score {score}; {g['stage']}{plain(turn)}{stuck}{paused}"


def _overview(code: str, secret: str) -> None:
    @st.fragment(run_every=GLANCE_EVERY)
    def glance() -> None:
        try:
            tables = service.class_tables(code, secret)
        except (service.StoreError, ValueError):
            st.caption("The tables cannot be read just now: trying again.")
            return
        if not tables:
            st.caption("No table is open for this class yet.")
            return
        for g in tables:  # data-glance: which table, at which version (a bench notes when each is drawn)
            version = "" if g.get("damaged") else g["version"]
            st.markdown(
                f'<span data-glance="{g["code"]}" data-version="{version}"></span>{_glance_line(g)}',
                unsafe_allow_html=True,
            )
        st.session_state[K + "codes"] = [g["code"] for g in tables]

    glance()


def table_link(table: str) -> str:
    """A table's link for pupils: the Tables page under the address pupils use (the class's)."""
    base = pupil_address().address
    return f"{base}/tables?table={table}" if base else f"tables?table={table}"


def _links(codes: list[str]) -> None:
    with st.expander("Links and QR codes of the tables for pupils"):
        for table in codes:
            link = table_link(table)
            st.markdown(f"Table **{table}**: `{link}`")
            st.html(qr_html(link, 160, testid=f"clt-qr-{table}", alt=f"QR code of table {table}"))


def _act(label: str, work: Callable[[], None]) -> None:
    try:
        work()
    except service.StoreError:
        st.session_state[K + "said"] = f"{label}: the records are out of reach; try again."
    except ValueError as err:
        st.session_state[K + "said"] = plain(f"{label}: {err}.")


def _teaching(code: str, secret: str, table: str) -> None:
    @st.fragment(run_every=GLANCE_EVERY)
    def teaching() -> None:
        try:
            data = service.teaching_table(table, secret)
        except service.StoreError:
            st.caption("The table cannot be read just now: trying again.")
            return
        except ValueError as err:
            st.error(plain(f"{err}."))
            return
        said = st.session_state.pop(K + "said", "")
        if said:
            st.warning(said)
        version = data["version"]
        st.session_state[K + "drawn"] = (table, version)  # the chosen deal names it (``_set_deal``)
        for seat, cards in zip(data["seats"], data["hands"], strict=True):
            holder = seat["name"] or (f"the {seat['level']} computer" if seat["level"] else "a free seat")
            turn = " ← to act" if data["to_act"] == seat["seat"] else ""
            st.markdown(plain(f"{seat['place']} ({holder}): {_cards(cards)}{turn}"))
        trick = " ".join(Card.parse(c).short for _, c in data["trick"])
        st.caption(
            plain(
                f"Score {data['score'][0]} to {data['score'][1]} · tricks done {len(data['tricks'])}"
                + (f" · this trick: {trick}" if trick else "")
                + (" · paused" if data["paused"] else "")
            )
        )
        pause, back, again = st.columns(3)
        paused = data["paused"]
        if pause.button("Resume play" if paused else "Pause the table", key=f"{K}pause_{version}"):
            _act("Not changed", lambda: service.set_paused(table, secret, not paused))
            st.rerun(scope="fragment")
        if back.button("Take back the last trick", key=f"{K}back_{version}"):
            _act("Not taken back", lambda: service.take_back(table, secret, version))
            st.rerun(scope="fragment")
        if again.button("Deal this hand again", key=f"{K}redeal_{version}"):
            _act("Not dealt again", lambda: service.redeal(table, secret, version))
            st.rerun(scope="fragment")
        st.caption(
            "Taking back or dealing again pauses the table, so the position stays while you show it; "
            "Resume play lets the computers play on."
        )

    teaching()


def _set_deal(table: str, secret: str) -> None:
    """The box's button (a callback, before the page is drawn again): the deal in the box dealt at
    the teaching table, on the version its page last showed; a refusal is said, the text stays."""
    text = str(st.session_state.get(DEAL_BOX) or "")
    drawn = st.session_state.get(K + "drawn")
    if not isinstance(drawn, tuple) or drawn[0] != table:
        st.session_state[K + "deal_said"] = (
            "error",
            "Not dealt: the table has not been shown yet; try again.",
        )
        return
    try:
        service.set_deal(table, secret, drawn[1], text)
    except service.StoreError:
        st.session_state[K + "deal_said"] = ("error", "Not dealt: the records are out of reach; try again.")
        return
    except ValueError as err:
        st.session_state[K + "deal_said"] = ("error", plain(f"Not dealt: {err}."))
        return
    st.session_state[K + "deal_said"] = (
        "success",
        f"Dealt at table {table}: the hand starts again from the first bid with your deal (its dealer "
        "deals it); the score stays. The players' screens follow within a second.",
    )


def _deal_box(table: str, secret: str) -> None:
    """Deal a hand you choose (module docstring)."""
    st.markdown("**Deal a hand you choose**")
    st.caption(
        "Write the deal in the Deal editor, then paste its position text or its share link here. It "
        "replaces the hand being played (between hands, it is the next hand), under this table's rules; "
        "the score stays."
    )
    with st.form(K + "deal_form", border=False):
        st.text_area(
            "The deal editor's position text or share link",
            key=DEAL_BOX,
            height=90,
            placeholder="standard/3/9C-9D-TC-KH-AC,JC-QH-KD-KS-AS,TD-TH-JD-QD-KC,9S-JS-QC-AD-AH/QS",
        )
        st.form_submit_button("Deal it at this table", on_click=_set_deal, args=(table, secret))
    said = st.session_state.pop(K + "deal_said", None)
    if isinstance(said, tuple):
        (st.success if said[0] == "success" else st.error)(said[1])


def take_table_deal() -> None:
    """A link's ``table_deal=`` (the deal editor's position text) fills the "Deal a hand you choose"
    box once, then leaves the address (a projector shows it to the room)."""
    text = st.query_params.get(TABLE_DEAL)
    if text is None:
        return
    del st.query_params[TABLE_DEAL]
    st.session_state[DEAL_BOX] = text
    st.session_state[K + "deal_note"] = True


def tables_panel(code: str, secret: str) -> None:
    """The class page's "Tables" section (module docstring)."""
    st.markdown("### Tables: the class plays in fours")
    with st.expander("Open tables for the class"):
        _open_form(code, secret)
    _overview(code, secret)
    codes = st.session_state.get(K + "codes", [])
    if codes:
        _links(codes)
        if st.session_state.pop(K + "deal_note", False):
            st.info(
                'The deal from the deal editor is in the box "Deal a hand you choose": open a table as a '
                'teaching table, then press "Deal it at this table".'
            )
        chosen = st.selectbox("Open a table as a teaching table (every hand shown)", ["none", *codes])
        if chosen != "none":
            _teaching(code, secret, chosen)
            _deal_box(chosen, secret)
        projector_picker(code, codes)


__all__ = ["DEAL_BOX", "GLANCE_EVERY", "TABLE_DEAL", "table_link", "tables_panel", "take_table_deal"]
