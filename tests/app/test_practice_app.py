"""The Practice page in Streamlit's AppTest: a whole hand played through its widgets, records,
deal codes in the URL, and a broken database that must not stop the game."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import Button

from engine.core.hand import HandState
from engine.core.rules import Rules
from engine.io.deal_record import result_record
from practice.codes import DealCode, decode, encode, encode_moves
from practice.session import Position, Session, Waiting, act, replay
from practice.table_link import read_link
from practice.table_session import Notice, PracticeTable

PAGE = "views/practice/practice.py"


@pytest.fixture
def practice_page(open_page: Callable[..., AppTest]) -> Callable[..., AppTest]:
    """``practice_page(query=None, play_forced=False, pace="instant")``: the page as a link opens it.
    Forced cards are played by hand unless ``play_forced`` (the page's default, "Play forced cards
    for me", is on): most tests count the learner's clicks. At the instant pace (a learner who chose
    it) unless ``pace`` says otherwise: a new learner's Watch pace shows the moves one at a time,
    which its own tests follow step by step."""

    def opened(
        query: dict[str, str] | None = None, play_forced: bool = False, pace: str = "instant"
    ) -> AppTest:
        return open_page(PAGE, query, state={"practice_play_forced": play_forced, "practice_pace": pace})

    return opened


def _buttons(at: AppTest, prefix: str) -> list[Button]:
    return [b for b in at.button if b.key and b.key.startswith(prefix) and not b.disabled]


def _learner_controls(at: AppTest) -> list[Button]:
    return (
        _buttons(at, "practice_bid_") or _buttons(at, "practice_play-") or _buttons(at, "practice_discard-")
    )


def _play_hand(at: AppTest) -> None:
    """Make the learner's first legal choice at every turn until the hand is over."""
    for _ in range(40):
        if any(_buttons(at, k) for k in ("practice_next_hand", "practice_new_game_end", "practice_back")):
            return
        choices = _learner_controls(at)
        assert choices, [b.key for b in at.button]
        choices[0].click().run()
        assert not at.exception, [e.value for e in at.exception]
    raise AssertionError("the hand did not finish in 40 clicks")


def _position(at: AppTest) -> Position:
    """The position the page's table is at (the page keeps one PracticeTable in session state)."""
    table = at.session_state["practice_table"]
    assert isinstance(table, PracticeTable)
    return table.position


def _record(at: AppTest) -> dict[str, Any]:
    marks = [h.value for h in at.html if 'data-testid="practice-hand-record"' in h.value]
    assert marks, "the review carries the hand's replay record"
    record: dict[str, Any] = json.loads(html.unescape(marks[-1].split('data-record="')[1].split('"')[0]))
    return record


def _scores(at: AppTest) -> tuple[int, ...]:
    for m in at.html:
        if 'data-testid="practice-score"' in m.value:
            raw = m.value.split('data-scores="')[1].split('"')[0]
            return tuple(int(x) for x in raw.split(","))
    raise AssertionError("no score on the page")


def _felt(at: AppTest) -> str:
    felts = [h.value for h in at.html if 'data-testid="card-table"' in h.value]
    assert len(felts) == 1, "one card table on the page"
    return felts[0]


def _seats(at: AppTest) -> dict[str, str]:
    """Each seat's place at the table as text: the felt's seats, and the learner's plate below it."""
    felt = _felt(at)
    seats = {}
    for block in re.split(r'(?=<div class="ec-seat)', felt)[1:]:
        text = re.sub(r"<[^>]+>", " ", block.split('<div class="ec-fan"')[0].split('<div class="ec-open"')[0])
        name = re.search(r"<b>(\w+)</b>", block)
        assert name is not None
        seats[name.group(1)] = " ".join(html.unescape(text).split())
    plates = [m.value for m in at.markdown if m.value.startswith("**South** — ")]
    assert len(plates) == 1, [m.value for m in at.markdown]
    seats["South"] = plates[0]
    return seats


def test_a_complete_hand_through_the_widgets(db: Path, practice_page: Callable[..., AppTest]) -> None:
    at = practice_page({"deal": encode(DealCode(Rules(), seed=2024))})
    _play_hand(at)
    record = _record(at)
    result = result_record(record)  # the engine's own replay of what the page played
    assert result["complete"] is True
    points = result["points"]
    assert _scores(at) == (points[0], points[1])
    assert any("Hand review" in s.value for s in at.subheader)
    # the learner's decisions are listed with grades, each with its reason
    tables = [str(h.proto.body) for h in at.html if "<caption>Your decisions</caption>" in str(h.proto.body)]
    assert tables and "<th>grade</th>" in tables[0] and "<th>why</th>" in tables[0]
    # the result comes first, above the table, with the engine's points and game score
    blocks = [h.value for h in at.html]
    first = next(i for i, b in enumerate(blocks) if 'data-testid="practice-hand-result"' in b)
    assert first < next(i for i, b in enumerate(blocks) if 'data-testid="card-table"' in b)
    won = max(points)
    assert f": {won} point{'s' if won != 1 else ''}, {points[0]}–{points[1]}." in html.unescape(blocks[first])
    at.button(key="practice_next_hand").click().run()
    assert not at.exception
    assert _scores(at) == (points[0], points[1])


