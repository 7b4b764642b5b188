"""The Practice table: the learner sits South against computer players.

Session state holds engine values only: the ``Session`` (rules, seat levels, seed, the
learner's decisions), the ``Position`` it replays to, and a memo of computer decisions.
Everything shown is computed from those by ``practice``; this page only draws and routes clicks.
"""

from __future__ import annotations

import json
import secrets
import time
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import replace
from functools import partial
from html import escape
from typing import Any

import streamlit as st

from engine.actions import Action, Kind, discard
from engine.cards import Card
from engine.errors import EuchreError
from engine.expert import PLAYER_NAMES
from engine.game import side_of, side_points, sides
from engine.hand import HandState, Phase
from engine.ranking import sort_hand
from engine.rules import Rules
from engine.narration import describe
from engine.seats import seat_name
from practice import coach, review
from practice.codes import DealCodeError, decode, encode
from practice.export import hand_record, to_jsonl
from practice.session import (
    LEARNER,
    Position,
    Session,
    Waiting,
    act,
    can_undo,
    deal_code,
    next_hand,
    replay,
    replay_deal,
    undo,
)
from practice.table import action_label, choice_text, disabled_reasons, spare_cards_svg
from store import practice_log
from store.db import StoreError
from ui.cards import card_buttons, cards_row_html, four_colour
from ui.layout import card_width
from ui.practice_panels import K, grades_md, import_view, result_line, statistics_view, table_md
from ui.rules_panel import current_rules, set_rules
from ui.share import rules_to_query

# K: every session-state key of this page starts with it (one prefix, shared with ui.practice_panels)
PACES = {"instant": "Instant", "step": "One step at a time (Next button)"}


# ---- session state -------------------------------------------------------------------


def _memo() -> dict[Any, Any]:
    memo = st.session_state.setdefault(K + "memo", {})
    if len(memo) > 50_000:
        memo.clear()
    return memo  # type: ignore[no-any-return]


LEVEL_LETTERS = {"b": "beginner", "c": "club", "e": "expert"}


def _levels(players: int) -> tuple[str, ...]:
    return ("you",) + tuple(st.session_state.get(f"{K}level_{s}", "club") for s in range(1, players))


def _levels_from_link() -> None:
    """``?levels=cce`` (one letter per computer seat, West first) sets the seat levels once."""
    raw = st.query_params.get("levels")
    if not raw or st.session_state.get(K + "levels_seen") == raw:
        return
    st.session_state[K + "levels_seen"] = raw
    installed = PLAYER_NAMES
    chosen = [LEVEL_LETTERS.get(ch) for ch in raw.strip().lower()]
    if not 1 <= len(chosen) <= 3 or any(c is None or c not in installed for c in chosen):
        letters = ", ".join(f"{k} = {v}" for k, v in LEVEL_LETTERS.items() if v in installed)
        st.session_state[K + "code_error"] = (
            f"The link's levels={raw!r} is not understood: use one letter per computer seat ({letters}).")
        return
    for seat, level in enumerate(chosen, start=1):
        st.session_state[f"{K}level_{seat}"] = level


def _position() -> Position | None:
    pos = st.session_state.get(K + "position")
    return pos if isinstance(pos, Position) else None


def _set_position(pos: Position) -> None:
    st.session_state[K + "position"] = pos
    st.session_state[K + "revealed"] = 0
    st.session_state.pop(K + "hint", None)


def _deal_code(pos: Position) -> str:
    return encode(deal_code(pos))


def _store(action: str, fn: Any, *args: Any) -> Any:
    """Run a records call; on a database problem remember the message and carry on."""
    try:
        return fn(*args)
    except StoreError as err:
        st.session_state[K + "store_error"] = f"Records are not being saved ({action}): {err}"
        return None


def _start(session: Session, kind: str = "game") -> None:
    pos = replay(session, memo=_memo())
    _set_position(pos)
    st.session_state[K + "saved"] = set()
    st.session_state[K + "game_id"] = _store(
        "starting a game", practice_log.start_game, kind, session.rules.changes(), session.seed,
        list(session.levels), _deal_code(pos),
    )


def _new_game() -> None:
    rules = current_rules()
    _start(Session(rules, _levels(rules.players), secrets.randbelow(2**32)))
    st.session_state.pop(K + "paused", None)


