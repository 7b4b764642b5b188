"""The Statistics view's "Your play, luck aside" section: points lost per real decision, by kind,
with its 95% interval and a weekly trend, and beside it the luck of the cards dealt
(``practice.skill``; the records are ``practice.records.skill_hands``, the practice log's).

On a phone Streamlit stacks the two columns; the table is four short columns that wrap within the
screen, and the chart's legend sits under the plot, so nothing is wider than the screen.
"""

from __future__ import annotations

import math
from html import escape

import pandas as pd
import plotly.express as px
import plotly.graph_objects as go
import streamlit as st

from engine.core.stats import Interval
from practice import records, skill
from practice.records import StoreError

KEY = "practice_skill"  # the section's container key (class st-key-practice_skill) and the chart's prefix
KIND_NAMES = {
    "bidding": "Bidding",
    "leading": "Leading",
    "following": "Following",
    "defending": "Defending",
    skill.OVERALL: "All decisions",
}
KIND_COLOURS = {
    "bidding": "#1d4ed8",
    "leading": "#1b7a3a",
    "following": "#74c476",
    "defending": "#c0262d",
    skill.OVERALL: "#3a3a3a",
}
EMPTY = (
    "Play some hands first: once a hand is finished, the points each of your decisions lost are "
    "recorded here, with how lucky your cards were."
)
ABOUT = (
    "Points lost: what a decision gave away against the best choice, as the hand review grades it; "
    "forced moves are left out. Bidding includes the dealer's discard and defending alone; leading and "
    "following are card plays when your side named trump, defending every card play when the other side did."
)
LUCK_ABOUT = (
    "Luck: what your cards were worth (the analyzer's expected points of your best bid at your first "
    "bid) minus what an average hand is worth at the same seat. Above 0, you were dealt better cards "
    "than average. It is kept out of the points lost."
)
LUCK_LEFT_OUT = (
    "Hands where a player before you ordered up, or played under other rules, have no luck figure."
)
CSS = f"""<style>
.st-key-{KEY} .ec-skill {{ width: 100%; border-collapse: collapse; font-size: 0.9rem; table-layout: fixed; }}
.st-key-{KEY} .ec-skill th, .st-key-{KEY} .ec-skill td {{ border: 1px solid rgba(29, 29, 29, 0.15);
  padding: 0.25rem 0.4rem; text-align: left; overflow-wrap: anywhere; }}
.st-key-{KEY} .ec-skill th {{ background: #e6efe4; font-weight: 600; }}
.st-key-{KEY} .ec-skill td.n {{ text-align: right; }}
</style>"""


def interval_text(i: Interval, digits: int = 2) -> str:
    """ "0.12 – 0.31" (an em dash for an interval not known: fewer than two values)."""
    return "—" if not i.known else f"{i.low:.{digits}f} – {i.high:.{digits}f}"


