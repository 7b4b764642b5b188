"""A call chart drawn as a plotly heatmap: the Charts page's and the bidding lesson's.

Rows are trump holdings (strongest at the top), columns the off-suit aces and voids; a square's
colour is how much the better bid beats passing (``engine.study.chart_table``), pale with "≈"
for a close call, framed where the rule of thumb disagrees.
"""

from __future__ import annotations

import math

import plotly.graph_objects as go
import streamlit as st

from engine.analysis.explain import percent, points
from engine.rules import Rules
from engine.study.chart_table import (
    Chart,
    ChartCell,
    ChartError,
    at_score,
    disagrees,
    grid,
    load,
    preset_of,
    thumb,
)
from engine.study.classes import UP_LETTERS
from ui.layout import projector
from ui.rules_panel import current_rules

SEAT_LABELS = {"first": "First seat (left of the dealer)", "second": "Dealer's partner", "third": "Third seat",
               "dealer": "Dealer"}
SEAT_LABELS_SHORT = {"first": "First seat", "second": "Second seat", "third": "Third seat", "dealer": "Dealer"}
WORDS = {1: {"call": "order", "alone": "alone", "pass": "pass"}, 2: {"call": "call", "alone": "alone", "pass": "pass"}}
# red (pass) through white to green (bid); the margin is clipped to +-1.5 points a hand
COLOURS = [[0.0, "#b23a3a"], [0.35, "#e9a3a3"], [0.5, "#f7f5ef"], [0.65, "#9fd3a8"], [1.0, "#1b6e3a"]]
CLIP = 1.5
CLIP_WIN = 0.25  # at a game score: the margin in chance to win the game, clipped to +-25 points

Score = tuple[int, int]  # (your side, theirs) before the hand


def seat_label(chart: Chart, seat: str) -> str:
    return SEAT_LABELS[seat] if len(chart.seats()) == 4 else SEAT_LABELS_SHORT[seat]


def _often(frequency: float) -> str:
    """How often a seat meets a cell: '2% of hands', '3.4 in 1,000 hands'."""
    if math.isnan(frequency):
        return "how often: not counted"
    if frequency >= 0.01:
        return f"{percent(frequency)} of hands"
    if frequency >= 0.001:
        return f"{1000 * frequency:.1f} in 1,000 hands"
    if frequency > 0:
        return f"{10_000 * frequency:.1f} in 10,000 hands"
    return "too rare to be seen in the deals counted"


def _figure_text(x: float, score: Score | None) -> str:
    """A cell's figure: points a hand, or (at a score) the chance to win the game."""
    return points(x) if score is None else percent(max(0.0, min(1.0, x)))


def cells_at(chart: Chart, rules: Rules, seat: str, rnd: int, upcard: int | None, score: Score | None) -> list[ChartCell]:
    """The chart's cells for one seat, round and upcard, valued at ``score`` when one is given."""
    cells = chart.select(seat, rnd, upcard)
    if score is None:
        return cells
    return [v for v in (at_score(c, rules, *score) for c in cells) if v is not None]


def _hover(cell: ChartCell, rnd: int, score: Score | None) -> str:
    lines = [f"<b>{WORDS[rnd][cell.best]}</b>" + (" (close call)" if cell.close else "")]
    for name, o in cell.options.items():
        lines.append(f"{WORDS[rnd][name]}: {_figure_text(o.ev, score)} "
                     f"[{_figure_text(o.lo, score)}, {_figure_text(o.hi, score)}]")
    if not math.isnan(cell.frequency):
        lines.append(f"met in {_often(cell.frequency)} · {cell.n} deals")
    lines.append("rule of thumb: " + ("bid" if thumb(cell) else "pass"))
    return "<br>".join(lines)


