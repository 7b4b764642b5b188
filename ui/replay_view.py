"""A finished hand replayed like a chess game, and "learn from your mistakes".

``replay_section`` draws, under the hand review, a toggle that opens the step-by-step viewer
(First / ← / → / Last buttons, also on the keyboard and a presenter's clicker: Home, PageUp / Left,
PageDown / Space / Right, End, wherever the focus is (``ui.walkthrough_keys``); a slider over the
steps; the table with every hand face up at the chosen step; the step in a sentence and, for the
learner's decisions, the grade the review gave); when the hand has costly decisions, a toggle
that puts them to the learner again one at a time, costliest first, at the table as it was and
from the learner's seat (``ui.seat_retry``: the card tapped as in play, the answer shown after two
wrong tries, every hand face up only once it is answered); and a graph of the side's chance of winning the game at each
deal of the game and after each of the learner's decisions of this hand (engine figures only: the
win table, the solver's result of the hand, the analyzer's figure for a bid); clicking a decision's
point steps the viewer to it.

Everything it shows comes from ``practice.replay`` (the engine's replay, the page's grades); the
viewer's step and the retries are kept in session state under keys carrying the hand's identity
(``practice.replay.hand_id``), so two hands never share them.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from html import escape
from typing import Any

import plotly.graph_objects as go
import streamlit as st

from engine.core.game import GameState
from engine.core.hand import HandState, Phase
from engine.core.ranking import sort_hand
from engine.core.seats import LEARNER, seat_name
from practice.deck import question_of
from practice.replay import (
    ANALYZED,
    AT_DEAL,
    SOLVED,
    Chance,
    DecisionChance,
    Replay,
    Step,
    clamp,
    costliest,
    deal_chance,
    decision_chances,
    hand_decision_chances,
    hand_id,
    replay,
    win_chances,
)
from practice.review import GradedDecision
from practice.session import Move
from practice.table_text import latest_actions, move_line, side_name
from ui.cards import card_img, four_colour
from ui.layout import card_width
from ui.practice_panels import better_text
from ui.seat_retry import seat_retry
from ui.table import backs_html, centre_html, felt_html, open_hand_html, seat_html
from ui.walkthrough_keys import Stepper, clicker_help, install_step_keys

REPLAY_LABEL = "Replay this hand step by step"
MISTAKES_LABEL = "Learn from your mistakes"
CHANCE_LABEL = "Your side's chance of winning this game, decision by decision"


def _keys(prefix: str, hand: HandState) -> str:
    return f"{prefix}replay_{hand_id(hand)}"


# ---- the table at one step -------------------------------------------------------------


def state_bar(shown: HandState, caption: str) -> str:
    """The bar above a table: ``caption``, then trump, its maker and the tricks each side has."""
    players = shown.players
    parts = [f"<span>{escape(caption)}</span>"]
    if shown.trump is not None and shown.maker is not None:
        alone = " alone" if shown.alone else ""
        parts.append(
            f"<span>Trump <b>{shown.trump.symbol} {shown.trump.noun}</b> · made by "
            f"{seat_name(players, shown.maker)}{alone}</span>"
        )
        sides = (
            [[s for s in range(players) if s % 2 == side] for side in range(2)]
            if players == 4
            else [[s] for s in range(players)]
        )
        tricks = " · ".join(
            f"{side_name(players, seats)} <b>{sum(shown.tricks_won(s) for s in seats)}</b>" for seats in sides
        )
        parts.append(f"<span>Tricks: {tricks}</span>")
    return "".join(parts)


def seat_cards(shown: HandState, seat: int, face_up: bool, colour: bool) -> str:
    """A seat's cards on the small table: face up (sorted, overlapping) or as backs; nothing for a
    seat out of the hand (a lone maker's partner) that holds no cards."""
    cards = shown.hands[seat]
    if seat in shown.out and not cards:
        return ""
    if face_up:
        return open_hand_html(
            sort_hand(cards, shown.trump),
            trump=shown.trump,
            width=card_width(40),
            colour=colour,
            overlap=0.45,
        )
    return backs_html(len(cards), card_width(40))


def felt(
    shown: HandState, played: Sequence[Step], caption: str, *, open_hands: bool = True, you: int = LEARNER
) -> str:
    """The table at ``shown`` seen from ``you``'s chair (``you`` at the bottom): every seat around
    the felt (``you`` too), face up (or only ``you``'s
    when not ``open_hands``: the others as backs, a discard but ``you``'s face down), each seat's
    latest action of ``played`` on its chip, the seat to act ringed."""
    moves = tuple(Move(s.before, s.seat, s.action, "") for s in played)
    latest = latest_actions(shown, moves, you)
    colour = four_colour()
    seats: dict[int, str] = {}
    for seat in range(shown.players):
        body = seat_cards(shown, seat, open_hands or seat == you, colour)
        who = "you" if seat == you else ""
        acting = "to act" if shown.to_act == seat else None
        seats[seat] = seat_html(shown, seat, who, body, latest.get(seat), acting, bottom=you)
    centre = (
        _discard_centre(shown, card_width(50), colour)
        if shown.phase is Phase.DISCARD
        else centre_html(shown, card_width(50), colour, bottom=you)
    )
    return felt_html(shown, state_bar(shown, caption), seats, centre=centre, compass=True)


def _discard_centre(shown: HandState, width: int, colour: bool) -> str:
    """The middle of the table while the dealer discards: the upcard they picked up."""
    up = card_img(shown.upcard, trump=shown.trump, four_colour=colour, width=width)
    dealer = seat_name(shown.players, shown.dealer)
    return (
        f'<div class="ec-centre" style="--cw:min({width}px, 13vw)" data-centre="discard">'
        f'<div class="ec-up"><figure>{up}<figcaption>picked up</figcaption></figure></div>'
        f"<div><b>{dealer}</b> (the dealer) takes the {escape(shown.upcard.short)} "
        "and discards one card face down.</div></div>"
    )


def grade_line(g: GradedDecision) -> str:
    """A learner's graded decision in one line of markdown: the grade word, the better choice and why
    (the figures behind it: ``ui.practice_panels.figures_html``)."""
    if g.grade is None:
        return f"Your decision: not graded ({g.source})."
    text = f"Your decision: **{g.grade}**"
    better = better_text(g)
    if better:
        text += f"; better: **{better}**"
    return text + (f". {g.reason}" if g.reason else ".")


# ---- the viewer ------------------------------------------------------------------------


def _go(key: str, to: int, last: int) -> None:
    st.session_state[key] = clamp(to, last)


def step_text(r: Replay, at: int, you: int = LEARNER, *, open_hands: bool = True) -> str:
    """Step ``at`` (1 .. len) in a sentence, ``you``'s seat named "(you)"; when not ``open_hands``
    a discard but ``you``'s stays face down."""
    step = r.steps[at - 1]
    players = step.before.players
    text = move_line(Move(step.before, step.seat, step.action, ""), you) if not open_hands else step.text
    mine = seat_name(players, you)
    return text.replace(f"{mine} ", f"{mine} (you) ", 1) if step.seat == you else text


def replay_viewer(r: Replay, prefix: str, you: int = LEARNER, *, open_hands: bool = True) -> None:
    """The step-by-step viewer of a replayed hand (``prefix``: the page's key prefix; ``you``: the
    seat of the person looking, named "(you)" in the steps). Not ``open_hands``: only ``you``'s cards
    face up, the other seats' as backs and a discard but ``you``'s face down (a person at a table of
    people, whose replay is their seat's view: ``multiplayer.record.seat_record``)."""
    base = _keys(prefix, r.hand)
    key = f"{base}_step"
    n = len(r)
    if not isinstance(st.session_state.get(key), int):
        st.session_state[key] = 0
    at = clamp(st.session_state[key], n)
    st.session_state[key] = at
    steps = (
        ("First", ":material/first_page:", "first", 0, at == 0, "Home", "The deal (key Home)"),
        ("Back", ":material/arrow_back:", "back", at - 1, at == 0, "Left", "One step back (key ←)"),
        ("Next", ":material/arrow_forward:", "next", at + 1, at == n, "Right", "One step on (key →)"),
        ("Last", ":material/last_page:", "last", n, at == n, "End", "The end of the hand (key End)"),
    )
    with st.container(horizontal=True, vertical_alignment="center", gap="small", key=f"{base}_nav"):
        for label, icon, name, to, off, shortcut, tip in steps:
            st.button(
                label,
                icon=icon,
                key=f"{base}_{name}",
                disabled=off,
                type="primary" if name == "next" else "secondary",
                on_click=_go,
                args=(key, to, n),
                shortcut=shortcut,
                help=tip,
            )
    st.slider("Step", 0, n, key=key, label_visibility="collapsed")
    # a clicker's keys (PageDown, Space, →; PageUp, ←; Home, End) step too, even with the focus still
    # on the switch that opened the viewer or on this slider
    install_step_keys(
        Stepper(
            next=f"{base}_next", back=f"{base}_back", first=f"{base}_first", last=f"{base}_last", own=(key,)
        )
    )
    clicker_help()
    shown = r.at(at)
    caption = "The deal" if at == 0 else f"Step {at} of {n}"
    st.html(
        f'<div data-testid="replay-table" data-step="{at}" data-steps="{n}">'
        f"{felt(shown, r.played(at), caption, open_hands=open_hands, you=you)}</div>"
    )
    if at == 0:
        first = seat_name(shown.players, shown.to_act) if shown.to_act is not None else ""
        st.markdown(f"**The deal.** {first} speaks first. Press → (or Next) to step through the hand.")
        return
    step = r.steps[at - 1]
    st.markdown(f"**{at}.** {step_text(r, at, you, open_hands=open_hands)}")
    if step.grade is not None:
        st.markdown(grade_line(step.grade))
    if at == n:
        st.caption("The end of the hand.")


# ---- learn from your mistakes ----------------------------------------------------------


def _next_mistake(key: str, to: int) -> None:
    st.session_state[key] = to


def mistakes_view(r: Replay, grades: tuple[GradedDecision, ...], prefix: str) -> None:
    """The learner's costliest decisions of the hand, one at a time (costliest first), each to
    answer again at the table as it was, from the learner's seat (``ui.seat_retry``): a right
    answer says so and leads on to the next; the answer is shown after two wrong tries."""
    questions = [(g, q) for g in costliest(grades) if (q := question_of(g)) is not None]
    if not questions:
        st.markdown("No mistakes to learn from in this hand: every decision was graded good or best.")
        return
    base = _keys(prefix, r.hand)
    at_key = f"{base}_mistake_at"
    n = len(questions)
    at = st.session_state.get(at_key)
    at = clamp(at if isinstance(at, int) else 0, n - 1)
    g, q = questions[at]
    st.caption(
        f"Mistake {at + 1} of {n}, the costliest first. Find a better choice "
        "from your seat: a right one (best or good, by the same figures as the grade) moves you on."
    )
    quiz = seat_retry(q, f"{base}_quiz_{g.step}", felt)
    with st.container(horizontal=True, gap="small", key=f"{base}_mistake_nav"):
        if quiz.answered and at + 1 < n:
            st.button(
                "Next mistake",
                icon=":material/arrow_forward:",
                key=f"{base}_mistake_next",
                type="primary",
                on_click=_next_mistake,
                args=(at_key, at + 1),
            )
        elif quiz.answered:
            st.markdown("That was the last mistake of this hand.")
        if at > 0:
            st.button(
                "Previous mistake",
                icon=":material/arrow_back:",
                key=f"{base}_mistake_back",
                on_click=_next_mistake,
                args=(at_key, at - 1),
            )


# ---- the side's chance of winning over the game ------------------------------------------------


BASIS_TEXT = {
    SOLVED: "this deal played out from here with every card face up (hindsight, not the grade)",
    ANALYZED: "the analyzer's change in the chance of winning for this bid",
    AT_DEAL: "the chance at the deal (the analyzer valued this bid in points, not chance)",
}


def _short_where(step: Step) -> str:
    """A decision's tick label: "Bid", "Discard", "Defend", "T1" .. "T5"."""
    phase = step.before.phase
    if phase is Phase.PLAY:
        return f"T{len(step.before.tricks) + 1}"
    return {Phase.DISCARD: "Discard", Phase.DEFEND: "Defend"}.get(phase, "Bid")


@dataclass
class _Points:
    """One trace's points as the chance figure builds them: x, y (percent), hover text, custom data."""

    x: list[int] = field(default_factory=list)
    y: list[float] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    data: list[Any] = field(default_factory=list)

    def add(self, ticks: list[str], tick: str, chance: float, text: str, data: Any = None) -> None:
        self.x.append(len(ticks))
        self.y.append(round(100 * chance, 1))
        self.text.append(text)
        self.data.append(data)
        ticks.append(tick)

    def trace(self, name: str, marker: dict[str, Any], hover: str, *, data: bool = True) -> go.Scatter:
        return go.Scatter(
            x=self.x,
            y=self.y,
            mode="markers",
            name=name,
            customdata=self.data if data else None,
            text=self.text,
            hovertemplate=hover,
            marker=marker,
        )


_CHANCE_HOVER = "%{text}<br>%{y:.1f}% chance of winning<extra></extra>"


def _earlier_points(
    earlier: Sequence[Chance],
    earlier_decisions: Sequence[tuple[Replay, Sequence[DecisionChance]]],
    deals: _Points,
    ticks: list[str],
) -> _Points:
    """Each earlier hand's deal (into ``deals``) and the learner's decisions of it (returned)."""
    old = _Points()
    for i, c in enumerate(earlier):
        deals.add(ticks, f"H{c.hand}", c.chance, f"Hand {c.hand} dealt ({c.us}–{c.them})")
        hand_replay, chances = earlier_decisions[i] if i < len(earlier_decisions) else (None, ())
        for d in chances:
            assert hand_replay is not None
            step = hand_replay.steps[d.step]
            text = f"Hand {c.hand}, step {d.step + 1}: {escape(step.text)}<br>{BASIS_TEXT[d.basis]}"
            old.add(ticks, _short_where(step), d.chance, text, [d.step, i])
    return old


def chance_figure(
    r: Replay,
    earlier: Sequence[Chance],
    start: Chance | None,
    decisions: Sequence[DecisionChance],
    end: Chance | None,
    earlier_decisions: Sequence[tuple[Replay, Sequence[DecisionChance]]] = (),
) -> go.Figure:
    """The side's chance of winning the game over the game: at each earlier hand's deal and after
    each of the learner's decisions of that hand (``earlier_decisions``, one per earlier hand when
    its grades were kept: the trace named "earlier decisions", its ``customdata`` [step index,
    index of the earlier hand]), at this hand's deal, after each of the learner's decisions of this
    hand (the trace named "decisions", its ``customdata`` the decisions' step indices) and after
    the hand. One grey line joins them in order; the x axis counts the points."""
    ticks: list[str] = []
    deals = _Points()
    old = _earlier_points(earlier, earlier_decisions, deals, ticks)
    if start is not None:
        deals.add(ticks, f"H{start.hand}", start.chance, f"This hand dealt ({start.us}–{start.them})")
    mine = _Points()
    for d in decisions:
        step = r.steps[d.step]
        score = f"{d.us}–{d.them} after the hand" if d.basis == SOLVED else f"{d.us}–{d.them} at the deal"
        text = f"Step {d.step + 1}: {escape(step.text)}<br>{BASIS_TEXT[d.basis]}; {score}"
        mine.add(ticks, _short_where(step), d.chance, text, d.step)
    if end is not None:
        deals.add(ticks, "End", end.chance, f"After the hand ({end.us}–{end.them})")
    order = sorted(zip(deals.x + old.x + mine.x, deals.y + old.y + mine.y, strict=True))
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=[x for x, _ in order],
            y=[y for _, y in order],
            mode="lines",
            name="the game",
            line={"color": "#9e9e9e"},
            hoverinfo="skip",
            showlegend=False,
        )
    )
    square = {"symbol": "square", "size": 9, "color": "#607d8b"}
    fig.add_trace(deals.trace("deals", square, "%{text}: %{y:.1f}%<extra></extra>", data=False))
    fig.add_trace(mine.trace("decisions", {"size": 11, "color": "#2e7d32"}, _CHANCE_HOVER))
    if old.x:
        fig.add_trace(old.trace("earlier decisions", {"size": 9, "color": "#81c784"}, _CHANCE_HOVER))
    fig.update_layout(
        title={"text": "Your side's chance of winning this game"},
        showlegend=False,
        yaxis={"range": [0, 100], "title": {"text": "chance of winning (%)"}},
        xaxis={
            "tickmode": "array",
            "tickvals": list(range(len(ticks))),
            "ticktext": ticks,
            "title": {"text": ""},
        },
        clickmode="event+select",
    )
    return fig


