"""One table of the class on the classroom's projector (issue 54, item 5).

From the class page's Tables section the teacher picks a table and puts it on the projector: this
page (``?class=CODE&project=TABLE``, opened in this tab or in another window of this browser, which
holds the class's teacher secret) shows that table large and read-only: the felt with the four
seats, the upcard or the trick as it is played, the last trick won, trump and its maker, the score,
the tricks each side took and whose turn it is, sized to the screen (1920x1080 and 1280x720 fit
without scrolling). Like the rest of the class page it follows the table with a fragment that reads
it every ``FOLLOW_EVERY`` seconds.

The pupils at that table see the projector too, so the hands are face down: the page reads
``multiplayer.service.projected_table``, which holds no hand, no kitty and no dealer's discard; only
when the teacher turns on "Show every hand on the projector" does it ask for every hand (the kitty
and the discard never). The choice is this tab's own, off again for another table or a reload.
"""

from __future__ import annotations

from html import escape
from typing import Any

import streamlit as st

from engine.core.cards import Card, Suit
from engine.core.ranking import sort_hand
from multiplayer import service
from ui.cards import card_img, four_colour
from ui.echo import plain
from ui.layout import FIT_KEY, fit_to_screen, present_top
from ui.table import backs_html, open_hand_html, place_of, table_style, trick_html

PROJECT_PARAM = "project"  # ?project=TABLE on the class page: that table on the projector
FOLLOW_EVERY = 1.0  # seconds between two reads of the projected table
WIDTH = 120  # the largest card width (px); the screen's height caps it (PROJECTOR_STYLE)
K = "clp_"  # this module's session keys
Data = dict[str, Any]

# The felt as large as the screen allows: every size follows the screen's height (vh), so the
# felt fits a 1920x1080 and a 1280x720 screen alike, with or without present mode's larger text.
PROJECTOR_STYLE = f"""<style>
.pj-felt {{ max-width: none !important; font-size: min(1.45rem, 2.5vh); line-height: 1.3;
  --pj: min({WIDTH}px, 9.5vh, 7vw); padding: 0.4em 1em 0.5em !important; }}
.pj-felt .ec-bar {{ font-size: 1em; }}
.pj-felt .ec-name {{ font-size: 1.05em; }} .pj-felt .ec-who {{ font-size: 0.9em; }}
.pj-felt .ec-tag {{ font-size: 0.72em; }}
.pj-felt .ec-fan, .pj-felt .ec-open {{ --fw: var(--pj) !important; }}
.pj-felt .ec-centre {{ --cw: var(--pj) !important; font-size: 1em; }}
.pj-felt .ec-up img {{ width: var(--pj); }}
.pj-turn {{ text-align: center; font-weight: 700; font-size: 1.1em; margin-top: 0.2em; }}
</style>"""


def project_link(code: str, table: str) -> str:
    """The projector's page of ``table`` (relative to the class page), in present mode."""
    return f"class?class={code}&{PROJECT_PARAM}={table}&present=1"


def projector_picker(code: str, codes: list[str]) -> None:
    """The class page's "One table on the projector": pick a table and put it on the screen."""
    st.markdown("**One table on the projector**")
    chosen = str(st.selectbox("Table to put on the projector", codes, key=K + "pick"))
    st.caption(
        "The projector shows that table large as it is played: the cards on the table, the score and "
        "whose turn it is. The hands stay face down unless you choose to show them there (the pupils at "
        "that table see the projector too)."
    )
    left, right = st.columns(2)
    if left.button("Put it on the projector here", key=K + "go"):
        st.query_params[PROJECT_PARAM] = chosen
        st.query_params["present"] = "1"
        st.rerun()
    right.markdown(f"[Open it in a new window for the projector]({project_link(code, chosen)})")


# ---- the projector's page ---------------------------------------------------------------------


def projected_page(code: str, secret: str, table: str) -> None:
    """The projector's page of ``table`` (module docstring): the teacher's two switches in one line,
    then the felt, shrunk if need be to end above the screen's bottom (``fit_to_screen``)."""
    present_top()
    table_style()
    st.html(PROJECTOR_STYLE)
    every_key = f"{K}every_{table}"
    with st.container(horizontal=True, vertical_alignment="center", gap="large", key=K + "switches"):
        st.toggle(
            "Show every hand on the projector",
            key=every_key,
            help="The pupils at this table see the projector too: show the hands to talk a hand over.",
        )
        if st.button("Back to the class page", key=K + "back"):
            del st.query_params[PROJECT_PARAM]
            st.rerun()
        st.caption(plain(f"Class {code} · table {table} on the projector"))
    with st.container(key=FIT_KEY + "projected"):
        _follow(table, secret, bool(st.session_state.get(every_key, False)))
    fit_to_screen()


@st.fragment(run_every=FOLLOW_EVERY)
def _follow(table: str, secret: str, every: bool) -> None:
    """The felt, read afresh every ``FOLLOW_EVERY`` seconds; the last one drawn stays while the
    records are out of reach (only if it was read with the same choice of hands)."""
    try:
        data = service.projected_table(table, secret, every)
    except service.StoreError:
        last = st.session_state.get(K + "last")
        if isinstance(last, tuple) and last[:2] == (table, every):
            st.html(felt_html(last[2], four_colour()))
        st.caption("The table cannot be read just now: trying again.")
        return
    except ValueError as err:  # not the teacher's table, no such table, a damaged record
        st.error(plain(f"This table cannot be shown: {err}."))
        return
    st.session_state[K + "last"] = (table, every, data)
    st.html(felt_html(data, four_colour()))


# ---- drawing (pure: the projected table's data in, HTML out) -----------------------------------


