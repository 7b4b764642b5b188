"""The practice table as one object: what the page keeps between clicks, and what its buttons do.

A ``PracticeTable`` holds the position (``practice.session``: rules, seat levels, seed and the
learner's decisions, replayed), the memo of computer decisions, the step-pace counter, the hint,
the grades the background worker computes while the learner thinks, and the id of the game in
the records database. It never imports Streamlit: the page draws ``table.position`` and its
button callbacks call the methods here, and the tests drive it directly.

Problems a learner should read (an illegal click, a bad link, a database that cannot be
written) never raise: they become notices the page shows (``take_notice``).

>>> link = read_link({"levels": "be", "deal": "not a code"})
>>> link.levels, link.deal is None, len(link.problems)
(('beginner', 'expert'), True, 1)
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, TypeVar

from engine.actions import Action
from engine.analysis.styles import DEFAULT_STYLE
from engine.errors import EuchreError
from engine.expert import PLAYER_NAMES
from engine.game import add_hand, seat_score, side_of
from engine.hand import HandState, Phase
from engine.numbers import shown
from engine.rules import Rules
from practice import coach, review
from practice.codes import DealCode, DealCodeError, decode, encode
from practice.export import hand_record, to_jsonl
from practice.session import (
    LEARNER,
    Memo,
    PlayerFactory,
    Position,
    Session,
    Waiting,
    act,
    can_undo,
    deal_code,
    default_players,
    next_hand,
    replay,
    replay_deal,
    undo,
)
from store import practice_log
from store.db import StoreError

LEVEL_LETTERS = {"b": "beginner", "c": "club", "e": "expert"}  # ?levels=cce: one letter per computer seat
MEMO_LIMIT = 50_000  # computer decisions remembered before the memo starts again
GRADE_WAIT = 10.0  # seconds the review waits for each background grade before grading itself
SEED_LIMIT = 2**32

Grade = Callable[[int, HandState, Action, int, review.SeatScore | None, str], review.GradedDecision]
T = TypeVar("T")

_grader_lock = threading.Lock()
_shared_grader: ThreadPoolExecutor | None = None


def shared_grader() -> ThreadPoolExecutor:
    """One background worker per process: grades each decision while the learner thinks."""
    global _shared_grader
    with _grader_lock:
        if _shared_grader is None:
            _shared_grader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="practice-grader")
        return _shared_grader


# ---- the page's link ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableLink:
    """What a practice link asks for: a deal (``deal=CODE``) and the computer seats' levels
    (``levels=cce``, one letter per computer seat, West first), with what could not be read."""

    deal: DealCode | None = None
    levels: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()


def read_levels(raw: str) -> tuple[str, ...]:
    """``"cce"`` as seat levels, West first; raises ``ValueError`` saying what is accepted."""
    chosen = [LEVEL_LETTERS.get(ch) for ch in raw.strip().lower()]
    if not 1 <= len(chosen) <= 3 or any(c is None or c not in PLAYER_NAMES for c in chosen):
        letters = ", ".join(f"{k} = {v}" for k, v in LEVEL_LETTERS.items() if v in PLAYER_NAMES)
        raise ValueError(f"The link's levels={shown(raw)} is not understood: use one letter per computer seat ({letters}).")
    return tuple(c for c in chosen if c is not None)


def read_link(params: Mapping[str, str]) -> TableLink:
    """The practice table's own parameters of a page link; other parameters (the rules) are the
    sidebar's. Never raises: a bad value is a problem to show, and the rest of the link still works."""
    problems: list[str] = []
    levels: tuple[str, ...] = ()
    raw_levels = params.get("levels")
    if raw_levels:
        try:
            levels = read_levels(str(raw_levels))
        except ValueError as err:
            problems.append(str(err))
    code = None
    raw_deal = params.get("deal")
    if raw_deal:
        try:
            code = decode(str(raw_deal))
        except DealCodeError as err:
            problems.append(f"That deal code does not work: {err}")
    return TableLink(code, levels, tuple(problems))


def seat_levels(players: int, computer: Sequence[str]) -> tuple[str, ...]:
    """Every seat's level: the learner, then ``computer`` (West first; "club" where it is short)."""
    return ("you",) + tuple(computer[s] if s < len(computer) else "club" for s in range(players - 1))


# ---- the table ---------------------------------------------------------------------------


