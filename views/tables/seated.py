"""A seated person's page, drawn from their seat's page data only (``multiplayer.service.read``:
``multiplayer.seat_page.seat_data``): their own hand, the others' names and card counts, the
auction, the trick in play and the tricks won, the score, whose turn it is, and their choices.

A tap names the version the page was drawn at (``multiplayer.service.play``): a page drawn before
the table moved on, a tap out of turn or a move that is not legal is refused with the table's own
message, which stays on the page until the next tap; the page is drawn again from the table as it
stands, so nothing is lost. The page follows the table: a small fragment reads the seat's data
twice a second (``FOLLOW_EVERY``: a card played is on the other screens within a second, the poll's
half second and the redraw; one row; it also tells the table this person is still here) and redraws the page
when the table's version moved, or a person went away or came back.
"""

from __future__ import annotations

from html import escape

import streamlit as st

from engine.core.cards import Card
from engine.core.ranking import sort_hand
from multiplayer import service
from multiplayer.table import NEXT_HAND
from ui.cards import card_img, four_colour
from ui.echo import plain
from ui.layout import card_width
from ui.table import PLACES, backs_html, hand_buttons, hand_row_html, table_style, trick_html
from views.tables import words
from views.tables.coach import hint_button, review_panel
from views.tables.words import Data

SAID = "tb_said"  # session state: (code, message) of the last refused tap, shown until the next tap
DRAWN = "tb_drawn"  # session state: (code, version, {card: move}) of the card buttons last drawn
FOLLOW_EVERY = 0.5  # seconds between two reads of the table by a seated person's page
OUT_OF_REACH = (
    "The table's records are out of reach just now (the database did not answer): wait a moment, "
    "then try again."
)


def _said(code: str) -> str:
    said = st.session_state.get(SAID)
    return said[1] if isinstance(said, tuple) and said[0] == code else ""


def tap(code: str, key: str, version: int, move: str) -> None:
    """A tap on a page drawn at ``version``: played, or refused with the table's message."""
    st.session_state.pop(SAID, None)
    try:
        service.play(code, key, version, move)
    except service.StoreError:
        st.session_state[SAID] = (code, f"Your move was not sent: {OUT_OF_REACH}")
    except ValueError as err:  # the table's refusals (service.TableError) say what was wrong
        st.session_state[SAID] = (code, f"That move was not played: {err}.")


def take_tap(code: str, key: str) -> None:
    """A card tapped on the page as it was last drawn: played with that page's version (so a page
    drawn before the table moved on is refused as stale, never played on the newer table)."""
    drawn = st.session_state.pop(DRAWN, None)
    if not isinstance(drawn, tuple) or drawn[0] != code:
        return
    _, version, moves = drawn
    tapped = next((m for c, m in moves.items() if st.session_state.get(f"tb_hand_{version}-{c}")), None)
    if tapped is not None:
        tap(code, key, version, tapped)


def _place(data: Data, seat: int) -> str:
    """Where ``seat`` sits on this person's screen: their own seat at the bottom."""
    n = data["players"]
    return str(PLACES[n][(seat - data["you"]) % n])


def _seat_block(data: Data, seat: Data) -> str:
    tags = []
    if seat["seat"] == data["dealer"]:
        tags.append('<span class="ec-tag ec-tag-dealer">dealer</span>')
    if seat["seat"] == data["maker"]:
        tags.append(f'<span class="ec-tag">maker{" · alone" if data["alone"] else ""}</span>')
    if seat["away"]:
        tags.append('<span class="ec-tag ec-tag-act">away: the computer plays</span>')
    if data["to_act"] == seat["seat"]:
        tags.append('<span class="ec-tag ec-tag-act">to act</span>')
    acting = " ec-to-act" if data["to_act"] == seat["seat"] else ""
    count = seat["cards"]
    return (
        f'<div class="ec-seat ec-{_place(data, seat["seat"])}{acting}" data-seat="{seat["seat"]}" '
        f'data-cards="{count}"><div class="ec-name"><b>{escape(seat["place"])}</b> '
        f'<span class="ec-who">{escape(words.holder(seat))}</span> {" ".join(tags)}</div>'
        f"{backs_html(count, 56)}<div>{count} card{'s' if count != 1 else ''}</div></div>"
    )


