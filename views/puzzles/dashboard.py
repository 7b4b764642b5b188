"""The Puzzles page's dashboard: the learner's rating over time, and accuracy and points lost by
theme with their 95% intervals, the weakest theme first, each with a link to practise it.

The figures are ``practice.puzzles``' (``rating_series``, ``theme_stats``); this only draws them.
"""

from __future__ import annotations

import math

import plotly.graph_objects as go
import streamlit as st

from practice.puzzles import Learner, ThemeStats, rating_series, theme_stats

PAGE = "views/puzzles/puzzles.py"


def _share(s: ThemeStats) -> str:
    a = s.accuracy
    if not a.known:
        return "—"
    return f"{100 * a.mean:.0f}% ({100 * a.low:.0f}–{100 * a.high:.0f}%)"


def _points(s: ThemeStats) -> str:
    p = s.points
    if s.judged == 0 or math.isnan(p.mean):
        return "no puzzle in points yet"
    if not p.known:
        return f"{p.mean:.2f} points lost a puzzle"
    return f"{p.mean:.2f} points lost a puzzle ({p.low:.2f}–{p.high:.2f})"


def rating_chart(learner: Learner) -> None:
    series = rating_series(learner.attempts)
    when = [t for t, _, _ in series]
    rating = [r for _, r, _ in series]
    low = [r - 2 * d for _, r, d in series]
    high = [r + 2 * d for _, r, d in series]
    number = list(range(1, len(series) + 1))
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=number + number[::-1],
            y=high + low[::-1],
            fill="toself",
            mode="lines",
            line={"width": 0},
            fillcolor="rgba(27,110,58,0.15)",
            hoverinfo="skip",
            name="likely range (±2 deviations)",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=number,
            y=rating,
            mode="lines+markers",
            line={"color": "#1b6e3a"},
            name="your rating",
            customdata=[t.strftime("%d %b %H:%M") for t in when],
            hovertemplate="puzzle %{x} (%{customdata}): rating %{y:.0f}<extra></extra>",
        )
    )
    fig.update_layout(
        height=260,
        margin={"l": 10, "r": 10, "t": 10, "b": 10},
        xaxis={"title": "puzzles tried", "dtick": max(1, math.ceil(len(series) / 8))},  # whole puzzles
        yaxis_title="rating (points)",
        legend={"orientation": "h", "y": -0.35},
    )
    st.plotly_chart(fig, key="pz_rating_chart", config={"displayModeBar": False})


def dashboard(learner: Learner) -> None:
    """The learner's rating over time and their themes, the weakest first."""
    count = len(learner.attempts)
    if not count:
        st.info("No puzzle tried yet: your rating and your themes show here after your first one.")
        return
    solved = sum(a.solved for a in learner.attempts)
    st.markdown(
        f"{count} puzzle{'s' if count != 1 else ''} tried, {solved} solved at the first try · "
        f"best streak {learner.streak_best}"
    )
    rating_chart(learner)
    st.markdown("**By theme, the weakest first** — solved at the first try (95% range), points lost a puzzle")
    for s in theme_stats(learner.attempts):
        with st.container(
            horizontal=True, vertical_alignment="center", gap="small", key=f"pz_theme_{s.theme}"
        ):
            st.markdown(
                f"**{s.name}** · {s.solved} of {s.attempts} · {_share(s)} · {_points(s)}",
                width="stretch",
            )
            st.page_link(
                PAGE, label="Practise", icon=":material/fitness_center:", query_params={"theme": s.theme}
            )
    if learner.damaged:
        st.caption(
            f"{learner.damaged} damaged record{'s were' if learner.damaged != 1 else ' was'} left out."
        )


__all__ = ["dashboard", "rating_chart"]
