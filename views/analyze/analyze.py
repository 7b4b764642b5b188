"""Hand Analyzer: paste or pick a hand, and see what ordering, passing or going alone is worth.

Everything is computed by engine.analysis (no game logic here). A link carries the question as
its seat's view in one line, `analyze?view=standard/3/JH-JD-AH-KS-9C,?,?,?/9H` (the text of
``Question.text``, read by ``read_question``; the rules panel takes the rules from it), with
`score` and `table` beside it; the page shares its questions that way and lessons link so. Older
links (`hand`, `upcard`, `seat`, `round`, `turned_down` and the rules fields of ui.share) still
fill the form.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

import plotly.graph_objects as go
import streamlit as st

from engine.analysis.advice import Advice, advise
from engine.analysis.bidding import Analysis
from engine.analysis.explain import headline, label, makes_trump
from engine.analysis.failing import failing_deal
from engine.analysis.finish import outcome_of
from engine.analysis.robust import DESCRIBED, TABLE_NAMES, WHAT_IT_DOES, legend
from engine.analysis.situation import (
    SEATS_BY_PLAYERS,
    Question,
    QuestionError,
    question,
    read_question,
    read_seat,
)
from engine.analysis.tables import DEFAULT_TABLE, TABLES, table_for
from engine.core.cards import Suit, make_deck, parse_cards
from engine.core.errors import EuchreError
from engine.core.hand import Phase
from engine.core.narration import describe
from engine.core.rules import Rules
from engine.core.stats import Z95
from engine.io.numbers import shown
from ui.cards import card_buttons, four_colour
from ui.echo import plain
from ui.engine_ready import wait_until_ready
from ui.layout import card_width, projector
from ui.rules_panel import current_rules
from ui.share import query_string
from views.analyze.parts import deal_hands_html, hand_html, options_html, tricks_html

K = "an_"  # session-state keys of this page


def _load_link(rules: Rules) -> None:
    """Fill the form from the link once per distinct link. A value the page cannot take is said
    (what was wrong, what is accepted, what is shown instead); a ``turned_down=`` is kept with the
    upcard and round it came with, and checked as the analyze command checks ``--turned-down``."""
    params = st.query_params.to_dict()
    mine: dict[str, str] = {
        k: params[k]
        for k in ("view", "hand", "upcard", "seat", "round", "turned_down", "score", "table")
        if k in params
    }
    signature = tuple(sorted(mine.items()))
    if not mine or st.session_state.get(K + "link") == signature:
        return
    st.session_state[K + "link"] = signature
    problems: list[str] = []
    if "view" in mine:
        problems += _load_view(mine)
    else:
        problems += _load_fields(mine, rules)
    st.session_state[K + "score"] = mine.get("score", "")
    table = mine.get("table", DEFAULT_TABLE)
    if table not in TABLES:
        problems.append(
            f"The link's table={shown(table)} is not one of {', '.join(TABLES)}; "
            f"showing the {DEFAULT_TABLE} table."
        )
        table = DEFAULT_TABLE
    st.session_state[K + "table"] = table
    if problems:
        st.session_state[K + "link_problem"] = " ".join(problems)


def _load_view(mine: Mapping[str, str]) -> list[str]:
    """The form's fields from a ``view=`` question (the rules panel has set its rules)."""
    st.session_state.pop(K + "turned_down", None)
    try:
        q = read_question(mine["view"])
    except QuestionError as err:
        st.session_state[K + "hand"] = ""
        st.session_state[K + "upcard"] = ""
        return [
            f"The link's question could not be read: {err}. A question is the rules, the dealer, "
            "your five cards with ? for each other hand, the upcard and the passes so far, like "
            "standard/3/JH-JD-AH-KS-9C,?,?,?/9H."
        ]
    st.session_state[K + "hand"] = " ".join(str(c) for c in q.hand)
    st.session_state[K + "upcard"] = str(q.upcard)
    st.session_state[K + "seat"] = q.seat
    st.session_state[K + "round"] = str(q.round)
    ignored = sorted(k for k in ("hand", "upcard", "seat", "round", "turned_down") if k in mine)
    return (
        [
            f"The link's view= holds the whole question, so its {', '.join(ignored)} {'was' if len(ignored) == 1 else 'were'} "
            "left out."
        ]
        if ignored
        else []
    )


