"""Exercises for defending: the lead against a loner, the card to throw, counting the trumps out.

Every question is a moment of a real seeded hand, bid and played by the club player at every
seat, told from the chair of the seat asked (turned to South, as in ``lessons.play_drill``).
Seed *s* of a kind tries the deals seeded ``KIND:s:0``, ``KIND:s:1``, ... in turn and asks the
first moment that fits, so a seed always gives the same question.

- ``loner_lead``: an opponent went alone and you, a defender, lead (two or more cards to choose
  from). Judged from your seat (``lessons.seat_judge``: ``engine.search.seat_values``).
- ``keep_guards``: an opponent went alone, a card is led and you hold neither that suit nor a
  trump, so whatever you play is thrown away. Which card? Judged the same way; the reasons talk
  of keeping a guard in every suit the lone maker may hold. Asked with three cards or more in
  hand (with two, one throw leaves the other card as the only guard: too easy).
- ``trumps_out``: at your turn, how many trumps may still be in another player's hand (not in
  yours, not played, not known to be out of play)? Each seed asks at the trick it wants
  (``lessons.balance.wanted``: tricks 1 to 5 in turn). The engine's count from the cards seen:
  ``engine.players.tracking.read_table`` (the card tracking the computer players use).

A card question is asked only when it has a point and one clear answer (``seat_judge.worth_asking``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from engine.core.cards import Card
from engine.core.hand import Phase, apply, deal
from engine.core.ranking import effective_table, sort_hand, trump_order
from engine.core.rules import Rules
from engine.core.seats import LEARNER
from engine.core.view import SeatView, view_of
from engine.players.club import ClubPlayer
from engine.players.tracking import read_table
from lessons.balance import wanted
from lessons.exercise_model import Answer, Exercise, Mode, Solution, card_list, trump_intro
from lessons.play_drill import SIDES, prompt, story, turned, who
from lessons.seat_judge import (
    card_solution,
    card_wrong,
    habit_of,
    judged_again,
    right_cards,
    screen_best,
    worth_asking,
)

RULES = Rules()  # the standard four-player game
MAX_ATTEMPTS = 20_000  # deals tried for one seed: a loner comes every 30 deals or so, a question worth
# asking every dozen loners, but 1 seed in several hundred finds none in 2,000 deals (loner_lead 989766)
WANT_TRIES = 12  # moments that fit looked at for the answer the seed wants
MIN_THROW_CARDS = 3  # keep_guards: cards in hand at the throw
TRICKS = ("1", "2", "3", "4", "5")  # trumps_out: the trick the count is asked at
_PLAY_QUESTION = " Which card would you play?"


@dataclass(frozen=True, slots=True)
class Played:
    """A seeded deal bid and played by the club player: every play decision, as its seat saw it."""

    maker: int | None
    alone: bool
    moments: tuple[SeatView, ...]


@lru_cache(maxsize=4096)
def _played(kind: str, seed: int, attempt: int, loners_only: bool) -> Played:
    """Deal ``attempt`` of ``seed``, bid and (unless ``loners_only`` and nobody went alone) played out."""
    rng = random.Random(f"{kind}:{seed}:{attempt}")
    state = deal(RULES, rng.randrange(4), rng)
    club = ClubPlayer()
    moments: list[SeatView] = []
    while not state.is_over:
        if state.phase is Phase.PLAY and loners_only and not state.alone:
            break
        seat = state.to_act
        assert seat is not None
        view = view_of(state, seat)
        if state.phase is Phase.PLAY:
            moments.append(view)
        state = apply(state, club.decide(view, rng).action)
    return Played(state.maker, state.alone, tuple(moments))


@dataclass(frozen=True, slots=True)
class Wanted:
    """The answer a seed wants (``lessons.balance.wanted``): the habit ('strongest' or 'weakest') it
    wants right, or 'other' for neither. A position's right cards are classed by
    ``seat_judge.habit_of``; before a position is judged in full, the quick screen's best card is
    classed the same way, so most positions that will not do are passed over unjudged."""

    habit: str
    want: str

    def of(self, view: SeatView, cards: tuple[Card, ...]) -> str:
        return habit_of(view, cards, self.habit)


def first_moment(
    kind: str,
    seed: int,
    loners_only: bool,
    shape: Callable[[SeatView], bool],
    wants: Wanted | None = None,
    judged: bool = True,
    screen: bool = True,
) -> SeatView:
    """The first moment (turned to South) of the seed's deals of the right ``shape`` and, when
    ``judged``, worth asking (``seat_judge.worth_asking``). With ``wants``, the first whose answer
    the seed wants; failing that within ``WANT_TRIES`` moments worth asking, the first of them (once
    one is found, a moment whose quick screen names another answer is passed over unjudged)."""
    first: SeatView | None = None
    tried = 0
    for attempt in range(MAX_ATTEMPTS):
        played = _played(kind, seed, attempt, loners_only)
        for view in played.moments:
            south = turned(view, view.seat)
            if not shape(south):
                continue
            if (
                wants is not None
                and first is not None
                and wants.of(south, (screen_best(south),)) != wants.want
            ):
                continue
            if judged and not worth_asking(south, screen):
                continue
            if wants is None or wants.of(south, right_cards(south)) == wants.want:
                return south
            first = first or south
            tried += 1
            if tried >= WANT_TRIES:
                return first
    if first is not None:  # pragma: no cover - the wanted answer turns up within a few moments
        return first
    raise RuntimeError(f"no {kind} question in {MAX_ATTEMPTS} deals of seed {seed}")  # pragma: no cover


def weakest_wanted(kind: str, seed: int) -> Wanted:
    """The seed wants the weakest card (or another) as the answer, each in half of the seeds."""
    return Wanted("weakest", wanted(kind, seed, ("weakest", "other")))


def defending_a_loner(view: SeatView) -> bool:
    return (
        view.alone and view.maker is not None and not view.is_maker_side(view.seat) and len(view.legal) >= 2
    )


def leads_a_loner(view: SeatView) -> bool:
    """A defender on lead against a loner (the shape; ``leads_against_a_loner`` asks the judge too)."""
    return defending_a_loner(view) and not view.trick


def leads_against_a_loner(view: SeatView) -> bool:
    return leads_a_loner(view) and worth_asking(view)


def throws_to_a_loner(view: SeatView) -> bool:
    """A defender against a loner who can neither follow suit nor trump, with three cards or more:
    every card is a throw (the shape; ``throws_against_a_loner`` asks the judge too)."""
    if not defending_a_loner(view) or not view.trick:
        return False
    assert view.trump is not None
    eff = effective_table(view.trump)
    led = eff[view.trick[0][1]]
    return len(view.hand) >= MIN_THROW_CARDS and all(eff[c] not in (led, view.trump) for c in view.hand)


def throws_against_a_loner(view: SeatView) -> bool:
    return throws_to_a_loner(view) and worth_asking(view)


def card_exercise(kind: str, seed: int, view: SeatView, question: str) -> Exercise:
    assert view.trump is not None
    text = prompt(view)
    assert text.endswith(_PLAY_QUESTION)
    return Exercise(
        kind=kind,
        seed=seed,
        mode=Mode.PICK_CARD,
        prompt=text.removesuffix(_PLAY_QUESTION) + " " + question,
        cards=sort_hand(view.hand, view.trump),
        trump=view.trump,
        trick=view.trick,
        led=view.trick[0][1] if view.trick else None,
        upcard=view.upcard,
        dealer=view.dealer,
        seat=LEARNER,
        rules=view.rules,
        facts=tuple(story(view)),
        view=view,
    )


@lru_cache(maxsize=1024)
def _lead(seed: int) -> SeatView:
    return first_moment("loner_lead", seed, True, leads_a_loner)


@lru_cache(maxsize=1024)
def _throw(seed: int) -> SeatView:
    """A throw whose right cards hold the weakest, or not, as the seed wants (each in half of the
    seeds: "throw your lowest card" is no rule against a loner)."""
    return first_moment("keep_guards", seed, True, throws_to_a_loner, weakest_wanted("keep_guards", seed))


def loner_lead_exercise(view: SeatView, seed: int = 0) -> Exercise:
    """The question for South on lead against a loner (a seeded position or one a test sets up)."""
    assert view.seat == LEARNER and view.my_turn and not view.trick
    return card_exercise("loner_lead", seed, view, "Which card do you lead?")


def keep_guards_exercise(view: SeatView, seed: int = 0) -> Exercise:
    """The question for South, against a loner, who can neither follow suit nor trump."""
    assert view.seat == LEARNER and view.my_turn and view.trick
    return card_exercise(
        "keep_guards", seed, view, "You cannot follow suit or trump: which card do you throw?"
    )


def make_loner_lead(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    return loner_lead_exercise(_lead(seed), seed)


def make_keep_guards(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    return keep_guards_exercise(_throw(seed), seed)


def solve_card(ex: Exercise) -> Solution:
    assert ex.view is not None
    return card_solution(ex.view, "playing" if ex.view.trick else "leading")


def wrong_card(ex: Exercise, answer: Answer, solution: Solution) -> str:
    assert ex.view is not None
    return card_wrong(ex.view, answer)


def card_again(ex: Exercise, factor: int, seed: str) -> frozenset[Answer]:
    """The cards the same judge counts right on ``factor`` times the layouts (another seed)."""
    assert ex.view is not None
    return judged_again(ex.view, factor, seed)


# ---- counting the trumps out -----------------------------------------------------------------


def trumps_out(view: SeatView) -> tuple[Card, ...]:
    """The trumps that may still be in another hand (or the kitty), strongest first: not in the
    seat's hand, not played, not its own discard, not the upcard turned down (the engine's card
    tracking, ``engine.players.tracking.read_table``)."""
    table = read_table(view)
    assert view.trump is not None
    return tuple(
        c for c in trump_order(view.trump, view.rules.deck, view.rules.joker) if c in table.outstanding
    )


def _counts_here(side: str, trick: int) -> Callable[[SeatView], bool]:
    def fits(view: SeatView) -> bool:
        mine = "makers" if view.is_maker_side(view.seat) else "defenders"
        return len(view.tricks) + 1 == trick and side in ("", mine)

    return fits


@lru_cache(maxsize=1024)
def _count_moment(seed: int, side: str) -> SeatView:
    trick = int(wanted("trumps_out", seed, TRICKS, repeat=1))
    return first_moment(f"trumps_out:{side}", seed, False, _counts_here(side, trick), judged=False)


def make_trumps_out(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    side = options.get("side", "")
    assert side in ("", *SIDES)
    return trumps_out_exercise(_count_moment(seed, side), seed, tuple(sorted(options.items())))


def trumps_out_exercise(
    view: SeatView, seed: int = 0, settings: tuple[tuple[str, str], ...] = ()
) -> Exercise:
    """The count question at South's turn in the play (a seeded position or one a test sets up)."""
    assert view.seat == LEARNER and view.my_turn and view.trump is not None
    text = prompt(view)
    assert text.endswith(_PLAY_QUESTION)
    total = len(trump_order(view.trump, view.rules.deck, view.rules.joker))
    question = "Count the trumps: how many may still be in another player's hand?"
    return Exercise(
        kind="trumps_out",
        seed=seed,
        mode=Mode.CHOICE,
        prompt=text.removesuffix(_PLAY_QUESTION) + " " + question,
        cards=sort_hand(view.hand, view.trump),
        trump=view.trump,
        options=tuple(str(n) for n in range(total + 1)),
        trick=view.trick,
        upcard=view.upcard,
        dealer=view.dealer,
        seat=LEARNER,
        rules=view.rules,
        facts=tuple(story(view)),
        settings=settings,
        view=view,
    )


