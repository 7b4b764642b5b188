"""The practice session replays exactly: undo, replay-this-deal, deal codes as starting points."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core.errors import IllegalAction
from engine.core.hand import HandState, Phase
from engine.core.rules import Rules
from engine.core.seats import LEARNER
from practice.session import (
    NEXT_HAND,
    Memo,
    Position,
    PracticeError,
    Session,
    Waiting,
    act,
    can_undo,
    next_hand,
    play_out,
    replay,
    replay_deal,
    start_game,
    undo,
)

LEVELS4 = ("you", "club", "club", "club")


def _learner_plays(
    random_players: Any, session: Session, choose_seed: int, hands: int = 1000
) -> list[Position]:
    """Play the session to its end with a random learner; return every position reached."""
    rng = random.Random(choose_seed)
    pos = replay(session, random_players)
    seen = [pos]
    while pos.waiting is not Waiting.DONE and hands > 0:
        if pos.waiting is Waiting.LEARNER:
            pos = act(pos, rng.choice(pos.legal), random_players)
        else:
            hands -= 1
            if hands == 0:
                break
            pos = next_hand(pos, random_players)
        seen.append(pos)
    return seen


def test_whole_game_reaches_the_target_and_scores_add_up(random_players: Any) -> None:
    session = Session(Rules(target=5), LEVELS4, seed=7)
    positions = _learner_plays(random_players, session, 1)
    final = positions[-1]
    assert final.waiting is Waiting.DONE
    # independent tally: sum each finished hand's points per side (seat 0 = side 0, seat 1 = side 1)
    tally = [0, 0]
    for hand in final.game.history:
        tally[0] += hand.points[0]
        tally[1] += hand.points[1]
    assert tuple(tally) == final.game.scores
    assert max(tally) >= 5


def test_the_learner_acts_only_on_its_turn_and_computers_fill_in(random_players: Any) -> None:
    pos = replay(Session(Rules(), LEVELS4, seed=3), random_players)
    assert pos.waiting is Waiting.LEARNER and pos.hand.to_act == LEARNER
    # every move before the learner's turn was a computer's, in seat order from the dealer's left
    seats = [m.seat for m in pos.moves]
    expected = [(pos.hand.dealer + 1 + i) % 4 for i in range(len(seats))]
    assert seats == expected and LEARNER not in seats


def test_replaying_the_decisions_gives_the_same_position(random_players: Any) -> None:
    positions = _learner_plays(random_players, Session(Rules(), LEVELS4, seed=11), 5, hands=3)
    for pos in positions:
        assert replay(pos.session, random_players) == pos


def test_undo_restores_the_exact_earlier_position(random_players: Any) -> None:
    positions = _learner_plays(random_players, Session(Rules(), LEVELS4, seed=21), 9, hands=2)
    checked = 0
    for before, after in zip(positions, positions[1:], strict=False):
        if before.waiting is Waiting.LEARNER and after.waiting is Waiting.LEARNER:
            assert can_undo(after)
            assert undo(after, random_players) == before
            checked += 1
    assert checked >= 3


def test_undo_is_refused_when_there_is_nothing_of_this_hand_to_take_back(random_players: Any) -> None:
    pos = replay(Session(Rules(), LEVELS4, seed=3), random_players)
    assert not can_undo(pos)
    with pytest.raises(PracticeError, match="nothing|no decision"):
        undo(pos, random_players)


def test_an_illegal_decision_is_refused_with_the_legal_list(random_players: Any) -> None:
    pos = replay(Session(Rules(), LEVELS4, seed=3), random_players)
    card = next(c for c in pos.hand.hands[1])  # a card the learner does not hold
    with pytest.raises(IllegalAction, match="legal:"):
        act(pos, f"play {card}", random_players)
    with pytest.raises(PracticeError, match="cannot be played"):
        replay(pos.session.with_decision("play 9Z"), random_players)


def test_memo_means_replays_do_not_ask_the_players_again(counting_players: Any) -> None:
    factory = counting_players
    memo: Memo = {}
    positions = []
    pos = replay(Session(Rules(), LEVELS4, seed=5), factory, memo)
    rng = random.Random(0)
    while pos.waiting is Waiting.LEARNER:
        pos = act(pos, rng.choice(pos.legal), factory, memo)
        positions.append(pos)
    asked = factory.calls
    assert asked > 0
    assert replay(pos.session, factory, memo) == pos
    assert factory.calls == asked


def test_replay_this_deal_gives_the_same_cards_and_a_single_hand(random_players: Any) -> None:
    positions = _learner_plays(random_players, Session(Rules(), LEVELS4, seed=31), 2, hands=3)
    pos = next(p for p in reversed(positions) if p.waiting is Waiting.NEXT_HAND)
    again = replay(replay_deal(pos), random_players)
    assert again.hand.dealt == pos.hand.dealt and again.hand.upcard == pos.hand.upcard
    assert again.hand.dealer == pos.hand.dealer
    rng = random.Random(4)
    while again.waiting is Waiting.LEARNER:
        again = act(again, rng.choice(again.legal), random_players)
    assert again.waiting is Waiting.DONE


def test_a_session_can_start_at_any_hand_of_a_seeded_game(random_players: Any) -> None:
    # hands 0..2 as the full game deals them, versus sessions started at those hands
    positions = _learner_plays(random_players, Session(Rules(), LEVELS4, seed=41), 3, hands=3)
    reached: dict[int, HandState] = {}
    for p in positions:
        reached.setdefault(p.game.hand_number, p.hand)
    for k, hand in reached.items():
        started = start_game(Session(Rules(), LEVELS4, seed=41, hand_number=k))
        assert started.hand.dealt == hand.dealt and started.hand.dealer == hand.dealer


def test_after_a_hand_only_next_hand_continues(random_players: Any) -> None:
    positions = _learner_plays(random_players, Session(Rules(), LEVELS4, seed=51), 8, hands=2)
    over = next(p for p in positions if p.waiting is Waiting.NEXT_HAND)
    with pytest.raises(IllegalAction):
        act(over, "pass", random_players)
    with pytest.raises(PracticeError, match="next hand"):
        replay(over.session.with_decision("pass"), random_players)
    assert next_hand(over, random_players).session.decisions[-1] == NEXT_HAND


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=2, optional_pickup=True),
        Rules(players=3),
        Rules(joker=True, deck=32, stick_the_dealer=True),
        Rules(defend_alone=True),
    ],
)
def test_every_variant_plays_to_the_end(rules: Rules, random_players: Any) -> None:
    levels = ("you",) + ("beginner",) * (rules.players - 1)
    final = _learner_plays(random_players, Session(rules.with_(target=5), levels, seed=61), 6)[-1]
    assert final.waiting is Waiting.DONE and final.game.is_over


def test_play_out_plays_every_seat_by_computer(random_players: Any) -> None:
    session = Session(Rules(), LEVELS4, seed=71)
    game = start_game(session)
    hand = play_out(session, game, ("club",) * 4, random_players)
    assert hand.phase is Phase.OVER and hand.dealt == game.hand.dealt


def test_bad_levels_are_refused() -> None:
    with pytest.raises(PracticeError, match="4 seat levels"):
        Session(Rules(), ("you", "club"), seed=1)
    with pytest.raises(PracticeError, match="grandmaster"):
        Session(Rules(), ("you", "club", "grandmaster", "club"), seed=1)


def test_the_deal_code_of_a_position_reopens_the_same_deal(random_players: Any) -> None:
    from practice.codes import decode, encode
    from practice.session import deal_code

    positions = _learner_plays(random_players, Session(Rules(), LEVELS4, seed=81), 4, hands=3)
    for pos in positions:
        code = deal_code(pos)
        assert code.dealer is None  # game 0: the dealer follows from the seed
        back = decode(encode(code))
        started = start_game(
            Session(back.rules, LEVELS4, back.seed, (), back.game_number, back.hand_number, back.dealer)
        )
        assert started.hand.dealt == pos.hand.dealt and started.hand.dealer == pos.hand.dealer


def test_replay_legal_keeps_the_legal_beginning_of_the_decisions(random_players: Any) -> None:
    from practice.session import replay_legal

    # seed 11 with the random test players, worked out by hand: South passes, North orders clubs,
    # South leads the 9S (West wins with the JC), West leads the TD and South, void in diamonds,
    # trumps it with the TC: one trick each, South holds QH 9H JH.
    session = Session(Rules(), LEVELS4, seed=11, decisions=("pass", "play 9S", "play TC"))
    position, refused = replay_legal(session, random_players)
    assert refused is None and position == replay(session, random_players)
    assert [t.winner for t in position.hand.tricks] == [1, 0]
    assert sorted(map(str, position.hand.hands[LEARNER])) == ["9H", "JH", "QH"]
    # the AS is not in South's hand: the two decisions before it are kept, and why is said
    bad = Session(Rules(), LEVELS4, seed=11, decisions=("pass", "play 9S", "play AS", "play TC"))
    position, refused = replay_legal(bad, random_players)
    assert position.session.decisions == ("pass", "play 9S")
    assert refused is not None and "decision 3 (play AS)" in str(refused)
    # a next hand before the hand is over is refused the same way
    early = Session(Rules(), LEVELS4, seed=11, decisions=("pass", NEXT_HAND))
    position, refused = replay_legal(early, random_players)
    assert position.session.decisions == ("pass",) and refused is not None


def test_the_expert_decides_the_same_on_a_busy_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """Replays (undo, a reload, a shared link) need the same decisions whatever the load: the
    practice expert stops on its number of deals, never on the clock."""
    import time

    from engine.core.hand import deal
    from engine.core.view import view_of
    from practice.session import default_players

    hand = deal(Rules(), 0, random.Random(3))
    seat = hand.to_act
    assert seat is not None
    calm = default_players("expert").decide(view_of(hand, seat), random.Random(5))
    clock = iter(range(0, 10**9, 100))  # every look at the clock: 100 s later
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(clock)))
    busy = default_players("expert").decide(view_of(hand, seat), random.Random(5))
    assert (busy.action, busy.reason) == (calm.action, calm.reason)  # the reason counts the deals
