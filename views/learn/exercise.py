"""One exercise step of a lesson: the question, the learner's answer, and feedback drawn on the cards.

A question stays on screen until the learner moves on. After an answer the cards show it:
the card picked wears "YOUR PICK" in red when wrong (or "CORRECT" in green), the right card
"ANSWER" in green, and a "Next question" button deals the next one, so the page never changes
the question under a message about the old one. In present mode (``ui.layout.projector()``)
nobody clicks: the class answers aloud, then the teacher reveals the answer, marked neutrally
(with the "Reveal the answer" button, A, or the clicker's next, which clicks it first: the page
names it as the clicker's next while the answer is hidden, ``exercise_step``'s return). The
question goes beside the cards (in the column of the step's text), so both fit one screen.

Session state, per exercise step (``key`` = "lesson:step"): the question's seed (``SEEDS``),
the cards chosen so far (``PICKS``), the answered question (``ANSWERED``: an ``Attempt``) and,
in present mode, whether the answer is revealed (``REVEAL``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from engine.core.cards import Card, Suit
from engine.core.seats import seat_name
from engine.io.numbers import NumberError, parse_int, shown
from lessons.exercise_model import Answer, Exercise, Feedback, Mode, Solution
from lessons.exercises import DRILLS, check, generate, misplaced, shape_problem, solve
from lessons.model import Element
from lessons.searched import first_seed, next_seed
from ui.cards import card_buttons, show_cards
from ui.echo import plain
from ui.engine_ready import wait_until_ready
from ui.layout import card_width, projector
from ui.learn_profile import progress, set_progress

SEEDS = "learn_seeds"  # step key -> current exercise seed
PICKS = "learn_picks"  # step key -> cards chosen so far (selection or order)
ANSWERED = "learn_answered"  # step key -> the Attempt on the question shown
REVEAL = "learn_reveal"  # step key -> True once the answer is revealed (present mode)
SEED_MAX = 999_999_999  # a question seed in a link: up to 9 digits
PLAYED_OUT = (  # judged by play-outs
    "bid",
    "score_bid",
    "two_handed",
    "cutthroat",
    "name_suit",
    "stick_dealer",
    "joker_up",
    "go_alone",
    "defend_alone",
    "discard",
    "loner_lead",
    "keep_guards",
    "loner_play",
    "makers_lead",
    "second_hand",
)
UPCARD_WORDS = {  # kinds that show the upcard beside the hand, and what it is called there
    "bid": "The upcard:",
    "score_bid": "The upcard:",
    "two_handed": "The upcard:",
    "cutthroat": "The upcard:",
    "joker_up": "The upcard, the joker:",
    "go_alone": "The upcard:",
    "name_suit": "The upcard, turned down:",
    "stick_dealer": "The upcard, turned down:",
    "discard": "The upcard, now in your hand (it stays):",
}
TURNED_DOWN = ("name_suit", "stick_dealer")

Marks = tuple[dict[Card, str], dict[Card, str]]  # card -> ui.cards state, card -> caption


@dataclass(frozen=True, slots=True)
class Attempt:
    seed: int
    answer: Answer
    feedback: Feedback


def state_dict(name: str) -> dict[str, object]:
    if name not in st.session_state:
        st.session_state[name] = {}
    value: dict[str, object] = st.session_state[name]
    return value


def url_seed() -> int | None:
    text = st.query_params.get("seed")
    if text is None:
        return None
    try:
        return parse_int(text, "seed", 0, SEED_MAX)
    except NumberError:
        st.warning(plain(f"seed={shown(text)} is not a whole number up to 9 digits; using a fresh question."))
        return None


def width() -> int:
    return card_width()


def answer_marks(ex: Exercise, answer: Answer, solution: Solution) -> Marks:
    """How the cards show an answer: the ``ui.cards`` state and the caption of each marked card.

    One card to pick: the pick is "correct" or "wrong" (your pick), and a missed right card is
    "right_answer". A selection: each card picked is "correct" or "wrong", each right card not
    picked is "right_answer" (missed), the rest are "disabled". An order is shown by
    ``order_marks`` (only the misplaced cards wrong); a choice (order up / pass) has no cards to
    mark. A card the judge counts as good as the answer (``Solution.also``, a tie) is "correct"
    when picked, else "also right".
    """
    right = solution.answer
    states: dict[Card, str] = {}
    captions: dict[Card, str] = {}
    if isinstance(right, Card) and isinstance(answer, Card):
        for card in solution.also:  # as good as the answer within the judge's figures
            if isinstance(card, Card):
                states[card], captions[card] = "right_answer", "✓ also right"
        if solution.accepts(answer):
            states[answer], captions[answer] = "correct", "✓ your pick"
            if answer != right:
                states[right], captions[right] = "right_answer", "✓ best"
        else:
            states[answer], captions[answer] = "wrong", "✗ your pick"
            states[right], captions[right] = "right_answer", "✓ right answer"
    elif isinstance(right, frozenset) and isinstance(answer, frozenset):
        for card in ex.cards:
            if card in answer:
                good = card in right
                states[card] = "correct" if good else "wrong"
                captions[card] = "✓ your pick" if good else "✗ your pick"
            elif card in right:
                states[card], captions[card] = "right_answer", "✓ missed"
            else:
                states[card] = "disabled"
    return states, captions


def order_marks(answer: tuple[Card, ...], right: tuple[Card, ...]) -> list[str]:
    """Per card of the learner's order: "wrong" where the card is out of place
    (``lessons.card_drills.misplaced``: only the cards that have to move), else "correct"."""
    out = misplaced(answer, right)
    return ["wrong" if card in out else "correct" for card in answer]


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


@st.cache_data(show_spinner=False, max_entries=500)
def cached_solution(kind: str, seed: int, options: tuple[tuple[str, str], ...]) -> Solution:
    return solve(generate(kind, seed, dict(options)))


def exercise_step(key: str, element: Element, words: DeltaGenerator | None = None) -> str | None:
    """Draw the exercise step ``key`` ("lesson:step"); in present mode its title and question go
    in ``words`` (the column of the step's text) when given. Returns the key of the button a
    clicker's next clicks before it moves on (present mode's "Reveal the answer" while the answer
    is hidden), else None."""
    kind = element.args[0]
    options = element.options
    seeds = state_dict(SEEDS)
    if key not in seeds:
        given = url_seed()
        seeds[key] = given if given is not None else first_seed(kind, random.SystemRandom())
    seed = int(str(seeds[key]))
    wait_until_ready()  # the bid drill and the judge run the compiled analyzer
    ex = generate(kind, seed, dict(options))
    if projector():  # a class answers aloud: nobody's streak is counted
        with words or st.container():
            st.subheader(DRILLS[kind].title)
            st.markdown(f"**{ex.spoken_prompt}**")
            present_context(ex)
        return present_exercise(key, ex, options)
    stats = progress().drill(kind)
    st.subheader(DRILLS[kind].title)
    st.caption(f"Streak {stats.streak} · best {stats.best} · {stats.correct} right of {stats.attempts}")
    st.markdown(f"**{ex.prompt}**")
    attempt = state_dict(ANSWERED).get(key)
    if isinstance(attempt, Attempt) and attempt.seed == seed:
        show_answered(ex, attempt)
        st.button(
            "Next question",
            key=f"next-q-{key}",
            type="primary",
            on_click=new_question,
            args=(key, next_seed(kind, seed)),
            icon=":material/arrow_forward:",
        )
        return None
    answer = ask(key, ex)
    if answer is not None:
        problem = shape_problem(ex, answer)
        if problem:
            st.error(problem)  # not an answer yet: nothing is counted
        else:
            judge(key, ex, options, answer)
    st.button(
        "New question",
        key=f"new-{key}",
        on_click=new_question,
        args=(key, next_seed(kind, seed)),
        help="Skip this one: another question of the same kind.",
    )
    return None


def new_question(key: str, seed: int) -> None:
    state_dict(SEEDS)[key] = seed
    state_dict(PICKS).pop(key, None)
    state_dict(REVEAL).pop(key, None)
    state_dict(ANSWERED).pop(key, None)


def judge(key: str, ex: Exercise, options: tuple[tuple[str, str], ...], answer: Answer) -> None:
    with st.spinner("Judging…" if ex.kind not in PLAYED_OUT else "The judge is playing the hand out…"):
        solution = cached_solution(ex.kind, ex.seed, options)
    feedback = check(ex, answer, solution)
    state_dict(ANSWERED)[key] = Attempt(ex.seed, answer, feedback)
    state_dict(PICKS).pop(key, None)
    set_progress(progress().answered(ex.kind, feedback.correct))
    st.rerun()  # draw the question again, answered


def show_answered(ex: Exercise, attempt: Attempt) -> None:
    """The question as it was, with the answer drawn on it, then the message and the analyzer link."""
    feedback, answer = attempt.feedback, attempt.answer
    right = feedback.solution.answer
    context(ex)
    trump = ex.trump if ex.kind != "left_bower" else None
    if ex.mode is Mode.ORDER and isinstance(answer, tuple) and isinstance(right, tuple):
        st.caption("Your order, strongest first:")
        show_cards(
            list(answer),
            trump=trump,
            width=min(width(), 80),
            states=order_marks(answer, right),
            labels=[
                ordinal(i + 1) + (" ✓" if ok == "correct" else " ✗")
                for i, ok in enumerate(order_marks(answer, right))
            ],
        )
        if not feedback.correct:
            st.caption("The right order:")
            show_cards(
                list(right),
                trump=trump,
                width=min(width(), 80),
                states=["right_answer"] * len(right),
                labels=[ordinal(i + 1) for i in range(len(right))],
            )
    elif ex.mode is Mode.CHOICE:
        if ex.cards:
            show_cards(ex.cards, width=width())
        chips = []
        good = feedback.solution.accepts
        for option in ex.options:
            if option == answer and good(option):
                chips.append(f":green-background[✓ **{option.capitalize()}** — your answer]")
            elif option == answer:
                chips.append(f":red-background[✗ **{option.capitalize()}** — your answer]")
            elif good(option):
                also = "right answer" if option == right else "also right"
                chips.append(f":green-background[✓ **{option.capitalize()}** — {also}]")
            else:
                chips.append(option.capitalize())
        st.markdown(" · ".join(chips))
    else:
        states, captions = answer_marks(ex, answer, feedback.solution)
        show_cards(
            ex.cards, trump=trump, width=width(), states=states, labels=[captions.get(c) for c in ex.cards]
        )
    (st.success if feedback.correct else st.error)(feedback.message)
    if feedback.solution.link:
        st.markdown(f"[See this hand in the analyzer →]({feedback.solution.link})")


def ask(key: str, ex: Exercise) -> Answer | None:
    """Draw the question's controls; return the learner's answer once it is complete."""
    w = width()
    wkey = f"ex-{key}-{ex.seed}".replace(":", "-")
    picks_store = state_dict(PICKS)
    picked = [c for c in picks_store.get(key, []) if isinstance(c, Card)]  # type: ignore[attr-defined]
    context(ex)
    if ex.mode is Mode.PICK_CARD:
        return card_buttons(ex.cards, key=wkey, trump=ex.trump if ex.kind != "left_bower" else None, width=w)
    if ex.mode is Mode.CHOICE:
        if ex.cards:
            show_cards(ex.cards, width=w)
        chosen: str | None = None
        with st.container(horizontal=True, key=f"{wkey}-choices"):
            for option in ex.options:
                if st.button(option.capitalize(), key=f"{wkey}-{option}", width="stretch"):
                    chosen = option
        return chosen
    if ex.mode is Mode.PICK_CARDS:
        states = {c: "selected" for c in picked}
        clicked = card_buttons(ex.cards, key=wkey, width=w, states=states)
        if clicked is not None:
            picked = [c for c in picked if c != clicked] if clicked in picked else picked + [clicked]
            picks_store[key] = picked
            st.rerun()
        st.caption(
            "Selected: " + (" ".join(c.short for c in picked) or "nothing yet") + " (press again to unselect)"
        )
        if st.button("Check", key=f"{wkey}-check", type="primary"):
            return frozenset(picked)
        return None
    # Mode.ORDER: press the cards strongest first
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


@dataclass(frozen=True, slots=True)
class Context:
    """What is shown before the learner's cards: a caption, a card (the led card or the upcard,
    drawn under ``trump``) and the hand's own caption; None where a kind has none."""

    caption: str | None = None
    card: Card | None = None
    trump: Suit | None = None
    hand: str | None = None