def figure(chart: Chart, seat: str, rnd: int, upcard: int | None, big: bool, static: bool = False,
           score: Score | None = None, rules: Rules | None = None) -> go.Figure | None:
    """The heatmap of one seat, round and upcard (None when the chart has no such cells); at a
    game ``score`` (with its ``rules``) the squares show the chance to win the game instead."""
    cells = cells_at(chart, rules or Rules(), seat, rnd, upcard, score)
    clip = CLIP if score is None else CLIP_WIN
    if not cells:
        return None
    rows, cols, at = grid(cells)
    z: list[list[float | None]] = []
    text: list[list[str]] = []
    hover: list[list[str]] = []
    keys: list[list[str]] = []
    outline_x: list[str] = []
    outline_y: list[str] = []
    for r in rows:
        z_row: list[float | None] = []
        t_row, h_row, k_row = [], [], []
        for c in cols:
            cell = at.get((r, c))
            if cell is None:
                z_row.append(None)
                t_row.append("")
                h_row.append("no such hand")
                k_row.append("")
                continue
            margin = max(-clip, min(clip, cell.margin)) if math.isfinite(cell.margin) else clip
            z_row.append(margin * (0.35 if cell.close else 1.0))
            word = WORDS[rnd][cell.best]
            t_row.append(f"≈ {word}" if cell.close else word)
            h_row.append(_hover(cell, rnd, score))
            k_row.append(cell.key)
            if score is None and disagrees(cell):  # the rule of thumb knows no score
                outline_x.append(c)
                outline_y.append(r)
        z.append(z_row)
        text.append(t_row)
        hover.append(h_row)
        keys.append(k_row)
    font = 18 if big else 12
    fig = go.Figure(go.Heatmap(
        z=z, x=cols, y=rows, text=text, texttemplate="%{text}", textfont={"size": font}, hoverinfo="skip",
        colorscale=COLOURS, zmin=-clip, zmax=clip, xgap=2, ygap=2,
        colorbar={"title": {"text": "bid minus pass<br>" + ("(points a hand)" if score is None else
                                                            "(chance to win<br>the game)")},
                  "len": 0.6, **({} if score is None else {"tickformat": "+.0%"})},
    ))
    # Plotly heatmaps send no click in select mode: an almost invisible square on every cell
    # carries the hover text and the click (its customdata is the cell's key).
    where = [(r, c, hover[i][j], keys[i][j]) for i, r in enumerate(rows) for j, c in enumerate(cols) if keys[i][j]]
    fig.add_trace(go.Scatter(
        x=[w[1] for w in where], y=[w[0] for w in where], customdata=[w[3] for w in where],
        hovertext=[w[2] for w in where], hovertemplate="%{y}<br>%{x}<br>%{hovertext}<extra></extra>",
        mode="markers", showlegend=False, marker={"symbol": "square", "size": 26 if big else 20, "opacity": 0.01},
        selected={"marker": {"opacity": 0.01}}, unselected={"marker": {"opacity": 0.01}},
    ))
    if outline_x:
        fig.add_trace(go.Scatter(
            x=outline_x, y=outline_y, mode="markers", hoverinfo="skip", showlegend=False,
            marker={"symbol": "square-open", "size": 30 if big else 22, "line": {"width": 3, "color": "#1f3b73"}},
            selected={"marker": {"opacity": 1}}, unselected={"marker": {"opacity": 1}},
        ))
    fig.update_layout(
        height=max(320, (34 if big else 26) * len(rows) + 140), margin={"l": 10, "r": 10, "t": 30, "b": 10},
        font={"size": font}, plot_bgcolor="#ffffff" if static else "rgba(0,0,0,0)",
        xaxis={"side": "top", "title": "off-suit aces and voids", "fixedrange": True, "tickangle": 0},
        yaxis={"title": "your trumps", "fixedrange": True, "autorange": True},
    )
    return fig


def summary(cell: ChartCell, rnd: int, score: Score | None = None) -> str:
    best = WORDS[rnd][cell.best]
    figures = ", ".join(f"{WORDS[rnd][n]} {_figure_text(o.ev, score)}" for n, o in cell.options.items())
    unit = "points a hand" if score is None else f"chance to win the game from {score[0]}–{score[1]}"
    verdict = f"close call, slightly {best}" if cell.close else best
    thumb_says = "bid" if thumb(cell) else "pass"
    agree = "agrees" if (cell.best != "pass") == thumb(cell) else f"says {thumb_says}"
    return f"Chart: **{verdict}** ({figures}; {unit}). The rule of thumb {agree}."


def shipped_chart(missing: str) -> Chart | None:
    """The chart of the rules in force, or None after saying why there is none (``missing``:
    what to say when the rules are not a preset with a shipped chart)."""
    preset = preset_of(current_rules())
    if preset is None:
        st.info(missing)
        return None
    try:
        return load(preset)
    except ChartError as err:
        st.error(str(err))
        return None


def seat_chart(key: str, upcard: str = "Q") -> None:
    """A lesson's chart: the learner chooses the seat they sit in and sees its round-1 chart for
    an upcard of rank ``upcard`` (a letter: 9 T J Q K A), with a link to every chart."""
    chart = shipped_chart("The call charts are computed for the six rule presets; choose one in the sidebar "
                          "to see it here.")
    if chart is None:
        return
    seats = chart.seats()
    seat = st.segmented_control("Your seat", seats, default=seats[0], key=key,
                                format_func=lambda s: seat_label(chart, s)) or seats[0]
    rank = next((r for r, letter in UP_LETTERS.items() if letter == upcard), 12)
    fig = figure(chart, seat, 1, rank, projector())
    if fig is None:
        st.info("The chart has no hands for this seat.")
        return
    st.plotly_chart(fig, config={"displayModeBar": False}, key=f"{key}_{seat}")
    st.caption(f"Upcard: a {UP_LETTERS[rank].replace('T', '10')} of the suit that would be trump. Hover a square "
               "for its figures.")
    st.page_link("views/charts.py", label="Every seat and upcard on the Charts page", icon=":material/grid_on:")


__all__ = ["SEAT_LABELS", "WORDS", "Score", "cells_at", "figure", "seat_chart", "seat_label", "shipped_chart", "summary"]