def _statistics_caption(at: AppTest) -> str:
    return next(c.value for c in at.caption if c.value.startswith("Games played:"))


def test_records_survive_a_restart(db: Path, practice_page: Callable[..., AppTest]) -> None:
    # A fixed deal whose first hand waits for the learner: with a random one, the second visit's
    # computers could play a whole hand themselves (the learner's partner going alone first).
    deal = {"deal": encode(DealCode(Rules(), seed=2024))}
    at = practice_page(deal)
    assert _learner_controls(at), "the first hand waits for the learner"
    _play_hand(at)
    again = practice_page(deal)  # a new session: as after restarting the app
    again.segmented_control(key="practice_view").set_value("Statistics").run()
    metrics = {m.label: m.value for m in again.metric}
    assert metrics["Hands played"] == "1"
    # the second visit opened a game too, but only games with a hand played count
    assert _statistics_caption(again) == "Games played: 1 (0 finished, 0 won)."
    # one hand makes no chart yet: a short message instead
    assert not again.get("plotly_chart")
    assert any("appear after your second hand" in c.value for c in again.caption)


def test_a_visit_alone_is_not_a_game(db: Path, practice_page: Callable[..., AppTest]) -> None:
    deal = {"deal": encode(DealCode(Rules(), seed=2024))}  # its first hand waits for the learner
    practice_page(deal)
    at = practice_page(deal)
    at.segmented_control(key="practice_view").set_value("Statistics").run()
    assert any("No finished hands yet" in i.value for i in at.info)
    from store import practice_log

    assert practice_log.statistics().games == 0


def test_the_seat_levels_are_named_as_players(db: Path, practice_page: Callable[..., AppTest]) -> None:
    at = practice_page({"levels": "bce"})
    assert at.selectbox(key="practice_level_1").value == "beginner"
    seats = _seats(at)
    assert seats["West"].startswith("West Beginner player")
    assert seats["North"].startswith("North Club player")
    assert seats["East"].startswith("East Expert player")
    assert seats["South"].startswith("**South** — you")
    assert "(club)" not in " ".join(m.value for m in at.markdown) + _felt(at)


def test_the_deal_code_in_the_url_opens_the_same_deal(
    db: Path, practice_page: Callable[..., AppTest]
) -> None:
    rules = Rules(stick_the_dealer=True)
    code = encode(DealCode(rules, seed=424242, hand_number=3, dealer=1))
    at = practice_page({"deal": code, "stick_the_dealer": "1"})
    shown = re.search(r"Deal code \*\*([A-Z2-7-]{19})\*\*", " ".join(c.value for c in at.caption))
    assert shown is not None
    again = decode(shown.group(1))
    assert (again.rules, again.seed, again.hand_number) == (rules, 424242, 3)
    position = _position(at)
    from engine.core.game import hand_rng
    from engine.core.hand import deal

    expected = deal(rules, 1, hand_rng(424242, 0, 3))
    assert position.hand.dealt == expected.dealt and position.session.rules == rules


def test_a_tampered_code_is_explained_and_a_game_still_starts(
    db: Path, practice_page: Callable[..., AppTest]
) -> None:
    code = encode(DealCode(Rules(), seed=5))
    tampered = code[:-1] + ("A" if code[-1] != "A" else "B")
    at = practice_page({"deal": tampered})
    assert any("deal code does not work" in e.value for e in at.error)
    assert _learner_controls(at) or _buttons(at, "practice_next_hand")


def test_a_corrupt_database_is_reported_and_the_game_plays_on(
    db: Path, practice_page: Callable[..., AppTest]
) -> None:
    db.write_bytes(b"not a database at all" * 200)
    at = practice_page()
    _play_hand(at)
    assert any("Records are not being saved" in w.value for w in at.warning)
    assert result_record(_record(at))["complete"] is True


def _seed_where_passing_keeps_the_learner_bidding() -> int:
    for seed in range(100):
        pos = replay(Session(Rules(), ("you", "club", "club", "club"), seed))
        if pos.waiting is Waiting.LEARNER and act(pos, "pass").waiting is Waiting.LEARNER:
            return seed
    raise AssertionError("no such seed in 0..99")


