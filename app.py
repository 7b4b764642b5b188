"""Euchre Coach: the entry point is only a router over the pages."""

from __future__ import annotations

import streamlit as st


def home() -> None:
    st.title("Euchre Coach")
    st.write(
        "Learn Euchre, analyse your hands and practise against computer players. "
        "The rules engine behind every page implements the whole rule book: 2, 3 and 4 "
        "players, 24/28/32-card decks, the joker, stick the dealer, going alone and defending alone."
    )


def main() -> None:
    st.set_page_config(page_title="Euchre Coach", page_icon="🃏", layout="wide")
    page = st.navigation([st.Page(home, title="Home", icon="🏠", default=True)])
    page.run()


main()
