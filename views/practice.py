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
from functools import partial
from html import escape

import streamlit as st

from classroom import service as classes
from engine.analysis.robust import TABLE_NAMES, WHAT_IT_DOES
from engine.analysis.tables import DEFAULT_TABLE, TABLES
from engine.core.actions import Kind, discard
from engine.core.cards import Card
from engine.core.errors import EuchreError
from engine.core.game import side_of
from engine.core.hand import HandState, Phase
from engine.core.ranking import sort_hand
from engine.core.rules import Rules
from engine.core.seats import seat_name
from engine.search.registry import PLAYER_NAMES
from practice import coach, records
from practice.daily import DailyDeal, DailyError, read_day, today
from practice.pace import Pace, frame_ms, one_at_a_time
from practice.records import StoreError
from practice.session import LEARNER, Waiting
from practice.table_link import read_link
from practice.table_session import Notice, PracticeTable
from practice.table_text import (
    action_label,
    advice_text,
    choice_text,
    disabled_reasons,
    game_result,
    hand_result,
    side_name,
    side_seats,
)
from ui.cards import four_colour
from ui.class_pupil import kept_token
from ui.daily_parts import daily_panel, day_words
from ui.echo import plain
from ui.engine_ready import wait_until_ready
from ui.layout import card_width, present_query
from ui.learn_profile import remember_browser
from ui.pace import TICK_KEY, current_pace, next_step_timer, pace_control, remember_pace
from ui.practice_panels import (
    dealt_hands_html,
    figures_html,
    grades_html,
    hand_log,
    import_view,
    learner_latest,
    level_name,
    practice_key,
    result_line,
    rows_html,
    save_status_notice,
    seat_title,
    statistics_view,
    table_html,
    traditional_score,
)
from ui.replay_view import replay_section
from ui.rules_panel import current_rules, set_rules
from ui.seat_retry import review_due_link, who_is_here
from ui.share import ShareLinkError, has_rules, rules_from_query, rules_to_query
from ui.table import hand_buttons, hand_row_html, table_style

TABLE_KEY = practice_key("table")  # the page's one PracticeTable
COMPUTER_SEATS = 3  # the most computer seats a game has (four players)


# ---- the table in session state ----------------------------------------------------------


def _computer_levels() -> tuple[str, ...]:
    """The seat-level selectboxes' values, West first (they apply from the next new game)."""
    return tuple(
        st.session_state.get(practice_key(f"level_{s}"), "club") for s in range(1, COMPUTER_SEATS + 1)
    )


def _table() -> PracticeTable:
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
            return code, classes.pupil(code, token).name
    except (classes.ClassError, StoreError):
        pass
    st.session_state[DAILY_SAID] = (
        f"This is your class's deal of the day, but this browser has not joined class {raw.strip()[:12]}: "
        "your result counts among everyone's on this server, not in the class's results. To count in "
        "the class, join it on the Class page from this browser, then open the class's link again."
    )
    return None


def _open_daily() -> None:
    """The toolbar's "Deal of the day": today's deal under the sidebar's rules, one deal."""
    _table().open_daily(DailyDeal(today(), current_rules()), who_is_here())


def _daily_line(table: PracticeTable) -> None:
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


def _welcome_back(table: PracticeTable) -> None:
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


def _new_game() -> None:
    _table().new_game(current_rules(), _computer_levels())


def _on_open_code() -> None:
    code = _table().open_code(st.session_state.get(practice_key("code_input"), ""), _computer_levels())
    if code is not None:
        set_rules(code.rules)  # runs in a widget callback, before the sidebar is drawn


def _on_act(text: str) -> None:
    _table().act(text)


def _want_hint() -> None:
    _table().want_hint = True


def _handle_card_clicks(table: PracticeTable) -> None:
    """A clicked card button (ui.cards.card_buttons has no callback) is applied before anything is
    drawn, so each click costs one script run and the page never shows the old position."""
    pos = table.position
    if pos.waiting is not Waiting.LEARNER:
        return
    for action in pos.hand.legal_actions():
        if action.card is None:
            continue
        prefix = "play" if action.kind is Kind.PLAY else "discard"
        if st.session_state.get(practice_key(f"{prefix}-{action.card}")) is True:
            table.act(action)
            return