def test_undo_takes_back_a_bid_exactly(db: Path, practice_page: Callable[..., AppTest]) -> None:
    seed = _seed_where_passing_keeps_the_learner_bidding()
    at = practice_page({"deal": encode(DealCode(Rules(), seed))})
    before = _position(at)
    at.button(key="practice_bid_pass").click().run()
    after = _position(at)
    assert after != before and after.session.decisions == ("pass",)
    at.button(key="practice_undo_btn").click().run()
    assert _position(at) == before
    assert at.button(key="practice_undo_btn").disabled


def test_step_pace_reveals_computer_moves_one_at_a_time(
    db: Path, practice_page: Callable[..., AppTest]
) -> None:
    seed = _seed_where_passing_keeps_the_learner_bidding()
    at = practice_page({"deal": encode(DealCode(Rules(), seed))}, pace="step")
    while not _buttons(at, "practice_bid_"):  # the moves before the learner's first turn
        at.button(key="practice_next_step").click().run()
    at.button(key="practice_bid_pass").click().run()
    pending = len(_position(at).pending)
    assert pending >= 1
    for left in range(pending, 0, -1):
        assert not _buttons(at, "practice_bid_")  # the learner waits while moves are shown
        assert at.button(key="practice_next_step").label == f"Next ({left} to go)"
        at.button(key="practice_next_step").click().run()
    assert _learner_controls(at)


def test_learning_mode_shows_advice_at_every_decision_of_the_first_hand(
    db: Path, practice_page: Callable[..., AppTest]
) -> None:
    at = practice_page({"deal": encode(DealCode(Rules(), seed=2024))})
    at.toggle(key="practice_learning").set_value(True).run()
    decisions = 0
    while _learner_controls(at):
        infos = [i.value for i in at.info if "**Hint — " in i.value]
        assert infos and ("Analyzer" in infos[0] or "player's advice" in infos[0])
        _learner_controls(at)[0].click().run()
        decisions += 1
    assert decisions >= 2


def test_hint_button_then_replay_the_deal_and_go_back(
    db: Path, practice_page: Callable[..., AppTest]
) -> None:
    at = practice_page({"deal": encode(DealCode(Rules(), seed=2024))})
    assert not [i for i in at.info if "**Hint — " in i.value]
    at.button(key="practice_hint_btn").click().run()
    assert [i for i in at.info if "**Hint — " in i.value]
    _play_hand(at)
    dealt = _position(at).hand.dealt
    at.button(key="practice_replay_deal").click().run()
    again = _position(at)
    assert again.hand.dealt == dealt and again.session.single_deal and not again.hand.is_over
    _play_hand(at)
    at.button(key="practice_back").click().run()
    assert _position(at).hand.dealt == dealt
    assert _buttons(at, "practice_next_hand")


def test_statistics_and_import_views(db: Path, tmp_path: Path, practice_page: Callable[..., AppTest]) -> None:
    at = practice_page({"deal": encode(DealCode(Rules(), seed=2024))})
    _play_hand(at)
    record = _record(at)
    at.segmented_control(key="practice_view").set_value("Statistics").run()
    assert not at.exception
    assert {m.label for m in at.metric} >= {"Hands played", "You called", "Net points per hand"}
    at.segmented_control(key="practice_view").set_value("Import").run()
    assert not at.exception
    # the import view reads the same JSON Lines the export writes (engine replay, no pickle)
    from practice.export import from_jsonl

    assert from_jsonl(json.dumps(record) + "\n")[0].hand.is_over


def test_traditional_score_cards(db: Path, practice_page: Callable[..., AppTest]) -> None:
    at = practice_page({"deal": encode(DealCode(Rules(), seed=2024))})
    at.toggle(key="practice_traditional").set_value(True).run()
    assert any('data-score="0"' in h.value for h in at.html)


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=3),
        Rules(players=2, optional_pickup=True),
        Rules(joker=True, deck=32, stick_the_dealer=True),
        Rules(defend_alone=True, discard_upcard=True),
    ],
    ids=["cutthroat", "two-handed", "joker-32-stick", "railroad"],
)
def test_every_variant_plays_a_hand_through_the_page(
    db: Path, rules: Rules, practice_page: Callable[..., AppTest]
) -> None:
    at = practice_page({"deal": encode(DealCode(rules, seed=77))})
    position = _position(at)
    assert position.session.rules == rules
    seats = _seats(at)
    expected = {2: {"South", "North"}, 3: {"South", "West", "East"}, 4: {"South", "West", "North", "East"}}
    assert set(seats) == expected[rules.players]
    assert seats.pop("South").startswith("**South** — you")
    assert all(text.startswith(f"{name} Club player") for name, text in seats.items()), seats
    _play_hand(at)
    assert result_record(_record(at))["complete"] is True


