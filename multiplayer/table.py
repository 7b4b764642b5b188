"""A table of people: seats (a computer of a level, or a person) around one game the engine keeps.

Pure values and functions: no database, no clock, no Streamlit. The service
(``multiplayer.service``) loads a table, asks these functions what a tap does, and keeps the
result only when nobody changed the table meanwhile (compare-and-swap on ``version``).

Every step moves ``version`` on by one: an action of the game (a person's, a computer's), the
next hand dealt, a person sitting down, a seat changed, the table paused (those three:
``multiplayer.seating``). A tap names the version
its page showed, so a page drawn before the table moved on (``StalePage``), a seat not to act
(``NotYourTurn``), a move the engine does not allow (``NotLegal``) and a paused table
(``TablePaused``) are refused, each a ValueError saying what was wrong and what is accepted; the
table is a frozen value, so a refusal changes nothing.

After a person's move the computers play (``advance``), and so does the computer for a person
*away*: a person's seat silent for more than ``silent_after`` seconds (never seen since it was
opened or last changed hands counts from then), played at the ``STAND_IN`` level until its player
is seen again; every screen says so (``multiplayer.seat_page``). Away seats are played only while
some person at the table is still here, so a table everyone left stands still. A computer's
randomness comes only from a generator seeded by the table's code and version: the same table
and tap always give the same game.

Between hands the table waits for any person to deal the next hand (``NEXT_HAND``), so every
player sees the last trick, and a seat can change from computer to person (or back).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace

from engine.core.action_words import action_words
from engine.core.actions import Action
from engine.core.errors import EuchreError
from engine.core.game import GameState, apply_game, new_game, next_hand
from engine.core.rules import Rules
from engine.core.seats import seat_name
from engine.core.view import view_of
from engine.search.registry import ARENA_PLAYERS, make_player, told_the_score
from multiplayer.errors import (
    GameOver,
    NotLegal,
    NotYourTurn,
    SeatError,
    StalePage,
    TableError,
    TablePaused,
)

STAND_IN = "club"  # the level that plays for a person who is away
SILENT_AFTER = 60  # seconds without a sign from a person before the computer plays their seat
NEXT_HAND = "next hand"  # the tap that deals the next hand, between hands
MAX_NAME = 240  # code points of a name at the table (store.pupil_names.MAX_NAME_CODES)
MAX_MOVE = 40  # characters of a tap's text (the longest action is "call H alone")
KEY_HASH = re.compile(r"[0-9a-f]{64}")  # the SHA-256 of a person's private key, in hex

# Who took a step (``Step.by``).
PERSON = "person"
COMPUTER = "computer"
AWAY = "computer for an away player"
HOST = "host"


@dataclass(frozen=True, slots=True)
class Seat:
    """A computer of ``level`` (a name ``engine.search.registry.make_player`` knows), or a
    person's seat: free (no name, no key) or held by a person, known by the SHA-256 of their
    private key (never the key), last seen at ``last_seen`` (seconds since 1970, UTC)."""

    level: str | None = None
    name: str = ""
    key_hash: str = ""
    last_seen: float = 0.0

    def __post_init__(self) -> None:
        if self.level is not None:
            if self.level not in ARENA_PLAYERS:
                raise SeatError(
                    f"there is no computer player called {self.level[:20]!r}: the levels are "
                    f"{', '.join(ARENA_PLAYERS)}"
                )
            if self.name or self.key_hash:
                raise SeatError("a computer's seat has no person's name or key")
        elif bool(self.name) != bool(self.key_hash):
            raise SeatError("a person's seat is free (no name, no key) or held (a name and a key)")
        if self.key_hash and not KEY_HASH.fullmatch(self.key_hash):
            raise SeatError("a person's seat keeps the SHA-256 of their key, as 64 hexadecimal digits")
        if len(self.name) > MAX_NAME:
            raise SeatError(f"a name at the table is at most {MAX_NAME} characters")

    @property
    def is_computer(self) -> bool:
        return self.level is not None

    @property
    def is_free(self) -> bool:
        """A person's seat nobody holds."""
        return self.level is None and not self.key_hash


