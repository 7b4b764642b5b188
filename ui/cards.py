"""Playing cards drawn in code as SVG, one module used by every page.

``card_svg`` draws one card (face, joker or back) with readable corner indices and pips,
a state ring and, for some states, a badge naming it (``STATES``: "playable", "disabled",
"hinted" = HINT, "winning" = WINS, "selected", "next" for the card about to be played, and
after an answer "correct", "wrong" = YOUR PICK, "right_answer" and the neutral "answer"),
a trump marker when ``trump`` is given, and an accessible label ("jack of diamonds — left bower"). The four-colour
option draws diamonds blue and clubs green for colour-blind players and projectors.

On the page a card is an ``<img>`` (``card_img``): Streamlit's HTML sanitiser removes inline
``<svg>``, but keeps images, their ``alt``/``title`` text and ``data-`` attributes. Every card
image carries ``data-card`` (canonical text, "back" for a back) and ``data-state``, which the
browser tests read.

The picture itself is a file, ``static/cards/<hash of the SVG>.svg``, written the first time
that picture is drawn and served by Streamlit's static file serving (``.streamlit/config.toml``).
The browser fetches each picture once and reuses it, and a page run sends short links instead of
the pictures themselves (a practice click: about 15 KB instead of 70-90 KB). Where the folder
cannot be written, or static serving is off, the SVG goes inline as a data URI.
"""

from __future__ import annotations

import base64
import hashlib
import os
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path

import streamlit as st

from engine.core.cards import JACK, KING, QUEEN, Card, Suit
from engine.core.ranking import card_role, is_trump, left_bower, right_bower

STATES = (
    "normal",
    "playable",
    "disabled",
    "hinted",
    "winning",
    "selected",
    "next",
    "correct",
    "wrong",
    "right_answer",
    "answer",
)
FOUR_COLOUR_KEY = "four_colour"  # session-state key of the user's colour setting
PICTURE_DIR = Path(__file__).resolve().parent.parent / "static" / "cards"  # beside app.py: static/
PICTURE_URL = "app/static/cards"  # where Streamlit serves it, relative to the page
PICTURE_WIDTH = 100  # the files' own size; each <img> sets the size it is drawn at

_TWO_COLOUR = {
    Suit.CLUBS: "#1d1d1d",
    Suit.DIAMONDS: "#c8102e",
    Suit.HEARTS: "#c8102e",
    Suit.SPADES: "#1d1d1d",
}
_FOUR_COLOUR = {
    Suit.CLUBS: "#137a2c",
    Suit.DIAMONDS: "#1f5fbf",
    Suit.HEARTS: "#c8102e",
    Suit.SPADES: "#1d1d1d",
}
_JOKER_COLOUR = "#6a2c91"

# Suit shapes in a 20x20 box, drawn as paths so they never depend on the installed fonts.
_SUIT_PATHS = {
    Suit.HEARTS: '<path d="M10 18.5C10 18.5 1 12.4 1 6.6 1 3.6 3.3 1.5 5.9 1.5 7.7 1.5 9.2 2.6 10 4.3 '
    '10.8 2.6 12.3 1.5 14.1 1.5 16.7 1.5 19 3.6 19 6.6 19 12.4 10 18.5 10 18.5Z"/>',
    Suit.DIAMONDS: '<path d="M10 0.8 18 10 10 19.2 2 10Z"/>',
    Suit.SPADES: '<path d="M10 1C10 1 1 8 1 12.6 1 15.2 3 17 5.4 17 7.1 17 8.5 16.1 9.3 14.8 9 16.8 8 18.2 '
    '6.4 19.2H13.6C12 18.2 11 16.8 10.7 14.8 11.5 16.1 12.9 17 14.6 17 17 17 19 15.2 19 12.6 19 8 10 1 10 1Z"/>',
    Suit.CLUBS: '<circle cx="10" cy="5.3" r="4.3"/><circle cx="5" cy="11.4" r="4.3"/>'
    '<circle cx="15" cy="11.4" r="4.3"/><path d="M9 10.5H11L12.8 19.2H7.2Z"/>',
}