def test_opening_a_typed_deal_code(db: Path, practice_page: Callable[..., AppTest]) -> None:
    at = practice_page()
    rules = Rules(players=3, target=5)
    code = encode(DealCode(rules, seed=9, hand_number=2))
    at.text_input(key="practice_code_input").set_value(code.lower()).run()
    at.button(key="practice_open_code").click().run()
    position = _position(at)
    assert position.session.rules == rules and position.session.seed == 9 and position.game.hand_number == 2
    at.text_input(key="practice_code_input").set_value("HELLO").run()
    at.button(key="practice_open_code").click().run()
    assert any("5 letters, not 16" in e.value for e in at.error)
    assert _position(at).session.seed == 9  # the game carries on


def test_the_expert_in_your_seat_after_a_hand(db: Path, practice_page: Callable[..., AppTest]) -> None:
    at = practice_page({"deal": encode(DealCode(Rules(), seed=2024))})
    _play_hand(at)
    at.toggle(key="practice_expert").set_value(True).run()
    assert not at.exception
    lines = [m.value for m in at.markdown if m.value.startswith(("- Expert player: ", "- Club player: "))]
    mine = [a for s, a in _position(at).hand.history if s == 0]
    assert len(lines) == len(mine)
    assert any("Played out with the" in m.value for m in at.markdown)
    tables = [str(h.proto.body) for h in at.html if "<caption>Your decisions</caption>" in str(h.proto.body)]
    assert "<td>South (you) " in tables[0]


@pytest.mark.parametrize(
    "query, shown",
    [
        ({"players": "²"}, "players='²' is not a whole number"),
        ({"players": "99999999999999999999999"}, "is not a whole number"),
        ({"deal": "<garbage>"}, "deal code does not work"),
        ({"deal": "9" * 5000}, "deal code does not work"),
        ({"levels": "cc²"}, "levels="),
        ({"shared": "abcdefghijklmnop", "moves": "p"}, "no deal is kept under it"),
        ({"shared": "<b>x</b>"}, "is not a shared deal's id"),
    ],
    ids=[
        "superscript-players",
        "huge-players",
        "garbage-deal",
        "huge-deal",
        "bad-levels",
        "unknown-shared",
        "garbage-shared",
    ],
)
def test_a_bad_link_value_is_explained_and_the_table_plays(
    db: Path, query: dict[str, str], shown: str, practice_page: Callable[..., AppTest]
) -> None:
    at = practice_page(query)  # open_page checks that nothing raised
    messages = [m.value for m in (*at.error, *at.warning)]
    assert any(shown in m for m in messages), messages
    controls = _learner_controls(at)
    assert controls or _buttons(at, "practice_next_hand")
    if controls:  # and the rest of the page works: the learner's first choice plays
        controls[0].click().run()
        assert not at.exception, [e.value for e in at.exception]


def test_link_levels_set_the_computer_seats(db: Path, practice_page: Callable[..., AppTest]) -> None:
    at = practice_page({"levels": "bec", "deal": encode(DealCode(Rules(), seed=7))})
    assert _position(at).session.levels == ("you", "beginner", "expert", "club")
    assert at.selectbox(key="practice_level_2").value == "expert"


def test_learning_mode_is_a_toggle_beside_the_table_not_in_the_settings(
    db: Path, practice_page: Callable[..., AppTest]
) -> None:
    at = practice_page()
    assert at.toggle(key="practice_learning").label.startswith("Learning mode")
    settings = [e for e in at.expander if e.label == "Table settings"]
    assert len(settings) == 1
    assert "practice_learning" not in [t.key for t in settings[0].toggle]
    assert "practice_traditional" in [t.key for t in settings[0].toggle]  # the rest stays folded away


# How the table words each kind of action (the learner's view: another seat's discard is face down).
CHIP_START = {
    "pass": ("Passed", "Turned it down"),
    "order": ("Ordered it up", "Picked it up"),
    "call": ("Called",),
    "discard": ("Discarded a card face down",),
    "play": ("Led the ", "Played the "),
    "defend alone": ("Defended alone",),
    "decline": ("Left the ",),
}


