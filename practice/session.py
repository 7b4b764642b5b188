"""A practice session as an immutable value, and the position it replays to.

A ``Session`` is the rules, the level of each computer seat, the game seed and the
learner's decisions so far (canonical action strings, plus ``NEXT_HAND`` markers
between hands), and where it starts: a hand of the seed's game, at a score, or a hand
given as a position text (``opening``, engine/core/position.py) whose cards the seed did not deal. The whole position is recomputed by replaying: the deals come from
the seed (``engine.core.game``), and every computer decision gets its own generator
derived from (seed, game, hand, step, seat). So undo is just "drop the last
decision and replay", and it restores exactly the earlier position.

Computer decisions are pure functions of (level, view, generator seed), so they may
be memoised in a ``Memo`` dict to keep replays cheap with slow (expert) players.
"""

from __future__ import annotations

import random
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Protocol

from engine.core.actions import Action
from engine.core.errors import EuchreError, IllegalAction
from engine.core.game import GameState, hand_rng, new_game
from engine.core.hand import HandState, deal
from engine.core.position import Position as PositionText
from engine.core.rules import Rules
from engine.core.seats import LEARNER
from engine.core.view import SeatView, view_of
from engine.search.registry import told_the_score
from practice.codes import NEXT_HAND as NEXT_HAND  # the marker lives with the move codes; re-exported
from practice.codes import DealCode

LEVELS = ("beginner", "club", "expert")


class PracticeError(EuchreError):
    """A practice session that cannot be built or continued (bad level, illegal decision)."""


class DecisionLike(Protocol):
    @property
    def action(self) -> Action: ...

    @property
    def reason(self) -> str: ...


class Decider(Protocol):
    def decide(self, view: SeatView, rng: random.Random) -> DecisionLike: ...


PlayerFactory = Callable[[str], Decider]
MemoKey = tuple[object, ...]
Memo = MutableMapping[MemoKey, tuple[Action, str]]


def default_players(level: str) -> Decider:
    """The project's computer players (engine.players), by level name. Every one decides from its
    view and generator alone (the expert's bids and cards sample counts of deals, never for a
    time), whatever the machine's load: a replay (undo, a reload, a shared link) makes the same
    decisions as the game it replays."""
    from engine.search.registry import make_player

    player: Decider = make_player(level)
    return player


@dataclass(frozen=True, slots=True)
class Session:
    rules: Rules
    levels: tuple[str, ...]  # one per seat; seat 0 (the learner) is ignored
    seed: int
    decisions: tuple[str, ...] = ()
    game_number: int = 0  # where the session starts (a deal code may start mid-game)
    hand_number: int = 0
    dealer: int | None = None  # None: the game's own first dealer
    single_deal: bool = False  # "replay this deal": the session ends with its first hand
    scores: tuple[int, ...] = ()  # the game score the first hand is dealt at; () for 0 each
    opening: str = (
        ""  # the first hand as a position text (its deal and actions), when the seed did not deal it
    )
    won: tuple[int, ...] = ()  # the games of the match each side had won before the first hand; () for none

    def __post_init__(self) -> None:
        if len(self.levels) != self.rules.players:
            raise PracticeError(
                f"{self.rules.players} players need {self.rules.players} seat levels, got {len(self.levels)}"
            )
        for seat, level in enumerate(self.levels):
            if seat != LEARNER and level not in LEVELS:
                raise PracticeError(f"seat {seat} level {level!r} is not one of {', '.join(LEVELS)}")

    def with_decision(self, decision: str) -> Session:
        return replace(self, decisions=self.decisions + (decision,))


def start_game(session: Session) -> GameState:
    """The session's first game state: hand ``hand_number`` of game ``game_number`` of the seed
    (or the ``opening`` hand, its actions applied), at ``scores``. Raises PracticeError for an
    opening that does not read or whose rules are not the session's."""
    game = new_game(session.rules, session.seed)
    plain = not (
        session.game_number
        or session.hand_number
        or any(session.scores)
        or session.opening
        or any(session.won)
    )
    if plain and session.dealer is None:
        return game
    if session.scores and len(session.scores) != len(game.scores):
        raise PracticeError(f"a score needs {len(game.scores)} numbers, got {len(session.scores)}")
    if session.won and len(session.won) != len(game.games_won):
        raise PracticeError(f"the games won need {len(game.games_won)} numbers, got {len(session.won)}")
    actions: tuple[Action, ...] = ()
    if session.opening:
        try:
            text = PositionText.parse(session.opening)
            hand = HandState.from_text(str(replace(text, actions=())))
        except EuchreError as err:
            raise PracticeError(f"the opening position does not work: {err}") from None
        if text.rules != session.rules:
            raise PracticeError("the opening position's rules are not the session's")
        dealer, actions = hand.dealer, text.actions
    else:
        # game 0 without a dealer: the deal passes left once per hand
        dealer = (
            session.dealer
            if session.dealer is not None
            else ((game.dealer + session.hand_number) % session.rules.players)
        )
        hand = deal(session.rules, dealer, hand_rng(session.seed, session.game_number, session.hand_number))
    game = replace(
        game,
        hand=hand,
        dealer=dealer,
        game_number=session.game_number,
        hand_number=session.hand_number,
        scores=session.scores or game.scores,
        games_won=session.won or game.games_won,
    )
    for action in actions:
        game = game.apply(action)  # legal: from_text replayed them
    return game