@dataclass(frozen=True, slots=True)
class PeopleTable:
    """One table: its join ``code``, a seat per player, the game (``engine.core.game``: scores per
    side), every action of every hand dealt so far (``moves``, the replayable record the store
    keeps, a match's earlier games too), the ``version`` (one more at every step), whether the
    coach may give hints, whether the host paused it, and how long a person may be silent."""

    code: str
    seats: tuple[Seat, ...]
    game: GameState
    moves: tuple[tuple[str, ...], ...] = ((),)
    version: int = 0
    hints: bool = False
    paused: bool = False
    silent_after: int = SILENT_AFTER

    def __post_init__(self) -> None:
        if len(self.seats) != self.game.rules.players:
            raise SeatError(
                f"a table for {self.game.rules.players} players has {self.game.rules.players} seats"
            )

    @property
    def rules(self) -> Rules:
        return self.game.rules


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the table: the version it made, the seat that took it (None for the host's
    change of the table), what it was (an action's text, ``NEXT_HAND``, or a change of the
    table: "sit", "computer <level>", "person", "pause", "resume") and who took it."""

    version: int
    seat: int | None
    action: str
    by: str


@dataclass(frozen=True, slots=True)
class Change:
    """The table after a tap or a change, and the steps that made it (none: nothing changed)."""

    table: PeopleTable
    steps: tuple[Step, ...] = ()


def new_table(
    code: str,
    rules: Rules,
    seats: tuple[Seat, ...],
    seed: int,
    now: float,
    hints: bool = False,
    silent_after: int = SILENT_AFTER,
) -> PeopleTable:
    """A table with the game's first deal (``new_game(rules, seed)``); its person seats count as
    seen ``now``. At least one seat is a person's."""
    if all(s.is_computer for s in seats):
        raise SeatError("a table of people needs at least one person's seat")
    seats = tuple(s if s.is_computer else replace(s, last_seen=now) for s in seats)
    return PeopleTable(code, seats, new_game(rules, seed), hints=hints, silent_after=silent_after)


# ---- who is to act -------------------------------------------------------------------------


def between_hands(table: PeopleTable) -> bool:
    """The hand is over and the game goes on: the table waits for the next hand."""
    return table.game.hand.is_over and not table.game.is_over


def to_act(table: PeopleTable) -> int | None:
    """The seat the engine waits for; None between hands and once the game is over."""
    return table.game.hand.to_act


def away(table: PeopleTable, seat: int, now: float) -> bool:
    """A person's seat silent for more than ``silent_after`` seconds (free or held)."""
    s = table.seats[seat]
    return not s.is_computer and now - s.last_seen > table.silent_after


def someone_here(table: PeopleTable, now: float) -> bool:
    return any(
        not s.is_free and not away(table, i, now) for i, s in enumerate(table.seats) if not s.is_computer
    )


def plays_for(table: PeopleTable, seat: int, now: float) -> str | None:
    """The computer level that plays ``seat`` now: its own, ``STAND_IN`` for an away person while
    someone is still at the table, None for a person who is here (the table waits for them)."""
    s = table.seats[seat]
    if s.level is not None:
        return s.level
    return STAND_IN if away(table, seat, now) and someone_here(table, now) else None


def seat_of(table: PeopleTable, key_hash: str) -> int | None:
    """The seat held by the person of ``key_hash``, if any."""
    return next((i for i, s in enumerate(table.seats) if s.key_hash and s.key_hash == key_hash), None)


def seen(table: PeopleTable, seat: int, now: float) -> PeopleTable:
    """``seat``'s person seen ``now``: not a step (the version stays), only a sign of life."""
    s = table.seats[seat]
    if s.is_computer or s.last_seen >= now:
        return table
    return replace(table, seats=with_seat(table.seats, seat, replace(s, last_seen=now)))


def who(table: PeopleTable, seat: int) -> str:
    """'West (Ann)', 'North (the computer)', 'East (a free seat)'."""
    s = table.seats[seat]
    holder = "the computer" if s.is_computer else "a free seat" if s.is_free else s.name
    return f"{seat_name(table.rules.players, seat)} ({holder})"


# ---- playing -----------------------------------------------------------------------------------


