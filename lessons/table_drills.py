"""Exercises at the table, judged from the learner's seat: playing a loner, the makers' opening
lead, playing second, and defending alone (Railroad).

Each question is a moment of a real seeded hand, bid and played by the club player at every seat
and told from the chair of the seat asked (turned to South), found as the defence drills find theirs
(``lessons.defence_drills.first_moment``: seed *s* tries the deals seeded ``KIND:s:0``,
``KIND:s:1``, ... in turn). Every question is judged by the seat's own valuation,
``engine.search.seat_values`` (``lessons.seat_judge``: the practice table's grades), asked only when
at most half of the choices are right, and drawn to have the answer its seed wants
(``lessons.balance.wanted``), so no habit is right in most of the questions:

- ``loner_play``: you went alone and must play a card (lead or follow) with a choice.
- ``makers_lead``: your side made trump (with partners) and you lead the first trick.

  For these two, "play your best trump" is right in nearly every position worth asking, so half of
  the seeds (``HABIT_OR_NOT``) ask a position where it is not: neither a trump nor the strongest
  card counts right. Those are rare (about 1 in 100), so a search done once keeps where they are
  (``lessons.drill_bank``); the other seeds ask the first position worth asking (for the loner,
  one where the strongest card is right).
- ``second_hand``: an opponent led and you play second with a real choice: two or more cards of
  the suit led, the highest beating the card led without being the highest left in the suit. The
  seeds want the weakest card (second hand low), or another, in turn.
- ``defend_alone``: Railroad rules (defending alone, stick the dealer): an opponent went alone and
  you may defend alone against them, your partner sitting out. Defending alone is rarely right, so
  the seeds that want it look only at hands with two trumps or more (a filter for asking: the
  judge decides).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import lru_cache

from engine.core.action_words import capital
from engine.core.actions import DEFEND_ALONE, Kind
from engine.core.hand import Phase, apply, deal
from engine.core.ranking import effective_table, sort_hand, strength_table
from engine.core.rules import PRESETS
from engine.core.seats import LEARNER
from engine.core.view import SeatView, view_of
from engine.players.club import ClubPlayer
from engine.players.evaluate import hand_facts
from lessons.balance import wanted, wanted_index
from lessons.defence_drills import Wanted, card_exercise, first_moment, weakest_wanted
from lessons.drill_bank import Banked
from lessons.drill_bank_places import PLACES
from lessons.exercise_model import Answer, Exercise, Mode, Solution, trump_intro
from lessons.play_drill import bidding, turned, who
from lessons.seat_judge import (
    counted_right,
    right_again,
    seat_problem,
    values,
    worth_asking,
)

RAILROAD = PRESETS["Railroad (defend alone)"]
MAX_DEFEND_DEALS = 4000  # deals tried for a defend-alone question (a loner every dozen deals or so)
DEFEND_TRIES = 30  # defend-alone decisions looked at for the answer the seed wants


# ---- which moments --------------------------------------------------------------------------


def plays_a_loner(view: SeatView) -> bool:
    """The lone maker, with a choice of cards (the shape: ``first_moment`` asks the judge too)."""
    return view.alone and view.maker == view.seat and len(view.legal) >= 2


def makers_open(view: SeatView) -> bool:
    """The first lead of the hand, by a maker with a partner (the shape)."""
    return (
        not view.alone
        and view.maker is not None
        and view.is_maker_side(view.seat)
        and not view.tricks
        and not view.trick
    )


def plays_second(view: SeatView) -> bool:
    """Second to play after an opponent's lead, with a real choice: two cards or more of the suit
    led, the highest of them beats the card led but is not the highest left in the suit (a card
    the player after you may hold could beat it), and a lower one."""
    if len(view.trick) != 1 or view.is_maker_side(view.trick[0][0]) == view.is_maker_side(view.seat):
        return False
    assert view.trump is not None
    eff = effective_table(view.trump)
    led_card = view.trick[0][1]
    led = eff[led_card]
    rank = strength_table(view.trump, led)
    follow = sorted((c for c in view.hand if eff[c] == led), key=lambda c: rank[c])
    if len(follow) < 2 or rank[follow[-1]] < rank[led_card]:
        return False
    out = set(view.unseen_cards())
    if view.upcard_taken and view.dealer != view.seat and view.upcard not in view.played_cards:
        out.add(view.upcard)  # in the dealer's hand
    higher = any(eff[c] == led and rank[c] > rank[follow[-1]] for c in out)
    return higher


# ---- the questions ------------------------------------------------------------------------------


BANKED = {
    "loner_play": Banked("loner_play", True, plays_a_loner, attempts=40),
    "makers_lead": Banked("makers_lead", False, makers_open, attempts=4),
}
HABIT_OR_NOT = ("habit", "other")  # what a banked drill's seed wants: the habit right, or not


def _banked(kind: str, seed: int) -> SeatView | None:
    """The bank's question for a seed that wants neither a trump nor the strongest card right
    (``lessons.drill_bank``: each such seed its own place, in turn), or None for a seed that wants
    the habit right."""
    if wanted(kind, seed, HABIT_OR_NOT) != "other":
        return None
    places = PLACES[kind]
    return BANKED[kind].view_at(places[wanted_index(kind, seed, HABIT_OR_NOT) % len(places)])


@lru_cache(maxsize=1024)
def _loner_play(seed: int) -> SeatView:
    banked = _banked("loner_play", seed)
    if banked is not None:
        return banked
    return first_moment("loner_play", seed, True, plays_a_loner, Wanted("strongest", "strongest"))


@lru_cache(maxsize=1024)
def _makers_lead(seed: int) -> SeatView:
    banked = _banked("makers_lead", seed)
    return banked if banked is not None else first_moment("makers_lead", seed, False, makers_open)


@lru_cache(maxsize=1024)
def _second_hand(seed: int) -> SeatView:
    return first_moment("second_hand", seed, False, plays_second, weakest_wanted("second_hand", seed))


def make_loner_play(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    view = _loner_play(seed)
    ask = "Which card do you lead?" if not view.trick else "Which card do you play?"
    return card_exercise("loner_play", seed, view, ask)


def make_makers_lead(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    return card_exercise("makers_lead", seed, _makers_lead(seed), "Which card do you lead?")


def make_second_hand(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    return card_exercise("second_hand", seed, _second_hand(seed), "You play second: which card?")


# ---- defending alone (Railroad) -------------------------------------------------------------------


PASS_WORDS = "defend with your partner"
ALONE_WORDS = "defend alone"


def _defend_words(kind: Kind) -> str:
    return ALONE_WORDS if kind is Kind.DEFEND_ALONE else PASS_WORDS


def _defend_answer(view: SeatView) -> str:
    return "alone" if counted_right(values(view))[0] == DEFEND_ALONE else "pass"


def _decisions(seed: int, attempt: int) -> tuple[SeatView, ...]:
    """The defend-alone decisions of one seeded Railroad deal bid by the club player, as each
    defender saw them (turned to South)."""
    rng = random.Random(f"defend_alone:{seed}:{attempt}")
    state = deal(RAILROAD, rng.randrange(4), rng)
    club = ClubPlayer()
    found = []
    while not state.is_over and state.phase is not Phase.PLAY:
        seat = state.to_act
        assert seat is not None
        view = view_of(state, seat)
        if state.phase is Phase.DEFEND:
            found.append(turned(view, seat))
        state = apply(state, club.decide(view, rng).action)
    return tuple(found)


def _two_trumps(view: SeatView) -> bool:
    assert view.trump is not None
    return hand_facts(view.hand, view.trump).trump_count >= 2


@lru_cache(maxsize=512)
def _defend(seed: int) -> SeatView:
    """The first defend-alone decision worth asking with the answer the seed wants (hands with two
    trumps or more only, when defending alone is wanted); failing that within ``DEFEND_TRIES``
    decisions worth asking, the first of them."""
    want = wanted("defend_alone", seed, ("alone", "pass"))
    looks: Callable[[SeatView], bool] = _two_trumps if want == "alone" else (lambda v: True)
    first: SeatView | None = None
    tried = 0
    for attempt in range(MAX_DEFEND_DEALS):
        for view in _decisions(seed, attempt):
            if not looks(view) or not worth_asking(view):
                continue
            if _defend_answer(view) == want:
                return view
            first = first or view
            tried += 1
            if tried >= DEFEND_TRIES:
                return first
    if first is None:  # pragma: no cover - a loner comes every dozen deals or so
        raise RuntimeError(f"no defend-alone question in {MAX_DEFEND_DEALS} deals of seed {seed}")
    return first


def defend_story(view: SeatView) -> str:
    """Who went alone, and whether the other defender has already declined to defend alone, from
    South's chair (``lessons.play_drill.bidding``)."""
    assert view.trump is not None and view.maker is not None
    text = f"{trump_intro(view.trump)} {bidding(view)}"
    first = (view.maker + 1) % 4  # the defender on the loner's left says first
    if view.seat != first:
        text += f" {capital(who(view, first))} chose not to defend alone."
    return text


