"""What a page link may make the server work out (practice/link_budget.py, issue 50, item 8): a link
whose earlier hands would need more Expert searches than ``LINK_SEARCHES`` rebuilds its hand alone,
at the score ``at=`` names, and that hand is the very one the game played (its moves, its scores);
the earlier hands stay in the link the reopened table writes. Club players' games, and short
Expert ones, still come back whole. And a ``position=`` link's moves without ``start=`` are said to
be left out (item 6)."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from engine.core.rules import Rules
from practice import link_budget, table_link
from practice.link_budget import SearchBudget, SearchesSpent, worth_trying
from practice.session import Session, Waiting, default_players
from practice.table_link import read_link
from practice.table_session import Notice, PracticeTable

EXPERTS = ("you", "expert", "expert", "expert")
CLUBS = ("you", "club", "club", "club")


@pytest.fixture(autouse=True)
def _own_database(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EUCHRE_COACH_DB", str(tmp_path / "coach.sqlite3"))


def _budget(
    monkeypatch: pytest.MonkeyPatch, searches: int, a_hand: int = link_budget.SEARCHES_A_HAND
) -> None:
    monkeypatch.setattr(link_budget, "LINK_SEARCHES", searches)
    monkeypatch.setattr(table_link, "LINK_SEARCHES", searches)
    monkeypatch.setattr(link_budget, "SEARCHES_A_HAND", a_hand)


def _play(table: PracticeTable, hands: int, seed: int) -> None:
    """Random legal decisions until ``hands`` hands are over and the next one is dealt."""
    choose = random.Random(seed)
    done = 0
    while done < hands:
        pos = table.position
        assert pos.waiting is not Waiting.DONE
        if pos.waiting is Waiting.NEXT_HAND:
            table.next_hand()
            done += 1
        else:
            assert table.act(choose.choice(pos.legal))


def _reopen(table: PracticeTable, players: Any, worker: ThreadPoolExecutor, grader: Any) -> PracticeTable:
    return PracticeTable.from_link(
        read_link(table.link_params()), Rules(), (), players=players, grade=grader, grader=worker
    )


def _same_hand(again: PracticeTable, table: PracticeTable) -> None:
    a, b = again.position, table.position
    assert a.hand == b.hand  # the deal, and every move of the hand, the computer players' too
    assert (a.game.scores, a.game.games_won, a.waiting, a.game.game_number, a.game.hand_number) == (
        b.game.scores,
        b.game.games_won,
        b.waiting,
        b.game.game_number,
        b.game.hand_number,
    )


def test_the_expert_players_hand_rebuilt_alone_is_the_hand_they_played(
    monkeypatch: pytest.MonkeyPatch, worker: ThreadPoolExecutor, grader: Any
) -> None:
    # The project's own Expert players: two hands played, the third dealt and begun.
    table = PracticeTable(Session(Rules(), EXPERTS, 21), players=default_players, grade=grader, grader=worker)
    _play(table, 2, seed=21)
    assert table.act(table.position.legal[0])
    params = table.link_params()
    assert params["at"] == "-".join(map(str, table.position.game.scores_at_deal)) and "start" in params

    _budget(monkeypatch, 0)  # no search allowed for the earlier hands: this hand alone
    alone = _reopen(table, default_players, worker, grader)
    _same_hand(alone, table)
    assert alone.position.game.history == ()  # the earlier hands are not on the table
    notice = alone.take_notice(Notice.CODE)
    assert notice and "first 2 hands (before this one) were not rebuilt" in notice
    assert alone.link_params() == params  # but still in its link
    assert alone.earlier_left_out and not alone.is_first_hand

    _budget(monkeypatch, 10_000, a_hand=0)  # room for them all: the whole game, decision for decision
    whole = _reopen(table, default_players, worker, grader)
    assert whole.position == table.position and whole.take_notice(Notice.CODE) is None


def test_a_long_expert_game_opens_at_its_hand_and_goes_on_as_the_game_would(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    # Seats named Expert (their decisions counted; random players play them, so nothing is compiled).
    table = PracticeTable(Session(Rules(), EXPERTS, 5), players=random_players, grade=grader, grader=worker)
    _play(table, 4, seed=5)  # 4 hands x 3 Expert seats x 3 searches > LINK_SEARCHES (30): not even tried
    assert not worth_trying(EXPERTS, 4)
    again = _reopen(table, random_players, worker, grader)
    _same_hand(again, table)
    assert again.position.game.history == () and again.link_params() == table.link_params()
    choose = random.Random(9)
    for _ in range(12):  # both tables play on alike, and their links stay the same
        pos = table.position
        if pos.waiting is Waiting.DONE:
            break
        if pos.waiting is Waiting.NEXT_HAND:
            table.next_hand()
            again.next_hand()
        else:
            action = choose.choice(pos.legal)
            assert table.act(action) and again.act(action)
        _same_hand(again, table)
        assert again.link_params() == table.link_params()
    reopened = _reopen(again, random_players, worker, grader)  # the link the reopened table wrote
    _same_hand(reopened, table)


def test_a_club_game_comes_back_whole(worker: ThreadPoolExecutor, grader: Any, random_players: Any) -> None:
    table = PracticeTable(Session(Rules(), CLUBS, 6), players=random_players, grade=grader, grader=worker)
    _play(table, 5, seed=6)
    again = _reopen(table, random_players, worker, grader)
    assert again.position == table.position and len(again.position.game.history) == 5
    assert again.take_notice(Notice.CODE) is None and not again.earlier_left_out


def test_a_match_keeps_the_games_won(worker: ThreadPoolExecutor, grader: Any, random_players: Any) -> None:
    rules = Rules(target=5, match_games=3)
    table = PracticeTable(Session(rules, EXPERTS, 8), players=random_players, grade=grader, grader=worker)
    choose = random.Random(8)
    while table.position.game.game_number == 0 or table.position.game.hand_number < 2:
        pos = table.position
        assert pos.waiting is not Waiting.DONE
        if pos.waiting is Waiting.NEXT_HAND:
            table.next_hand()
        else:
            assert table.act(choose.choice(pos.legal))
    params = table.link_params()
    assert params["won"] == "-".join(map(str, table.position.game.games_won))
    again = PracticeTable.from_link(
        read_link(params), rules, (), players=random_players, grade=grader, grader=worker
    )
    _same_hand(again, table)
    assert again.position.game.history == ()  # hands of an earlier game: not replayed


def test_the_budget_stops_a_replay_before_the_search_past_it(
    monkeypatch: pytest.MonkeyPatch, worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    budget = SearchBudget(2)
    players = budget.players(random_players)
    seen = []
    for _ in range(2):
        budget.spend()
        seen.append(budget.left)
    with pytest.raises(SearchesSpent):
        budget.spend()
    assert seen == [1, 0] and players("club").__class__ is random_players("club").__class__
    # tried (SEARCHES_A_HAND 0: every link looks worth it) but spent at the 5th search: this hand alone
    _budget(monkeypatch, 4, a_hand=0)
    table = PracticeTable(Session(Rules(), EXPERTS, 3), players=random_players, grade=grader, grader=worker)
    _play(table, 1, seed=3)
    again = _reopen(table, random_players, worker, grader)
    _same_hand(again, table)
    assert again.position.game.history == () and again.link_params() == table.link_params()


def test_an_old_link_without_at_replays_every_hand_within_the_budget_only(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    """A link as the page wrote them before (no ``at=``): a club game comes back whole; an Expert game
    past the budget cannot be cut at its hand without ``at=``, so its deal starts fresh, said."""
    club = PracticeTable(Session(Rules(), CLUBS, 4), players=random_players, grade=grader, grader=worker)
    _play(club, 4, seed=4)
    old = {k: v for k, v in club.link_params().items() if k not in ("at", "won")}
    again = PracticeTable.from_link(
        read_link(old), Rules(), (), players=random_players, grade=grader, grader=worker
    )
    assert again.position == club.position and len(again.position.game.history) == 4
    table = PracticeTable(Session(Rules(), EXPERTS, 4), players=random_players, grade=grader, grader=worker)
    _play(table, 4, seed=4)
    old = {k: v for k, v in table.link_params().items() if k not in ("at", "won")}
    fresh = PracticeTable.from_link(
        read_link(old), Rules(), (), players=random_players, grade=grader, grader=worker
    )
    notice = fresh.take_notice(Notice.CODE)
    assert notice and "than a link may make the server replay" in notice
    assert fresh.position.hand.dealt == table.position.hand.dealt and not fresh.position.game.history


@pytest.mark.parametrize(
    "moves, says",
    [("p.9S", "moves='p.9S' are not replayed:"), ("p.zz", "(they do not read either: ")],
)
def test_a_position_links_moves_without_start_are_said_to_be_left_out(
    moves: str, says: str, worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    text = "standard/3/9S-TC-QH-9H-JH,TD-AH-AC-JC-QD,TS-AS-9D-AD-QS,9C-KD-JS-QC-TH/KC:KS-JD-KH"
    link = read_link({"position": text, "seed": "11", "moves": moves, "levels": "ccc"})
    assert len(link.problems) == 1 and says in link.problems[0] and "start=" in link.problems[0]
    table = PracticeTable.from_link(link, Rules(), (), players=random_players, grade=grader, grader=worker)
    notice = table.take_notice(Notice.CODE)
    assert notice and says in notice
    assert table.position.hand.dealt == read_link({"position": text}).position.dealt  # type: ignore[union-attr]
    assert table.session.decisions == ()  # the position as it stands: nothing replayed from moves=


@pytest.mark.parametrize(
    ("params", "says"),
    [
        ({"game": "5"}, "game='5' names a game these rules do not play (one game, not a match): game 1"),
        ({"hand": "999"}, "hand='999' is not a hand of a game: hand=0 is hand 1, up to hand=255: hand 1"),
        ({"seed": "x"}, "seed='x' is not a whole number from 0 to "),
    ],
)
def test_a_position_links_numbers_say_what_they_accept(params: dict[str, str], says: str) -> None:
    """Issue 50, item 5: never "a whole number 0..0"."""
    text = "standard/3/9S-TC-QH-9H-JH,TD-AH-AC-JC-QD,TS-AS-9D-AD-QS,9C-KD-JS-QC-TH/KC:KS-JD-KH"
    link = read_link({"position": text, **params})
    assert any(says in p for p in link.problems), link.problems
