"""Markdown and HTML in every query parameter every page reads, opened through app.py's router as
a browser opens a link: nothing from the link renders as a link or an image, and no page echoes
more than about 60 characters of a value (issue 29: ``/learn?lesson=[Log in here](https://evil.example/login)``
drew a live link in the warning, ``![t](https://evil.example/p.png)`` made the browser fetch it).

Every hostile value points at ``evil.example``. The check reads each drawn element's markdown
source the way CommonMark does (``active``: backslash escapes and code spans are inert) and looks
for a link, an image, an autolink or an HTML tag whose address is that host; raw HTML elements
(``st.html``) must not carry it in a tag either.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from store import classes
from ui.share import RULE_FIELDS

pytestmark = pytest.mark.usefixtures("db")

HAND = "JH JD AH KS 9C"
OPEN_CLASS = "(a class that exists)"
POSITION = "standard/3/9S-TC-QH-9H-JH,TD-AH-AC-JC-QD,TS-AS-9D-AD-QS,9C-KD-JS-QC-TH/KC:KS-JD-KH/pass"
# The parameters each page reads, each with the other parameters that make the page read it
# (a step is read only in a lesson, an exercise's seed only on an exercise step; score=x stops
# the Analyze page before it simulates, which a valid question would start). The
# rules fields and present= are read by the router on every page: tested on the home page.
# The Class page reads teacher= and pupil= only for a class that exists: OPEN_CLASS stands for
# the code of a class started in the test's own database just before the link is opened.
PAGE_KEYS: dict[str, dict[str, dict[str, str]]] = {
    "views/home.py": {**{key: {} for key in RULE_FIELDS}, "present": {}},
    "views/learn/learn.py": {
        "lesson": {},
        "step": {"lesson": "bowers"},
        "seed": {"lesson": "bowers", "step": "5"},
    },
    "views/rules/rules.py": {
        "section": {},
        "trump": {"section": "ranking"},
        "led": {"section": "follow", "hand": "9H"},
        "hand": {"section": "follow", "led": "KD"},
        "seed": {"section": "deal", "dealer": "0"},
        "dealer": {"section": "deal", "seed": "5"},
        "step": {"section": "deal", "seed": "5", "dealer": "0"},
        "position": {"section": "deal"},
    },
    "views/analyze/analyze.py": {
        "hand": {"upcard": "9H", "seat": "first"},
        "upcard": {"hand": HAND, "seat": "first"},
        "seat": {"hand": HAND, "upcard": "9H", "score": "x"},
        "round": {"hand": HAND, "upcard": "9H", "seat": "first", "score": "x"},
        "turned_down": {"hand": HAND, "upcard": "9H", "seat": "first", "round": "2", "score": "x"},
        "score": {"hand": HAND, "upcard": "9H", "seat": "first"},
    },
    "views/practice/practice.py": {
        "deal": {},
        "levels": {},
        "position": {"seed": "11"},
        "seed": {"position": POSITION},
        "score": {"position": POSITION},
        "hand": {"position": POSITION},
        "start": {"position": POSITION},
    },
    "views/class_mode/class_mode.py": {
        "class": {},
        "teacher": {"class": OPEN_CLASS},
        "pupil": {"class": OPEN_CLASS},
    },
}
PAIRS = [(page, key) for page, keys in PAGE_KEYS.items() for key in keys]

LINK = "[Log in here](https://evil.example/login)"
IMAGE = "![t](https://evil.example/p.png)"
HOSTILE = [
    LINK,
    IMAGE,
    "<a href='https://evil.example'>x</a>",
    "<img src=https://evil.example/p.png>",
    "https://evil.example/login",
    "www.evil.example",
    "mail@evil.example",
    "<https://evil.example>",
    "[a][r]\n\n[r]: https://evil.example",
    "\\" + LINK,
    "`x`" + LINK,
    "\n\n" + LINK,
    ":red[" + LINK + "]",
    "[a](<https://evil.example/x y>)",
    "[a](https://evil.example 'title')",
    "**" + LINK + "**",
]
LONG = LINK + "Q" * 10_000
# What a class link may hold instead of a code, a teacher's secret or a pupil's token: codes that
# cannot be one or name no class, a script, letters from other alphabets, nothing at all.
CLASS_VALUES = [
    "",
    "AB1",
    "ZZZZZZ",
    "abc234",
    "O0I1LL",
    "9" * 5000,
    "١٢٣٤٥٦",
    "ＡＢＣＤＥＦ",
    "😀" * 6,
    "\u202eABCDEF",
    "<script src=https://evil.example/x.js></script>",
    "ABCDEF<img src=https://evil.example/p.png>",
]

# ---- reading markdown as a renderer does ----------------------------------------------------

_PUNCTUATION = set(string.punctuation)
_EVIL = "evil"
_LINKS = [
    re.compile(r"\]\s*\(\s*<?([^)>]*)"),  # an inline link or image: [text](address
    re.compile(r"(?m)^\s*\[[^\]]*\]\s*:\s*(\S*)"),  # a link reference definition: [r]: address
    re.compile(r"(?i)<\s*/?\s*[a-z][a-z0-9-]*([^>]*)"),  # an HTML tag (its attributes)
    re.compile(r"(?i)<([a-z][a-z0-9+.-]*:[^>\s]*)"),  # an autolink: <scheme:address>
    re.compile(r"(?i)((?:https?|ftp|mailto|xmpp|javascript):\S*)"),  # an address GFM links by itself
    re.compile(r"(?i)(www\.\S*)"),
    re.compile(r"(\S*@\S*)"),  # an e-mail address
]


def active(body: str) -> str:
    """The markdown a renderer interprets: every backslash-escaped punctuation character and every
    code span blanked (CommonMark: a backslash escape is literal text, a code span is inert)."""
    out: list[str] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body) and body[i + 1] in _PUNCTUATION:
            out.append("  ")
            i += 2
            continue
        if ch == "`":
            n = len(body[i:]) - len(body[i:].lstrip("`"))
            close = re.compile(rf"(?<!`)`{{{n}}}(?!`)").search(body, i + n)
            if close:
                out.append(" " * (close.end() - i))
                i = close.end()
                continue
            out.append("`" * n)
            i += n
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def live_links(body: str) -> list[str]:
    """The addresses in ``body`` that a markdown renderer would turn into a link or an image
    pointing at the hostile host."""
    text = active(body)
    return [m.group(1) for pattern in _LINKS for m in pattern.finditer(text) if _EVIL in m.group(1).lower()]


def bodies(at: AppTest) -> list[tuple[str, str]]:
    """Every markdown source the run drew: text, captions, alerts, headings, toasts."""
    kinds = (
        "markdown",
        "caption",
        "latex",
        "warning",
        "error",
        "info",
        "success",
        "title",
        "header",
        "subheader",
        "toast",
    )
    found = [(kind, str(e.value)) for kind in kinds for e in getattr(at, kind)]
    return found + [("exception", str(e.value)) for e in at.exception]


def html_tags_with_host(at: AppTest) -> list[str]:
    """Tags of st.html elements whose attributes name the hostile host (escaped text is fine)."""
    return [
        m.group()
        for h in at.html
        for m in re.finditer(r"<[a-zA-Z][^>]*>", str(h.proto.body))
        if _EVIL in m.group().lower()
    ]


def check_link(open_with: Callable[..., AppTest], page: str, key: str, value: str) -> AppTest:
    """Open ``page`` with ``value`` in ``key`` (and what makes the page read it): no exception,
    nothing from the value drawn as a link or an image, no long run of it echoed. Returns the run."""
    query = {**PAGE_KEYS[page][key], key: value}
    if OPEN_CLASS in query.values():
        code, _ = classes.start_class()
        query = {k: code if v == OPEN_CLASS else v for k, v in query.items()}
    at = open_with(page, query)
    assert not at.exception, (page, key, [e.value for e in at.exception])
    drawn = bodies(at)
    for kind, body in drawn:
        assert not live_links(body), (page, key, kind, body[:300])
    assert not html_tags_with_host(at), (page, key, html_tags_with_host(at)[:3])
    if len(value) > 200:  # an echo is cut to about 60 characters
        run = "Q" * 70
        assert not any(run in body for _, body in drawn), (page, key)
    return at


# ---- the oracle itself, on hand-written markdown ---------------------------------------------


@pytest.mark.parametrize(
    ("body", "live"),
    [
        (LINK, True),
        (IMAGE, True),
        ("<img src=https://evil.example/p.png>", True),
        ("www.evil.example", True),
        ("https://evil.example", True),
        ("a@evil.example", True),
        ("[r]: https://evil.example", True),
        ("\\[Log in\\](https\\://evil.example)", False),
        ("`[Log in](https://evil.example)`", False),
        ("\\<img src=https\\://evil.example\\>", False),
        ("www\\.evil.example a\\@evil.example", False),
        ("evil.example", False),
        ("[Open this hand](analyze?hand=JH)", False),
    ],
)
def test_the_check_reads_markdown_as_a_renderer_does(body: str, live: bool) -> None:
    assert bool(live_links(body)) == live


# ---- the links -------------------------------------------------------------------------------


@pytest.mark.parametrize(("page", "key"), PAIRS)
@pytest.mark.parametrize("value", [LINK, IMAGE], ids=["link", "image"])
def test_the_issue_links_draw_no_link(
    open_with: Callable[..., AppTest], tally: Any, page: str, key: str, value: str
) -> None:
    tally(
        "links: the issue's link and image in every parameter",
        lambda: check_link(open_with, page, key, value),
    )


@pytest.mark.parametrize("page", list(PAGE_KEYS))
def test_a_10000_character_value_is_cut(open_with: Callable[..., AppTest], tally: Any, page: str) -> None:
    """Every parameter of the page holds the same 10,000-character value at once."""

    def check() -> None:
        query = {key: LONG for key in PAGE_KEYS[page]}
        if page == "views/learn/learn.py":
            query = {"lesson": LONG}
        at = open_with(page, query)
        assert not at.exception, [e.value for e in at.exception]
        for kind, body in bodies(at):
            assert "Q" * 70 not in body and not live_links(body), (page, kind, body[:300])

    tally("links: 10,000-character values", check)


@pytest.mark.parametrize("key", list(PAGE_KEYS["views/class_mode/class_mode.py"]))
@pytest.mark.parametrize("value", CLASS_VALUES)
def test_a_class_link_with_any_code_or_token_opens_the_page(
    open_with: Callable[..., AppTest], tally: Any, key: str, value: str
) -> None:
    """The page also says what it made of the link: no class asked for (an empty code) is the start
    page; a code that cannot be one or names no class, a teacher's secret that is not this class's,
    a pupil's token that is not in it each get their message; an empty secret or token is the join form."""

    def check() -> None:
        at = check_link(open_with, "views/class_mode/class_mode.py", key, value)
        errors = " ".join(str(e.value) for e in at.error)
        warnings = " ".join(str(w.value) for w in at.warning)
        joining = [t for t in at.text_input if t.label == "Your first name"]
        if not value:
            assert (at.title and at.title[0].value == "Class") if key == "class" else joining, (key, errors)
        elif key == "class":
            assert "join code" in errors or "no class with the code" in errors, errors
        elif key == "teacher":
            assert "only the teacher's link can ask, reveal or end this class" in errors, errors
        else:
            assert "not a pupil of this class" in warnings and joining, (errors, warnings)

    tally("links: class codes and tokens", check)


