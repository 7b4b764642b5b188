"""The Practice page's Statistics view: the practice records' figures, the skill section
(``views.practice.skill``) and the charts of net points and decision grades per hand."""

from __future__ import annotations

import math
from typing import Any

import pandas as pd
import plotly.express as px
import streamlit as st

from practice import records, review
from practice.records import StoreError
from ui.practice_panels import PRACTICE_KEY_PREFIX
from views.practice.skill import section as skill_section

# The grades' colours, from good to bad on one scale: greens, then amber, orange-red and red.
GRADE_COLOURS = {
    "best": "#1b7a3a",
    "good": "#74c476",
    "inaccuracy": "#f2a93b",
    "mistake": "#e4632b",
    "blunder": "#c0262d",
}
MAX_HAND_TICKS = 12  # beyond this many hands the axis labels every few hands (and always the last)


def hand_axis(hands: int) -> dict[str, Any]:
    """The hands axis of the statistics charts: from the first hand to the last, each hand's
    bar whole (hand k spans k - 0.5 to k + 0.5), ticks on whole hands and the last one labelled."""
    step = max(1, math.ceil(hands / MAX_HAND_TICKS))
    ticks = list(range(1, hands + 1, step))
    if ticks[-1] != hands:
        if hands - ticks[-1] < (step + 1) // 2:
            ticks[-1] = hands  # too close to the last hand for both labels
        else:
            ticks.append(hands)
    return {"title": {"text": "hand"}, "range": [0.5, hands + 0.5], "tickmode": "array", "tickvals": ticks}


def count_axis(largest: int) -> dict[str, Any]:
    """A y axis of whole counts (decisions): no 0.5 of a decision."""
    return {"dtick": max(1, math.ceil(largest / 6)), "rangemode": "tozero", "tickformat": "d"}


def statistics_view(learner: str | None = None) -> None:
    """The practice records' figures; the skill section is ``learner``'s own (every hand when None)."""
    try:
        stats = records.statistics()
    except StoreError as err:
        st.warning(f"Statistics are not available: {err}")
        return
    if stats.damaged:
        st.caption(
            f"{stats.damaged_note}: the figures below leave {'it' if stats.damaged == 1 else 'them'} out."
        )
    if not stats.hands:
        st.info("No finished hands yet: play a hand at the table and it is recorded here.")
        return
    c = st.columns(5)
    c[0].metric("Hands played", stats.hands)
    c[1].metric("You called", f"{stats.called} (made {stats.called_made})")  # counts, not changes: no arrow
    c[2].metric("Euchres (for / against)", f"{stats.euchres_for} / {stats.euchred}")
    c[3].metric("Loners (made)", f"{stats.loners} ({stats.loners_made})")
    c[4].metric("Net points per hand", f"{stats.points_per_hand:+.2f}")
    st.caption(f"Games played: {stats.games} ({stats.games_finished} finished, {stats.games_won} won).")
    skill_section(learner)  # points lost per real decision and the luck of the cards (skill.py)
    if len(stats.timeline) < 2:
        st.caption("The charts of your points and decisions appear after your second hand.")
        return
    frame = pd.DataFrame(stats.timeline).fillna(0)
    frame["cumulative net points"] = frame["net_points"].cumsum()
    hands = len(stats.timeline)
    points = px.line(frame, x="hand", y="cumulative net points", title="Net points over time", markers=True)
    points.update_layout(xaxis=hand_axis(hands))
    st.plotly_chart(points, key=PRACTICE_KEY_PREFIX + "chart_points")
    grade_cols = [g for g in review.GRADES if g in frame.columns]
    if grade_cols:
        long = frame.melt(id_vars="hand", value_vars=grade_cols, var_name="grade", value_name="decisions")
        grades = px.bar(
            long,
            x="hand",
            y="decisions",
            color="grade",
            title="Decision grades per hand",
            category_orders={"grade": list(review.GRADES)},
            color_discrete_map=GRADE_COLOURS,
        )
        grades.update_layout(
            xaxis=hand_axis(hands), yaxis=count_axis(int(frame[grade_cols].sum(axis=1).max()))
        )
        st.plotly_chart(grades, key=PRACTICE_KEY_PREFIX + "chart_grades")
