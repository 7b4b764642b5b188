"""The practice table without Streamlit: a game starts, the learner's clicks apply (or leave the
table unchanged), grades arrive from the background worker, finished hands are recorded, and
page links are read strictly."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import quoted
from engine.core.hand import HandState
from engine.core.rules import Rules
from practice.codes import DealCode, encode, encode_moves
from practice.session import Session, Waiting
from practice.table_link import TableLink, read_levels, read_link, seat_levels
from practice.table_session import Notice, PracticeTable, forced
from store import practice_log
from store.db import connect

LEVELS = ("you", "club", "club", "club")


def _table(
    players: Any,
    worker: ThreadPoolExecutor,
    grader: Any,
    seed: int = 11,
    rules: Rules | None = None,
    **kw: object,
) -> PracticeTable:
    rules = rules or Rules()
    session = Session(rules, seat_levels(rules.players, ()), seed)
    return PracticeTable(session, players=players, grade=grader, grader=worker, **kw)  # type: ignore[arg-type]


def _finish_hand(table: PracticeTable) -> None:
    while table.position.waiting is Waiting.LEARNER:
        assert table.act(table.position.legal[0])


def test_a_new_table_waits_for_the_learner(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = _table(random_players, worker, grader)
    assert table.position.waiting is Waiting.LEARNER
    assert table.session.levels == LEVELS and table.session.decisions == ()
    assert table.is_first_hand and not table.can_undo
    assert table.level_letters == "ccc" and table.deal_code == encode(DealCode(Rules(), seed=11))


def test_a_legal_click_applies_and_is_graded_in_the_background(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = _table(random_players, worker, grader)
    action = table.position.legal[0]
    assert table.act(str(action))
    assert table.session.decisions == (str(action),)
    worker.submit(lambda: None).result()  # the single worker has finished the grade before this
    assert table.pending_grades == 0
    assert len(grader.threads) == 1 and grader.threads[0].startswith("test-grader")
    graded = table.grades()
    assert [g.action for g in graded] == [action] and len(grader.threads) == 1  # not graded twice


def test_with_grade_later_a_click_is_graded_once_the_page_says_it_is_drawn(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = _table(random_players, worker, grader)
    table.grade_later = True  # as the page sets it
    action = table.position.legal[0]
    assert table.act(action)
    worker.submit(lambda: None).result()
    assert grader.threads == [] and table.pending_grades == 1  # not started while the page draws
    table.start_grading()  # the end of the page's run
    worker.submit(lambda: None).result()
    assert len(grader.threads) == 1 and grader.threads[0].startswith("test-grader")
    assert table.pending_grades == 0 and [g.action for g in table.grades()] == [action]


def test_an_illegal_click_leaves_the_table_unchanged(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = _table(random_players, worker, grader)
    before = table.position
    illegal = "play AS" if "play AS" not in map(str, before.legal) else "pass"
    assert not table.act(illegal)
    assert table.position is before and not grader.threads
    message = table.take_notice(Notice.FLASH)
    assert message and "not legal" in message
    assert table.take_notice(Notice.FLASH) is None  # shown once
    assert not table.act("nonsense words")
    assert table.position is before and table.take_notice(Notice.FLASH)


def test_undo_restores_the_position_exactly(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = next(
        t
        for t in (_table(random_players, worker, grader, seed=s) for s in range(50))
        if t.position.legal and t.act(t.position.legal[0]) and t.can_undo
    )
    after = table.position
    table.undo()
    assert table.session.decisions == () and table.position != after
    again = _table(random_players, worker, grader, seed=table.session.seed)
    assert table.position == again.position
    table.undo()  # nothing to take back: no change, no error
    assert table.position == again.position


def test_step_pace_shows_the_computer_moves_one_at_a_time(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = _table(random_players, worker, grader, seed=3)
    pending = len(table.position.pending)
    for left in range(pending, 0, -1):
        shown, hidden = table.shown(step_pace=True)
        assert hidden == left and shown == table.position.pending[pending - left].before
        table.reveal()
    assert table.shown(step_pace=True) == (table.position.hand, 0)
    assert table.shown(step_pace=False) == (table.position.hand, 0)


def test_a_finished_hand_is_saved_once(
    tmp_path: Path, worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    conn = connect(tmp_path / "coach.sqlite3")
    table = _table(random_players, worker, grader, conn=conn)
    assert table.game_id is not None
    _finish_hand(table)
    table.save_finished()
    table.save_finished()  # the page draws the review on every rerun
    stats = practice_log.statistics(conn)
    assert stats.hands == 1 and stats.games == 1
    records = practice_log.game_records(table.game_id, conn)
    assert records == [table.hand_record()]
    assert table.take_notice(Notice.STORE) is None


def test_saving_uses_the_database_the_environment_names(
    db: Path, worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = _table(random_players, worker, grader)
    _finish_hand(table)
    table.save_finished()
    assert practice_log.statistics(connect(db)).hands == 1


@pytest.mark.usefixtures("broken_db")
def test_a_broken_database_is_a_lasting_notice_and_play_goes_on(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = _table(random_players, worker, grader)
    assert table.game_id is None
    message = table.take_notice(Notice.STORE)
    assert message and message.startswith("Records are not being saved (starting a game)")
    assert table.take_notice(Notice.STORE) == message  # it lasts
    _finish_hand(table)
    table.save_finished()
    assert table.position.hand.is_over


def test_replay_the_deal_then_back_to_the_game(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = _table(random_players, worker, grader)
    _finish_hand(table)
    finished = table.position
    table.replay_deal()
    assert table.session.single_deal and table.position.hand.dealt == finished.hand.dealt
    paused = table.paused  # read into a name: table.back() below clears table.paused
    assert not table.position.hand.is_over and paused == finished
    table.back()
    assert table.position == finished and table.paused is None
    assert table.revealed == len(finished.pending)


def test_next_hand_and_new_game(worker: ThreadPoolExecutor, grader: Any, random_players: Any) -> None:
    table = _table(random_players, worker, grader)
    table.next_hand()  # not over yet: nothing happens
    assert table.position.game.hand_number == 0
    _finish_hand(table)
    if table.position.waiting is Waiting.NEXT_HAND:
        table.next_hand()
        assert table.position.game.hand_number == 1 and not table.is_first_hand
    table.new_game(Rules(players=3), ("beginner", "expert"), seed=5)
    assert table.session == Session(Rules(players=3), ("you", "beginner", "expert"), 5)


def test_decisions_are_graded_at_the_score_the_hand_was_dealt_at(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    # Hands are played until one scores; in the next hand every grade (the background ones
    # and the review's own) gets the learner's side's score and the opponents' from before
    # that hand, also once the hand is over and the game's scores count it.
    from practice.export import from_jsonl

    table = _table(random_players, worker, grader, seed=21)
    while True:
        _finish_hand(table)
        table.grades()  # waits for the background grades
        assert table.position.waiting is Waiting.NEXT_HAND
        won = table.position.hand.points  # per seat: each seat has its side's points
        if any(won):
            break
        table.next_hand()
    first = (won[0], won[1])  # South's side, East's side
    table.next_hand()
    grader.scores.clear()
    _finish_hand(table)
    table.grades()
    assert grader.scores and set(grader.scores) == {first}
    records = from_jsonl(table.game_jsonl())
    assert records[0].scores == (0, 0) and records[-1].scores == first  # the export says it too
    assert table.hand_record()["meta"]["scores"] == list(first)


def test_the_hint_is_asked_at_the_score_the_hand_was_dealt_at(
    worker: ThreadPoolExecutor, grader: Any, monkeypatch: pytest.MonkeyPatch, random_players: Any
) -> None:
    from practice import coach

    asked: list[object] = []

    def fake_hint(*a: object, **kw: object) -> str:
        asked.append(kw.get("score"))
        return "advice"

    monkeypatch.setattr(coach, "hint", fake_hint)
    table = _table(random_players, worker, grader, seed=21)
    got: object = table.hint(guided=True)  # the fake's text, not a coach.Hint
    assert got == "advice" and asked == [(0, 0)]
    while not any(table.position.game.scores) or table.position.waiting is not Waiting.LEARNER:
        _finish_hand(table)
        table.next_hand()
    table.hint(guided=True)
    assert asked[-1] == tuple(table.position.game.scores) and any(asked[-1])  # South's side first


def test_open_a_typed_code_good_and_bad(worker: ThreadPoolExecutor, grader: Any, random_players: Any) -> None:
    table = _table(random_players, worker, grader)
    rules = Rules(players=3, target=5)
    code = table.open_code(encode(DealCode(rules, seed=9, hand_number=2)).lower(), ("expert",))
    assert code is not None and code.rules == rules
    assert (table.session.rules, table.session.seed, table.position.game.hand_number) == (rules, 9, 2)
    assert table.session.levels == ("you", "expert", "club")
    assert table.open_code("HELLO", ()) is None
    message = table.take_notice(Notice.CODE)
    assert message and "5 letters, not 16" in message
    assert table.session.seed == 9  # the game carries on


def test_reading_a_good_link() -> None:
    code = DealCode(Rules(stick_the_dealer=True), seed=424242, hand_number=3, dealer=1)
    link = read_link({"deal": encode(code), "levels": "BE", "players": "4", "other": "x"})
    assert link == TableLink(code, ("beginner", "expert"), ())
    assert read_link({}) == TableLink()


@pytest.mark.parametrize(
    "params, problem",
    [
        ({"deal": "<garbage>"}, "That deal code does not work"),
        ({"deal": "9" * 5000}, "That deal code does not work"),
        ({"levels": "cxz"}, "levels='cxz' is not understood"),
        ({"levels": "cccc"}, "one letter per computer seat"),
        ({"levels": "c²"}, "is not understood"),
        ({"levels": "c" * 400}, "…' is not understood"),  # a long value is cut in the message
    ],
)
def test_reading_a_bad_link_never_raises(params: dict[str, str], problem: str) -> None:
    link = read_link(params)
    assert link.deal is None and link.levels == ()
    assert len(link.problems) == 1 and problem in link.problems[0]


def test_a_link_with_a_bad_deal_opens_a_new_game_with_the_rules(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    link = read_link({"deal": "nonsense", "levels": "zz"})
    table = PracticeTable.from_link(
        link, Rules(players=2), ("expert",), seed=8, players=random_players, grade=grader, grader=worker
    )
    assert table.session == Session(Rules(players=2), ("you", "expert"), 8)
    message = table.take_notice(Notice.CODE)
    assert message and "levels='zz'" in message and "deal code does not work" in message


def test_a_link_with_a_deal_and_levels(worker: ThreadPoolExecutor, grader: Any, random_players: Any) -> None:
    code = DealCode(Rules(players=3), seed=77, hand_number=1)
    table = PracticeTable.from_link(
        read_link({"deal": encode(code), "levels": "b"}),
        Rules(),
        ("club", "expert"),
        players=random_players,
        grade=grader,
        grader=worker,
    )
    assert table.session.rules == Rules(players=3) and table.session.seed == 77
    assert table.session.levels == ("you", "beginner", "expert")
    assert table.position.game.hand_number == 1 and table.take_notice(Notice.CODE) is None


def test_read_levels() -> None:
    assert read_levels(" cEb ") == ("club", "expert", "beginner")
    with pytest.raises(ValueError, match="b = beginner, c = club, e = expert"):
        read_levels("")


def test_grades_use_the_table_the_learner_chose(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    # People by default; after choosing strong players every grade (background and the review's
    # own) is asked for that table, and grades made for another table are not reused.
    table = _table(random_players, worker, grader, seed=21)
    assert table.table == "people"
    _finish_hand(table)
    table.grades()
    assert grader.tables and set(grader.tables) == {"people"}
    grader.tables.clear()
    table.table = "sound"
    table.grades()  # the same hand, another table: graded again, for strong players
    assert grader.tables and set(grader.tables) == {"sound"}


def _play_as_the_page(table: PracticeTable) -> None:
    """What the page does before drawing: play the learner's forced cards."""
    while (action := table.forced_play(step_pace=False)) is not None:
        assert table.act(action)