def _open_code(text: str, from_link: bool) -> None:
    try:
        code = decode(text)
    except DealCodeError as err:
        st.session_state[K + "code_error"] = f"That deal code does not work: {err}"
        return
    st.session_state.pop(K + "code_error", None)
    if not from_link:
        set_rules(code.rules)  # runs in a widget callback, before the sidebar is drawn
    _start(Session(code.rules, _levels(code.rules.players), code.seed, (), code.game_number,
                   code.hand_number, code.dealer))


def _on_open_code() -> None:
    _open_code(st.session_state.get(K + "code_input", ""), from_link=False)


def _ensure_session() -> Position:
    pos = _position()
    if pos is not None:
        return pos
    _levels_from_link()
    link = st.query_params.get("deal")
    if link:
        _open_code(link, from_link=True)
    if _position() is None:
        _new_game()
    pos = _position()
    assert pos is not None
    return pos


# ---- actions ---------------------------------------------------------------------------


@st.cache_resource(show_spinner=False)
def _grader() -> ThreadPoolExecutor:
    """One background worker per server process: grades each decision while the learner thinks."""
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="practice-grader")


def _do(pos: Position, action: Action) -> None:
    try:
        after = act(pos, action, memo=_memo())
    except EuchreError as err:
        st.session_state[K + "flash"] = str(err)
        return
    _set_position(after)
    pending: list[Future[Any]] = st.session_state.setdefault(K + "grading", [])
    pending.append(_grader().submit(review.grade_decision, len(pos.hand.history), pos.hand, action))


def _save_finished(pos: Position) -> None:
    """Record the finished hand once, and the game when it is decided."""
    game_id = st.session_state.get(K + "game_id")
    key = (pos.game.game_number, pos.game.hand_number)
    saved: set[tuple[int, int]] = st.session_state.setdefault(K + "saved", set())
    if key in saved:
        return
    saved.add(key)
    if game_id is None:
        return
    hand = pos.hand
    grades = _grades(pos)
    record = hand_record(hand, key[0], key[1], pos.session.levels, pos.session.seed)
    _store("saving the hand", practice_log.save_hand, game_id,
           review.hand_facts(hand, key[0], key[1], record, grades))
    if pos.game.game_winner is not None and (pos.game.is_over or pos.session.single_deal):
        won = pos.game.game_winner == side_of(pos.session.rules, LEARNER)
        _store("saving the game", practice_log.finish_game, game_id, list(pos.game.scores), won)
    elif pos.session.single_deal:
        _store("saving the deal", practice_log.finish_game, game_id, list(pos.game.scores),
               hand.points[LEARNER] > 0)


def _grades(pos: Position) -> tuple[review.GradedDecision, ...]:
    cache: dict[Any, Any] = st.session_state.setdefault(K + "grades", {})
    key = (pos.session.seed, pos.game.game_number, pos.game.hand_number, pos.hand.history)
    if key not in cache:
        # Let the background worker finish what it started (its results are memoised) rather
        # than grade the same decisions a second time on the page's thread.
        for job in st.session_state.pop(K + "grading", []):
            wait([job], timeout=10)
        cache.clear()
        cache[key] = review.grade_hand(pos.hand)
    return cache[key]  # type: ignore[no-any-return]


def _on_act(text: str) -> None:
    pos = _position()
    if pos is not None:
        _do(pos, Action.parse(text))


def _handle_card_clicks() -> None:
    """A clicked card button (ui.cards.card_buttons has no callback) is applied before anything is
    drawn, so each click costs one script run and the page never shows the old position."""
    pos = _position()
    if pos is None or pos.waiting is not Waiting.LEARNER:
        return
    hand = pos.hand
    for action in hand.legal_actions():
        if action.card is None:
            continue
        prefix = "play" if action.kind is Kind.PLAY else "discard"
        if st.session_state.get(f"{K}{prefix}-{action.card}") is True:
            _do(pos, action)
            return


def _want_hint() -> None:
    st.session_state[K + "want_hint"] = True


def _on_undo() -> None:
    pos = _position()
    if pos is not None and can_undo(pos):
        _set_position(undo(pos, memo=_memo()))


def _on_reveal() -> None:
    st.session_state[K + "revealed"] = st.session_state.get(K + "revealed", 0) + 1


def _on_next_hand() -> None:
    pos = _position()
    if pos is not None and pos.waiting is Waiting.NEXT_HAND:
        _set_position(next_hand(pos, memo=_memo()))


