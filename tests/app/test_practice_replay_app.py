"""A finished practice hand replayed step by step in AppTest, and a costly decision retried."""

from __future__ import annotations

import base64
import html
import json
import re
import struct
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any, cast

from streamlit.testing.v1 import AppTest

from engine.core.game import apply_game, new_game, next_hand
from engine.core.rules import Rules
from practice.codes import DealCode, encode
from practice.replay import (
    AT_DEAL,
    DecisionChance,
    costliest,
    deal_chance,
    decision_chances,
    hand_decision_chances,
    hand_id,
    replay,
    win_chances,
)
from practice.table_session import PracticeTable
from practice.table_text import choice_text
from ui.replay_view import chance_figure, jump_to_earlier, jump_to_selected, selected_earlier, selected_step

APP = str(Path(__file__).resolve().parents[2] / "app.py")
PAGE = "views/practice/practice.py"
SEED_WITH_A_BLUNDER = (
    2  # the learner's first legal choice at every turn blunders at step 2 (the dealer's discard)
)


def _play_to_the_end(at: AppTest) -> None:
    """The learner makes the first legal choice each turn until the hand is over."""
    for _ in range(40):
        assert not at.exception, [e.value for e in at.exception]
        if any(b.key in ("practice_next_hand", "practice_new_game_end") for b in at.button):
            return
        choices = [
            b
            for b in at.button
            if b.key
            and not b.disabled
            and b.key.startswith(("practice_bid_", "practice_play-", "practice_discard-"))
        ]
        assert choices, [b.key for b in at.button]
        choices[0].click().run()
    raise AssertionError("the hand did not finish in 40 clicks")


