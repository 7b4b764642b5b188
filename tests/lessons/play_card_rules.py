"""A brute force for the play exercise, written from RULES.md on card text ("JH", "TD").

It deals the unseen cards again from what the learner can see (``Exercise.view``) its
own way, and plays every deal out with a plain alpha-beta minimax. It imports nothing
from ``engine.compiled.solver`` or ``engine.core.hand``. ``examine`` runs in worker processes for
``test_play_card`` (generating a question and checking it both take a while, and the
test spreads its seeds over two processes).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass

from lessons import play_drill
from lessons.exercises import Exercise, Solution, generate, solve

# ---- RULES.md, written out on card text ------------------------------------------------

PARTNER = {"H": "D", "D": "H", "S": "C", "C": "S"}  # §3 colour pairs
DECK = [r + s for s in "CDHS" for r in "9TJQKA"]  # §2, the 24-card deck
TRUMP_LADDER = ["J", "j", "A", "K", "Q", "T", "9"]  # right bower, left bower ("j"), A..9
PLAIN_LADDER = ["A", "K", "Q", "J", "T", "9"]


def eff(card: str, t: str) -> str:
    """§3: the left bower belongs to trump."""
    return t if card == "J" + PARTNER[t] else card[1]


def power(card: str, t: str, led: str) -> int:
    """§8: any trump beats the led suit; other suits never win."""
    if eff(card, t) == t:
        rank = "j" if card == "J" + PARTNER[t] else card[0]
        return 100 - TRUMP_LADDER.index(rank)
    if eff(card, t) == led:
        return 50 - PLAIN_LADDER.index(card[0])
    return 0


# The two functions above as tables, for the minimax's inner loop.
EFF = {t: {c: eff(c, t) for c in DECK} for t in "CDHS"}
POWER = {(t, led): {c: power(c, t, led) for c in DECK} for t in "CDHS" for led in "CDHS"}


def may_play(hand: tuple[str, ...], trick: tuple[tuple[int, str], ...], t: str) -> tuple[str, ...]:
    """§8: follow the led (effective) suit if able."""
    if not trick:
        return hand
    suits = EFF[t]
    led = suits[trick[0][1]]
    follow = tuple(c for c in hand if suits[c] == led)
    return follow or hand


@dataclass(frozen=True)
class Table:
    trump: str
    order: tuple[int, ...]  # the seats that play, clockwise
    makers: frozenset[int]

    def next_seat(self, seat: int) -> int:
        return self.order[(self.order.index(seat) + 1) % len(self.order)]


def play_out(table: Table, hands: dict[int, tuple[str, ...]], trick: tuple[tuple[int, str], ...], to_act: int,
             won: int, alpha: int = -1, beta: int = 6) -> int:
    """The makers' total tricks with best play by everyone, every card known (alpha-beta minimax)."""
    if not trick and not hands[to_act]:
        return won
    makers = to_act in table.makers
    best = -1 if makers else 99
    for card in may_play(hands[to_act], trick, table.trump):
        value = after(table, hands, trick, to_act, won, card, alpha, beta)
        if makers:
            if value > best:
                best = value
            alpha = max(alpha, value)
        else:
            if value < best:
                best = value
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def after(table: Table, hands: dict[int, tuple[str, ...]], trick: tuple[tuple[int, str], ...], to_act: int,
          won: int, card: str, alpha: int = -1, beta: int = 6) -> int:
    """The value once ``to_act`` has played ``card`` (§8: the highest trump, else the highest
    card of the suit led, wins the trick and leads the next)."""
    rest = dict(hands)
    rest[to_act] = tuple(c for c in hands[to_act] if c != card)
    now = trick + ((to_act, card),)
    if len(now) < len(table.order):
        return play_out(table, rest, now, table.next_seat(to_act), won, alpha, beta)
    strength = POWER[table.trump, EFF[table.trump][now[0][1]]]
    winner = max(now, key=lambda p: strength[p[1]])[0]
    return play_out(table, rest, (), winner, won + (winner in table.makers), alpha, beta)


# ---- what the learner can see, and the deals that fit it -------------------------------------


@dataclass(frozen=True)
class Seen:
    trump: str
    table: Table
    hand: tuple[str, ...]
    trick: tuple[tuple[int, str], ...]
    won: int  # makers' tricks so far
    unseen: tuple[str, ...]
    sizes: dict[int, int]  # hidden seat -> unseen cards it holds
    pinned: dict[int, str]  # hidden seat -> a card it is known to hold (the dealer's upcard)
    voids: dict[int, set[str]]
    learner_makes: bool


