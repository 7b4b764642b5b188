"""A presenter's keys: what a clicker sends steps whatever a teacher steps through.

A clicker sends PageDown / PageUp (most of them), the arrow keys or Space (some send Home / End
too). Three places step: the Rules page's deal walkthrough, Learn's lessons in present mode and the
practice replay; each names its buttons in a ``Stepper`` and calls ``install_step_keys``. Forward is
PageDown, Space or →; back is PageUp or ←; Home and End go to the first and the last step. A step
with an answer to reveal (a Learn exercise in present mode) names its reveal button as forward
until the answer shows, so the clicker's next reveals it, then moves on (``CLICKER_REVEAL_HELP``
says so).

Streamlit's own button shortcuts ignore a key while a form control has the focus, and a switch just
clicked keeps the focus (the sidebar's "Present mode", the replay's "Replay this hand step by
step"): the keys did nothing until the teacher clicked somewhere else, and Space toggled the switch
or clicked the focused button again. ``install_step_keys`` puts one listener on the document (once
per browser tab; a later run finds it there and only gives it the page's buttons) that clicks the
page's buttons by their keys, whatever has the focus: a button, a switch or the page itself. It
takes those keys away from the focused control (Space does not click the button or flip the switch
too) and leaves them alone while the focus is in a text field or a select (typing, the list open),
or on a slider or a radio button, whose arrow keys move their own value (unless the slider is the
stepper's own: ``Stepper.own``). On a page without the stepper's buttons it does nothing: the keys
scroll the page as usual.

>>> key_map(Stepper(next="n", back="b", first="f"))
{'PageDown': 'n', ' ': 'n', 'ArrowRight': 'n', 'PageUp': 'b', 'ArrowLeft': 'b', 'Home': 'f'}
>>> key_map(Stepper(next="n", back="b"), clicker=False)
{'ArrowRight': 'n', 'ArrowLeft': 'b'}
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import streamlit as st

FORWARD = ("PageDown", " ", "ArrowRight")  # KeyboardEvent.key values; " " is Space
BACK = ("PageUp", "ArrowLeft")
CLICKER_HELP = "Clicker: PageDown/Space/→ next, PageUp/← back"
# a step with an answer to reveal (Learn's exercises in present mode): next reveals it, then moves on
CLICKER_REVEAL_HELP = "Clicker: next (PageDown/Space/→) reveals the answer, then moves on; PageUp/← back"


@dataclass(frozen=True, slots=True)
class Stepper:
    """The ``st.button`` keys a stepper's keys click (None: no such button on this run), and
    ``own``: the keys of its own widgets (the replay's step slider) whose arrow keys are taken too."""

    next: str | None
    back: str | None
    first: str | None = None
    last: str | None = None
    own: tuple[str, ...] = ()


def key_map(stepper: Stepper, clicker: bool = True) -> dict[str, str]:
    """KeyboardEvent.key -> the button key it clicks; with ``clicker`` False only ← and → (a
    learner's page, where PageDown and Space keep scrolling it)."""
    forward, back = (FORWARD, BACK) if clicker else (("ArrowRight",), ("ArrowLeft",))
    pairs = [(k, stepper.next) for k in forward] + [(k, stepper.back) for k in back]
    if clicker:
        pairs += [("Home", stepper.first), ("End", stepper.last)]
    return {k: button for k, button in pairs if button}


_SCRIPT = """<script>
(() => {
  // Streamlit's class for a widget's key: st-key- and the key, other characters as '-' (no less-than
  // sign before a letter anywhere in this script: Streamlit's sanitizer drops such a script)
  const cls = (key) => '.st-key-' + key.trim().replace(/[^a-zA-Z0-9_-]/g, '-');
  window.__ecStepMap = %s;
  window.__ecStepOwn = %s;
  // typing: a text field, a select (its list open or not): every key is its own
  const typing = (el) => !!el && (el.isContentEditable || ['TEXTAREA', 'SELECT'].includes(el.tagName)
    || (el.tagName === 'INPUT' && !['checkbox', 'radio', 'range', 'button', 'submit', 'reset'].includes(el.type))
    || ['combobox', 'listbox', 'option', 'textbox', 'searchbox', 'spinbutton', 'menu', 'menuitem']
      .includes(el.getAttribute('role')));
  // a slider or a radio button moves its own value with the arrow keys (not the stepper's slider)
  const adjusts = (el) => !!el && el.tagName !== 'BUTTON'
    && (['range', 'radio'].includes(el.type) || ['slider', 'radio'].includes(el.getAttribute('role')))
    && !window.__ecStepOwn.some((key) => el.closest(cls(key)));
  const loose = () => {  // a switch or button just clicked keeps the focus: give it back to the page
    const el = document.activeElement;
    if (el && el !== document.body && !typing(el) && !adjusts(el)) el.blur();
  };
  loose();
  if (window.__ecStepKeys) return;
  window.__ecStepKeys = true;
  let swallow = null;  // the key whose keyup the focused control must not see (Space clicks on keyup)
  document.addEventListener('keydown', (event) => {
    const key = window.__ecStepMap[event.key];
    const el = document.activeElement;
    if (!key || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || typing(el) || adjusts(el)) return;
    const button = document.querySelector(cls(key) + ' button');
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    swallow = event.key;
    loose();
    if (!button.disabled) button.click();
  }, true);
  document.addEventListener('keyup', (event) => {
    if (event.key !== swallow) return;
    swallow = null;
    event.preventDefault();
    event.stopPropagation();
  }, true);
})();
</script>"""


def step_keys_script(stepper: Stepper, clicker: bool = True) -> str:
    """The ``<script>`` that installs the listener and gives it ``stepper``'s buttons. Streamlit's
    sanitizer drops a script whose text has a less-than sign before a letter or a slash:

    >>> import re
    >>> text = step_keys_script(Stepper("n", "b")).removeprefix("<script>").removesuffix("</script>")
    >>> re.findall(r"<[/\\w]", text)
    []
    """
    return _SCRIPT % (json.dumps(key_map(stepper, clicker)), json.dumps(list(stepper.own)))


def install_step_keys(stepper: Stepper, style: str = "", clicker: bool = True) -> None:
    """Give the page's keys to ``stepper`` (see the module's docstring), with ``style`` (a
    ``<style>`` block) in the same element."""
    st.html(style + step_keys_script(stepper, clicker), unsafe_allow_javascript=True)


def clicker_help(reveal: bool = False) -> None:
    """The keys, said once on the screen (a caption), for a teacher with a clicker; ``reveal``: on
    a step whose next first reveals an answer."""
    st.caption(CLICKER_REVEAL_HELP if reveal else CLICKER_HELP)