def _finished_hand(seed: int) -> AppTest:
    """The page with one hand played to its end, the learner making the first legal choice each turn."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.switch_page(PAGE)
    at.session_state["practice_play_forced"] = False
    at.session_state["practice_pace"] = "instant"  # a learner who chose it: straight to each turn
    at.query_params["deal"] = encode(DealCode(Rules(), seed=seed))
    at.run()
    _play_to_the_end(at)
    return at


def _table(at: AppTest) -> PracticeTable:
    table = at.session_state["practice_table"]
    assert isinstance(table, PracticeTable)
    return table


def _step(at: AppTest) -> tuple[int, int]:
    marks = [h.value for h in at.html if 'data-testid="replay-table"' in h.value]
    assert len(marks) == 1, "one replay table is drawn"
    found = re.search(r'data-step="(\d+)" data-steps="(\d+)"', marks[0])
    assert found
    return int(found[1]), int(found[2])


def _click(at: AppTest, key: str) -> None:
    at.button(key=key).click().run()
    assert not at.exception, [e.value for e in at.exception]


def _toggle(at: AppTest, label: str) -> None:
    next(t for t in at.toggle if t.label == label).set_value(True).run()
    assert not at.exception, [e.value for e in at.exception]


def test_stepping_through_a_finished_hand_and_retrying_a_blunder(db: Path) -> None:
    at = _finished_hand(SEED_WITH_A_BLUNDER)
    table = _table(at)
    hand = table.position.hand
    grades = table.grades()
    steps = replay(hand, grades).steps
    base = f"practice_replay_{hand_id(hand)}"

    # the viewer opens at the deal, with the hand's every step to go through
    _toggle(at, "Replay this hand step by step")
    assert _step(at) == (0, len(steps))
    assert at.button(key=f"{base}_back").disabled and at.button(key=f"{base}_first").disabled
    _click(at, f"{base}_next")
    assert _step(at) == (1, len(steps))
    assert any(
        m.value.startswith("**1.** ") and steps[0].text.split(" ", 1)[1] in m.value for m in at.markdown
    )
    _click(at, f"{base}_next")
    _click(at, f"{base}_next")
    assert _step(at)[0] == 3
    # step 3 is the learner's graded decision: its grade word and the better choice beside it
    blunder = next(g for g in grades if g.step == 2)
    assert steps[2].seat == 0 and steps[2].grade == blunder and blunder.best is not None
    lines = [m.value for m in at.markdown if m.value.startswith("Your decision:")]
    assert (
        lines and f"**{blunder.grade}**" in lines[0] and choice_text(blunder.before, blunder.best) in lines[0]
    )
    _click(at, f"{base}_back")
    assert _step(at)[0] == 2
    _click(at, f"{base}_last")
    assert _step(at) == (len(steps), len(steps)) and at.button(key=f"{base}_next").disabled
    _click(at, f"{base}_first")
    assert _step(at)[0] == 0
    at.slider[0].set_value(5).run()
    assert _step(at)[0] == 5
    # the felt shows every hand face up at the step
    table_html = html.unescape(next(h.value for h in at.html if 'data-testid="replay-table"' in h.value))
    assert table_html.count("data-seat=") == 4

    # learn from your mistakes: the costly decision, one at a time, from the learner's seat
    assert costliest(grades) == (blunder,)
    _toggle(at, "Learn from your mistakes")
    quiz = f"{base}_quiz_2"
    table_html = _retry_html(at)
    assert 'data-verdict="asking"' in table_html and 'data-open="false"' in table_html
    # what the mistake lost is said once, in the question's own line, not again in the heading
    said = [t.value for t in (*at.markdown, *at.caption) if "it lost" in t.value]
    assert len(said) == 1 and said[0].startswith("**") and f"(it lost {blunder.lost_text()})" in said[0], said
    # only South's cards face up (and the upcard the dealer picked up, in the middle): the other hands are backs
    faces = set(re.findall(r'data-card="(?!back)(\w+)"', table_html))
    assert faces == {str(c) for c in blunder.before.hands[0]} | {str(blunder.before.upcard)}
    assert table_html.count('data-card="back"') == sum(len(h) for h in blunder.before.hands[1:])
    assert "Show every hand" not in [t.label for t in at.toggle]
    # the discard is a tap on the card, as at the table; the choice made in the hand again: try again
    assert blunder.action.card is not None and blunder.best is not None and blunder.best.card is not None
    _tap(at, f"{quiz}_discard-{blunder.action.card}")
    assert 'data-verdict="try again"' in _retry_html(at)
    assert any("Not quite — try again." in w.value for w in at.warning)
    # a right answer says so, with the reason, and only then may every hand be shown
    _tap(at, f"{quiz}_discard-{blunder.best.card}")
    assert 'data-verdict="right"' in _retry_html(at)
    right = " ".join(s.value for s in at.success)
    assert f"Right: {choice_text(blunder.before, blunder.best)}" in right and blunder.reason in right
    assert not any(b.key and b.key.startswith(f"{quiz}_discard-") for b in at.button)
    _toggle(at, "Show every hand")
    assert 'data-open="true"' in _retry_html(at)
    assert html.unescape(_retry_html(at)).count('data-card="back"') == 0
    # the viewer kept its step meanwhile
    assert _step(at)[0] == 5


def _retry_html(at: AppTest) -> str:
    marks = [h.value for h in at.html if 'data-testid="seat-retry"' in h.value]
    assert len(marks) == 1, "one position to answer is drawn"
    return str(marks[0])


def _tap(at: AppTest, key: str) -> None:
    """A card button clicked (its value read before the page draws, as in play)."""
    at.button(key=key).click().run()
    assert not at.exception, [e.value for e in at.exception]


def test_two_wrong_tries_show_the_answer(db: Path) -> None:
    at = _finished_hand(SEED_WITH_A_BLUNDER)
    hand = _table(at).position.hand
    g = costliest(_table(at).grades())[0]
    assert g.best is not None and g.action.card is not None
    wrong = [a for a in g.before.legal_actions() if a not in g.right_answers]
    assert len(wrong) >= 2, "two different wrong discards to try"
    _toggle(at, "Learn from your mistakes")
    quiz = f"practice_replay_{hand_id(hand)}_quiz_{g.step}"
    for action in wrong[:2]:
        assert action.card is not None
        _tap(at, f"{quiz}_discard-{action.card}")
    assert 'data-verdict="shown"' in _retry_html(at)
    answer = " ".join(i.value for i in at.info)
    assert f"The answer: {choice_text(g.before, g.best)}." in answer and g.reason in answer
    assert "Show every hand" in [t.label for t in at.toggle]


def test_a_hand_without_mistakes_has_only_the_replay(db: Path) -> None:
    at = _finished_hand(2024)
    grades = _table(at).grades()
    assert costliest(grades) == ()
    labels = [t.label for t in at.toggle]
    assert "Replay this hand step by step" in labels and "Learn from your mistakes" not in labels
    _toggle(at, "Replay this hand step by step")
    assert _step(at)[0] == 0
    # the side's chance of winning the game: at the deal, after each of the learner's graded
    # decisions (engine figures only) and after the hand
    game = _table(at).position.game
    start, after = deal_chance(game), decision_chances(game, grades)
    assert start is not None and [c.hand for c in win_chances(game)] == [1, None]
    _toggle(at, "Your side's chance of winning this game, decision by decision")
    charts = at.get("plotly_chart")
    assert len(charts) == 1
    figure = json.loads(charts[0].proto.spec)
    traces = {t["name"]: t for t in figure["data"]}
    decisions = traces["decisions"]
    graded = [g.step for g in grades if g.grade is not None]
    assert graded and [d.step for d in after] == graded
    assert _numbers(decisions["customdata"]) == graded  # one point per graded decision, its step index
    assert _numbers(decisions["y"]) == [round(100 * d.chance, 1) for d in after]
    deals = _numbers(traces["deals"]["y"])
    assert deals == [round(100 * start.chance, 1), round(100 * win_chances(game)[-1].chance, 1)]
    # a click on a decision's point (AppTest cannot click plotly: the handler, given the selection
    # Streamlit would keep) opens the viewer at that decision
    hand = _table(at).position.hand
    n = len(replay(hand).steps)
    step_key = f"practice_replay_{hand_id(hand)}_step"
    chosen = graded[-1]
    assert selected_step({"selection": {"points": [{"x": 9}]}}) is None  # a deal's point: no customdata
    assert jump_to_selected({"selection": {"points": []}}, step_key, "practice_replay_open", n, {}) is None
    fake = {
        "selection": {"points": [{"curve_number": 2, "point_index": len(graded) - 1, "customdata": chosen}]}
    }
    # AppTest's session state is the dict-like st.session_state the handler writes to
    state = cast("MutableMapping[Any, Any]", at.session_state)
    assert jump_to_selected(fake, step_key, "practice_replay_open", n, state) == chosen + 1
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert _step(at) == (chosen + 1, n)
    assert any(m.value.startswith("Your decision:") for m in at.markdown)


def _numbers(data: object) -> list[float | int]:
    """A plotly array as the chart's JSON holds it: a list, or a base64 typed array."""
    if isinstance(data, dict):
        codes = {"f8": "d", "f4": "f", "i1": "b", "u1": "B", "i2": "h", "u2": "H", "i4": "i", "u4": "I"}
        code = codes[data["dtype"]]
        raw = base64.b64decode(data["bdata"])
        return list(struct.unpack(f"<{len(raw) // struct.calcsize(code)}{code}", raw))
    assert isinstance(data, list)
    return data