def selected_step(selection: Mapping[str, Any] | None) -> int | None:
    """The step index (``customdata``) of the decision point chosen in the chart's selection
    (``{"selection": {"points": [...]}}``, as ``st.plotly_chart`` keeps it); None when no
    decision point is chosen (a deal's point has no ``customdata``)."""
    chosen = _selected_point(selection)
    return chosen[0] if chosen is not None and chosen[1] is None else None


def selected_earlier(selection: Mapping[str, Any] | None) -> tuple[int, int] | None:
    """(step index, index of the earlier hand) of an earlier hand's decision point chosen in the
    chart (``customdata`` [step, hand]); None when none is chosen."""
    chosen = _selected_point(selection)
    return (chosen[0], chosen[1]) if chosen is not None and chosen[1] is not None else None


def _number(value: object) -> int | None:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _selected_point(selection: Mapping[str, Any] | None) -> tuple[int, int | None] | None:
    chosen = (selection or {}).get("selection") or {}
    for point in chosen.get("points") or ():
        data = point.get("customdata")
        if isinstance(data, list | tuple):
            step = _number(data[0]) if data else None
            hand = _number(data[1]) if len(data) > 1 else None
            if step is not None:
                return step, hand
        else:
            step = _number(data)
            if step is not None:
                return step, None
    return None


