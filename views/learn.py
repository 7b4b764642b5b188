"""The Learn page: the lesson list with progress, a lesson runner, exercises, present mode.

The URL is the source of truth for where the learner is: ``learn?lesson=bowers&step=3``
(steps count from 1), optional ``seed=`` (the first exercise question) and ``present=1``
(large text and cards, keyboard control, answers revealed on demand). Bad parameters
get a clear message and fall back. Lesson content and judging live in ``lessons/``;
this page only renders and remembers (session state holds seeds and engine values).
"""

from __future__ import annotations

import random

import streamlit as st

from engine.cards import Card, Suit, parse_cards
from engine.numbers import NumberError, parse_int, shown
from engine.ranking import card_role, deck_in_rank_order, effective_suit
from engine.seats import seat_name
from lessons.exercise_model import Answer, Exercise, Feedback, Mode, Solution
from lessons.exercises import DRILLS, check, generate, solve
from lessons.links import analyze_link
from lessons.loader import load_lessons
from lessons.model import Element, Lesson
from lessons.progress import Progress, ProgressError
from lessons.scorecards import layout
from store.db import StoreError
from store.progress import load, open_store, save
from ui.cards import card_buttons, show_cards
from ui.engine_ready import wait_until_ready
from ui.layout import card_width

PROGRESS = "learn_progress"
LEARNER = "learn_learner"
SEEDS = "learn_seeds"  # step key -> current exercise seed
PICKS = "learn_picks"  # step key -> cards chosen so far (selection or order)
FEEDBACK = "learn_feedback"  # step key -> the last Feedback
REVEAL = "learn_reveal"  # step key -> True once the answer is revealed (present mode)
STORE_ERROR = "learn_store_error"
FLASH = "learn_flash"
SEED_MAX = 999_999_999  # a question number in a link: up to 9 digits


def state_dict(name: str) -> dict[str, object]:
    if name not in st.session_state:
        st.session_state[name] = {}
    value: dict[str, object] = st.session_state[name]
    return value


def progress() -> Progress:
    if PROGRESS not in st.session_state:
        st.session_state[PROGRESS] = Progress()
    value: Progress = st.session_state[PROGRESS]
    return value


def set_progress(new: Progress) -> None:
    if new == progress():
        return
    st.session_state[PROGRESS] = new
    learner = st.session_state.get(LEARNER)
    if learner:
        try:
            save(open_store(), learner, new)
            st.session_state.pop(STORE_ERROR, None)
        except StoreError as err:
            st.session_state[STORE_ERROR] = str(err)


# ---- the URL --------------------------------------------------------------------


def go(lesson_id: str | None, step: int = 1) -> None:
    """Callback: move to a lesson step (1-based) or, with None, to the lesson list."""
    present = st.query_params.get("present")
    st.query_params.clear()
    if lesson_id is not None:
        st.query_params["lesson"] = lesson_id
        st.query_params["step"] = str(step)
    if present == "1":
        st.query_params["present"] = "1"


def set_present(on: bool) -> None:
    if on:
        st.query_params["present"] = "1"
    elif "present" in st.query_params:
        del st.query_params["present"]


def read_location(lessons: tuple[Lesson, ...]) -> tuple[Lesson | None, int]:
    """The lesson and 0-based step the URL asks for; bad values are reported and replaced."""
    by_id = {lesson.id: lesson for lesson in lessons}
    wanted = st.query_params.get("lesson")
    if wanted is None:
        return None, 0
    if wanted not in by_id:
        st.warning(
            f"There is no lesson called {wanted!r}. The lessons are: {', '.join(by_id)}. "
            "Here is the list instead."
        )
        return None, 0
    lesson = by_id[wanted]
    text = st.query_params.get("step", "1")
    n = len(lesson.steps)
    try:
        step = parse_int(text, "the step", 1, n)
    except NumberError:
        st.warning(f"Step {shown(text)} is not a step of “{lesson.title}”: steps run 1 to {n}. Showing step 1.")
        st.query_params["step"] = "1"
        return lesson, 0
    return lesson, step - 1


def url_seed() -> int | None:
    text = st.query_params.get("seed")
    if text is None:
        return None
    try:
        return parse_int(text, "seed", 0, SEED_MAX)
    except NumberError:
        st.warning(f"seed={shown(text)} is not a whole number up to 9 digits; using a fresh question.")
        return None


# ---- the lesson list ---------------------------------------------------------


def lesson_list(lessons: tuple[Lesson, ...]) -> None:
    st.title("Learn Euchre")
    st.write(
        f"{len(lessons)} short lessons for someone who has never played, from the deck to bidding and "
        "playing a hand. Exercises are endless: each question is dealt from a seed and judged by the rules engine."
    )
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
                start = 1 if lp.done else lp.furthest + 1
                st.button(label, key=f"open-{lesson.id}", on_click=go, args=(lesson.id, start), type="primary")
    progress_panel()