def act(table: PeopleTable, seat: int, version: int, move: str, now: float) -> Change:
    """The person in ``seat`` taps ``move`` (an action's text, or ``NEXT_HAND`` between hands) on
    a page drawn at ``version``: the engine applies it, then the computers play until a person
    who is here is to act. Raises a TableError (the table unchanged) when the table is paused, the
    page is stale, the game is over, the seat is not to act or the move is not legal."""
    check_seat(table, seat)
    if table.seats[seat].is_computer or table.seats[seat].is_free:
        raise NotYourTurn(f"nobody holds {who(table, seat)} as a person: join the table to play")
    if table.paused:
        raise TablePaused("the host has paused the table: wait until play resumes")
    if version != table.version:
        raise StalePage(
            f"your page is out of date: it showed step {version} of the table, which is at step "
            f"{table.version} now; look at the table again, then choose"
        )
    if table.game.is_over:
        raise GameOver("the game is over: nothing more to play at this table")
    text = move.strip().lower() if isinstance(move, str) and len(move) <= MAX_MOVE else ""
    if between_hands(table):
        if text != NEXT_HAND:
            raise NotLegal(f"the hand is over: the next move is to deal the next hand ({NEXT_HAND!r})")
        dealt = _step(seen(table, seat, now), seat, NEXT_HAND, PERSON)
    else:
        turn = to_act(table)
        if turn != seat:
            assert turn is not None
            raise NotYourTurn(f"it is {who(table, turn)}'s turn, not yours: wait for your turn")
        dealt = _step(seen(table, seat, now), seat, str(_legal(table, seat, text)), PERSON)
    after = advance(dealt.table, now)
    return Change(after.table, dealt.steps + after.steps)


def advance(table: PeopleTable, now: float) -> Change:
    """The computers' moves, one step each, until a person who is here is to act, the hand is
    over, the game is over or the table is paused."""
    steps: list[Step] = []
    while not table.paused and not table.game.hand.is_over:
        seat = to_act(table)
        assert seat is not None
        level = plays_for(table, seat, now)
        if level is None:
            break
        by = COMPUTER if table.seats[seat].is_computer else AWAY
        change = _step(table, seat, str(_computer_move(table, seat, level)), by)
        table = change.table
        steps.extend(change.steps)
    return Change(table, tuple(steps))


def _computer_move(table: PeopleTable, seat: int, level: str) -> Action:
    game = table.game
    player = told_the_score(make_player(level), table.rules, game.scores, seat)
    rng = random.Random(f"people-table:{table.code}:{table.version}")
    return player.decide(view_of(game.hand, seat), rng).action


def _legal(table: PeopleTable, seat: int, text: str) -> Action:
    """The action ``text`` names, when it is legal for ``seat`` now. The refusal lists what is
    legal and never repeats the tap: whatever card it names stays unsaid."""
    hand = table.game.hand
    legal = hand.legal_actions()
    try:
        action = Action.parse(text)
    except EuchreError:
        action = None
    if action in legal:
        assert action is not None
        return action
    words = [
        action_words(a, dealer=seat == hand.dealer, phase=hand.phase, leads=not hand.trick) for a in legal
    ]
    raise NotLegal(f"that is not a move you may make now; you may {', '.join(dict.fromkeys(words))}")


def _step(table: PeopleTable, seat: int, move: str, by: str) -> Change:
    """One step of the game: ``move`` (legal: checked by the caller) applied by the engine, or the
    next hand dealt; the record and the version follow."""
    if move == NEXT_HAND:
        game = next_hand(table.game)
        moves = table.moves + ((),)
    else:
        game = apply_game(table.game, move)
        moves = table.moves[:-1] + (table.moves[-1] + (move,),)
    version = table.version + 1
    return Change(replace(table, game=game, moves=moves, version=version), (Step(version, seat, move, by),))


def with_seat(seats: tuple[Seat, ...], seat: int, new: Seat) -> tuple[Seat, ...]:
    return seats[:seat] + (new,) + seats[seat + 1 :]


def check_seat(table: PeopleTable, seat: int) -> None:
    n = table.rules.players
    if type(seat) is not int or not 0 <= seat < n:
        raise SeatError(f"there is no such seat: the seats are 0 to {n - 1}")


__all__ = [
    "AWAY",
    "COMPUTER",
    "HOST",
    "NEXT_HAND",
    "PERSON",
    "SILENT_AFTER",
    "STAND_IN",
    "Change",
    "GameOver",
    "NotLegal",
    "NotYourTurn",
    "PeopleTable",
    "Seat",
    "SeatError",
    "StalePage",
    "Step",
    "TableError",
    "TablePaused",
    "act",
    "advance",
    "away",
    "between_hands",
    "check_seat",
    "new_table",
    "plays_for",
    "seat_of",
    "seen",
    "someone_here",
    "to_act",
    "who",
    "with_seat",
]
