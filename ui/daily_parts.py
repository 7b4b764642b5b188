"""The deal of the day's panels: the learner's result beside everyone's on the same deal (the
Practice page's hand review), and the class's results on the teacher's page.

Everyone's results are a small table, one row per score for the learner's side (net points, the
highest first): how many players scored it, a bar, and where the learner and the Expert's par are.
The figures come from ``practice.daily`` (the standing, the par) and the records
(``practice.records.daily_results``); this module only draws them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from html import escape
from urllib.parse import urlencode

import streamlit as st

from engine.core.rules import Rules
from practice.daily import (
    OUTCOME_WORDS,
    DailyDeal,
    DailyResult,
    Par,
    Standing,
    signed_points,
    standing,
    today,
)
from practice.records import DayResults, DayRow, StoreError, daily_results, damaged_note
from ui.class_parts import qr_html
from ui.echo import plain
from ui.practice_panels import result_line, rows_html
from ui.rules_panel import current_rules
from ui.share import rules_to_query

PAGE = "practice"  # the Practice page's path under the app's base (app.py)
CLASS_DEALS = (
    "cl_daily_deals"  # the deal of the day each class's teacher set on this browser: {code: DailyDeal}
)
DISTRIBUTION_STYLE = """<style>
.ec-daily { border-collapse: collapse; margin: 0.3rem 0 0.6rem; font-size: 0.95rem; }
.ec-daily caption { caption-side: top; text-align: left; font-weight: 700; padding: 0.2rem 0; }
.ec-daily th, .ec-daily td { border: 1px solid rgba(29, 29, 29, 0.15); padding: 0.25rem 0.55rem; text-align: left; }
.ec-daily th { background: #e6efe4; font-weight: 600; }
.ec-daily td.ec-n { text-align: right; }
.ec-daily .ec-bar { display: inline-block; height: 0.8rem; background: #2f7d4a; border-radius: 0.2rem; }
.ec-daily tr.ec-you td { background: #fdf0c4; font-weight: 600; }
</style>"""


def day_words(day: date) -> str:
    """'1 June 2025'.

    >>> day_words(date(2025, 6, 1))
    '1 June 2025'
    """
    return f"{day.day} {day.strftime('%B %Y')}"


def distribution_html(where: Standing, par: int | None = None, caption: str = "Everyone's results") -> str:
    """One row per score for the player's side (net points), highest first: how many players scored
    it, a bar, and marks for "you" (``where.mine``) and the Expert's par."""
    counts = dict(where.counts)
    marked = {p for p in (where.mine, par) if p is not None}
    most = max(counts.values(), default=1)
    body = []
    for points in sorted(set(counts) | marked, reverse=True):
        players = counts.get(points, 0)
        marks = [m for m, p in (("you", where.mine), ("the Expert's par", par)) if p == points]
        width = round(100 * players / most) if players else 0
        you = ' class="ec-you"' if where.mine == points else ""
        body.append(
            f'<tr data-points="{points}" data-players="{players}"{you}>'
            f'<td>{escape(signed_points(points))}</td><td class="ec-n">{players}</td>'
            f'<td style="min-width:6rem"><span class="ec-bar" style="width:{width}%"></span></td>'
            f"<td>{escape(', '.join(marks))}</td></tr>"
        )
    return (
        f'{DISTRIBUTION_STYLE}<div class="ec-scroll" data-testid="daily-distribution" '
        f'data-players="{where.players}"><table class="ec-daily"><caption>{escape(caption)}</caption>'
        "<thead><tr><th>South's side</th><th>Players</th><th></th><th></th></tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


def _record_line(on_record: DayRow | None, this_play: DailyResult, replay: bool) -> str:
    """What counts: the first play. Said when this play is not it (a replay, or a result on record
    that differs from this play's)."""
    if on_record is None:
        return ""
    first = DailyResult(on_record.points, on_record.tricks, on_record.outcome, on_record.lost)
    if replay or (first.points, first.tricks, first.outcome) != (
        this_play.points,
        this_play.tricks,
        this_play.outcome,
    ):
        return (
            f"This play was a replay: it does not count again. Your result on record is your first play's: "
            f"{first}."
        )
    return ""


def daily_panel(
    deal: DailyDeal,
    this_play: DailyResult,
    learner: str | None,
    par: Par | None,
    replay: bool,
    played_for: tuple[str, str] | None = None,
) -> None:
    """The hand review's "Deal of the day" panel: this play's result, everyone's results on this
    server today with the learner's place, and the Expert's par."""
    st.subheader(f"Deal of the day · {day_words(deal.day)}")
    lost = f"Your decisions lost {this_play.lost:.2f} points by the grades below." if this_play.lost else ""
    st.markdown(f"**{plain(f'Your result: {this_play}.')}** {plain(lost)}")
    try:
        everyone = daily_results(deal.day.isoformat(), deal.rules_text)
    except StoreError as err:
        st.warning(plain(f"Everyone's results cannot be read just now: {err}"))
        everyone = DayResults()
    on_record = everyone.of(learner) if learner else None
    said = _record_line(on_record, this_play, replay)
    if said:
        st.info(plain(said), icon=":material/replay:")
    mine = on_record.points if on_record is not None else None
    where = standing([row.points for row in everyone.rows], mine)
    if played_for is not None:
        st.caption(plain(f"Played for class {played_for[0]} as {played_for[1]}: the teacher sees it."))
    if where.players:
        st.markdown(plain(where.place_text() or f"{where.players} players have played it today."))
        st.html(
            distribution_html(
                where,
                par.result.points if par is not None else None,
                f"Everyone's results on this server today ({where.players} player{'s' if where.players != 1 else ''})",
            )
        )
    if par is not None:
        st.markdown(
            "**The Expert's par** "
            + plain(
                f"(the Expert player in your seat, the same Club players): {par.result}. {result_line(par.hand)}"
            )
        )
    note = damaged_note(everyone.damaged)
    if note:
        st.caption(plain(f"{note}: they could not be read and are left out of these figures."))
    st.caption(
        "Everyone on this server gets the same deal each day under the same rules (the day changes at "
        "midnight UTC), South against the Club players. Only your first play counts; a replay is for practice."
    )


def daily_link(address: str | None, day: date, rules: Rules, code: str) -> str:
    """The Practice page's link that opens ``day``'s deal under ``rules`` for class ``code``.

    >>> daily_link("http://192.168.1.20:8501", date(2025, 6, 1), Rules(stick_the_dealer=True), "ABC234")
    'http://192.168.1.20:8501/practice?daily=2025-06-01&class=ABC234&stick_the_dealer=1'
    """
    query = urlencode({"daily": day.isoformat(), "class": code, **rules_to_query(rules)})
    return f"{address or ''}{'/' if address else ''}{PAGE}?{query}"


def class_rows(rows: Sequence[DayRow]) -> str:
    """The class's pupils and their results, as a table (the best first)."""
    ordered = sorted(rows, key=lambda r: (-r.points, r.lost, r.pupil or ""))
    return rows_html(
        [
            {
                "pupil": row.pupil,
                "points for their side": signed_points(row.points),
                "what happened": OUTCOME_WORDS[row.outcome],
                "tricks": row.tricks,
                "points lost by their decisions": f"{row.lost:.2f}",
            }
            for row in ordered
        ],
        "The class's results",
    )


def class_results(deal: DailyDeal, code: str) -> None:
    """The class's results on the deal (its pupils who played it from the class's link on the phone
    they joined with), else the server's, said so."""
    day = deal.day.isoformat()
    try:
        mine = daily_results(day, deal.rules_text, class_code=code)
        server = daily_results(day, deal.rules_text) if not mine.rows else mine
    except StoreError as err:
        st.warning(plain(f"The results cannot be read just now: {err}"))
        return
    if mine.rows:
        where = standing([row.points for row in mine.rows])
        st.html(
            class_rows(mine.rows)
            + distribution_html(where, caption=f"The class's results ({where.players} pupils)")
        )
    else:
        n = len(server.rows)
        st.caption(
            "No pupil of this class has played it yet from the link on the phone they joined with. "
            + (
                f"On this server, {n} player{'s have' if n != 1 else ' has'}:"
                if n
                else "Nobody on this server has played it yet."
            )
        )
        if server.rows:
            st.html(
                distribution_html(standing([row.points for row in server.rows]), caption="Everyone's results")
            )
    note = damaged_note(mine.damaged if mine.rows else server.damaged)
    if note:
        st.caption(plain(f"{note}: they could not be read and are left out."))


def _set_class_deal(code: str) -> None:
    """The teacher's "Today's deal for the class": today's deal under the rules in force."""
    st.session_state.setdefault(CLASS_DEALS, {})[code] = DailyDeal(today(), current_rules())


def _drop_class_deal(code: str) -> None:
    st.session_state.get(CLASS_DEALS, {}).pop(code, None)


def class_daily_panel(code: str, address: str | None) -> None:
    """The teacher's page: "Today's deal for the class" gives the pupils a link (and its QR code) to
    the deal of the day on the Practice page for class ``code`` (``address``: where pupils reach the
    app, None for this page's own), then shows the class's results on it."""
    deal = st.session_state.get(CLASS_DEALS, {}).get(code)
    if not isinstance(deal, DailyDeal):
        st.button(
            "Today's deal for the class",
            icon=":material/today:",
            key="cl_daily_set",
            on_click=_set_class_deal,
            args=(code,),
            help="A link that opens the deal of the day for your pupils; then their results here",
        )
        return
    link = daily_link(address, deal.day, deal.rules, code)
    st.subheader(f"The class's deal of the day · {day_words(deal.day)}")
    left, right = st.columns([3, 1], vertical_alignment="center")
    left.html(
        f'<p data-testid="cl-daily-link">Pupils open <a href="{escape(link)}" style="font-weight:700">'
        f"{escape(link)}</a> (or scan the code) on the phone they joined the class with, and play the "
        "deal as South. Their first play counts, under their name in the class.</p>"
    )
    with right:
        st.html(qr_html(link, 200, "cl-daily-qr", "QR code of the deal of the day's link"))
    class_results(deal, code)
    with st.container(horizontal=True, gap="small"):
        st.button("Show the latest results", icon=":material/refresh:", key="cl_daily_refresh")
        st.button("Put it away", key="cl_daily_drop", on_click=_drop_class_deal, args=(code,))


__all__ = [
    "class_daily_panel",
    "class_results",
    "class_rows",
    "daily_link",
    "daily_panel",
    "day_words",
    "distribution_html",
]
