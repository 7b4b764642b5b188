"""One question, one answer (issue 52, item 1): a bid's figures come from one entry point
(``engine.analysis.advice.value_bids``), seeded by the view's text and budgeted in deals, never a
clock. The Practice hint and the Analyze page agree on seeded bidding positions, with equal
figures; the same question gives the same figures however long the machine takes; the command
line gives the page's figures. The whole check, 200 positions and a CPU-burning neighbour:
``python -m bench one_answer``."""

from __future__ import annotations

import json

import pytest

from bench.one_answer import agreement, bidding_positions
from engine.analysis.advice import INTERACTIVE, advise, value_bids
from engine.analysis.situation import read_question
from engine.cli.analyze import main as analyze_main
from engine.core.view import view_of


def test_the_hint_and_the_analyze_page_agree_with_equal_figures() -> None:
    total, same, equal = agreement(12, seed=5)
    assert total == 12 and same == 12 and equal == 12


def test_a_slow_machine_gets_the_same_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every clock reading ten seconds later than the last (a machine a hundred times busier): the
    count-budgeted valuation samples the same deals and gives the same figures."""
    state = next(bidding_positions(1, seed=9))
    view = view_of(state, 0)
    quiet = value_bids.__wrapped__(view)
    ticks = iter(range(0, 10**9, 10))
    monkeypatch.setattr("engine.analysis.bidding.time.perf_counter", lambda: float(next(ticks)))
    slow = value_bids.__wrapped__(view)
    assert quiet.analysis.n == slow.analysis.n <= INTERACTIVE.deals
    assert [o.realistic for o in quiet.analysis.options] == [o.realistic for o in slow.analysis.options]


def test_the_command_line_gives_the_pages_figures(capsys: pytest.CaptureFixture[str]) -> None:
    state = next(bidding_positions(1, seed=11))
    text = view_of(state, 0).to_text()
    assert analyze_main(["--view", text, "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    page = advise(read_question(text))
    assert printed["recommendation"] == str(page.analysis.recommendation)
    evs = {o["action"]: o["ev"] for o in printed["options"]}
    assert evs == pytest.approx({str(o.action): o.realistic.ev for o in page.analysis.options}, abs=0.005)
