"""The practice table as one object: what the page keeps between clicks, and what its buttons do.

A ``PracticeTable`` holds the position (``practice.session``: rules, seat levels, seed and the
learner's decisions, replayed), the memo of computer decisions, the step-pace counter, the hint,
the grades the background worker computes while the learner thinks, and the id of the game in
the records database. It never imports Streamlit: the page draws ``table.position`` and its
button callbacks call the methods here, and the tests drive it directly.

Problems a learner should read (an illegal click, a bad link, a database that cannot be
written) never raise: they become notices the page shows (``take_notice``).

The page's link (``link_params``) rebuilds the table's position on a reload or another browser:
``deal=`` the current hand's deal code, ``levels=`` the computer seats, ``moves=`` the learner's
decisions so far (a move code, ``practice.codes``) and, when they began in an earlier hand,
``start=`` the deal code they start from. The computer players' decisions are seeded, so
replaying the learner's decisions from the start rebuilds the same position, game score
included. A ``moves=`` value that does not read or replay keeps its legal beginning when that
still reaches the link's deal; otherwise the deal starts fresh (one notice says which). A game too
long for a link (``MOVES_LIMIT`` characters of moves) keeps only the deal code: a reload then
starts the current hand again, and ``link_capped`` says so.

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

from engine.analysis.styles import DEFAULT_STYLE
from engine.core.actions import Action
from engine.core.errors import EuchreError, quoted
from engine.core.game import add_hand, seat_score, side_of
from engine.core.hand import HandState, Phase
from engine.core.rules import Rules
from engine.io.numbers import shown
from engine.search.registry import PLAYER_NAMES
from practice import coach, review
from practice.codes import (
    MOVES_LIMIT,
    DealCode,
    DealCodeError,
    decode,
    decode_moves,
    encode,
    encode_moves,
)
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
    replay_legal,
    start_game,
    undo,
)
from practice.table import claim_card
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
    (``levels=cce``, one letter per computer seat, West first), with what could not be read;
    and the learner's decisions to replay (``moves=``, from ``start=CODE`` or else from the deal).
    ``moves_text`` is the raw value, ``moves_problem`` why it stops reading early."""

    deal: DealCode | None = None
    levels: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()
    start: DealCode | None = None
    moves: tuple[str, ...] = ()
    moves_text: str = ""
    moves_problem: str | None = None


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
    start = None
    raw_start = str(params.get("start") or "")
    moves_text = str(params.get("moves") or "")
    if code is None:
        if not raw_deal and (raw_start or moves_text):  # decisions need their deal to be replayed on
            problems.append("The link's moves cannot be replayed without its deal code: a new game starts.")
        return TableLink(code, levels, tuple(problems))
    if raw_start:
        try:
            start = decode(raw_start)
        except DealCodeError as err:
            problems.append(f"The link's start={quoted(raw_start)} does not work ({err}): the deal starts fresh.")
            return TableLink(code, levels, tuple(problems))
    moves: tuple[str, ...] = ()
    moves_problem = None
    if len(moves_text) > MOVES_LIMIT:
        moves_problem = f"it is longer than {MOVES_LIMIT} characters"
    elif moves_text:
        moves, error = decode_moves(moves_text)
        moves_problem = None if error is None else str(error)
    return TableLink(code, levels, tuple(problems), start, moves, moves_text, moves_problem)


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
        memo: dict[Any, Any] | None = None,
    ) -> None:
        """``players``, ``grade`` and ``grader`` (an executor; default ``shared_grader()``) are the
        computer players, the decision grader and where it runs; ``conn`` an open records database
        (default: each save opens the one ``EUCHRE_COACH_DB`` names); ``memo`` computer decisions
        already worked out (``practice.session.Memo``)."""
        self._players = players
        self._grade = grade
        self._grader = grader
        self._conn = conn
        self._memo: dict[Any, Any] = {} if memo is None else memo
        self._grading: list[Future[review.GradedDecision]] = []
        self._graded_for: dict[int, str] = {}  # id of a grading job -> the table it graded bids against
        self._grades: dict[Any, tuple[review.GradedDecision, ...]] = {}
        self._saved: set[tuple[int, int]] = set()
        self._hint: tuple[Any, coach.Hint] | None = None
        self._claim: tuple[Any, Action | None] | None = None  # (position key, the claim's next card)
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
        problems = list(link.problems)
        memo: dict[Any, Any] = {}
        if link.deal is not None:
            session = _session_at(link.deal, levels)
            if link.start is not None or link.moves_text:
                replayed, problem = _replay_link(link, levels, deps.get("players", default_players), memo)
                if problem:
                    problems.append(problem)
                session = replayed if replayed is not None else session
        else:
            session = _new_session(rules, levels, seed)
        table = cls(session, memo=memo, **deps)
        if problems:
            table._notices[Notice.CODE] = "\n\n".join(problems)
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
    def moves_code(self) -> str:
        """The learner's decisions since the session's start as the link's ``moves=`` (a move code)."""
        return encode_moves(self.session.decisions)

    @property
    def link_capped(self) -> bool:
        """The learner's decisions are too many for the page's link (it keeps the deal code only)."""
        return len(self.moves_code) > MOVES_LIMIT

    def link_params(self) -> dict[str, str]:
        """The table's part of the page link: ``deal=`` (this hand), ``levels=``, and when the learner
        has decided anything, ``moves=`` with ``start=`` (the session's first deal) if that is an
        earlier hand. Opening the link (``read_link``, ``from_link``) rebuilds this position."""
        params = {"deal": self.deal_code, "levels": self.level_letters}
        moves = self.moves_code
        if not moves or len(moves) > MOVES_LIMIT:
            return params
        if not self.is_first_hand:
            s = self.session
            params["start"] = encode(DealCode(s.rules, s.seed, s.game_number, s.hand_number, s.dealer))
        params["moves"] = moves
        return params

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
    def can_claim(self) -> bool:
        """The learner may claim the rest of the hand: their side takes every trick still to play
        whatever the others do (``practice.table.claim_card``, checked by the solver)."""
        pos = self.position
        key = (pos.session.seed, pos.game.game_number, pos.game.hand_number, pos.hand.history)
        if self._claim is None or self._claim[0] != key:
            ready = pos.waiting is Waiting.LEARNER and pos.hand.phase is Phase.PLAY
            self._claim = (key, claim_card(pos.hand) if ready else None)
        return self._claim[1] is not None

    def claim_rest(self) -> None:
        """Play the learner's cards to the end of the hand along the solver's line that takes
        every remaining trick (the computer players play theirs as usual)."""
        while self.can_claim:
            card = self._claim[1] if self._claim is not None else None
            if card is None or not self.act(card):
                return

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


