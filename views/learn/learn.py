"""The Learn page: the lesson list with progress, a lesson runner and its exercises.

The URL is the source of truth for where the learner is: ``learn?lesson=bowers&step=3``
(steps count from 1) and optional ``seed=`` (the first exercise question). Present mode is the
app's one switch (``ui.layout.projector()``: the sidebar's "Present mode", or ``present=1`` in
a link): each step on one screen (``present_runner``: the text beside its cards or exercise, a
long one shrunk to fit), a presenter's clicker (PageDown / Space / →, PageUp / ←) moves between
steps wherever the focus is (← and → do outside it too), and on an exercise its next first
reveals the answer, then moves on. Bad
parameters get a clear message and fall back. Lesson content and judging live in ``lessons/``;
progress is remembered per browser or per named learner (``ui.learn_profile``); a saved record
that cannot be read is reset with a note, and imports are summarised and paged
(``views.learn.progress``); exercises are drawn by ``views.learn.exercise``. This page only renders.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Literal

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from engine.core.cards import Card, Suit, parse_cards
from engine.core.errors import quoted
from engine.core.ranking import card_role, deck_in_rank_order, effective_suit
from engine.io.numbers import NumberError, parse_int, shown
from lessons.links import analyze_link
from lessons.loader import load_lessons
from lessons.model import Element, Lesson
from lessons.scorecards import layout
from practice.records import StoreError
from ui.call_chart import seat_chart
from ui.cards import show_cards
from ui.echo import plain
from ui.layout import FIT_KEY, card_width, fit_to_screen, present_top, projector
from ui.learn_profile import (
    learner,
    note_store_error,
    progress,
    remember_browser,
    set_progress,
    store_error,
    use_name,
)
from ui.rules_panel import rules_line
from ui.seat_retry import review_due_link
from ui.walkthrough_keys import Stepper, clicker_help, install_step_keys
from views.learn.exercise import exercise_step
from views.learn.progress import check_saved_browser, check_saved_name, import_view, reset_note

FLASH = "learn_flash"


def width() -> int:
    return card_width()


# ---- the URL --------------------------------------------------------------------


def go(lesson_id: str | None, step: int = 1) -> None:
    """Callback: move to a lesson step (1-based) or, with None, to the lesson list. Other
    parameters go (a ``seed`` belongs to one step), except ``present``: ui.layout keeps it."""
    present = st.query_params.get("present")
    st.query_params.clear()
    if lesson_id is not None:
        st.query_params["lesson"] = lesson_id
        st.query_params["step"] = str(step)
    if present is not None and projector():
        st.query_params["present"] = present


def read_location(lessons: tuple[Lesson, ...]) -> tuple[Lesson | None, int]:
    """The lesson and 0-based step the URL asks for; bad values are reported and replaced."""
    by_id = {lesson.id: lesson for lesson in lessons}
    wanted = st.query_params.get("lesson")
    if wanted is None:
        return None, 0
    if wanted not in by_id:
        st.warning(
            plain(
                f"There is no lesson called {quoted(wanted)}. The lessons are: {', '.join(by_id)}. "
                "Here is the list instead."
            )
        )
        return None, 0
    lesson = by_id[wanted]
    text = st.query_params.get("step", "1")
    n = len(lesson.steps)
    try:
        step = parse_int(text, "the step", 1, n)
    except NumberError:
        st.warning(
            plain(
                f"Step {shown(text)} is not a step of “{lesson.title}”: steps run 1 to {n}. Showing step 1."
            )
        )
        st.query_params["step"] = "1"
        return lesson, 0
    return lesson, step - 1


# ---- the lesson list ---------------------------------------------------------


def lesson_list(lessons: tuple[Lesson, ...]) -> None:
    st.title("Learn Euchre")
    st.write(
        f"{len(lessons)} short lessons for someone who has never played, from the deck to bidding and "
        "playing a hand. Exercises are endless: each question is dealt from a seed and judged by the rules engine."
    )
    review_due_link()  # the mistake deck's positions due today (the Review page)
    p = progress()
    for lesson in lessons:
        lp = p.lesson(lesson.id)
        n = len(lesson.steps)
        with st.container(border=True):
            left, right = st.columns([5, 1], vertical_alignment="center")
            with left:
                mark = " ✅" if lp.done else ""
                st.markdown(f"**{lesson.number}. {lesson.title}**{mark}  \n{lesson.summary}")
                seen = lp.furthest + 1 if (lp.done or lp.furthest) else 0
                st.progress(min(seen, n) / n, text=f"{min(seen, n)} of {n} steps")
            with right:
                label = "Review" if lp.done else ("Continue" if lp.furthest else "Start")
                start = 1 if lp.done else min(lp.furthest, n - 1) + 1  # an imported step may lie past the end
                st.button(
                    label, key=f"open-{lesson.id}", on_click=go, args=(lesson.id, start), type="primary"
                )
    progress_panel()


def progress_panel() -> None:
    name_now = learner()
    title = f"Progress: saved for {name_now}" if name_now else "Progress: saved in this browser"
    with st.expander(title + " · use a name, export or import"):
        if name_now:
            st.write(f"Progress is saved on this computer for **{name_now}**.")
        else:
            st.write(
                "Your progress is saved in this browser automatically: come back on the same browser and "
                "it is here. On a shared computer, enter your name to keep a record of your own."
            )
        name = st.text_input(
            "Learner name",
            key="learn-name-input",
            max_chars=40,
            help="1 to 40 characters. Anyone who types the same name on this computer shares the record.",
        )
        if name and " ".join(name.split()) != name_now:
            check_saved_name(name)  # a damaged record under that name is reset, with a note
            try:
                found = use_name(name)
            except StoreError as err:
                note_store_error(err)
            else:
                st.session_state[FLASH] = (
                    f"Welcome back, {learner()}: your saved progress is loaded."
                    if found
                    else f"Saving progress for {learner()}."
                )
                st.rerun()  # redraw the list above with the loaded progress
        if FLASH in st.session_state:
            st.success(st.session_state.pop(FLASH))
        st.download_button(
            "Export progress (JSON)",
            progress().to_json(),
            file_name="euchre-progress.json",
            mime="application/json",
            key="learn-export",
        )
        upload = st.file_uploader("Import progress (JSON)", type=["json"], key="learn-import")
        if upload is not None:
            import_view(upload, load_lessons())
    problem = store_error()
    if problem:
        st.warning(f"Progress is not being saved: {problem} The lessons still work.")


# ---- the runner ------------------------------------------------------------------


@contextmanager
def _top_bar(caption: str) -> Iterator[None]:
    """The row above a lesson step: back to the list of lessons, where you are, and what the
    caller draws in the row after them."""
    with st.container(horizontal=True, vertical_alignment="center", key="learn-top"):
        st.button(
            "All lessons",
            key="learn-list-top",
            on_click=go,
            args=(None,),
            type="tertiary",
            icon=":material/arrow_back:",
            help="Back to the list of lessons (your progress is kept).",
        )
        st.caption(caption)
        yield


def runner(lesson: Lesson, index: int) -> None:
    n = len(lesson.steps)
    step = lesson.steps[index]
    set_progress(progress().seen(lesson.id, index, n))
    if projector():
        present_runner(lesson, index)
        return
    with _top_bar(f"Lesson {lesson.number} of {len(load_lessons())} · {lesson.title}"):
        pass
    st.progress((index + 1) / n, text=f"Step {index + 1} of {n}")
    st.header(step.title)
    st.markdown(step.text)
    if step.element is not None:
        render_element(lesson, index, step.element)
    navigation(lesson, index)


def navigation(lesson: Lesson, index: int) -> None:
    with st.container(horizontal=True, key="learn-nav"):
        nav_buttons(lesson, index, "stretch", list_first=True)
    # The keys step wherever the focus is (ui.walkthrough_keys): ← and → (a learner's PageDown
    # and Space keep scrolling the page; present mode gives a clicker those too, present_runner).
    install_step_keys(stepper(lesson, index), clicker=False)
    st.caption(f"Link to this step: learn?lesson={lesson.id}&step={index + 1}")


def nav_buttons(lesson: Lesson, index: int, width: Literal["stretch", "content"], list_first: bool) -> None:
    """Back (or, on the first step with ``list_first``, All lessons) and Next (Next lesson, Finish);
    with ``width`` "content" (present mode's top row) the next lesson's title is the button's tip."""
    n = len(lesson.steps)
    if index > 0:
        st.button(
            "Back", key="learn-back", on_click=go, args=(lesson.id, index), shortcut="Left", width=width
        )
    elif list_first:
        st.button(
            "All lessons",
            key="learn-list",
            on_click=go,
            args=(None,),
            icon=":material/arrow_back:",
            width=width,
        )
    if index + 1 < n:
        st.button(
            "Next",
            key="learn-next",
            on_click=go,
            args=(lesson.id, index + 2),
            type="primary",
            shortcut="Right",
            width=width,
        )
        return
    following = next((x for x in load_lessons() if x.number == lesson.number + 1), None)
    if following is not None:
        short = width == "content"
        st.button(
            "Next lesson" if short else f"Next lesson: {following.title} →",
            key="learn-next-lesson",
            on_click=go,
            args=(following.id, 1),
            type="primary",
            shortcut="Right",
            width=width,
            help=f"Lesson {following.number}: {following.title}" if short else None,
        )
    else:
        st.button("Finish ✓", key="learn-finish", on_click=go, args=(None,), type="primary", width=width)


def stepper(lesson: Lesson, index: int, reveal: str | None = None) -> Stepper:
    """The buttons the step keys click: forward the reveal button first (``reveal``, present mode's
    hidden answer), else Next or Next lesson; back Back."""
    forward = reveal or ("learn-next" if index + 1 < len(lesson.steps) else "learn-next-lesson")
    return Stepper(next=forward, back="learn-back" if index > 0 else None)


# ---- present mode ------------------------------------------------------------------

# Present mode's step on one 1920x1080 screen: one top row (All lessons, where the class is, Back
# and Next), a thin progress bar, the step's title, then its text beside its element (the cards,
# the exercise and its answer), each column in a fit container, which ui.layout.fit_to_screen
# shrinks when a long step would still scroll. Smaller gaps and a smaller title than a reading
# page's. The rules line moves from the top (app.py) to the foot, beside the clicker's keys; the
# step's link is the page's address (with present=1).
PRESENT_LEARN_STYLE = """<style>
[data-testid="stLayoutWrapper"]:is(:has(> .st-key-ec_rules_summary), :has(> .st-key-learn_cookie)) {
  display: none; }
.st-key-learn-present { gap: 0.6rem; }
.st-key-learn-present h2 { font-size: 1.6rem; padding: 0.2rem 0 0; }
.st-key-learn-present h3 { font-size: 1.1rem; padding: 0.2rem 0 0; }
.st-key-learn-present [data-testid="stVerticalBlock"] { gap: 0.6rem; }
.st-key-learn-top { gap: 0.8rem; padding-left: 2rem; }
.st-key-learn-top [data-testid="stCaptionContainer"] { flex: 1 1 auto; }
.st-key-learn-top button { min-height: 2rem; padding-top: 0.15rem; padding-bottom: 0.15rem; }
.st-key-learn-foot { gap: 1.5rem; }
.st-key-learn-foot [data-testid="stElementContainer"] { width: auto !important; flex: 0 1 auto !important; }
.st-key-learn-foot [data-testid="stCaptionContainer"] { font-size: 0.7rem; }
.st-key-learn-present [data-testid="stMarkdownContainer"] table { font-size: 0.875rem; }
</style>"""

# The share of the width the step's text takes beside its element: more for a longer text (an
# exercise's question joins it), between bounds per element (a heatmap needs about 950 px at 1920,
# a hand of five cards of 140 px about 770, six about 920; cards wrap into rows in a narrower column).
TEXT_SHARE = {
    "cards": (0.45, 0.7),
    "analyze": (0.45, 0.7),
    "exercise": (0.42, 0.55),
    "ranking": (0.4, 0.5),
    "scorecards": (0.5, 0.7),
    "chart": (0.42, 0.42),
}


def text_share(text: str, element: Element) -> float:
    """The text's share of the width, from its length in characters: 0.3 + length / 2,500."""
    low, high = TEXT_SHARE.get(element.kind, (0.45, 0.7))
    chars = len(text) + (200 if element.kind == "exercise" else 0)
    return min(high, max(low, 0.3 + chars / 2500))


# CSS px: the lesson's heatmap in present mode, beside the text and outside the fit containers
# (Plotly measures its box: a zoomed one would be zoomed twice), so it fits 1080 as it is drawn
PRESENT_CHART_HEIGHT = 500


def present_runner(lesson: Lesson, index: int) -> None:
    """A lesson step on the projector: it fits one screen (see ``PRESENT_LEARN_STYLE``), and the
    clicker's next first reveals an exercise's answer, then moves on."""
    n = len(lesson.steps)
    step = lesson.steps[index]
    present_top()
    st.html(PRESENT_LEARN_STYLE)
    reveal = None
    with st.container(key="learn-present"):
        with _top_bar(
            f"Lesson {lesson.number} of {len(load_lessons())} · {lesson.title} · Step {index + 1} of {n}"
        ):
            nav_buttons(lesson, index, "content", list_first=False)
        st.progress((index + 1) / n)
        st.header(step.title)
        if step.element is None:
            with st.container(key=FIT_KEY + "text"):
                st.markdown(step.text)
        else:
            share = text_share(step.text, step.element)
            left, right = st.columns([share, 1 - share], gap="large")
            text = left.container(key=FIT_KEY + "text")
            with text:
                st.markdown(step.text)
            # each column is fitted on its own (a long text shrinks, the cards beside it keep their size)
            with right.container(key=None if step.element.kind == "chart" else FIT_KEY + "element"):
                reveal = render_element(lesson, index, step.element, text)
        # the keys and the rules in force; the step's link is the address (present=1 in it)
        with st.container(horizontal=True, key="learn-foot"):
            clicker_help(reveal=step.element is not None and step.element.kind == "exercise")
            st.caption(rules_line())
    install_step_keys(stepper(lesson, index, reveal))
    fit_to_screen()


# ---- elements --------------------------------------------------------------------


def render_element(
    lesson: Lesson, index: int, element: Element, words: DeltaGenerator | None = None
) -> str | None:
    """Draw a step's element (in present mode an exercise's question goes in ``words``, the
    column of the step's text); returns the key of a button the clicker's next clicks first (an
    exercise's "Reveal the answer" in present mode), else None."""
    if element.kind == "cards":
        trump_text = element.option("trump")
        trump = Suit.parse(trump_text) if trump_text else None
        cards = parse_cards(" ".join(element.args))
        labels = [card_role(c, trump) or None for c in cards] if trump else None
        show_cards(cards, trump=trump, width=width(), labels=labels)
    elif element.kind == "ranking":
        ranking(Suit.parse(element.args[0]), element.option("joker") == "yes")
    elif element.kind == "analyze":
        link = analyze_link(dict(element.options))
        show_cards(link.hand, width=width())
        where = {
            "first": "first to speak",
            "second": "second to speak",
            "third": "third to speak",
            "dealer": "the dealer",
        }[link.seat]
        round_text = " in round 2" if link.round == 2 else ""
        st.markdown(f"Upcard **{link.upcard.short}**, you are {where}{round_text}.")
        st.markdown(f"[Open this hand in the analyzer →]({link.url})")
    elif element.kind == "scorecards":
        scorecards()
    elif element.kind == "chart":
        seat_chart(
            f"learn_chart_{lesson.id}_{index}",
            element.option("upcard", "Q"),
            height=PRESENT_CHART_HEIGHT if projector() else None,
            notes=words,
        )
    elif element.kind == "exercise":
        return exercise_step(f"{lesson.id}:{index}", element, words)
    return None


def ranking(trump: Suit, joker: bool) -> None:
    cards = deck_in_rank_order(trump, deck=24, joker=joker)
    groups: dict[Suit, list[Card]] = {}
    for card in cards:
        groups.setdefault(effective_suit(card, trump), []).append(card)
    for suit, members in groups.items():
        title = f"{suit.noun.capitalize()} {suit.symbol}" + (" — trump" if suit == trump else "")
        st.markdown(f"**{title}** ({len(members)} cards)")
        show_cards(
            members,
            trump=trump,
            width=min(width(), 80),
            labels=[card_role(c, trump).replace("trump", "") or None for c in members],
        )


def scorecards() -> None:
    points = st.slider("Points", 0, 10, 6, key="learn-score-slider")
    cards = layout(points)
    st.html(score_svg(cards.six_face_up, cards.six_pips, cards.four_face_up, cards.four_pips, width()))
    st.markdown(f"**{points}**: {cards.description}.")


def score_svg(six_up: bool, six_pips: int, four_up: bool, four_pips: int, w: int) -> str:
    """The 4 and the 6 drawn as simple HTML cards: showing pips are red dots, covered pips grey rings."""

    def card(total: int, up: bool, showing: int, name: str) -> str:
        h = int(w * 1.4)
        style = (
            f"width:{w}px;height:{h}px;border:2px solid #333;border-radius:8px;display:flex;"
            f"flex-direction:column;align-items:center;justify-content:space-around;"
            f"font-size:{max(14, w // 5)}px;background:{'#fff' if up else '#2b4c7e'}"
        )
        if not up:
            return f'<div style="{style};color:#fff" aria-label="the {name}, face down">{name}<br>face down</div>'
        dots = "".join(
            f'<span style="color:{"#c8102e" if i < showing else "#bbb"}">{"●" if i < showing else "○"}</span>'
            for i in range(total)
        )
        return (
            f'<div style="{style}" aria-label="the {name}, {showing} pips showing">'
            f'<b>{name}</b><div style="display:flex;flex-wrap:wrap;justify-content:center;gap:4px;'
            f'max-width:{w - 16}px">{dots}</div></div>'
        )

    return (
        f'<div class="ec-scorecards" style="display:flex;gap:20px;padding:8px 0">'
        f"{card(4, four_up, four_pips, '4')}{card(6, six_up, six_pips, '6')}</div>"
    )


# ---- page ------------------------------------------------------------------------


def main() -> None:
    check_saved_browser()  # before anything loads this browser's record: a damaged one is reset
    reset_note()
    lessons = load_lessons()
    lesson, index = read_location(lessons)
    if lesson is None:
        lesson_list(lessons)
    else:
        runner(lesson, index)
        problem = store_error()
        if problem:
            st.caption(f"Progress is not being saved: {problem}")
    remember_browser()


main()