def jump_to_selected(
    selection: Mapping[str, Any] | None,
    step_key: str,
    open_key: str,
    last: int,
    state: MutableMapping[Any, Any],
) -> int | None:
    """Move the replay viewer (its position under ``step_key`` in ``state``) to the decision chosen
    in the chart and open the viewer: position step + 1, where the viewer shows the decision, its
    grade and the table after it. Returns the position, or None (nothing chosen: unchanged)."""
    step = selected_step(selection)
    if step is None:
        return None
    state[step_key] = clamp(step + 1, last)
    state[open_key] = True
    return clamp(step + 1, last)


def jump_to_earlier(
    selection: Mapping[str, Any] | None, prefix: str, hands: Sequence[Replay], state: MutableMapping[Any, Any]
) -> tuple[int, int] | None:
    """Move the replay viewer to an earlier hand's decision chosen in the chart: the viewer shows
    that hand (``hands``, the game's earlier hands in order) at step + 1, and opens. Returns
    (hand index, position), or None (no earlier decision chosen, or not one of ``hands``)."""
    chosen = selected_earlier(selection)
    if chosen is None or not 0 <= chosen[1] < len(hands):
        return None
    step, index = chosen
    r = hands[index]
    at = clamp(step + 1, len(r))
    state[f"{_keys(prefix, r.hand)}_step"] = at
    state[f"{prefix}replay_shown"] = hand_id(r.hand)
    state[f"{prefix}replay_open"] = True
    return index, at


