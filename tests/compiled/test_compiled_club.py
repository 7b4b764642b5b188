"""The compiled Club player and play-outs conform to the rules engine (``engine.core.hand``), and
the compiled deal loop agrees with the Python analysis.

- every choice (bids, discards, defend alone, cards) of the compiled Club player is one of
  ``engine.core.hand.legal_actions`` at thousands of random decision points in every rules variant,
  and it decides the same from the seat's view alone as from the whole state;
- every compiled transition (``playout.apply_action``) gives the flat form of
  ``engine.core.hand.apply``'s next state; a compiled play-out replayed through ``engine.core.hand.apply``
  gives the same tricks and points;
- the compiled sampler keeps the seat's view and respects the passes (checked with the
  Python ``bids_agree``), its ceiling equals the exact solver, and its results do not
  depend on how a batch is split over threads;
- the compiled and the Python analyses agree within their statistical error.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.analysis.bidding import analyze
from engine.analysis.finish import advance, outcome_of
from engine.analysis.runners import base_state
from engine.analysis.sampler import bids_agree, build_state
from engine.analysis.situation import question
from engine.analysis.tables import table_for
from engine.compiled import deal_loop, encoding, solver_core
from engine.compiled.club_bidding import need_table
from engine.compiled.encoding import (
    R_CALL_ALONE,
    R_DECLINE,
    S_HANDS,
    S_NTABLE,
    S_SIZE,
    S_TABLE_CARD,
    S_TABLE_SEAT,
    S_WHY_REASON,
    action_of,
    card_code,
    code_card,
    code_of,
    encode_state,
    encode_view,
)
from engine.compiled.playout import apply_action, club_decide, outcome, play_line
from engine.compiled.solver import makers_tricks
from engine.core.actions import DECLINE, Kind
from engine.core.cards import parse_card, parse_cards
from engine.core.hand import Phase, apply, deal, from_cards, legal_actions
from engine.core.rules import Rules
from engine.core.view import SeatView, view_of
from engine.players.club import ClubPlayer
from engine.players.evaluate import Score, alone_worthwhile, call_threshold

VARIANTS = [
    Rules(),
    Rules(joker=True),
    Rules(players=3),
    Rules(players=2, optional_pickup=True),
    Rules(defend_alone=True, discard_upcard=True),
    Rules(deck=32),
    Rules(deck=28, stick_the_dealer=True),
    Rules(deck=28, joker=True, defend_alone=True, lone_lead="left_of_loner", stick_the_dealer=True),
    Rules(optional_pickup=True, discard_upcard=True, joker=True),
    Rules(players=3, deck=32, joker=True, stick_the_dealer=True),
]
# The last players bid in a style: more caution in some seats and rounds, less in others
# (index 2 * seat-left-of-dealer + round; from 8 on, the same for going alone), so the
# compiled threshold table is checked too.
STYLE = (0.6, -0.3, 0.4, 0.0, -0.5, 0.7, 0.2, -0.2)
ALONE_STYLE = STYLE + (-1.2, -0.8, 0.5, -1.5, -1.0, 0.3, -0.6, 0.0)
PLAYERS = [
    ClubPlayer(),
    ClubPlayer(score=Score(3, 9)),
    ClubPlayer(score=Score(8, 2)),
    ClubPlayer(boldness=0.4),
    ClubPlayer(caution=STYLE),
    ClubPlayer(caution=ALONE_STYLE),
]


def numbers(player: ClubPlayer, rules: Rules) -> tuple[np.ndarray, bool]:
    need = call_threshold(rules, player.score) - player.boldness
    return need_table(need, player.caution), alone_worthwhile(rules, player.score)


def test_every_choice_is_legal_and_sees_only_the_seats_view() -> None:
    """Random hands, walked with a mix of club and random legal actions so that odd positions
    (a loner, a lone defender, a dealer stuck, a declined upcard) come up too. At every
    decision the compiled Club player's action is one of ``engine.core.hand.legal_actions``; the
    state encoded from the seat's view alone (other hands unknown) gives the same action and
    reason as the whole state, so the compiled player reads nothing the seat may not know;
    and ``ClubPlayer.decide`` is that action."""
    rng = random.Random(2024)
    compared = 0
    kinds: set[Kind] = set()
    reasons: set[int] = set()
    for i in range(400):
        rules = VARIANTS[i % len(VARIANTS)]
        player = PLAYERS[(i // len(VARIANTS)) % len(PLAYERS)]
        need, alone = numbers(player, rules)
        state = deal(rules, rng.randrange(rules.players), rng)
        wander = rng.random() * 0.6
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            whole, seen = encode_state(state), encode_view(view_of(state, seat))
            got = action_of(club_decide(whole, seat, need, alone))
            assert got in legal_actions(state), (str(state), state.history, rules)
            assert action_of(club_decide(seen, seat, need, alone)) == got
            assert np.array_equal(whole[S_WHY_REASON:], seen[S_WHY_REASON:])  # the same reason
            assert player.decide(view_of(state, seat), rng).action == got
            compared += 1
            kinds.add(got.kind)
            reasons.add(int(whole[S_WHY_REASON]))
            state = apply(state, rng.choice(legal_actions(state)) if rng.random() < wander else got)
    assert compared > 6000
    assert kinds == set(Kind) - {Kind.DECLINE}  # every kind of decision but the rare one below
    every = {value for key, value in vars(encoding).items() if key.startswith("R_")}
    # every reason, but for two rare ones these walks may miss (tests/players has them)
    assert every - {R_CALL_ALONE, R_DECLINE} <= reasons <= every


def test_a_dealer_with_five_higher_trumps_leaves_the_upcard() -> None:
    """Two-handed with optional pick-up: the dealer holds the five top hearts and the 9 of
    hearts is ordered up; every card in hand beats it, so the dealer leaves it on the kitty."""
    rules = Rules(players=2, optional_pickup=True)
    hands = [parse_cards("9C TC QS KD 9S"), parse_cards("JH JD AH KH QH")]
    state = from_cards(rules, 1, hands, parse_card("9H")).apply("order")
    assert state.phase is Phase.DISCARD
    need, alone = numbers(ClubPlayer(), rules)
    assert action_of(club_decide(encode_state(state), 1, need, alone)) == DECLINE
    decision = ClubPlayer().decide(view_of(state, 1), random.Random(0))
    assert (decision.action, decision.reason) == (
        DECLINE,
        "Leave the 9♥: it is worse than every card you hold.",
    )


def comparable(s: np.ndarray) -> tuple[list[int], list[list[int]]]:
    """A flat state without what its two writers may leave differently: the slots of the trick
    table past the cards on it, and the order of cards in a hand (held as sets)."""
    head = s.copy()
    head[S_TABLE_SEAT + s[S_NTABLE] : S_TABLE_SEAT + 4] = 0
    head[S_TABLE_CARD + s[S_NTABLE] : S_TABLE_CARD + 4] = 0
    head[S_HANDS : S_HANDS + 20] = 0
    hands = [sorted(int(c) for c in s[S_HANDS + 5 * p : S_HANDS + 5 * p + 5] if c >= 0) for p in range(4)]
    return [int(x) for x in head], hands


def test_each_compiled_transition_is_the_rules_engines() -> None:
    """From random positions, every legal action applied by ``playout.apply_action`` to the flat
    state gives the flat form of ``engine.core.hand.apply``'s next state."""
    rng = random.Random(3)
    steps = 0
    for i in range(300):
        rules = VARIANTS[i % len(VARIANTS)]
        state = deal(rules, rng.randrange(rules.players), rng)
        while not state.is_over:
            legal = legal_actions(state)
            for action in legal:
                s = encode_state(state)
                apply_action(s, code_of(action))
                assert comparable(s) == comparable(encode_state(apply(state, action))), (str(state), action)
                steps += 1
            state = apply(state, rng.choice(legal))
    assert steps > 10000


