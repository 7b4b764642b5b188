"""A class page that says when it has lost touch, and keeps secrets out of the address.

Two things can go away under a class page (the projector or a phone):

- **the class's records** (the database: a PostgreSQL server stopped, a SQLite file locked). The
  server still runs the page, so the page says so itself: ``reconnecting`` is the line the
  projector's live part and a phone show while their poll cannot read the class (the last count
  and the question stay drawn under it), and ``wait_for_records`` is what a page that could not be
  drawn at all runs: a fragment that tries again each second and draws the page afresh once the
  records answer. Neither says the database's own words (no host, user or driver text).
- **the app's server** (killed, restarted, the network gone). Then no run reaches the page, and
  Streamlit only greys it out (its header's connection mark is not drawn with this app's minimal
  toolbar). Its page element keeps the websocket's state, though (``stApp``'s
  ``data-test-connection-state``): a watcher in the browser (``WATCH``, installed once per page)
  puts a banner across the top of a class page, "Reconnecting…", once that state has not been
  "connected" for ``BANNER_AFTER_S`` seconds, and takes it away when it is again. (A heartbeat
  drawn by each live run was tried first: a mark whose time changed at every run of the
  projector's live part closed the teacher's open select boxes, twice a second.)

``address_guard`` takes a secret out of the address bar in place (``history.replaceState``: no
entry of the history keeps it) and keeps it out of any address Streamlit pushes later (a change of
the link's query from the server pushes the whole query again, the secret included).
"""

from __future__ import annotations

import json
import time

import streamlit as st

from classroom import service as classes
from classroom.service import DatabaseBusy, Room, StoreError

BANNER_AFTER_S = 2.0  # seconds without a connection to the app's server before the banner says so

OUT_OF_REACH_NOW = (
    "Reconnecting: the class's records are out of reach just now (the school's server is not "
    "answering). This page carries on by itself when they are back."
)
BUSY_NOW = (
    "Reconnecting: the database is busy just now (many answers at once). This page carries on by "
    "itself in a moment."
)


def reconnecting(err: Exception) -> str:
    """The line a class page shows while its poll cannot read the class: never the driver's words."""
    return BUSY_NOW if isinstance(err, DatabaseBusy) else OUT_OF_REACH_NOW


def reconnecting_line(away: Exception | None) -> None:
    """The live part's line about the records (``reconnecting``, when ``away`` says they are out of
    reach), in a place of its own drawn at every run: what the live part draws after it keeps its
    place on the page when the line comes or goes. Drawn in its place, the line took the next
    element's (the projector's count), which was off the page until the run drew it again below."""
    notice = st.container()
    if away is not None:
        notice.warning(reconnecting(away))


def wait_for_records(code: str, every: float = 1.0) -> None:
    """For a page that could not read class ``code`` at all: a fragment that tries again every
    ``every`` seconds and, once the class's records answer, draws the whole page afresh. Its first
    run (in the page's own, which has just failed) does not try: the next tick does."""
    since = time.monotonic()

    @st.fragment(run_every=every)
    def again() -> None:
        if time.monotonic() - since < every / 2:
            return
        try:
            Room(code).poll()
        except (classes.ClassError, StoreError):
            return
        st.rerun(scope="app")

    again()


# The watcher: once per page (a flag on the window), every half second, it reads the state of
# Streamlit's websocket; when it has not been connected for BANNER_AFTER_S seconds on a class page,
# it shows the banner, and takes it away once it is connected again.
WATCH = """<script>(function () {
  const w = window.parent || window;
  if (w.__ecWatch) return;
  w.__ecWatch = true;
  const d = w.document;
  let since = null;
  w.setInterval(function () {
    const app = d.querySelector('[data-testid="stApp"]');
    const state = app ? app.getAttribute("data-test-connection-state") : null;
    const lost = state !== null && state !== "CONNECTED" && state !== "INITIAL"
      && /\\/class\\/?$/.test(w.location.pathname);
    since = lost ? (since === null ? Date.now() : since) : null;
    const away = since !== null && Date.now() - since >= AFTER_MS;
    let box = d.getElementById("ec-reconnecting");
    if (away && !box) {
      box = d.createElement("div");
      box.id = "ec-reconnecting";
      box.setAttribute("data-testid", "cl-reconnecting");
      box.setAttribute("role", "status");
      box.textContent = "Reconnecting\u2026 this page has lost touch with the class's server. Keep it open: "
        + "it carries on by itself when the server answers again.";
      box.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:1000000;padding:10px 16px;"
        + "background:#fff4ce;color:#111;border-bottom:2px solid #b58a00;font:600 1.05rem sans-serif;"
        + "text-align:center";
      d.body.appendChild(box);
    } else if (!away && box) {
      box.remove();
    }
  }, 500);
})();</script>""".replace("AFTER_MS", str(int(BANNER_AFTER_S * 1000)))


def watch() -> None:
    """Install the watcher on this page (once per browser page: it keeps itself)."""
    st.html(WATCH, unsafe_allow_javascript=True)


def address_guard(*names: str) -> str:
    """A script that takes the query parameters ``names`` out of the page's address in place (the
    history entry replaced, none pushed) and out of every address pushed or replaced afterwards."""
    listed = json.dumps(list(names))
    return f"""<script>(function () {{
  const w = window.parent || window;
  const hidden = (w.__ecHidden = w.__ecHidden || new Set());
  {listed}.forEach(function (n) {{ hidden.add(n); }});
  function clean(address) {{
    const u = new URL(String(address), w.location.href);
    let changed = false;
    hidden.forEach(function (n) {{ if (u.searchParams.has(n)) {{ u.searchParams.delete(n); changed = true; }} }});
    return changed ? u.toString() : null;
  }}
  if (!w.__ecGuarded) {{
    w.__ecGuarded = true;
    ["pushState", "replaceState"].forEach(function (name) {{
      const original = w.history[name].bind(w.history);
      w.history[name] = function (state, title, address) {{
        const cleaned = address == null ? null : clean(address);
        return original(state, title, cleaned || address);
      }};
    }});
  }}
  const here = clean(w.location.href);
  if (here) w.history.replaceState(w.history.state, "", here);
}})();</script>"""


__all__ = [
    "BANNER_AFTER_S",
    "BUSY_NOW",
    "OUT_OF_REACH_NOW",
    "WATCH",
    "address_guard",
    "reconnecting",
    "reconnecting_line",
    "wait_for_records",
    "watch",
]