def _on_chart_select(
    chart_key: str, step_key: str, open_key: str, last: int, prefix: str, hands: Sequence[Replay]
) -> None:
    selection = st.session_state.get(chart_key)
    if jump_to_selected(selection, step_key, open_key, last, st.session_state) is not None:
        st.session_state.pop(f"{prefix}replay_shown", None)  # back to this hand
    else:
        jump_to_earlier(selection, prefix, hands, st.session_state)


def chance_chart(
    r: Replay,
    game: GameState,
    grades: tuple[GradedDecision, ...],
    prefix: str,
    kept: Mapping[HandState, tuple[GradedDecision, ...]] | None = None,
    regrading: bool = False,
) -> None:
    """The learner's side's chance of winning the game over its deals and decisions (this hand's,
    and the earlier hands' whose grades were ``kept``); clicking a decision's point moves the
    replay viewer to it (to that hand, for an earlier one)."""
    number = game.hand_number + 1
    chances = win_chances(game)
    earlier = [c for c in chances if c.hand is not None and c.hand < number]
    kept = kept or {}
    earlier_hands = [replay(h, kept.get(h, ())) for h in game.history[: len(earlier)]]
    earlier_decisions = [
        (er, hand_decision_chances(game.rules, er.hand, c, kept.get(er.hand, ())))
        for er, c in zip(earlier_hands, earlier, strict=True)
    ]
    same = game.hand == r.hand
    start = deal_chance(game) if same else None
    decisions = decision_chances(game, grades) if same else ()
    end = next((c for c in chances if c.hand is None), None) if same and r.hand.is_over else None
    base = _keys(prefix, r.hand)
    chart_key = f"{base}_chances"
    fig = chance_figure(r, earlier, start, decisions, end, earlier_decisions)
    st.plotly_chart(
        fig,
        key=chart_key,
        on_select=partial(
            _on_chart_select, chart_key, f"{base}_step", f"{prefix}replay_open", len(r), prefix, earlier_hands
        ),
        selection_mode="points",
    )
    shown = {d.step for d in decisions}
    left_out = [g for g in grades if g.step not in shown]
    notes = [
        "Squares: the chance at each deal, from the score and who deals (the engine's win table). "
        "Circles: after each of your decisions: a card played is valued by this deal "
        "played out from there with every card face up (hindsight: the points, turned into the chance at "
        "the score after the hand; the grades judge from your seat instead); a bid by the analyzer's change in the chance of winning, or, when it valued the bid "
        "in points, the chance at the deal unchanged. Click a circle to step the replay to it (an "
        "earlier hand's circle opens that hand)."
    ]
    missing = [c.hand for c, h in zip(earlier, earlier_hands, strict=True) if h.hand not in kept]
    if missing:
        notes.append(
            f"Hand(s) {', '.join(map(str, missing))} show only their deal for now: they were played "
            "before the page was reloaded"
            + (
                ", and their decisions are being graded again: they appear at your next click."
                if regrading
                else "; their grades could not be worked out again."
            )
        )
    if left_out:
        steps = ", ".join(str(g.step + 1) for g in left_out)
        notes.append(f"Left out (no engine figure: not graded or the only legal choice): step(s) {steps}.")
    if not same:
        notes.append("This hand is not the game's current hand: only the game's deals are shown.")
    st.caption(" ".join(notes))