def test_play_outs_replay_through_the_rules_engine() -> None:
    rng = random.Random(7)
    line = np.zeros(64, dtype=np.int64)
    res = np.zeros(4, dtype=np.int64)
    club = ClubPlayer()
    finished = 0
    for i in range(300):
        rules = VARIANTS[i % len(VARIANTS)]
        need, alone = numbers(club, rules)
        state = deal(rules, rng.randrange(rules.players), rng)
        for _ in range(rng.randrange(20)):  # start anywhere: bidding, discard, mid-trick
            if state.is_over:
                break
            state = apply(state, rng.choice(legal_actions(state)))
        s = encode_state(state)
        k = play_line(s, need, alone, line)
        replayed = state
        for code in line[:k]:
            replayed = apply(replayed, action_of(int(code)))  # raises IllegalAction if not legal
        assert replayed.is_over
        assert replayed == advance(state, club, rng, until_play=False)  # the club player's own line
        me = rng.randrange(rules.players)
        outcome(s, me, -1, res)
        o = outcome_of(replayed, me)
        assert tuple(int(x) for x in res) == (
            -1 if o.maker is None else o.maker,
            o.maker_tricks,
            o.us,
            o.them,
        )
        if replayed.maker is not None:
            assert replayed.points[me] == res[2]
        finished += 1
    assert finished == 300


