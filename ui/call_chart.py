"""A call chart: the Charts page's and the bidding lesson's.

Rows are trump holdings (strongest at the top), columns the off-suit aces and voids; a square's
colour is how much the better bid beats passing (``engine.study.chart_table``), pale with "≈"
for a close call, framed in blue (``FRAME_COLOUR``) where the rule of thumb disagrees.

``show`` draws it twice and lets the browser choose by its width (Streamlit cannot read the
width on the server): a plotly heatmap (``figure``) when the chart's column is wider than
``GRID_WIDTH`` CSS pixels, and otherwise a compact HTML grid (``compact_html``) whose labels stay
readable on a phone, a tablet or a small laptop with the sidebar open; a CSS container query and
an ``@media`` rule (``CHART_CSS``) hide the other.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape
from typing import Any

import plotly.graph_objects as go
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from engine.analysis.explain import percent, points
from engine.core.rules import Rules
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
from engine.study.hand_classes import UP_LETTERS
from ui.layout import projector
from ui.rules_panel import current_rules

SEAT_LABELS = {
    "first": "First seat (left of the dealer)",
    "second": "Dealer's partner",
    "third": "Third seat",
    "dealer": "Dealer",
}
SEAT_LABELS_SHORT = {
    "first": "First seat",
    "second": "Second seat",
    "third": "Third seat",
    "dealer": "Dealer",
}
# the seat control's buttons: short, so that four fit on a phone (the full name is said under it)
SEAT_BUTTONS = {"first": "First", "second": "Second", "third": "Third", "dealer": "Dealer"}
WORDS = {
    1: {"call": "order", "alone": "alone", "pass": "pass"},
    2: {"call": "call", "alone": "alone", "pass": "pass"},
}
# red (pass) through white to green (bid); the margin is clipped to +-1.5 points a hand
STOPS: tuple[tuple[float, str], ...] = (
    (0.0, "#b23a3a"),
    (0.35, "#e9a3a3"),
    (0.5, "#f7f5ef"),
    (0.65, "#9fd3a8"),
    (1.0, "#1b6e3a"),
)
COLOURS = [[t, colour] for t, colour in STOPS]  # plotly's colorscale
CLIP = 1.5
CLIP_WIN = 0.25  # at a game score: the margin in chance to win the game, clipped to +-25 points
# The rule of thumb's frames: a colour that is neither the bid green nor the pass red, drawn
# around the square's label (never over it). The page's legend names it by FRAME_COLOUR_NAME.
FRAME_COLOUR = "#1d4ed8"
FRAME_COLOUR_NAME = "blue"
PHONE_WIDTH = 600  # CSS pixels: at this screen width or less the compact grid replaces the heatmap
# CSS pixels of the chart's column: narrower (a tablet or a small laptop with the sidebar open, the
# column 430-610 px) the heatmap's nine columns and their labels do not fit, and the grid is drawn
GRID_WIDTH = 680
WIDE_KEY = "ec_chart_wide_"  # container keys (class st-key-<key>) of the two drawings
PHONE_KEY = "ec_chart_phone_"
BOTH_KEY = "ec_chart_both_"  # the container of both: its width decides (a CSS container query)
CHART_CSS = f"""<style>
[class*="st-key-{PHONE_KEY}"] {{ display: none; }}
[class*="st-key-{BOTH_KEY}"] {{ container-type: inline-size; }}
@media (max-width: {PHONE_WIDTH}px) {{
  [class*="st-key-{WIDE_KEY}"] {{ display: none !important; }}
  [class*="st-key-{PHONE_KEY}"] {{ display: block; }}
}}
@container (max-width: {GRID_WIDTH}px) {{
  [class*="st-key-{WIDE_KEY}"] {{ display: none !important; }}
  [class*="st-key-{PHONE_KEY}"] {{ display: block; }}
}}
.ec-chart-phone {{ font-size: max(11px, 0.75rem); line-height: 1.2; }}
.ec-chart-phone table {{ width: 100%; table-layout: fixed; border-collapse: separate; border-spacing: 2px; }}
.ec-chart-phone th, .ec-chart-phone td {{ font-size: max(11px, 0.75rem); font-weight: normal; padding: 0; }}
.ec-chart-phone thead th {{ color: #5a5a5a; text-align: center; overflow-wrap: anywhere; }}
.ec-chart-phone tbody th {{ text-align: right; padding-right: 4px; color: #3a3a3a; }}
.ec-chart-phone td {{ height: 2.4em; text-align: center; vertical-align: middle; border-radius: 3px;
  white-space: nowrap; overflow: hidden; }}
.ec-chart-phone td.ec-framed {{ box-shadow: inset 0 0 0 2px {FRAME_COLOUR}; }}
.ec-chart-phone td span {{ display: inline-block; padding: 0 3px; }}
.ec-chart-phone col.ec-rows {{ width: 27%; }}
.ec-chart-phone caption {{ caption-side: bottom; text-align: left; color: #5a5a5a; padding-top: 4px; }}
</style>"""

Score = tuple[int, int]  # (your side, theirs) before the hand


def seat_label(chart: Chart, seat: str) -> str:
    return SEAT_LABELS[seat] if len(chart.seats()) == 4 else SEAT_LABELS_SHORT[seat]


def seat_control(chart: Chart, label: str, key: str) -> str:
    """The seat chooser: one short button per seat (four fit across a phone), and the chosen
    seat's full name under it."""
    seats = chart.seats()
    seat = (
        st.segmented_control(label, seats, default=seats[0], key=key, format_func=lambda s: SEAT_BUTTONS[s])
        or seats[0]
    )
    st.caption(f"{seat_label(chart, seat)}.")
    return seat


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


def cells_at(
    chart: Chart, rules: Rules, seat: str, rnd: int, upcard: int | None, score: Score | None
) -> list[ChartCell]:
    """The chart's cells for one seat, round and upcard, valued at ``score`` when one is given."""
    cells = chart.select(seat, rnd, upcard)
    if score is None:
        return cells
    return [v for v in (at_score(c, rules, *score) for c in cells) if v is not None]


def _hover(cell: ChartCell, rnd: int, score: Score | None) -> str:
    lines = [f"<b>{WORDS[rnd][cell.best]}</b>" + (" (close call)" if cell.close else "")]
    for name, o in cell.options.items():
        lines.append(
            f"{WORDS[rnd][name]}: {_figure_text(o.ev, score)} "
            f"[{_figure_text(o.lo, score)}, {_figure_text(o.hi, score)}]"
        )
    if not math.isnan(cell.frequency):
        lines.append(f"met in {_often(cell.frequency)} · {cell.n} deals")
    lines.append("rule of thumb: " + ("bid" if thumb(cell) else "pass"))
    return "<br>".join(lines)


@dataclass(frozen=True, slots=True)
class Square:
    """One drawn square of a chart: its label, its colour value and whether it is framed."""

    key: str  # the cell's key (what a click on it chooses)
    text: str  # "order", "≈ pass"
    z: float  # the colour value: the margin, clipped to +-clip, shrunk for a close call
    framed: bool  # the rule of thumb gives the other answer (points view only)
    hover: str


def squares(
    cells: list[ChartCell], rnd: int, score: Score | None
) -> tuple[list[str], list[str], dict[tuple[str, str], Square], float]:
    """Rows, columns, the square at each (row, column) that has one, and the colour scale's clip."""
    clip = CLIP if score is None else CLIP_WIN
    rows, cols, at = grid(cells)
    out: dict[tuple[str, str], Square] = {}
    for (r, c), cell in at.items():
        margin = max(-clip, min(clip, cell.margin)) if math.isfinite(cell.margin) else clip
        word = WORDS[rnd][cell.best]
        out[(r, c)] = Square(
            key=cell.key,
            text=f"≈ {word}" if cell.close else word,
            z=margin * (0.35 if cell.close else 1.0),
            framed=score is None and disagrees(cell),  # the rule of thumb knows no score
            hover=_hover(cell, rnd, score),
        )
    return rows, cols, out, clip


def figure(
    chart: Chart,
    seat: str,
    rnd: int,
    upcard: int | None,
    big: bool,
    static: bool = False,
    score: Score | None = None,
    rules: Rules | None = None,
    height: int | None = None,
) -> go.Figure | None:
    """The heatmap of one seat, round and upcard (None when the chart has no such cells); at a
    game ``score`` (with its ``rules``) the squares show the chance to win the game instead.
    ``height``: the figure's height in CSS pixels (its text then at most 14 px, to fit the rows),
    else as its rows need."""
    cells = cells_at(chart, rules or Rules(), seat, rnd, upcard, score)
    if not cells:
        return None
    rows, cols, at, clip = squares(cells, rnd, score)
    z = [[at[(r, c)].z if (r, c) in at else None for c in cols] for r in rows]
    text = [[at[(r, c)].text if (r, c) in at else "" for c in cols] for r in rows]
    font = min(18 if big else 12, 14 if height else 18)
    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=cols,
            y=rows,
            text=text,
            texttemplate="%{text}",
            textfont={"size": font},
            hoverinfo="skip",
            colorscale=COLOURS,
            zmin=-clip,
            zmax=clip,
            xgap=2,
            ygap=2,
            # the title beside the bar, not above it, where it ran into the top tick's label
            colorbar={
                "title": {
                    "text": "bid minus pass "
                    + ("(points a hand)" if score is None else "(chance to win the game)"),
                    "side": "right",
                },
                "len": 0.6,
                **({} if score is None else {"tickformat": "+.0%"}),
            },
        )
    )
    fig.add_trace(_click_squares(rows, cols, at, big))
    _frame_rule_of_thumb(fig, rows, cols, at)
    fig.update_layout(
        height=height or max(320, (34 if big else 26) * len(rows) + 140),
        margin={"l": 10, "r": 10, "t": 30, "b": 10},
        font={"size": font},
        plot_bgcolor="#ffffff" if static else "rgba(0,0,0,0)",
        xaxis={"side": "top", "title": "off-suit aces and voids", "fixedrange": True, "tickangle": 0},
        yaxis={"title": "your trumps", "fixedrange": True, "autorange": True},
    )
    if height:  # the axes' own text too (the page's theme sizes it otherwise), so the labels fit
        fig.update_xaxes(tickfont={"size": font}, title_font={"size": font})
        fig.update_yaxes(tickfont={"size": font}, title_font={"size": font})
    return fig


def _click_squares(rows: list[Any], cols: list[Any], at: dict[Any, Any], big: bool) -> go.Scatter:
    """Plotly heatmaps send no click in select mode: an almost invisible square on every cell
    carries the hover text and the click (its customdata is the cell's key)."""
    where = [(r, c, at[(r, c)]) for r in rows for c in cols if (r, c) in at]
    return go.Scatter(
        x=[w[1] for w in where],
        y=[w[0] for w in where],
        customdata=[w[2].key for w in where],
        hovertext=[w[2].hover for w in where],
        hovertemplate="%{y}<br>%{x}<br>%{hovertext}<extra></extra>",
        mode="markers",
        showlegend=False,
        marker={"symbol": "square", "size": 26 if big else 20, "opacity": 0.01},
        selected={"marker": {"opacity": 0.01}},
        unselected={"marker": {"opacity": 0.01}},
    )


def _frame_rule_of_thumb(fig: go.Figure, rows: list[Any], cols: list[Any], at: dict[Any, Any]) -> None:
    """The rule of thumb's frames: a rectangle along the square's edge (category axes number the
    rows and columns 0, 1, ...), so the label inside stays in view."""
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            if (r, c) in at and at[(r, c)].framed:
                fig.add_shape(
                    type="rect",
                    xref="x",
                    yref="y",
                    x0=j - 0.47,
                    x1=j + 0.47,
                    y0=i - 0.44,
                    y1=i + 0.44,
                    line={"color": FRAME_COLOUR, "width": 3},
                    fillcolor="rgba(0,0,0,0)",
                    layer="above",
                )


def _hex(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def square_colour(z: float, clip: float) -> str:
    """The colour scale's colour (``COLOURS``) at ``z`` on a scale from -clip to +clip, as #rrggbb."""
    t = max(0.0, min(1.0, (z + clip) / (2 * clip)))
    for (t0, c0), (t1, c1) in zip(STOPS, STOPS[1:], strict=False):
        if t <= t1:
            f = 0.0 if t1 == t0 else (t - t0) / (t1 - t0)
            return "#" + "".join(
                f"{round(x + f * (y - x)):02x}" for x, y in zip(_hex(c0), _hex(c1), strict=True)
            )
    return STOPS[-1][1]


def _ink(background: str) -> str:
    """Dark or light text, whichever reads better on ``background``."""
    r, g, b = _hex(background)
    return "#1b1b1b" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def _row_html(label: str) -> str:
    """A row's label on two lines: "3 trumps" and which of the top ones ("right, left")."""
    count, _, tops = label.partition(": ")
    return escape(count) + (f"<br>{escape(tops)}" if tops else "")


def compact_html(
    chart: Chart,
    seat: str,
    rnd: int,
    upcard: int | None,
    score: Score | None = None,
    rules: Rules | None = None,
) -> str:
    """The chart as a small HTML grid for a phone (class ``ec-chart-phone``, styled by
    ``CHART_CSS``): the same squares, colours, labels and frames as ``figure``, with the columns'
    headings in two rows (off-suit aces, then voids) so that every label fits in its square.
    Empty when the chart has no such cells."""
    cells = cells_at(chart, rules or Rules(), seat, rnd, upcard, score)
    if not cells:
        return ""
    rows, cols, at, clip = squares(cells, rnd, score)
    sides = [c.split("<br>") for c in cols]  # ["1 ace", "2+ voids"]
    groups: list[tuple[str, int]] = []  # (off-suit aces, how many columns)
    for aces, _ in sides:
        if groups and groups[-1][0] == aces:
            groups[-1] = (aces, groups[-1][1] + 1)
        else:
            groups.append((aces, 1))
    head = (
        '<tr><th scope="col">aces:</th>'
        + "".join(f'<th scope="colgroup" colspan="{n}"><span>{escape(a)}</span></th>' for a, n in groups)
        + '</tr><tr><th scope="col">voids:</th>'
        + "".join(f'<th scope="col"><span>{escape(v.split(" ")[0])}</span></th>' for _, v in sides)
        + "</tr>"
    )
    body = []
    for r in reversed(rows):  # the strongest holdings at the top, as in the heatmap
        tds = []
        for c in cols:
            sq = at.get((r, c))
            if sq is None:
                tds.append("<td></td>")
                continue
            fill = square_colour(sq.z, clip)
            framed = ' class="ec-framed"' if sq.framed else ""
            word = escape(sq.text).replace("≈ ", "≈<br>")
            tds.append(
                f'<td{framed} data-key="{escape(sq.key)}" style="background:{fill};color:{_ink(fill)}">'
                f"<span>{word}</span></td>"
            )
        body.append(f'<tr><th scope="row"><span>{_row_html(r)}</span></th>{"".join(tds)}</tr>')
    unit = "points a hand" if score is None else "chance to win the game"
    note = (
        f"Rows: your trumps. Columns: off-suit aces, then voids. The darker the green, the more a bid "
        f"gains over passing; the darker the red, the more passing does ({unit})."
    )
    if score is None:
        note += f" Framed in {FRAME_COLOUR_NAME}: the rule of thumb gives the other answer."
    return (
        '<div class="ec-chart-phone" data-testid="ec-chart-phone"><table><colgroup><col class="ec-rows">'
        + "<col>" * len(cols)
        + f"</colgroup><caption>{escape(note)}</caption><thead>{head}</thead>"
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


def show(fig: go.Figure, compact: str, key: str, clickable: bool = False) -> Any:
    """Draw a chart both ways: the heatmap ``fig`` for a wide screen (``st.plotly_chart`` with
    ``key``; ``clickable``: a click on a square reruns the page and the chart's selection is
    returned) and the ``compact`` grid for a phone; ``CHART_CSS`` shows the one that suits the
    browser's width."""
    st.html(CHART_CSS)
    with st.container(key=BOTH_KEY + key):
        with st.container(key=PHONE_KEY + key):
            st.html(compact)
        with st.container(key=WIDE_KEY + key):
            config = {"displayModeBar": False}
            if clickable:
                return st.plotly_chart(
                    fig, key=key, on_select="rerun", selection_mode="points", config=config
                )
            st.plotly_chart(fig, key=key, config=config)
            return None


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


def seat_chart(
    key: str, upcard: str = "Q", height: int | None = None, notes: DeltaGenerator | None = None
) -> None:
    """A lesson's chart: the learner chooses the seat they sit in and sees its round-1 chart for
    an upcard of rank ``upcard`` (a letter: 9 T J Q K A), with a link to every chart. ``height``:
    the heatmap's height in CSS pixels (present mode's one screen), else as its rows need;
    ``notes``: where the note on the upcard and the link go, else under the chart."""
    chart = shipped_chart(
        "The call charts are computed for the six rule presets; choose one in the sidebar to see it here."
    )
    if chart is None:
        return
    seat = seat_control(chart, "Your seat", key)
    rank = next((r for r, letter in UP_LETTERS.items() if letter == upcard), 12)
    fig = figure(chart, seat, 1, rank, projector(), height=height)
    if fig is None:
        st.info("The chart has no hands for this seat.")
        return
    show(fig, compact_html(chart, seat, 1, rank), f"{key}_{seat}")
    with notes or st.container():
        st.caption(
            f"Upcard: a {UP_LETTERS[rank].replace('T', '10')} of the suit that would be trump. Hover a "
            "square for its figures."
        )
        st.page_link(
            "views/charts.py", label="Every seat and upcard on the Charts page", icon=":material/grid_on:"
        )


__all__ = [
    "CHART_CSS",
    "FRAME_COLOUR",
    "FRAME_COLOUR_NAME",
    "PHONE_WIDTH",
    "SEAT_BUTTONS",
    "SEAT_LABELS",
    "WORDS",
    "Score",
    "Square",
    "cells_at",
    "compact_html",
    "figure",
    "seat_chart",
    "seat_control",
    "seat_label",
    "shipped_chart",
    "show",
    "square_colour",
    "squares",
    "summary",
]