def _play_forced(table: PracticeTable, pace: Pace) -> None:
    """ "Play forced cards for me" at the instant pace: the learner's only legal card is played
    before anything is drawn (one after another when the computer players lead straight back into
    another). At the other paces the table first shows the trick it goes into, then plays it as
    one of the steps (``PracticeTable.step``)."""
    if one_at_a_time(pace):
        return
    for _ in range(5):
        action = table.forced_play(False)
        if action is None or not table.act(action):
            return


# ---- drawing the table -----------------------------------------------------------------


def _hint(table: PracticeTable, guided: bool) -> coach.Hint | str | None:
    """The advice for this decision when guided or asked for, else None; the reason when there is none."""
    try:
        return table.hint(guided)
    except EuchreError as err:
        return f"No hint here: {err}"


def _hint_box(table: PracticeTable, advice: coach.Hint | str | None) -> None:
    """The hint, under the cards and the choices (the choice it names is marked on them): opening
    it moves nothing a phone's first screen shows."""
    if isinstance(advice, str):
        st.caption(advice)
        return
    if advice is None:
        return
    text = advice_text(table.position.hand, advice.action, advice.reason)
    st.info(f"**Hint — {advice.source}:** {text}", icon=":material/lightbulb:")
    if advice.figures:
        with st.expander("The figures behind this hint"):
            st.caption(advice.figures)


def _plate(shown: HandState, levels: tuple[str, ...], last: str | None, message: str) -> None:
    """The learner's seat under the felt: name, tags, latest action and what to do now."""
    done = f" · last: *{last}*" if last else ""
    st.markdown(f"{seat_title(shown, LEARNER, levels)}{done} — {message}")


def _controls(table: PracticeTable, guided: bool, last: str | None) -> None:
    """The learner's turn: the seat's plate with Hint and Undo, the hand and the choices, the hint."""
    hand = table.position.hand
    levels = table.position.session.levels
    if hand.phase is Phase.PLAY:
        keys = len(hand.legal_actions())  # the cards' keyboard shortcuts (ui.table.hand_buttons)
        message = f"**your turn: click a card to play it** (or press {'1' if keys == 1 else f'1–{keys}'})."
    elif hand.phase is Phase.DISCARD:
        message = f"**you take the {hand.upcard.short}: click the card to discard face down.**"
    else:
        message = "**your turn to bid.**"
    with st.container(horizontal=True, vertical_alignment="center", gap="small", key=practice_key("turn")):
        _plate(hand, levels, last, message)
        st.button("Hint", icon=":material/lightbulb:", key=practice_key("hint_btn"), on_click=_want_hint)
        st.button(
            "Undo",
            icon=":material/undo:",
            key=practice_key("undo_btn"),
            disabled=not table.can_undo,
            on_click=table.undo,
            help="The deal of the day's play that counts cannot be taken back"
            if table.counts_for_the_day
            else "Take back your last decision of this hand",
        )
        if hand.phase is Phase.PLAY and table.can_claim:
            st.button(
                "Claim the rest",
                icon=":material/done_all:",
                key=practice_key("claim_btn"),
                on_click=table.claim_rest,
                help="Your side takes every trick still to play, whatever the others hold: play it out",
            )
    advice = _hint(table, guided)
    hinted = advice.action if isinstance(advice, coach.Hint) else None
    mine = sort_hand(hand.hands[LEARNER], hand.trump)
    w = card_width()
    if hand.phase is Phase.PLAY:
        states = {hinted.card: "hinted"} if hinted and hinted.card in mine else None
        hand_buttons(
            mine,
            key=practice_key("play"),
            trump=hand.trump,
            width=w,
            colour=four_colour(),  # clicks: see _handle_card_clicks
            disabled=disabled_reasons(hand, LEARNER, mine),
            states=states,
        )
        _hint_box(table, advice)
        return
    if hand.phase is Phase.DISCARD:
        legal = hand.legal_actions()
        cards = tuple(mine) + (hand.upcard,)
        reasons: dict[Card, str] = {}
        if discard(hand.upcard) not in legal:
            reasons = {hand.upcard: "The upcard stays in your hand: discard one of your own five cards."}
        states = {hinted.card: "hinted"} if hinted and hinted.card in cards else None
        hand_buttons(
            cards,
            key=practice_key("discard"),
            trump=hand.trump,
            width=w,
            colour=four_colour(),
            disabled=reasons,
            states=states,
        )
        others = [a for a in legal if a.kind is not Kind.DISCARD]
    else:
        st.html(hand_row_html(mine, trump=hand.trump, width=w, colour=four_colour()))
        others = list(hand.legal_actions())
    if others:
        with st.container(horizontal=True, gap="small", key=practice_key("bids")):
            for action in others:
                st.button(
                    action_label(hand, action),
                    key=practice_key(f"bid_{str(action).replace(' ', '_')}"),
                    type="primary" if hinted == action else "secondary",
                    on_click=_on_act,
                    args=(str(action),),
                )
    _hint_box(table, advice)


