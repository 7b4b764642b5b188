"""A finished hand at the Practice table: the bar with its result and the way on, and the hand's review."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from html import escape

import streamlit as st

from engine.core.game import side_of
from engine.core.seats import LEARNER, seat_name
from practice.session import Waiting
from practice.table_session import PracticeTable
from practice.table_text import (
    choice_text,
    game_result,
    hand_result,
)
from ui.daily_parts import daily_panel
from ui.practice_panels import (
    dealt_hands_html,
    figures_html,
    grades_html,
    level_name,
    practice_key,
    result_line,
    rows_html,
)
from ui.replay_view import replay_section
from views.practice.game import new_game


def result_bar(table: PracticeTable) -> None:
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
        go_on: tuple[str, str | None, str, Callable[[], object]]
        if pos.waiting is Waiting.NEXT_HAND:
            go_on = ("Next hand", ":material/arrow_forward:", "next_hand", table.next_hand)
        elif pos.session.single_deal and table.paused is not None:
            go_on = ("Back to your game", ":material/undo:", "back", table.back)
        else:
            go_on = ("New game", None, "new_game_end", new_game)
        label, icon, name, act = go_on
        st.button(label, icon=icon, key=practice_key(name), type="primary", on_click=act)
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


def review(table: PracticeTable) -> None:
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
