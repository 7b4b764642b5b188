"""The Statistics view's "Your play, luck aside" section: points lost per real decision in three
categories a player names and overall, each with the range it likely lies in and, beside it, what
the Club and the Expert computer players lose in the same seat under the same grading; a trend
by day (by week once two weeks are played); and the luck of the cards dealt, from how many of the
hands and why the others have none (``practice.skill``; the records are
``practice.records.skill_hands``, the practice log's).

On a phone Streamlit stacks the columns; the table is six short columns that wrap within the
screen, and the chart's legend sits under the plot, so nothing is wider than the screen.
"""

from __future__ import annotations

import math
from datetime import UTC, tzinfo
from html import escape
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

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
    "playing": "Playing a hand your side named",
    "defending": "Defending",
    skill.OVERALL: "All decisions",
}
KIND_ABOUT = {
    "bidding": "ordering up, calling trump or passing, going alone, the dealer's discard, and choosing "
    "to defend alone.",
    "playing": "every card you play when you or your partner made trump.",
    "defending": "every card you play when the other side made trump.",
    skill.OVERALL: "the three together. A card you had to play (the only legal one) is not counted.",
}
KIND_COLOURS = {
    "bidding": "#1d4ed8",
    "playing": "#1b7a3a",
    "defending": "#c0262d",
    skill.OVERALL: "#3a3a3a",
}
PLAYER_NAMES = {"club": "Club player", "expert": "Expert"}
EMPTY = (
    "Play some hands first: once a hand is finished, the points each of your decisions lost are "
    "recorded here, with how lucky your cards were."
)
ABOUT = (
    "Points lost: what a decision gave away against the best choice, as the hand review grades it, "
    "whatever cards you were dealt. 0 is perfect."
)
RANGE_ABOUT = (
    f"Likely range: where your true figure lies 19 times out of 20. It is your figure divided and "
    f"multiplied by the same factor, which shrinks as you play more, so it never goes below 0. "
    f"Shown from {skill.RANGE_FROM} decisions."
)
YARDSTICK_ABOUT = (
    "Club player, Expert: what the app's Club and Expert computer players lose per decision in your "
    "seat, against three Club players, graded the same way ({hands} hands each)."
)
LUCK_ABOUT = (
    "Luck: what your cards were worth (the analyzer's expected points of your best bid at your first "
    "bid) minus what an average hand is worth at the same seat. Above 0, you were dealt better cards "
    "than average. It is kept out of the points lost."
)
NO_LUCK = {
    "ordered": "a player before you ordered up, so you had no first bid to value",
    "rules": "they were played under other rules than the standard ones, which the average hand is not "
    "measured for",
    "no_figure": "the analyzer could not value them",
    skill.UNKNOWN: "they were recorded before the reason was kept",
}
TREND_ABOUT = (
    "Day by day until you have played over two weeks, then week by week (a week starts on Monday); "
    "days in your time zone."
)
CSS = f"""<style>
.st-key-{KEY} .ec-skill {{ width: 100%; border-collapse: collapse; font-size: 0.9rem; table-layout: fixed; }}
.st-key-{KEY} .ec-skill th, .st-key-{KEY} .ec-skill td {{ border: 1px solid rgba(29, 29, 29, 0.15);
  padding: 0.25rem 0.4rem; text-align: left; overflow-wrap: anywhere; vertical-align: top; }}
.st-key-{KEY} .ec-skill th {{ background: #e6efe4; font-weight: 600; }}
.st-key-{KEY} .ec-skill td.n {{ text-align: right; }}
.st-key-{KEY} .ec-skill td.yard {{ color: #555; }}
.st-key-{KEY} .ec-skill col.what {{ width: 30%; }}
.st-key-{KEY} .ec-skill-about {{ font-size: 0.85rem; color: rgba(49, 51, 63, 0.75); margin: 0; padding-left: 1.1rem; }}
.st-key-{KEY} .ec-skill-about li {{ margin: 0.1rem 0; }}
@media (max-width: 640px) {{ .st-key-{KEY} .ec-skill {{ font-size: 0.8rem; }}
  .st-key-{KEY} .ec-skill th, .st-key-{KEY} .ec-skill td {{ padding: 0.2rem 0.25rem; }} }}
</style>"""