def table_html(summary: skill.SkillSummary) -> str:
    """The kinds as a plain table: kind, decisions, points lost per decision, 95% interval."""
    rows = "".join(
        f"<tr><td>{escape(KIND_NAMES[k.kind])}</td><td class='n'>{k.decisions}</td>"
        f"<td class='n'>{k.lost.mean:.2f}</td><td>{interval_text(k.lost)}</td></tr>"
        for k in summary.kinds
    )
    return (
        '<table class="ec-skill" data-testid="ec-skill-table"><thead><tr><th>Decision</th><th>How many</th>'
        f"<th>Points lost each</th><th>95% interval</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def trend_figure(summary: skill.SkillSummary) -> go.Figure:
    """Points lost per decision, week by week, one line per kind (the overall line dashed)."""
    rows = [
        {
            "week": w.monday,
            "kind": KIND_NAMES[k.kind],
            "points lost per decision": w.lost.mean,
            "decisions": w.decisions,
            "95% interval": interval_text(w.lost),
            "ISO week": w.week,
        }
        for k in summary.kinds
        for w in k.weeks
    ]
    frame = pd.DataFrame(rows)
    colours = {KIND_NAMES[k]: c for k, c in KIND_COLOURS.items()}
    fig = px.line(
        frame,
        x="week",
        y="points lost per decision",
        color="kind",
        markers=True,
        title="Points lost per decision, week by week",
        color_discrete_map=colours,
        category_orders={"kind": [KIND_NAMES[k.kind] for k in summary.kinds]},
        hover_data={"ISO week": True, "decisions": True, "95% interval": True, "week": False},
    )
    for trace in fig.data:
        if trace.name == KIND_NAMES[skill.OVERALL]:
            trace.line.dash = "dash"
    fig.update_layout(
        legend={"orientation": "h", "yanchor": "top", "y": -0.25, "xanchor": "left", "x": 0, "title": None},
        margin={"l": 10, "r": 10, "t": 50, "b": 10},
        title={"font": {"size": 15}},
        xaxis=week_axis(sorted({w.monday for k in summary.kinds for w in k.weeks})),
        yaxis={"title": {"text": "points lost"}, "rangemode": "tozero"},
    )
    return fig


MAX_WEEK_TICKS = 6  # a phone has room for about six dates


def week_axis(mondays: list[str]) -> dict[str, object]:
    """The weeks axis: a tick on each week's Monday ("9 Nov"), every few weeks when there are many
    (and always the last)."""
    step = max(1, math.ceil(len(mondays) / MAX_WEEK_TICKS))
    ticks = mondays[::step]
    if mondays and ticks[-1] != mondays[-1]:
        ticks[-1] = mondays[-1]
    labels = [f"{int(m[8:])} {MONTHS[int(m[5:7]) - 1]}" for m in ticks]
    return {
        "title": {"text": "week (its Monday)"},
        "tickmode": "array",
        "tickvals": ticks,
        "ticktext": labels,
    }


MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def luck_text(summary: skill.SkillSummary) -> tuple[str, str]:
    """The luck's value ("+0.21 points a hand") and its interval line."""
    luck = summary.luck
    if not summary.luck_hands or math.isnan(luck.mean):
        return "—", "No hand with a luck figure yet."
    hands = f"{summary.luck_hands} hand{'s' if summary.luck_hands != 1 else ''}"
    if not luck.known:
        return f"{luck.mean:+.2f} points a hand", f"From {hands}: too few for an interval."
    return (
        f"{luck.mean:+.2f} points a hand",
        f"95% interval {luck.low:+.2f} to {luck.high:+.2f}, from {hands}.",
    )


def section(learner: str | None = None) -> None:
    """Draw the section (``learner``: only that learner's hands; None: every hand recorded here)."""
    with st.container(key=KEY):
        st.html(CSS)
        st.subheader("Your play, luck aside")
        try:
            hands = records.skill_hands(learner=learner)
        except StoreError as err:
            st.warning(f"This figure is not available: {err}")
            return
        summary = skill.skill_summary(hands, hands.damaged)
        if summary.damaged:
            st.caption(
                f"{records.damaged_note(summary.damaged)}: this section leaves "
                f"{'it' if summary.damaged == 1 else 'them'} out."
            )
        if not summary.decisions:
            st.info(EMPTY)
            return
        play, luck = st.columns([3, 2], gap="medium")
        with play:
            st.html(table_html(summary))
            st.caption(ABOUT)
        with luck:
            value, interval = luck_text(summary)
            st.metric("Luck of the cards dealt", value)
            st.caption(interval)
            st.caption(f"{LUCK_ABOUT} {LUCK_LEFT_OUT}")
        if len({w.week for k in summary.kinds for w in k.weeks}) < 2:
            st.caption("The week-by-week trend appears once you have played in two different weeks.")
            return
        st.plotly_chart(trend_figure(summary), key=KEY + "_trend", config={"displayModeBar": False})
