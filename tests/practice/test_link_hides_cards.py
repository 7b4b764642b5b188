"""The Practice page's link never holds a card of a hand the learner cannot see (issue 41, item 6).

A hand the seed dealt is linked by its deal code and the learner's decisions (``deal=``,
``moves=``, ``start=``, ``score=``, ``levels=``); a game begun from a position text no seed deals
by the id it is kept under in the database (``shared=``). The only cards a link may hold are the
learner's own, in ``moves=``: the cards they played or discarded. Opening a link gives back the
very position, and undo on it takes back the learner's last decision as it would have at the table.
"""

from __future__ import annotations

import random
import re
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from engine.core.actions import Action
from engine.core.cards import Card
from engine.core.errors import EuchreError
from engine.core.hand import HandState
from engine.core.position import Position as PositionText
from engine.core.rules import PRESETS, Rules
from practice import page_link, table_session
from practice.codes import MOVES_LIMIT, NEXT_HAND, DealCode, decode_moves, encode, encode_moves
from practice.review import GradedDecision
from practice.session import Session, Waiting, can_undo, default_players
from practice.table_link import read_link, seat_levels
from practice.table_session import Notice, PracticeTable
from store import shared_positions
from store.db import connect
from store.shared_positions import SharedStart

CARD = re.compile(r"[789TJQKA][CDHS]|JOKER")  # a card as a position text or a move code writes it
# Seed 11's first deal (dealer seat 3), as test_practice_session works it out by hand.
SEED_11_DEAL = "standard/3/9S-TC-QH-9H-JH,TD-AH-AC-JC-QD,TS-AS-9D-AD-QS,9C-KD-JS-QC-TH/KC:KS-JD-KH"
# Cards no seed deals: each seat holds one suit, South the hearts; South deals and turns the AH.
SUITED = "standard/0/9H-TH-JH-QH-KH,9C-TC-JC-QC-KC,9D-TD-JD-QD-KD,9S-TS-JS-QS-KS/AH"


def _grade(
    step: int, before: HandState, action: Action, seat: int, score: object, table: str
) -> GradedDecision:
    return GradedDecision.from_values(step, before, action, "test", {action: 0.0})


@pytest.fixture(autouse=True)
def _own_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "coach.sqlite3"
    monkeypatch.setenv("EUCHRE_COACH_DB", str(path))
    return path


def _open(params: dict[str, str], players: Any, worker: ThreadPoolExecutor) -> PracticeTable:
    return PracticeTable.from_link(
        read_link(params), Rules(), (), players=players, grade=_grade, grader=worker
    )


def cards_not_seen(params: dict[str, str], seen: set[Card]) -> list[str]:
    """What a link shows that the learner could not see: a card outside ``moves=`` (the move code
    of the learner's decisions, each of which must read), a card in it that is not one of ``seen``
    (the learner's own cards and the upcards), a position text."""
    found = []
    for key, value in params.items():
        if key == "moves":
            decisions, error = decode_moves(value)
            assert error is None, (value, error)
            found += [
                f"moves: {d}"
                for d in decisions
                if d != NEXT_HAND and (card := Action.parse(d).card) is not None and card not in seen
            ]
            continue
        found += [
            f"{key}={value}: {token}"
            for token in re.split(r"[^0-9A-Za-z]+", value)
            if CARD.fullmatch(token.upper())
        ]
        try:
            PositionText.parse(value)
            found.append(f"{key}={value} is a position text")
        except EuchreError:
            pass
        if "/" in value:
            found.append(f"{key}={value} has a position text's '/'")
    return found


def _seen(table: PracticeTable, seen: set[Card]) -> set[Card]:
    """``seen`` and what the learner sees of the hand in progress: their cards as dealt, the upcard."""
    hand = table.position.hand
    return seen | set(hand.dealt[0]) | {hand.upcard}


def _check_every_decision(
    table: PracticeTable, players: Any, worker: ThreadPoolExecutor, seed: int, steps: int
) -> tuple[int, int]:
    """Play ``table`` at random for up to ``steps`` decisions; at each, the link shows no card the
    learner cannot see and reopens to the same position (and undo on the reopened table gives the
    position before the learner's last decision). Returns (links checked, of them capped)."""
    choose = random.Random(seed)
    seen: set[Card] = set()
    checked = capped = 0
    for _ in range(steps):
        pos = table.position
        seen = _seen(table, seen)
        params = table.link_params()
        assert cards_not_seen(params, seen) == [], params
        again = _open(params, players, worker)
        assert again.take_notice(Notice.CODE) is None, params
        assert again.position.hand.to_text() == pos.hand.to_text(), params
        assert again.position.waiting is pos.waiting and again.position.game.scores == pos.game.scores
        checked += 1
        if table.link_capped:
            capped += 1
            rebuilt = again.position
            earlier = rebuilt.game.history[:-1] if rebuilt.hand.is_over else rebuilt.game.history
            assert "start" not in params and earlier == ()  # this hand only
        else:
            assert again.position == pos, params  # the earlier hands too, decision for decision
        if pos.waiting is Waiting.DONE:
            break
        if pos.waiting is Waiting.NEXT_HAND:
            table.next_hand()
            continue
        assert table.act(choose.choice(pos.legal))
        if can_undo(table.position):  # the same hand: the reopened link takes the decision back
            back = _open(table.link_params(), players, worker)
            back.play_forced = False
            back.undo()
            assert back.position.hand.to_text() == pos.hand.to_text()
    return checked, capped