def test_forced_cards_are_played_for_the_learner_and_undo_skips_them(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    # Find a learner's real choice after which the learner's next card is forced; the page plays it,
    # and undo takes back the real choice with it (undoing the forced card alone would replay it).
    for seed in range(40):
        table = _table(random_players, worker, grader, seed=seed)
        while table.position.waiting is Waiting.LEARNER:
            pos = table.position
            assert table.forced_play(step_pace=False) is None or len(pos.legal) == 1
            choice = pos.legal[-1]
            assert table.act(choice)
            mid = table.position
            if mid.waiting is Waiting.LEARNER and forced(mid.hand) and len(pos.legal) > 1:
                _play_as_the_page(table)
                assert table.position.session.decisions[: len(mid.session.decisions) + 1] == (
                    mid.session.decisions + (str(mid.legal[0]),)
                )
                if table.position.waiting is Waiting.LEARNER:
                    assert table.can_undo
                    table.undo()
                    assert table.position.session.decisions == pos.session.decisions
                    assert table.forced_play(step_pace=False) is None
                    table.play_forced = False
                    assert table.act(choice)
                    assert table.forced_play(step_pace=False) is None  # switched off: nothing is played
                    return
            _play_as_the_page(table)
    pytest.fail("no forced card after a real choice in 40 deals")


# ---- the page's link carries the learner's decisions: a reload rebuilds the position ---------


@pytest.fixture(autouse=True)
def _own_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EUCHRE_COACH_DB", str(tmp_path / "coach.sqlite3"))


def _from(players: Any, params: dict[str, str], worker: ThreadPoolExecutor, grader: Any) -> PracticeTable:
    return PracticeTable.from_link(
        read_link(params), Rules(), (), players=players, grade=grader, grader=worker
    )


@pytest.mark.parametrize(
    "rules, seed",
    [
        (Rules(), 5),
        (Rules(players=3, joker=True), 6),
        (Rules(players=2, deck=32, target=5, match_games=3), 7),
        (Rules(optional_pickup=True, defend_alone=True, stick_the_dealer=True), 8),
    ],
)
def test_every_position_of_a_game_reopens_from_its_link(
    rules: Rules, seed: int, worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    import random

    table = _table(random_players, worker, grader, seed=seed, rules=rules)
    choose = random.Random(seed)
    for _ in range(60):
        params = table.link_params()
        if table.link_capped or table.position.waiting is Waiting.DONE:
            break
        again = _from(random_players, {**params}, worker, grader)
        assert again.take_notice(Notice.CODE) is None
        assert again.position == table.position, params
        if table.position.waiting is Waiting.NEXT_HAND:
            table.next_hand()
        else:
            assert table.act(choose.choice(table.position.legal))


# Seed 11's first deal (dealer West... seat 3), and its first hand as test_practice_session works it
# out by hand: South passes, West passes, North orders the KC up (clubs trump) and East, the dealer,
# discards the QC; South leads the 9S, West takes it with the JC (the right bower), leads the TD,
# and South trumps it with the TC.
SEED_11_DEAL = "standard/3/9S-TC-QH-9H-JH,TD-AH-AC-JC-QD,TS-AS-9D-AD-QS,9C-KD-JS-QC-TH/KC:KS-JD-KH"
SEED_11_PLAYED = (
    SEED_11_DEAL + "/pass,pass,order,discard-QC,play-9S,play-JC,play-QS,play-9C,"
    "play-TD,play-9D,play-KD,play-TC"
)


def test_an_old_link_with_moves_rebuilds_the_position_mid_hand(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    code = encode(DealCode(Rules(), seed=11))
    table = _from(random_players, {"deal": code, "levels": "ccc", "moves": "p.9S.TC"}, worker, grader)
    assert table.take_notice(Notice.CODE) is None
    assert table.session.decisions == ("pass", "play 9S", "play TC")
    assert [t.winner for t in table.position.hand.tricks] == [1, 0]
    assert sorted(map(str, table.position.hand.hands[0])) == ["9H", "JH", "QH"]
    assert table.position.hand.to_text() == SEED_11_PLAYED
    # The link it writes names the deal and the learner's decisions, never the hidden hands.
    assert table.link_params() == {"deal": code, "moves": "p.9S.TC", "levels": "ccc"}
    again = _from(random_players, table.link_params(), worker, grader)
    assert again.take_notice(Notice.CODE) is None
    assert again.position == table.position  # the same link, the same position
    again.undo()  # the learner's decisions were replayed, so undo takes the TC back
    assert again.session.decisions == ("pass", "play 9S")
    assert again.link_params() == {"deal": code, "moves": "p.9S", "levels": "ccc"}
    assert again.position.hand.to_text() == SEED_11_PLAYED.removesuffix(",play-TC")


def test_a_position_link_written_by_hand(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    # The seed's cards, but North passes too (the random players' North ordered up): the table
    # plays on from the text as it stands; South's pass in it cannot be taken back.
    text = SEED_11_DEAL + "/pass,pass,pass"
    table = _from(random_players, {"position": text, "seed": "11", "levels": "ccc"}, worker, grader)
    assert table.take_notice(Notice.CODE) is None
    hand = table.position.hand
    assert [str(a) for _, a in hand.history[:3]] == ["pass", "pass", "pass"] and not table.can_undo
    # No deal code gives those actions: the text is kept in the database, the link names its id.
    params = table.link_params()
    assert set(params) == {"shared", "levels"} and params["shared"] == table.shared_id
    again = _from(random_players, params, worker, grader)
    assert again.take_notice(Notice.CODE) is None and again.position == table.position
    # Cards no seed dealt: no deal code names them; the database keeps them for the link.
    mine = "standard/0/9H-TH-JH-QH-KH,9C-TC-JC-QC-KC,9D-TD-JD-QD-KD,9S-TS-JS-QS-KS/AH"
    table = _from(random_players, {"position": mine, "levels": "bce"}, worker, grader)
    assert table.take_notice(Notice.CODE) is None and table.deal_code == ""
    assert [sorted(map(str, h)) for h in table.position.hand.dealt[:1]] == [["9H", "JH", "KH", "QH", "TH"]]
    assert table.session.levels == ("you", "beginner", "club", "expert")
    params = table.link_params()
    assert set(params) <= {"shared", "moves", "levels"} and "AH" not in str(params.values())
    again = _from(random_players, params, worker, grader)
    assert again.position == table.position and again.session.seed == table.session.seed


def test_a_position_link_keeps_the_score_and_the_hand_number(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = _table(random_players, worker, grader)
    game = table.position.game
    while (
        game.hand_number < 2 or not any(game.scores_at_deal) or table.position.waiting is not Waiting.LEARNER
    ):
        if table.position.waiting is Waiting.NEXT_HAND:
            table.next_hand()
        else:
            _finish_hand(table)
        game = table.position.game
    table.act(table.position.legal[0])
    game = table.position.game
    scores = game.scores_at_deal
    # A position link (as the page wrote them before, and a teacher may still write): the hand's
    # text, the seed, the hand's number and its score, without the earlier hands.
    old = {
        "position": table.position.hand.to_text(),
        "seed": "11",
        "hand": str(game.hand_number),
        "score": f"{scores[0]}-{scores[1]}",
        "levels": "ccc",
    }
    again = _from(random_players, old, worker, grader)
    assert again.take_notice(Notice.CODE) is None
    assert (
        again.position.hand == table.position.hand
        and again.position.game.scores == table.position.game.scores
    )
    # The learner's decision of this hand is replayed (so it can be undone); the earlier hands are not kept.
    assert again.session.decisions == table.session.decisions[-1:] and again.position.game.history == ()
    # Once open, its link is this hand's deal code, the learner's decision of it and the score.
    assert again.link_params() == {
        "deal": table.deal_code,
        "moves": encode_moves(table.session.decisions[-1:]),
        "score": f"{scores[0]}-{scores[1]}",
        "levels": "ccc",
    }
    _finish_hand(table)
    _finish_hand(again)
    table.next_hand()
    again.next_hand()  # the seed deals the same next hand
    assert (
        again.position.hand == table.position.hand
        and again.position.game.scores == table.position.game.scores
    )


@pytest.mark.parametrize(
    "params, says",
    [
        ({"position": "nonsense"}, "position='nonsense' does not work"),
        ({"position": SEED_11_DEAL + "/pass,call-C"}, "action 2 of 2"),  # clubs: the upcard's suit, refused
        ({"position": SEED_11_DEAL.replace("9S", "TC")}, "does not work"),  # the TC twice
        ({"position": "standard/" * 400}, "at most 2,000 characters"),
    ],
)
def test_a_damaged_position_gives_one_notice_and_a_new_game(
    params: dict[str, str], says: str, worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = _from(random_players, {**params, "seed": "11", "moves": "p", "levels": "cc"}, worker, grader)
    message = table.take_notice(Notice.CODE)
    assert message and says in message and "a new game starts" in message and len(message) < 1000
    assert table.session.decisions == () and table.position.game.hand_number == 0
    assert table.session.levels == ("you", "club", "club", "club")


@pytest.mark.parametrize(
    "key, value, says",
    [
        ("score", "4-12", "is not 2 scores below 10"),
        ("score", "4", "is not 2 scores"),
        ("seed", "-3", "a new seed deals"),
        ("hand", "9999", "hand 1"),
        ("game", "1", "game 1"),
    ],
)
def test_a_bad_number_beside_a_position_keeps_the_hand(
    key: str, value: str, says: str, worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = _from(
        random_players, {"position": SEED_11_DEAL + "/pass", key: value, "levels": "ccc"}, worker, grader
    )
    message = table.take_notice(Notice.CODE)
    assert message and says in message
    assert table.position.hand.dealt == HandState.from_text(SEED_11_DEAL).dealt
    assert table.position.game.scores_at_deal == (0, 0)


def test_the_link_follows_the_game_across_hands(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = _table(random_players, worker, grader)
    assert table.link_params() == {"deal": encode(DealCode(Rules(), seed=11)), "levels": "ccc"}
    _finish_hand(table)
    table.next_hand()
    table.act(table.position.legal[0])
    params = table.link_params()
    assert params["start"] == encode(DealCode(Rules(), seed=11))
    assert params["deal"] == encode(DealCode(Rules(), seed=11, hand_number=1))  # the dealer passes left
    assert params["moves"].endswith(".n.dQD")  # hand 2: South discards the QD (seed 11, by hand)
    # The deal passed left to South (seat 0), who discarded the QD when West ordered the AC up alone.
    text = table.position.hand.to_text()
    assert text.startswith("standard/0/") and "/AC:" in text and "/order-alone,discard-QD," in text
    assert "position" not in params and "score" not in params  # the game started at 0 each
    again = _from(random_players, params, worker, grader)
    assert again.position == table.position and again.position.game.scores == table.position.game.scores
    assert again.take_notice(Notice.CODE) is None


@pytest.mark.parametrize(
    "moves, kept, says",
    [
        ("p.9S.AS.TC", ("pass", "play 9S"), "could not all be replayed"),  # AS: not South's card
        ("p.9S.zz", ("pass", "play 9S"), "'zz' is not a decision"),
        ("p.9S.TC.QH.9H.JH.n", (), "do not lead to this link's deal"),  # they end in the next hand
        ("p" * 700, (), "longer than 600 characters"),
    ],
)
def test_a_damaged_moves_value_gives_one_notice(
    moves: str,
    kept: tuple[str, ...],
    says: str,
    worker: ThreadPoolExecutor,
    grader: Any,
    random_players: Any,
) -> None:
    table = _from(
        random_players,
        {"deal": encode(DealCode(Rules(), seed=11)), "levels": "ccc", "moves": moves},
        worker,
        grader,
    )
    assert table.session.decisions == kept and table.position.game.hand_number == 0
    message = table.take_notice(Notice.CODE)
    assert message and says in message and message.count("moves=") == 1
    assert f"moves={quoted(moves)}" in message  # the value as text, cut to 60 characters
    assert len(quoted(moves)) <= 63


def test_moves_without_a_deal_start_a_new_game(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = _from(random_players, {"moves": "p.9S"}, worker, grader)
    assert table.session.decisions == ()
    message = table.take_notice(Notice.CODE)
    assert message and "without its deal code" in message


def test_a_game_too_long_for_the_link_keeps_this_hand_only(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = _table(random_players, worker, grader)
    while not table.link_capped:
        if table.position.waiting is Waiting.NEXT_HAND:
            table.next_hand()
        elif table.position.waiting is Waiting.DONE:
            table.new_game(Rules(match_games=5), ())
        else:
            table.act(table.position.legal[0])
    params = table.link_params()
    assert "start" not in params and params["deal"] == table.deal_code
    last = max(i for i, d in enumerate(table.session.decisions) if d == "next hand")
    assert params.get("moves", "") == encode_moves(table.session.decisions[last + 1 :])  # this hand's only
    scores = table.position.game.scores_at_deal
    assert params.get("score") == ("-".join(map(str, scores)) if any(scores) else None)
    again = _from(random_players, params, worker, grader)  # this hand, where it is, at its score
    assert again.take_notice(Notice.CODE) is None
    assert (
        again.position.hand == table.position.hand
        and again.position.game.scores == table.position.game.scores
    )


def test_each_finished_hands_grades_are_kept_for_the_games_chart(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = _table(random_players, worker, grader)
    hands = []
    for _ in range(3):
        _finish_hand(table)
        if table.position.waiting is not Waiting.NEXT_HAND:
            break
        hands.append(table.position.hand)
        table.next_hand()  # the hand's grades are kept even when its review was not drawn
    assert list(table.finished_grades) == hands == list(table.position.game.history)
    for hand in hands:  # one grade per decision of the learner's in that hand, in order
        mine = [i for i, (seat, _) in enumerate(hand.history) if seat == 0]
        assert [g.step for g in table.finished_grades[hand]] == mine
        assert all(g.before.history == hand.history[: g.step] for g in table.finished_grades[hand])


def test_after_a_reload_the_earlier_hands_are_graded_again_as_they_were_played(
    worker: ThreadPoolExecutor, grader: Any, random_players: Any
) -> None:
    table = _table(random_players, worker, grader)
    for _ in range(3):
        _finish_hand(table)
        assert table.position.waiting is Waiting.NEXT_HAND  # a game to 10 is not over in 3 hands
        table.next_hand()
    table.act(table.position.legal[0])  # the 4th hand under way
    table.grades()
    played = dict(table.finished_grades)
    earlier = list(table.position.game.history)
    assert list(played) == earlier and len(earlier) == 3
    mine = sum(1 for h in earlier for seat, _ in h.history if seat == 0)  # the learner (South) is seat 0
    scores_then = grader.scores[:mine]  # the score each earlier decision was graded at, in play

    again = type(grader)()  # a fresh grader of the same kind, for the reloaded page
    reloaded = _from(random_players, table.link_params(), worker, again)
    assert list(reloaded.position.game.history) == earlier and reloaded.finished_grades == {}
    assert reloaded.regrade_earlier(wait_s=30.0) == 0  # nothing left to grade
    assert reloaded.finished_grades == played  # the same decisions, the same grades
    assert again.scores == scores_then  # each graded at its own hand's score, not the 4th hand's
    assert reloaded.regrade_earlier(wait_s=0.0) == 0 and len(again.scores) == mine  # graded once