def _on_replay_deal() -> None:
    pos = _position()
    if pos is None:
        return
    if not pos.session.single_deal:
        st.session_state[K + "paused"] = pos
    _start(replay_deal(pos), kind="replay")


def _on_back() -> None:
    paused = st.session_state.pop(K + "paused", None)
    if isinstance(paused, Position):
        st.session_state[K + "position"] = paused
        st.session_state[K + "revealed"] = len(paused.pending)


# ---- drawing the table -----------------------------------------------------------------


def _seat_title(hand: HandState, seat: int, levels: tuple[str, ...]) -> str:
    name = seat_name(hand.players, seat)
    who = "you" if seat == LEARNER else levels[seat]
    tags = []
    if seat == hand.dealer:
        tags.append("**dealer**")
    if hand.maker == seat:
        tags.append("**maker**" + (" (alone)" if hand.alone else ""))
    if hand.lone_defender == seat:
        tags.append("**defends alone**")
    if seat in hand.out:
        tags.append("sits out")
    if hand.to_act == seat:
        tags.append("to act")
    won = hand.tricks_won(seat)
    tricks = f" · {won} trick{'s' if won != 1 else ''}" if hand.tricks else ""
    return f"**{name}** ({who}){tricks}" + (" · " + " · ".join(tags) if tags else "")


def _opponent(hand: HandState, seat: int, levels: tuple[str, ...], reveal: bool) -> None:
    st.markdown(_seat_title(hand, seat, levels))
    cards: list[Card | None] = list(sort_hand(hand.hands[seat], hand.trump)) if reveal else [None] * len(hand.hands[seat])
    if seat in hand.out and not reveal:
        cards = []
    st.html(f'<div data-seat="{seat}">' + cards_row_html(cards, trump=hand.trump, four_colour=four_colour(),
                                                          width=card_width(44)) + "</div>")


def _centre(hand: HandState) -> None:
    w = card_width(70)
    n = hand.players
    if hand.trump is None:
        if hand.phase is Phase.BID2:
            st.markdown(f"Upcard **{hand.upcard.short}** turned down — name another suit.")
            st.html(cards_row_html([None, None], width=w))
        elif not hand.is_over:
            st.markdown("Upcard and kitty")
            st.html(cards_row_html([hand.upcard, None], width=w, labels=["upcard", "kitty"],
                                   four_colour=four_colour()))
        else:
            st.markdown("Everyone passed: **the hand is thrown in**.")
        return
    maker = seat_name(n, hand.maker) if hand.maker is not None else "?"
    alone = " **alone**" if hand.alone else ""
    st.markdown(f"Trump **{hand.trump.symbol} {hand.trump.noun}** · made by **{maker}**{alone}")
    if hand.trick:
        st.html(cards_row_html([c for _, c in hand.trick], trump=hand.trump, width=w, four_colour=four_colour(),
                               labels=[seat_name(n, s) for s, _ in hand.trick]))
    elif hand.tricks:
        last = hand.tricks[-1]
        states = ["winning" if s == last.winner else "normal" for s, _ in last.plays]
        st.caption(f"Trick {len(hand.tricks)} won by {seat_name(n, last.winner)}")
        st.html(cards_row_html(list(last.cards), trump=hand.trump, width=w, states=states,
                               four_colour=four_colour(), labels=[seat_name(n, s) for s, _ in last.plays]))


def _score(pos: Position, shown: HandState, traditional: bool) -> None:
    rules = pos.session.rules
    n = sides(rules)
    names = []
    for side in range(n):
        seats = [s for s in range(rules.players) if side_of(rules, s) == side]
        names.append(" & ".join(seat_name(rules.players, s) for s in seats))
    scores = pos.game.scores
    if pos.hand.is_over and not shown.is_over:  # step pace: the hand's end is not shown yet
        scores = tuple(a - b for a, b in zip(scores, side_points(pos.hand), strict=True))
    text = " · ".join(f"{names[s]}: {scores[s]}" for s in range(n))
    st.markdown(f'<div data-testid="practice-score" data-scores="{",".join(map(str, scores))}">'
                f"<b>Score</b> (to {rules.target}) — {text}</div>", unsafe_allow_html=True)
    if traditional:
        st.html("<div style='display:flex;gap:16px'>" + "".join(
            f"<figure style='margin:0'>{spare_cards_svg(scores[s], label=names[s])}"
            f"<figcaption style='font-size:12px'>{names[s]}</figcaption></figure>" for s in range(n)) + "</div>")


