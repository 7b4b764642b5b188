"""Text from a link, a form or a file, shown on a page as the text it is: never as markdown.

Streamlit draws the body of ``st.warning``, ``st.error``, ``st.info``, ``st.caption`` and
``st.markdown`` as GitHub-flavoured markdown with Streamlit's own additions. A page that echoed a
link's ``lesson=[Log in here](https://evil.example/login)`` drew a live link in its warning, and
``![t](https://evil.example/p.png)`` made the browser fetch that address. Every message that
carries what a user typed goes through ``plain`` (the value itself quoted by
``engine.core.errors.quoted``, at most 60 characters, or by ``echo``):

- a backslash before every character that starts markdown a user could mean as text: link and
  image brackets, HTML's ``<``, code and emphasis marks, tables, Streamlit's ``:colour[...]``,
  ``:icons:`` and ``$maths$``, character references (``&``);
- ``:`` and ``@`` escaped, and the dot of ``www.``; and, because Streamlit turns a bare address
  into a link after reading the markdown (where a backslash no longer counts), an invisible
  word joiner (U+2060) after the ``:`` of ``://``, after an ``@`` before a name and after
  ``www``, so no address becomes a link by itself;
- line breaks and other control characters as spaces (a blank line, the only break a message
  keeps, starts a new paragraph), and a paragraph that would open a list or a heading escaped.

>>> plain("lesson='[Log in](https://evil.example)'")
"lesson='\\\\[Log in\\\\](https\\\\:\\u2060//evil.example)'"
>>> echo("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'"
"""

from __future__ import annotations

import re
import unicodedata

from engine.core.errors import SHOWN_CHARS, quoted

_ALWAYS = frozenset("\\`*[]<>!~|$&:@#{}")  # each starts (or ends) markdown somewhere in a line
_LIST_START = re.compile(r"([-+=]|[0-9]{1,9}[.)])")  # a paragraph opening a list or a setext line
_WWW = re.compile(r"(?i)(?<=www)\.")
JOINER = "\u2060"  # a word joiner: invisible, and it breaks Streamlit's bare-address autolinks


def _line_break(ch: str) -> bool:
    return unicodedata.category(ch) in ("Cc", "Zl", "Zp")


def _paragraph(text: str) -> str:
    text = "".join(" " if _line_break(ch) else ch for ch in text).strip()
    out: list[str] = []
    for i, ch in enumerate(text):
        if ch in _ALWAYS:
            # a joiner only where an address could start: '://' and 'name@host'
            link = (ch == ":" and text[i + 1 : i + 3] == "//") or (
                ch == "@" and text[i + 1 : i + 2].isalnum()
            )
            out.append("\\" + ch + (JOINER if link else ""))
        elif ch == "_" and not (0 < i < len(text) - 1 and text[i - 1].isalnum() and text[i + 1].isalnum()):
            out.append("\\_")  # an underscore inside a word (defend_alone) is never emphasis
        else:
            out.append(ch)
    escaped = _WWW.sub(JOINER + "\\.", "".join(out))
    start = _LIST_START.match(escaped)
    if start:
        escaped = escaped[: start.end() - 1] + "\\" + escaped[start.end() - 1 :]
    return escaped


def plain(text: object) -> str:
    """``text`` as markdown that Streamlit draws as exactly that text (see the module's notes)."""
    return "\n\n".join(_paragraph(p) for p in re.split(r"\n[ \t]*\n", str(text)))


def echo(value: object) -> str:
    """A value from a link or a form, for a message: quoted, cut to SHOWN_CHARS characters, plain."""
    return plain(quoted(value, SHOWN_CHARS))


__all__ = ["echo", "plain"]