# Pip centres (x, y) in the 100x140 card box; pips below the middle are drawn upside down.
_L, _C, _R = 33.0, 50.0, 67.0
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    7: ((_L, 32), (_R, 32), (_C, 51), (_L, 70), (_R, 70), (_L, 108), (_R, 108)),
    8: ((_L, 32), (_R, 32), (_C, 51), (_L, 70), (_R, 70), (_C, 89), (_L, 108), (_R, 108)),
    9: ((_L, 32), (_R, 32), (_L, 57), (_R, 57), (_C, 70), (_L, 83), (_R, 83), (_L, 108), (_R, 108)),
    10: (
        (_L, 32),
        (_R, 32),
        (_C, 44),
        (_L, 57),
        (_R, 57),
        (_L, 83),
        (_R, 83),
        (_C, 96),
        (_L, 108),
        (_R, 108),
    ),
}
_RANK_TEXT = {7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}

_RING = {  # state -> (stroke colour, stroke width, dash pattern)
    "normal": ("#8a8a8a", 1.5, ""),
    "playable": ("#1b6e3a", 5.0, ""),
    "disabled": ("#9a9a9a", 1.5, ""),
    "hinted": ("#e08a00", 5.0, "9 5"),
    "winning": ("#d4a017", 6.0, ""),
    "selected": ("#1f5fbf", 5.0, ""),
    "next": ("#5b3fa0", 5.0, "9 5"),
    "correct": ("#1b6e3a", 6.0, ""),
    "wrong": ("#c8102e", 6.0, ""),
    "right_answer": ("#1b6e3a", 6.0, ""),
    "answer": ("#2b4c7e", 6.0, ""),
}
_STATE_WORDS = {
    "playable": "playable",
    "disabled": "not playable",
    "hinted": "hint",
    "winning": "winning card",
    "selected": "selected",
    "next": "plays next",
    "correct": "your pick, right",
    "wrong": "your pick, wrong",
    "right_answer": "the right answer",
    "answer": "the answer",
}
# state -> (badge text, badge colour, text colour, icon); a state without a badge shows only its ring
_BADGES: dict[str, tuple[str, str, str, str | None]] = {
    "winning": ("WINS", "#f4c542", "#1d1d1d", None),
    "hinted": ("HINT", "#ffc766", "#1d1d1d", None),
    "selected": ("SELECTED", "#1f5fbf", "#ffffff", "check"),
    "next": ("NEXT", "#5b3fa0", "#ffffff", None),
    "correct": ("CORRECT", "#1b6e3a", "#ffffff", "check"),
    "wrong": ("YOUR PICK", "#c8102e", "#ffffff", "cross"),
    "right_answer": ("ANSWER", "#1b6e3a", "#ffffff", "check"),
    "answer": ("ANSWER", "#2b4c7e", "#ffffff", None),
}


def suit_colour(suit: Suit | None, four_colour: bool = False) -> str:
    if suit is None:
        return _JOKER_COLOUR
    return (_FOUR_COLOUR if four_colour else _TWO_COLOUR)[suit]


def card_label(card: Card | None, trump: Suit | None = None) -> str:
    """What a screen reader says: 'jack of diamonds — left bower', 'nine of hearts — trump'."""
    if card is None:
        return "face-down card"
    if card.is_joker:
        return "joker — best bower" + (", the highest trump" if trump is not None else "")
    role = card_role(card, trump)
    return f"{card.name} — {role}" if role else card.name


def _pip(suit: Suit, x: float, y: float, size: float, flip: bool = False) -> str:
    """One suit symbol centred on (x, y): a <use> of the shape defined once per card (``_defs``)."""
    scale = size / 20
    turn = f"rotate(180 {x} {y}) " if flip else ""
    return f'<use href="#pip" transform="{turn}translate({x - size / 2:.1f} {y - size / 2:.1f}) scale({scale:.3f})"/>'


