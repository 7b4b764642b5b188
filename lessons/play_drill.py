"""Exercise: which card would you play? Judged by the exact solver over every deal you could face.

A question is a real seeded hand, bid and played by the club player (one seat of the
side asked for turned to South) up to a moment when you, South, must choose between
two or more cards with two to four cards left. You see what a player at the
table sees: your hand, trump, the upcard and the bidding, and every card played so
far. The hidden cards could lie in many ways; the *consistent deals* are every way
of giving the unseen cards to the other players that fits what you saw:

- each player holds as many cards as they have left;
- a player who did not follow suit has none of that suit (a shown void);
- the dealer who picked up the upcard still holds it until it is played.

The bids are not used to narrow the deals down (a pass or an order up is a hint,
not a fact), so the answer holds whatever table the others bid as.

When there are at most ``ENUMERATE_LIMIT`` consistent deals, every one of them is
judged; otherwise ``SAMPLE_SIZE`` deals drawn uniformly at random with a generator
seeded by the question. In each deal the exact solver (``engine.compiled.solver.solve``)
gives, for each card you may play, the tricks your side takes when everyone plays
perfectly from then on (the "double dummy" value of the card).

**The rule for a question.** A card is *the* answer when, in every deal judged, no
other card gives your side more tricks, and against each other card you may play it
gives strictly more tricks in at least ``MIN_SHARE`` (half) of the deals. Positions
without such a card are not asked: two cards that are always worth the same, or a
best card that depends on where the hidden cards lie. A deal without a qualifying
moment is skipped for the seed's next deal: seed *s* tries the deals seeded
``play_card:s:0``, ``play_card:s:1``, ... in turn. So the same seed always gives the same
question, and different seeds never share a deal (the Learn page's "New question"
moves to seed + 1 and must get a new hand). To keep a question fast, a position
is first screened: when every card the learner may play has an *equivalent* one (same
suit, nothing that another player could hold ranking between them), no card can beat
all the others and nothing is solved; otherwise the rule is applied to ``SCREEN``
quickly dealt deals, and the full count stops as soon as no card can still qualify. A
screened-out position is simply not asked, so every question asked satisfies the rule
in full.

The explanation is built from the solver's figures, e.g. "With the A♠ your side
takes 3 tricks in every deal. The K♠ takes fewer tricks in 61% of the deals; you make
your bid in 39% of the deals with it and in every deal with the A♠."
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from engine.compiled.solver import solve as solve_position
from engine.core.action_words import WORDS, Tense, Word, order_up
from engine.core.actions import Kind, play
from engine.core.cards import Card, make_deck
from engine.core.hand import HandState, Phase, Trick, apply, deal
from engine.core.problem import Problem
from engine.core.ranking import effective_table, sort_hand, strength_table
from engine.core.rules import Rules
from engine.core.seats import LEARNER, seat_name
from engine.core.stats import mean_interval
from engine.core.view import SeatView, view_of
from engine.players.club import ClubPlayer
from lessons.balance import card_class, wanted
from lessons.exercise_model import Answer, Exercise, Mode, Solution, card_list, card_of, trump_intro
from lessons.play_deals import (
    ENUMERATE_LIMIT,
    SAMPLE_SIZE,
    Deal,
    DealSpace,
    Hidden,
    deals_to_judge,
    hidden_of,
    quick_deal,
)

RULES = Rules()  # the standard four-player game
TRICKS = 5
HAND_SIZES = (2, 3, 4)  # cards in the learner's hand at the question
MIN_SHARE = 0.5  # the answer beats each other card outright in at least this share of the deals
PAST = Tense.PAST  # the auction as it went, in the bidding sentence
SCREEN = 20  # random deals a position must pass the rule on before it is judged in full
MAX_ATTEMPTS = 200  # deals tried for one seed before giving up (never reached in practice)
WANT_TRIES = 40  # moments that pass the rule looked at for the answer the seed wants
SIDES = ("makers", "defenders")
JUDGE = "the exact solver, over the deals that fit what you can see"

# ---- judging a position ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Judgement:
    """The solver's figures for one position, from the learner's side."""

    legal: tuple[Card, ...]
    tricks: Mapping[Card, tuple[int, ...]]  # per legal card: the learner's side's tricks in each deal judged
    possible: int  # consistent deals in all
    answer: Card | None  # the card the rule picks, or None

    @property
    def deals(self) -> int:
        """Deals judged: all of them, or the sample."""
        return len(self.tricks[self.legal[0]])

    @property
    def enumerated(self) -> bool:
        return self.deals == self.possible

    def better(self, card: Card, other: Card) -> int:
        """Deals in which ``card`` gives the learner's side more tricks than ``other``."""
        return sum(1 for a, b in zip(self.tricks[card], self.tricks[other], strict=True) if a > b)