class Notice(StrEnum):
    FLASH = "flash"  # a click that could not be played; shown once
    CODE = "code_error"  # a deal code or link that does not work; shown once
    STORE = "store_error"  # the records are not being saved; shown while it lasts


class PracticeTable:
    """The practice table between clicks. Build one with ``from_link``; every method keeps
    ``position`` valid (a click that cannot be played leaves it unchanged and sets a notice)."""

    def __init__(
        self, session: Session, kind: str = "game", *, players: PlayerFactory = default_players,
        grade: Grade = review.grade_decision, grader: Executor | None = None, conn: sqlite3.Connection | None = None,
    ) -> None:
        """``players``, ``grade`` and ``grader`` (an executor; default ``shared_grader()``) are the
        computer players, the decision grader and where it runs; ``conn`` an open records database
        (default: each save opens the one ``EUCHRE_COACH_DB`` names)."""
        self._players = players
        self._grade = grade
        self._grader = grader
        self._conn = conn
        self._memo: dict[Any, Any] = {}
        self._grading: list[Future[review.GradedDecision]] = []
        self._graded_for: dict[int, str] = {}  # id of a grading job -> the table it graded bids against
        self._grades: dict[Any, tuple[review.GradedDecision, ...]] = {}
        self._saved: set[tuple[int, int]] = set()
        self._hint: tuple[Any, coach.Hint] | None = None
        self._notices: dict[Notice, str] = {}
        self.want_hint = False
        self.table = DEFAULT_STYLE  # the table whose best response the hints and bid grades give
        self.play_forced = True  # play the learner's card when the engine allows only one (forced_play)
        self.revealed = 0  # computer moves shown so far at step pace
        self.paused: Position | None = None  # the game a "replay this deal" interrupted
        self.drawn_game: Session | None = None  # the page's: the game its outside-the-table parts show
        self.game_id: int | None = None
        self.position = self._start(session, kind)

    @classmethod
    def from_link(
        cls, link: TableLink, rules: Rules, computer: Sequence[str] = (), seed: int | None = None, **deps: Any,
    ) -> PracticeTable:
        """The table a page link opens: the link's deal (with its rules), else a new game with
        ``rules``; the link's seat levels, else ``computer``. The link's problems become a notice."""
        levels = tuple(link.levels) + tuple(computer[len(link.levels):])
        if link.deal is not None:
            code = link.deal
            session = Session(code.rules, seat_levels(code.rules.players, levels), code.seed, (),
                              code.game_number, code.hand_number, code.dealer)
        else:
            session = _new_session(rules, levels, seed)
        table = cls(session, **deps)
        if link.problems:
            table._notices[Notice.CODE] = "\n\n".join(link.problems)
        return table

    # ---- what the page reads -------------------------------------------------------------

    @property
    def session(self) -> Session:
        return self.position.session

    @property
    def deal_code(self) -> str:
        """The current hand's deal code, as shown and put in the page's link."""
        return encode(deal_code(self.position))

    @property
    def level_letters(self) -> str:
        """The computer seats' levels as the link's ``levels=`` letters."""
        return "".join(level[0] for level in self.session.levels[1:])

    @property
    def game_key(self) -> Session:
        """What the parts of the page outside the table depend on: the session without its decisions."""
        return replace(self.session, decisions=())

    @property
    def is_first_hand(self) -> bool:
        """The session's first hand (learning mode guides only that one)."""
        game, s = self.position.game, self.session
        return game.game_number == s.game_number and game.hand_number == s.hand_number

    @property
    def can_undo(self) -> bool:
        """A decision of the learner's in this hand to take back (with ``play_forced``, one that
        was not forced: undoing a forced card would only play it again)."""
        pos = self.position
        if not can_undo(pos):
            return False
        return not self.play_forced or any(m.seat == LEARNER and not forced(m.before) for m in pos.moves)

    def forced_play(self, step_pace: bool) -> Action | None:
        """The card to play for the learner now, when ``play_forced`` is on and the engine allows
        only one (``legal_actions``), once every computer move before it has been shown."""
        pos = self.position
        if not self.play_forced or pos.waiting is not Waiting.LEARNER or not forced(pos.hand):
            return None
        if self.shown(step_pace)[1]:
            return None
        return pos.legal[0]

    @property
    def memo(self) -> Memo:
        if len(self._memo) > MEMO_LIMIT:
            self._memo.clear()
        return self._memo

    @property
    def pending_grades(self) -> int:
        """Background grades started and not yet finished."""
        return sum(not job.done() for job in self._grading)

    def take_notice(self, notice: Notice) -> str | None:
        """The message to show for ``notice``: once, except the records warning, which lasts."""
        if notice is Notice.STORE:
            return self._notices.get(notice)
        return self._notices.pop(notice, None)

    def shown(self, step_pace: bool) -> tuple[HandState, int]:
        """The state to draw and how many computer moves are still hidden (step pace)."""
        pending = self.position.pending
        if step_pace and self.revealed < len(pending):
            return pending[self.revealed].before, len(pending) - self.revealed
        return self.position.hand, 0

    def hint(self, guided: bool) -> coach.Hint | None:
        """The advice for this decision when guided or asked for (kept until the next decision).
        Raises EuchreError when there is none to give."""
        pos = self.position
        key = (pos.session.decisions, pos.session.seed, self.table)
        if self._hint is None or self._hint[0] != key:
            if not guided and not self.want_hint:
                return None
            self._hint = (key, coach.hint(pos.session, pos.hand, players=self._players,
                                          score=self.learner_score(pos), table=self.table))
        self.want_hint = False
        return self._hint[1]

    def grades(self) -> tuple[review.GradedDecision, ...]:
        """The learner's graded decisions of the current hand, using what the background worker
        has finished (it is waited for rather than graded a second time)."""
        pos = self.position
        key = (pos.session.seed, pos.game.game_number, pos.game.hand_number, pos.hand.history, self.table)
        if key not in self._grades:
            done: dict[tuple[int, HandState, Action], review.GradedDecision] = {}
            for job in self._grading:
                wait([job], timeout=GRADE_WAIT)
                if job.done() and not job.cancelled() and job.exception() is None:
                    graded, table = job.result(), self._graded_for.get(id(job))
                    if table == self.table:
                        done[(graded.step, graded.before, graded.action)] = graded
            self._grading.clear()
            self._graded_for.clear()
            self._grades.clear()
            score = self.learner_score(pos)
            self._grades[key] = tuple(done.get(d) or self._grade(*d, LEARNER, score, self.table)
                                      for d in review.learner_decisions(pos.hand))
        return self._grades[key]

    @staticmethod
    def learner_score(pos: Position) -> review.SeatScore:
        """The game score the current hand was dealt at, as the learner reckons it (their side,
        the best opponent): the hint and the grades rank bids by the chance of winning from it,
        as the analyzer does."""
        return seat_score(pos.session.rules, pos.game.scores_at_deal, LEARNER)

    def hand_record(self) -> dict[str, Any]:
        """The current hand's replay record (``python -m engine replay`` reads it)."""
        pos = self.position
        return hand_record(pos.hand, pos.game.game_number, pos.game.hand_number, pos.session.levels, pos.session.seed,
                           pos.game.scores_at_deal)

    def hand_json(self) -> str:
        return json.dumps(self.hand_record())

    def game_jsonl(self, position: Position | None = None) -> str:
        """The game so far (or ``position``'s) as JSON Lines, one replay record per hand (the
        Import view reads it)."""
        pos = self.position if position is None else position
        records, scores = [], (0,) * len(pos.game.scores)
        for i, h in enumerate(pos.game.history):
            records.append(hand_record(h, pos.game.game_number, i, pos.session.levels, pos.session.seed, scores))
            scores = add_hand(scores, h)
        return to_jsonl(records)

    def expert_in_your_seat(self) -> coach.ExpertComparison:
        pos = self.position
        return coach.expert_in_your_seat(pos.session, pos.game.game_number, pos.game.hand_number, pos.hand,
                                         players=self._players, memo=self.memo, scores=pos.game.scores_at_deal)

    # ---- what the buttons do -------------------------------------------------------------

    def new_game(self, rules: Rules, computer: Sequence[str], seed: int | None = None) -> None:
        """A new game with ``rules`` and the computer seats' levels (a random seed unless given)."""
        self._set(self._start(_new_session(rules, computer, seed), "game"))
        self.paused = None

    def open_code(self, text: str, computer: Sequence[str]) -> DealCode | None:
        """Open a typed deal code; None (and a notice) when it does not work, the game carrying on."""
        try:
            code = decode(text)
        except DealCodeError as err:
            self._notices[Notice.CODE] = f"That deal code does not work: {err}"
            return None
        self._notices.pop(Notice.CODE, None)
        self._set(self._start(Session(code.rules, seat_levels(code.rules.players, computer), code.seed, (),
                                      code.game_number, code.hand_number, code.dealer), "game"))
        return code

    def act(self, action: Action | str) -> bool:
        """The learner's decision. An illegal one leaves the position unchanged and sets a notice;
        a legal one is graded in the background."""
        before = self.position
        try:
            parsed = Action.parse(action) if isinstance(action, str) else action
            after = act(before, parsed, players=self._players, memo=self.memo)
        except EuchreError as err:
            self._notices[Notice.FLASH] = str(err)
            return False
        self._set(after)
        grader = self._grader if self._grader is not None else shared_grader()
        job = grader.submit(self._grade, len(before.hand.history), before.hand, parsed, LEARNER,
                            self.learner_score(before), self.table)
        self._graded_for[id(job)] = self.table
        self._grading.append(job)
        return True

    def undo(self) -> None:
        """Take back the learner's last decision; with ``play_forced``, the forced cards played for
        them since their last real choice go with it."""
        if not self.can_undo:
            return
        pos = undo(self.position, players=self._players, memo=self.memo)
        while self.play_forced and forced(pos.hand) and pos.waiting is Waiting.LEARNER and can_undo(pos):
            pos = undo(pos, players=self._players, memo=self.memo)
        self._set(pos)

    def reveal(self) -> None:
        """Step pace: show the next computer move."""
        self.revealed += 1

    def next_hand(self) -> None:
        if self.position.waiting is Waiting.NEXT_HAND:
            self._set(next_hand(self.position, players=self._players, memo=self.memo))

    def replay_deal(self) -> None:
        """The same cards again (duplicate style); a game in progress waits for ``back``."""
        if not self.session.single_deal:
            self.paused = self.position
        self._set(self._start(replay_deal(self.position), "replay"))

    def back(self) -> None:
        """Back to the game a replayed deal interrupted, where it was left."""
        if self.paused is not None:
            self.position, self.paused = self.paused, None
            self.revealed = len(self.position.pending)

    def save_finished(self) -> None:
        """Record the finished hand once, and the game when it is decided."""
        pos = self.position
        key = (pos.game.game_number, pos.game.hand_number)
        if key in self._saved:
            return
        self._saved.add(key)
        if self.game_id is None:
            return
        hand = pos.hand
        facts = review.hand_facts(hand, key[0], key[1], self.hand_record(), self.grades())
        self._store("saving the hand", practice_log.save_hand, self.game_id, facts)
        if pos.game.game_winner is not None and (pos.game.is_over or pos.session.single_deal):
            won = pos.game.game_winner == side_of(pos.session.rules, LEARNER)
            self._store("saving the game", practice_log.finish_game, self.game_id, list(pos.game.scores), won)
        elif pos.session.single_deal:
            self._store("saving the deal", practice_log.finish_game, self.game_id, list(pos.game.scores),
                        hand.points[LEARNER] > 0)

    # ---- inside ---------------------------------------------------------------------------

    def _set(self, position: Position) -> None:
        self.position = position
        self.revealed = 0
        self._hint = None

    def _start(self, session: Session, kind: str) -> Position:
        position = replay(session, players=self._players, memo=self.memo)
        self._saved = set()
        self.game_id = self._store("starting a game", practice_log.start_game, kind, session.rules.changes(),
                                   session.seed, list(session.levels), encode(deal_code(position)))
        return position

    def _store(self, doing: str, fn: Callable[..., T], *args: Any) -> T | None:
        """Run a records call; on a database problem remember the message and carry on."""
        try:
            return fn(*args, conn=self._conn)
        except StoreError as err:
            self._notices[Notice.STORE] = f"Records are not being saved ({doing}): {err}"
            return None


def forced(hand: HandState) -> bool:
    """A play with only one legal card (``legal_actions``): nothing for the learner to decide."""
    return hand.phase is Phase.PLAY and not hand.is_over and len(hand.legal_actions()) == 1


def _new_session(rules: Rules, computer: Sequence[str], seed: int | None) -> Session:
    return Session(rules, seat_levels(rules.players, computer), secrets.randbelow(SEED_LIMIT) if seed is None else seed)


__all__ = ["LEVEL_LETTERS", "Notice", "forced", "PracticeTable", "TableLink", "read_levels", "read_link", "seat_levels",
           "shared_grader"]
