"""The Practice page's game: the table kept in the session, the game a link or a fresh visit opens (the learner's kept game, the deal of the day), and the page's link kept on the game."""

from __future__ import annotations

import streamlit as st

from classroom import service as classes
from classroom.service import Pupil
from engine.core.rules import Rules
from practice import records
from practice.daily import DailyDeal, DailyError, read_day, today
from practice.records import StoreError
from practice.session import Waiting
from practice.table_link import read_link
from practice.table_session import PracticeTable
from practice.table_text import (
    side_name,
    side_seats,
)
from ui.class_pupil import kept_token
from ui.daily_parts import day_words
from ui.echo import plain
from ui.layout import present_query
from ui.practice_panels import (
    practice_key,
)
from ui.rules_panel import current_rules, set_rules
from ui.seat_retry import who_is_here
from ui.share import ShareLinkError, has_rules, rules_from_query, rules_to_query

TABLE_KEY = practice_key("table")  # the page's one PracticeTable


COMPUTER_SEATS = 3  # the most computer seats a game has (four players)


def _computer_levels() -> tuple[str, ...]:
    """The seat-level selectboxes' values, West first (they apply from the next new game)."""
    return tuple(
        st.session_state.get(practice_key(f"level_{s}"), "club") for s in range(1, COMPUTER_SEATS + 1)
    )


def practice_table() -> PracticeTable:
    """The page's table; the first run of a session opens the one the page link asks for, or, when
    the link names no game, the learner's unfinished game (``_kept_game``)."""
    table = st.session_state.get(TABLE_KEY)
    if isinstance(table, PracticeTable):
        return table
    query = st.query_params.to_dict()
    daily = _daily_link(query)
    if daily is not None:
        st.session_state[TABLE_KEY] = daily
        return daily
    kept = None if any(query.get(key) for key in GAME_KEYS) else _kept_game()
    link = read_link(kept or query)
    for seat, level in enumerate(link.levels, start=1):
        st.session_state[practice_key(f"level_{seat}")] = level
    table = PracticeTable.from_link(link, current_rules(), _computer_levels())
    if kept is not None:
        set_rules(table.session.rules)  # the game's own rules, as its link would set them
        st.session_state[KEPT_KEY] = table.link_params()
        st.session_state[RESUMED_KEY] = True
    st.session_state[TABLE_KEY] = table
    return table


GAME_KEYS = ("deal", "start", "moves", "score", "shared", "position", "daily")  # a link that names a game


DAILY_SAID = practice_key("daily_said")  # what a deal-of-the-day link's opening has to say, once


KEPT_KEY = practice_key("kept")  # the link parameters last kept for the learner (records.keep_game)


RESUMED_KEY = practice_key("resumed")  # this session began with the learner's kept game


def _daily_link(query: dict[str, str]) -> PracticeTable | None:
    """The table a deal-of-the-day link (``daily=YYYY-MM-DD``, its rules, ``moves=``, ``class=``)
    opens; None when the link names none (a day that is not one is said, and a new game starts)."""
    raw = query.get("daily")
    if not raw:
        return None
    try:
        day = read_day(raw, today())
        rules = rules_from_query(query) if has_rules(query) else Rules()
    except (DailyError, ShareLinkError) as err:
        st.session_state[DAILY_SAID] = f"That deal of the day link does not work: {err}. A new game starts."
        return None
    table = PracticeTable.daily_link(DailyDeal(day, rules), who_is_here(), str(query.get("moves") or ""))
    if query.get("class"):
        table.daily_class = _class_pupil(str(query["class"]))
    return table


def _class_pupil(raw: str) -> tuple[str, str] | None:
    """The class and the pupil's name in it, for a deal of the day a class's link opened: the pupil
    this browser joined the class as (its cookie: ``ui.class_pupil.kept_token``). None (said once)
    when this browser has not joined that class: the result then counts on the server only."""
    try:
        code = classes.clean_code(raw)
        token = kept_token(code)
        if token is not None:
            return code, Pupil(code, token).me().name
    except (classes.ClassError, StoreError):
        pass
    st.session_state[DAILY_SAID] = (
        f"This is your class's deal of the day, but this browser has not joined class {raw.strip()[:12]}: "
        "your result counts among everyone's on this server, not in the class's results. To count in "
        "the class, join it on the Class page from this browser, then open the class's link again."
    )
    return None


def open_daily() -> None:
    """The toolbar's "Deal of the day": today's deal under the sidebar's rules, one deal."""
    practice_table().open_daily(DailyDeal(today(), current_rules()), who_is_here())