def legal_cards(view: SeatView) -> tuple[Card, ...]:
    return tuple(a.card for a in view.legal if a.kind is Kind.PLAY and a.card is not None)


def position(view: SeatView, hidden: Hidden, hands: Deal) -> HandState:
    """The play-phase state of one consistent deal (only the seats that play hold cards)."""
    held: list[tuple[Card, ...]] = [() for _ in range(view.players)]
    held[view.seat] = view.hand
    for seat, cards in zip(hidden.seats, hands, strict=True):
        held[seat] = cards
    for seat, card in hidden.pinned:
        held[seat] = held[seat] + (card,)
    frozen = tuple(held)
    return HandState(
        rules=view.rules,
        dealer=view.dealer,
        dealt=frozen,
        hands=frozen,
        upcard=view.upcard,
        kitty=(),
        phase=Phase.PLAY,
        to_act=view.seat,
        trump=view.trump,
        maker=view.maker,
        alone=view.alone,
        lone_defender=view.lone_defender,
        out=view.out,
        upcard_taken=view.upcard_taken,
        tricks=view.tricks,
        trick=view.trick,
        leader=view.leader,
    )


def side_tricks(view: SeatView, hidden: Hidden, hands: Deal, legal: tuple[Card, ...]) -> dict[Card, int]:
    """Per legal card: the learner's side's tricks for the hand in this deal, with best play after it."""
    values = solve_position(position(view, hidden, hands)).cards
    makers = view.is_maker_side(view.seat)
    return {c: values[play(c)] if makers else TRICKS - values[play(c)] for c in legal}


def _screen(view: SeatView, hidden: Hidden, legal: tuple[Card, ...], seed: int) -> bool:
    """Does the position pass the rule on ``SCREEN`` quickly dealt deals? (A cheap filter before
    the full count: most positions fail it within a few deals.)"""
    assert view.trump is not None
    rng = random.Random(f"play_card:screen:{seed}")
    deals = (quick_deal(hidden, view.trump, rng) for _ in range(SCREEN))
    return _passes(view, hidden, legal, deals, SCREEN) is not None


def _passes(
    view: SeatView, hidden: Hidden, legal: tuple[Card, ...], deals: Iterable[Deal], n: int
) -> dict[Card, list[int]] | None:
    """The learner's side's tricks per card over ``n`` deals, or None as soon as no card can pass
    the rule any more (not best in some deal, or too far behind on beating another card)."""
    m = len(legal)
    columns: list[list[int]] = [[] for _ in legal]
    better = [[0] * m for _ in legal]  # better[a][b]: deals where card a beat card b
    candidates = list(range(m))
    need = MIN_SHARE * n
    for done, hands in enumerate(deals, start=1):
        row = side_tricks(view, hidden, hands, legal)
        values = [row[c] for c in legal]
        top = max(values)
        for a in range(m):
            columns[a].append(values[a])
            for b in range(m):
                if values[a] > values[b]:
                    better[a][b] += 1
        left = n - done
        candidates = [
            a
            for a in candidates
            if values[a] == top and all(better[a][b] + left >= need for b in range(m) if b != a)
        ]
        if not candidates:
            return None
    return {c: columns[i] for i, c in enumerate(legal)}


def equivalent(view: SeatView, a: Card, b: Card) -> bool:
    """Are two of the learner's cards the same move in every deal? Same (effective) suit, and
    every card ranking between them is in the learner's hand or in a finished trick (a card on
    the table in the trick being played, or one that another player may hold, keeps them apart)."""
    assert view.trump is not None
    eff = effective_table(view.trump)
    suit = eff[a]
    if eff[b] != suit:
        return False
    rank = strength_table(view.trump, suit)
    low, high = sorted((rank[a], rank[b]))
    gone = set(view.hand) | {c for t in view.tricks for _, c in t.plays}
    deck = make_deck(view.rules.deck, view.rules.joker)
    return all(c in gone for c in deck if eff[c] == suit and low < rank[c] < high)


