"""The Practice table as drawn: the felt, the steps of the moves since the learner's last decision (at the learner's pace), the learner's turn with its choices and hint."""

from __future__ import annotations

import streamlit as st

from engine.core.actions import Kind, discard
from engine.core.cards import Card
from engine.core.errors import EuchreError
from engine.core.hand import HandState, Phase
from engine.core.ranking import sort_hand
from engine.core.seats import LEARNER, seat_name
from practice import coach
from practice.pace import Pace, frame_ms, one_at_a_time
from practice.session import Waiting
from practice.table_session import PracticeTable
from practice.table_text import (
    action_label,
    advice_text,
    disabled_reasons,
)
from ui.cards import four_colour
from ui.layout import card_width
from ui.practice_panels import (
    hand_log,
    learner_latest,
    practice_key,
    seat_title,
    table_html,
    traditional_score,
)
from ui.table import hand_buttons, hand_row_html, table_style
from views.practice.game import link_drops_earlier_hands, practice_table
from views.practice.pace import TICK_KEY, next_step_timer, pace_control
from views.practice.review import result_bar, review


def _on_act(text: str) -> None:
    practice_table().act(text)


def _want_hint() -> None:
    practice_table().want_hint = True


def handle_card_clicks(table: PracticeTable) -> None:
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


def play_forced(table: PracticeTable, pace: Pace) -> None:
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
            colour=four_colour(),  # clicks: see handle_card_clicks
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


TICK_FOR = "practice_tick_for"  # session state: the step the timer's tick was last drawn for


def _tick(table: PracticeTable, token: str) -> None:
    """The timer's tick: one step on from the step it was drawn for, once. A tick for a step already
    moved on from (a timer that fired twice, a click that came late) does nothing."""
    if st.session_state.get(TICK_FOR) != token:
        return
    st.session_state[TICK_FOR] = None
    table.step()


def watching(
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
        st.session_state[TICK_FOR] = token
        st.button("Next step", key=TICK_KEY, on_click=_tick, args=(table, token))
        next_step_timer(token, ms, len(shown.history))


def draw_table(table: PracticeTable, pace: Pace, guided: bool, traditional: bool) -> None:
    pos = table.position
    steps = one_at_a_time(pace)
    shown, hidden = table.shown(step_pace=steps)
    forced_next = table.forced_play(True) if steps and not hidden else None
    levels = pos.session.levels
    n = pos.session.rules.players
    table_style()
    over = not hidden and pos.waiting is not Waiting.LEARNER
    if over:
        result_bar(table)
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
        watching(table, shown, pace, hidden, doing, last)
    elif pos.waiting is Waiting.LEARNER:
        _controls(table, guided, last)
    else:
        _plate(shown, levels, last, "the hand is over.")
    if over:
        review(table)
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
            if link_drops_earlier_hands(table)
            else ""
        )
    )
    if traditional:
        traditional_score(pos, shown)
    if not (hidden or forced_next is not None):  # (while moves are shown, it is beside them: watching)
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