def bidding_view(rules: Rules, rng: random.Random) -> SeatView:
    """A random seat's view at a bidding decision after some passes."""
    while True:
        state = deal(rules, rng.randrange(rules.players), rng)
        for _ in range(rng.randrange(2 * rules.players)):
            if state.phase not in (Phase.BID1, Phase.BID2):
                break
            legal = legal_actions(state)
            if legal[0].kind is not Kind.PASS:
                break
            state = apply(state, legal[0])
        if state.phase in (Phase.BID1, Phase.BID2, Phase.NAME):
            assert state.to_act is not None
            return view_of(state, state.to_act)


def fast_run(view: SeatView, seed: int, ceiling: bool = True) -> deal_loop.FastRun:
    need, alone = numbers(ClubPlayer(), view.rules)
    options = np.array([[code_of(a), -1] for a in view.legal], dtype=np.int64)
    checks = deal_loop.pass_checks(view)
    assert checks is not None
    return deal_loop.FastRun(
        view, options, checks, base_state(view), (need, alone), (need, alone), seed, ceiling
    )


def test_sampled_deals_keep_the_view_and_the_passes() -> None:
    rng = random.Random(5)
    club = ClubPlayer()
    checked = rejected = 0
    for i in range(120):
        rules = VARIANTS[i % len(VARIANTS)]
        view = bidding_view(rules, rng)
        run = fast_run(view, seed=i)
        s = np.zeros(S_SIZE, dtype=np.int64)
        cards = run.pool.copy()
        rs = np.zeros(1, dtype=np.int64)
        draws = np.zeros(7, dtype=np.int64)
        for index in range(5):
            s[:] = run.base
            deal_loop.sample_deal(
                run.base,
                view.seat,
                run.pool,
                run.checks,
                run.bid[0],
                run.bid[1],
                run.seed,
                index,
                run.max_tries,
                s,
                cards,
                rs,
                draws,
            )
            hands = [
                tuple(code_card(int(c)) for c in s[S_HANDS + 5 * p : S_HANDS + 5 * p + 5])
                for p in range(rules.players)
            ]
            used = {c for h in hands for c in h}
            leftover = [c for c in view.unseen_cards() if c not in used]
            state = build_state(view, hands, leftover)
            assert view_of(state, view.seat) == view
            if draws[deal_loop.UNCHECKED] == 0:
                assert bids_agree(state, view.seat, club, rng) is None
            rejected += int(draws[deal_loop.REJECTED])
            checked += 1
    assert checked == 600 and rejected > 50