@pytest.mark.parametrize("limit", [MOVES_LIMIT, 40])  # 40 characters: links capped within a few hands
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_decision_links_without_hidden_cards_and_reopens(
    preset: str, limit: int, random_players: Any, worker: ThreadPoolExecutor, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_session, "MOVES_LIMIT", limit)
    monkeypatch.setattr(page_link, "MOVES_LIMIT", limit)  # the link the table writes
    rules = PRESETS[preset]
    seed = 1000 + sorted(PRESETS).index(preset)
    table = PracticeTable(
        Session(rules, seat_levels(rules.players, ()), seed),
        players=random_players,
        grade=_grade,
        grader=worker,
    )
    checked, capped = _check_every_decision(table, random_players, worker, seed, steps=70)
    assert checked >= 40
    assert (capped > 0) == (limit < MOVES_LIMIT)  # the short limit caps the link; the page's does not in 70


def test_the_project_players_replay_the_same_decisions_from_a_link(worker: ThreadPoolExecutor) -> None:
    # The real (deterministic) computer players, beginners so that nothing needs compiling.
    rules = Rules()
    table = PracticeTable(
        Session(rules, ("you", "beginner", "beginner", "beginner"), 77),
        players=default_players,
        grade=_grade,
        grader=worker,
    )
    checked, _ = _check_every_decision(table, default_players, worker, 77, steps=30)
    assert checked == 30


@pytest.mark.parametrize(
    "rules_name, text",
    [
        ("standard", SUITED),
        ("two-handed", "two-handed/1/9H-TH-JH-QH-KH,9C-TC-JC-QC-KC/AH"),
        ("cutthroat", "cutthroat/2/9H-TH-JH-QH-KH,9C-TC-JC-QC-KC,9D-TD-JD-QD-KD/AH"),
    ],
)
def test_a_game_begun_from_a_position_text_links_by_id_and_reopens(
    rules_name: str, text: str, random_players: Any, worker: ThreadPoolExecutor
) -> None:
    table = _open(
        {"position": text, "seed": "5", "levels": "bce"[: HandState.from_text(text).players - 1]},
        random_players,
        worker,
    )
    assert table.session.opening == text and table.take_notice(Notice.CODE) is None
    checked, _ = _check_every_decision(table, random_players, worker, 5, steps=45)
    assert checked >= 30 and table.position.game.hand_number >= 1  # the later hands (the seed's) too
    params = table.link_params()
    assert params["shared"] == table.shared_id  # still the whole game, by its id
    # and this hand by its deal code and score, so that a reload need not replay the earlier hands
    assert params["deal"] == table.deal_code and params["at"] == "-".join(
        map(str, table.position.game.scores_at_deal)
    )


# ---- (2) a position text is kept in the database and shared= reopens it -------------------------


def test_the_position_text_is_kept_once_and_reopens_from_its_id(
    _own_database: Path, random_players: Any, worker: ThreadPoolExecutor
) -> None:
    # South (the dealer, seat 0) is to act once West, North and East have passed the AH.
    table = _open(
        {"position": SUITED + "/pass,pass,pass", "seed": "9", "score": "4-6", "levels": "ec"},
        random_players,
        worker,
    )
    assert [str(a) for _, a in table.position.hand.history] == ["pass", "pass", "pass"]
    assert table.link_params() == {"shared": table.shared_id, "levels": "ecc"}
    conn = connect(_own_database)
    assert table.shared_id is not None and table.session.opening.startswith(SUITED)
    kept = shared_positions.load(table.shared_id, conn)
    assert kept == SharedStart(table.session.opening, 9, 0, 0, table.session.dealer, (4, 6), "ecc", False)
    assert table.act("order")
    assert table.act("discard KH")
    params = table.link_params()
    assert params == {"shared": table.shared_id, "moves": "o.dKH", "levels": "ecc"}
    again = _open(params, random_players, worker)
    assert again.position == table.position and again.position.game.scores_at_deal == (4, 6)
    assert again.shared_id == table.shared_id  # reopening keeps the id: no second row
    assert conn.execute("SELECT count(*) FROM shared_positions").fetchone() == (1,)
    again.play_forced = False
    again.undo()  # the discard taken back
    assert again.session.decisions == ("order",) and again.link_params()["moves"] == "o"


