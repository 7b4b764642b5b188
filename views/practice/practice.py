"""The Practice table: the learner sits South against computer players.

The page keeps one ``practice.table_session.PracticeTable`` in session state (the position,
the background grades, the records, what the link asked for) and draws it; its buttons call the
table's methods. Widget values (seat levels, pace, toggles) stay in their own widget keys.

"Deal of the day" (the toolbar, or a ``daily=YYYY-MM-DD`` link, with ``class=CODE`` from a teacher)
opens the day's deal as one deal; when it ends, the review begins with everyone's results on it
(``ui.daily_parts``).
"""

from __future__ import annotations

import time

import streamlit as st

from engine.analysis.robust import TABLE_NAMES, WHAT_IT_DOES
from engine.analysis.tables import DEFAULT_TABLE, TABLES
from engine.core.rules import Rules
from engine.core.seats import seat_name
from engine.search.registry import PLAYER_NAMES
from practice.table_session import Notice, PracticeTable
from ui.echo import plain
from ui.engine_ready import wait_until_ready
from ui.learn_profile import remember_browser
from ui.practice_panels import (
    import_view,
    level_name,
    practice_key,
    save_status_notice,
)
from ui.rules_panel import current_rules
from ui.seat_retry import review_due_link, who_is_here
from views.practice.felt import draw_table, handle_card_clicks, play_forced
from views.practice.game import (
    RESUMED_KEY,
    daily_line,
    new_game,
    on_open_code,
    open_daily,
    practice_table,
    sync_link,
    welcome_back,
)
from views.practice.pace import current_pace, pace_control, remember_pace
from views.practice.statistics import statistics_view

LEARNING_LABEL = "Learning mode: the first hand fully guided"


def _settings(rules: Rules) -> None:
    """The table's other settings, folded away under the table (their values are read from
    session state before the table is drawn)."""
    with st.expander("Table settings", expanded=False):
        levels = PLAYER_NAMES
        cols = st.columns(max(1, rules.players - 1))
        for seat in range(1, rules.players):
            key = practice_key(f"level_{seat}")
            if st.session_state.get(key) not in levels:
                st.session_state[key] = "club"
            cols[seat - 1].selectbox(
                f"{seat_name(rules.players, seat)} plays as", levels, format_func=level_name, key=key
            )
        st.caption("Seat levels apply from the next new game.")
        pace_control(practice_key("pace_setting"))  # also beside the moves being shown (watching)
        st.toggle("Show the score the traditional way (two spare cards)", key=practice_key("traditional"))
        st.toggle(
            "Play forced cards for me",
            value=True,
            key=practice_key("play_forced"),
            help="When only one of your cards may be played, it is played for you.",
        )
        table_key = practice_key("advice_table")
        if st.session_state.get(table_key) not in TABLES:
            st.session_state[table_key] = DEFAULT_TABLE
        chosen = st.selectbox(
            "Hints and bid grades assume the other players are",
            TABLES,
            key=table_key,
            format_func=TABLE_NAMES.__getitem__,
        )
        st.caption(f"{TABLE_NAMES[chosen]}: {WHAT_IT_DOES[chosen]}.")
        st.text_input("Open a deal code", key=practice_key("code_input"), placeholder="ABCD-EFGH-IJKL-MNOP")
        st.button("Open deal", key=practice_key("open_code"), on_click=on_open_code)


def _toolbar() -> str | None:
    """The page's title and the controls a player reaches for: the view, learning mode, a new game."""
    with st.container(horizontal=True, vertical_alignment="center", gap="small", key=practice_key("toolbar")):
        st.title("Practice", width="content")
        view = st.segmented_control(
            "View",
            ["Table", "Statistics", "Import"],
            default="Table",
            key=practice_key("view"),
            label_visibility="collapsed",
        )
        st.toggle(
            LEARNING_LABEL,
            key=practice_key("learning"),
            help="A hint at every decision of the first hand of each game: the best choice and why.",
        )
        st.button("New game", icon=":material/add:", key=practice_key("new_game"), on_click=new_game)
        st.button(
            "Deal of the day",
            icon=":material/today:",
            key=practice_key("daily"),
            on_click=open_daily,
            help="Today's deal, the same for everyone on this server: see how your result compares",
        )
    return view


def _messages(table: PracticeTable, *notices: Notice) -> None:
    """Show the table's pending notices: errors once, the records warning while it lasts (with the
    saves still waiting for a busy database, or failed after the table moved on)."""
    for notice in notices:
        message = table.take_notice(notice)
        if message:
            (st.warning if notice is Notice.STORE else st.error)(plain(message))
    if Notice.STORE in notices:
        save_status_notice()