def _shown_state(pos: Position, pace: str) -> tuple[HandState, int]:
    """The state to draw and how many computer moves are still hidden (step pace)."""
    pending = pos.pending
    revealed = st.session_state.get(K + "revealed", 0)
    if pace == "step" and revealed < len(pending):
        return pending[revealed].before, len(pending) - revealed
    return pos.hand, 0


def _log(pos: Position, hidden: int) -> None:
    moves = pos.moves[: len(pos.moves) - hidden] if hidden else pos.moves
    if not moves:
        return
    with st.expander(f"This hand so far ({len(moves)} moves)", expanded=False):
        for m in moves[-12:]:
            line = describe(m.before, m.action)
            st.markdown(f"- {line}" + (f" — *{m.reason}*" if m.reason else ""))


def _hint_box(pos: Position, guided: bool) -> Action | None:
    hand = pos.hand
    key = (pos.session.decisions, pos.session.seed)
    stored = st.session_state.get(K + "hint")
    if stored is None or stored[0] != key:
        if not guided and not st.session_state.get(K + "want_hint"):
            return None
        try:
            stored = (key, coach.hint(pos.session, hand))
        except EuchreError as err:
            st.caption(f"No hint here: {err}")
            return None
        st.session_state[K + "hint"] = stored
    st.session_state[K + "want_hint"] = False
    advice = stored[1]
    label = choice_text(hand, advice.action)
    st.info(f"**Hint — {advice.source}:** {label}. {advice.reason}", icon=":material/lightbulb:")
    return advice.action


def _controls(pos: Position, guided: bool) -> None:
    hand = pos.hand
    c1, c2, _ = st.columns([1, 1, 4])
    c1.button("Hint", icon=":material/lightbulb:", key=K + "hint_btn", on_click=_want_hint)
    c2.button("Undo", icon=":material/undo:", key=K + "undo_btn", disabled=not can_undo(pos), on_click=_on_undo,
              help="Take back your last decision of this hand")
    hinted = _hint_box(pos, guided)
    mine = sort_hand(hand.hands[LEARNER], hand.trump)
    w = card_width()
    if hand.phase is Phase.PLAY:
        st.markdown("**Your turn: click a card to play it.**")
        states = {hinted.card: "hinted"} if hinted and hinted.card in mine else None
        card_buttons(mine, key=K + "play", trump=hand.trump, width=w,  # clicks: see _handle_card_clicks
                     disabled=disabled_reasons(hand, LEARNER, mine), states=states)
        return
    if hand.phase is Phase.DISCARD:
        legal = hand.legal_actions()
        cards = tuple(mine) + (hand.upcard,)
        reasons: dict[Card, str] = {}
        if discard(hand.upcard) not in legal:
            reasons = {hand.upcard: "The upcard stays in your hand: discard one of your own five cards."}
        st.markdown(f"**You take the {hand.upcard.short}: click the card to discard face down.**")
        states = {hinted.card: "hinted"} if hinted and hinted.card in cards else None
        card_buttons(cards, key=K + "discard", trump=hand.trump, width=w, disabled=reasons, states=states)
        others = [a for a in legal if a.kind is not Kind.DISCARD]
    else:
        st.html(cards_row_html(list(mine), trump=hand.trump, width=w, four_colour=four_colour()))
        st.markdown("**Your turn to bid.**")
        others = list(hand.legal_actions())
    if others:
        cols = st.columns(min(len(others), 5))
        for i, action in enumerate(others):
            cols[i % len(cols)].button(action_label(hand, action), key=f"{K}bid_{str(action).replace(' ', '_')}",
                                       type="primary" if hinted == action else "secondary",
                                       on_click=_on_act, args=(str(action),))


