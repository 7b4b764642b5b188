"""Which card would you play? The generator's answers, checked against a brute force written here.

The test starts from what the learner can see (``Exercise.view``), deals the unseen
cards again its own way (every deal, or a uniform rejection sample), and plays each
deal out with a plain alpha-beta minimax written below from RULES.md on card text ("JH", "TD").
It never calls ``engine.compiled.solver`` or ``engine.core.hand``: the answers it checks come from
the exact solver, so agreement means two different routes reach the same card. ``examine`` runs in
worker processes, which import this module by its name to find it.

600 seeds run without options, and 50 each with ``side=makers`` and
``side=defenders``; every seed is its own question. Making a question takes tens of
milliseconds (it searches deals for a qualifying moment and then judges hundreds of
deals), so the seeds are shared between two worker processes.

- Every question: the answer is a legal card, the prompt shows every card seen, the
  checker agrees, and in 6 deals the test draws itself no card beats the answer.
  Where the generator judged every consistent deal this must hold every time; where
  thousands of deals fit and it judged a sample of 200, a deal outside its sample may
  rarely disagree, so at most 2% of those draws may.
- Questions with at most 200 consistent deals and 2-3 cards: the test deals them every
  way, counts them, applies the rule itself and compares every share in the explanation.
- Thirty sampled questions: the shares quoted (from the generator's 200 deals) against
  100 deals the test draws, within sampling error.
"""

from __future__ import annotations

import itertools
import multiprocessing
import random
import re
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import lru_cache

import pytest

from engine.core.cards import parse_card
from lessons import play_deals, play_drill
from lessons.exercises import Exercise, Mode, Solution, check, generate, solve
from lessons.loader import load_lessons

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


def play_out(
    table: Table,
    hands: dict[int, tuple[str, ...]],
    trick: tuple[tuple[int, str], ...],
    to_act: int,
    won: int,
    alpha: int = -1,
    beta: int = 6,
) -> int:
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


def after(
    table: Table,
    hands: dict[int, tuple[str, ...]],
    trick: tuple[tuple[int, str], ...],
    to_act: int,
    won: int,
    card: str,
    alpha: int = -1,
    beta: int = 6,
) -> int:
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
    return Seen(
        t,
        Table(t, order, makers),
        hand,
        trick,
        won,
        tuple(c for c in DECK if c not in known),
        sizes,
        pinned,
        voids,
        0 in makers,
    )


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
    full = {
        seat: tuple(sorted(cards + ((s.pinned[seat],) if seat in s.pinned else ())))
        for seat, cards in hands.items()
    }
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


# ---- the tests ------------------------------------------------------------------------

N = 216  # seeds without options (600, then 300 before: cut to bring the whole suite towards 8 minutes)
N_SIDE = 40
WORKERS = 2
SIDES = ("", "makers", "defenders")


@lru_cache(maxsize=1)
def examined() -> tuple[Examined, ...]:
    """Seeds 0..N-1 without options, and 0..N_SIDE-1 with each side=, generated and examined in two processes."""
    tasks = [("", tuple(range(i, N, 8)), 8) for i in range(8)]  # 8 x 8 sampled questions get 100 more draws
    tasks += [(side, tuple(range(i, N_SIDE, 2)), 0) for side in SIDES[1:] for i in range(2)]
    with ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("spawn")) as pool:
        found = [e for chunk in pool.map(examine, tasks) for e in chunk]
    return tuple(sorted(found, key=lambda e: (e.side, e.seed)))


def share_text(count: int, n: int) -> str:
    """How the explanation words a share (as lessons.play_drill words it)."""
    if count == n:
        return "every deal" if n > 1 else "the deal"
    return f"{round(100 * count / n)}% of the deals" if count else "none of the deals"


def test_every_seed_gives_a_sound_question() -> None:
    found = examined()
    assert len(found) == N + 2 * N_SIDE
    assert {len(e.exercise.cards) for e in found} == {2, 3, 4}
    assert {seen(e.exercise).learner_makes for e in found} == {True, False}
    plain = [e for e in found if not e.side]
    hands = {
        (
            e.exercise.dealer,
            e.exercise.cards,
            e.exercise.trick,
            e.exercise.view and e.exercise.view.played_cards,
        )
        for e in plain
    }
    assert len(hands) > N * 0.99, "different seeds give different questions (the Learn page's New question)"
    for e in found:
        ex, s = e.exercise, seen(e.exercise)
        assert ex.seed == e.seed and ex.mode is Mode.PICK_CARD and ex.kind == "play_card"
        assert sorted(str(c) for c in ex.cards) == sorted(s.hand)
        if e.side:
            assert s.learner_makes == (e.side == "makers"), (e.side, e.seed)
        answer = str(e.solution.answer)
        legal = may_play(s.hand, s.trick, s.trump)
        assert answer in legal and len(legal) >= 2
        right = check(ex, parse_card(answer), e.solution)
        assert right.correct and right.message.startswith("Right!")
        wrong = next(c for c in s.hand if c != answer)
        bad = check(ex, parse_card(wrong), e.solution)
        assert not bad.correct and bad.message.startswith("Not quite.")
        if wrong not in legal:
            assert "You may not play" in bad.message and "must follow suit" in bad.message
        assert ex.view is not None
        for card in (
            list(ex.view.played_cards) + [ex.view.upcard] + ([ex.view.discarded] if ex.view.discarded else [])
        ):
            assert card.short in ex.prompt, (card, ex.prompt)
        assert ex.prompt.endswith("Which card would you play?")
        assert re.match(
            r"Play the \S+\. In (all \d+ ways|the only way|\d+ deals drawn at random from the [\d,]+ ways)",
            e.solution.why,
        ), e.solution.why


