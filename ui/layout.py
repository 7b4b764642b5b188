"""Page furniture shared by every page: the display settings and a page header.

Display settings live in session state under plain keys: ``four_colour`` (bool, see
``ui.cards.four_colour``) and ``projector`` (bool: present mode, large cards, text and controls
for a classroom screen; read it through ``projector()``).

Present mode is the one switch a teacher needs. It is the sidebar's "Present mode" toggle, and a
link with ``?present=1`` turns it on (``?present=0`` off) on any page, so a shared link opens the
class's screen ready. While it is on the page's link keeps ``present=1`` (``sync_present_link``
puts it back after a page change or a page that rewrote its link), so copying the address shares
it; ``present_query()`` is the parameter for a page that builds its own links.

A page that must fit one screen (Learn's steps, the Rules walkthrough) asks for the compact top
(``present_top()``: the header's strip see-through, the page 1rem from the top) and may put its body
in containers keyed ``FIT_KEY`` + a name (one, or one per column) and call ``fit_to_screen()``: the
browser then shrinks each container that reaches too low (CSS zoom, text and cards together, lines
re-wrapped to the wider room) just enough that the page needs no scrolling, never below
``FIT_FLOOR``; the zoom it chose is on the container's ``data-fit`` attribute (1 when it fits as
drawn).
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


# Present mode's compact top: the header's strip (120 px tall at 1920) is see-through and only its
# buttons (the sidebar's ») take clicks, the page starts 1rem from the top and ends 1rem from the
# bottom (Streamlit leaves 10rem there), and the rules line (app.py's first line) starts right of
# the » button, which sits over the page's top left corner. An element that only holds a script or
# a style (the clicker's keys, fit_to_screen) takes no room: Streamlit would leave a gap (1rem) for it.
PRESENT_TOP_STYLE = """<style>
[data-testid="stHeader"] { background: transparent; pointer-events: none; }
[data-testid="stHeader"] button, [data-testid="stHeader"] a { pointer-events: auto; }
.stMainBlockContainer { padding-top: 1rem !important; padding-bottom: 1rem !important; }
.st-key-ec_rules_summary { padding-left: 2rem; }
.stMainBlockContainer [data-testid="stElementContainer"]:has(> [data-testid="stHtml"]):not(
  :has(> [data-testid="stHtml"] > :not(style, script))) { display: none; }
</style>"""

FIT_KEY = "ec_fit_"  # a container keyed FIT_KEY + a name: fit_to_screen() shrinks it to the screen
FIT_FLOOR = 0.6  # the smallest zoom fit_to_screen() uses (body text 28 px at 1920 stays 17 px or more)
# CSS px: a window this wide or narrower (a phone: Streamlit stacks the columns) scrolls as drawn
FIT_NARROW = 640

# One observer per browser tab (a later run finds it): on every change of the page (an element
# drawn, a picture loaded, the window resized) it sets the fit containers' zoom back to 1 and, if
# the page then scrolls, finds the line their bottoms must keep above for it not to (the lowest
# bottom less the overflow: the containers sit side by side, in columns) and gives each container
# that reaches below it the largest zoom that keeps it above (eight halvings between FIT_FLOOR and
# 1: within 0.2%). Each column on its own: a long text shrinks, the cards beside it keep their size.
# A phone's page (FIT_NARROW) is left to scroll: its columns are stacked, and shrunk they would be
# too small to read.
# Lines re-wrap at each zoom, so the height is measured, not divided. Once a frame at most; its own
# zoom changes cause one more pass, which finds the same zooms.
# (No less-than sign before a letter anywhere in this script: Streamlit's sanitizer drops it.)
_FIT_SCRIPT = """<script>
(() => {
  if (window.__ecFit) { window.__ecFit(); return; }
  const bottom = (el) => el.getBoundingClientRect().bottom;
  const fit = () => {
    const main = document.querySelector('[data-testid="stMain"]');
    const boxes = [...document.querySelectorAll('[class*="st-key-%(key)s"]')];
    if (!main || !boxes.length) return;
    boxes.forEach((box) => { box.style.zoom = '1'; });
    const over = main.scrollHeight - main.clientHeight;
    if (over > 0 && window.innerWidth > %(narrow)s) {
      const line = Math.max(...boxes.map(bottom)) - over - 1;
      for (const box of boxes) {
        if (bottom(box) > line) {
          let lo = %(floor)s, hi = 1;
          for (let i = 0; i !== 8; i++) {
            const mid = (lo + hi) / 2;
            box.style.zoom = String(mid);
            if (bottom(box) > line) hi = mid; else lo = mid;
          }
          box.style.zoom = String(lo);
        }
      }
    }
    boxes.forEach((box) => { box.dataset.fit = Number(box.style.zoom).toFixed(3); });
  };
  let queued = false;
  const later = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; fit(); });
  };
  window.__ecFit = later;
  const sized = new ResizeObserver(later);
  let watched = null;
  const watch = () => {
    const block = document.querySelector('.stMainBlockContainer');
    if (block && block !== watched) { if (watched) sized.unobserve(watched); sized.observe(block); watched = block; }
    later();
  };
  new MutationObserver(watch).observe(document.body, {childList: true, subtree: true, characterData: true});
  window.addEventListener('resize', later);
  watch();
})();
</script>"""


def present_top() -> None:
    """Present mode's compact top (``PRESENT_TOP_STYLE``), for a page that fits one screen."""
    st.html(PRESENT_TOP_STYLE)


def fit_script() -> str:
    """The ``<script>`` of ``fit_to_screen``. Streamlit's sanitizer drops a script whose text has a
    less-than sign before a letter or a slash:

    >>> import re
    >>> re.findall(r"<[/\\w]", fit_script().removeprefix("<script>").removesuffix("</script>"))
    []
    """
    return _FIT_SCRIPT % {"key": FIT_KEY, "floor": FIT_FLOOR, "narrow": FIT_NARROW}


def fit_to_screen() -> None:
    """Shrink the page's ``FIT_KEY`` containers until the page needs no scrolling (see the
    module's docstring); for present mode, where nobody scrolls a projector."""
    st.html(fit_script(), unsafe_allow_javascript=True)


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