def _load_fields(mine: Mapping[str, str], rules: Rules) -> list[str]:
    """The form's fields from an older link's ``hand=``, ``upcard=``, ``seat=``, ``round=`` and ``turned_down=``."""
    problems: list[str] = []
    st.session_state[K + "hand"] = mine.get("hand", "")
    st.session_state[K + "upcard"] = mine.get("upcard", "")
    seats = SEATS_BY_PLAYERS[rules.players]
    seat = seats[0]
    if "seat" in mine:
        try:
            seat = read_seat(mine["seat"], rules.players)
        except QuestionError as err:
            problems.append(f"The link's {err}. Showing the {seats[0]} seat instead.")
    st.session_state[K + "seat"] = seat
    round_text = mine.get("round", "1")
    if round_text not in ("1", "2"):
        problems.append(f"The link's round={shown(round_text)} is not 1 or 2; showing round 1.")
        round_text = "1"
    st.session_state[K + "round"] = round_text
    if "turned_down" in mine:
        st.session_state[K + "turned_down"] = (mine["turned_down"], mine.get("upcard", ""), round_text)
    else:
        st.session_state.pop(K + "turned_down", None)
    return problems


def _link_turned_down(upcard: str, rnd: str) -> str | None:
    """The link's ``turned_down=`` while the upcard and the round are still the link's (the page has
    no field of its own for it: in round 2 the turned-down card is the one in the upcard's place)."""
    kept = st.session_state.get(K + "turned_down")
    if isinstance(kept, tuple) and kept[1:] == (upcard, rnd):
        return str(kept[0])
    return None


@st.cache_data(show_spinner=False, max_entries=64)
def _run(text: str, score: str, table: str = DEFAULT_TABLE) -> Advice:
    """The advice on the question ``text`` (``Question.text``: it names the question whole, so it is
    the cache's key) for a player at ``table``, as the analyze command, the hint and the grade give
    it (``engine.analysis.advice``: seeded by the view, a count of deals, never a clock)."""
    return advise(read_question(text, score or None), table=table)


def _picker(rules: Rules) -> None:
    """Click a card to add it to (or take it out of) the hand; rewrites the paste box."""
    try:
        held = list(parse_cards(st.session_state.get(K + "hand", "")))
    except EuchreError:
        held = []
    with st.expander("Pick cards by clicking", expanded=False):
        deck = make_deck(rules.deck, rules.joker)
        for suit in list(Suit) + [None]:
            row = [c for c in deck if c.suit == suit]
            if not row:
                continue
            states = {c: ("selected" if c in held else "normal") for c in row}
            clicked = card_buttons(row, key=f"{K}pick-{suit}", states=states, width=54)
            if clicked is not None:
                held = [c for c in held if c != clicked] if clicked in held else held + [clicked]
                st.session_state[K + "hand"] = " ".join(str(c) for c in held)
                st.rerun()


def _chart(a: Analysis, big: bool = False) -> go.Figure:
    fig = go.Figure()
    for o in a.options:
        if not makes_trump(o.action):
            continue
        r = o.realistic
        fig.add_bar(
            name=label(o.action, o.discard),
            x=[str(t) for t in range(6)],
            y=list(r.tricks),
            error_y={"type": "data", "array": [Z95 * s for s in r.tricks_se]},
        )
    fig.update_layout(
        barmode="group",
        xaxis_title="tricks you take",
        yaxis_title="share of simulated deals",
        yaxis_tickformat=".0%",
        height=360,
        margin={"t": 40, "b": 40, "l": 10, "r": 10},
        title="When you name trump: how many tricks you take",
        legend={"orientation": "h", "y": -0.25},
    )
    if big:  # projector: every text of the figure larger (the Streamlit theme sets small defaults)
        size = {"size": 20}
        fig.update_layout(font=size, title_font=size, legend_font=size)
        fig.update_xaxes(tickfont=size, title_font=size)
        fig.update_yaxes(tickfont=size, title_font=size)
    return fig


def _scale() -> float:
    """Text size of the drawn blocks: larger in projector mode (as ui.layout enlarges the text)."""
    return 1.35 if projector() else 1.0


