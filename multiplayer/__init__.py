"""Tables of people without Streamlit: seats, turns, leaving and coming back. The table's rules are
the engine's (``multiplayer.table``: pure values and functions), kept in the database by
``store.people_tables`` through one service (``multiplayer.service``)."""