def _the(cards: list[Card] | tuple[Card, ...]) -> str:
    return "the " + card_list(list(cards))


def solve_trumps_out(ex: Exercise) -> Solution:
    view = ex.view
    assert view is not None and view.trump is not None
    every = trump_order(view.trump, view.rules.deck, view.rules.joker)
    out = trumps_out(view)
    mine = [c for c in every if c in view.hand]
    played = [c for c in every if c in view.played_cards]
    dead = [c for c in every if c not in out and c not in mine and c not in played]
    why = [f"{trump_intro(view.trump)} There are {len(every)} trumps: {_the(every)}."]
    why.append(f"You hold {len(mine)}" + (f" ({_the(mine)})." if mine else "."))
    why.append(
        f"{len(played)} {'has' if len(played) == 1 else 'have'} been played"
        + (f" ({_the(played)})." if played else ".")
    )
    for card in dead:
        how = (
            "you discarded it"
            if card == view.discarded
            else "it was turned down"
            if view.turned_down
            else "it stayed on the kitty when the dealer sat out"
        )
        why.append(f"The {card.short} is out of play: {how}.")
    if out:
        why.append(
            f"That leaves {len(out)} out: {_the(out)}, each in another player's hand or buried in the kitty."
        )
    else:
        why.append("That leaves none out.")
    taken = view.upcard_taken and view.upcard in out and view.dealer != view.seat
    if taken:
        why.append(f"One of them is the {view.upcard.short}: {who(view, view.dealer)} picked it up.")
    return Solution(
        str(len(out)), " ".join(why), judge="the engine's card tracking, from the cards you have seen"
    )


def wrong_trumps_out(ex: Exercise, answer: Answer, solution: Solution) -> str:
    return f"You said {answer}."


__all__ = ["leads_against_a_loner", "throws_against_a_loner", "trumps_out"]