def seed_deal(rules: Rules, seed: int, game_number: int, hand_number: int, dealer: int) -> HandState:
    """The hand the seed deals as hand ``hand_number`` of game ``game_number``."""
    return deal(rules, dealer, hand_rng(seed, game_number, hand_number))


def is_opening(position: Position) -> bool:
    """The current hand is the session's ``opening``: cards a position text gave, not the seed's
    (so no deal code names it)."""
    s, game = position.session, position.game
    return bool(s.opening) and (game.game_number, game.hand_number) == (s.game_number, s.hand_number)


class Waiting(StrEnum):
    LEARNER = "learner"  # the learner is to act
    NEXT_HAND = "next hand"  # a hand is over; the learner reviews it and deals the next
    DONE = "done"  # the match (or the single replayed deal) is over


@dataclass(frozen=True, slots=True)
class Move:
    before: HandState
    seat: int
    action: Action
    reason: str  # the computer player's one-line reason; "" for the learner


@dataclass(frozen=True, slots=True)
class Position:
    session: Session
    game: GameState
    waiting: Waiting
    moves: tuple[Move, ...]  # every move of the current hand, in order

    @property
    def hand(self) -> HandState:
        return self.game.hand

    @property
    def legal(self) -> tuple[Action, ...]:
        return self.game.hand.legal_actions() if self.waiting is Waiting.LEARNER else ()

    @property
    def pending(self) -> tuple[Move, ...]:
        """The computer moves since the learner's last decision (shown one by one at step pace)."""
        for i in range(len(self.moves) - 1, -1, -1):
            if self.moves[i].seat == LEARNER:
                return self.moves[i + 1 :]
        return self.moves


def computer_rng(session: Session, game: GameState, seat: int) -> random.Random:
    hand = game.hand
    return random.Random(
        f"practice:{session.seed}:{game.game_number}:{game.hand_number}:{len(hand.history)}:{seat}"
    )


def computer_decision(
    session: Session, game: GameState, seat: int, level: str, players: PlayerFactory, memo: Memo | None
) -> tuple[Action, str]:
    """What the ``level`` player in ``seat`` does now (memoised on everything it depends on)."""
    hand = game.hand
    key: MemoKey = (
        level,
        seat,
        session.seed,
        game.game_number,
        game.hand_number,
        game.scores,
        hand.dealt,
        hand.upcard,
        hand.history,
    )
    if memo is not None and key in memo:
        return memo[key]
    player = told_the_score(players(level), session.rules, game.scores, seat)
    decision = player.decide(view_of(hand, seat), computer_rng(session, game, seat))
    result = (decision.action, decision.reason)
    if memo is not None:
        memo[key] = result
    return result


def _run(
    session: Session,
    game: GameState,
    moves: tuple[Move, ...],
    decisions: tuple[str, ...],
    players: PlayerFactory,
    memo: Memo | None,
) -> Position:
    todo = list(decisions)
    collected = list(moves)
    while True:
        hand = game.hand
        if hand.is_over:
            if game.is_over or session.single_deal:
                if todo:
                    raise PracticeError(f"the session is over; cannot apply {todo[0]!r}")
                return Position(session, game, Waiting.DONE, tuple(collected))
            if not todo:
                return Position(session, game, Waiting.NEXT_HAND, tuple(collected))
            marker = todo.pop(0)
            if marker != NEXT_HAND:
                raise PracticeError(
                    f"the hand is over: the next decision must be {NEXT_HAND!r}, not {marker!r}"
                )
            game = game.next_hand()
            collected = []
            continue
        seat = hand.to_act
        assert seat is not None
        if seat == LEARNER:
            if not todo:
                return Position(session, game, Waiting.LEARNER, tuple(collected))
            text = todo.pop(0)
            try:
                action = Action.parse(text)
                after = game.apply(action)
            except EuchreError as err:
                raise PracticeError(f"your decision {text!r} cannot be played here: {err}") from None
            collected.append(Move(hand, seat, action, ""))
            game = after
            continue
        action, reason = computer_decision(session, game, seat, session.levels[seat], players, memo)
        try:
            game = game.apply(action)
        except IllegalAction as err:  # a computer player bug: say so plainly
            raise PracticeError(
                f"the {session.levels[seat]} player in seat {seat} chose {action}: {err}"
            ) from None
        collected.append(Move(hand, seat, action, reason))