def could_be_the_answer(view: SeatView, legal: tuple[Card, ...]) -> bool:
    """False when every legal card has an equivalent one among them: two cards that are always
    worth the same never beat each other, so neither can be the answer (no solving needed)."""
    return any(not any(equivalent(view, c, o) for o in legal if o != c) for c in legal)


def evaluate(view: SeatView, seed: int, screen: bool = False) -> Judgement | None:
    """The solver over the deals to judge. With ``screen``: None as soon as no card can
    qualify (the screen fails, or the counts so far rule every card out)."""
    assert view.trump is not None and view.my_turn
    legal = legal_cards(view)
    hidden = hidden_of(view)
    if screen and (
        len(legal) < 2 or not could_be_the_answer(view, legal) or not _screen(view, hidden, legal, seed)
    ):
        return None
    possible, deals = deals_to_judge(view, seed)
    if screen:
        found = _passes(view, hidden, legal, deals, len(deals))
        if found is None:
            return None
        tricks = found
    else:
        tricks = {c: [] for c in legal}
        for hands in deals:
            row = side_tricks(view, hidden, hands, legal)
            for card in legal:
                tricks[card].append(row[card])
    table = {c: tuple(v) for c, v in tricks.items()}
    return Judgement(legal, table, possible, _answer(legal, table))


def _answer(legal: tuple[Card, ...], tricks: Mapping[Card, Sequence[int]]) -> Card | None:
    """The rule: the one card never worse than another, and better than each other card in at
    least ``MIN_SHARE`` of the deals; None when no card is."""
    n = len(tricks[legal[0]])
    rows = list(zip(*(tricks[c] for c in legal), strict=True))
    never_worse = [c for i, c in enumerate(legal) if all(row[i] == max(row) for row in rows)]
    if len(never_worse) != 1:
        return None
    best = never_worse[0]
    for other in legal:
        beats = sum(1 for a, b in zip(tricks[best], tricks[other], strict=True) if a > b)
        if other != best and beats < MIN_SHARE * n:
            return None
    return best


_JUDGED: dict[tuple[SeatView, int], Judgement] = {}  # the last few hundred positions judged
_JUDGED_LOCK = threading.Lock()  # the Learn page judges from several sessions' threads


def judge(view: SeatView, seed: int) -> Judgement:
    """The solver's figures for the learner's position (computed once per position and seed)."""
    with _JUDGED_LOCK:
        known = _JUDGED.get((view, seed))
    if known is not None:
        return known
    judgement = evaluate(view, seed)
    assert judgement is not None
    _remember((view, seed), judgement)
    return judgement


def _remember(key: tuple[SeatView, int], judgement: Judgement) -> None:
    with _JUDGED_LOCK:
        if len(_JUDGED) >= 512:
            _JUDGED.pop(next(iter(_JUDGED)))
        _JUDGED[key] = judgement


# ---- making a question ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hand:
    """A seeded deal bid and played by the club player at every seat, and its moments: for
    each decision with two to four cards in hand and a choice of cards, what that seat saw."""

    maker: int
    alone: bool
    moments: tuple[SeatView, ...]


@lru_cache(maxsize=4096)
def _hand(seed: int, attempt: int) -> Hand | None:
    """Deal ``attempt`` of ``seed``, bid and played out; None when it is thrown in."""
    rng = random.Random(f"play_card:{seed}:{attempt}")
    state = deal(RULES, rng.randrange(4), rng)
    player = ClubPlayer()
    found: list[SeatView] = []
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        view = view_of(state, seat)
        if state.phase is Phase.PLAY and len(view.hand) in HAND_SIZES and len(view.legal) >= 2:
            found.append(view)
        state = apply(state, player.decide(view, rng).action)
    if state.maker is None:
        return None
    return Hand(state.maker, state.alone, tuple(found))