def _page_url() -> str:
    """This page's full address in the browser (st.context.url, without its query), or '' when
    there is no browser (a script run without one)."""
    try:
        url = st.context.url
    except Exception:  # no browser context at all
        url = None
    if url and url.startswith(("http://", "https://")):
        return url.split("?")[0].split("#")[0]
    host = st.context.headers.get("Host") if st.context.headers else None
    return f"http://{host}/analyze" if host else ""


def _share(link: dict[str, str]) -> None:
    base = _page_url()
    st.markdown("**Share this question** — copy the link:")
    if not base:
        st.code("analyze" + query_string(link), language=None, wrap_lines=True)
        st.caption("Open the page in a browser to get the full address.")
        return
    url = base + query_string(link)
    st.code(url, language=None, wrap_lines=True)
    st.markdown(f"[Open this question in a new tab]({url})")


def _show_failure(q: Question, a: Analysis, seed: int, table: str) -> None:
    best = a.option(a.recommendation)
    found = failing_deal(q.view(), best.action, best.discard, table_for(table, q.rules), random.Random(seed))
    if found is None:
        st.success("In 300 simulated deals this choice never lost points.")
        return
    start, end = found
    colour = four_colour()
    st.markdown(f"#### A deal where **{label(best.action, best.discard)}** loses points")
    st.caption("All hands face up, as they were dealt when you had to decide.")
    st.html(deal_hands_html(start, width=card_width(40), four_colour=colour, scale=_scale()))
    bidding, state = [], start
    for _, action in end.history[len(start.history) :]:
        if state.phase is Phase.PLAY:
            break
        bidding.append(describe(state, action))
        state = state.apply(action)
    st.markdown("**The bidding:** " + " ".join(bidding))
    st.markdown("**The play, trick by trick** (the winning card is raised and marked WINS):")
    st.html(tricks_html(end, width=card_width(44), four_colour=colour, scale=_scale()))
    result = outcome_of(end, 0)
    st.markdown(f"**Result:** your side scores {result.us}, the opponents {result.them}.")


SEAT_WORDS = {"first": "first (left of the dealer)", "third": "third (right of the dealer)"}


def _seat_word(players: int, seat: str) -> str:
    if seat == "second":
        return "second (dealer's partner)" if players == 4 else "second (right of the dealer)"
    return SEAT_WORDS.get(seat, seat)


def _keep_seat(rules: Rules) -> tuple[str, ...]:
    """The seats these rules have; a seat the rules no longer have moves to the first, said."""
    seats = SEATS_BY_PLAYERS[rules.players]
    if st.session_state.get(K + "seat") not in seats:  # the rules changed to fewer players
        if st.session_state.get(K + "seat") is not None:
            st.warning(
                plain(
                    f"There is no {st.session_state[K + 'seat']} seat with {rules.players} players "
                    f"({', '.join(seats)}): the question is now for the {seats[0]} seat."
                )
            )
        st.session_state[K + "seat"] = seats[0]
    return seats


@dataclass(frozen=True, slots=True)
class _Form:
    hand: str
    upcard: str
    seat: str
    rnd: str
    score: str
    table: str


def _form(rules: Rules, seats: tuple[str, ...]) -> _Form:
    """The question's boxes: hand, upcard (or turned-down card), seat, round, score, table."""
    round_two = st.session_state.get(K + "round") == "2"
    # the seat's box is wide enough for its longest label at 1366 px ("third (right of the dealer)")
    c1, c2, c3, c4, c5 = st.columns([2, 1.3, 2, 0.9, 1.5])
    hand = c1.text_input("Your hand", key=K + "hand", placeholder="JH JD AH KS 9C")
    upcard = c2.text_input(
        "Turned-down card" if round_two else "Upcard",
        key=K + "upcard",
        placeholder="9H",
        help="The card the dealer turned down; round 2 names another suit."
        if round_two
        else "The card turned up on the kitty.",
    )
    seat = c3.selectbox(
        "Your seat",
        seats,
        key=K + "seat",
        help="first = left of the dealer",
        format_func=lambda s: _seat_word(rules.players, s),
    )
    rnd = c4.radio("Round", ["1", "2"], key=K + "round", horizontal=True)
    score = c5.text_input(
        "Score (you, them)",
        key=K + "score",
        placeholder="e.g. 6,8",
        help=f"Your side's points, then the other side's, e.g. 6,8 (a game is "
        f"{rules.target} points). Leave it empty to rank the choices by points a hand.",
    )
    if st.session_state.get(K + "table") not in TABLES:
        st.session_state[K + "table"] = DEFAULT_TABLE
    t1, t2 = st.columns([1.3, 2], vertical_alignment="bottom")
    table = t1.selectbox(
        "The table you play at",
        TABLES,
        key=K + "table",
        format_func=TABLE_NAMES.__getitem__,
        help="How the other players bid. The advice is the best choice against them.",
    )
    t2.caption(f"{TABLE_NAMES[table]}: {WHAT_IT_DOES[table]}.")
    return _Form(hand, upcard, seat, rnd, score, table)