def test_replaying_a_shared_deal_keeps_it_under_its_own_id(
    random_players: Any, worker: ThreadPoolExecutor
) -> None:
    table = _open({"position": SUITED, "levels": "ccc"}, random_players, worker)
    while table.position.waiting is Waiting.LEARNER:
        assert table.act(table.position.legal[0])
    game_id = table.shared_id
    table.replay_deal()
    assert table.session.single_deal and table.shared_id not in (None, game_id)
    params = table.link_params()
    again = _open(params, random_players, worker)
    assert again.session.single_deal and again.position == table.position
    table.back()
    assert table.link_params()["shared"] == game_id


# ---- (3) an unknown or damaged shared= id: one notice and a new game ----------------------------


@pytest.fixture
def insert(_own_database: Path, write_shared_row: Callable[..., str]) -> Callable[..., str]:
    """``insert(**changes)``: a row of the SUITED deal written by hand into the test's database, made now."""

    def write(**changes: object) -> str:
        conn = sqlite3.connect(_own_database)
        made = shared_positions.stamp(datetime.now(UTC))
        share_id = write_shared_row(conn, {"position": SUITED, "created": made, **changes})
        conn.close()
        return share_id

    return write


@pytest.mark.parametrize(
    "row, says",
    [
        ({"position": "not a position"}, "is damaged (its position does not read"),
        ({"seed": -4}, "is damaged (its seed is not"),
        ({"created": shared_positions.stamp(datetime.now(UTC) - timedelta(days=91))}, "has expired"),
        ({"levels": "zz"}, "is damaged"),  # letters no level has: the table cannot seat it
        ({"game_number": 3}, "is damaged"),  # game 4 of a one-game match
        ({"position": b"\xff\xfe"}, "is damaged (a field of its row is missing or not of its kind"),
    ],
)
def test_a_damaged_or_expired_row_gives_one_notice_and_a_new_game(
    row: dict[str, object],
    says: str,
    insert: Callable[..., str],
    random_players: Any,
    worker: ThreadPoolExecutor,
) -> None:
    share_id = insert(**row)
    table = _open({"shared": share_id, "moves": "o.dKH", "levels": "bb"}, random_players, worker)
    message = table.take_notice(Notice.CODE)
    assert message and f"shared='{share_id}'" in message and says in message and "new game starts" in message
    assert message.count("\n") == 0 and table.take_notice(Notice.CODE) is None  # one notice, shown once
    assert not table.session.opening and table.session.decisions == () and table.shared_id is None
    assert table.session.levels == ("you", "beginner", "beginner", "club")


@pytest.mark.parametrize(
    "share_id, says",
    [
        ("abcdefghijklmnop", "no deal is kept under it"),  # well formed, never saved
        ("<script>alert(1)</script>", "not a shared deal's id"),
        ("q" * 5000, "not a shared deal's id"),
    ],
)
def test_an_unknown_id_gives_one_notice_and_a_new_game(
    share_id: str, says: str, random_players: Any, worker: ThreadPoolExecutor
) -> None:
    table = _open({"shared": share_id, "moves": "p", "levels": "ccc"}, random_players, worker)
    message = table.take_notice(Notice.CODE)
    assert message and says in message and "new game starts" in message and len(message) < 300
    assert not table.session.opening and table.session.decisions == ()
    assert "shared" not in table.link_params() and table.link_params()["deal"] == table.deal_code


@pytest.mark.usefixtures("broken_db")
def test_a_database_that_cannot_be_read_gives_one_notice_and_a_new_game(
    random_players: Any, worker: ThreadPoolExecutor
) -> None:
    table = _open({"shared": "abcdefghijklmnop", "levels": "ccc"}, random_players, worker)
    message = table.take_notice(Notice.CODE)
    assert message and "could not be looked up" in message and "new game starts" in message
    assert not table.session.opening


def test_moves_that_do_not_replay_on_a_shared_deal_keep_their_legal_beginning(
    random_players: Any, worker: ThreadPoolExecutor
) -> None:
    table = _open({"position": SUITED + "/pass,pass,pass", "levels": "ccc"}, random_players, worker)
    assert table.shared_id is not None and [str(a) for _, a in table.position.hand.history] == ["pass"] * 3
    again = _open({"shared": table.shared_id, "moves": "o.dAS.zz", "levels": "ccc"}, random_players, worker)
    message = again.take_notice(Notice.CODE)
    assert message and "could not all be replayed" in message and "keeps the first 1 decision." in message
    assert again.session.decisions == ("order",)  # the AS is not South's card: refused, and what follows
    assert again.session.opening == table.session.opening