def test_every_seat_shows_its_latest_action_on_the_table(
    db: Path, practice_page: Callable[..., AppTest]
) -> None:
    # After the learner's pass the felt shows, for every computer seat that has acted this hand,
    # its latest action; a seat that has not acted carries no chip.
    seed = _seed_where_passing_keeps_the_learner_bidding()
    at = practice_page({"deal": encode(DealCode(Rules(), seed))})
    at.button(key="practice_bid_pass").click().run()
    position = _position(at)
    felt = _felt(at)
    chips = {
        int(seat): html.unescape(text)
        for seat, text in re.findall(
            r'data-seat="(\d)"><div class="ec-name">.*?(?:data-last-action="([^"]*)"|</div>)', felt
        )
    }
    chips = {seat: text for seat, text in chips.items() if text}
    acted = {m.seat for m in position.moves} - {0}
    assert acted and set(chips) == acted
    for seat, text in chips.items():
        last = [m for m in position.moves if m.seat == seat][-1]
        kind = str(last.action).removesuffix(" alone").split(" ")[0]
        kind = "defend alone" if str(last.action) == "defend alone" else kind
        assert text.startswith(CHIP_START[kind]), (seat, str(last.action), text)
    plate = next(m.value for m in at.markdown if m.value.startswith("**South** — "))
    assert "last: *Passed*" in plate  # the learner's own latest action, beside the learner's name


def _seed_where_a_computer_dealer_picks_up() -> int:
    for seed in range(200):
        pos = replay(Session(Rules(), ("you", "club", "club", "club"), seed))
        if (
            any(m.action.kind.value == "discard" and m.seat != 0 for m in pos.moves)
            and pos.waiting is Waiting.LEARNER
        ):
            return seed
    raise AssertionError("no such seed in 0..199")


def test_a_computer_dealers_discard_stays_face_down(db: Path, practice_page: Callable[..., AppTest]) -> None:
    seed = _seed_where_a_computer_dealer_picks_up()
    at = practice_page({"deal": encode(DealCode(Rules(), seed))})
    hand = _position(at).hand
    assert hand.discarded is not None
    page = " ".join(
        [h.value for h in at.html] + [m.value for m in at.markdown] + [c.value for c in at.caption]
    )
    assert "Discarded a card face down" in page and "discards a card face down" in page
    assert hand.discarded.name not in page and f'data-card="{hand.discarded}"' not in page
    assert f"Discarded the {hand.discarded.short}" not in page


def test_forced_cards_are_played_for_the_learner_by_default(
    db: Path, practice_page: Callable[..., AppTest]
) -> None:
    at = practice_page({"deal": encode(DealCode(Rules(), seed=2024))}, play_forced=True)
    assert at.toggle(key="practice_play_forced").value is True
    for _ in range(40):
        if _buttons(at, "practice_next_hand"):
            break
        plays = _buttons(at, "practice_play-")
        assert len(plays) != 1, "a forced card waits for a click"
        _learner_controls(at)[0].click().run()
        assert not at.exception
    else:
        raise AssertionError("the hand did not finish in 40 clicks")
    forced = [m for m in _position(at).moves if m.seat == 0 and len(m.before.legal_actions()) == 1]
    assert forced, "the last card of a hand is always forced"


def _tricks(at: AppTest) -> str:
    """The felt's trick count, e.g. "North–South 1 · East–West 1"."""
    found = re.search(r"Tricks: (.*?)</span>", _felt(at))
    assert found, "the felt shows the tricks once trump is made"
    return re.sub(r"<[^>]+>", "", found.group(1))


def _hand_cards(at: AppTest) -> list[str]:
    return sorted(
        b.key.removeprefix("practice_play-")
        for b in at.button
        if b.key and b.key.startswith("practice_play-")
    )


def test_the_link_of_a_mid_hand_position_reopens_it(db: Path, practice_page: Callable[..., AppTest]) -> None:
    """A reload keeps your place (issue 30): the page's link carries the hand's deal code and the
    learner's decisions (never the hidden hands, issue 41), and a new session opened on that link
    replays them to the same position."""
    at = practice_page({"deal": encode(DealCode(Rules(), seed=2024)), "levels": "ccc"})
    for _ in range(20):  # the learner's first legal choice until two tricks are played
        pos = _position(at)
        if len(pos.hand.tricks) >= 2 and pos.waiting is Waiting.LEARNER:
            break
        _learner_controls(at)[0].click().run()
        assert not at.exception, [e.value for e in at.exception]
    link = {
        key: at.query_params[key][0] if isinstance(at.query_params[key], list) else at.query_params[key]
        for key in at.query_params
    }
    tricks, cards, decisions = _tricks(at), _hand_cards(at), _position(at).session.decisions
    assert link["deal"] == encode(DealCode(Rules(), seed=2024)) and link["moves"] == encode_moves(decisions)
    assert not {"position", "start", "seed", "hand"} & set(link)  # the first hand: its deal and moves say all
    assert len(cards) == 3 and sum(map(int, re.findall(r"\d+", tricks))) == 2
    again = practice_page(link)  # a reload: a new session on the same link
    assert not [e.value for e in again.error]
    assert _tricks(again) == tricks and _hand_cards(again) == cards
    assert _position(again).session.decisions == decisions
    assert _position(again).hand == _position(at).hand