def _defs(suit: Suit) -> str:
    return f'<defs><g id="pip">{_SUIT_PATHS[suit]}</g></defs>'


def _corner(card: Card, colour: str) -> str:
    """The index in the top-left corner; drawn again turned round in the bottom-right."""
    if card.is_joker:
        letters = "".join(
            f'<text x="10.5" y="{17 + 10.5 * i}" font-size="11" font-weight="700" text-anchor="middle">{ch}</text>'
            for i, ch in enumerate("JOKER")
        )
        one = f'<g fill="{colour}" font-family="Arial, Helvetica, sans-serif">{letters}</g>'
    else:
        assert card.suit is not None
        rank = _RANK_TEXT[card.rank]
        # every rank as tall (25 units: 24 px on a 96 px card, a projector's smallest); the two
        # digits of a 10 narrowed to the corner's width (x 3..21) instead of drawn smaller
        squeeze = ' textLength="18" lengthAdjust="spacingAndGlyphs"' if rank == "10" else ""
        one = (
            f'<g fill="{colour}" font-family="Arial, Helvetica, sans-serif">'
            f'<text x="12" y="27" font-size="25" font-weight="700" text-anchor="middle"{squeeze}>{rank}</text>'
            f"{_pip(card.suit, 12, 38, 15)}</g>"
        )
    return one + f'<g transform="rotate(180 50 70)">{one}</g>'


def _face(card: Card, colour: str) -> str:
    """The middle of the card: pips for 7-10, one big pip for the ace, a framed letter for J Q K."""
    if card.is_joker:
        star = "M50 38 57 58 78 58 61 70 68 91 50 78 32 91 39 70 22 58 43 58Z"
        return (
            f'<path d="{star}" fill="{colour}"/>'
            f'<text x="50" y="110" font-size="13" font-weight="700" text-anchor="middle" fill="{colour}" '
            f'font-family="Arial, Helvetica, sans-serif">BENNY</text>'
        )
    suit = card.suit
    assert suit is not None
    if card.rank in _PIPS:
        return (
            f'<g fill="{colour}">'
            + "".join(_pip(suit, x, y, 19, y > 70) for x, y in _PIPS[card.rank])
            + "</g>"
        )
    if card.rank in (JACK, QUEEN, KING):
        letter = _RANK_TEXT[card.rank]
        return (
            f'<rect x="25" y="20" width="50" height="100" rx="4" fill="{colour}" fill-opacity="0.09" '
            f'stroke="{colour}" stroke-width="1.5"/>'
            f'<g fill="{colour}">{_pip(suit, 50, 38, 20)}{_pip(suit, 50, 102, 20, True)}</g>'
            f'<text x="50" y="84" font-size="40" font-weight="700" text-anchor="middle" fill="{colour}" '
            f'font-family="Georgia, serif">{letter}</text>'
        )
    return f'<g fill="{colour}">{_pip(suit, 50, 70, 46)}</g>'  # the ace


def _back() -> str:
    diamonds = "".join(
        f'<path d="M{x} {y - 6}L{x + 5} {y}L{x} {y + 6}L{x - 5} {y}Z"/>'
        for row, y in enumerate(range(18, 128, 12))
        for x in range(18 if row % 2 == 0 else 23, 86, 10)
    )
    return (
        '<rect x="9" y="9" width="82" height="122" rx="5" fill="#1b6e3a"/>'
        f'<g fill="#2f8c52">{diamonds}</g>'
        '<rect x="9" y="9" width="82" height="122" rx="5" fill="none" stroke="#f7f4ec" stroke-width="2"/>'
    )


