"""The practice table as one object: what the page keeps between clicks, and what its buttons do.

A ``PracticeTable`` holds the position (``practice.session``: rules, seat levels, seed and the
learner's decisions, replayed), the memo of computer decisions, the step-pace counter, the hint,
the grades the background worker computes while the learner thinks (``practice.grading``), and
the id of the game in the records database. It never imports Streamlit: the page draws ``table.position`` and its
button callbacks call the methods here, and the tests drive it directly.

Problems a learner should read (an illegal click, a bad link, a database that cannot be
written) never raise: they become notices the page shows (``take_notice``).

The page's link and the session it rebuilds are ``practice.table_link``'s; the deal of the day
(``practice.daily``) opens as one deal beside the game in progress (``open_daily``, a ``daily=``
link: ``daily_link``), and its first play's result is kept for the learner
(``store.daily_results``; a replay does not count again, and the play that counts has no undo).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import replace
from enum import StrEnum
from typing import Any, TypeVar

from engine.analysis.tables import DEFAULT_TABLE
from engine.core.actions import Action
from engine.core.errors import EuchreError
from engine.core.game import add_hand, seat_score, side_of
from engine.core.hand import TRICKS, HandState, Phase
from engine.core.rules import Rules
from engine.core.seats import LEARNER
from practice import coach, deck, review
from practice.codes import (
    MOVES_LIMIT,
    DealCode,
    DealCodeError,
    decode,
    decode_moves,
    encode,
    encode_moves,
)
from practice.daily import DailyDeal, DailyResult, Par, expert_par, on_record, par, result_of, save_day
from practice.export import hand_record, to_jsonl
from practice.grading import REGRADE_WAIT, Grade, GradingPool
from practice.page_link import page_link
from practice.session import (
    Memo,
    Move,
    PlayerFactory,
    Position,
    Session,
    Waiting,
    act,
    can_undo,
    deal_code,
    default_players,
    is_opening,
    next_hand,
    replay,
    replay_deal,
    replay_legal,
    undo,
)
from practice.table_link import (
    Reopened,
    TableLink,
    new_session,
    position_session,
    replay_link,
    session_at,
    shared_session,
)
from practice.table_text import claim_card
from store import daily_results, practice_log, shared_positions
from store.backend import Connection
from store.db import StoreError
from store.shared_positions import SharedStart, ShareError

MEMO_LIMIT = 50_000  # computer decisions remembered before the memo starts again

T = TypeVar("T")


# ---- the table ---------------------------------------------------------------------------


class Notice(StrEnum):
    FLASH = "flash"  # a click that could not be played; shown once
    CODE = "code_error"  # a deal code or link that does not work; shown once
    STORE = "store_error"  # the records are not being saved; shown while it lasts


class PracticeTable:
    """The practice table between clicks. Build one with ``from_link``; every method keeps
    ``position`` valid (a click that cannot be played leaves it unchanged and sets a notice)."""

    def __init__(
        self,
        session: Session,
        kind: str = "game",
        *,
        players: PlayerFactory = default_players,
        grade: Grade = review.grade_decision,
        grader: Executor | None = None,
        conn: Connection | None = None,
        memo: dict[Any, Any] | None = None,
        shared: str | None = None,
        earlier: Session | None = None,
        daily_deal: DailyDeal | None = None,
        learner: str | None = None,
    ) -> None:
        """``players``, ``grade`` and ``grader`` (an executor; default ``practice.grading``'s: a
        worker process for ``review.grade_decision``) are the computer players, the decision grader
        and where it runs; ``conn`` an open records database
        (default: each save opens the one ``EUCHRE_COACH_DB`` names); ``memo`` computer decisions
        already worked out (``practice.session.Memo``); ``shared`` the id the session's opening is
        already kept under (a ``shared=`` link), so it is not kept a second time; ``earlier`` the hands
        of the game before ``session``'s first, which a page link named and the table did not replay
        (``table_link.this_hand``): kept for the links the table writes (``game_session``);
        ``daily_deal`` the deal of the day ``session`` is (``open_daily``), ``learner`` whose table it is."""
        self._players = players
        self._grading = GradingPool(grade, grader)  # the learner's decisions, graded in the background
        self._conn = conn
        self._memo: dict[Any, Any] = {} if memo is None else memo
        self._saved: set[tuple[int, int]] = set()
        self._hint: tuple[Any, coach.Hint] | None = None
        self._claim: tuple[Any, Action | None] | None = None  # (position key, the claim's next card)
        self._notices: dict[Notice, str] = {}
        self.want_hint = False
        self.table = DEFAULT_TABLE  # the table whose best response the hints and bid grades give
        self.play_forced = True  # play the learner's card when the engine allows only one (forced_play)
        self.revealed = 0  # computer moves shown so far at step pace
        self.paused: Position | None = None  # the game a "replay this deal" interrupted
        self.drawn_game: Session | None = None  # the page's: the game its outside-the-table parts show
        self.game_id: int | None = None
        self.learner = learner  # whose mistake deck the hand's mistakes go to (the page sets it)
        self._daily = daily_deal  # the deal of the day the table opened last (``daily``)
        self.daily_class: tuple[str, str] | None = None  # (class code, the pupil's name) it is played for
        self.daily_replay = False  # the learner's result for it was on record before this play
        self._par: tuple[DailyDeal, Par] | None = None  # the Expert's par on the deal of the day, kept
        # the page starts the background grading itself once a click's page is drawn (start_grading)
        self.grade_later = False
        # the id each opening (a session without its decisions) is kept under for the page link
        self._shares: dict[Session, str] = {} if shared is None else {replace(session, decisions=()): shared}
        # the earlier hands a link named and the table did not replay, by the game they precede (game_key)
        self._earlier: dict[Session, Session] = (
            {} if earlier is None else {replace(session, decisions=()): earlier}
        )
        self.position = self._start(session, kind)
        if daily_deal is not None:
            self.daily_replay = self._daily_on_record(daily_deal) is not None

    @classmethod
    def from_link(
        cls,
        link: TableLink,
        rules: Rules,
        computer: Sequence[str] = (),
        seed: int | None = None,
        **deps: Any,
    ) -> PracticeTable:
        """The table a page link opens: the link's deal (with its rules), else a new game with
        ``rules``; the link's seat levels, else ``computer``. The link's problems become a notice."""
        levels = tuple(link.levels) + tuple(computer[len(link.levels) :])
        problems = list(link.problems)
        memo: dict[Any, Any] = {}
        players = deps.get("players", default_players)
        share, opened = None, Reopened(None)
        if link.position is not None:
            opened = Reopened(*position_session(link, levels, players, memo))
        elif link.shared:
            opened, share = shared_session(link, computer, players, memo, deps.get("conn"))
        elif link.deal is not None:
            opened = Reopened(session_at(link.deal, levels, link.scores if link.start is None else ()))
            if link.start is not None or link.moves_text:
                replayed = replay_link(link, levels, players, memo)
                opened = (
                    replayed if replayed.session is not None else replace(replayed, session=opened.session)
                )
        if opened.problem:
            problems.append(opened.problem)
        session = opened.session or new_session(rules, levels, seed)
        earlier = opened.earlier
        table = cls(
            session,
            memo=memo,
            shared=share if earlier is None else None,
            earlier=earlier,
            **deps,
        )
        if share is not None and earlier is not None:  # the shared deal opens the earlier hands
            table._shares[replace(earlier, decisions=())] = share
        said = table._notices.get(Notice.CODE)  # a deal that could not be kept for the link
        if problems:
            table._notices[Notice.CODE] = "\n\n".join(problems + ([said] if said else []))
        return table

    @classmethod
    def daily_link(cls, deal: DailyDeal, learner: str | None, moves: str = "", **deps: Any) -> PracticeTable:
        """The table a deal-of-the-day link opens (``daily=``): the deal, with the link's ``moves=``
        replayed (those that read and replay legally; a notice says when some do not)."""
        table = cls(deal.session, "replay", daily_deal=deal, learner=learner, **deps)
        if moves:
            table.daily_replay = False  # a reload of a play in progress, or of the first play
            table._replay_moves(moves)
        return table

    # ---- what the page reads -------------------------------------------------------------

    @property
    def session(self) -> Session:
        return self.position.session

    @property
    def deal_code(self) -> str:
        """The current hand's deal code, as shown; "" for a hand a position text gave, whose
        cards the seed did not deal (no code names it)."""
        return "" if is_opening(self.position) else encode(deal_code(self.position))

    @property
    def daily(self) -> DailyDeal | None:
        """The deal of the day when the table is on it (its first play or a replay), else None."""
        deal = self._daily
        return deal if deal is not None and self.game_key == deal.session else None

    def daily_result(self) -> DailyResult | None:
        """This play of the deal of the day, once it is over (None before, or on another deal)."""
        if self.daily is None or self.position.waiting is not Waiting.DONE:
            return None
        return result_of(self.position.hand, self.grades())

    def daily_par(self) -> Par | None:
        """The Expert's par on the deal of the day (None on another deal). With the project's players
        it is worked out in the grading worker (kept there: ``practice.daily.expert_par``)."""
        deal = self.daily
        if deal is None:
            return None
        if self._par is None or self._par[0] != deal:
            if self._players is default_players:
                self._par = (deal, self._grading.run(expert_par, deal))
            else:
                self._par = (deal, par(deal, self._players, self.memo))
        return self._par[1]

    @property
    def game_session(self) -> Session:
        """The whole game's session: ``session``, or, when a page link opened this game at a later
        hand without replaying the earlier ones (``table_link.this_hand``), those hands' decisions
        (kept as the link gave them) followed by this session's."""
        s = self.session
        earlier = self._earlier.get(replace(s, decisions=()))
        return s if earlier is None else replace(earlier, decisions=earlier.decisions + s.decisions)

    @property
    def earlier_left_out(self) -> bool:
        """The game's earlier hands are in its link but not on the table (not replayed: ``game_session``)."""
        return self.game_session is not self.session

    @property
    def moves_code(self) -> str:
        """The learner's decisions since the game's start as the link's ``moves=`` (a move code)."""
        return encode_moves(self.game_session.decisions)

    @property
    def link_capped(self) -> bool:
        """The learner's decisions are too many for the page's link: it keeps this hand (its deal
        code and this hand's decisions) but not the earlier hands of the game."""
        return not self.is_first_hand and len(self.moves_code) > MOVES_LIMIT

    @property
    def shared_id(self) -> str | None:
        """The id this game's opening (a position text no seed deals) is kept under for the page
        link (``store.shared_positions``); None for a game the seed deals, or when it could not be kept."""
        game = self.game_session
        return self._shares.get(replace(game, decisions=())) if game.opening else None

    def link_params(self) -> dict[str, str]:
        """The table's part of the page link (``practice.page_link.page_link``): never a card of a hand
        the learner cannot see; opening it (``read_link``, ``from_link``) rebuilds this position."""
        return page_link(
            self.position,
            self.game_session,
            first_hand=self.is_first_hand,
            share=self.shared_id,
            levels=self.level_letters,
            day=None if self.daily is None else self.daily.day.isoformat(),
        )

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
        game, s = self.position.game, self.game_session
        return game.game_number == s.game_number and game.hand_number == s.hand_number

    @property
    def counts_for_the_day(self) -> bool:
        """The table is on the deal of the day's play that counts (not a replay): no undo there."""
        return self.daily is not None and not self.daily_replay

    @property
    def can_undo(self) -> bool:
        """A decision of the learner's in this hand to take back (with ``play_forced``, one that
        was not forced: undoing a forced card would only play it again); none in the deal of the
        day's play that counts (``counts_for_the_day``)."""
        pos = self.position
        if not can_undo(pos) or self.counts_for_the_day:
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
        whatever the others do (``practice.table_text.claim_card``, checked by the solver)."""
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
        return self._grading.pending

    @property
    def finished_grades(self) -> dict[HandState, tuple[review.GradedDecision, ...]]:
        """Each finished hand's graded decisions (the hand is the key), kept for the game's chart."""
        return self._grading.finished

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
            self._hint = (key, coach.hint(pos.hand, score=self.learner_score(pos), table=self.table))
        self.want_hint = False
        return self._hint[1]

    def grades(self) -> tuple[review.GradedDecision, ...]:
        """The learner's graded decisions of the current hand, using what the background worker
        has finished (it is waited for rather than graded a second time)."""
        pos = self.position
        key = (pos.session.seed, pos.game.game_number, pos.game.hand_number, pos.hand.history, self.table)
        return self._grading.hand_grades(key, pos.hand, self.learner_score(pos), self.table)

    def regrade_earlier(self, wait_s: float = REGRADE_WAIT) -> int:
        """Grades for this game's earlier hands that have none kept (the page was reloaded and the
        link rebuilt them), worked out in the background (``GradingPool.regrade_earlier``). Waits up
        to ``wait_s`` for them; returns how many hands are still being graded."""
        pos = self.position
        earlier = pos.game.history[:-1] if pos.hand.is_over else pos.game.history
        return self._grading.regrade_earlier(pos.session.rules, earlier, self.table, wait_s)

    @staticmethod
    def learner_score(pos: Position) -> review.SeatScore:
        """The game score the current hand was dealt at, as the learner reckons it (their side,
        the best opponent): the hint and the grades rank bids by the chance of winning from it,
        as the analyzer does."""
        return seat_score(pos.session.rules, pos.game.scores_at_deal, LEARNER)

    def hand_record(self) -> dict[str, Any]:
        """The current hand's replay record (``python -m engine replay`` reads it)."""
        pos = self.position
        return hand_record(
            pos.hand,
            pos.game.game_number,
            pos.game.hand_number,
            pos.session.levels,
            pos.session.seed,
            pos.game.scores_at_deal,
        )

    def hand_json(self) -> str:
        return json.dumps(self.hand_record())

    def game_jsonl(self, position: Position | None = None) -> str:
        """The game so far (or ``position``'s) as JSON Lines, one replay record per hand (the
        Import view reads it)."""
        pos = self.position if position is None else position
        records, scores = [], (0,) * len(pos.game.scores)
        for i, h in enumerate(pos.game.history):
            records.append(
                hand_record(h, pos.game.game_number, i, pos.session.levels, pos.session.seed, scores)
            )
            scores = add_hand(scores, h)
        return to_jsonl(records)

    def expert_in_your_seat(self) -> coach.ExpertComparison:
        """``coach.expert_in_your_seat`` for the current hand. With the project's players it runs
        in the grading worker, whose caches already hold the figures of the learner's decisions
        (the expert's advice reads the same ones): quicker, and the page's process stays free."""
        pos = self.position
        args = (pos.session, pos.game.game_number, pos.game.hand_number, pos.hand)
        options: dict[str, Any] = {"scores": pos.game.scores_at_deal, "table": self.table}
        if self._players is default_players:
            return self._grading.run(coach.expert_in_your_seat, *args, **options)
        return coach.expert_in_your_seat(*args, players=self._players, memo=self.memo, **options)

    # ---- what the buttons do -------------------------------------------------------------

    def new_game(self, rules: Rules, computer: Sequence[str], seed: int | None = None) -> None:
        """A new game with ``rules`` and the computer seats' levels (a random seed unless given)."""
        self._earlier.clear()
        self._set(self._start(new_session(rules, computer, seed), "game"))
        self.paused = None

    def open_code(self, text: str, computer: Sequence[str]) -> DealCode | None:
        """Open a typed deal code; None (and a notice) when it does not work, the game carrying on."""
        try:
            code = decode(text)
        except DealCodeError as err:
            self._notices[Notice.CODE] = f"That deal code does not work: {err}"
            return None
        self._notices.pop(Notice.CODE, None)
        self._earlier.clear()
        self._set(self._start(session_at(code, computer), "game"))
        return code

    def open_daily(self, deal: DailyDeal, learner: str | None) -> None:
        """The deal of the day as a single deal (a game in progress waits for ``back``); the learner
        plays it for the record unless their result is on record already (``daily_replay``)."""
        if not self.session.single_deal:
            self.paused = self.position
        self._daily, self.learner, self.daily_class = deal, learner, None
        self._set(self._start(deal.session, "replay"))
        self.daily_replay = self._daily_on_record(deal) is not None

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
        grade = self._grading.queue if self.grade_later else self._grading.submit
        grade(len(before.hand.history), before.hand, parsed, self.learner_score(before), self.table)
        return True

    def start_grading(self) -> None:
        """The page the last click drew is on the screen: start grading the decisions it played
        (``grade_later``), then have the grader work out ahead the learner's decision now, so its
        grade is ready by the time the hand's review asks for it."""
        self._grading.start()
        pos = self.position
        if pos.waiting is Waiting.LEARNER and not forced(pos.hand):
            self._grading.prepare(pos.hand, self.learner_score(pos), self.table)

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

    def step(self) -> None:
        """One step at a pace that shows moves one at a time: the next computer move, or, once all
        are shown, the learner's forced card (played for them only after the table showed the trick
        it goes into)."""
        if self.revealed < len(self.position.pending):
            self.revealed += 1
            return
        action = self.forced_play(step_pace=True)
        if action is not None:
            self.act(action)

    def skip(self) -> None:
        """Straight to the learner's next real decision (or the hand's end): every computer move
        shown at once, forced cards played for the learner on the way."""
        for _ in range(TRICKS + 1):
            self.revealed = len(self.position.pending)
            action = self.forced_play(step_pace=True)
            if action is None or not self.act(action):
                return

    def just_shown(self, step_pace: bool) -> Move | None:
        """The move the table has just shown (``shown``): the last computer move revealed, else the
        learner's own last move of this hand; None at the deal."""
        moves = self.position.moves
        hidden = self.shown(step_pace)[1]
        seen = moves[: len(moves) - hidden]
        return seen[-1] if seen else None

    def next_hand(self) -> None:
        if self.position.waiting is Waiting.NEXT_HAND:
            if self.position.hand not in self._grading.finished:
                self.grades()  # kept for the game's chart (the review has normally graded it already)
            self._set(next_hand(self.position, players=self._players, memo=self.memo))

    def replay_deal(self) -> None:
        """The same cards again (duplicate style); a game in progress waits for ``back``."""
        if not self.session.single_deal:
            self.paused = self.position
        if self.daily is not None:
            self.daily_replay = True  # the deal of the day again: the first play is the one on record
        self._set(self._start(replay_deal(self.position), "replay"))

    def back(self) -> None:
        """Back to the game a replayed deal interrupted, where it was left."""
        if self.paused is not None:
            self.position, self.paused = self.paused, None
            self.revealed = len(self.position.pending)

    def save_finished(self) -> None:
        """Record the finished hand once, and the game when it is decided; the hand's mistakes go
        into the ``learner``'s mistake deck (when the page said who it is)."""
        pos = self.position
        key = (pos.game.game_number, pos.game.hand_number)
        if key in self._saved:
            return
        self._saved.add(key)
        if self.learner is not None:  # every mistake and blunder, to review later (practice.deck)
            self._store("saving your mistakes to review", deck.add_mistakes, self.learner, self.grades())
        self._save_daily()
        if self.game_id is None:
            return
        grades = self.grades()
        luck = self._grading.luck(grades)  # the grader valued the hand at round 1 already
        facts = review.hand_facts(pos.hand, *key, self.hand_record(), grades, learner=self.learner, luck=luck)
        self._store("saving the hand", practice_log.save_hand, self.game_id, facts)
        if pos.game.game_winner is not None and (pos.game.is_over or pos.session.single_deal):
            won = pos.game.game_winner == side_of(pos.session.rules, LEARNER)
            self._store("saving the game", practice_log.finish_game, self.game_id, list(pos.game.scores), won)
        elif pos.session.single_deal:
            self._store(
                "saving the deal",
                practice_log.finish_game,
                self.game_id,
                list(pos.game.scores),
                pos.hand.points[LEARNER] > 0,
            )

    # ---- inside ---------------------------------------------------------------------------

    def _save_daily(self) -> None:
        """The learner's result on the deal of the day, when it is over (the first play counts)."""
        deal, result = self.daily, self.daily_result()
        if deal is not None and result is not None and self.learner is not None:
            self._store("saving the deal of the day", save_day, deal, result, self.learner, self.daily_class)

    def _daily_on_record(self, deal: DailyDeal) -> daily_results.DayRow | None:
        return None if self.learner is None else on_record(deal, self.learner, self._conn)

    def _replay_moves(self, text: str) -> None:
        """The learner's decisions of a link's ``moves=`` replayed from the session's start, as far as
        they read and are legal (a notice says where they stopped)."""
        if len(text) > MOVES_LIMIT:
            self._notices[Notice.CODE] = (
                f"The link's moves are longer than {MOVES_LIMIT} characters: the deal starts fresh."
            )
            return
        decisions, problem = decode_moves(text)
        try:
            position, refused = replay_legal(
                replace(self.session, decisions=decisions), self._players, self.memo
            )
        except EuchreError as err:  # a computer player that cannot play: the deal starts fresh
            self._notices[Notice.CODE] = (
                f"The link's moves could not be replayed ({err}): the deal starts fresh."
            )
            return
        self._set(position)
        why = str(problem) if problem else str(refused) if refused else None
        if why:
            kept = len(position.session.decisions)
            self._notices[Notice.CODE] = (
                f"The link's moves could not all be replayed ({why}): the table keeps the first {kept} "
                f"decision{'' if kept == 1 else 's'}."
            )

    def _set(self, position: Position) -> None:
        self.position = position
        self.revealed = 0
        self._hint = None

    def _start(self, session: Session, kind: str) -> Position:
        position = replay(session, players=self._players, memo=self.memo)
        if session.opening:
            self._keep_opening(session)
        self._saved = set()
        self.game_id = self._store(
            "starting a game",
            practice_log.start_game,
            kind,
            session.rules.changes(),
            session.seed,
            list(session.levels),
            "" if is_opening(position) else encode(deal_code(position)),
        )
        return position

    def _keep_opening(self, session: Session) -> None:
        """Keep a session's opening (cards no seed deals) in the database for the page link
        (``shared=``), once; when it cannot be kept, a notice says what the link does instead."""
        key = replace(session, decisions=())
        if key in self._shares:
            return
        letters = "".join(level[0] for level in session.levels[1:])
        start = SharedStart(
            session.opening,
            session.seed,
            session.game_number,
            session.hand_number,
            session.dealer,
            session.scores if any(session.scores) else (),
            letters,
            session.single_deal,
        )
        try:
            self._shares[key] = shared_positions.save(start, conn=self._conn)
        except (StoreError, ShareError) as err:
            self._notices[Notice.CODE] = (
                f"This deal could not be kept for the page link ({err}). The link "
                "never shows the hidden cards, so while this hand lasts a reload or "
                "a copied link opens a new game."
            )

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


__all__ = [
    "Notice",
    "forced",
    "PracticeTable",
]