def daily_line(table: PracticeTable) -> None:
    """Above the table while it is on the deal of the day: which deal, and whether this play counts."""
    deal = table.daily
    said = st.session_state.pop(DAILY_SAID, None)
    if said:
        st.info(plain(said), icon=":material/info:")
    if deal is None:
        return
    counts = (
        "You have played it already: this play is for practice and does not count again."
        if table.daily_replay
        else "Your first play is the one that counts."
    )
    rules = "" if deal.rules == Rules() else f" Under these rules: {deal.rules.summary()}."
    st.markdown(
        f"**Deal of the day · {day_words(deal.day)}** — the same cards for everyone on this server, "
        f"South against the Club players.{rules} {counts}"
    )


def welcome_back(table: PracticeTable) -> None:
    """Say that the learner's unfinished game was resumed, where it stands, and how to start afresh."""
    pos = table.position
    rules = pos.session.rules
    score = ", ".join(
        f"{side_name(rules.players, side_seats(pos.game, side))} {points}"
        for side, points in enumerate(pos.game.scores)
    )
    st.info(
        f"Welcome back: your unfinished game goes on, at hand {pos.game.hand_number + 1} ({score}). "
        "**New game** (at the top) starts a fresh one.",
        icon=":material/history:",
    )


def _kept_game() -> dict[str, str] | None:
    """The learner's unfinished game from an earlier visit (by their name or this browser), if any."""
    try:
        return records.kept_game(who_is_here())
    except StoreError:
        return None  # the page says the records are out of reach where it saves


def _keep_game(table: PracticeTable) -> None:
    """Keep the learner's game where it stands, so a fresh visit resumes it; a finished one is
    forgotten. A write only when the game moved (the background writer: the click does not wait)."""
    pos = table.position
    if pos.session.single_deal:
        return  # a deal replayed on its own: the game it interrupted stays kept
    params = {} if pos.waiting is Waiting.DONE else table.link_params()
    if st.session_state.get(KEPT_KEY) == params:
        return
    try:
        if params:
            records.keep_game(who_is_here(), params)
        else:
            records.forget_game(who_is_here())
    except StoreError:
        return  # the Practice page already says when records are not being saved
    st.session_state[KEPT_KEY] = params


def new_game() -> None:
    practice_table().new_game(current_rules(), _computer_levels())


def on_open_code() -> None:
    code = practice_table().open_code(
        st.session_state.get(practice_key("code_input"), ""), _computer_levels()
    )
    if code is not None:
        set_rules(code.rules)  # runs in a widget callback, before the sidebar is drawn


def sync_link(table: PracticeTable) -> None:
    """Keep the page's link on the current position (the deal's code or a shared deal's id, the
    learner's moves, never a hidden card: ``PracticeTable.link_params``), so a reload or a copied
    link rebuilds it; a ``position=`` link, once open, gives way to it. When the game grows too
    long for a link, say so once (the link keeps this hand, not the earlier ones)."""
    params = table.link_params()
    _keep_game(table)
    if table.daily is not None and table.daily_class is not None:
        params["class"] = table.daily_class[0]  # a reload still counts the play for the class
    if any(
        st.query_params.get(key) != params.get(key)
        for key in (*params, "deal", "start", "moves", "score", "shared", "position", "daily", "class")
    ):
        st.query_params.from_dict({**params, **rules_to_query(table.session.rules), **present_query()})
    said = practice_key("link_capped_said")
    if link_drops_earlier_hands(table) and st.session_state.get(said) != table.game_key:
        st.session_state[said] = table.game_key
        if table.link_capped:
            st.toast(
                "This game is too long for the page link to carry the earlier hands: the link now opens "
                "this hand where it is, without them.",
                icon=":material/link_off:",
            )
        else:
            st.toast(OPENING_LINK_NOTICE, icon=":material/link_off:")


OPENING_LINK_NOTICE = (
    "This game began from a position link, whose first hand the page link cannot rebuild: "
    "a reload or a copied link now opens this hand where it is, at its score, without the "
    "earlier hands."
)


def link_drops_earlier_hands(table: PracticeTable) -> bool:
    """The page link keeps this hand but cannot rebuild the game's earlier ones: the game is too long
    for it, or it began from a position link whose cards no seed deals and which could not be kept
    under a ``shared=`` id (the database could not be written)."""
    return table.link_capped or (
        bool(table.session.opening) and table.shared_id is None and not table.is_first_hand
    )
