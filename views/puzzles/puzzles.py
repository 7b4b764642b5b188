"""The Puzzles page: rated puzzles near the learner's level, one screen on a phone, and the dashboard.

A puzzle is one position from the learner's seat (South): a bid, a discard, defending alone or a
card from the seat (the other hands hidden), or an open-hand puzzle (every card face up) with a goal
over several moves. The card is the button; a bid is a button. A right answer says why in Euchre
words; a wrong one asks to try again, once, and an open-hand move is shown the defence that beats
it; the figures are one click away. The rating change shows as soon as the result is known (the
first wrong try, or the last right move): both the learner's and the puzzle's ratings move
(``practice.puzzles``, Glicko-2). Themes are chosen or mixed; streak mode serves harder puzzles as
long as the learner solves them, and one wrong ends it. The page's link names the puzzle on the
table (``?puzzle=ID``): the share link. ``?theme=KEY`` (the dashboard's links) practises a theme;
``?show=progress`` opens the dashboard.
The learner's own mistakes (the mistake deck's entries due) come back between the rated puzzles.

Whose puzzles: ``ui.seat_retry.who_is_here`` (the name typed on Learn, else this browser's id).
The bank is ``practice.puzzles.bank_path()`` (``EUCHRE_COACH_PUZZLES`` names another file).
Session state holds the learner's records as read (``LEARNER``), the puzzles' ratings
(``RATINGS``) and the puzzle on the table (``CURRENT``: its tries; the attempt once recorded).
"""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import UTC, datetime

import streamlit as st

from engine.core.hand import Phase
from engine.puzzles.bank import THEMES, Puzzle
from practice import puzzles
from practice.deck import answer, deck_for
from practice.puzzle_play import Move, Progress, PuzzleError, Step, Verdict, line_text, line_tricks, progress
from practice.puzzles import Bank, DeckPuzzle, Learner, OnTable, deck_puzzles, load_bank
from practice.ratings import LEARNER_START, Rating, attempt
from practice.records import Attempt, Entry, StoreError, save_status
from practice.table_text import choice_text
from ui.echo import plain
from ui.learn_profile import remember_browser
from ui.seat_retry import where, who_is_here
from ui.table import table_style
from views.puzzles.board import board, choices, figures, take_click
from views.puzzles.dashboard import dashboard

LEARNER = "pz_learner"
RATINGS = "pz_ratings"
CURRENT = "pz_current"
SERIAL = "pz_serial"
THEME_PICK = "pz_themes"
STREAK_MODE = "pz_streak_mode"
STREAK = "pz_streak"
STREAK_ENDED = "pz_streak_ended"
VIEW = "pz_view"
LAST_DECK = "pz_last_deck"
STORE_NOTE = "pz_store_note"
DECK_DUE = "pz_deck_due"  # (learner, when read, the deck's entries due)
DECK_READ_S = 120.0
DECK_AHEAD = 5  # due entries read and set as puzzles ahead
BROKEN = "pz_broken"  # ids of puzzles that could not be set at the table this session
VIEWS = ("Puzzle", "Your progress")
PAGE = "puzzles"
ASK = {
    Phase.BID1: "Order up or pass?",
    Phase.BID2: "Name trump or pass?",
    Phase.DISCARD: "Which card do you discard?",
    Phase.DEFEND: "Defend alone?",
    Phase.PLAY: "Which card do you play?",
}


# ---- the learner and the puzzles' ratings ---------------------------------------------------------


def _learner(who: str) -> Learner:
    known = st.session_state.get(LEARNER)
    if isinstance(known, Learner) and known.key == who:
        return known
    try:
        read = puzzles.learner_of(who)
        ratings, _ = puzzles.ratings_now()
        st.session_state.pop(STORE_NOTE, None)
    except StoreError as err:
        read, ratings = Learner(who, LEARNER_START, (), 0), {}
        st.session_state[STORE_NOTE] = f"Your puzzles cannot be saved: {err}"
    st.session_state[LEARNER] = read
    st.session_state[RATINGS] = ratings
    st.session_state.pop(CURRENT, None)
    return read


def _ratings() -> dict[str, Rating]:
    value = st.session_state.get(RATINGS)
    return value if isinstance(value, dict) else {}


def _chosen(bank: Bank) -> frozenset[str] | None:
    picked = st.session_state.get(THEME_PICK) or []
    themes = frozenset(t for t in picked if t in bank.themes)
    return themes or None


# ---- serving ---------------------------------------------------------------------------------------


def _serial() -> int:
    n = int(st.session_state.get(SERIAL, 0)) + 1
    st.session_state[SERIAL] = n
    return n