def test_passers_hold_fewer_trumps_than_chance() -> None:
    # Third seat after two passes with the ace of hearts turned up: the passers' sampled
    # hands hold fewer hearts (the left bower counted) when the passes are respected.
    view = question("9C TC QS KD 9S", "AH", "third").view()
    run = fast_run(view, seed=3, ceiling=False)
    hearts = {
        card_code(c)
        for c in view.unseen_cards()
        if c.suit is not None and (c.suit.letter == "H" or str(c) == "JD")
    }

    def mean_hearts(checks: np.ndarray) -> float:
        s = run.base.copy()
        cards, rs, draws = run.pool.copy(), np.zeros(1, dtype=np.int64), np.zeros(7, dtype=np.int64)
        total = 0
        for index in range(400):
            deal_loop.sample_deal(
                run.base, 0, run.pool, checks, run.bid[0], run.bid[1], 9, index, 30, s, cards, rs, draws
            )
            total += sum(
                1 for seat in (2, 3) for c in s[S_HANDS + 5 * seat : S_HANDS + 5 * seat + 5] if c in hearts
            )
        return total / 400

    assert mean_hearts(run.checks) < mean_hearts(np.zeros((0, 2), dtype=np.int64)) - 0.2


def test_ceiling_is_the_exact_solver_and_threads_do_not_change_results() -> None:
    rng = random.Random(11)
    tt = solver_core.thread_table()
    h, table = np.zeros(4, dtype=np.int64), np.zeros(4, dtype=np.int64)
    club = ClubPlayer()
    for i in range(60):
        rules = VARIANTS[i % len(VARIANTS)]
        state = advance(deal(rules, rng.randrange(rules.players), rng), club, rng, until_play=True)
        if state.is_over:
            continue
        got = deal_loop._solve(encode_state(state), h, table, tt)
        assert got == makers_tricks(state)
    view = question("JH AD AH KS 9C", "9H", "second").view()
    run = fast_run(view, seed=99)
    whole = run.run(0, 64, threads=2)
    first, second = run.run(0, 40, threads=1), run.run(40, 24, threads=1)
    assert whole.ceil is not None and first.ceil is not None and second.ceil is not None
    assert np.array_equal(whole.real, np.concatenate([first.real, second.real]))
    assert np.array_equal(whole.ceil, np.concatenate([first.ceil, second.ceil]))
    assert np.array_equal(whole.draws, np.concatenate([first.draws, second.draws]))
    capped = fast_run(view, seed=99)
    capped = deal_loop.FastRun(
        view, capped.options, capped.checks, capped.base, capped.play, capped.bid, 99, True, ceiling_deals=40
    )
    part = capped.run(0, 64, threads=2)
    assert part.ceil is not None and part.ceil.shape[0] == 40
    assert np.array_equal(part.ceil, whole.ceil[:40]) and np.array_equal(part.real, whole.real)


@pytest.mark.parametrize(
    ("hand", "up", "seat"), [("JH AD AH KS 9C", "9H", "second"), ("JS TS AD KD 9C", "QS", "dealer")]
)
def test_compiled_and_python_analyses_agree(hand: str, up: str, seat: str) -> None:
    """The people table's compiled play-outs (handed its numbers) and its player stepped through
    each deal in Python (``ClubPlayer.decide`` from each seat's view)."""
    view = question(hand, up, seat).view()
    people = table_for("people", view.rules)
    fast = analyze(
        view,
        random.Random(1),
        time_budget=None,
        max_samples=3000,
        stop="precision",
        ceiling=False,
        table=people,
    )
    slow = analyze(
        view,
        random.Random(1),
        time_budget=None,
        max_samples=160,
        stop="precision",
        ceiling=False,
        player=people.player(),
    )
    assert [o.action for o in fast.options] == [o.action for o in slow.options]
    for f, p in zip(fast.options, slow.options, strict=True):
        se_f = (f.realistic.ev_ci[1] - f.realistic.ev_ci[0]) / (2 * 1.96)
        se_p = (p.realistic.ev_ci[1] - p.realistic.ev_ci[0]) / (2 * 1.96)
        assert abs(f.realistic.ev - p.realistic.ev) < 3.5 * (se_f**2 + se_p**2) ** 0.5
        assert abs(f.realistic.p_make - p.realistic.p_make) < 0.2