@pytest.mark.usefixtures("broken_db")
def test_a_deal_that_cannot_be_kept_says_so_and_the_link_names_no_card(
    random_players: Any, worker: ThreadPoolExecutor
) -> None:
    table = _open({"position": SUITED, "levels": "ccc"}, random_players, worker)
    message = table.take_notice(Notice.CODE)
    assert message and "could not be kept for the page link" in message and "opens a new game" in message
    assert table.shared_id is None and table.link_params() == {"levels": "ccc"}  # nothing names the hand


# ---- (4) position= and deal= links written before still open ------------------------------------


def test_an_old_deal_link_opens_and_keeps_its_form(random_players: Any, worker: ThreadPoolExecutor) -> None:
    code = encode(DealCode(Rules(), seed=11))
    table = _open({"deal": code, "moves": "p.9S.TC", "levels": "ccc"}, random_players, worker)
    assert table.take_notice(Notice.CODE) is None and table.session.decisions == (
        "pass",
        "play 9S",
        "play TC",
    )
    assert table.position.hand.to_text().startswith(SEED_11_DEAL + "/pass,pass,order,discard-QC,play-9S,")
    assert table.link_params() == {"deal": code, "moves": "p.9S.TC", "levels": "ccc"}


def test_an_old_position_link_opens_then_links_without_its_cards(
    random_players: Any, worker: ThreadPoolExecutor
) -> None:
    # Seed 11's own cards, South's pass in the text: the seed's game, replayed; the link becomes a deal code.
    table = _open(
        {"position": SEED_11_DEAL + "/pass,pass,order,discard-QC", "seed": "11", "levels": "ccc"},
        random_players,
        worker,
    )
    assert table.take_notice(Notice.CODE) is None and table.session.decisions == ("pass",)
    assert table.link_params() == {"deal": encode(DealCode(Rules(), seed=11)), "moves": "p", "levels": "ccc"}
    # A game of several hands as the page linked it before (position=, seed=, hand=, start=, moves=).
    played = _open({"deal": encode(DealCode(Rules(), seed=11)), "levels": "ccc"}, random_players, worker)
    while played.position.game.hand_number < 2 or played.position.waiting is not Waiting.LEARNER:
        if played.position.waiting is Waiting.NEXT_HAND:
            played.next_hand()
        else:
            assert played.act(played.position.legal[0])
    game = played.position.game
    old = {
        "position": played.position.hand.to_text(),
        "seed": "11",
        "hand": str(game.hand_number),
        "start": encode(DealCode(Rules(), seed=11)),
        "moves": played.moves_code,
        "levels": "ccc",
    }
    if any(game.scores_at_deal):
        old["score"] = "-".join(map(str, game.scores_at_deal))
    again = _open(old, random_players, worker)
    assert again.take_notice(Notice.CODE) is None and again.position == played.position
    params = again.link_params()
    assert params == {
        "deal": played.deal_code,
        "start": encode(DealCode(Rules(), seed=11)),
        "moves": encode_moves(played.session.decisions),
        "at": "-".join(
            map(str, game.scores_at_deal)
        ),  # this hand's score: a reload replays it alone if need be
        "levels": "ccc",
    }


def test_a_game_begun_at_a_score_links_that_score_with_its_first_hand(
    random_players: Any, worker: ThreadPoolExecutor
) -> None:
    # Seed 11's own cards at 4-6: the seed's game from that score. Past its first hand the link
    # replays from the first hand (start=), so score= is the score that hand was dealt at.
    table = _open(
        {"position": SEED_11_DEAL, "seed": "11", "score": "4-6", "levels": "ccc"}, random_players, worker
    )
    assert not table.session.opening and table.session.scores == (4, 6)
    assert table.link_params() == {
        "deal": encode(DealCode(Rules(), seed=11)),
        "score": "4-6",
        "levels": "ccc",
    }
    while table.position.waiting is not Waiting.NEXT_HAND:
        assert table.act(table.position.legal[0])
    table.next_hand()
    params = table.link_params()
    assert params["start"] == encode(DealCode(Rules(), seed=11)) and params["score"] == "4-6"
    assert params["deal"] == table.deal_code and "position" not in params
    again = _open(params, random_players, worker)
    assert again.take_notice(Notice.CODE) is None and again.position == table.position