def turned(view: SeatView, learner: int) -> SeatView:
    """The same view with the seats renumbered so that ``learner`` sits South (seat 0).

    Only the names change: the cards, the bidding and the play are the same, so the
    question is the same position, told from South's chair.
    """
    n = view.players

    def f(seat: int) -> int:
        return (seat - learner) % n

    return replace(
        view,
        seat=f(view.seat),
        dealer=f(view.dealer),
        to_act=None if view.to_act is None else f(view.to_act),
        history=tuple((f(s), a) for s, a in view.history),
        maker=None if view.maker is None else f(view.maker),
        lone_defender=None if view.lone_defender is None else f(view.lone_defender),
        out=tuple(f(s) for s in view.out),
        tricks=tuple(
            Trick(f(t.leader), tuple((f(s), c) for s, c in t.plays), f(t.winner)) for t in view.tricks
        ),
        trick=tuple((f(s), c) for s, c in view.trick),
        leader=None if view.leader is None else f(view.leader),
        hand_sizes=tuple(view.hand_sizes[(i + learner) % n] for i in range(n)),
    )


@lru_cache(maxsize=8192)
def _asked(seed: int, attempt: int, learner: int) -> tuple[SeatView, ...]:
    """What ``learner`` (turned to South) sees at each of its moments that passes the rule, in a
    seeded random order."""
    hand = _hand(seed, attempt)
    assert hand is not None
    views = [turned(v, learner) for v in hand.moments if v.seat == learner]
    random.Random(f"play_card:moment:{seed}:{attempt}:{learner}").shuffle(views)
    found = []
    for view in views:
        judgement = evaluate(view, seed, screen=True)
        if judgement is not None and judgement.answer is not None:
            _remember((view, seed), judgement)
            found.append(view)
    return tuple(found)


def easy_pattern(view: SeatView, card: Card) -> str | None:
    """The easy habit a play of ``card`` follows, if any: trumping in when void in the suit led,
    or third hand high (the partner led, and ``card`` is the highest of the suit led)."""
    if not view.trick or view.trump is None:
        return None
    eff = effective_table(view.trump)
    led = eff[view.trick[0][1]]
    follows = [c for c in view.hand if eff[c] == led]
    if not follows and eff[card] == view.trump:
        return "trump in when void"
    partner_led = len(view.trick) == 2 and (view.trick[0][0] - view.seat) % 4 == 2
    rank = strength_table(view.trump, led)
    if partner_led and follows and card == max(follows, key=lambda c: rank[c]):
        return "third hand high"
    return None


@lru_cache(maxsize=4096)
def _question(seed: int, side: str) -> Exercise:
    """The question of ``seed``: among its deals' moments that pass the rule (attempt 0, 1, ...,
    the learner a seat of ``side``, any seat that plays when ``side`` is empty, tried in a seeded
    order, turned to South), the first whose answer is the strongest legal card or another one, as
    the seed wants (``wanted``), and follows no easy pattern (``easy_pattern``) unless the seed is
    one of the third of seeds that allow one; failing that within ``WANT_TRIES`` moments, the first
    without an easy pattern, failing that the first."""
    want = wanted("play_card", seed, ("strongest", "other"))
    easy_ok = wanted("play_card:easy", seed, ("easy", "hard", "hard"), repeat=1) == "easy"
    first: SeatView | None = None
    hard: SeatView | None = None
    tried = 0
    for attempt in range(MAX_ATTEMPTS):
        hand = _hand(seed, attempt)
        if hand is None:
            continue
        makers = [hand.maker] + ([] if hand.alone else [(hand.maker + 2) % 4])
        defenders = [(hand.maker + 1) % 4, (hand.maker + 3) % 4]
        seats = {"makers": makers, "defenders": defenders}.get(side) or makers + defenders
        random.Random(f"play_card:seat:{seed}:{attempt}").shuffle(seats)
        for learner in seats:
            for view in _asked(seed, attempt, learner):
                answer = judge(view, seed).answer
                assert answer is not None
                easy = easy_pattern(view, answer) is not None
                got = "strongest" if card_class(view, answer) == "strongest" else "other"
                if got == want and (easy_ok or not easy):
                    return _exercise(seed, view, side)
                first = first or view
                hard = hard or (None if easy else view)
                tried += 1
        if tried >= WANT_TRIES and first is not None:
            break
    if first is None:  # pragma: no cover - a moment that passes the rule turns up within a few deals
        raise RuntimeError(f"no play question in {MAX_ATTEMPTS} deals of seed {seed}")
    return _exercise(seed, hard or first, side)


