"""Exercises: name a suit in round 2 (``name_suit``) and go alone or not (``go_alone``).

Both are judged as the bid drill is (``lessons.bid_drill``): the hand analyzer's verdict at the
default table (people), the Analyze page's figures for the same view
(``engine.analysis.advice.value_bids``), so the same position always gets the same verdict, here
and on the Analyze page the solution links to. When the analyzer finds the two
best choices worth the same within its figures' uncertainty ("too close to call"), either
counts as right (``Solution.also``). Like the bid drill, a question is drawn from a deal whose
answer is clear (``lessons.balance.clear_answer``) and is the answer its seed wants
(``lessons.balance.wanted``: calling or passing, alone or with the partner, each in half of the
seeds) when one of ``MAX_DEALS`` seeded deals is.

- ``name_suit``: everyone passed the upcard and it was turned down; the players before the
  learner passed again. Call one of the other three suits, or pass? (Going alone is folded into
  the suit: "call hearts alone" answers "call hearts", and the verdict says so.)
- ``go_alone``: the learner holds a strong hand and the analyzer says to make trump (ordering up,
  picking up, or calling in round 2, clearly better than passing). With the partner, or alone?
  The explanation puts the analyzer's figures to the one-third rule (``third_rule``): alone pays
  when the lone march chance is more than a third of the partnership's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import lru_cache

from engine.analysis.advice import INTERACTIVE, value_bids
from engine.analysis.bidding import Analysis, OptionResult, Stats
from engine.analysis.explain import explain, percent, points, risk_sentence, round2_sentence
from engine.analysis.robust import Robust, analyze_robust
from engine.core.action_words import answer_words, go_alone, in_dealer_words
from engine.core.actions import PASS, Action, Kind
from engine.core.cards import Suit
from engine.core.hand import HandState, Phase, apply, deal
from engine.core.ranking import sort_hand
from engine.core.rules import Rules
from engine.core.seats import LEARNER, seat_name
from engine.core.view import SeatView, view_of
from engine.players.evaluate import dealer_hand, hand_facts
from engine.search.seat_values import view_seed
from lessons.balance import accepted, drawn, wanted
from lessons.bid_drill import ANALYZER, bid_problem, clear_choice, clear_verdict, screened, view_link
from lessons.exercise_model import Answer, Exercise, Mode, Solution
from lessons.links import SEATS

MAX_DEALS = 40  # seeded deals tried for a clear-cut question (as the bid drill)
STRONG_DEALS = 400  # go_alone: deals looked at for a strong hand (cheap: no analysis)
ROUNDS = ("1", "2")


@lru_cache(maxsize=1024)
def judge(view: SeatView) -> Robust:
    """The analyzer's figures for the learner's bid: the Analyze page's for the same view (seeded by
    the view itself: the same position always gets the same verdict, however it was reached)."""
    return value_bids(view)


def judged_again(view: SeatView, factor: int, seed: str) -> Analysis:
    """The same judge on ``factor`` times the deals drawn from another ``seed`` (for ``python -m
    bench drill_balance``)."""
    return analyze_robust(
        view,
        f"{seed}:{view_seed(view)}",
        time_budget=None,
        max_samples=factor * INTERACTIVE.deals,
        other_samples=factor * INTERACTIVE.other_deals,
        ceiling=False,
    ).analysis


def _position(view: SeatView) -> int:
    """0 first to speak .. 3 the dealer."""
    return (view.seat - view.dealer - 1) % 4


def _to_learner(state: HandState, round2: bool) -> HandState:
    """Everyone passes until it is the learner's turn in round 1, or in round 2 (after four passes)."""
    while state.to_act != LEARNER or (round2 and state.phase is Phase.BID1):
        state = apply(state, PASS)
    return state


# ---- naming a suit in round 2 -----------------------------------------------------------------


def choice_words(action: Action) -> str:
    """The answer a round-2 action gives: 'pass' or 'call hearts' (alone or not)."""
    return answer_words(Action(action.kind, suit=action.suit))


def _call_or_pass(words: str) -> str:
    return "pass" if words == "pass" else "call"