def context_of(ex: Exercise) -> Context:
    if ex.kind == "can_play" and ex.led is not None:
        return Context(f"{seat_name(4, ex.trick[0][0])} led:", ex.led, ex.trump, "Your hand:")
    if ex.kind == "trick_winner":
        return Context("   ·   ".join(f"{seat_name(4, s)}: {c.short}" for s, c in ex.trick))
    if ex.kind in UPCARD_WORDS and ex.upcard is not None:
        turned_down = ex.kind in TURNED_DOWN or (ex.kind == "go_alone" and ex.options[0].startswith("call"))
        return Context(
            "The upcard, turned down:" if turned_down else UPCARD_WORDS[ex.kind],
            ex.upcard,
            ex.trump if ex.kind == "discard" else None,
            "Your hand:" if ex.kind != "discard" else "Your hand: tap the card to discard.",
        )
    return Context()


def context(ex: Exercise) -> None:
    """The context above the learner's cards, one part under another."""
    shown = context_of(ex)
    if shown.caption:
        st.caption(shown.caption)
    if shown.card is not None:
        show_cards([shown.card], trump=shown.trump, width=min(width(), 80))
    if shown.hand:
        st.caption(shown.hand)


def present_exercise(key: str, ex: Exercise, options: tuple[tuple[str, str], ...]) -> str | None:
    """Present mode: the cards large for the class to answer aloud (the question and its context,
    the led card or the upcard, are drawn by ``exercise_step``, beside them), then the answer
    revealed. The buttons share a row, so the question and its answer fit one screen. Returns the
    reveal button's key while the answer is hidden."""
    reveal = state_dict(REVEAL)
    revealed = bool(reveal.get(key))
    solution = cached_solution(ex.kind, ex.seed, options) if revealed else None
    states, labels = reveal_marks(ex, solution)
    if ex.cards:
        show_cards(
            ex.cards,
            trump=ex.trump if ex.kind != "left_bower" else None,
            width=width(),
            states=states,
            labels=[labels.get(c) for c in ex.cards] if labels else None,
        )
    if ex.mode is Mode.CHOICE:
        st.markdown("Choices: " + " · ".join(f"**{o}**" for o in ex.options))
    if solution is None:
        with st.container(horizontal=True, vertical_alignment="center"):
            st.button(
                "Reveal the answer",
                key=f"reveal-{key}",
                type="primary",
                shortcut="A",
                on_click=_set_flag(reveal, key),
            )
            st.button(
                "New question",
                key=f"new-{key}",
                on_click=new_question,
                args=(key, next_seed(ex.kind, ex.seed)),
            )
            st.caption("The class answers, then reveal.")
        return f"reveal-{key}"
    if isinstance(solution.answer, tuple):
        st.markdown("Strongest first: " + " ".join(c.short for c in solution.answer))
    elif isinstance(solution.answer, str):
        either = "".join(f" or {a}" for a in solution.also if isinstance(a, str))
        st.markdown(f"### {solution.answer.capitalize()}{either}")
    st.success(solution.why)
    with st.container(horizontal=True, vertical_alignment="center"):
        st.button(
            "Next question",
            key=f"next-q-{key}",
            type="primary",
            on_click=new_question,
            args=(key, next_seed(ex.kind, ex.seed)),
            icon=":material/arrow_forward:",
        )
        if solution.link:
            st.markdown(f"[See this hand in the analyzer →]({solution.link})")
    return None