def _question(form: _Form, rules: Rules) -> Question | None:
    """The question the boxes ask, or None (what is missing or wrong is said)."""
    if not form.hand.strip() or not form.upcard.strip():
        st.info(
            "Enter five cards and the upcard, typed as rank and suit letter: e.g. `JH JD AH KS 9C` "
            "(J♥ J♦ A♥ K♠ 9♣) with `9H` (9♥) turned up."
        )
        return None
    turned_down = _link_turned_down(form.upcard, form.rnd)
    try:
        return question(
            form.hand,
            form.upcard,
            form.seat,
            rules=rules,
            round=int(form.rnd),
            turned_down=turned_down,
            score=form.score or None,
        )
    except EuchreError as err:
        st.error(plain(err))
        if turned_down is not None and "turned-down suit" in str(err):
            st.caption(
                plain(
                    f"The link says turned_down={shown(turned_down)}. In round 2 the turned-down card "
                    "goes in the box above; change it or the round to ask another question."
                )
            )
        return None


def _result(q: Question, score: str, table: str) -> None:
    """The advice on ``q``: the verdict, why, every choice on the same deals, the chart."""
    st.html(
        hand_html(
            q.hand,
            q.upcard,
            "Turned down" if q.round == 2 else "Upcard",
            width=card_width(64),
            four_colour=four_colour(),
            scale=_scale(),
        )
    )
    wait_until_ready()
    with st.spinner("Simulating deals…"):
        advice = _run(q.text, score, table)
    r, lines = advice.robust, advice.reasons
    a = r.analysis
    with st.container(border=True, key=K + "verdict"):
        st.caption(f"Recommendation against {DESCRIBED[r.table]}")
        st.markdown(f"## {headline(a)}")
        if r.close_call:
            st.warning(f"**Close call.** {r.reason}")
    st.markdown("**Why**")
    st.markdown("\n".join(f"- {line}" for line in lines))
    st.markdown("**Every choice, on the same deals**")
    others = {t: x for t, x in r.by_table.items() if t != r.table}
    st.html(options_html(a, others, DESCRIBED, q.rules.players, scale=_scale(), view=q.view()))
    note = (
        f"{a.n:,} simulated deals ({a.seconds:.1f} seconds). Points are what your side scores this hand "
        f"minus what the other side scores, with the computer players' bidding and play. {legend(r.table)}"
    )
    if a.stop_reason == "time":
        note += " The time limit stopped the simulation early, so another run may differ slightly."
    st.caption(note)
    st.plotly_chart(_chart(a, projector()))
    if st.button("Show me a deal where this fails", key=K + "fail"):
        _show_failure(q, a, 7, r.table)


def main() -> None:
    st.title("Hand Analyzer")
    st.write(
        "Paste or pick your five cards, say where you sit and what was turned up. Every bidding choice is "
        "tried on the same simulated deals and played out by the computer players; perfect play with all "
        "cards face up is shown alongside, as the best any player could do."
    )
    rules = current_rules()
    _load_link(rules)
    if K + "link_problem" in st.session_state:
        st.warning(plain(st.session_state.pop(K + "link_problem")))
    top = st.container()
    _picker(rules)
    seats = _keep_seat(rules)
    with top:
        form = _form(rules, seats)
    q = _question(form, rules)
    if q is None:
        return
    link = {"view": q.text}
    if q.score:
        link["score"] = f"{q.score[0]},{q.score[1]}"
    if form.table != DEFAULT_TABLE:
        link["table"] = form.table
    _result(q, form.score, form.table)
    _share(link)


main()
