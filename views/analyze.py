"""Hand Analyzer: paste or pick a hand, and see what ordering, passing or going alone is worth.

Everything is computed by engine.analysis (no game logic here). Query parameters
(`hand`, `upcard`, `seat`, `round`, `turned_down`, `score`, and the rules fields of
ui.share) fill the form, so lessons can link to `analyze?hand=JH+JD+AH+KS+9C&upcard=9H&seat=first`.
"""

from __future__ import annotations

import random
from dataclasses import asdict
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from engine.actions import Action
from engine.analysis.bidding import Analysis
from engine.analysis.explain import explain, label
from engine.analysis.failing import failing_deal
from engine.analysis.playout import outcome_of
from engine.analysis.robust import analyze_robust
from engine.analysis.situation import SEATS_BY_PLAYERS, Question, question
from engine.cards import Suit, make_deck, parse_cards
from engine.errors import EuchreError
from engine.expert import make_player
from engine.narration import describe
from engine.numbers import shown
from engine.rules import Rules
from engine.seats import seat_name
from ui.cards import card_buttons, show_cards
from ui.rules_panel import current_rules
from ui.share import query_string, rules_to_query

K = "an_"  # session-state keys of this page


def _load_link() -> None:
    """Fill the form from the link once per distinct link (bad values stay visible and get a message)."""
    params = st.query_params.to_dict()
    mine = {k: params[k] for k in ("hand", "upcard", "seat", "round", "turned_down", "score") if k in params}
    signature = tuple(sorted(mine.items()))
    if not mine or st.session_state.get(K + "link") == signature:
        return
    st.session_state[K + "link"] = signature
    st.session_state[K + "hand"] = mine.get("hand", "")
    st.session_state[K + "upcard"] = mine.get("upcard", "")
    st.session_state[K + "seat"] = mine.get("seat", "first")
    round_text = mine.get("round", "1")
    if round_text not in ("1", "2"):
        st.session_state[K + "link_problem"] = f"The link's round={shown(round_text)} is not 1 or 2; showing round 1."
        round_text = "1"
    st.session_state[K + "round"] = round_text
    st.session_state[K + "score"] = mine.get("score", "")


@st.cache_data(show_spinner=False, max_entries=64)
def _run(rules: dict[str, Any], hand: str, upcard: str, seat: str, rnd: int, score: str,
         seed: int) -> tuple[Analysis, list[str], str, dict[str, dict[Action, float]]]:
    """The sound model's analysis, its explanation, the close-call sentence ('' if none) and
    each other style's expected points per option."""
    q = question(hand, upcard, seat, rules=Rules.from_dict(rules), round=rnd, score=score or None)
    view = q.view()
    r = analyze_robust(view, seed, score=q.score, time_budget=1.0)
    others = {style: {o.action: o.realistic.ev for o in a.options} for style, a in r.by_style.items() if style != r.drive}
    return r.analysis, explain(view, r.analysis, q.score), r.reason, others


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
            states = {c: ("hinted" if c in held else "normal") for c in row}
            clicked = card_buttons(row, key=f"{K}pick-{suit}", states=states, width=54)
            if clicked is not None:
                held = [c for c in held if c != clicked] if clicked in held else held + [clicked]
                st.session_state[K + "hand"] = " ".join(str(c) for c in held)
                st.rerun()


def _table(a: Analysis, others: dict[str, dict[Action, float]]) -> pd.DataFrame:
    rows = []
    for o in a.options:
        r = o.realistic
        row: dict[str, Any] = {
            "option": label(o.action, o.discard) + ("  ★" if o.action == a.recommendation else ""),
            "points (sound table)": round(r.ev, 2),
            "95% interval": f"{r.ev_ci[0]:+.2f} … {r.ev_ci[1]:+.2f}",
            **{f"vs {style} table": round(evs[o.action], 2) for style, evs in others.items()},
            "makers take 3+": f"{r.p_make:.0%}", "march": f"{r.p_march:.0%}", "euchred": f"{r.p_euchred:.0%}",
        }
        if r.win_delta is not None:
            row["win chance ±"] = f"{r.win_delta:+.1%}"
        if o.ceiling is not None:
            row["ceiling (open hands)"] = round(o.ceiling.ev, 2)
        row["deals"] = r.n
        rows.append(row)
    return pd.DataFrame(rows)


