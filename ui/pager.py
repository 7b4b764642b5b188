"""A pager for long lists: what a page draws stays the same size however long the list.

``page_window`` is the arithmetic (pure); ``pager`` draws Previous / Next and where the reader
is, keeps the page in session state under ``{key}-page``, and returns the slice to draw. Start a
new list on page 1 with ``first_page(key)``.

>>> page_window(45, 3, per_page=20)
(3, 3, 40, 45)
"""

from __future__ import annotations

import streamlit as st

PER_PAGE = 20


def page_window(total: int, page: int, per_page: int = PER_PAGE) -> tuple[int, int, int, int]:
    """(page, pages, start, stop) for 1-based ``page`` of ``total`` rows: the page clamped to
    1..pages (at least one page), and the slice of rows it shows.

    >>> page_window(45, 99), page_window(0, 1), page_window(40, 2)
    ((3, 3, 40, 45), (1, 1, 0, 0), (2, 2, 20, 40))
    """
    pages = max(1, -(-total // per_page))
    page = min(max(page, 1), pages)
    start = (page - 1) * per_page
    return page, pages, start, min(start + per_page, total)


def _state(key: str) -> str:
    return f"{key}-page"


def first_page(key: str) -> None:
    st.session_state[_state(key)] = 1


def _turn(key: str, step: int, pages: int) -> None:
    page = st.session_state.get(_state(key), 1)
    st.session_state[_state(key)] = min(max((page if isinstance(page, int) else 1) + step, 1), pages)


def pager(key: str, total: int, what: str = "Rows", per_page: int = PER_PAGE) -> tuple[int, int]:
    """Previous / Next buttons (keys ``{key}-prev``, ``{key}-next``) and a caption saying where the
    reader is, when there is more than one page; returns (start, stop) of the rows to draw."""
    held = st.session_state.get(_state(key), 1)
    page, pages, start, stop = page_window(total, held if isinstance(held, int) else 1, per_page)
    st.session_state[_state(key)] = page
    if pages > 1:
        with st.container(horizontal=True, vertical_alignment="center", key=f"{key}-pager"):
            st.button(
                "Previous",
                key=f"{key}-prev",
                on_click=_turn,
                args=(key, -1, pages),
                disabled=page == 1,
                icon=":material/chevron_left:",
            )
            st.caption(f"{what} {start + 1:,}–{stop:,} of {total:,} · page {page:,} of {pages:,}")
            st.button(
                "Next",
                key=f"{key}-next",
                on_click=_turn,
                args=(key, 1, pages),
                disabled=page == pages,
                icon=":material/chevron_right:",
            )
    return start, stop