def _due(who: str) -> tuple[Entry, ...]:
    """The learner's deck entries due, read at most every ``DECK_READ_S`` seconds (the deck changes
    on the Practice and Review pages, and here only by a deck puzzle's answer, which reads it again)."""
    kept = st.session_state.get(DECK_DUE)
    now = time.monotonic()
    if isinstance(kept, tuple) and len(kept) == 3 and kept[0] == who and now - kept[1] < DECK_READ_S:
        return tuple(kept[2])
    try:
        due = deck_for(who, due=DECK_AHEAD, upcoming=0).due
    except StoreError:
        due = ()
    st.session_state[DECK_DUE] = (who, now, due)
    return due


def _deck_next(who: str) -> DeckPuzzle | None:
    """A mistake of the learner's deck due today and set as a puzzle, every other puzzle."""
    if st.session_state.get(LAST_DECK):
        return None
    due = _due(who)
    ready = deck_puzzles.ready(due) if due else ()
    return ready[0] if ready else None


def _serve(bank: Bank, learner: Learner, shared: str | None = None) -> OnTable | None:
    streak = int(st.session_state.get(STREAK, 0)) if st.session_state.get(STREAK_MODE) else None
    if shared is not None and shared in bank.by_id:
        chosen: Puzzle | None = bank.by_id[shared]
        deck = None
    else:
        deck = _deck_next(learner.key) if streak is None and _chosen(bank) is None else None
        chosen = deck.puzzle if deck is not None else None
        if chosen is None:
            broken = st.session_state.get(BROKEN) or set()
            chosen = puzzles.choose(
                [p for p in bank.puzzles if p.id not in broken] if broken else bank.puzzles,
                _ratings(),
                learner.rating,
                learner.history,
                seed=learner.key,
                themes=_chosen(bank),
                streak=streak,
            )
    st.session_state[LAST_DECK] = deck is not None
    if chosen is None:
        return None
    current = OnTable(chosen, _serial(), deck, streak=streak)
    st.session_state[CURRENT] = current
    return current


def _next() -> None:
    """The "Next puzzle" button: the puzzle leaves the table and the link no longer names it."""
    st.session_state.pop(CURRENT, None)
    st.session_state.pop(STREAK_ENDED, None)
    if "puzzle" in st.query_params:
        del st.query_params["puzzle"]


def _streak_toggled() -> None:
    st.session_state[STREAK] = 0
    _next()


def _try(text: str) -> None:
    current = st.session_state.get(CURRENT)
    if isinstance(current, OnTable):
        st.session_state[CURRENT] = replace(current, tries=(*current.tries, text))


def _give_up() -> None:
    current = st.session_state.get(CURRENT)
    if isinstance(current, OnTable):
        st.session_state[CURRENT] = replace(current, gave_up=True)


# ---- recording ------------------------------------------------------------------------------------


def _record(current: OnTable, done: Progress, learner: Learner) -> OnTable:
    """Record the result once it is known: a rated attempt (both ratings move), or the deck's answer."""
    solved = done.result
    if solved is None or current.attempt is not None or current.note:
        return current
    if current.streak is not None:
        if solved:
            st.session_state[STREAK] = current.streak + 1
        else:
            st.session_state[STREAK_ENDED] = current.streak
            st.session_state[STREAK] = 0
    if current.deck is not None:
        try:
            said = answer(current.deck.entry, solved)
            note = said.text(datetime.now(UTC))
        except StoreError as err:
            note = f"Your answer could not be saved: {err}"
        st.session_state.pop(DECK_DUE, None)  # read again: this entry has moved on
        return replace(current, note=note)
    ratings = _ratings()
    its = puzzles.current(current.puzzle, ratings)
    try:
        recorded = puzzles.record(learner, current.puzzle, done, its, current.streak, wait=False)
    except StoreError as err:
        return replace(current, note=f"This attempt could not be saved: {err}")
    # this session's copies move as the stored ones did (read again at the next visit)
    mine, ratings[current.puzzle.id] = attempt(learner.rating, its, solved)
    mine = Rating(recorded.learner_after[0], recorded.learner_after[1], mine.vol)  # as stored
    st.session_state[LEARNER] = replace(learner, rating=mine, attempts=(*learner.attempts, recorded))
    return replace(current, attempt=recorded)


# ---- drawing ---------------------------------------------------------------------------------------