def _chart(a: Analysis) -> go.Figure:
    fig = go.Figure()
    for o in a.options:
        if o.action.kind.value == "pass":
            continue
        r = o.realistic
        fig.add_bar(
            name=label(o.action, o.discard), x=[str(t) for t in range(6)], y=list(r.tricks),
            error_y={"type": "data", "array": [1.96 * s for s in r.tricks_se]},
        )
    fig.update_layout(
        barmode="group", xaxis_title="makers' tricks", yaxis_title="share of sampled deals",
        yaxis_tickformat=".0%", height=340, margin={"t": 30, "b": 40},
        title="Tricks the makers take (club play, 95% error bars)",
    )
    return fig


def _show_failure(q: Question, a: Analysis, seed: int) -> None:
    best = a.option(a.recommendation)
    found = failing_deal(q.view(), best.action, best.discard, make_player("club"), random.Random(seed))
    if found is None:
        st.success("In 300 sampled deals this choice never lost points.")
        return
    start, end = found
    n = q.rules.players
    st.write(f"A deal where **{label(best.action, best.discard)}** loses points (all hands face up):")
    for s in range(n):
        st.caption(f"{seat_name(n, s)}{' (you)' if s == 0 else ''}{' — dealer' if s == start.dealer else ''}")
        show_cards(start.hands[s], width=56)
    st.caption("Upcard")
    show_cards([start.upcard], width=56)
    lines, state = [], start
    for _, action in end.history[len(start.history):]:
        lines.append(describe(state, action))
        state = state.apply(action)
    st.markdown("\n".join(f"1. {line}" for line in lines))
    result = outcome_of(end, 0)
    st.write(f"Result: your side scores {result.us}, the opponents {result.them}.")


def main() -> None:
    st.title("Hand Analyzer")
    st.write("Paste or pick your five cards, say where you sit and what was turned up: every bidding choice is "
             "simulated on the same sampled deals, played out by the computer players, with open-hand perfect play "
             "alongside as the ceiling.")
    rules = current_rules()
    _load_link()
    if K + "link_problem" in st.session_state:
        st.warning(st.session_state.pop(K + "link_problem"))
    top = st.container()
    _picker(rules)
    seats = SEATS_BY_PLAYERS[rules.players]
    if st.session_state.get(K + "seat") not in seats:
        st.session_state[K + "seat"] = seats[0]
    with top:
        c1, c2, c3, c4, c5 = st.columns([3, 1, 1.3, 1, 1])
        hand = c1.text_input("Your hand", key=K + "hand", placeholder="JH JD AH KS 9C")
        upcard = c2.text_input("Upcard", key=K + "upcard", placeholder="9H")
        seat = c3.selectbox("Your seat", seats, key=K + "seat", help="first = left of the dealer")
        rnd = c4.radio("Round", ["1", "2"], key=K + "round", horizontal=True)
        score = c5.text_input("Score (you, them)", key=K + "score", placeholder="6,8")
    if not hand.strip() or not upcard.strip():
        st.info("Enter five cards and the upcard, e.g. JH JD AH KS 9C with 9H turned up.")
        return
    try:
        q = question(hand, upcard, seat, rules=rules, round=int(rnd), score=score or None)
    except EuchreError as err:
        st.error(f"{err}")
        return
    link = {"hand": " ".join(str(c) for c in q.hand), "upcard": str(q.upcard), "seat": q.seat}
    if q.round == 2:
        link.update({"round": "2", "turned_down": str(q.turned_down)})
    if q.score:
        link["score"] = f"{q.score[0]},{q.score[1]}"
    link.update(rules_to_query(rules))
    with st.spinner("Simulating deals…"):
        a, lines, close_call, others = _run(asdict(rules), hand, upcard, seat, int(rnd), score, 1)
    best = a.option(a.recommendation)
    st.markdown(f"## Recommendation: {label(best.action, best.discard)}")
    if close_call:
        st.warning(f"**Close call.** {close_call}")
    st.markdown("\n".join(f"- {line}" for line in lines))
    st.dataframe(_table(a, others), hide_index=True)
    st.caption(f"{a.n} sampled deals in {a.seconds:.2f} s (stopped: {a.stop_reason}). Points are your side's "
               "net points this hand; 'ceiling' is open-hand perfect play by the solver.")
    st.plotly_chart(_chart(a))
    if st.button("Show me a deal where this fails", key=K + "fail"):
        _show_failure(q, a, 7)
    st.caption("Share this question:")
    st.code("analyze" + query_string(link), language=None)


main()
