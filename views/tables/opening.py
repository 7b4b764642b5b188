"""Opening a table: the rules (the four-player presets), who sits in the three other seats (a
person, or a computer of a level), whether the coach may give hints; the opener sits at South.

The opener's name is the learner's name this browser already uses (``ui.learn_profile``), else the
one typed here; it is checked as any name at a table is (``classroom.names.check_name``) before the
table is opened, so a refused name opens nothing.
"""

from __future__ import annotations

import streamlit as st

from classroom.names import check_name
from engine.core.rules import PRESETS, Rules
from engine.core.seats import seat_name
from multiplayer import service
from ui.echo import plain
from ui.learn_profile import learner
from views.tables.keys import KEYS, SECRETS, new_key
from views.tables.seated import OUT_OF_REACH

FOUR_PLAYERS: dict[str, Rules] = {name: rules for name, rules in PRESETS.items() if rules.players == 4}
PERSON = "a person"
LEVELS = {"a beginner computer": "beginner", "a club computer": "club", "an expert computer": "expert"}
SEAT_CHOICES = (PERSON, *LEVELS)
STANDARD = "Standard (North America)"


def open_form() -> None:
    """The form that opens a table; opened, the table's code goes into the address."""
    st.write(
        "Open a table, then send its link to the people you want to play with. Computers play the "
        "seats nobody takes."
    )
    with st.form("tb_open_form"):
        rules_name = st.selectbox("Rules", list(FOUR_PLAYERS), index=list(FOUR_PLAYERS).index(STANDARD))
        st.markdown(f"You sit at **{seat_name(4, 0)}**. Who sits in the other seats?")
        choices = []
        for seat, default in ((1, PERSON), (2, PERSON), (3, PERSON)):
            choices.append(
                st.selectbox(
                    seat_name(4, seat),
                    SEAT_CHOICES,
                    index=SEAT_CHOICES.index(default),
                    key=f"tb_seat_{seat}",
                )
            )
        hints = st.radio("Hints from the coach during play", ("Allowed", "Not allowed"), horizontal=True)
        name = st.text_input("Your name at the table", value=learner() or "", max_chars=40)
        go = st.form_submit_button("Open the table", type="primary")
    if go:
        levels: list[str | None] = [None, *(LEVELS.get(c) for c in choices)]
        _open(FOUR_PLAYERS[rules_name], levels, hints == "Allowed", name)


def _open(rules: Rules, levels: list[str | None], hints: bool, name: str) -> None:
    try:
        shown = check_name(name)
    except ValueError as err:
        st.error(plain(f"{err}."))
        return
    key = new_key()
    try:
        opened = service.open_table(rules, levels, hints)
        service.join(opened.code, shown, key, seat=0)
    except service.StoreError:
        st.error(f"The table could not be opened. {OUT_OF_REACH}")
        return
    except ValueError as err:  # a refusal of the table (service.TableError), worded for the player
        st.error(plain(f"The table could not be opened: {err}"))
        return
    st.session_state.setdefault(KEYS, {})[opened.code] = key  # the cookies follow on the seated page
    st.session_state.setdefault(SECRETS, {})[opened.code] = opened.secret
    st.query_params["table"] = opened.code
    st.rerun()