def _trump_band(card: Card, trump: Suit) -> str:
    """A short word on a green band at the bottom: RIGHT / LEFT (the bowers), BEST (joker), TRUMP."""
    if card.is_joker:
        text = "BEST"
    elif card == right_bower(trump):
        text = "RIGHT"
    elif card == left_bower(trump):
        text = "LEFT"
    else:
        text = "TRUMP"
    return (
        '<rect x="26" y="122" width="48" height="14" rx="7" fill="#1b6e3a"/>'
        f'<text x="50" y="132.4" font-size="10" font-weight="700" text-anchor="middle" fill="#ffffff" '
        f'font-family="Arial, Helvetica, sans-serif" letter-spacing="0.4">{text}</text>'
    )


_ICONS = {  # drawn as paths in a 10x10 box: no font needs to have a check mark
    "check": '<path d="M1.5 5.2 4 7.8 8.8 2.2" fill="none" stroke-width="1.9" stroke-linecap="round" '
    'stroke-linejoin="round"/>',
    "cross": '<path d="M2 2 8 8M8 2 2 8" fill="none" stroke-width="1.9" stroke-linecap="round"/>',
}


def _badge(text: str, fill: str, ink: str = "#1d1d1d", icon: str | None = None) -> str:
    """A pill at the top edge naming the card's state; ``icon`` ("check", "cross") before the word.

    A short word sits centred; a long one starts right of the corner index (x 22) so the rank
    stays readable, and is squeezed to fit before the right edge (x 97) if need be.
    """
    size = 9.0 if len(text) <= 4 else 9.5
    icon_width = 10.0 if icon else 0.0
    text_width = 0.7 * size * len(text)  # Arial bold capitals: about 0.7 em a letter
    width = text_width + icon_width + 8
    left = max(22.0, 50 - width / 2)
    squeeze = ""
    if left + width > 97:
        width = 97 - left
        text_width = width - icon_width - 8
        squeeze = f' textLength="{text_width:.1f}" lengthAdjust="spacingAndGlyphs"'
    mark = f'<g transform="translate({left + 4:.1f} 3)" stroke="{ink}">{_ICONS[icon]}</g>' if icon else ""
    return (
        f'<rect x="{left:.1f}" y="1" width="{width:.1f}" height="14" rx="7" fill="{fill}"/>{mark}'
        f'<text x="{left + 4 + icon_width + text_width / 2:.1f}" y="11.3" font-size="{size:g}" font-weight="700" '
        f'text-anchor="middle" fill="{ink}" font-family="Arial, Helvetica, sans-serif"{squeeze}>{text}</text>'
    )


def card_svg(
    card: Card | None,
    *,
    trump: Suit | None = None,
    state: str = "normal",
    four_colour: bool = False,
    width: int = 90,
    face_down: bool = False,
) -> str:
    """One card as an inline SVG string. None or ``face_down`` draws the back."""
    if state not in STATES:
        raise ValueError(f"card state {state!r} is not one of {', '.join(STATES)}")
    back = card is None or face_down
    height = round(width * 1.4)
    stroke, stroke_width, dash = _RING[state]
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    parts = [
        f'<rect x="3" y="3" width="94" height="134" rx="8" fill="#ffffff" stroke="{stroke}" '
        f'stroke-width="{stroke_width}"{dash_attr}/>'
    ]
    if back:
        parts.append(_back())
    else:
        assert card is not None
        colour = suit_colour(card.suit, four_colour)
        if card.suit is not None:
            parts.append(_defs(card.suit))  # ids are private to each card: it is its own image
        parts.append(_corner(card, colour))
        parts.append(_face(card, colour))
        if trump is not None and is_trump(card, trump):
            parts.append(_trump_band(card, trump))
    if state in _BADGES:
        parts.append(_badge(*_BADGES[state]))
    label = _full_label(card, trump, state, face_down)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" width="{width}" height="{height}" '
        f'role="img" aria-label="{escape(label)}"><title>{escape(label)}</title>{"".join(parts)}</svg>'
    )


def _full_label(card: Card | None, trump: Suit | None, state: str, face_down: bool) -> str:
    label = card_label(None if face_down else card, trump)
    return label + (f", {_STATE_WORDS[state]}" if state in _STATE_WORDS else "")


