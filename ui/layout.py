"""Page furniture shared by every page: the display settings and a page header.

Display settings live in session state under plain keys: ``four_colour`` (bool, see
``ui.cards.four_colour``) and ``projector`` (bool: present mode, large cards, text and controls
for a classroom screen; read it through ``projector()``).

Present mode is the one switch a teacher needs. It is the sidebar's "Present mode" toggle, and a
link with ``?present=1`` turns it on (``?present=0`` off) on any page, so a shared link opens the
class's screen ready. While it is on the page's link keeps ``present=1`` (``sync_present_link``
puts it back after a page change or a page that rewrote its link), so copying the address shares
it; ``present_query()`` is the parameter for a page that builds its own links.
"""

from __future__ import annotations

import streamlit as st

from ui.cards import FOUR_COLOUR_KEY

PROJECTOR_KEY = "projector"
PRESENT_PARAM = "present"  # ?present=1 in a link: present mode on
NORMAL_WIDTH = 90
PROJECTOR_WIDTH = 140
PRESENT_HELP = "Large cards, text and controls for a classroom screen; the sidebar folds away (› at the top left opens it)."
_ON = ("1", "true", "yes", "on")
_OFF = ("0", "false", "no", "off")

# Streamlit sizes its text, spacing and controls (buttons, inputs, chips, links) in rem, so a larger
# root font size enlarges all of them together, as a browser zoom would; the cards are drawn in
# pixels and grow through card_width(). The root size follows the screen's width, from 22 px
# (1320 px and less) to 32 px at 1920 px, where body text (0.875rem) is 28 px, readable from the
# back of a classroom (22 px stays first: the size for a browser without clamp()). The top
# padding is trimmed to keep more of the page on the screen.
PRESENT_STYLE = """<style>
html { font-size: 22px; }
html { font-size: clamp(22px, 1.6667vw, 36px); }
.stMainBlockContainer { padding-top: 3.2rem; padding-left: 2.2rem; padding-right: 2.2rem; }
.stMainBlockContainer [data-testid="stCaptionContainer"] { font-size: 0.95rem; }
.stMainBlockContainer [data-testid="stMarkdownContainer"] table { font-size: 1rem; }
</style>"""


def projector() -> bool:
    """True when present mode is on (the sidebar's "Present mode", or ``?present=1``)."""
    return bool(st.session_state.get(PROJECTOR_KEY, False))


def present_query() -> dict[str, str]:
    """``{"present": "1"}`` while present mode is on, else empty: for a page's own links."""
    return {PRESENT_PARAM: "1"} if projector() else {}


def sync_present_link() -> bool:
    """Match present mode and the page's link; returns whether present mode is on.

    An explicit ``present=1`` / ``present=0`` in the link sets the mode (a teacher's shared link);
    while the mode is on and the link lacks it (another page opened, a page rewrote its link),
    ``present=1`` is put back. Other values are left alone (the mode stays as it is).
    Called by app.py at the top of every run, before the page config is set."""
    raw = st.query_params.get(PRESENT_PARAM)
    value = raw.strip().lower() if isinstance(raw, str) else None
    if value in _ON:
        st.session_state[PROJECTOR_KEY] = True
    elif value in _OFF:
        st.session_state[PROJECTOR_KEY] = False
        del st.query_params[PRESENT_PARAM]
    elif projector():
        st.query_params[PRESENT_PARAM] = "1"
    return projector()


def _present_toggled() -> None:
    """The sidebar toggle changed: the link follows at once (so a reload keeps the choice)."""
    if projector():
        st.query_params[PRESENT_PARAM] = "1"
    elif PRESENT_PARAM in st.query_params:
        del st.query_params[PRESENT_PARAM]


def card_width(normal: int = NORMAL_WIDTH) -> int:
    """The card width to draw with: bigger in present mode."""
    return round(normal * PROJECTOR_WIDTH / NORMAL_WIDTH) if projector() else normal


def display_sidebar() -> None:
    """The display toggles in the sidebar (drawn by app.py on every page), and present mode's style."""
    with st.sidebar:
        st.subheader("Display")
        st.toggle(
            "Four-colour suits",
            key=FOUR_COLOUR_KEY,
            help="Diamonds blue and clubs green: easier for colour-blind players and on projectors.",
        )
        st.toggle("Present mode", key=PROJECTOR_KEY, help=PRESENT_HELP, on_change=_present_toggled)
    if projector():
        st.html(PRESENT_STYLE)


def page_header(title: str, intro: str | None = None) -> None:
    st.title(title)
    if intro:
        st.write(intro)