@st.fragment
def _table_view(learning: bool, traditional: bool) -> None:
    """The table and everything a click at it changes. A fragment: a click here reruns only this
    part, not the sidebar and the settings, which is less for the browser to draw on every click.
    A click that starts another game or deal (new game, replay this deal, back to your game)
    reruns the whole page, whose notices and link depend on the game."""
    started = time.perf_counter()
    pace = current_pace()  # read here: the control beside the moves being shown reruns only this fragment
    remember_pace()
    table = practice_table()
    handle_card_clicks(table)
    play_forced(table, pace)
    if table.game_key != table.drawn_game:
        st.rerun()
    _messages(table, Notice.FLASH, Notice.STORE)
    sync_link(table)
    draw_table(table, pace, learning and table.is_first_hand, traditional)
    st.html(
        f'<div data-testid="practice-render-ms" data-ms="{(time.perf_counter() - started) * 1000:.0f}"></div>'
    )
    table.start_grading()  # the click's page is drawn: grade its decisions now, in the worker


# The page sits closer to the top than the others: the table and the learner's cards fit on a
# laptop's screen without scrolling, and on a phone (640 px and narrower, with ui.table's phone
# felt) the title row, the seat's plate and its buttons are smaller, so the learner's cards and
# the choices fit a 390x844 screen. The bar with a finished hand's result and "Next hand" sticks
# under Streamlit's top bar (3.75rem high) however far the page was scrolled when the hand ended:
# a tap on it never lands on the top bar. (The sticky box is the bar's layout wrapper, whose parent
# is the whole table fragment: a sticky box never leaves its parent, and the bar's own parent is
# the wrapper, no taller than the bar.)
# The review's tables and the hand's log are plain HTML (ui.practice_panels.rows_html).
PAGE_STYLE = """<style>.stMainBlockContainer { padding-top: 3.6rem; }
.ec-scroll { overflow-x: auto; }
.ec-rows { border-collapse: collapse; margin: 0.3rem 0 0.9rem; font-size: 0.95rem; }
.ec-rows caption { caption-side: top; text-align: left; font-weight: 700; padding: 0.2rem 0; }
.ec-rows th, .ec-rows td { border: 1px solid rgba(29, 29, 29, 0.15); padding: 0.3rem 0.6rem; text-align: left;
  vertical-align: top; }
.ec-rows th { background: #e6efe4; font-weight: 600; }
.ec-result { background: #dcefdf; color: #14532d; border-radius: 0.5rem; padding: 0.75rem 1rem; margin: 0 0 0.6rem; }
.ec-result.ec-top { margin: 0; padding: 0.45rem 0.9rem; }
.ec-result.ec-won { background: #fdf0c4; color: #5a4300; }
.ec-log { margin: 0; padding-left: 1.2rem; }
[data-testid="stLayoutWrapper"]:has(> .st-key-practice_result) { position: sticky; top: 4rem; z-index: 5; }
.st-key-practice_result { background: #f7f4ec; padding: 0.2rem 0; box-shadow: 0 0.5rem 0.5rem -0.5rem rgba(0, 0, 0, 0.3); }
@media (max-width: 640px) {
  .st-key-practice_toolbar { row-gap: 0.4rem; }
  .st-key-practice_toolbar h1 { font-size: 1.75rem; padding: 0.1rem 0; }
  .st-key-practice_turn { row-gap: 0.3rem; }
  .st-key-practice_turn [data-testid="stMarkdownContainer"] p { font-size: 0.85rem; line-height: 1.4; }
  .st-key-practice_turn button, .st-key-practice_result button { min-height: 2.1rem; padding: 0.1rem 0.6rem; }
  .st-key-practice_result { row-gap: 0.3rem; }
  .ec-result.ec-top { font-size: 0.85rem; padding: 0.3rem 0.6rem; }
}
</style>"""


def main() -> None:
    st.html(PAGE_STYLE)
    view = _toolbar()
    wait_until_ready()  # the computer players, the hint and the review run the compiled code
    table = practice_table()
    table.learner = who_is_here()  # the hand's mistakes go to this learner's deck
    table.grade_later = True  # graded once the click's page is drawn (end of _table_view)
    if st.session_state.pop(RESUMED_KEY, False):
        welcome_back(table)
    _messages(table, Notice.CODE)
    daily_line(table)
    review_due_link()
    if current_rules() != table.session.rules:
        st.info(
            "The rules in the sidebar differ from this game's rules: **New game** uses the sidebar's. "
            f"This game: {table.session.rules.summary()}."
        )
    sync_link(table)
    learning = bool(st.session_state.get(practice_key("learning"), False))
    advice_table = st.session_state.get(practice_key("advice_table"), DEFAULT_TABLE)
    table.table = advice_table if advice_table in TABLES else DEFAULT_TABLE
    traditional = bool(st.session_state.get(practice_key("traditional"), False))
    table.play_forced = bool(st.session_state.get(practice_key("play_forced"), True))
    if view == "Statistics":
        _messages(table, Notice.STORE)
        statistics_view(who_is_here())
    elif view == "Import":
        import_view()
    else:
        table.drawn_game = table.game_key
        _table_view(learning, traditional)
    _settings(table.session.rules)
    remember_browser()  # the browser's id in a cookie: its mistake deck outlives the session


main()