def card_img(
    card: Card | None,
    *,
    trump: Suit | None = None,
    state: str = "normal",
    four_colour: bool = False,
    width: int = 90,
    face_down: bool = False,
) -> str:
    """One card as an ``<img>`` tag (its picture from ``picture_src``) with its label as alt text and tooltip."""
    svg = card_svg(
        card, trump=trump, state=state, four_colour=four_colour, width=PICTURE_WIDTH, face_down=face_down
    )
    label = escape(_full_label(card, trump, state, face_down))
    back = card is None or face_down
    style = "display:block;flex:none;"
    if state == "disabled":
        style += "opacity:0.45;filter:grayscale(0.7);"
    elif state == "winning":
        style += "transform:translateY(-6px);"
    return (
        f'<img src="{picture_src(svg)}" width="{width}" height="{round(width * 1.4)}" '
        f'alt="{label}" title="{label}" data-card="{"back" if back else card}" data-state="{state}" '
        f'style="{style}">'
    )


def _static_serving() -> bool:
    try:
        return bool(st.get_option("server.enableStaticServing"))
    except RuntimeError:
        return False


def picture_src(svg: str) -> str:
    """The ``src`` of a card picture: its file under ``PICTURE_DIR`` (written once, atomically,
    named by the SVG's hash so a changed drawing is a new file), or a data URI when it cannot
    be served from there."""
    if _static_serving():
        name = hashlib.sha256(svg.encode()).hexdigest()[:20] + ".svg"
        path = PICTURE_DIR / name
        try:
            if not path.is_file():
                PICTURE_DIR.mkdir(parents=True, exist_ok=True)
                tmp = path.with_name(f".{name}.{os.getpid()}.tmp")
                tmp.write_text(svg, encoding="utf-8")
                os.replace(tmp, path)
            return f"{PICTURE_URL}/{name}"
        except OSError:
            pass
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def picture_svg(src: str) -> str:
    """The SVG behind a card picture's ``src`` (either form ``picture_src`` writes)."""
    if src.startswith("data:image/svg+xml;base64,"):
        return base64.b64decode(src.split(",", 1)[1]).decode()
    if src.startswith(PICTURE_URL + "/"):
        return (PICTURE_DIR / src.rsplit("/", 1)[1]).read_text(encoding="utf-8")
    raise ValueError(f"not a card picture: {src[:60]!r}")