hostile_values = st.one_of(
    st.sampled_from(HOSTILE),
    st.builds(
        lambda before, label, path, after, image: (
            f"{before}{'!' if image else ''}[{label}](https://evil.example/{path}){after}"
        ),
        st.text(max_size=6),
        st.text(max_size=6),
        st.text(alphabet=string.ascii_letters + string.digits + "/.-_?=&#%", max_size=10),
        st.text(max_size=6),
        st.booleans(),
    ),
    st.builds(
        lambda before, tag, after: (
            f"{before}<{tag} href=https://evil.example src=https://evil.example/p.png>{after}"
        ),
        st.text(max_size=6),
        st.sampled_from(["a", "img", "A", "IMG", "iframe", "script"]),
        st.text(max_size=6),
    ),
    st.builds(
        lambda before, address, after: f"{before}{address}{after}",
        st.text(max_size=6),
        st.sampled_from(
            [
                "https://evil.example",
                "HTTP://evil.example/x",
                "www.evil.example",
                "x@evil.example",
                "mailto:x@evil.example",
                "<https://evil.example>",
            ]
        ),
        st.text(max_size=6),
    ),
    st.just(LONG),
)


@settings(settings.get_profile("fuzz"), max_examples=24)
@given(pair=st.sampled_from(PAIRS), value=hostile_values)
def test_any_hostile_value_in_any_parameter_draws_no_link(
    open_with: Callable[..., AppTest], tally: Any, pair: tuple[str, str], value: str
) -> None:
    page, key = pair
    tally("links: generated markdown and HTML", lambda: check_link(open_with, page, key, value))