def test_a_damaged_moves_value_is_one_error_and_the_legal_part_is_kept(
    db: Path, practice_page: Callable[..., AppTest]
) -> None:
    at = practice_page(
        {"deal": encode(DealCode(Rules(), seed=2024)), "levels": "ccc", "moves": "p.[x](https://e.example)"}
    )
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "could not all be replayed" in errors[0]
    assert "moves='p.\\[x\\](https\\:\u2060//e.example)'" in errors[0]  # plain text, never a link
    assert _position(at).session.decisions == ("pass",)


def test_a_game_too_long_for_the_link_says_so_and_keeps_the_hand(
    db: Path, open_page: Callable[..., AppTest]
) -> None:
    from practice.review import GradedDecision

    def grade(step, before, action, *_):  # type: ignore[no-untyped-def]  # no solver for 200 decisions
        return GradedDecision.from_values(step, before, action, "test", {action: 0.0})

    table = PracticeTable.from_link(
        read_link({"deal": encode(DealCode(Rules(match_games=5), seed=2024)), "levels": "ccc"}),
        Rules(),
        (),
        grade=grade,
    )
    while not table.link_capped:  # the learner's first legal choice, hand after hand
        if table.position.waiting is Waiting.NEXT_HAND:
            table.next_hand()
        else:
            assert table.position.waiting is Waiting.LEARNER and table.act(table.position.legal[0])
    at = open_page(PAGE, state={"practice_pace": "instant", "practice_table": table})
    assert [t.value for t in at.toast if "too long for the page link" in t.value]
    link = {
        key: at.query_params[key][0] if isinstance(at.query_params[key], list) else at.query_params[key]
        for key in at.query_params
    }
    # this hand's deal code and this hand's decisions only: no start=, no position text
    assert link["deal"] == table.deal_code and not {"start", "position"} & set(link)
    decisions = table.session.decisions
    this_hand = decisions[max(i for i, d in enumerate(decisions) if d == "next hand") + 1 :]
    assert link.get("moves", "") == encode_moves(this_hand)


# A hand of a position text (issue 39): its cards are not what any seed deals, so no deal code names it.
HAND_TEXT = "standard/3/9S-TC-QH-9H-JH,TD-AH-AC-JC-QD,TS-AS-9D-AD-QS,9C-KD-JS-QC-TH/KC:KS-JD-KH/pass"


def test_a_score_too_long_for_python_on_a_position_link_is_one_notice(
    db: Path, practice_page: Callable[..., AppTest]
) -> None:
    # 4,301 digits: int() refuses past 4,300; the link reader bounds the length first (issue 39 item 8)
    for score in ("1" * 4301 + "-2", "2-" + "9" * 5000, "0" * 4400 + "1-0"):
        at = practice_page({"position": HAND_TEXT, "seed": "11", "score": score})
        errors = [e.value for e in at.error]
        assert len(errors) == 1 and "is not 2 scores below 10" in errors[0] and len(errors[0]) < 400
        opened, linked = _position(at).hand, HandState.from_text(HAND_TEXT)  # the hand still opens, at 0 each
        assert (opened.dealt, opened.upcard, opened.history[:1]) == (
            linked.dealt,
            linked.upcard,
            linked.history,
        )
        assert _position(at).game.scores_at_deal == (0, 0)


def _begun_from_a_position_link() -> PracticeTable:
    """A table opened on a position link whose hand no seed deals, played into its second hand."""
    from practice.review import GradedDecision

    def grade(step, before, action, *_):  # type: ignore[no-untyped-def]  # no solver needed here
        return GradedDecision.from_values(step, before, action, "test", {action: 0.0})

    table = PracticeTable.from_link(
        read_link({"position": HAND_TEXT, "seed": "11", "levels": "ccc"}), Rules(), (), grade=grade
    )
    assert table.session.opening
    while table.position.waiting is not Waiting.NEXT_HAND:
        assert table.position.waiting is Waiting.LEARNER and table.act(table.position.legal[0])
    table.next_hand()
    return table


def test_a_game_begun_from_a_position_link_keeps_its_earlier_hands_under_a_shared_id(
    db: Path, practice_page: Callable[..., AppTest], open_page: Callable[..., AppTest]
) -> None:
    table = _begun_from_a_position_link()
    assert table.take_notice(Notice.CODE) is None
    params = table.link_params()
    # the first hand is kept in the database; this one named by its deal code and score (at=)
    assert set(params) == {"shared", "moves", "deal", "at", "levels"}
    at = open_page(PAGE, state={"practice_pace": "instant", "practice_table": table})
    assert not [t.value for t in at.toast if "page link" in t.value]  # nothing is lost: nothing to say
    assert not any("without the game's earlier ones" in c.value for c in at.caption)
    again = practice_page(params)  # a new session on the link: the whole game comes back
    assert not [e.value for e in again.error]
    assert _position(again).game.history == table.position.game.history
    assert _position(again).hand == table.position.hand