def _watching(
    table: PracticeTable, shown: HandState, pace: Pace, hidden: int, doing: str, last: str | None
) -> None:
    """A step of the moves since the learner's last decision: who is thinking (or the learner's
    forced card about to be played), the learner's cards, and the way on: "Next" at the step pace,
    by itself after a moment at Watch and Faster (with "Skip to my turn")."""
    levels = table.position.session.levels
    with st.container(horizontal=True, vertical_alignment="center", gap="small", key=practice_key("turn")):
        _plate(shown, levels, last, doing)
        if pace is Pace.STEP:
            st.button(
                f"Next ({hidden} to go)" if hidden else "Next",
                icon=":material/skip_next:",
                key=practice_key("next_step"),
                type="primary",
                on_click=table.step,
            )
        else:
            st.button(
                "Skip to my turn",
                icon=":material/fast_forward:",
                key=practice_key("skip"),
                on_click=table.skip,
                help="Show everything up to your next decision at once",
            )
        pace_control(practice_key("pace_live"), compact=True)
    st.html(
        hand_row_html(
            sort_hand(shown.hands[LEARNER], shown.trump),
            trump=shown.trump,
            width=card_width(),
            colour=four_colour(),
        )
    )
    ms = frame_ms(pace, shown, table.just_shown(True))
    if ms is not None:
        pos = table.position
        token = (
            f"{pos.session.seed}-{pos.game.game_number}-{pos.game.hand_number}-{len(shown.history)}-{hidden}"
        )
        st.button("Next step", key=TICK_KEY, on_click=table.step)
        next_step_timer(token, ms)


def _draw_table(table: PracticeTable, pace: Pace, guided: bool, traditional: bool) -> None:
    pos = table.position
    steps = one_at_a_time(pace)
    shown, hidden = table.shown(step_pace=steps)
    forced_next = table.forced_play(True) if steps and not hidden else None
    levels = pos.session.levels
    n = pos.session.rules.players
    table_style()
    over = not hidden and pos.waiting is not Waiting.LEARNER
    if over:
        _result_bar(table)
    just = table.just_shown(steps) if steps else None
    said = just.seat if just is not None and just.action.kind is not Kind.PLAY else None
    st.html(table_html(pos, shown, hidden, levels, shown.is_over, _drawn_since(shown), said))
    last = learner_latest(pos, shown, hidden)
    if hidden or forced_next is not None:
        if hidden:
            nxt = pos.pending[len(pos.pending) - hidden]
            doing = f"*{seat_name(n, nxt.seat)} is thinking…*"
        else:
            assert forced_next is not None and forced_next.card is not None
            doing = f"**the {forced_next.card.short} is your only card you may play: it is played for you.**"
        _watching(table, shown, pace, hidden, doing, last)
    elif pos.waiting is Waiting.LEARNER:
        _controls(table, guided, last)
    else:
        _plate(shown, levels, last, "the hand is over.")
    if over:
        _review(table)
    code = (
        f"Deal code **{table.deal_code}** — share the page link to replay this deal. "
        if table.deal_code
        else "A hand from a position text — share the page link to replay it. "
    )
    st.caption(
        code
        + f"Hand {pos.game.hand_number + 1}"
        + (f" of game {pos.game.game_number + 1}" if pos.session.rules.match_games > 1 else "")
        + (
            " — the page link opens this hand without the game's earlier ones."
            if _link_drops_earlier_hands(table)
            else ""
        )
    )
    if traditional:
        traditional_score(pos, shown)
    if not (hidden or forced_next is not None):  # (while moves are shown, it is beside them: _watching)
        pace_control(practice_key("pace_foot"))
    hand_log(pos, hidden)