def test_the_chart_puts_earlier_deals_first_and_only_decisions_carry_a_step() -> None:
    game = new_game(Rules(), 11)
    for _ in range(3):  # three hands, every seat making its first legal choice; the third is the current one
        while not game.hand.is_over:
            game = apply_game(game, game.hand.legal_actions()[0])
        if len(game.history) < 3 and game.game_winner is None:
            game = next_hand(game)
    r = replay(game.hand)
    chances = win_chances(game)
    earlier = [c for c in chances if c.hand is not None and c.hand < game.hand_number + 1]
    start = deal_chance(game)
    assert start is not None and len(earlier) == len(game.history) - 1
    mine = [s.index for s in r.steps if s.seat == 0][:2]
    decisions = [DecisionChance(i, r.steps[i].action, 0.5, start.us, start.them, AT_DEAL) for i in mine]
    figure = chance_figure(r, earlier, start, decisions, chances[-1])
    line, deals, points = figure.data
    assert points.name == "decisions" and list(points.customdata) == mine
    assert list(deals.x) == [*range(len(earlier) + 1), len(earlier) + 1 + len(mine)]
    assert list(points.x) == [len(earlier) + 1 + i for i in range(len(mine))]
    assert list(line.x) == list(range(len(earlier) + 2 + len(mine)))
    assert list(figure.layout.xaxis.ticktext)[: len(earlier) + 1] == [f"H{c.hand}" for c in [*earlier, start]]
    assert deals.customdata is None  # a deal's point moves nothing


def test_the_chart_shows_the_earlier_hands_decisions_and_a_click_opens_that_hand(db: Path) -> None:
    """Issue 30: the grades of each finished hand are kept, so the game's chart covers every
    decision of the game; a click on an earlier hand's decision opens the viewer on that hand."""
    at = _finished_hand(2024)
    first = _table(at).position.hand
    first_grades = _table(at).grades()
    _click(at, "practice_next_hand")
    _play_to_the_end(at)
    table = _table(at)
    game = table.position.game
    assert game.history[0] == first and table.finished_grades[first] == first_grades
    _toggle(at, "Your side's chance of winning this game, decision by decision")
    figure = json.loads(at.get("plotly_chart")[0].proto.spec)
    traces = {t["name"]: t for t in figure["data"]}
    # Hand 1's graded decisions: one point each, [its step, hand index 0], between hand 1's square
    # and hand 2's.
    graded = [g.step for g in first_grades if g.grade is not None]
    start = win_chances(game)[0]
    expected = hand_decision_chances(game.rules, first, start, first_grades)
    assert graded and [d.step for d in expected] == graded
    old = traces["earlier decisions"]
    assert [list(p) for p in old["customdata"]] == [[s, 0] for s in graded]
    assert _numbers(old["x"]) == list(range(1, len(graded) + 1))
    assert _numbers(traces["deals"]["x"])[:2] == [0, len(graded) + 1]
    # A click on hand 1's last decision (the handler, given the selection Streamlit would keep).
    chosen = graded[-1]
    fake = {
        "selection": {
            "points": [{"curve_number": 3, "point_index": len(graded) - 1, "customdata": [chosen, 0]}]
        }
    }
    assert selected_step(fake) is None and selected_earlier(fake) == (chosen, 0)
    hands = [replay(first, first_grades)]
    state = cast("MutableMapping[Any, Any]", at.session_state)  # dict-like, as the handler's st.session_state
    assert jump_to_earlier(fake, "practice_", hands, state) == (0, chosen + 1)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert _step(at) == (chosen + 1, len(replay(first).steps))
    assert any("Hand 1 of this game, chosen on the chart." in c.value for c in at.caption)
    _click(at, "practice_replay_back_here")
    assert _step(at) == (0, len(replay(table.position.hand).steps))