def _header(bank: Bank) -> str:
    with st.container(horizontal=True, vertical_alignment="center", gap="small", key="pz_top"):
        view = st.segmented_control("Show", VIEWS, key=VIEW, label_visibility="collapsed") or VIEWS[0]
        with st.popover("Themes", icon=":material/tune:"):
            st.pills(
                "Themes (none chosen: mixed)",
                bank.themes,
                selection_mode="multi",
                format_func=lambda t: THEMES.get(t, t),
                key=THEME_PICK,
                on_change=_next,
            )
        st.toggle(
            "Streak",
            key=STREAK_MODE,
            on_change=_streak_toggled,
            help="Harder puzzles while you solve them; one wrong ends it.",
        )
    return view


def _status(bank: Bank, learner: Learner) -> None:
    chosen = _chosen(bank)
    themes = "mixed" if chosen is None else ", ".join(THEMES.get(t, t) for t in sorted(chosen))
    streak = f" · streak **{st.session_state.get(STREAK, 0)}**" if st.session_state.get(STREAK_MODE) else ""
    unsure = " (provisional)" if learner.rating.provisional else ""
    st.markdown(f"Rating **{learner.rating.shown()}**{unsure} · themes: {themes}{streak}")


def _goal(current: OnTable, at: Progress) -> str:
    p = current.puzzle
    state = at.now
    if p.kind == "open":
        move = min(at.moves_done + 1, p.moves)
        return (
            f"**Goal: {p.problem.goal}** against any defence, every card face up · "
            f"your move {move} of {p.moves} ({where(state)})"
        )
    ask = ASK.get(state.phase, "Your choice?")
    deal = ", you deal" if state.dealer == 0 else ""
    mine = " · from your mistakes" if current.deck is not None else ""
    return f"**{ask}** {where(state)}{deal}, the other hands hidden{mine}"


def _change(a: Attempt) -> str:
    return f"Rating {a.learner_before[0]:,.0f} → **{a.learner_after[0]:,.0f}** ({a.change:+.0f})"


def _verdict(current: OnTable, at: Progress) -> None:
    last = at.last
    change = f" {_change(current.attempt)}." if current.attempt is not None else ""
    note = f" {current.note}" if current.note else ""
    if at.verdict is Verdict.TRY_AGAIN and last is not None:
        line = f"**Not quite: {choice_text(last.move.before, last.choice)}.** "
        if last.refuted:
            after = last.move.before.apply(last.choice)
            tricks = line_tricks(after, last.refuted)
            line += (
                f"The defence that beats it: {line_text(after, last.refuted)} — your side takes {tricks} "
                f"trick{'s' if tricks != 1 else ''}. "
            )
        st.warning(line + "Try again (once), or show the answer." + change + note, icon=":material/replay:")
    elif at.verdict is Verdict.GOING and last is not None:
        st.info(
            f"**Right: {choice_text(last.move.before, last.choice)}.** {_answers(last)}Your move again.{change}"
        )
    elif at.verdict is Verdict.ASKING and last is not None:
        st.success(
            f"**Right: {choice_text(last.move.before, last.choice)}.** {_answers(last)}Your move again."
        )
    elif at.verdict in (Verdict.SOLVED, Verdict.DONE) and last is not None:
        again = "" if at.verdict is Verdict.SOLVED else " (at the second try: not counted as solved)"
        st.success(
            f"**Right: {choice_text(last.move.before, last.choice)}**{again}. {last.move.reason}{change}{note}",
            icon=":material/check:",
        )
    elif at.verdict is Verdict.SHOWN and at.shown is not None:
        best = at.shown.right[0]
        st.info(
            f"**The answer: {choice_text(at.shown.before, best)}.** {at.shown.reason}{change}{note}",
            icon=":material/lightbulb:",
        )
    ended = st.session_state.get(STREAK_ENDED)
    if isinstance(ended, int):
        st.markdown(f"**Streak over:** {ended} solved in a row.")


def _answers(step: Step) -> str:
    """The other seats' answers to a right open-hand move, in a few words."""
    if not step.answers:
        return ""
    return f"Then: {line_text(step.move.before.apply(step.choice), step.answers)}. "


def _judged(at: Progress) -> Move | None:
    """The move whose figures the page may show: the one answered last, once it is not to be tried again."""
    if at.shown is not None:
        return at.shown
    if at.verdict is Verdict.TRY_AGAIN or not at.steps:
        return None
    return at.steps[-1].move


def _share(puzzle: Puzzle) -> None:
    try:
        url = st.context.url or ""
    except Exception:  # no browser context
        url = ""
    base = url.split("?")[0].split("#")[0].rsplit("/", 1)[0] + "/" if url.startswith("http") else ""
    with st.popover("Share", icon=":material/share:"):
        st.markdown("The link opens this puzzle:")
        st.code(f"{base}{PAGE}?puzzle={puzzle.id}", language=None, wrap_lines=True)