def _centre(data: Data, width: int) -> str:
    style = f'style="--cw:min({width}px, 13vw)"'
    n = data["players"]
    trump = words.trump(data)
    if trump is None:
        if data["turned_down"] is not None:
            return (
                f'<div class="ec-centre" {style}>The {escape(words.card(data["upcard"]).short)} was turned '
                "down: name another suit.</div>"
            )
        up = card_img(words.card(data["upcard"]), four_colour=four_colour(), width=width)
        return f'<div class="ec-centre" {style}><figure>{up}<figcaption>upcard</figcaption></figure></div>'
    made = f"{escape(trump.symbol)} {trump.noun} are trump"
    if data["trick"]:
        plays = [((s - data["you"]) % n, words.card(c)) for s, c in data["trick"]]
        title = f"Trick {len(data['tricks']) + 1}: {escape(data['seats'][data['trick'][0][0]]['place'])} led"
        states = ["normal"] * len(plays)
    elif data["tricks"]:
        last = data["tricks"][-1]
        plays = [((s - data["you"]) % n, words.card(c)) for s, c in last["plays"]]
        title = f"Trick {len(data['tricks'])} won by <b>{escape(data['seats'][last['winner']]['place'])}</b>"
        states = ["winning" if s == last["winner"] else "normal" for s, _ in last["plays"]]
    else:
        return f'<div class="ec-centre" {style}>{made}.</div>'
    cards = trick_html(plays, n, trump, states, width=width, colour=four_colour())
    return f'<div class="ec-centre" {style}><div>{escape(trump.symbol)} trump · {title}</div>{cards}</div>'


def _felt(data: Data, width: int) -> str:
    bar = f"<span>{escape(words.score_line(data))}</span><span>{escape(words.tricks_line(data))}</span>"
    others = "".join(_seat_block(data, s) for s in data["seats"] if not s["you"])
    return (
        f'<div class="ec-felt" data-testid="people-table" data-version="{data["version"]}" '
        f'data-paused="{int(bool(data["paused"]))}">'
        f'<div class="ec-bar">{bar}</div>'
        f'<div class="ec-grid ec-n{data["players"]}">{others}{_centre(data, width)}</div></div>'
    )


def _hand(code: str, key: str, data: Data, width: int) -> None:
    """The person's own cards: buttons when a card is theirs to play or discard, else a row."""
    trump = words.trump(data)
    cards = sort_hand([words.card(c) for c in data["hand"]], trump)
    legal = words.legal_actions(data)
    movable = {a.card: str(a) for a in legal if a.card is not None}
    if not movable:
        st.html(hand_row_html(cards, trump=trump, width=width, colour=four_colour()))
        return
    tag = f"tb_hand_{data['version']}"
    doing = "discard" if any(m.startswith("discard") for m in movable.values()) else "play"
    st.caption(f"Tap a card to {doing} it.")
    st.session_state[DRAWN] = (code, data["version"], {str(c): m for c, m in movable.items()})
    reason = "you may not play this card now (you must follow the suit led)"
    disabled: dict[Card, str] = {c: reason for c in cards if c not in movable}
    hand_buttons(cards, key=tag, trump=trump, width=width, colour=four_colour(), disabled=disabled)


def _choices(code: str, key: str, data: Data) -> None:
    """The bid buttons when it is this person's turn to bid, and "Next hand" between hands."""
    legal = words.legal_actions(data)
    bids = [a for a in legal if a.card is None]
    for i, action in enumerate(bids):
        st.button(
            words.choice_label(data, action, legal),
            key=f"tb_bid_{data['version']}_{i}",
            on_click=tap,
            args=(code, key, data["version"], str(action)),
            type="primary" if i == 0 else "secondary",
        )
    if NEXT_HAND in data["legal"]:
        st.button(
            "Next hand",
            key=f"tb_next_{data['version']}",
            on_click=tap,
            args=(code, key, data["version"], NEXT_HAND),
            type="primary",
        )


def seated_page(code: str, key: str, data: Data) -> None:
    """The page of the person of ``key``, drawn from ``data`` (their seat's page data)."""
    me = data["seats"][data["you"]]
    st.markdown(f"### Table {code} · you are {me['place']} ({escape(me['name'])})")
    st.caption(f"Rules: {data['rules']} · hints {'allowed' if data['hints'] else 'off'}")
    for seat in data["seats"]:
        if seat["away"]:
            st.info(plain(words.away_line(seat)))
    if data["paused"]:
        st.warning("The host has paused the table: play resumes when the host lets it.")
    said = _said(code)
    if said:
        st.error(plain(said))
    width = card_width()
    table_style()
    st.html(_felt(data, width))
    st.markdown(f"**{words.turn_line(data)}**")
    _hand(code, key, data, width)
    _choices(code, key, data)
    hint_button(code, key, data)
    lines = words.auction_lines(data)
    if lines:
        st.markdown("**The bidding:** " + "; ".join(plain(line) for line in lines) + ".")
    review_panel(code, key, data)
    follow(code, key, data["version"], _signature(data))


def _signature(data: Data) -> tuple[bool, ...]:
    """What moves the page besides the version: a person going away or coming back."""
    return tuple(s["away"] for s in data["seats"]) + (data["paused"],)


@st.fragment(run_every=FOLLOW_EVERY)
def follow(code: str, key: str, version: int, signature: tuple[bool, ...]) -> None:
    """Reads the table every ``FOLLOW_EVERY`` seconds and redraws the page when it moved."""
    try:
        data = service.read(code, key)
    except service.StoreError:
        st.caption("Reconnecting to the table…")  # the next second's read tries again
        return
    except ValueError:  # the seat is gone or the table is damaged: the page says so
        st.rerun(scope="app")
    if data["version"] != version or _signature(data) != signature:
        st.rerun(scope="app")