def replay(session: Session, players: PlayerFactory = default_players, memo: Memo | None = None) -> Position:
    """The position the session's decisions lead to (computer players acting until it is the
    learner's turn, a hand ends, or the session is over)."""
    return _run(session, start_game(session), (), session.decisions, players, memo)


def act(
    position: Position,
    action: Action | str,
    players: PlayerFactory = default_players,
    memo: Memo | None = None,
) -> Position:
    """The learner's decision; the computer players then act up to the learner's next turn.

    Raises IllegalAction (a ValueError listing the legal actions) if it is not legal now.
    """
    if position.waiting is not Waiting.LEARNER:
        raise IllegalAction(f"it is not your turn ({position.waiting.value})", ())
    parsed = Action.parse(action) if isinstance(action, str) else action
    legal = position.legal
    if parsed not in legal:
        raise IllegalAction(f"{parsed} is not legal now; legal: {', '.join(map(str, legal))}", legal)
    text = str(parsed)
    session = position.session.with_decision(text)
    return _run(session, position.game, position.moves, (text,), players, memo)


def next_hand(
    position: Position, players: PlayerFactory = default_players, memo: Memo | None = None
) -> Position:
    if position.waiting is not Waiting.NEXT_HAND:
        raise PracticeError("the next hand can be dealt only when this one is over")
    session = position.session.with_decision(NEXT_HAND)
    return _run(session, position.game, position.moves, (NEXT_HAND,), players, memo)


def replay_legal(
    session: Session,
    players: PlayerFactory = default_players,
    memo: Memo | None = None,
) -> tuple[Position, PracticeError | None]:
    """The position as many of the session's decisions as are legal lead to, in order, and why
    the first one that is not was refused (None when all are played). A page link's decisions
    are replayed this way: a damaged link keeps its legal beginning. The same session always
    gives the same position."""
    position = replay(replace(session, decisions=()), players, memo)
    for index, decision in enumerate(session.decisions):
        try:
            if decision == NEXT_HAND:
                position = next_hand(position, players, memo)
            else:
                position = act(position, decision, players, memo)
        except EuchreError as err:
            return position, PracticeError(f"decision {index + 1} ({decision}) cannot be played: {err}")
    return position, None


def can_undo(position: Position) -> bool:
    """Undo takes back a decision of the hand in progress (finished hands are already recorded)."""
    return position.waiting is Waiting.LEARNER and any(m.seat == LEARNER for m in position.moves)


def undo(position: Position, players: PlayerFactory = default_players, memo: Memo | None = None) -> Position:
    """The position before the learner's last decision of this hand (replayed exactly)."""
    if not can_undo(position):
        raise PracticeError("there is no decision of yours in this hand to take back")
    decisions = position.session.decisions
    assert decisions and decisions[-1] != NEXT_HAND
    return replay(replace(position.session, decisions=decisions[:-1]), players, memo)


def deal_code(position: Position) -> DealCode:
    """The current hand's deal code, canonical: in game 0 the dealer follows from the seed and the
    hand number, so it is left out unless it differs (a hand-made code may name another dealer)."""
    game = position.game
    s = position.session
    dealer: int | None = game.hand.dealer
    if (
        game.game_number == 0
        and dealer == (new_game(s.rules, s.seed).dealer + game.hand_number) % s.rules.players
    ):
        dealer = None
    return DealCode(s.rules, s.seed, game.game_number, game.hand_number, dealer)


def replay_deal(position: Position) -> Session:
    """A new single-deal session on the current hand's cards (duplicate style)."""
    game = position.game
    s = position.session
    opening = str(replace(game.hand.to_position(), actions=())) if is_opening(position) else ""
    return Session(
        s.rules,
        s.levels,
        s.seed,
        (),
        game.game_number,
        game.hand_number,
        game.hand.dealer,
        single_deal=True,
        opening=opening,
    )


def play_out(
    session: Session,
    game: GameState,
    seat_levels: tuple[str, ...],
    players: PlayerFactory = default_players,
    memo: Memo | None = None,
) -> HandState:
    """Play the current hand of ``game`` to its end with a computer player in every seat
    (``seat_levels``, the learner's seat included) — e.g. "what the expert would have done
    in your seat". The other seats draw the same generators as in the real hand."""
    hand = game.hand
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        step = replace(game, hand=hand)
        action, _ = computer_decision(session, step, seat, seat_levels[seat], players, memo)
        hand = hand.apply(action)
    return hand
