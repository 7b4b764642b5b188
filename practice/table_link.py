"""The practice page's link: reading it (``read_link``), and the session it rebuilds.

The page's link (``link_params``) rebuilds the table's position on a reload or another browser,
and never prints a card of a hand the learner cannot see: it names the deal and carries only the
learner's own decisions, which the (deterministic) computer players answer as they did.

- A hand the session's seed dealt: ``deal=`` its deal code (``practice.codes``: the rules, the
  seed, the game, the hand and the dealer) and ``moves=`` the learner's decisions (a move code);
  when they began in an earlier hand and fit the link (``MOVES_LIMIT``), ``start=`` the deal code
  they start from, so the earlier hands come back too; otherwise ``moves=`` holds this hand's
  decisions only (``link_capped``). ``score=`` is the score the first hand the link replays
  (``start=``, else ``deal=``) was dealt at ("4-6", left out at 0 each), ``levels=`` the computer
  seats, one letter each. With ``start=``, ``at=`` is the score this hand (``deal=``) was dealt at
  and ``won=`` the games of a match each side had won by then (left out at none): enough to rebuild
  this hand without the earlier ones (``LINK_SEARCHES``).
- A game that began from a position text no seed deals (a teacher's deal): ``shared=`` a random
  id under which the table keeps that text and the game around it in the app's database
  (``store.shared_positions``, for ``KEEP_DAYS``), with ``moves=`` and ``levels=`` as above. An
  id that is unknown, expired or damaged, or a database that cannot be read, gives one notice
  and a new game.

Replaying the learner's decisions gives back the very position, so undo works as before. What a
link makes the server work out is capped: the hand it names is always replayed (one hand), the
earlier hands only while the Expert seats' searches they need stay within ``LINK_SEARCHES``.
Past that, a link with ``at=`` opens its hand at that score without the earlier hands, which the
table keeps unplayed for the link it writes (``Reopened.earlier``): the same hand, the same
scores, the same computer moves, one notice saying the earlier hands are left out of the table. A
link without ``at=`` (as the page wrote them before) replays every hand, whatever it costs. A
``moves=`` value that does not read or replay keeps its legal beginning when that still reaches
the link's deal; otherwise the deal starts fresh (one notice says which).

``position=`` links (the hand as a position text, ``HandState.to_text``, with ``seed=``,
``hand=``, ``game=``, ``score=`` that hand's score, and ``start=``/``moves=``) still open: that is
how a teacher shares a deal on purpose. The learner's actions of the text are replayed with the
computer players when they give the very hand; a text whose other actions or cards the players and
seed would not give is played on from as it stands. Once open, the link takes the form above. A
damaged ``position=`` gives one notice and a new game; so do ``moves=`` without ``start=`` (they
are not replayed: a notice says so).

>>> link = read_link({"levels": "be", "deal": "not a code"})
>>> link.levels, link.deal is None, len(link.problems)
(('beginner', 'expert'), True, 1)
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from engine.core.errors import EuchreError, quoted
from engine.core.game import new_game
from engine.core.hand import HandState
from engine.core.position import PositionError
from engine.core.rules import Rules
from engine.core.seats import LEARNER
from engine.io.numbers import shown
from engine.search.registry import PLAYER_NAMES
from practice.codes import (
    MAX_GAME,
    MAX_HAND,
    MOVES_LIMIT,
    DealCode,
    DealCodeError,
    decode,
    decode_moves,
)
from practice.link_budget import LINK_SEARCHES, SearchBudget, SearchesSpent, worth_trying
from practice.session import (
    NEXT_HAND,
    Memo,
    PlayerFactory,
    Position,
    PracticeError,
    Session,
    replay,
    replay_legal,
    seed_deal,
    start_game,
)
from store import shared_positions
from store.backend import Connection
from store.db import StoreError
from store.shared_positions import ShareError, UnknownShare

LEVEL_LETTERS = {"b": "beginner", "c": "club", "e": "expert"}  # ?levels=cce: one letter per computer seat
SEED_LIMIT = 2**32


@dataclass(frozen=True, slots=True)
class TableLink:
    """What a practice link asks for: a deal (``deal=CODE``, or ``shared=ID`` a deal kept in the
    database, or ``position=`` a hand's text) and the computer seats' levels (``levels=cce``, one
    letter per computer seat, West first), with what could not be read; and the learner's decisions
    to replay (``moves=``, from ``start=CODE`` or else from the deal). ``moves_text`` is the raw
    value, ``moves_problem`` why it stops reading early."""

    deal: DealCode | None = None
    levels: tuple[str, ...] = ()
    problems: tuple[str, ...] = ()
    start: DealCode | None = None
    moves: tuple[str, ...] = ()
    moves_text: str = ""
    moves_problem: str | None = None
    position: HandState | None = None  # position=: the hand, read from its text
    seed: int | None = None  # seed=, with position= (None: a random one)
    game_number: int = 0  # game=
    hand_number: int = 0  # hand=
    scores: tuple[int, ...] = ()  # score=: the score the first hand replayed was dealt at
    shared: str = ""  # shared=: the id a deal is kept under (store.shared_positions), as given
    at: tuple[int, ...] | None = None  # at=: the score the link's hand (deal=) was dealt at, with start=
    won: tuple[int, ...] = ()  # won=: the games each side had won before it (a match), () for none


def read_levels(raw: str) -> tuple[str, ...]:
    """``"cce"`` as seat levels, West first; raises ``ValueError`` saying what is accepted."""
    chosen = [LEVEL_LETTERS.get(ch) for ch in raw.strip().lower()]
    if not 1 <= len(chosen) <= 3 or any(c is None or c not in PLAYER_NAMES for c in chosen):
        letters = ", ".join(f"{k} = {v}" for k, v in LEVEL_LETTERS.items() if v in PLAYER_NAMES)
        raise ValueError(
            f"The link's levels={shown(raw)} is not understood: use one letter per computer seat ({letters})."
        )
    return tuple(c for c in chosen if c is not None)


def _read_moves(moves_text: str) -> tuple[tuple[str, ...], str | None]:
    """The link's ``moves=`` decisions (those read before any error) and what is wrong with them."""
    if len(moves_text) > MOVES_LIMIT:
        return (), f"it is longer than {MOVES_LIMIT} characters"
    if not moves_text:
        return (), None
    moves, error = decode_moves(moves_text)
    return moves, None if error is None else str(error)


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
    if params.get("position"):
        return _read_position_link(params, levels, problems)
    moves_text = str(params.get("moves") or "")
    if params.get("shared"):
        return _read_shared_link(params, levels, problems, moves_text)
    code = None
    raw_deal = params.get("deal")
    if raw_deal:
        try:
            code = decode(str(raw_deal))
        except DealCodeError as err:
            problems.append(f"That deal code does not work: {err}")
    start = None
    raw_start = str(params.get("start") or "")
    if code is None:
        if not raw_deal and (raw_start or moves_text):  # decisions need their deal to be replayed on
            problems.append("The link's moves cannot be replayed without its deal code: a new game starts.")
        return TableLink(code, levels, tuple(problems))
    if raw_start:
        try:
            start = decode(raw_start)
        except DealCodeError as err:
            problems.append(
                f"The link's start={quoted(raw_start)} does not work ({err}): the deal starts fresh."
            )
            return TableLink(code, levels, tuple(problems))
    moves, moves_problem = _read_moves(moves_text)
    scores = _read_score(params, code.rules, problems, "the deal is played at 0 each")
    at, won = _read_at(params, code.rules, problems) if start is not None else (None, ())
    return TableLink(
        code, levels, tuple(problems), start, moves, moves_text, moves_problem, scores=scores, at=at, won=won
    )


def _read_shared_link(
    params: Mapping[str, str], levels: tuple[str, ...], problems: list[str], moves_text: str
) -> TableLink:
    """``read_link`` for a link with ``shared=``: the id, the moves, and past the shared deal's hand,
    that hand's deal code, ``at=`` and ``won=``."""
    moves, moves_problem = _read_moves(moves_text)
    here: DealCode | None = None
    at: tuple[int, ...] | None = None
    won: tuple[int, ...] = ()
    try:  # this hand, when the game has gone past the shared deal: replayed without the earlier ones
        here = decode(str(params.get("deal"))) if params.get("deal") else None
    except DealCodeError as err:
        problems.append(f"The link's deal= does not work ({err}): every hand of the game is replayed.")
    if here is not None:
        at, won = _read_at(params, here.rules, problems)
    return TableLink(
        here,
        levels,
        tuple(problems),
        None,
        moves,
        moves_text,
        moves_problem,
        shared=str(params.get("shared")).strip(),
        at=at,
        won=won,
    )


def _read_position_link(params: Mapping[str, str], levels: tuple[str, ...], problems: list[str]) -> TableLink:
    """``read_link`` for a link with ``position=``: the hand's text and the game around it."""
    raw = str(params.get("position"))
    try:
        state = HandState.from_text(raw)
    except PositionError as err:
        problems.append(f"The link's position={quoted(raw)} does not work ({err}): a new game starts.")
        return TableLink(None, levels, tuple(problems))
    rules = state.rules
    seed = _link_number(params, "seed", SEED_LIMIT - 1, problems, "a new seed deals the later hands")
    game = _link_number(params, "game", min(MAX_GAME, rules.match_games - 1), problems, "game 1") or 0
    hand = _link_number(params, "hand", MAX_HAND, problems, "hand 1") or 0
    scores = _read_score(params, rules, problems, "the hand is played at 0 each")
    start = None
    raw_start = str(params.get("start") or "")
    if raw_start:
        try:
            start = decode(raw_start)
        except DealCodeError as err:
            problems.append(
                f"The link's start={quoted(raw_start)} does not work ({err}): the earlier hands are left out."
            )
    moves_text = str(params.get("moves") or "")
    moves, moves_problem = _read_moves(moves_text)
    if moves_text and not raw_start:
        unread = f" (they do not read either: {moves_problem})" if moves_problem else ""
        problems.append(
            f"The link's moves={quoted(moves_text)} are not replayed{unread}: with position= they rebuild "
            "the earlier hands of the game only from start=, the deal code the game began with, which "
            "this link does not have. The hand goes on from its position."
        )
    return TableLink(
        None,
        levels,
        tuple(problems),
        start,
        moves,
        moves_text,
        moves_problem,
        state,
        seed,
        game,
        hand,
        scores,
    )


def _read_score(
    params: Mapping[str, str], rules: Rules, problems: list[str], instead: str
) -> tuple[int, ...]:
    """The link's ``score=`` ("4-6": one score per side below the target), () when there is none or
    it does not read (``instead`` says what happens then)."""
    scores = _read_sides(params, "score", rules.target, "scores", rules, problems, instead)
    return scores if scores is not None and any(scores) else ()


def _read_at(
    params: Mapping[str, str], rules: Rules, problems: list[str]
) -> tuple[tuple[int, ...] | None, tuple[int, ...]]:
    """The link's ``at=`` (the score its hand was dealt at) and ``won=`` (the games of the match each
    side had won by then); (None, ()) when ``at=`` is missing or either does not read: the earlier
    hands are then replayed to find them."""
    instead = "the earlier hands are replayed to find it"
    at = _read_sides(params, "at", rules.target, "scores", rules, problems, instead)
    won = _read_sides(params, "won", rules.match_games // 2 + 1, "games won", rules, problems, instead)
    if at is None or (won is None and params.get("won")):
        return None, ()
    return at, won if won is not None and any(won) else ()


def _read_sides(
    params: Mapping[str, str], key: str, top: int, what: str, rules: Rules, problems: list[str], instead: str
) -> tuple[int, ...] | None:
    """One whole number per side below ``top`` ("4-6"), None when there is none or it does not read
    (a problem says so: ``what`` they are, ``instead`` what happens then)."""
    raw = str(params.get(key) or "").strip()
    if not raw:
        return None
    sides = len(new_game(rules, 0).scores)
    parts = raw.split("-")
    # the length first: int() of a long run of digits costs time and past 4,300 digits raises
    if len(parts) == sides and all(
        p.isascii() and p.isdigit() and len(p) <= 3 and int(p) < top for p in parts
    ):
        return tuple(int(p) for p in parts)
    example = "-".join(["4", "6", "2"][:sides] if top > 6 else ["1", "0", "0"][:sides])
    problems.append(
        f"The link's {key}={quoted(raw)} is not {sides} {what} below {top} joined by '-' (like {example}): {instead}."
    )
    return None


def _link_number(
    params: Mapping[str, str], key: str, top: int, problems: list[str], instead: str
) -> int | None:
    """A whole number 0..top from the link (``hand`` and ``game`` are shown from 1, read from 0)."""
    raw = str(params.get(key) or "").strip()
    if not raw:
        return None
    if raw.isascii() and raw.isdigit() and len(raw) <= 10 and int(raw) <= top:
        return int(raw)
    if key == "game":
        what = (
            "names a game these rules do not play (one game, not a match)"
            if top == 0
            else f"is not a game of this match: game=0 is game 1, up to game={top}"
        )
    elif key == "hand":
        what = f"is not a hand of a game: hand=0 is hand 1, up to hand={top:,}"
    else:
        what = f"is not a whole number from 0 to {top:,}"
    problems.append(f"The link's {key}={quoted(raw)} {what}: {instead}.")
    return None


def seat_levels(players: int, computer: Sequence[str]) -> tuple[str, ...]:
    """Every seat's level: the learner, then ``computer`` (West first; "club" where it is short)."""
    return ("you",) + tuple(computer[s] if s < len(computer) else "club" for s in range(players - 1))


def session_at(code: DealCode, computer: Sequence[str], scores: tuple[int, ...] = ()) -> Session:
    """A game session opening at ``code``'s deal (dealt at ``scores``, () for 0 each)."""
    return Session(
        code.rules,
        seat_levels(code.rules.players, computer),
        code.seed,
        (),
        code.game_number,
        code.hand_number,
        code.dealer,
        scores=scores,
    )


def same_deal(position: Position, code: DealCode) -> bool:
    """``position`` is in the hand ``code`` names (same rules, seed, game, hand and dealer)."""
    game, s = position.game, position.session
    dealer = start_game(session_at(code, s.levels[1:])).hand.dealer
    return (s.rules, s.seed, game.game_number, game.hand_number, game.hand.dealer) == (
        code.rules,
        code.seed,
        code.game_number,
        code.hand_number,
        dealer,
    )


@dataclass(frozen=True, slots=True)
class Reopened:
    """What a link rebuilds: the session (None: the link's deal or a new game starts fresh), the one
    problem to tell, and ``earlier``: the hands before ``session``'s first, as the link gave them and
    not replayed (their session, from the game's first hand), which the table keeps for the links
    it writes."""

    session: Session | None
    problem: str | None = None
    earlier: Session | None = None


def replay_link(link: TableLink, computer: Sequence[str], players: PlayerFactory, memo: Memo) -> Reopened:
    """The session a link's ``start=`` and ``moves=`` rebuild, and the one problem to tell: the
    decisions that read and replay legally are kept when they still end in the link's deal;
    otherwise (None) the deal starts fresh. With ``at=``, the earlier hands are replayed only within
    ``LINK_SEARCHES`` (``capped_replay``)."""
    assert link.deal is not None
    echo = f"The link's moves={quoted(link.moves_text)}" if link.moves_text else "The link's start= code"
    session = replace(session_at(link.start or link.deal, computer, link.scores), decisions=link.moves)
    try:
        replayed = capped_replay(session, link, players, memo)
    except EuchreError as err:  # a computer player that cannot play: start the deal fresh
        return Reopened(None, f"{echo} could not be replayed ({err}): the deal starts fresh.")
    if isinstance(replayed, Reopened):
        return replayed
    position, refused = replayed
    why = link.moves_problem or (str(refused) if refused else None)
    if not same_deal(position, link.deal):
        return Reopened(
            None,
            f"{echo} do not lead to this link's deal{f' ({why})' if why else ''}: the deal starts fresh.",
        )
    return _kept(position, why, echo)


def _kept(position: Position, why: str | None, echo: str) -> Reopened:
    """The session as far as a link's moves replayed, and, when ``why`` says what stopped them, the
    problem that names how many decisions the table keeps (``echo``: the link's part, as quoted)."""
    if not why:
        return Reopened(position.session)
    kept = len(position.session.decisions)
    return Reopened(
        position.session,
        f"{echo} could not all be replayed ({why}): the table keeps the first {kept} "
        f"decision{'' if kept == 1 else 's'}.",
    )


def capped_replay(
    session: Session, link: TableLink, players: PlayerFactory, memo: Memo
) -> tuple[Position, PracticeError | None] | Reopened:
    """``replay_legal(session)``, the whole game a link names, when its earlier hands need at most
    ``LINK_SEARCHES`` searching decisions (``practice.link_budget``; not tried when ``worth_trying``
    says they hold more). Otherwise the link's hand alone (``this_hand``, with ``at=``), the earlier
    hands kept unplayed; when even that cannot be rebuilt (a link without ``at=``, as the page wrote
    them before), its deal starts fresh (a notice says why): no link makes the server search more.
    Raises EuchreError when a computer player cannot play."""
    if link.at is None:  # a link as the page wrote them before: the whole game, within the budget too
        spent = Reopened(
            None,
            f"The link's moves={quoted(link.moves_text)} name more of a game against the Expert players than "
            "a link may make the server replay: the deal starts fresh.",
        )
        if not worth_trying(session.levels, session.decisions.count(NEXT_HAND)):
            return spent
        try:
            return replay_legal(session, SearchBudget(LINK_SEARCHES).players(players), memo)
        except SearchesSpent:
            return spent
    here = this_hand(session, link, players, memo)  # first: the whole replay finds its moves in the memo
    if here is not None and not worth_trying(session.levels, session.decisions.count(NEXT_HAND)):
        return here
    try:
        return replay_legal(session, SearchBudget(LINK_SEARCHES).players(players), memo)
    except SearchesSpent:
        if here is not None:
            return here
        return Reopened(
            None,
            f"The link's moves={quoted(link.moves_text)} could not be replayed within what a link may ask "
            "of the Expert players: the deal starts fresh.",
        )


def this_hand(full: Session, link: TableLink, players: PlayerFactory, memo: Memo) -> Reopened | None:
    """The link's hand (``deal=``) rebuilt on its own, at ``at=`` (and ``won=``) with the learner's
    decisions since the last "next hand" of ``full`` (the whole game the link names), the earlier
    hands kept unplayed; None when the link cannot name it so (no ``at=``, no earlier hand, moves
    that do not read, a deal of other rules or another seed). The same position as the whole
    replay's: each computer decision depends only on the hand, its score and its seed."""
    code, marks = link.deal, [i for i, d in enumerate(full.decisions) if d == NEXT_HAND]
    if code is None or link.at is None or not marks or link.moves_problem:
        return None
    if (code.rules, code.seed) != (full.rules, full.seed):
        return None
    cut = marks[-1] + 1
    here = Session(
        full.rules,
        full.levels,
        full.seed,
        full.decisions[cut:],
        code.game_number,
        code.hand_number,
        code.dealer,
        scores=link.at,
        won=link.won,
    )
    try:
        position, refused = replay_legal(here, players, memo)
    except EuchreError:
        return None
    earlier = replace(full, decisions=full.decisions[:cut])
    left_out = (
        f"The game's first {len(marks)} hand{'s' if len(marks) != 1 else ''} (before this one) were not "
        "rebuilt on this page: replaying them with the Expert players would take too long. This hand "
        "goes on as it was, at its score; the page link still holds the earlier hands."
    )
    if refused:
        kept = len(position.session.decisions)
        left_out += (
            f" Its moves could not all be replayed ({refused}): the table keeps the first {kept} "
            f"decision{'' if kept == 1 else 's'} of this hand."
        )
    return Reopened(position.session, left_out, earlier)


def position_session(
    link: TableLink,
    computer: Sequence[str],
    players: PlayerFactory,
    memo: Memo,
) -> tuple[Session | None, str | None]:
    """The session a ``position=`` link rebuilds, and the one problem to tell. In order: the
    link's ``start=`` and ``moves=``, when they replay to this very hand (the earlier hands come
    back too); the hand's deal with the learner's actions of the text replayed (undo works); the
    text as it stands, played on from (a hand the computer players would have played otherwise).
    None when even that cannot be played (a notice says why)."""
    state = link.position
    assert state is not None
    rules, seed = state.rules, link.seed if link.seed is not None else secrets.randbelow(SEED_LIMIT)
    scores = link.scores or (0,) * len(new_game(rules, 0).scores)
    problem = None
    if link.start is not None and link.moves_text:
        session = replace(session_at(link.start, computer), decisions=link.moves)
        try:
            position, refused = replay_legal(session, players, memo)
            if not (link.moves_problem or refused) and is_link_hand(position, link, seed, scores):
                return position.session, None
        except EuchreError:
            pass
        problem = (
            "The link's moves= could not rebuild the earlier hands of the game: this hand goes on "
            "from its position."
        )
    numbers = (link.game_number, link.hand_number)
    seeded = seed_deal(rules, seed, *numbers, state.dealer)
    at_deal = str(replace(state.to_position(), actions=()))
    same_cards = (seeded.dealt, seeded.upcard, seeded.kitty) == (state.dealt, state.upcard, state.kitty)
    dealer: int | None = state.dealer
    if link.game_number == 0 and dealer == (new_game(rules, seed).dealer + link.hand_number) % rules.players:
        dealer = None  # the game's own dealer, as a new game's session has it
    base = Session(
        rules,
        seat_levels(rules.players, computer),
        seed,
        (),
        *numbers,
        dealer,
        scores=scores if any(scores) else (),
        opening="" if same_cards else at_deal,
    )
    mine = tuple(str(action) for seat, action in state.history if seat == LEARNER)
    try:
        position, _ = replay_legal(replace(base, decisions=mine), players, memo)
        if position.hand == state:
            return position.session, problem
        session = replace(base, opening=state.to_text())
        replay(session, players, memo)
    except EuchreError as err:
        return None, f"The link's position could not be played on ({err}): a new game starts."
    return session, problem


def shared_session(
    link: TableLink,
    computer: Sequence[str],
    players: PlayerFactory,
    memo: Memo,
    conn: Connection | None,
) -> tuple[Reopened, str | None]:
    """The session a ``shared=`` link rebuilds and its id (None when the id gives no deal, the
    reopened session None and a notice saying why): the deal kept under the id
    (``store.shared_positions``) with the link's ``moves=`` replayed (those that read and replay
    legally are kept), capped as ``capped_replay`` says when the link names its hand (``deal=``,
    ``at=``)."""
    echo = f"The link's shared={quoted(link.shared)}"
    try:
        start = shared_positions.load(link.shared, conn=conn)
    except UnknownShare as err:
        return Reopened(None, f"{echo} does not open a deal: {err}. A new game starts."), None
    except ShareError as err:
        return Reopened(None, f"{echo} names a deal that is damaged ({err}): a new game starts."), None
    except StoreError as err:
        return Reopened(None, f"{echo} could not be looked up ({err}): a new game starts."), None
    rules = HandState.from_text(start.position).rules  # it reads: load checked it
    try:
        if start.game_number > min(MAX_GAME, rules.match_games - 1) or start.hand_number > MAX_HAND:
            raise ValueError(
                f"hand {start.hand_number + 1} of game {start.game_number + 1} of a "
                f"best-of-{rules.match_games} match"
            )
        letters = read_levels(start.levels) if start.levels else ()
        levels = (link.levels or letters) + tuple(computer[len(link.levels or letters) :])
        session = Session(
            rules,
            seat_levels(rules.players, levels),
            start.seed,
            link.moves,
            start.game_number,
            start.hand_number,
            start.dealer,
            start.single_deal,
            start.scores,
            start.position,
        )
        replayed = capped_replay(session, link, players, memo)
    except (ValueError, EuchreError) as err:  # a stored start the table cannot play (the levels, the numbers)
        return Reopened(None, f"{echo} names a deal that is damaged ({err}): a new game starts."), None
    if isinstance(replayed, Reopened):
        return replayed, link.shared if replayed.session is not None else None
    position, refused = replayed
    why = link.moves_problem or (str(refused) if refused else None)
    return _kept(position, why, f"The link's moves={quoted(link.moves_text)}"), link.shared


def is_link_hand(position: Position, link: TableLink, seed: int, scores: tuple[int, ...]) -> bool:
    game = position.game
    return (
        position.hand == link.position
        and game.scores_at_deal == scores
        and position.session.seed == seed
        and (game.game_number, game.hand_number) == (link.game_number, link.hand_number)
    )


def new_session(rules: Rules, computer: Sequence[str], seed: int | None) -> Session:
    return Session(
        rules, seat_levels(rules.players, computer), secrets.randbelow(SEED_LIMIT) if seed is None else seed
    )


__all__ = [
    "LEVEL_LETTERS",
    "Reopened",
    "capped_replay",
    "this_hand",
    "SEED_LIMIT",
    "TableLink",
    "is_link_hand",
    "new_session",
    "position_session",
    "read_levels",
    "read_link",
    "replay_link",
    "same_deal",
    "seat_levels",
    "session_at",
    "shared_session",
]