def make_play_card(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    return _question(seed, options.get("side", ""))


def _exercise(seed: int, view: SeatView, side: str) -> Exercise:
    assert view.trump is not None
    return Exercise(
        kind="play_card",
        seed=seed,
        mode=Mode.PICK_CARD,
        prompt=prompt(view),
        cards=sort_hand(view.hand, view.trump),
        trump=view.trump,
        trick=view.trick,
        led=view.trick[0][1] if view.trick else None,
        upcard=view.upcard,
        dealer=view.dealer,
        seat=LEARNER,
        rules=view.rules,
        facts=tuple(story(view)),
        settings=(("side", side),) if side else (),
        view=view,
    )


# ---- words ---------------------------------------------------------------------------------


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def who(view: SeatView, seat: int) -> str:
    """'you', 'your partner North', 'West' — seats as the learner calls them."""
    if seat == view.seat:
        return "you"
    name = seat_name(view.players, seat)
    return f"your partner {name}" if (seat - view.seat) % 4 == 2 else name


def bidding(view: SeatView) -> str:
    """The auction in one sentence, from the learner's seat."""
    assert view.trump is not None and view.maker is not None
    maker, dealer = who(view, view.maker), who(view, view.dealer)
    alone = " alone" if view.alone else ""
    up = view.upcard.short
    call = next(a for s, a in view.history if s == view.maker and a.is_bid)
    if call.kind is Kind.ORDER and view.maker == view.dealer:
        text = f"{_cap(dealer)} dealt and {order_up(PAST, dealer=True, upcard=f'the {up}')}{alone}"
    elif call.kind is Kind.ORDER and view.upcard_taken:
        taker = "you" if view.dealer == view.seat else "the dealer"
        picked = order_up(PAST, dealer=True, upcard="it")
        text = (
            f"{_cap(dealer)} dealt; {maker} {order_up(PAST, upcard=f'the {up}')}{alone} and {taker} {picked}"
        )
    elif call.kind is Kind.ORDER:
        text = (
            f"{_cap(dealer)} dealt; {maker} {order_up(PAST, upcard=f'the {up}')} alone, so the dealer sits out "
            "and the upcard stays on the kitty"
        )
    else:
        text = (
            f"{_cap(dealer)} dealt; everyone passed the {up} and it was turned down, "
            f"then {maker} {WORDS[Word.CALL].say(PAST, view.trump.noun)}{alone}"
        )
    if view.discarded is not None:
        text += f" (you discarded the {view.discarded.short})"
    partner = (view.maker + 2) % 4
    if view.alone and partner != view.dealer:
        text += f"; {who(view, partner)} sits out"
    return text + "."


def _trick_text(view: SeatView, plays: Sequence[tuple[int, Card]]) -> str:
    first_seat, first = plays[0]
    return ", ".join(
        [f"{_cap(who(view, first_seat))} led the {first.short}"]
        + [f"{who(view, s)} the {c.short}" for s, c in plays[1:]]
    )


def story(view: SeatView) -> list[str]:
    """The tricks played so far, one line each."""
    return [
        f"Trick {i}: {_trick_text(view, t.plays)}; {who(view, t.winner)} won."
        for i, t in enumerate(view.tricks, start=1)
    ]


def prompt(view: SeatView) -> str:
    """Everything the learner can see, one line per fact (Markdown hard line breaks)."""
    assert view.trump is not None
    mine = sum(1 for t in view.tricks if view.is_maker_side(t.winner) == view.is_maker_side(view.seat))
    side = "makers" if view.is_maker_side(view.seat) else "defenders"
    lines = [f"{trump_intro(view.trump)} {bidding(view)} Your side are the {side}."]
    lines += story(view)
    lines.append(f"Tricks so far: your side {mine}, theirs {len(view.tricks) - mine}.")
    now = f"Trick {len(view.tricks) + 1}: "
    now += f"{_trick_text(view, view.trick)}; your turn." if view.trick else "you lead."
    lines.append(now + " Which card would you play?")
    return "  \n".join(lines)


def _share(count: int, n: int) -> str:
    if count == n:
        return "every deal" if n > 1 else "the deal"
    return f"{round(100 * count / n)}% of the deals" if count else "none of the deals"


def _tricks(n: int) -> str:
    return "1 trick" if n == 1 else f"{n} tricks"


def _summary(values: Sequence[int]) -> str:
    low, high = min(values), max(values)
    if low == high:
        return f"{_tricks(low)} in {_share(len(values), len(values))}"
    at_high = sum(1 for v in values if v == high)
    return f"{_tricks(high)} in {_share(at_high, len(values))} and never fewer than {low}"


def _events(view: SeatView) -> tuple[tuple[str, int], ...]:
    """What the score cares about, as (words, tricks your side needs)."""
    if view.is_maker_side(view.seat):
        return (("you make your bid", 3), ("you march", 5))
    return (("you euchre them", 3), ("you stop a march", 1))


def solve_play_card(ex: Exercise) -> Solution:
    view = ex.view
    assert view is not None
    j = judge(view, ex.seed)
    if j.answer is None:  # pragma: no cover - such positions are never asked
        raise RuntimeError("this position has no single best card")
    best, n = j.answer, j.deals
    if j.enumerated:
        scope = (
            f"In all {n} ways the hidden cards can lie"
            if n > 1
            else "In the only way the hidden cards can lie"
        )
    else:
        scope = f"In {n} deals drawn at random from the {j.possible:,} ways the hidden cards can lie"
    why = [
        f"Play the {best.short}. {scope}, given what you have seen, no other card does better "
        "(everyone then plays perfectly).",
        f"With the {best.short} your side takes {_summary(j.tricks[best])}.",
    ]
    for other in j.legal:
        if other == best:
            continue
        sentence = f"The {other.short} takes fewer tricks in {_share(j.better(best, other), n)}"
        for words, need in _events(view):
            with_best = sum(1 for v in j.tricks[best] if v >= need)
            with_other = sum(1 for v in j.tricks[other] if v >= need)
            if with_best > with_other:
                sentence += (
                    f"; {words} in {_share(with_other, n)} with it and in {_share(with_best, n)}"
                    f" with the {best.short}"
                )
                break
        why.append(sentence + ".")
    return Solution.of(play_problem(view, j, " ".join(why)), card_of)


def play_problem(view: SeatView, j: Judgement, reason: str) -> Problem:
    """The card question as a problem: every card the seat may play with the tricks its side takes
    with it, on average over the deals judged; the rule's answer the one right card."""
    assert j.answer is not None
    tricks = {
        a: sum(j.tricks[a.card]) / j.deals for a in view.legal if a.card is not None and a.card in j.tricks
    }
    best = next(a for a in tricks if a.card == j.answer)
    return Problem.at(view, tricks, (best,), "tricks", JUDGE, reason)


def play_card_again(ex: Exercise, factor: int, seed: str) -> frozenset[Answer]:
    """The cards counted right when the position is judged again on ``factor`` times the deals drawn
    from another ``seed`` (every deal again when there are few enough to deal them all): the card
    with the most tricks on average, and every card whose paired difference from it has a 95%
    interval reaching 0 (for ``python -m bench drill_balance``)."""
    view = ex.view
    assert view is not None and view.trump is not None
    hidden = hidden_of(view)
    space = DealSpace(hidden, view.trump)
    if space.total <= ENUMERATE_LIMIT:
        deals = space.every()
    else:
        rng = random.Random(f"{seed}:play_card:{ex.seed}")
        deals = [space.sample(rng) for _ in range(factor * SAMPLE_SIZE)]
    legal = legal_cards(view)
    rows = [side_tricks(view, hidden, hands, legal) for hands in deals]
    columns = {c: [float(r[c]) for r in rows] for c in legal}
    best = max(legal, key=lambda c: sum(columns[c]))
    tied = {
        c
        for c in legal
        if c != best
        and not mean_interval([a - b for a, b in zip(columns[best], columns[c], strict=True)]).low > 0
    }
    return frozenset({best} | tied)


def wrong_play_card(ex: Exercise, answer: Answer, solution: Solution) -> str:
    view = ex.view
    assert view is not None and isinstance(answer, Card) and view.trump is not None
    legal = legal_cards(view)
    if answer not in legal:
        led = effective_table(view.trump)[view.trick[0][1]]
        return (
            f"You may not play the {answer.short}: you hold {led.noun}, so you must follow suit "
            f"({card_list([c for c in ex.cards if c in legal])})."
        )
    return f"The {answer.short} is not the best card here."
