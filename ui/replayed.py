"""A widget's ``on_change`` called for a value that is no one's click: a switch's old value sent again.

A page whose widgets are keyed by what they change (the class's stage, the table's version) draws a
new widget each time it moves. In the moment between the server drawing the new one and the
browser taking it in, a rerun the browser asks for (a live part's timer, twice a second on the
projector) still carries the old widget. The server has forgotten it, so Streamlit takes its value
for a change and calls its ``on_change`` again: with the value it was drawn with (nobody clicked
it), or with the one clicked and already applied. Applied again, such a value undid another
screen's lock and restarted an open question's timer at each stage (revealed 18 s late on a busy
machine). ``fresh`` tells a callback whether the value is a click still to apply; ``applied``
records one that was.

Only for widgets keyed by what they change: each value applied moves the key, so a widget never
takes the same click twice. (A widget of a fixed key can be set back by another path and then
clicked to the value applied before: there ``applied`` would swallow a real click.)
"""

from __future__ import annotations

import streamlit as st

APPLIED = "replayed_applied"  # session key: {widget key: the value applied from it}, the latest few
KEPT = 64  # widget keys remembered (a page draws a handful at each stage)
_NONE = object()


def fresh(key: str, value: object, drawn: object) -> bool:
    """Whether ``value``, the widget ``key``'s in its callback, is a click to apply: not the value
    it was drawn with, nor one already applied from that widget."""
    if value == drawn:
        return False
    done = st.session_state.get(APPLIED)
    return not (isinstance(done, dict) and done.get(key, _NONE) == value)


def applied(key: str, value: object) -> None:
    """Record that ``value`` was applied from the widget ``key`` (the oldest records let go)."""
    done = st.session_state.get(APPLIED)
    kept = dict(done) if isinstance(done, dict) else {}
    kept.pop(key, None)
    kept[key] = value
    st.session_state[APPLIED] = dict(list(kept.items())[-KEPT:])
