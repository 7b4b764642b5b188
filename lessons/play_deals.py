"""The deals a learner could be facing in the middle of a hand (for ``lessons.play_drill``).

The *consistent deals* are every way of giving the unseen cards to the other players that
fits what the learner saw: each player holds as many cards as they have left; a player who
did not follow suit has none of that suit (a shown void); the dealer who picked up the
upcard still holds it until it is played. ``deals_to_judge`` enumerates them when there are
at most ``ENUMERATE_LIMIT``, else draws ``SAMPLE_SIZE`` uniformly with a seeded generator.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from engine.core.cards import Card, Suit
from engine.core.ranking import effective_table
from engine.core.view import SeatView

ENUMERATE_LIMIT = 400  # judge every consistent deal up to this many ...
SAMPLE_SIZE = 200  # ... else this many, drawn uniformly with a seeded generator

Deal = tuple[tuple[Card, ...], ...]  # the hidden seats' cards, in the order of Hidden.seats


@dataclass(frozen=True, slots=True)
class Hidden:
    """What the learner does not know: who holds how many of which unseen cards."""

    seats: tuple[int, ...]  # the other seats that play, in seat order
    need: tuple[int, ...]  # unseen cards each of them holds
    pinned: tuple[tuple[int, Card], ...]  # cards whose holder is known (the dealer's upcard)
    pool: tuple[Card, ...]  # the unseen cards (the rest are in the kitty or sit out)
    voids: tuple[frozenset[Suit], ...]  # per seat in ``seats``: the suits it has shown it lacks


def shown_voids(view: SeatView) -> dict[int, set[Suit]]:
    """Suits each seat has shown it lacks by not following the led (effective) suit."""
    voids: dict[int, set[Suit]] = {s: set() for s in range(view.players)}
    assert view.trump is not None
    eff = effective_table(view.trump)
    for plays in [t.plays for t in view.tricks] + ([view.trick] if view.trick else []):
        led = eff[plays[0][1]]
        for seat, card in plays[1:]:
            if eff[card] != led:
                voids[seat].add(led)
    return voids


def hidden_of(view: SeatView) -> Hidden:
    if view.rules.discard_upcard or view.rules.optional_pickup:  # pragma: no cover - default rules only
        raise ValueError("the play drill assumes the dealer keeps the upcard it picks up")
    seats = tuple(s for s in range(view.players) if s != view.seat and s not in view.out)
    holds_upcard = view.upcard_taken and view.dealer != view.seat and view.upcard not in view.played_cards
    pinned = ((view.dealer, view.upcard),) if holds_upcard else ()
    need = tuple(view.hand_sizes[s] - sum(1 for p, _ in pinned if p == s) for s in seats)
    voids = shown_voids(view)
    return Hidden(seats, need, pinned, view.unseen_cards(), tuple(frozenset(voids[s]) for s in seats))


def quick_deal(hidden: Hidden, trump: Suit, rng: random.Random) -> Deal:
    """A consistent deal, quickly, for screening only (not every deal is equally likely).

    Shuffle the unseen cards, then let the most constrained seat take the first cards
    it may hold, and so on; start again on the rare shuffle that leaves a seat short.
    """
    eff = effective_table(trump)
    pool = hidden.pool
    may = [[eff[c] not in void for c in pool] for void in hidden.voids]
    order = sorted(range(len(hidden.seats)), key=lambda i: sum(may[i]) - hidden.need[i])
    indices = list(range(len(pool)))
    while True:
        rng.shuffle(indices)
        hands: list[tuple[Card, ...]] = [() for _ in hidden.seats]
        free = [True] * len(pool)
        for i in order:
            mine = [j for j in indices if free[j] and may[i][j]][: hidden.need[i]]
            if len(mine) < hidden.need[i]:
                break
            for j in mine:
                free[j] = False
            hands[i] = tuple(pool[j] for j in mine)
        else:
            return tuple(hands)


@lru_cache(maxsize=4096)
def _multinomial(n: int, ks: tuple[int, ...]) -> int:
    """Ways to give k1, k2, ... of ``n`` distinct cards to the seats (the rest to the kitty)."""
    out = math.factorial(n) // math.factorial(n - sum(ks))
    for k in ks:
        out //= math.factorial(k)
    return out


class DealSpace:
    """The consistent deals of one position: how many there are, every one, or a uniform sample.

    A deal gives each hidden seat some cards of each (effective) suit, never of a suit
    it has shown it lacks; the rest of the unseen cards lie in the kitty or sit out.
    ``levels[i]`` maps the cards each seat still needs after the first ``i`` suits to
    the number of ways of getting there, so ``total`` is a sum of products of
    multinomials, and a deal can be drawn backwards, suit by suit, with every
    consistent deal equally likely.
    """

    def __init__(self, hidden: Hidden, trump: Suit) -> None:
        self.hidden = hidden
        self.trump = trump
        eff = effective_table(trump)
        self.groups = [tuple(c for c in hidden.pool if eff[c] == s) for s in Suit]
        self.allowed = [tuple(s not in v for v in hidden.voids) for s in Suit]
        self.levels: list[dict[tuple[int, ...], int]] = [{hidden.need: 1}]
        for group, ok in zip(self.groups, self.allowed, strict=True):
            n = len(group)
            after: dict[tuple[int, ...], int] = {}
            for caps, count in self.levels[-1].items():
                for ks in self._splits(n, caps, ok):
                    rest = tuple(c - k for c, k in zip(caps, ks, strict=True))
                    after[rest] = after.get(rest, 0) + count * _multinomial(n, ks)
            self.levels.append(after)
        self.done = tuple(0 for _ in hidden.need)
        self.total = self.levels[-1].get(self.done, 0)
        self._back: dict[
            tuple[int, tuple[int, ...]], tuple[list[tuple[tuple[int, ...], tuple[int, ...]]], list[int]]
        ] = {}

    @staticmethod
    def _splits(n: int, caps: tuple[int, ...], ok: tuple[bool, ...]) -> Iterator[tuple[int, ...]]:
        ranges = [range(min(c, n) + 1) if a else range(1) for c, a in zip(caps, ok, strict=True)]
        return (ks for ks in itertools.product(*ranges) if sum(ks) <= n)

    def _before(
        self, i: int, caps: tuple[int, ...]
    ) -> tuple[list[tuple[tuple[int, ...], tuple[int, ...]]], list[int]]:
        """The ways into ``caps`` after suit ``i``: (needs before it, its split) and their cumulative weights."""
        key = (i, caps)
        if key not in self._back:
            n = len(self.groups[i])
            ways: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
            cumulative: list[int] = []
            running = 0
            for prev, count in self.levels[i].items():
                ks = tuple(p - c for p, c in zip(prev, caps, strict=True))
                if (
                    min(ks) < 0
                    or sum(ks) > n
                    or any(k and not a for k, a in zip(ks, self.allowed[i], strict=True))
                ):
                    continue
                running += count * _multinomial(n, ks)
                ways.append((prev, ks))
                cumulative.append(running)
            self._back[key] = (ways, cumulative)
        return self._back[key]

    def sample(self, rng: random.Random) -> Deal:
        """One consistent deal, every consistent deal equally likely."""
        if not any(self.hidden.voids):  # nobody has shown a void: any deal of the unseen cards fits
            cards = rng.sample(self.hidden.pool, sum(self.hidden.need))
            out = []
            start = 0
            for k in self.hidden.need:
                out.append(tuple(cards[start : start + k]))
                start += k
            return tuple(out)
        hands: list[list[Card]] = [[] for _ in self.hidden.seats]
        caps = self.done
        for i in reversed(range(len(self.groups))):
            ways, cumulative = self._before(i, caps)
            pick = rng.randrange(cumulative[-1])
            prev, ks = ways[bisect.bisect_right(cumulative, pick)]
            taken = sum(ks)
            if taken:
                cards = rng.sample(self.groups[i], taken)
                start = 0
                for seat_index, k in enumerate(ks):
                    hands[seat_index] += cards[start : start + k]
                    start += k
            caps = prev
        return tuple(tuple(h) for h in hands)

    def every(self) -> list[Deal]:
        """Every consistent deal, each once."""
        eff = effective_table(self.trump)
        hidden = self.hidden
        out: list[Deal] = []

        def fill(i: int, left: tuple[Card, ...], acc: Deal) -> None:
            if i == len(hidden.seats):
                out.append(acc)
                return
            allowed = tuple(c for c in left if eff[c] not in hidden.voids[i])
            for mine in itertools.combinations(allowed, hidden.need[i]):
                taken = set(mine)
                fill(i + 1, tuple(c for c in left if c not in taken), acc + (mine,))

        fill(0, hidden.pool, ())
        return out


def deals_to_judge(view: SeatView, seed: int) -> tuple[int, list[Deal]]:
    """(how many consistent deals there are, the deals judged): all of them in a seeded
    shuffled order, or ``SAMPLE_SIZE`` drawn uniformly with a generator seeded by ``seed``."""
    assert view.trump is not None
    space = DealSpace(hidden_of(view), view.trump)
    rng = random.Random(f"play_card:deals:{seed}")
    if space.total <= ENUMERATE_LIMIT:
        listed = space.every()
        assert len(listed) == space.total
        rng.shuffle(listed)  # a mixed order: a position that cannot qualify is found out early
        return space.total, listed
    return space.total, [space.sample(rng) for _ in range(SAMPLE_SIZE)]