def cards_row_html(
    cards: Sequence[Card | None],
    *,
    trump: Suit | None = None,
    states: Sequence[str] | Mapping[Card, str] | None = None,
    four_colour: bool = False,
    width: int = 90,
    labels: Sequence[str | None] | None = None,
) -> str:
    """A wrapping row of cards; ``states`` per position (or per card), ``labels`` captions under them."""
    cells = []
    for i, card in enumerate(cards):
        if states is None:
            state = "normal"
        elif isinstance(states, Mapping):
            state = states.get(card, "normal") if card is not None else "normal"
        else:
            state = states[i]
        image = card_img(card, trump=trump, state=state, four_colour=four_colour, width=width)
        caption = labels[i] if labels is not None and i < len(labels) else None
        text = (
            f'<figcaption style="font-size:{max(12, width // 7)}px;text-align:center;max-width:{width}px;'
            f'line-height:1.2;margin-top:4px">{escape(caption)}</figcaption>'
            if caption
            else ""
        )
        # A list's children must be list items (WCAG 1.3.1): each card is one, its figure inside.
        cells.append(
            f'<div role="listitem"><figure style="margin:0;display:flex;flex-direction:column;'
            f'align-items:center">{image}{text}</figure></div>'
        )
    gap = max(6, width // 10)
    return (
        f'<div class="ec-cards" role="list" style="display:flex;flex-wrap:wrap;gap:{gap}px;'
        f'align-items:flex-start;padding:8px 0">{"".join(cells)}</div>'
    )


def four_colour() -> bool:
    """The user's four-colour setting (sidebar toggle), False until set."""
    return bool(st.session_state.get(FOUR_COLOUR_KEY, False))


def show_cards(
    cards: Sequence[Card | None],
    *,
    trump: Suit | None = None,
    states: Sequence[str] | Mapping[Card, str] | None = None,
    four_colour: bool | None = None,
    width: int = 90,
    labels: Sequence[str | None] | None = None,
) -> None:
    """Render a row of cards on the page (four-colour follows the user's setting unless given)."""
    colour = globals()["four_colour"]() if four_colour is None else four_colour
    st.html(cards_row_html(cards, trump=trump, states=states, four_colour=colour, width=width, labels=labels))


# A card button is one target: the card's picture with its label ("J♣") under it, and the whole
# cell - picture and label - is the button (the button is stretched over the cell). Cells sit in
# a wrapping row, so a phone shows several cards a row rather than one card per row.
_CELL = '[class*="st-key-ec_cell_"]'
CARD_BUTTON_CSS = (
    "<style>"
    f"{_CELL} {{position:relative}}"
    f'{_CELL} [data-testid="stElementContainer"], {_CELL} .stButton, {_CELL} .stTooltipIcon,'
    f' {_CELL} [data-testid="stTooltipHoverTarget"] {{position:static !important}}'
    f"{_CELL} .stButton button {{position:absolute; inset:0; width:100%; height:100%; z-index:1;"
    " display:flex; align-items:flex-end; justify-content:center; padding:0 0 6px 0; min-height:0;"
    " background:transparent; border:1px solid transparent; border-radius:10px}"
    f"{_CELL} .stButton button:hover:not(:disabled) {{border-color:#1b6e3a; background:rgba(27,110,58,0.06)}}"
    f"{_CELL} .stButton button:focus-visible {{outline:3px solid #1f5fbf; outline-offset:2px}}"
    f"{_CELL}:has(button:hover:not(:disabled)) img {{transform:translateY(-4px)}}"
    f"{_CELL} img {{transition:transform 0.1s}}"
    f"{_CELL} .stButton button p {{font-size:1rem; font-weight:600}}"
    f"{_CELL} .ec-label-space {{height:2rem}}"
    "</style>"
)


def card_buttons(
    cards: Sequence[Card],
    *,
    key: str,
    trump: Suit | None = None,
    disabled: dict[Card, str] | None = None,
    width: int = 90,
    states: Mapping[Card, str] | None = None,
) -> Card | None:
    """A clickable row of cards. Returns the clicked card, else None.

    Each card and its label ("J♣", the accessible name) make one button, keyed ``{key}-{card}``
    (so ``st.session_state[f"{key}-{card}"]`` is True on the run after a click). The cells wrap,
    several to a row on a phone. ``disabled`` maps a card to the reason it cannot be chosen; the
    button is greyed out and the reason shows on hover/touch (help text). ``states`` overrides a
    card's ring, e.g. "selected" for a card picked into a selection ("hinted" only for a hint).
    """
    if not cards:
        return None
    disabled = disabled or {}
    colour = four_colour()
    clicked: Card | None = None
    cell = max(width, 44)
    st.html(CARD_BUTTON_CSS)
    with st.container(horizontal=True, gap=None if cell < 70 else "small", key=f"ec_row_{key}"):
        for card in cards:
            reason = disabled.get(card)
            state = (states or {}).get(card, "disabled" if reason else "playable")
            with st.container(width=cell, gap=None, key=f"ec_cell_{key}-{card}"):
                st.html(
                    card_img(card, trump=trump, state=state, four_colour=colour, width=width)
                    + '<div class="ec-label-space"></div>'
                )
                if st.button(
                    card.short,
                    key=f"{key}-{card}",
                    disabled=reason is not None,
                    help=reason if reason else card_label(card, trump),
                    width="stretch",
                ):
                    clicked = card
    return clicked
