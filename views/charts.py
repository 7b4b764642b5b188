"""Call charts: "order up or pass?" for every kind of hand, computed by simulation.

The figures are the shipped study (``engine/study/charts/*.parquet``, read by
``engine.study.chart_table``); this page only draws them. A cell is a kind of hand (the trumps
held and which of the top ones, the off-suit aces and voids) in one seat, round and upcard;
its colour is how much the better bid beats passing, pale with "≈" when the study's interval
cannot tell them apart, and framed (in ``FRAME_COLOUR_NAME``, around the label) where a classic
rule of thumb gives the other answer. A click on a cell deals an example hand of that kind and
links it to the analyzer. On a phone the chart is a compact grid (``ui.call_chart.show``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import streamlit as st

from engine.core.rules import Rules
from engine.study.chart_table import (
    Chart,
    ChartError,
    at_score,
    example_hand,
    holding_label,
    score_choices,
    side_label,
)
from engine.study.hand_classes import UP_LETTERS
from ui.call_chart import (
    FRAME_COLOUR_NAME,
    SEAT_LABELS,
    Score,
    cells_at,
    compact_html,
    figure,
    seat_control,
    seat_label,
    shipped_chart,
    show,
    summary,
)
from ui.cards import show_cards
from ui.layout import card_width, projector
from ui.rules_panel import current_rules
from ui.share import rules_to_query

K = "charts_"
PRINT_CSS = """<style>
@media print {
  [data-testid="stSidebar"], [data-testid="stHeader"], [data-testid="stToolbar"], .st-key-charts_controls { display: none !important; }
  .stMainBlockContainer { padding-top: 0 !important; }
}
</style>"""


def _example(rules: Rules, chart: Chart, key: str, score: Score | None) -> None:
    try:
        base = chart.cell(key)
        hand, upcard, turned_down = example_hand(rules, base)
    except ChartError as err:
        st.error(str(err))
        return
    rnd = base.round
    cell = (at_score(base, rules, *score) if score is not None else None) or base
    with st.container(border=True):
        st.markdown(f"**An example of this kind of hand** ({SEAT_LABELS[cell.seat].lower()}, round {rnd})")
        labels: list[str | None] = [None] * len(hand) + ["turned down" if rnd == 2 else "upcard"]
        show_cards([*hand, upcard], width=card_width(64), labels=labels)
        st.markdown(summary(cell, rnd, score))
        fields = {"hand": " ".join(str(c) for c in hand), "upcard": str(upcard), "seat": cell.seat}
        if turned_down is not None:
            fields.update({"round": "2", "turned_down": turned_down.letter})
        if score is not None:
            fields["score"] = f"{score[0]},{score[1]}"
        fields.update(rules_to_query(rules))
        st.page_link(
            "views/analyze/analyze.py",
            label="Open this hand in the analyzer",
            icon=":material/search:",
            query_params=fields,
        )
        st.caption(
            "The analyzer values this exact hand; the chart's figure is the average over every hand of its kind."
        )


def _has_score_view(chart: Chart, rules: Rules) -> bool:
    """The chart keeps outcome counts and these rules have a win table to value them with."""
    counted = next((c for c in chart.cells if c.outcomes), None)
    return counted is not None and at_score(counted, rules, 0, 0) is not None


def _score_choice(rules: Rules) -> Score | None:
    """The game score the squares are valued at: None for points a hand (any score)."""
    choices: list[Score | None] = [None, *score_choices(rules)]
    return st.selectbox(
        "Score (your side – theirs)",
        choices,
        index=0,
        key=K + "score",
        format_func=lambda s: (
            "Any score: points a hand" if s is None else f"{s[0]}–{s[1]}: chance to win the game"
        ),
        help="Near the end of a game the answer changes: a point matters only if it wins, and a euchre only if it "
        "loses. At a score the squares show each choice's chance of winning the game (the rule of thumb's "
        "frames are left out: it takes no account of the score).",
    )


def _upcard_choice(chart: Chart) -> int:
    ups = chart.upcards()
    names = {UP_LETTERS[u].replace("T", "10"): u for u in ups}
    default = "Q" if "Q" in names else next(iter(names))
    picked = st.segmented_control("Upcard", list(names), default=default, key=K + "upcard")
    return names[picked or default]


INTRO = (
    "Should you order it up? Each square is a kind of hand, valued by simulating deals at a table of "
    "people (the other seats call as often as people do, by published figures from human games), "
    "with the same computer play as the analyzer's default. **Green: bid; red: pass.** A pale "
    f"square marked ≈ is a close call: the simulation cannot tell the choices apart. A {FRAME_COLOUR_NAME} "
    "frame around a square marks where a classic rule of thumb (*three trumps, or two with the right "
    "bower and an off-suit ace; the dealer counts the upcard*) gives the other answer. Click a square "
    "(or choose a kind of hand under the chart) for an example hand."
)


@dataclass(frozen=True, slots=True)
class _Choice:
    """What the chart shows: its round, upcard, seat and game score (None: by points a hand)."""

    rnd: int
    upcard: int | None
    seat: str
    score: Score | None


def _controls(chart: Chart, rules: Rules, score_view: bool, printing: bool) -> _Choice:
    with st.container(key=K + "controls"):
        rounds = chart.rounds()
        rnd = 1
        if len(rounds) > 1:
            rnd = (
                st.segmented_control(
                    "Round",
                    rounds,
                    default=1,
                    key=K + "round",
                    format_func=lambda r: (
                        "Round 1: order up or pass?" if r == 1 else "Round 2: name a suit or pass?"
                    ),
                )
                or 1
            )
        # the upcard's six buttons on a row of their own: in a third of the column they were cut
        # off beside an open sidebar
        upcard = _upcard_choice(chart) if rnd == 1 else None
        left, right = st.columns([1, 2])
        with left:
            score = _score_choice(rules) if score_view else None
        seat = chart.seats()[0]
        if not printing:
            with right:
                seat = seat_control(chart, "Seat", K + "seat")
    return _Choice(rnd, upcard, seat, score)


def _print_view(chart: Chart, rules: Rules, c: _Choice, big: bool, score_view: bool) -> None:
    """Every seat on one page, ready to print."""
    up_text = f", upcard {UP_LETTERS[c.upcard].replace('T', '10')}" if c.upcard is not None else ""
    up_text += f", score {c.score[0]}–{c.score[1]}" if c.score is not None else ""
    st.html(PRINT_CSS)
    st.caption(f"{chart.preset}{up_text}. Print with your browser (Ctrl+P / ⌘P); the sidebar is left out.")
    for s in chart.seats():
        fig = figure(chart, s, c.rnd, c.upcard, big, static=True, score=c.score, rules=rules)
        if fig is not None:
            st.markdown(f"#### {seat_label(chart, s)}")
            st.plotly_chart(fig, config={"staticPlot": True}, key=K + f"print_{s}")
    _footer(chart, score_view)


def _chosen_hand(chart: Chart, rules: Rules, c: _Choice, event: Any) -> str | None:
    """The kind of hand clicked on the chart, or chosen in the box under it."""
    points = event.get("selection", {}).get("points", []) if isinstance(event, dict) else []
    clicked = next((str(p["customdata"]) for p in points if p.get("customdata")), None)
    cells = {cell.key: cell for cell in cells_at(chart, rules, c.seat, c.rnd, c.upcard, None)}
    choices = sorted(cells, key=lambda k: (-cells[k].hand.trumps, k))
    picked = st.selectbox(
        "Or choose a kind of hand",
        choices,
        index=None,
        key=K + f"pick_{c.seat}_{c.rnd}_{c.upcard}",
        format_func=lambda k: (
            f"{holding_label(cells[k].hand)} · {side_label(cells[k].hand).replace('<br>', ', ')}"
        ),
        placeholder="Click a square, or choose one here",
    )
    return clicked or picked


def main() -> None:
    st.title("Call charts")
    st.write(INTRO)
    rules = current_rules()
    chart = shipped_chart(
        "Charts ship for the six rule presets. Choose one under **Rules** in the sidebar; for "
        "other rules, compute one with `python -m engine study charts --rules JSON --out "
        "FILE.parquet` (see the README)."
    )
    if chart is None:
        return
    score_view = _has_score_view(chart, rules)
    big = projector()
    printing = st.toggle(
        "Print view", key=K + "print", help="Every seat on one page, ready to print for a class."
    )
    c = _controls(chart, rules, score_view, printing)
    if printing:
        _print_view(chart, rules, c, big, score_view)
        return
    if c.rnd == 2:
        st.caption(
            "Round 2: the upcard was turned down and nobody ordered it. *Your trumps* are the cards of the "
            "suit you would name (your strongest other than the turned-down suit); bid means name it."
        )
    fig = figure(chart, c.seat, c.rnd, c.upcard, big, score=c.score, rules=rules)
    if fig is None:
        st.info("The chart has no hands for this choice.")
        return
    compact = compact_html(chart, c.seat, c.rnd, c.upcard, score=c.score, rules=rules)
    event: Any = show(fig, compact, K + f"map_{c.seat}_{c.rnd}_{c.upcard}_{c.score}", clickable=True)
    key = _chosen_hand(chart, rules, c, event)
    if key:
        _example(rules, chart, key, c.score)
    _footer(chart, score_view)


def _footer(chart: Chart, score_view: bool) -> None:
    st.caption(
        f"Up to {chart.deals_per_cell} simulated deals per square, 95% intervals; regenerated by "
        "`python -m bench make_charts`. "
        + (
            "At a score, each choice's chance to win the game comes from the same deals and the game's win table."
            if score_view
            else "This chart has no score view (cutthroat has no win table to turn points into "
            "games won): near the end of a game use the analyzer, which takes the score into account."
        )
    )


main()