DRAWN_KEY = practice_key("drawn")  # the hand the table was last drawn at: (its deal, its actions)


def _drawn_since(shown: HandState) -> int | None:
    """How many cards had been played when the table was last drawn, if that was this hand at an
    earlier point (the cards played since then move in: ``ui.table.centre_html``); None after a new
    hand, an undo or a replayed deal, when nothing moves."""
    deal = (shown.dealt, shown.dealer, shown.upcard)
    before = st.session_state.get(DRAWN_KEY)
    st.session_state[DRAWN_KEY] = (deal, shown.history)
    if not isinstance(before, tuple) or before[0] != deal:
        return None
    history = before[1]
    if shown.history[: len(history)] != history:
        return None
    return sum(action.kind is Kind.PLAY for _, action in history)


# ---- the hand review -------------------------------------------------------------------


def _result_bar(table: PracticeTable) -> None:
    """A finished hand's first screen: one line with its result and the game's score (and the
    game's end when it decides the game), and the button that goes on, above the table. The
    review follows under the table."""
    pos = table.position
    game = pos.game
    ended = game_result(game) if not pos.session.single_deal else None
    won = ended is not None and game.game_winner == side_of(pos.session.rules, LEARNER)
    line = f"<b>{escape(ended)}</b> " if ended else ""
    with st.container(horizontal=True, vertical_alignment="center", gap="small", key=practice_key("result")):
        st.html(
            f'<p class="ec-result ec-top{" ec-won" if won else ""}" role="status" '
            f'data-testid="practice-hand-result">{line}{escape(hand_result(game))}</p>',
            width="stretch",
        )
        if pos.waiting is Waiting.NEXT_HAND:
            st.button(
                "Next hand",
                icon=":material/arrow_forward:",
                key=practice_key("next_hand"),
                type="primary",
                on_click=table.next_hand,
            )
        elif pos.session.single_deal and table.paused is not None:
            st.button(
                "Back to your game",
                icon=":material/undo:",
                key=practice_key("back"),
                type="primary",
                on_click=table.back,
            )
        else:
            st.button("New game", key=practice_key("new_game_end"), type="primary", on_click=_new_game)
        st.button(
            "Replay this deal",
            icon=":material/replay:",
            key=practice_key("replay_deal"),
            help="Same cards again (duplicate style)",
            on_click=table.replay_deal,
        )


def _daily_review(table: PracticeTable) -> None:
    """The deal of the day's panel, above the usual review: this play beside everyone's, the par."""
    deal, mine = table.daily, table.daily_result()
    if deal is None or mine is None:
        return
    with st.spinner("The Expert plays the deal in your seat…"):
        par = table.daily_par()
    daily_panel(deal, mine, table.learner, par, table.daily_replay, table.daily_class)