def progress_panel() -> None:
    with st.expander("Save, export or import your progress"):
        st.write("Progress is kept for this session. Enter a name to save it on this computer as well.")
        name = st.text_input("Learner name", key="learn-name-input", max_chars=40)
        if name and name.strip() != st.session_state.get(LEARNER):
            try:
                saved = load(open_store(), name)
                st.session_state[LEARNER] = " ".join(name.split())
                if saved is not None:
                    st.session_state[PROGRESS] = progress().merged(saved)
                    st.session_state[FLASH] = f"Welcome back, {st.session_state[LEARNER]}: your saved progress is loaded."
                    st.rerun()  # redraw the list above with the loaded progress
                save(open_store(), name, progress())
                st.success(f"Saving progress for {st.session_state[LEARNER]}.")
                st.session_state.pop(STORE_ERROR, None)
            except StoreError as err:
                st.session_state[STORE_ERROR] = str(err)
        if FLASH in st.session_state:
            st.success(st.session_state.pop(FLASH))
        st.download_button(
            "Export progress (JSON)", progress().to_json(), file_name="euchre-progress.json",
            mime="application/json", key="learn-export",
        )
        upload = st.file_uploader("Import progress (JSON)", type=["json"], key="learn-import")
        if upload is not None:
            try:
                imported = Progress.from_json(upload.getvalue())
            except ProgressError as err:
                st.error(f"Could not import that file: {err}")
            else:
                set_progress(progress().merged(imported))
                st.success("Progress imported (merged with what you had).")
    if STORE_ERROR in st.session_state:
        st.warning(f"Progress is not being saved: {st.session_state[STORE_ERROR]} The lessons still work.")


# ---- the runner ------------------------------------------------------------------


def present_mode() -> bool:
    return st.query_params.get("present") == "1"


def width() -> int:
    return 150 if present_mode() else card_width()


def runner(lesson: Lesson, index: int) -> None:
    n = len(lesson.steps)
    step = lesson.steps[index]
    set_progress(progress().seen(lesson.id, index, n))
    if present_mode():
        st.html(
            "<style>.stMainBlockContainer p, .stMainBlockContainer li {font-size:1.8rem !important;"
            "line-height:1.45} .stMainBlockContainer h2 {font-size:2.6rem !important}"
            " .stMainBlockContainer button p {font-size:1.5rem !important}"
            " .stMainBlockContainer button {min-height:3.2rem}</style>"
        )
    top_left, top_right = st.columns([4, 2], vertical_alignment="center")
    with top_left:
        st.caption(f"Lesson {lesson.number} of {len(load_lessons())} · {lesson.title}")
    with top_right:
        st.toggle("Present mode", value=present_mode(), key="learn-present",
                  on_change=lambda: set_present(bool(st.session_state["learn-present"])),
                  help="Large text and cards for a projector; ← and → keys move between steps.")
    st.progress((index + 1) / n, text=f"Step {index + 1} of {n}")
    st.header(step.title)
    st.markdown(step.text)
    if step.element is not None:
        render_element(lesson, index, step.element)
    navigation(lesson, index)


def navigation(lesson: Lesson, index: int) -> None:
    n = len(lesson.steps)
    back, middle, nxt = st.columns([1, 2, 1])
    with back:
        if index > 0:
            st.button("Back", key="learn-back", on_click=go, args=(lesson.id, index), shortcut="Left",
                      use_container_width=True)
        else:
            st.button("← All lessons", key="learn-list", on_click=go, args=(None,), use_container_width=True)
    with middle:
        st.caption(f"Link to this step: learn?lesson={lesson.id}&step={index + 1}")
    with nxt:
        if index + 1 < n:
            st.button("Next", key="learn-next", on_click=go, args=(lesson.id, index + 2), type="primary",
                      shortcut="Right", use_container_width=True)
        else:
            lessons = load_lessons()
            following = next((x for x in lessons if x.number == lesson.number + 1), None)
            if following is not None:
                st.button(f"Next lesson: {following.title} →", key="learn-next-lesson", on_click=go,
                          args=(following.id, 1), type="primary", shortcut="Right", use_container_width=True)
            else:
                st.button("Finish ✓", key="learn-finish", on_click=go, args=(None,), type="primary",
                          use_container_width=True)


# ---- elements --------------------------------------------------------------------


def render_element(lesson: Lesson, index: int, element: Element) -> None:
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
        where = {"first": "first to speak", "second": "second to speak", "third": "third to speak",
                 "dealer": "the dealer"}[link.seat]
        round_text = " in round 2" if link.round == 2 else ""
        st.markdown(f"Upcard **{link.upcard.short}**, you are {where}{round_text}.")
        st.markdown(f"[Open this hand in the analyzer →]({link.url})")
    elif element.kind == "scorecards":
        scorecards()
    elif element.kind == "exercise":
        exercise_step(f"{lesson.id}:{index}", element)