def test_the_answer_is_never_worse_in_deals_the_test_draws_itself() -> None:
    sampled = failures = 0
    for e in examined():
        answer = str(e.solution.answer)
        for row in e.drawn:
            worse = any(v > row[answer] for v in row.values())
            if e.judgement.enumerated:
                assert not worse, (e.side, e.seed, answer, row)
            else:
                sampled += 1
                failures += worse
    assert sampled >= 1000
    assert failures <= sampled // 50, (failures, sampled)


def test_small_positions_dealt_every_way_figures_and_all() -> None:
    checked = 0
    for e in examined():
        if e.every is None:
            continue
        rows, n = e.every, len(e.every)
        assert n == e.judgement.possible, (e.seed, n, e.judgement.possible)
        legal = list(rows[0])
        # The rule, written again: never worse anywhere; beats each other card in half the deals.
        never_worse = [c for c in legal if all(r[c] == max(r.values()) for r in rows)]
        assert never_worse == [str(e.solution.answer)], (e.seed, never_worse)
        best = never_worse[0]
        why = e.solution.why
        assert (f"In all {n} ways" in why) if n > 1 else ("the only way" in why), why
        for o in legal:
            if o != best:
                beats = sum(r[best] > r[o] for r in rows)
                assert beats >= n / 2, (e.seed, o, beats, n)
                assert f"The {parse_card(o).short} takes fewer tricks in {share_text(beats, n)}" in why, (
                    why,
                    o,
                )
        checked += 1
    assert checked >= 100


def test_sampled_figures_agree_with_the_tests_own_sample() -> None:
    """The shares quoted from the generator's 200 deals against 100 the test draws: a gross
    error (a biased re-deal, the wrong side, an ignored void) would show."""
    tested = 0
    for e in examined():
        if e.figures is None:
            continue
        j, best = e.judgement, e.solution.answer
        assert isinstance(best, type(parse_card("9C")))
        for other in j.legal:
            if other == best:
                continue
            theirs = j.better(best, other) / j.deals
            ours = sum(r[str(best)] > r[str(other)] for r in e.figures) / len(e.figures)
            spread = (max(theirs * (1 - theirs), 0.02) * (1 / len(e.figures) + 1 / j.deals)) ** 0.5
            assert abs(theirs - ours) <= 4 * spread + 0.02, (e.seed, best, other, theirs, ours)
        tested += 1
    assert tested >= 30


def test_the_generators_sample_is_uniform_over_the_consistent_deals() -> None:
    """``DealSpace.sample`` draws every consistent deal equally often (checked against ``every``)."""
    done = 0
    for e in examined():
        ex = e.exercise
        assert ex.view is not None and ex.view.trump is not None
        hidden = play_deals.hidden_of(ex.view)
        space = play_deals.DealSpace(hidden, ex.view.trump)
        if not any(hidden.voids) or not 20 <= space.total <= 120:
            continue
        every = {tuple(frozenset(h) for h in d) for d in space.every()}
        assert len(every) == space.total
        rng = random.Random(done)
        draws = 100 * space.total
        counts: dict[tuple[frozenset[object], ...], int] = {}
        for _ in range(draws):
            key = tuple(frozenset(h) for h in space.sample(rng))
            counts[key] = counts.get(key, 0) + 1
        assert set(counts) == every
        assert max(counts.values()) < 100 + 5 * 10 and min(counts.values()) > 100 - 5 * 10  # 5 sigma
        done += 1
        if done == 3:
            return
    pytest.fail("no position with voids and 20-120 deals")


def test_voids_shown_by_not_following_are_respected() -> None:
    """Every deal the generator judges gives no card of a suit to a seat that has shown it lacks it,
    and leaves the dealer the upcard it picked up."""
    hit = 0
    for e in examined()[:200]:
        ex = e.exercise
        assert ex.view is not None
        s = seen(ex)
        if not any(s.voids.values()):
            continue
        hidden = play_deals.hidden_of(ex.view)
        assert dict((seat, str(card)) for seat, card in hidden.pinned) == s.pinned
        _, deals = play_deals.deals_to_judge(ex.view, ex.seed)
        for hands in deals[:40]:
            for seat, cards in zip(hidden.seats, hands, strict=True):
                assert len(cards) == s.sizes[seat]
                assert all(eff(str(c), s.trump) not in s.voids[seat] for c in cards)
        hit += 1
    assert hit >= 20


@pytest.mark.parametrize("side", SIDES[1:])
def test_the_play_lessons_ask_for_each_side(side: str) -> None:
    found = [
        dict(step.element.options)
        for lesson in load_lessons()
        for step in lesson.steps
        if step.element is not None
        and step.element.kind == "exercise"
        and step.element.args[0] == "play_card"
    ]
    assert {"side": side} in found


def test_an_illegal_card_is_explained() -> None:
    for e in examined():
        ex, s = e.exercise, seen(e.exercise)
        illegal = [c for c in s.hand if c not in may_play(s.hand, s.trick, s.trump)]
        if illegal:
            message = check(ex, parse_card(illegal[0]), e.solution).message
            assert "You may not play" in message and "must follow suit" in message
            return
    pytest.fail("no question with a card that may not be played")