def _session_at(code: DealCode, computer: Sequence[str]) -> Session:
    """A game session opening at ``code``'s deal."""
    return Session(code.rules, seat_levels(code.rules.players, computer), code.seed, (), code.game_number,
                   code.hand_number, code.dealer)


def _same_deal(position: Position, code: DealCode) -> bool:
    """``position`` is in the hand ``code`` names (same rules, seed, game, hand and dealer)."""
    game, s = position.game, position.session
    dealer = start_game(_session_at(code, s.levels[1:])).hand.dealer
    return ((s.rules, s.seed, game.game_number, game.hand_number, game.hand.dealer)
            == (code.rules, code.seed, code.game_number, code.hand_number, dealer))


def _replay_link(
    link: TableLink, computer: Sequence[str], players: PlayerFactory, memo: Memo,
) -> tuple[Session | None, str | None]:
    """The session a link's ``start=`` and ``moves=`` rebuild, and the one problem to tell: the
    decisions that read and replay legally are kept when they still end in the link's deal;
    otherwise (None) the deal starts fresh."""
    assert link.deal is not None
    echo = f"The link's moves={quoted(link.moves_text)}" if link.moves_text else "The link's start= code"
    session = replace(_session_at(link.start or link.deal, computer), decisions=link.moves)
    try:
        position, refused = replay_legal(session, players, memo)
    except EuchreError as err:  # a computer player that cannot play: start the deal fresh
        return None, f"{echo} could not be replayed ({err}): the deal starts fresh."
    why = link.moves_problem or (str(refused) if refused else None)
    if not _same_deal(position, link.deal):
        return None, f"{echo} do not lead to this link's deal{f' ({why})' if why else ''}: the deal starts fresh."
    if why:
        kept = len(position.session.decisions)
        return position.session, (f"{echo} could not all be replayed ({why}): the table keeps the first {kept} "
                                  f"decision{'' if kept == 1 else 's'}.")
    return position.session, None


def _new_session(rules: Rules, computer: Sequence[str], seed: int | None) -> Session:
    return Session(rules, seat_levels(rules.players, computer), secrets.randbelow(SEED_LIMIT) if seed is None else seed)


__all__ = ["LEVEL_LETTERS", "Notice", "forced", "PracticeTable", "TableLink", "read_levels", "read_link", "seat_levels",
           "shared_grader"]