def lost_text(value: float) -> str:
    """Points lost per decision as the table prints it: "0.21", "under 0.01" (not "0.00": a small
    loss is not none), "0" for none at all, "—" when not known."""
    if math.isnan(value):
        return "—"
    if value == 0:
        return "0"
    return "under 0.01" if value < 0.005 else f"{value:.2f}"


def interval_text(i: Interval) -> str:
    """ "0.12 – 0.31" (an em dash for a range not known: too few decisions, or no spread)."""
    if not i.known:
        return "—"
    return f"{lost_text(i.low)} – {lost_text(i.high)}"


def table_html(summary: skill.SkillSummary, yardstick: tuple[skill.Yardstick, ...] = ()) -> str:
    """The categories as a plain table: the category, decisions, your points lost per decision, its
    likely range, and the yardstick's players' figures (when the yardstick is read)."""
    players = "".join(f"<th>{escape(PLAYER_NAMES.get(y.player, y.player))}</th>" for y in yardstick)
    rows = []
    for k in summary.kinds:
        theirs = "".join(f"<td class='n yard'>{_yard(y.lost(k.kind))}</td>" for y in yardstick)
        rows.append(
            f"<tr><td>{escape(KIND_NAMES[k.kind])}</td><td class='n'>{k.decisions}</td>"
            f"<td class='n'>{lost_text(k.lost.mean)}</td><td>{interval_text(k.lost)}</td>{theirs}</tr>"
        )
    cols = '<colgroup><col class="what">' + "<col>" * (3 + len(yardstick)) + "</colgroup>"
    return (
        f'<table class="ec-skill" data-testid="ec-skill-table">{cols}<thead><tr><th>Decision</th>'
        f"<th>How many</th><th>You lose each</th><th>Likely range</th>{players}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _yard(lost: Interval | None) -> str:
    return "—" if lost is None else lost_text(lost.mean)


def about_html(summary: skill.SkillSummary, yardstick: tuple[skill.Yardstick, ...]) -> str:
    """One line per row of the table, then what the range and the yardstick are."""
    lines = [
        f"<li><b>{escape(KIND_NAMES[k.kind])}</b>: {escape(KIND_ABOUT[k.kind])}</li>" for k in summary.kinds
    ]
    lines.append(f"<li>{escape(RANGE_ABOUT)}</li>")
    if yardstick:
        hands = min(y.hands for y in yardstick)
        lines.append(f"<li>{escape(YARDSTICK_ABOUT.format(hands=f'{hands:,}'))}</li>")
    return f'<ul class="ec-skill-about" data-testid="ec-skill-about">{"".join(lines)}</ul>'


def hands_text(summary: skill.SkillSummary, others: int = 0, not_kept: int = 0) -> str:
    """How many hands and decisions the figures come from, and which hands played are not among
    them (another learner's, or recorded before the decisions were kept)."""
    out = f"From your {_hands(summary.hands)}: {summary.decisions} decisions that were not forced."
    left = []
    if others:
        left.append(f"{_hands(others)} played under another name or in another browser")
    if not_kept:
        left.append(f"{_hands(not_kept)} recorded before these figures were kept")
    if left:
        out += (
            f" Hands played above counts {summary.hands + others + not_kept}; not here: {' and '.join(left)}."
        )
    return out


def _hands(n: int) -> str:
    return f"{n} hand{'s' if n != 1 else ''}"


def trend_figure(summary: skill.SkillSummary) -> go.Figure:
    """Points lost per decision, day by day (week by week once two weeks are played), one line per
    category (the overall line dashed)."""
    weekly = summary.trend_by == "week"
    x_name = "week" if weekly else "day"
    rows = [
        {
            x_name: p.day,
            "decision": KIND_NAMES[k.kind],
            "points lost per decision": p.lost.mean,
            "decisions": p.decisions,
            "likely range": interval_text(p.lost),
            "ISO week": p.label,
        }
        for k in summary.kinds
        for p in k.trend
    ]
    frame = pd.DataFrame(rows)
    colours = {KIND_NAMES[k]: c for k, c in KIND_COLOURS.items()}
    hover: dict[str, bool] = {"decisions": True, "likely range": True, x_name: False, "ISO week": weekly}
    fig = px.line(
        frame,
        x=x_name,
        y="points lost per decision",
        color="decision",
        markers=True,
        title=f"Points lost per decision, {x_name} by {x_name}",
        color_discrete_map=colours,
        category_orders={"decision": [KIND_NAMES[k.kind] for k in summary.kinds]},
        hover_data=hover,
    )
    for trace in fig.data:
        if trace.name == KIND_NAMES[skill.OVERALL]:
            trace.line.dash = "dash"
    fig.update_layout(
        legend={"orientation": "h", "yanchor": "top", "y": -0.25, "xanchor": "left", "x": 0, "title": None},
        margin={"l": 10, "r": 10, "t": 50, "b": 10},
        title={"font": {"size": 15}},
        xaxis=period_axis(sorted({p.day for k in summary.kinds for p in k.trend}), weekly),
        yaxis={"title": {"text": "points lost"}, "rangemode": "tozero"},
    )
    return fig


MAX_TICKS = 6  # a phone has room for about six dates


def period_axis(days: list[str], weekly: bool = True) -> dict[str, object]:
    """The trend's axis: a tick on each day or week's Monday ("9 Nov"), every few when there are
    many (and always the last)."""
    step = max(1, math.ceil(len(days) / MAX_TICKS))
    ticks = days[::step]
    if days and ticks[-1] != days[-1]:
        ticks[-1] = days[-1]
    labels = [f"{int(m[8:])} {MONTHS[int(m[5:7]) - 1]}" for m in ticks]
    return {
        "title": {"text": "week (its Monday)" if weekly else "day"},
        "tickmode": "array",
        "tickvals": ticks,
        "ticktext": labels,
    }


def week_axis(mondays: list[str]) -> dict[str, object]:
    """The weeks axis (``period_axis`` by week)."""
    return period_axis(mondays, weekly=True)


MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def luck_text(summary: skill.SkillSummary) -> tuple[str, str]:
    """The luck's value ("+0.21 points a hand") and its line: its interval, from how many of the
    hands, and why the others have none."""
    luck = summary.luck
    missing = no_luck_text(summary)
    if not summary.luck_hands or math.isnan(luck.mean):
        return "—", f"No hand with a luck figure yet. {missing}".strip()
    hands = f"{summary.luck_hands} of your {_hands(summary.hands)}"
    if not luck.known:
        return f"{luck.mean:+.2f} points a hand", f"From {hands}: too few for a range. {missing}".strip()
    return (
        f"{luck.mean:+.2f} points a hand",
        f"Likely range {luck.low:+.2f} to {luck.high:+.2f}, from {hands}. {missing}".strip(),
    )


def no_luck_text(summary: skill.SkillSummary) -> str:
    """ "2 have none: a player before you ordered up, so you had no first bid to value." ('' when every hand has one)."""
    total = sum(n for _, n in summary.no_luck)
    if not total:
        return ""
    verb = "has" if total == 1 else "have"
    if len(summary.no_luck) == 1:
        return f"{total} {verb} none: {NO_LUCK[summary.no_luck[0][0]]}."
    reasons = "; ".join(f"{n}, {NO_LUCK[reason]}" for reason, n in summary.no_luck)
    return f"{total} {verb} none: {reasons}."


def learner_zone() -> tzinfo:
    """The learner's browser's time zone (the trend's days are in it), UTC when it is not known."""
    try:
        name = st.context.timezone
        return ZoneInfo(name) if isinstance(name, str) and name else UTC
    except (ZoneInfoNotFoundError, ValueError, AttributeError, RuntimeError):
        return UTC


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
        summary = skill.skill_summary(hands, hands.damaged, learner_zone())
        if summary.damaged:
            st.caption(
                f"{records.damaged_note(summary.damaged)}: this section leaves "
                f"{'it' if summary.damaged == 1 else 'them'} out."
            )
        if not summary.decisions:
            st.info(EMPTY)
            return
        yardstick = skill.yardstick()
        st.caption(ABOUT)
        st.html(table_html(summary, yardstick))
        st.caption(hands_text(summary, hands.others, hands.not_kept))
        about, luck = st.columns([3, 2], gap="medium")
        with about:
            st.html(about_html(summary, yardstick))
        with luck:
            value, line = luck_text(summary)
            st.metric("Luck of the cards dealt", value)
            st.caption(line)
            st.caption(LUCK_ABOUT)
        st.plotly_chart(trend_figure(summary), key=KEY + "_trend", config={"displayModeBar": False})
        st.caption(TREND_ABOUT)