def _back_to_this_hand(prefix: str) -> None:
    st.session_state.pop(f"{prefix}replay_shown", None)


def replay_section(
    hand: HandState,
    grades: tuple[GradedDecision, ...],
    prefix: str,
    game: GameState | None = None,
    kept: Mapping[HandState, tuple[GradedDecision, ...]] | None = None,
    regrading: bool = False,
) -> None:
    """Under a finished hand's review: the replay viewer, "learn from your mistakes" and (given the
    ``game``) the side's chance of winning it over its hands, each behind a toggle (nothing is drawn
    until it is opened). ``grades`` are the page's (not graded again); ``kept`` the earlier hands'
    grades, so the chart shows their decisions and the viewer can replay them (``regrading``: some are
    still being worked out again after a reload)."""
    r = replay(hand, grades)
    if st.toggle(REPLAY_LABEL, key=f"{prefix}replay_open"):
        shown = st.session_state.get(f"{prefix}replay_shown")
        history = game.history if game is not None else ()
        other = next((h for h in history if hand_id(h) == shown and h != hand), None)
        if other is not None:
            number = history.index(other) + 1
            st.caption(f"Hand {number} of this game, chosen on the chart.")
            st.button(
                "Back to this hand",
                icon=":material/undo:",
                key=f"{prefix}replay_back_here",
                on_click=_back_to_this_hand,
                args=(prefix,),
            )
            replay_viewer(replay(other, (kept or {}).get(other, ())), prefix)
        else:
            replay_viewer(r, prefix)
    if costliest(grades) and st.toggle(MISTAKES_LABEL, key=f"{prefix}mistakes_open"):
        mistakes_view(r, grades, prefix)
    if (
        game is not None
        and deal_chance(game) is not None
        and st.toggle(CHANCE_LABEL, key=f"{prefix}chances_open")
    ):
        chance_chart(r, game, grades, prefix, kept, regrading)


__all__ = [
    "chance_chart",
    "chance_figure",
    "felt",
    "seat_cards",
    "state_bar",
    "jump_to_earlier",
    "jump_to_selected",
    "selected_earlier",
    "selected_step",
    "grade_line",
    "mistakes_view",
    "replay_section",
    "replay_viewer",
]
