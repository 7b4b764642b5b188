"""Streamlit-side helpers shared by every page: card graphics, the rules panel, share links, layout.

Nothing in here holds game logic; it draws engine values and asks the engine questions.
"""