def test_a_game_begun_from_a_position_link_says_its_link_loses_the_earlier_hands(
    db: Path, monkeypatch: pytest.MonkeyPatch, open_page: Callable[..., AppTest]
) -> None:
    broken = db.parent / "broken.sqlite3"  # a database that cannot keep the deal for the link
    broken.write_bytes(b"not a database at all" * 200)
    monkeypatch.setenv("EUCHRE_COACH_DB", str(broken))
    table = _begun_from_a_position_link()
    message = table.take_notice(Notice.CODE)
    assert message and "could not be kept for the page link" in message and "opens a new game" in message
    params = table.link_params()
    assert "shared" not in params and "start" not in params and params["deal"] == table.deal_code
    at = open_page(PAGE, state={"practice_pace": "instant", "practice_table": table})
    assert [
        t.value for t in at.toast if "began from a position link" in t.value
    ]  # said once, when it happens
    assert any(
        "without the game's earlier ones" in c.value for c in at.caption
    )  # and beside the hand, while it lasts
    at.run()
    assert not [t.value for t in at.toast if "began from a position link" in t.value]


# ---- the address bar never holds a hidden card (issue 41, item 6) ---------------------------------

CARD = re.compile(r"[789TJQKA][CDHS]|JOKER")  # a card as a position text or a move code writes it


def _address_bar(at: AppTest) -> dict[str, str]:
    return {
        key: at.query_params[key][0] if isinstance(at.query_params[key], list) else at.query_params[key]
        for key in at.query_params
    }


def _cards_the_learner_cannot_see(link: dict[str, str], seen: set[str]) -> list[str]:
    """The link's cards that are not the learner's own or an upcard (``seen``), and any position text:
    a card may only stand in ``moves=``, as a card the learner played or discarded."""
    from engine.core.actions import Action
    from practice.codes import NEXT_HAND, decode_moves

    found = []
    for key, value in link.items():
        if key == "moves":
            decisions, error = decode_moves(value)
            assert error is None, value
            found += [
                d
                for d in decisions
                if d != NEXT_HAND and (c := Action.parse(d).card) is not None and str(c) not in seen
            ]
        else:
            found += [
                f"{key}={value}"
                for token in re.split(r"[^0-9A-Za-z]+", value)
                if CARD.fullmatch(token.upper())
            ]
            found += [f"{key}={value}"] if "/" in value else []
    return found


@pytest.mark.parametrize(
    "query",
    [
        {"deal": encode(DealCode(Rules(), seed=2024)), "levels": "ccc"},
        # a teacher's deal no seed deals: each seat one suit, South the hearts, South deals the AH
        {
            "position": "standard/0/9H-TH-JH-QH-KH,9C-TC-JC-QC-KC,9D-TD-JD-QD-KD,9S-TS-JS-QS-KS/AH",
            "levels": "ccc",
        },
    ],
)
def test_after_clicks_the_address_bar_holds_no_hidden_card(
    db: Path, query: dict[str, str], practice_page: Callable[..., AppTest]
) -> None:
    at = practice_page(query)
    seen: set[str] = set()
    for _ in range(8):  # the learner's first legal choice, through the end of the first hand
        hand = _position(at).hand
        seen |= {str(c) for c in hand.dealt[0]} | {str(hand.upcard)}
        link = _address_bar(at)
        assert _cards_the_learner_cannot_see(link, seen) == [], link
        assert not {"position", "seed", "hand"} & set(link) and ("deal" in link or "shared" in link), link
        assert ("shared" in link) == ("position" in query)  # the teacher's deal is kept under an id
        choices = _learner_controls(at) or _buttons(at, "practice_next_hand")
        if not choices:
            break
        choices[0].click().run()
        assert not at.exception, [e.value for e in at.exception]
    again = practice_page(_address_bar(at))  # the link, reopened: the same position
    assert not [e.value for e in again.error]
    assert _position(again).hand == _position(at).hand


# ---- the Watch pace: every move shown one at a time (issue 49, item 1) ---------------------------


def _shown_actions(at: AppTest) -> int:
    found = re.search(r'data-actions="(\d+)"', _felt(at))
    assert found
    return int(found.group(1))