@lru_cache(maxsize=512)
def _round2(seed: int, position: int) -> SeatView:
    """The first seeded round-2 position whose answer is clear and calls or passes as the seed
    wants; failing that the first clear one, failing that the first."""
    dealer = (LEARNER - position - 1) % 4
    views = (
        view_of(
            _to_learner(deal(Rules(), dealer, random.Random(f"name_suit:{seed}:{attempt}")), round2=True),
            LEARNER,
        )
        for attempt in range(MAX_DEALS)
    )
    want = wanted("name_suit", seed, ("call", "pass"))
    return drawn(views, want, _call_or_pass_verdict, f"name_suit:{seed}:{position}")


def _call_or_pass_verdict(view: SeatView) -> str | None:
    got = clear_verdict(view, choice_words)
    return None if got is None else _call_or_pass(got)


def make_name_suit(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    position = SEATS.index(options["seat"]) if options.get("seat") else rng.randrange(4)
    return name_suit_exercise(_round2(seed, position), seed, tuple(sorted(options.items())))


def name_suit_exercise(view: SeatView, seed: int = 0, settings: tuple[tuple[str, str], ...] = ()) -> Exercise:
    """The question for a round-2 position of South's (a seeded one, or one a test sets up)."""
    assert view.seat == LEARNER and view.phase is Phase.BID2 and view.my_turn
    position = _position(view)
    down = view.turned_down
    assert down is not None
    calls = tuple(choice_words(a) for a in view.legal if a.kind is Kind.CALL and not a.alone)
    again = [seat_name(4, s) for s, _ in view.history[4:]]
    before = f"{', '.join(again)} passed again. " if again else "You speak first in round 2. "
    deals = "you are the dealer" if view.dealer == LEARNER else f"{seat_name(4, view.dealer)} deals"
    return Exercise(
        kind="name_suit",
        seed=seed,
        mode=Mode.CHOICE,
        cards=sort_hand(view.hand),
        upcard=view.upcard,
        dealer=view.dealer,
        options=(*calls, "pass"),
        prompt=(
            f"You are South; {deals}. Everyone passed the {view.upcard.short} and it was turned down, "
            f"so {down.noun} cannot be trump. {before}Name a suit or pass?"
        ),
        facts=(f"your seat: {SEATS[position]}", "round 2"),
        settings=settings,
        view=view,
    )


def _link(view: SeatView) -> str:
    return view_link(view)


def _verb(action: Action, words: str) -> str:
    return words + (f" {go_alone()}" if action.alone and "alone" not in words else "")


def solve_name_suit(ex: Exercise) -> Solution:
    view = ex.view
    assert view is not None
    analysis = judge(view).analysis
    best, *others = analysis.counted_right
    answer = choice_words(best)
    also = tuple(dict.fromkeys(w for w in map(choice_words, others) if w != answer))
    lines = [str(line) for line in explain(view, analysis)]
    why = [f"Verdict from {ANALYZER}: {_verb(best, answer)}.", lines[0]]
    if also:
        why += [f"Either answer counts as right: {answer} or {also[0]}.", risk_sentence(analysis)]
    why += [line for line in lines[1:] if "you would hold" in line][:1]  # the hand with that trump
    pair = (
        (analysis.recommendation, analysis.runner_up) if others and analysis.runner_up is not None else None
    )
    turned = round2_sentence(view, best, pair)
    if turned:
        why.append(turned)
    return Solution.of(bid_problem(view, analysis, " ".join(why)), choice_words, _link(view))


def wrong_name_suit(ex: Exercise, answer: Answer, solution: Solution) -> str:
    return "Bidding is a judgement call: open the analyzer to see every suit's figures."


def name_suit_again(ex: Exercise, factor: int, seed: str) -> frozenset[Answer]:
    """The answers the same judge counts right on ``factor`` times the deals (another seed)."""
    assert ex.view is not None
    return frozenset(accepted(judged_again(ex.view, factor, seed), choice_words))


# ---- going alone -----------------------------------------------------------------------------


def _strong(view: SeatView) -> bool:
    """A hand worth asking about, in a suit it may make trump (round 1: the upcard's, with the upcard
    in a dealer's hand; round 2: any suit but the one turned down): the right bower and two more
    trumps, with a third more, the left bower or an off-suit ace. Only a filter for asking: the
    analyzer decides."""
    if view.phase is Phase.BID1:
        trump = view.upcard.suit
        assert trump is not None
        suits: tuple[Suit, ...] = (trump,)
    else:
        suits = tuple(s for s in Suit if s != view.turned_down)
    for trump in suits:
        hand = view.hand
        if view.phase is Phase.BID1 and view.seat == view.dealer:
            hand = dealer_hand(view.hand, view.upcard, trump)[0]
        facts = hand_facts(hand, trump)
        if (
            facts.trump_count >= 3
            and facts.right
            and (facts.trump_count >= 4 or facts.left or facts.off_aces)
        ):
            return True
    return False


def alone_pair(analysis: Analysis) -> tuple[Action, Action] | None:
    """(with the partner, alone) for the trump the analyzer says to make, when making it is clearly
    better than passing (and than any other suit); None otherwise."""
    best = analysis.recommendation
    if best.kind not in (Kind.ORDER, Kind.CALL):
        return None
    pair = (Action(best.kind, suit=best.suit), Action(best.kind, suit=best.suit, alone=True))
    if not all(any(o.action == a for o in analysis.options) for a in pair):
        return None
    if analysis.too_close and analysis.runner_up not in pair:
        return None
    return pair


def pair_answer(pair: tuple[Action, Action]) -> Callable[[Action], str | None]:
    """The go-alone drill's answer an action gives: 'partner' or 'alone' for the pair, else None."""
    return lambda action: {pair[0]: "partner", pair[1]: "alone"}.get(action)


@lru_cache(maxsize=512)
def _strong_hand(seed: int, round_option: str) -> SeatView:
    """The first seeded deal where the learner holds a strong hand, the analyzer says to make trump,
    and alone or with the partner is clearly the better, as the seed wants (``wanted``); failing
    that the first clear one, failing that the first, once ``MAX_DEALS`` deals were analysed."""
    want = wanted("go_alone", seed, ("partner", "alone"))
    first: SeatView | None = None
    clear: SeatView | None = None
    analysed = 0
    for attempt in range(STRONG_DEALS):
        rng = random.Random(f"go_alone:{seed}:{attempt}")
        round2 = round_option == "2" if round_option else rng.random() < 1 / 3
        position = rng.randrange(4)
        state = _to_learner(deal(Rules(), (LEARNER - position - 1) % 4, rng), round2)
        view = view_of(state, LEARNER)
        if not _strong(view):
            continue
        if analysed >= MAX_DEALS and first is not None:
            break
        analysed += 1
        quick = screened(view, f"call-screen:{view_seed(view)}")
        pair = alone_pair(quick.analysis)
        if pair is None or (clear_choice(quick, pair_answer(pair)) is None and first is not None):
            continue  # the quick look: no trump to make, or nothing clear (once a fallback is kept)
        robust = judge(view)
        pair = alone_pair(robust.analysis)
        if pair is not None:
            got = clear_choice(robust, pair_answer(pair))
            if got == want:
                return view
            first = first or view
            clear = clear or (view if got is not None else None)
    found = clear or first
    if found is None:  # pragma: no cover - a strong hand to make trump with turns up within a few deals
        raise RuntimeError(f"no go-alone question for seed {seed}")
    return found


def _alone_words(view: SeatView, action: Action) -> str:
    return answer_words(action, dealer=view.seat == view.dealer)


def make_go_alone(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    return go_alone_exercise(
        _strong_hand(seed, options.get("round", "")), seed, tuple(sorted(options.items()))
    )


def go_alone_exercise(view: SeatView, seed: int = 0, settings: tuple[tuple[str, str], ...] = ()) -> Exercise:
    """The question for a bid of South's where the analyzer says to make trump."""
    assert view.seat == LEARNER and view.phase in (Phase.BID1, Phase.BID2) and view.my_turn
    position = _position(view)
    pair = alone_pair(judge(view).analysis)
    if pair is None:
        raise ValueError("the analyzer does not say to make trump here: no go-alone question")
    trump = pair[0].suit if pair[0].kind is Kind.CALL else view.upcard.suit
    assert trump is not None
    deals = "you are the dealer" if view.dealer == LEARNER else f"{seat_name(4, view.dealer)} deals"
    passed = [seat_name(4, s) for s, _ in view.history]
    if view.phase is Phase.BID1:
        before = f"{', '.join(passed)} passed. " if passed else "You speak first. "
        scene = f"The upcard is the {view.upcard.short}. {before}"
    else:
        again = passed[4:]
        before = f"{', '.join(again)} passed again. " if again else "You speak first in round 2. "
        scene = f"Everyone passed the {view.upcard.short} and it was turned down. {before}"
    return Exercise(
        kind="go_alone",
        seed=seed,
        mode=Mode.CHOICE,
        cards=sort_hand(view.hand, trump),
        upcard=view.upcard,
        dealer=view.dealer,
        trump=trump,
        options=tuple(_alone_words(view, a) for a in pair),
        prompt=(
            f"You are South; {deals}. {scene}You will make {trump.noun} trump: with your partner, or alone?"
        ),
        facts=(f"your seat: {SEATS[position]}", f"round {1 if view.phase is Phase.BID1 else 2}"),
        settings=settings,
        view=view,
    )


def _figures(view: SeatView, o: OptionResult) -> str:
    r = o.realistic
    return (
        f"{_alone_words(view, o.action).capitalize()}: {points(r.ev)} points a hand; you take all five "
        f"tricks in {percent(r.p_march)} of deals and are euchred in {percent(r.p_euchred)}."
    )


THIRD_SLACK = 0.01  # a lone march chance this close to a third of the partnership's is "about a third"


def third_rule_words(partner: Stats, alone: Stats) -> tuple[str, str]:
    """(a third of the partnership's march chance, 'more than' / 'less than' / 'about': the lone
    march chance beside it)."""
    third = partner.p_march / 3
    if alone.p_march > third + THIRD_SLACK:
        compare = "more than"
    elif alone.p_march < third - THIRD_SLACK:
        compare = "less than"
    else:
        compare = "about"
    return percent(third), compare


def third_rule(partner: Stats, alone: Stats) -> str:
    """The one-third rule, put to the analyzer's figures: a march alone scores 4 where one with the
    partner scores 2 (3 more than making it, against 1 more), so when both make their three tricks
    about as often, alone pays when its march chance is more than a third of the partnership's."""
    third, compare = third_rule_words(partner, alone)
    text = (
        f"The one-third rule: a march alone scores 4 where one with your partner scores 2, so alone pays "
        f"when its march chance is more than a third of the partnership's. With your partner you take all "
        f"five tricks in {percent(partner.p_march)} of deals, a third of that is {third}, and alone you "
        f"take them in {percent(alone.p_march)}: {compare} {'that' if compare != 'about' else 'the same'}."
    )
    if alone.p_euchred > partner.p_euchred + THIRD_SLACK:
        text += (
            f" Alone you are also euchred more often ({percent(alone.p_euchred)} against "
            f"{percent(partner.p_euchred)}), which the rule leaves out and the figures count."
        )
    return text


def solve_go_alone(ex: Exercise) -> Solution:
    view = ex.view
    assert view is not None
    analysis = judge(view).analysis
    pair = alone_pair(analysis)
    assert pair is not None
    best = analysis.recommendation
    answer = _alone_words(view, best)
    also = tuple(_alone_words(view, a) for a in analysis.counted_right if a in pair and a != best)
    first = str(explain(view, analysis)[0])
    if view.seat == view.dealer:
        first = in_dealer_words(first)
    why = [f"Verdict from {ANALYZER}: {answer}.", first]
    if also:
        why.append(f"Either answer counts as right: {answer} or {also[0]}.")
    why += [_figures(view, analysis.option(a)) for a in pair]
    why.append(third_rule(analysis.option(pair[0]).realistic, analysis.option(pair[1]).realistic))
    problem = bid_problem(view, analysis, " ".join(why))
    return Solution.of(problem, lambda a: _alone_words(view, a), _link(view))


def wrong_go_alone(ex: Exercise, answer: Answer, solution: Solution) -> str:
    return "Going alone is a judgement call: open the analyzer to see how close it is."


def go_alone_again(ex: Exercise, factor: int, seed: str) -> frozenset[Answer]:
    """The answers the same judge counts right on ``factor`` times the deals (another seed)."""
    view = ex.view
    assert view is not None
    pair = alone_pair(judge(view).analysis)
    assert pair is not None
    words = {"partner": ex.options[0], "alone": ex.options[1]}
    return frozenset(words[a] for a in accepted(judged_again(view, factor, seed), pair_answer(pair)))