def _review(table: PracticeTable) -> None:
    pos = table.position
    hand = pos.hand
    n = hand.players
    table.save_finished()
    _daily_review(table)
    st.subheader("Hand review")
    # One element for the dealt hands and both tables: less for the browser to draw on the click
    # that ends the hand than several separate ones (the result is on the bar above the table).
    tricks = rows_html(
        [
            {
                "trick": i + 1,
                "led by": seat_name(n, t.leader),
                "plays": "  ".join(f"{seat_name(n, s)} {c.short}" for s, c in t.plays),
                "won by": seat_name(n, t.winner),
            }
            for i, t in enumerate(hand.tricks)
        ],
        "Tricks",
    )
    graded = table.grades()
    record = table.hand_json()
    st.html(
        '<div class="ec-review"><p><b>All hands as dealt</b></p>'
        f"{dealt_hands_html(hand)}{tricks}"
        f"{grades_html(graded, 'South') if graded else ''}"
        f'<div data-testid="practice-hand-record" data-record="{escape(record)}"></div></div>'
    )
    if any(g.grade is not None for g in graded):
        with st.expander("The figures behind the grades"):
            st.html(f'<div class="ec-review">{figures_html(graded)}</div>')
    regrading = table.regrade_earlier(
        wait_s=0.0
    )  # after a reload: the earlier hands' grades, in the background
    replay_section(
        hand,
        graded,
        practice_key(""),
        pos.game,
        table.finished_grades,  # step through the hand; retry the costliest decisions
        regrading=regrading > 0,
    )
    if st.toggle("What would the expert have done in your seat?", key=practice_key("expert")):
        with st.spinner("The expert replays your seat…"):
            cmp = table.expert_in_your_seat()
        for step, yours, theirs, why in cmp.choices:
            before = next(g.before for g in graded if g.step == step) if graded else hand
            mine = "the same as you" if yours == theirs else f"you chose: {choice_text(before, yours)}"
            st.markdown(f"- {level_name(cmp.level)}: **{choice_text(before, theirs)}** ({mine}) — {why}")
        st.markdown(
            f"Played out with the {level_name(cmp.level).lower()} in your seat: **{cmp.their_points}** point(s) for your side "
            f"(you scored {cmp.your_points}). {result_line(cmp.hand)}"
        )
    with st.container(horizontal=True, gap="small", key=practice_key("downloads")):
        # Both files are built only when their button is clicked (a callable), not on every run.
        st.download_button(
            "This hand (JSON)",
            partial(str, record),
            icon=":material/download:",
            file_name=f"euchre-{pos.session.seed}-hand-{pos.game.hand_number + 1}.json",
            mime="application/json",
            key=practice_key("export_hand"),
            on_click="ignore",
            help="The hand's replay record, for python -m engine replay",
        )
        st.download_button(
            "Export game",
            partial(table.game_jsonl, pos),
            icon=":material/download:",
            file_name=f"euchre-{pos.session.seed}.jsonl",
            mime="application/jsonl",
            key=practice_key("export"),
            on_click="ignore",
            help="JSON Lines, one replay record per hand: the Import view reads it back",
        )


# ---- the page --------------------------------------------------------------------------


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
        pace_control(practice_key("pace_setting"))  # also beside the moves being shown (_watching)
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
        st.button("Open deal", key=practice_key("open_code"), on_click=_on_open_code)


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
        st.button("New game", icon=":material/add:", key=practice_key("new_game"), on_click=_new_game)
        st.button(
            "Deal of the day",
            icon=":material/today:",
            key=practice_key("daily"),
            on_click=_open_daily,
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


def _sync_link(table: PracticeTable) -> None:
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
    if _link_drops_earlier_hands(table) and st.session_state.get(said) != table.game_key:
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


def _link_drops_earlier_hands(table: PracticeTable) -> bool:
    """The page link keeps this hand but cannot rebuild the game's earlier ones: the game is too long
    for it, or it began from a position link whose cards no seed deals and which could not be kept
    under a ``shared=`` id (the database could not be written)."""
    return table.link_capped or (
        bool(table.session.opening) and table.shared_id is None and not table.is_first_hand
    )


@st.fragment
def _table_view(learning: bool, traditional: bool) -> None:
    """The table and everything a click at it changes. A fragment: a click here reruns only this
    part, not the sidebar and the settings, which is less for the browser to draw on every click.
    A click that starts another game or deal (new game, replay this deal, back to your game)
    reruns the whole page, whose notices and link depend on the game."""
    started = time.perf_counter()
    pace = current_pace()  # read here: the control beside the moves being shown reruns only this fragment
    remember_pace()
    table = _table()
    _handle_card_clicks(table)
    _play_forced(table, pace)
    if table.game_key != table.drawn_game:
        st.rerun()
    _messages(table, Notice.FLASH, Notice.STORE)
    _sync_link(table)
    _draw_table(table, pace, learning and table.is_first_hand, traditional)
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
    table = _table()
    table.learner = who_is_here()  # the hand's mistakes go to this learner's deck
    table.grade_later = True  # graded once the click's page is drawn (end of _table_view)
    if st.session_state.pop(RESUMED_KEY, False):
        _welcome_back(table)
    _messages(table, Notice.CODE)
    _daily_line(table)
    review_due_link()
    if current_rules() != table.session.rules:
        st.info(
            "The rules in the sidebar differ from this game's rules: **New game** uses the sidebar's. "
            f"This game: {table.session.rules.summary()}."
        )
    _sync_link(table)
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