def test_the_watch_pace_shows_each_move_one_at_a_time_forced_cards_included(
    db: Path, practice_page: Callable[..., AppTest]
) -> None:
    """A new learner's pace: the deal first, then each bid and card one by one (each step a tick of
    the page's timer, here clicked by hand), the learner's own forced cards among them; after
    "Next hand" the first screen is the new deal, never a later trick."""
    at = practice_page({"deal": encode(DealCode(Rules(), seed=11))}, play_forced=True, pace="watch")
    forced_in_all = 0  # (this deal gives the learner 3 forced cards in its first two hands)
    for hand in range(2):
        if hand:
            at.button(key="practice_next_hand").click().run()
        first = _shown_actions(at)
        assert first == 0, "a new hand starts at the deal"
        steps, decisions, forced_seen = 0, 0, 0
        while not _buttons(at, "practice_next_hand") and not _buttons(at, "practice_new_game_end"):
            before = _shown_actions(at)
            ticks = [b for b in at.button if b.key == "practice_tick"]
            if ticks:
                plate = " ".join(m.value for m in at.markdown if m.value.startswith("**South**"))
                forced_seen += "is your only card you may play" in plate
                assert not _buttons(at, "practice_bid_") and not _buttons(at, "practice_play-")
                ticks[0].click().run()
                assert _shown_actions(at) == before + 1, "one move a step, never two"
                steps += 1
                continue
            controls = _learner_controls(at)
            assert controls, "the learner's turn once every move before it was shown"
            controls[0].click().run()
            decisions += 1
            assert _shown_actions(at) == before + 1  # the learner's own move, and nothing after it yet
            assert decisions + steps < 80
        final = _position(at).hand
        assert _shown_actions(at) == len(final.history) == steps + decisions
        forced = sum(1 for step, (seat, _) in enumerate(final.history) if seat == 0) - decisions
        assert forced == forced_seen  # every forced card of the learner's was shown before it was played
        forced_in_all += forced
    assert forced_in_all >= 2


def test_a_tick_for_a_step_already_moved_on_from_does_nothing(
    db: Path, practice_page: Callable[..., AppTest]
) -> None:
    """The timer's tick moves on from the step it was drawn for, once: a tick that comes after the
    table moved on (a timer that fired twice on a slow page) leaves the table where it is."""
    at = practice_page({"deal": encode(DealCode(Rules(), seed=11))}, play_forced=True, pace="watch")
    for _ in range(5):  # the learner's turns until a computer's move is waiting to be shown
        if _buttons(at, "practice_tick"):
            break
        _learner_controls(at)[0].click().run()
    before = _shown_actions(at)
    assert _buttons(at, "practice_tick"), "a step to show by itself"
    at.session_state["practice_tick_for"] = None  # the step it was drawn for was already moved on from
    at.button(key="practice_tick").click().run()
    assert not at.exception and _shown_actions(at) == before
    at.button(key="practice_tick").click().run()  # drawn again for the step on the screen: one step on
    assert _shown_actions(at) == before + 1


# ---- your game is kept (issue 49, item 4) --------------------------------------------------------

BROWSER = "AbC_123-xyzXYZ7890qq"  # this browser's id, as its cookie would carry it


@pytest.fixture
def visit(open_page: Callable[..., AppTest]) -> Callable[..., AppTest]:
    """``visit(query=None)``: a fresh visit to the Practice page (a new tab, the next day) from the
    same browser."""
    return lambda query=None: open_page(
        PAGE, query, state={"practice_pace": "instant", "learn_browser_id": BROWSER}
    )


def test_a_fresh_visit_resumes_the_learners_unfinished_game(db: Path, visit: Callable[..., AppTest]) -> None:
    first = visit({"deal": encode(DealCode(Rules(), seed=2024))})
    for _ in range(3):
        _learner_controls(first)[0].click().run()
    left = _position(first)
    assert len(left.session.decisions) >= 3  # (and the forced cards played for the learner)
    again = visit()  # no link: the game goes on where it was left
    back = _position(again)
    assert back.session.decisions == left.session.decisions and back.hand.history == left.hand.history
    assert any("Welcome back" in i.value for i in again.info)
    again.button(key="practice_new_game").click().run()  # one tap to start afresh
    fresh = _position(again)
    assert fresh.session.seed != left.session.seed
    # a new game's seed is drawn at random: its deal may have played a forced card for the learner
    # already (a seat before South ordered up, South had one card of the suit led), never a choice
    learner = [m for m in fresh.moves if m.seat == 0]
    assert len(learner) == len(fresh.session.decisions) and all(
        len(m.before.legal_actions()) == 1 for m in learner
    )
    assert not any("Welcome back" in i.value for i in again.info)
    third = visit()
    assert _position(third).session.seed == fresh.session.seed  # the new game is the one kept now
    other = visit({"deal": encode(DealCode(Rules(), seed=7))})  # a link names its own game: it wins
    assert _position(other).session.seed != fresh.session.seed