def seen(ex: Exercise) -> Seen:
    v = ex.view
    assert v is not None and v.trump is not None and v.maker is not None
    t = v.trump.letter
    order = tuple(s for s in range(4) if s not in v.out)
    makers = frozenset(s for s in order if s % 2 == v.maker % 2)
    tricks = [[(s, str(c)) for s, c in tr.plays] for tr in v.tricks]
    trick = tuple((s, str(c)) for s, c in v.trick)
    played = [c for tr in tricks for _, c in tr] + [c for _, c in trick]
    voids: dict[int, set[str]] = {s: set() for s in order}
    won = 0
    for plays in tricks + [list(trick)]:
        if not plays:
            continue
        led = eff(plays[0][1], t)
        for s, c in plays[1:]:
            if eff(c, t) != led:
                voids[s].add(led)
        if len(plays) == len(order):
            winner = max(plays, key=lambda p: power(p[1], t, led))[0]
            won += winner in makers
    hand = tuple(str(c) for c in v.hand)
    known = set(hand) | set(played) | {str(v.upcard)} | ({str(v.discarded)} if v.discarded else set())
    pinned: dict[int, str] = {}
    if v.upcard_taken and v.dealer != 0 and str(v.upcard) not in played:
        pinned[v.dealer] = str(v.upcard)  # RULES §6: the upcard stays in the dealer's hand
    sizes = {s: v.hand_sizes[s] - (s in pinned) for s in order if s != 0}
    return Seen(t, Table(t, order, makers), hand, trick, won, tuple(c for c in DECK if c not in known),
                sizes, pinned, voids, 0 in makers)


def fits(s: Seen, hands: dict[int, tuple[str, ...]]) -> bool:
    return all(eff(c, s.trump) not in s.voids[seat] for seat, cards in hands.items() for c in cards)


def every_deal(s: Seen) -> Iterator[dict[int, tuple[str, ...]]]:
    """Every way to give the unseen cards to the hidden seats (the rest stay in the kitty)."""
    seats = sorted(s.sizes)

    def rest(i: int, left: tuple[str, ...]) -> Iterator[dict[int, tuple[str, ...]]]:
        if i == len(seats):
            yield {}
            return
        for mine in itertools.combinations(left, s.sizes[seats[i]]):
            for others in rest(i + 1, tuple(c for c in left if c not in mine)):
                yield {seats[i]: mine, **others}

    for hands in rest(0, s.unseen):
        if fits(s, hands):
            yield hands


def random_deal(s: Seen, rng: random.Random) -> dict[int, tuple[str, ...]]:
    while True:
        cards = list(s.unseen)
        rng.shuffle(cards)
        hands, i = {}, 0
        for seat in sorted(s.sizes):
            hands[seat] = tuple(cards[i : i + s.sizes[seat]])
            i += s.sizes[seat]
        if fits(s, hands):
            return hands


def side_tricks(s: Seen, hands: dict[int, tuple[str, ...]]) -> dict[str, int]:
    """Per card the learner may play: the learner's side's tricks with best play afterwards."""
    full = {seat: tuple(sorted(cards + ((s.pinned[seat],) if seat in s.pinned else ()))) for seat, cards in hands.items()}
    full[0] = s.hand
    out = {}
    for card in may_play(s.hand, s.trick, s.trump):
        makers = after(s.table, full, s.trick, 0, s.won, card)
        out[card] = makers if s.learner_makes else 5 - makers
    return out


# ---- one question, examined ------------------------------------------------------------

EXHAUSTIVE = 200  # questions with at most this many consistent deals (and 2-3 cards) are dealt every way
DRAWS = 6  # deals the test draws itself for every other question
FIGURE_DRAWS = 100  # ... and for a few sampled ones, to compare the quoted shares


@dataclass(frozen=True)
class Examined:
    side: str
    seed: int
    exercise: Exercise
    solution: Solution
    judgement: play_drill.Judgement
    every: tuple[dict[str, int], ...] | None  # every consistent deal, when few
    drawn: tuple[dict[str, int], ...]  # deals the test drew itself (uniformly)
    figures: tuple[dict[str, int], ...] | None  # FIGURE_DRAWS more, for some sampled questions


def examine(task: tuple[str, tuple[int, ...], int]) -> list[Examined]:
    """Generate and examine the questions of ``seeds`` (with ``side``); the first ``figures``
    sampled questions with 2-3 cards also get the larger draw."""
    side, seeds, figures = task
    out = []
    for seed in seeds:
        ex = generate("play_card", seed, {"side": side} if side else {})
        assert ex.view is not None
        solution = solve(ex)
        judgement = play_drill.judge(ex.view, ex.seed)
        s = seen(ex)
        rng = random.Random(f"test:{side}:{seed}")
        every = None
        if judgement.enumerated and judgement.possible <= EXHAUSTIVE and len(s.hand) <= 3:
            every = tuple(side_tricks(s, d) for d in every_deal(s))
        drawn = tuple(side_tricks(s, random_deal(s, rng)) for _ in range(DRAWS))
        more = None
        if figures and not judgement.enumerated and len(s.hand) <= 3:
            more = tuple(side_tricks(s, random_deal(s, rng)) for _ in range(FIGURE_DRAWS))
            figures -= 1
        out.append(Examined(side, seed, ex, solution, judgement, every, drawn, more))
    return out
