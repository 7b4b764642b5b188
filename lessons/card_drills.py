"""Exercises about cards under trump: the left bower, rank order, following suit, trick winners.

Each drill has ``make(seed, rng, options) -> Exercise``, ``solve(exercise) -> Solution``
(asking engine.core.ranking / engine.core.hand) and ``wrong(exercise, answer, solution) -> str``
(why that particular answer is wrong, again from the engine's facts).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from engine.core.actions import Kind
from engine.core.cards import JACK, JOKER, Card, Suit, make_deck
from engine.core.hand import Phase, from_cards, legal_actions, replace
from engine.core.ranking import card_role, effective_suit, is_trump, left_bower, right_bower, strength
from engine.core.ranking import trick_winner_index as engine_trick_winner
from engine.core.rules import Rules
from engine.core.seats import seat_name
from lessons.exercise_model import Answer, Exercise, Mode, Solution, card_list, singular, trump_intro

DECK = make_deck(24)


def pick_trump(rng: random.Random, options: Mapping[str, str]) -> Suit:
    return Suit.parse(options["trump"]) if options.get("trump") else rng.choice(list(Suit))


def _role(card: Card, trump: Suit) -> str:
    role = card_role(card, trump)
    return f" ({role})" if role and role != "trump" else ""


# ---- click the left bower ---------------------------------------------------


def make_left_bower(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    trump = pick_trump(rng, options)
    which = options.get("bower", "left")
    jacks = [Card.of(JACK, s) for s in Suit]
    others = [c for c in DECK if not c.is_jack]
    cards = jacks + rng.sample(others, 2)
    rng.shuffle(cards)
    return Exercise(
        kind="left_bower",
        seed=seed,
        mode=Mode.PICK_CARD,
        trump=trump,
        cards=tuple(cards),
        prompt=f"{trump_intro(trump)} Click the {which} bower.",
        settings=tuple(sorted(options.items())),
        class_prompt=f"{trump_intro(trump)} Which card is the {which} bower?",
    )


def solve_left_bower(ex: Exercise) -> Solution:
    assert ex.trump is not None
    trump = ex.trump
    colour = "red" if trump.is_red else "black"
    if dict(ex.settings).get("bower", "left") == "right":
        card = right_bower(trump)
        why = f"The right bower is the {card.short}, the jack of trump itself: the highest trump, second only to the joker when you play with one."
        return Solution(card, why)
    card = left_bower(trump)
    why = (
        f"{trump.noun.capitalize()} are trump, so the left bower is the {card.short}: the other {colour} jack. "
        f"This hand it counts as {singular(trump)}, the next trump below the right bower."
    )
    return Solution(card, why)


def wrong_left_bower(ex: Exercise, answer: Answer, solution: Solution) -> str:
    assert ex.trump is not None and isinstance(answer, Card)
    role = card_role(answer, ex.trump)
    if role in ("right bower", "left bower"):
        return f"The {answer.short} is the {role}."
    if answer.is_jack:
        return f"The {answer.short} is a jack of the other colour: it stays in its own suit."
    return f"The {answer.short} is not a jack; both bowers are jacks."


# ---- put these cards in order -------------------------------------------------


def make_rank_order(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    trump = pick_trump(rng, options)
    joker = options.get("joker") == "yes"
    led = rng.choice([s for s in Suit if s != trump])
    trumps = [c for c in make_deck(24, joker) if is_trump(c, trump)]
    plain = [c for c in DECK if not is_trump(c, trump) and c.suit_index == led]
    while True:
        n_trump = rng.randint(2, 4)
        cards = rng.sample(trumps, n_trump) + rng.sample(plain, 5 - n_trump)
        if any(c.is_jack or c.is_joker for c in cards):
            break
    rng.shuffle(cards)
    return Exercise(
        kind="rank_order",
        seed=seed,
        mode=Mode.ORDER,
        trump=trump,
        cards=tuple(cards),
        prompt=(
            f"{trump_intro(trump)} {led.noun.capitalize()} {led.symbol} were led. "
            "Click these cards from the strongest to the weakest."
        ),
        class_prompt=(
            f"{trump_intro(trump)} {led.noun.capitalize()} {led.symbol} were led. "
            "In what order do these cards rank, from the strongest to the weakest?"
        ),
        facts=(f"led suit: {led.noun}",),
        settings=tuple(sorted(options.items())) + (("led", led.letter),),
    )


def _led_suit(ex: Exercise) -> Suit:
    return Suit.parse(dict(ex.settings)["led"])


def solve_rank_order(ex: Exercise) -> Solution:
    assert ex.trump is not None
    trump, led = ex.trump, _led_suit(ex)
    order = tuple(sorted(ex.cards, key=lambda c: -strength(c, trump, led)))
    tops = [c for c in order if is_trump(c, trump)]
    rest = [c for c in order if not is_trump(c, trump)]
    parts = [f"{c.short}{_role(c, trump)}" for c in tops]
    why = f"Strongest first: {', '.join(parts)}" if parts else "No trumps here"
    if rest:
        why += f"; then the {led.noun} {card_list(rest)}" + (
            f" — any trump beats any {led.noun[:-1]}" if tops else ""
        )
    return Solution(order, why + ".")


def misplaced(answer: tuple[Card, ...], right: tuple[Card, ...]) -> frozenset[Card]:
    """The cards of ``answer`` (the right cards in some order) that are out of place.

    A card is in place when it belongs to every longest run of the answer's cards that already
    stands in the right order: those cards need not move, the others do. One card put too high
    is the only one out of place, though every card after it has shifted; two cards swapped are
    both out of place, as moving either one would mend the order.

    >>> a, b, c, d = (Card.parse(t) for t in ("JH", "JD", "AH", "KH"))
    >>> sorted(x.short for x in misplaced((d, a, b, c), (a, b, c, d)))
    ['K♥']
    >>> sorted(x.short for x in misplaced((b, a, c, d), (a, b, c, d)))
    ['J♥', 'J♦']
    """
    place = {card: i for i, card in enumerate(right)}
    ranks = [place[card] for card in answer]
    n = len(ranks)
    ending = [1] * n  # the longest run in the right order ending at i
    for i in range(n):
        ending[i] = 1 + max((ending[j] for j in range(i) if ranks[j] < ranks[i]), default=0)
    starting = [1] * n  # the longest run in the right order starting at i
    for i in reversed(range(n)):
        starting[i] = 1 + max((starting[j] for j in range(i + 1, n) if ranks[j] > ranks[i]), default=0)
    longest = max(ending, default=0)
    on_a_longest = [i for i in range(n) if ending[i] + starting[i] - 1 == longest]
    # a card is on every longest run when no other card on one takes its step of the run
    kept = {answer[i] for i in on_a_longest if sum(ending[j] == ending[i] for j in on_a_longest) == 1}
    return frozenset(answer) - kept


def _outranks(high: Card, low: Card, trump: Suit) -> str:
    """Why ``high`` comes before ``low``."""
    if is_trump(high, trump) and not is_trump(low, trump):
        return f"the {high.short} is a trump{_role(high, trump)} and the {low.short} is not"
    return f"the {high.short}{_role(high, trump)} outranks the {low.short}{_role(low, trump)}"


def wrong_rank_order(ex: Exercise, answer: Answer, solution: Solution) -> str:
    """How many cards are in place, which are out of place, and why the first of those
    is: it stands before a card that outranks it, or after one it outranks."""
    assert ex.trump is not None and isinstance(answer, tuple) and isinstance(solution.answer, tuple)
    if sorted(answer) != sorted(ex.cards):
        return f"Put all {len(ex.cards)} cards in order, each once."
    right = solution.answer
    out = [card for card in answer if card in misplaced(answer, right)]
    if not out:
        return ""  # pragma: no cover - only called for a wrong answer
    kept = len(answer) - len(out)
    if kept:
        count = f"{kept} of your {len(answer)} cards {'is' if kept == 1 else 'are'} in place; "
        which = f"the {card_list(out)} {'is' if len(out) == 1 else 'are'} out of place"
    else:
        count, which = "", "every card is out of place"
    first = out[0]
    here, there = answer.index(first), right.index(first)
    other = next(c for c in answer if (answer.index(c) < here) != (right.index(c) < there) and c != first)
    if here < answer.index(other):
        why = f"you put the {first.short} before the {other.short}, but {_outranks(other, first, ex.trump)}"
    else:
        why = f"you put the {first.short} after the {other.short}, but {_outranks(first, other, ex.trump)}"
    text = f"{count}{which}: {why}."
    return text[:1].upper() + text[1:]


# ---- which of these can you play? ----------------------------------------------


def make_can_play(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    trump = pick_trump(rng, options)
    lb = left_bower(trump)
    trap = options.get("trap") == "yes" or rng.random() < 0.35
    while True:
        deck = list(DECK)
        rng.shuffle(deck)
        led, hand = deck[0], deck[1:6]
        if not trap:
            break
        story = rng.randrange(3)
        if story == 0 and lb in hand and led.suit_index == trump.partner and led != lb:
            break  # the left bower's printed suit is led: it may NOT follow with it
        if story == 1 and lb in hand and is_trump(led, trump):
            break  # trump is led: the left bower follows
        if story == 2 and led == lb:
            break  # the left bower is led: trump must follow
    leader = 3  # East leads; the learner (South) plays next to last... any seat order works
    others = [c for c in DECK if c != led and c not in hand]
    rng.shuffle(others)
    return Exercise(
        kind="can_play",
        seed=seed,
        mode=Mode.PICK_CARDS,
        trump=trump,
        cards=tuple(hand),
        led=led,
        trick=((leader, led),),
        prompt=(
            f"{trump_intro(trump)} {seat_name(4, leader)} leads the {led.short}. "
            "Select every card in your hand that you may play, then check."
        ),
        class_prompt=(
            f"{trump_intro(trump)} {seat_name(4, leader)} leads the {led.short}. "
            "Which of these cards may this hand play?"
        ),
        upcard=others[0],
        settings=tuple(sorted(options.items())),
    )


def engine_legal_cards(ex: Exercise) -> frozenset[Card]:
    """Ask the hand state machine: put the learner in a real PLAY state and list its legal plays."""
    assert ex.trump is not None and ex.led is not None and ex.upcard is not None
    leader, led = ex.trick[0]
    rest = [c for c in DECK if c != led and c not in ex.cards and c != ex.upcard]
    hands = [list(ex.cards), rest[0:5], rest[5:10], [led] + rest[10:14]]
    state = from_cards(Rules(), 2, hands, ex.upcard)
    hands_after = tuple(tuple(h) for h in hands[:3]) + (tuple(rest[10:14]),)
    state = replace(
        state,
        phase=Phase.PLAY,
        trump=ex.trump,
        maker=leader,
        hands=hands_after,
        trick=((leader, led),),
        leader=leader,
        to_act=0,
    )
    return frozenset(a.card for a in legal_actions(state) if a.kind is Kind.PLAY and a.card is not None)


def solve_can_play(ex: Exercise) -> Solution:
    assert ex.trump is not None and ex.led is not None
    trump, led = ex.trump, ex.led
    legal = engine_legal_cards(ex)
    suit = effective_suit(led, trump)
    lb = left_bower(trump)
    led_note = f" (the left bower is a trump, {singular(trump)})" if led == lb else ""
    follow = [c for c in ex.cards if c in legal]
    if len(legal) < len(ex.cards) or all(effective_suit(c, trump) == suit for c in ex.cards):
        why = f"The {led.short} is {singular(suit)}{led_note}, so you must follow {suit.noun}: {card_list(follow)}."
    else:
        why = f"You have no {suit.noun}, so you may play any card."
    if lb in ex.cards and suit != trump and lb.suit == suit:
        why += f" Your {lb.short} is the left bower: it is {singular(trump)} now, not {singular(suit)}."
    elif lb in ex.cards and suit == trump:
        why += f" Your {lb.short} is the left bower, so it counts as {singular(trump)}."
    return Solution(legal, why)


def wrong_can_play(ex: Exercise, answer: Answer, solution: Solution) -> str:
    assert ex.trump is not None and isinstance(answer, frozenset) and isinstance(solution.answer, frozenset)
    notes: list[str] = []
    extra = sorted(answer - solution.answer)
    missing = sorted(solution.answer - answer)
    if extra:
        notes.append(f"You may not play {card_list(extra)}: you can follow suit, so you must.")
    if missing:
        notes.append(f"You may also play {card_list(missing)}.")
    return " ".join(notes) or "Select at least one card."


# ---- who wins this trick? --------------------------------------------------------


def make_trick_winner(seed: int, rng: random.Random, options: Mapping[str, str]) -> Exercise:
    trump = pick_trump(rng, options)
    leader = rng.randrange(4)
    bowers = [right_bower(trump), left_bower(trump)]
    while True:
        cards = rng.sample(DECK, 4)
        if rng.random() < 0.5 or any(c in bowers for c in cards):
            break
    trick = tuple(((leader + i) % 4, c) for i, c in enumerate(cards))
    plays = "; ".join(f"{seat_name(4, s)} plays the {c.short}" for s, c in trick)
    return Exercise(
        kind="trick_winner",
        seed=seed,
        mode=Mode.PICK_CARD,
        trump=trump,
        cards=tuple(cards),
        trick=trick,
        led=cards[0],
        prompt=f"{trump_intro(trump)} {plays}. Click the card that wins the trick.",
        class_prompt=f"{trump_intro(trump)} {plays}. Which card wins the trick?",
        settings=tuple(sorted(options.items())),
    )


def solve_trick_winner(ex: Exercise) -> Solution:
    assert ex.trump is not None
    trump = ex.trump
    index = engine_trick_winner(ex.cards, trump)
    seat, card = ex.trick[index]
    who = seat_name(4, seat)
    led = effective_suit(ex.cards[0], trump)
    if any(is_trump(c, trump) for c in ex.cards):
        why = f"{who} wins with the {card.short}{_role(card, trump)}: the highest trump played."
    else:
        why = f"No trump was played, so the highest {led.noun[:-1]} wins: {who}'s {card.short}."
    if led == trump and not ex.cards[0].suit == trump and ex.cards[0] != JOKER:
        why += f" (The {ex.cards[0].short} led is the left bower, so trump was led.)"
    return Solution(card, why)


def wrong_trick_winner(ex: Exercise, answer: Answer, solution: Solution) -> str:
    assert ex.trump is not None and isinstance(answer, Card) and isinstance(solution.answer, Card)
    trump = ex.trump
    led = effective_suit(ex.cards[0], trump)
    if is_trump(answer, trump):
        return f"The {answer.short} is a trump, but the {solution.answer.short} is a higher one."
    if is_trump(solution.answer, trump):
        return f"The {answer.short} is not a trump, and a trump was played."
    if effective_suit(answer, trump) != led:
        return f"The {answer.short} is neither trump nor {singular(led)}, the suit led, so it cannot win."
    return f"The {solution.answer.short} is a higher {led.noun[:-1]} than the {answer.short}."