def ranking(trump: Suit, joker: bool) -> None:
    cards = deck_in_rank_order(trump, deck=24, joker=joker)
    groups: dict[Suit, list[Card]] = {}
    for card in cards:
        groups.setdefault(effective_suit(card, trump), []).append(card)
    for suit, members in groups.items():
        title = f"{suit.noun.capitalize()} {suit.symbol}" + (" — trump" if suit == trump else "")
        st.markdown(f"**{title}** ({len(members)} cards)")
        show_cards(members, trump=trump, width=min(width(), 80),
                   labels=[card_role(c, trump).replace("trump", "") or None for c in members])


def scorecards() -> None:
    points = st.slider("Points", 0, 10, 6, key="learn-score-slider")
    cards = layout(points)
    st.html(score_svg(cards.six_face_up, cards.six_pips, cards.four_face_up, cards.four_pips, width()))
    st.markdown(f"**{points}**: {cards.description}.")


def score_svg(six_up: bool, six_pips: int, four_up: bool, four_pips: int, w: int) -> str:
    """The 4 and the 6 drawn as simple HTML cards: showing pips are red dots, covered pips grey rings."""

    def card(total: int, up: bool, showing: int, name: str) -> str:
        h = int(w * 1.4)
        style = (f"width:{w}px;height:{h}px;border:2px solid #333;border-radius:8px;display:flex;"
                 f"flex-direction:column;align-items:center;justify-content:space-around;"
                 f"font-size:{max(14, w // 5)}px;background:{'#fff' if up else '#2b4c7e'}")
        if not up:
            return f'<div style="{style};color:#fff" aria-label="the {name}, face down">{name}<br>face down</div>'
        dots = "".join(
            f'<span style="color:{"#c8102e" if i < showing else "#bbb"}">{"●" if i < showing else "○"}</span>'
            for i in range(total)
        )
        return (f'<div style="{style}" aria-label="the {name}, {showing} pips showing">'
                f'<b>{name}</b><div style="display:flex;flex-wrap:wrap;justify-content:center;gap:4px;'
                f'max-width:{w - 16}px">{dots}</div></div>')

    return (f'<div class="ec-scorecards" style="display:flex;gap:20px;padding:8px 0">'
            f'{card(4, four_up, four_pips, "4")}{card(6, six_up, six_pips, "6")}</div>')


# ---- exercises -------------------------------------------------------------------


@st.cache_data(show_spinner=False, max_entries=500)
def cached_solution(kind: str, seed: int, options: tuple[tuple[str, str], ...]) -> Solution:
    return solve(generate(kind, seed, dict(options)))


def exercise_step(key: str, element: Element) -> None:
    kind = element.args[0]
    options = element.options
    seeds = state_dict(SEEDS)
    if key not in seeds:
        given = url_seed()
        seeds[key] = given if given is not None else random.SystemRandom().randrange(1_000_000)
    seed = int(str(seeds[key]))
    wait_until_ready()  # the bid drill and the judge run the compiled analyzer
    ex = generate(kind, seed, dict(options))
    stats = progress().drill(kind)
    st.subheader(DRILLS[kind].title)
    st.caption(
        f"Streak {stats.streak} · best {stats.best} · {stats.correct} right of {stats.attempts} · question #{seed}"
    )
    feedbacks = state_dict(FEEDBACK)
    last = feedbacks.get(key)
    if isinstance(last, Feedback):
        (st.success if last.correct else st.error)(last.message)
        if last.solution.link:
            st.markdown(f"[See this hand in the analyzer →]({last.solution.link})")
    st.markdown(f"**{ex.prompt}**")
    if present_mode():
        present_exercise(key, ex, options)
    else:
        answer = ask(key, ex)
        if answer is not None:
            judge(key, ex, options, answer)
    st.button("New question", key=f"new-{key}", on_click=new_question, args=(key, seed + 1))


def new_question(key: str, seed: int) -> None:
    state_dict(SEEDS)[key] = seed
    state_dict(PICKS).pop(key, None)
    state_dict(REVEAL).pop(key, None)


def judge(key: str, ex: Exercise, options: tuple[tuple[str, str], ...], answer: Answer) -> None:
    with st.spinner("Judging…" if ex.kind != "bid" else "The judge is playing the hand out…"):
        solution = cached_solution(ex.kind, ex.seed, options)
    feedback = check(ex, answer, solution)
    state_dict(FEEDBACK)[key] = feedback
    state_dict(PICKS).pop(key, None)
    set_progress(progress().answered(ex.kind, feedback.correct))
    if feedback.correct:
        state_dict(SEEDS)[key] = ex.seed + 1  # a right answer advances to a new question
    st.rerun()