def _table(current: OnTable, learner: Learner) -> None:
    key = f"pz{current.serial}"  # the same widgets through the puzzle's tries: the browser keeps them
    try:
        at = progress(current.puzzle, current.tries, current.gave_up)
        tapped = take_click(at.now, key) if at.move is not None else None
        if tapped is not None:
            current = replace(current, tries=(*current.tries, tapped))
            at = progress(current.puzzle, current.tries, current.gave_up)
    except PuzzleError as err:
        st.session_state.setdefault(BROKEN, set()).add(current.puzzle.id)  # not served again
        st.warning(plain(f"This puzzle cannot be set: {err}"))
        st.button("Next puzzle", key="pz_skip", on_click=_next, type="primary")
        return
    current = _record(current, at, learner)
    st.session_state[CURRENT] = current
    st.markdown(_goal(current, at))
    board(at, "Open hands" if at.table.open else "Your seat")
    _verdict(current, at)
    choices(at.now, key, _try if at.move is not None else None)
    with st.container(horizontal=True, vertical_alignment="center", gap="small", key="pz_actions"):
        if not at.over:
            st.button("Show the answer", key=f"pz_show_{current.serial}", on_click=_give_up)
        else:
            st.button(
                "Next puzzle", key="pz_next", on_click=_next, type="primary", icon=":material/arrow_forward:"
            )
        if current.deck is None:
            _share(current.puzzle)
    judged = _judged(at)
    if judged is not None:
        with st.expander("The figures"):
            figures(judged)


def _links(bank: Bank) -> None:
    """The dashboard's links (``?theme=KEY``: practise a theme) and ``?show=progress``, taken once."""
    theme = st.query_params.get("theme")
    if theme is not None:
        if theme in bank.themes:
            st.session_state[THEME_PICK] = [theme]
            st.session_state[VIEW] = VIEWS[0]
            _next()
        del st.query_params["theme"]
    if st.query_params.get("show") == "progress":
        st.session_state[VIEW] = VIEWS[1]
        del st.query_params["show"]


def _puzzle(bank: Bank, learner: Learner) -> None:
    """The puzzle on the table: the one the link names (a share link), else the one being answered,
    else the next one."""
    shared = st.query_params.get("puzzle")
    current = st.session_state.get(CURRENT)
    if shared is not None and (not isinstance(current, OnTable) or current.puzzle.id != shared):
        if shared in bank.by_id:
            current = _serve(bank, learner, shared)
        else:
            st.warning(plain("That puzzle is not in this server's puzzle bank: here is another one."))
            del st.query_params["puzzle"]
            current = None
    if not isinstance(current, OnTable):
        current = _serve(bank, learner)
    if current is None:
        st.info("No puzzle has the themes chosen: choose others, or none for mixed themes.")
        return
    if current.deck is not None:
        st.query_params.pop("puzzle", None)  # a mistake of the learner's own has no share link
    elif st.query_params.get("puzzle") != current.puzzle.id:
        st.query_params["puzzle"] = current.puzzle.id
    _table(current, learner)


# On a phone the page starts nearer the top (as the Practice page does), so the table, the learner's
# cards and the choices fit a 390 x 844 screen.
PAGE_STYLE = "<style>.stMainBlockContainer { padding-top: 3.6rem; }</style>"


@st.fragment
def _puzzle_view() -> None:
    """The puzzle and everything a click at it changes. A fragment: a click here (a card, a bid,
    "Next puzzle") reruns only this part, not the sidebar and the settings."""
    started = time.perf_counter()
    bank = load_bank()
    learner = _learner(who_is_here())
    _status(bank, learner)
    failed = save_status().failed
    if failed:
        st.warning(plain(f"Some of your puzzles could not be saved: {failed[-1]}"))
    _puzzle(bank, learner)
    st.html(
        f'<div data-testid="puzzles-render-ms" data-ms="{(time.perf_counter() - started) * 1000:.0f}"></div>'
    )


def main() -> None:
    st.html(PAGE_STYLE)
    table_style()
    bank = load_bank()
    _links(bank)
    learner = _learner(who_is_here())
    note = st.session_state.get(STORE_NOTE)
    if note:
        st.warning(plain(note))
    if not bank.puzzles:
        st.info("There are no puzzles yet: the puzzle bank has not been made on this server.")
    elif _header(bank) == VIEWS[1]:
        _status(bank, learner)
        dashboard(learner)
    else:
        _puzzle_view()
    if bank.damaged:
        st.caption(
            f"{bank.damaged} damaged puzzle{'s were' if bank.damaged != 1 else ' was'} left out of the bank."
        )
    remember_browser()


main()