def make_defend_alone(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    return defend_alone_exercise(_defend(seed), seed)


def defend_alone_exercise(view: SeatView, seed: int = 0) -> Exercise:
    """The question for South, a defender against a loner under Railroad rules."""
    assert view.seat == LEARNER and view.phase is Phase.DEFEND and view.trump is not None
    return Exercise(
        kind="defend_alone",
        seed=seed,
        mode=Mode.CHOICE,
        prompt=(
            f"Railroad rules. {defend_story(view)} You may defend alone too: your partner would sit "
            "out, and euchring the loner alone scores 4. Defend alone, or with your partner?"
        ),
        cards=sort_hand(view.hand, view.trump),
        trump=view.trump,
        upcard=view.upcard,
        dealer=view.dealer,
        seat=LEARNER,
        rules=view.rules,
        options=(PASS_WORDS, ALONE_WORDS),
        view=view,
    )


def solve_defend_alone(ex: Exercise) -> Solution:
    view = ex.view
    assert view is not None
    v = values(view)
    right = counted_right(v)
    worth = {_defend_words(c.action.kind): c.points for c in v.choices}
    why = [
        f"Over {v.deals} layouts of the hidden cards that fit what you have seen and the bidding, "
        f"defending with your partner is worth {worth[PASS_WORDS]:+.2f} points a hand to your side (your "
        f"points minus theirs), defending alone {worth[ALONE_WORDS]:+.2f}.",
        "A lone defender who euchres the loner scores 4 instead of 2, but one hand must take three "
        "tricks against the loner's trumps; two hands need only find one trick between them to stop "
        "the march.",
    ]
    if len(right) > 1:
        why.append("The two are too little apart to be sure which is better, so both count as right.")
    return Solution.of(seat_problem(view, JUDGE_DEFEND, " ".join(why)), lambda a: _defend_words(a.kind))


JUDGE_DEFEND = "your seat's own valuation (the practice table's grades)"


def wrong_defend_alone(ex: Exercise, answer: Answer, solution: Solution) -> str:
    return "Defending alone is a gamble on one hand against the loner's trumps."


def defend_alone_again(ex: Exercise, factor: int, seed: str) -> frozenset[Answer]:
    """The answers the same rule counts right on ``factor`` times the layouts (another seed)."""
    assert ex.view is not None
    return frozenset(_defend_words(a.kind) for a in right_again(ex.view, factor, seed))


__all__ = ["defend_alone_exercise", "makers_open", "plays_a_loner", "plays_second"]