def ask(key: str, ex: Exercise) -> Answer | None:
    """Draw the question's controls; return the learner's answer once it is complete."""
    w = width()
    wkey = f"ex-{key}-{ex.seed}"
    picks_store = state_dict(PICKS)
    picked = [c for c in picks_store.get(key, []) if isinstance(c, Card)]  # type: ignore[attr-defined]
    context(ex)
    if ex.mode is Mode.PICK_CARD:
        return card_buttons(ex.cards, key=wkey, trump=ex.trump if ex.kind != "left_bower" else None, width=w)
    if ex.mode is Mode.CHOICE:
        if ex.cards:
            show_cards(ex.cards, width=w)
        columns = st.columns(len(ex.options))
        for column, option in zip(columns, ex.options, strict=True):
            with column:
                if st.button(option.capitalize(), key=f"{wkey}-{option}", use_container_width=True):
                    return option
        return None
    if ex.mode is Mode.PICK_CARDS:
        states = {c: "hinted" for c in picked}
        clicked = card_buttons(ex.cards, key=wkey, width=w, states=states)
        if clicked is not None:
            picked = [c for c in picked if c != clicked] if clicked in picked else picked + [clicked]
            picks_store[key] = picked
            st.rerun()
        st.caption("Selected: " + (" ".join(c.short for c in picked) or "nothing yet") + " (click again to unselect)")
        if st.button("Check", key=f"{wkey}-check", type="primary"):
            return frozenset(picked)
        return None
    # Mode.ORDER: click the cards strongest first
    remaining = [c for c in ex.cards if c not in picked]
    clicked = card_buttons(remaining, key=wkey, width=w) if remaining else None
    if clicked is not None:
        picked = picked + [clicked]
        picks_store[key] = picked
        if len(picked) == len(ex.cards):
            return tuple(picked)
        st.rerun()
    if picked:
        st.caption("Your order so far, strongest first:")
        show_cards(picked, width=min(w, 70))
        st.button("Start over", key=f"{wkey}-reset", on_click=_forget, args=(picks_store, key))
    return None


def _forget(store: dict[str, object], key: str) -> None:
    store.pop(key, None)


def context(ex: Exercise) -> None:
    if ex.kind == "can_play" and ex.led is not None:
        leader = seat_name(4, ex.trick[0][0])
        st.caption(f"{leader} led:")
        show_cards([ex.led], trump=ex.trump, width=min(width(), 80))
        st.caption("Your hand:")
    elif ex.kind == "trick_winner":
        st.caption("   ·   ".join(f"{seat_name(4, s)}: {c.short}" for s, c in ex.trick))
    elif ex.kind == "bid" and ex.upcard is not None:
        st.caption("The upcard:")
        show_cards([ex.upcard], width=min(width(), 80))
        st.caption("Your hand:")


def present_exercise(key: str, ex: Exercise, options: tuple[tuple[str, str], ...]) -> None:
    """Present mode: the question large, the answer revealed on demand (no clicking cards)."""
    context(ex)
    reveal = state_dict(REVEAL)
    shown = bool(reveal.get(key))
    solution = cached_solution(ex.kind, ex.seed, options) if shown else None
    states = highlight(ex, solution)
    if ex.cards:
        show_cards(ex.cards, trump=ex.trump if ex.kind != "left_bower" else None, width=width(), states=states)
    if ex.mode is Mode.CHOICE:
        st.markdown("Choices: " + " · ".join(f"**{o}**" for o in ex.options))
    if solution is None:
        st.button("Reveal the answer", key=f"reveal-{key}", type="primary", shortcut="A",
                  on_click=lambda: reveal.__setitem__(key, True))
    else:
        if isinstance(solution.answer, tuple):
            st.markdown("Strongest first: " + " ".join(c.short for c in solution.answer))
        elif isinstance(solution.answer, str):
            st.markdown(f"## {solution.answer.capitalize()}")
        st.success(solution.why)
        if solution.link:
            st.markdown(f"[See this hand in the analyzer →]({solution.link})")


def highlight(ex: Exercise, solution: Solution | None) -> dict[Card, str] | None:
    if solution is None:
        return None
    answer = solution.answer
    if isinstance(answer, Card):
        return {answer: "winning"}
    if isinstance(answer, frozenset):
        return {c: ("playable" if c in answer else "disabled") for c in ex.cards}
    return None


# ---- page ------------------------------------------------------------------------


def main() -> None:
    lessons = load_lessons()
    lesson, index = read_location(lessons)
    if lesson is None:
        lesson_list(lessons)
    else:
        runner(lesson, index)
        if STORE_ERROR in st.session_state:
            st.caption(f"Progress is not being saved: {st.session_state[STORE_ERROR]}")


main()