def present_context(ex: Exercise) -> None:
    """Present mode's context, under the question: a caption (the trick so far), or the led card
    or the upcard with its caption in one line (the hand is drawn beside, ``present_exercise``)."""
    shown = context_of(ex)
    if shown.card is None:
        if shown.caption:
            st.caption(shown.caption)
        return
    with st.container(horizontal=True, vertical_alignment="center", gap="medium"):
        st.caption(shown.caption or "", width="content")
        show_cards([shown.card], trump=shown.trump, width=min(width(), 80))


def _set_flag(store: dict[str, object], key: str) -> Callable[[], None]:
    return lambda: store.__setitem__(key, True)


def reveal_marks(ex: Exercise, solution: Solution | None) -> Marks:
    """Present mode's revealed answer: neutral "answer" marks (never WINS), the rest left plain."""
    if solution is None:
        return {}, {}
    answer = solution.answer
    if isinstance(answer, Card):
        also = {c: "answer" for c in solution.also if isinstance(c, Card)}
        return {**also, answer: "answer"}, {**{c: "also right" for c in also}, answer: "answer"}
    if isinstance(answer, frozenset):
        return (
            {c: ("answer" if c in answer else "disabled") for c in ex.cards},
            {c: "may play" for c in ex.cards if c in answer},
        )
    if isinstance(answer, tuple):
        return {}, {c: ordinal(answer.index(c) + 1) for c in ex.cards if c in answer}
    return {}, {}