def _holder(seat: Data) -> str:
    if seat["kind"] == "computer":
        return f"the {seat['level']} computer"
    return str(seat["name"]) if seat["kind"] == "person" else "a free seat"


def _who(data: Data, seat: int) -> str:
    s = data["seats"][seat]
    return f"{s['place']} ({_holder(s)})"


def _trump(data: Data) -> Suit | None:
    return None if data["trump"] is None else Suit.parse(data["trump"])


def _sides(data: Data) -> list[tuple[str, int]]:
    """Each side's seats in words and its points: two sides of partners with four players."""
    places = [s["place"] for s in data["seats"]]
    if data["players"] == 4:
        return [(f"{places[side]} and {places[side + 2]}", data["score"][side]) for side in (0, 1)]
    return list(zip(places, data["score"], strict=True))


def _bar(data: Data) -> str:
    score = " · ".join(f"{escape(names)} <b>{points}</b>" for names, points in _sides(data))
    sides = 2 if data["players"] == 4 else data["players"]  # a seat's side: engine.core.game.side_of
    won = [int(t["winner"]) % sides for t in data["tricks"]]
    taken = ", ".join(f"{escape(names)} {won.count(i)}" for i, (names, _) in enumerate(_sides(data)))
    return (
        f"<span>Table <b>{escape(data['code'])}</b></span><span>Score: {score} (game to {data['target']})</span>"
        f"<span>Tricks this hand: {taken}</span>"
    )


def _turn(data: Data) -> str:
    if data["game_over"]:
        return f"The game is over: {escape(_sides(data)[data['winner']][0])} won."
    if data["paused"]:
        return "Paused by the teacher."
    if data["between_hands"]:
        return "The hand is over: a player deals the next one."
    turn = data["to_act"]
    return "" if turn is None else f"Waiting for {escape(_who(data, turn))}."


def _seat(data: Data, seat: Data, colour: bool) -> str:
    n = seat["seat"]
    tags = []
    if n == data["dealer"]:
        tags.append('<span class="ec-tag ec-tag-dealer">dealer</span>')
    if n == data["maker"]:
        tags.append(f'<span class="ec-tag">maker{" · alone" if data["alone"] else ""}</span>')
    if n in data["out"]:
        tags.append('<span class="ec-tag">sits out</span>')
    if seat["away"]:
        tags.append('<span class="ec-tag ec-tag-act">away: the computer plays</span>')
    acting = data["to_act"] == n and not data["paused"]
    if acting:
        tags.append('<span class="ec-tag ec-tag-act">to act</span>')
    if data.get("hands") is not None:
        cards = sort_hand([Card.parse(c) for c in data["hands"][n]], _trump(data))
        body = open_hand_html(cards, trump=_trump(data), width=WIDTH, colour=colour, overlap=0.35)
    else:
        body = backs_html(seat["cards"], WIDTH)
    return (
        f'<div class="ec-seat ec-{place_of(data["players"], n)}{" ec-to-act" if acting else ""}" '
        f'data-seat="{n}" data-cards="{seat["cards"]}"><div class="ec-name"><b>{escape(seat["place"])}</b> '
        f'<span class="ec-who">{escape(_holder(seat))}</span> {" ".join(tags)}</div>{body}</div>'
    )


def _centre(data: Data, colour: bool) -> str:
    trump, n = _trump(data), data["players"]
    if trump is None:
        if data["turned_down"] is not None:
            return (
                f'<div class="ec-centre">The {escape(Card.parse(data["upcard"]).short)} was turned down: '
                "a player names another suit.</div>"
            )
        up = card_img(Card.parse(data["upcard"]), four_colour=colour, width=WIDTH)
        return f'<div class="ec-centre"><div class="ec-up"><figure>{up}<figcaption>upcard</figcaption></figure></div></div>'
    made = f"{escape(trump.symbol)} {trump.noun} are trump"
    if data["maker"] is not None:
        made += f", made by {escape(_who(data, data['maker']))}{' alone' if data['alone'] else ''}"
    if data["trick"]:
        plays = [(s, Card.parse(c)) for s, c in data["trick"]]
        title = f"Trick {len(data['tricks']) + 1}: {escape(data['seats'][plays[0][0]]['place'])} led"
        states = ["normal"] * len(plays)
    elif data["tricks"]:
        last = data["tricks"][-1]
        plays = [(s, Card.parse(c)) for s, c in last["plays"]]
        title = f"Trick {len(data['tricks'])} won by <b>{escape(data['seats'][last['winner']]['place'])}</b>"
        states = ["winning" if s == last["winner"] else "normal" for s, _ in last["plays"]]
    else:
        return f'<div class="ec-centre">{made}.</div>'
    cards = trick_html(plays, n, trump, states, width=WIDTH, colour=colour)
    return f'<div class="ec-centre"><div>{made} · {title}</div>{cards}</div>'


def felt_html(data: Data, colour: bool) -> str:
    """The projected table (``service.projected_table``'s data) as one block of HTML: the bar (the
    table, the score, the tricks), the seats round the centre, whose turn it is. The seats show
    their cards face down, or face up when the data holds every hand."""
    seats = "".join(_seat(data, s, colour) for s in data["seats"])
    every = "1" if data.get("hands") is not None else "0"
    return (
        f'<div class="ec-felt pj-felt" data-testid="projected-table" data-version="{data["version"]}" '
        f'data-every="{every}"><div class="ec-bar">{_bar(data)}</div>'
        f'<div class="ec-grid ec-n{data["players"]} ec-compass">{seats}{_centre(data, colour)}</div>'
        f'<div class="pj-turn">{_turn(data)}</div></div>'
    )


__all__ = ["PROJECT_PARAM", "felt_html", "project_link", "projected_page", "projector_picker"]