def _table(pos: Position, pace: str, guided: bool, traditional: bool) -> None:
    shown, hidden = _shown_state(pos, pace)
    levels = pos.session.levels
    n = pos.session.rules.players
    reveal = shown.is_over
    _score(pos, shown, traditional)
    code = _deal_code(pos)
    st.caption(f"Deal code **{code}** — share the page link to replay this deal. "
               f"Hand {pos.game.hand_number + 1}" + (f" of game {pos.game.game_number + 1}"
                                                      if pos.session.rules.match_games > 1 else ""))
    top, middle, bottom = st.container(), st.columns([1, 2, 1]), st.container()
    if n == 4:
        with top:
            _opponent(shown, 2, levels, reveal)
        with middle[0]:
            _opponent(shown, 1, levels, reveal)
        with middle[2]:
            _opponent(shown, 3, levels, reveal)
    elif n == 3:
        with middle[0]:
            _opponent(shown, 1, levels, reveal)
        with middle[2]:
            _opponent(shown, 2, levels, reveal)
    else:
        with top:
            _opponent(shown, 1, levels, reveal)
    with middle[1]:
        _centre(shown)
    with bottom:
        st.markdown(_seat_title(shown, LEARNER, levels))
        _log(pos, hidden)
        if hidden:
            nxt = pos.pending[len(pos.pending) - hidden]
            st.markdown(f"*{seat_name(n, nxt.seat)} is thinking…*")
            st.button(f"Next ({hidden} to go)", icon=":material/skip_next:", key=K + "next_step", type="primary", on_click=_on_reveal)
            st.html(cards_row_html(list(sort_hand(shown.hands[LEARNER], shown.trump)), trump=shown.trump,
                                   width=card_width(), four_colour=four_colour()))
        elif pos.waiting is Waiting.LEARNER:
            _controls(pos, guided)
        else:
            _review(pos)


# ---- the hand review -------------------------------------------------------------------


def _review(pos: Position) -> None:
    hand = pos.hand
    n = hand.players
    _save_finished(pos)
    st.subheader("Hand review")
    st.success(result_line(hand))
    st.markdown("**All hands as dealt**")
    st.html("".join(  # one element for all the hands: less for the browser to draw
        f'<div data-dealt="{seat}">' + cards_row_html(
            list(sort_hand(hand.dealt[seat], hand.trump)), trump=hand.trump, width=card_width(40),
            four_colour=four_colour()) + f"<small>{seat_name(n, seat)}</small></div>" for seat in range(n)))
    if hand.tricks:
        rows = [{"trick": i + 1, "led by": seat_name(n, t.leader),
                 "plays": "  ".join(f"{seat_name(n, s)} {c.short}" for s, c in t.plays),
                 "won by": seat_name(n, t.winner)} for i, t in enumerate(hand.tricks)]
        st.markdown(table_md(rows))
    graded = _grades(pos)
    if graded:
        st.markdown("**Your decisions**")
        st.markdown(grades_md(graded, "South"))
    record = json.dumps(hand_record(hand, pos.game.game_number, pos.game.hand_number, pos.session.levels,
                                    pos.session.seed))
    st.html(f'<div data-testid="practice-hand-record" data-record="{escape(record)}"></div>')
    if st.toggle("What would the expert have done in your seat?", key=K + "expert"):
        with st.spinner("The expert replays your seat…"):
            cmp = coach.expert_in_your_seat(pos.session, pos.game.game_number, pos.game.hand_number,
                                            hand, memo=_memo())
        for step, yours, theirs, why in cmp.choices:
            before = next(g.before for g in graded if g.step == step) if graded else hand
            mine = "the same as you" if yours == theirs else f"you chose: {choice_text(before, yours)}"
            st.markdown(f"- {cmp.level.capitalize()}: **{choice_text(before, theirs)}** ({mine}) — {why}")
        st.markdown(f"Played out with the {cmp.level} in your seat: **{cmp.their_points}** point(s) for your side "
                    f"(you scored {cmp.your_points}). {result_line(cmp.hand)}")
    cols = st.columns(4)
    cols[0].button("Replay this deal", icon=":material/replay:", key=K + "replay_deal", help="Same cards again (duplicate style)",
                   on_click=_on_replay_deal)
    paused = st.session_state.get(K + "paused")
    if pos.waiting is Waiting.NEXT_HAND:
        cols[1].button("Next hand", icon=":material/arrow_forward:", key=K + "next_hand", type="primary", on_click=_on_next_hand)
    elif pos.session.single_deal and isinstance(paused, Position):
        cols[1].button("Back to your game", icon=":material/undo:", key=K + "back", type="primary", on_click=_on_back)
    else:
        winner = pos.game.game_winner
        if winner is not None:
            you = winner == side_of(pos.session.rules, LEARNER)
            st.success("You win the game!" if you else "The game is over: the other side won.", icon=":material/trophy:")
        cols[1].button("New game", key=K + "new_game_end", type="primary", on_click=_new_game)
    # Both files are built only when their button is clicked (a callable), not on every run.
    cols[2].download_button("This hand (JSON)", partial(str, record), icon=":material/download:",
                            file_name=f"euchre-{pos.session.seed}-hand-{pos.game.hand_number + 1}.json",
                            mime="application/json", key=K + "export_hand", on_click="ignore",
                            help="The hand's replay record, for python -m engine replay")
    cols[3].download_button("Export game", partial(_game_jsonl, pos), icon=":material/download:",
                            file_name=f"euchre-{pos.session.seed}.jsonl", mime="application/jsonl",
                            key=K + "export", on_click="ignore",
                            help="JSON Lines, one replay record per hand: the Import view reads it back")


