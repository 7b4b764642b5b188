"""The walkthrough's keys: what a presenter's clicker sends steps the Rules page's walkthrough.

A clicker sends ArrowRight / ArrowLeft or PageDown / PageUp (some send Home / End too). Streamlit's
own button shortcuts ignore a key while a form control has the focus, and the sidebar's "Present
mode" toggle keeps the focus after it is switched: the keys did nothing until the teacher clicked
somewhere else. ``install_step_keys`` puts one listener on the document (once per browser tab; a
later run finds it there) that clicks the walkthrough's buttons by their keys (``KEYS``), takes the
focus off a toggle or a button, and leaves the keys alone while the focus is in a text field, a
list or a slider (where they move the cursor or the value). On a page without the walkthrough's
buttons it does nothing.
"""

from __future__ import annotations

import json

import streamlit as st

# key -> the st.button key it clicks (the page gives its buttons these keys)
KEYS = {
    "ArrowRight": "rx_next", "PageDown": "rx_next", "ArrowLeft": "rx_back", "PageUp": "rx_back",
    "Home": "rx_first", "End": "rx_last",
}

_SCRIPT = """<script>
(() => {
  const KEYS = %s;
  const skip = (el) => !!el && (el.isContentEditable || ['TEXTAREA', 'SELECT'].includes(el.tagName)
    || (el.tagName === 'INPUT' && !['checkbox', 'button', 'submit'].includes(el.type))
    || ['combobox', 'slider', 'listbox', 'option', 'radio', 'textbox', 'spinbutton'].includes(el.getAttribute('role')));
  const loose = () => {  // the toggle just switched keeps the focus: give it back to the page
    const el = document.activeElement;
    if (el && el !== document.body && !skip(el)) el.blur();
  };
  loose();
  if (window.__ecStepKeys) return;
  window.__ecStepKeys = true;
  document.addEventListener('keydown', (event) => {
    const key = KEYS[event.key];
    if (!key || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || skip(event.target)) return;
    const button = document.querySelector('.st-key-' + key + ' button');
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    loose();
    if (!button.disabled) button.click();
  }, true);
})();
</script>"""


def step_keys_script() -> str:
    """The ``<script>`` that installs the listener (for a page's own ``st.html``)."""
    return _SCRIPT % json.dumps(KEYS)


def install_step_keys(style: str = "") -> None:
    """Install the listener, with ``style`` (a ``<style>`` block) in the same element."""
    st.html(style + step_keys_script(), unsafe_allow_javascript=True)