def _game_jsonl(pos: Position) -> str:
    return to_jsonl(hand_record(h, pos.game.game_number, i, pos.session.levels, pos.session.seed)
                    for i, h in enumerate(pos.game.history))


# ---- the page --------------------------------------------------------------------------


def _settings(rules: Rules) -> tuple[str, bool, bool]:
    with st.expander("Table settings", expanded=False):
        levels = PLAYER_NAMES
        cols = st.columns(max(1, rules.players - 1))
        for seat in range(1, rules.players):
            key = f"{K}level_{seat}"
            if st.session_state.get(key) not in levels:
                st.session_state[key] = "club"
            cols[seat - 1].selectbox(f"{seat_name(rules.players, seat)} plays as", levels, key=key)
        st.caption("Seat levels apply from the next new game.")
        pace = st.radio("Computer players' pace", list(PACES), format_func=PACES.__getitem__,
                        key=K + "pace", horizontal=True)
        guided = st.toggle("Learning mode: the first hand fully guided", key=K + "learning", value=False)
        traditional = st.toggle("Show the score the traditional way (two spare cards)", key=K + "traditional")
        st.text_input("Open a deal code", key=K + "code_input", placeholder="ABCD-EFGH-IJKL-MNOP")
        st.button("Open deal", key=K + "open_code", on_click=_on_open_code)
    return str(pace), bool(guided), bool(traditional)


def _messages(*keys: str) -> None:
    """Show the page's pending messages: errors once, the records warning while it lasts."""
    for key in keys:
        message = st.session_state.get(K + key)
        if message:
            (st.warning if key == "store_error" else st.error)(message)
            if key != "store_error":
                st.session_state.pop(K + key)


def _sync_link(pos: Position) -> None:
    """Keep the page's link on the current deal, so copying it shares this hand."""
    code = _deal_code(pos)
    if st.query_params.get("deal") != code:
        letters = "".join(level[0] for level in pos.session.levels[1:])
        st.query_params.from_dict({"deal": code, "levels": letters, **rules_to_query(pos.session.rules)})


def _game_key(pos: Position) -> Session:
    """What the parts of the page outside the table depend on: the session without its decisions."""
    return replace(pos.session, decisions=())


@st.fragment
def _table_view(pace: str, learning: bool, traditional: bool) -> None:
    """The table and everything a click at it changes. A fragment: a click here reruns only this
    part, not the sidebar and the settings, which is less for the browser to draw on every click.
    A click that starts another game or deal (new game, replay this deal, back to your game)
    reruns the whole page, whose notices and link depend on the game."""
    started = time.perf_counter()
    _handle_card_clicks()
    pos = _position()
    if pos is None or _game_key(pos) != st.session_state.get(K + "drawn_game"):
        st.rerun()
    assert pos is not None
    _messages("flash", "store_error")
    _sync_link(pos)
    first = pos.game.game_number == pos.session.game_number and pos.game.hand_number == pos.session.hand_number
    _table(pos, pace, learning and first, traditional)
    st.html(f'<div data-testid="practice-render-ms" data-ms="{(time.perf_counter() - started) * 1000:.0f}"></div>')


def main() -> None:
    st.title("Practice")
    pos = _ensure_session()
    pace, learning, traditional = _settings(pos.session.rules)
    st.button("New game", icon=":material/add:", key=K + "new_game", on_click=_new_game)
    _messages("code_error")
    if current_rules() != pos.session.rules:
        st.info("The rules in the sidebar differ from this game's rules: **New game** uses the sidebar's. "
                f"This game: {pos.session.rules.summary()}.")
    _sync_link(pos)
    view = st.segmented_control("View", ["Table", "Statistics", "Import"], default="Table", key=K + "view")
    if view == "Statistics":
        _messages("store_error")
        statistics_view()
    elif view == "Import":
        import_view()
    else:
        st.session_state[K + "drawn_game"] = _game_key(pos)
        _table_view(pace, learning, traditional)

main()
