"""No lesson states a bidding verdict the analyzer contradicts on the same hand.

Every ``@analyze`` hand in the lessons carries the lesson's own verdict (``says=``: the
actions the text calls right) and, where the text calls the hand a close call,
``close_call=yes``. Each hand is analysed against every opponents' style
(``engine.analysis.robust``), and the lesson must agree with the analyzer's recommendation,
or call it a close call when the analyzer does (and then some table's best must be what the
lesson says).
"""

from __future__ import annotations

import pytest

from engine.analysis.robust import analyze_robust
from engine.analysis.situation import SEATS_BY_PLAYERS, question
from lessons.links import AnalyzeLink, analyze_link
from lessons.loader import load_lessons

SAMPLES = 4000


def _hands() -> list[tuple[str, AnalyzeLink]]:
    out = []
    for lesson in load_lessons():
        for step in lesson.steps:
            if step.element is not None and step.element.kind == "analyze":
                out.append((f"{lesson.id}: {step.title}", analyze_link(dict(step.element.options))))
    return out


HANDS = _hands()


def test_every_lesson_hand_states_what_it_teaches() -> None:
    assert len(HANDS) >= 7
    assert all(link.says or link.close_call for _, link in HANDS), [w for w, link in HANDS if not link.says]
    assert all(link.seat in SEATS_BY_PLAYERS[4] for _, link in HANDS)


@pytest.mark.slow
@pytest.mark.parametrize(("where", "link"), HANDS, ids=[w for w, _ in HANDS])
def test_the_lesson_agrees_with_the_analyzer(where: str, link: AnalyzeLink) -> None:
    q = question(
        " ".join(map(str, link.hand)),
        str(link.upcard),
        link.seat,
        round=link.round,
        turned_down=link.turned_down.letter if link.turned_down else None,
        score=f"{link.score[0]},{link.score[1]}" if link.score else None,
    )
    r = analyze_robust(
        q.view(), f"lesson:{where}", score=q.score, time_budget=None, max_samples=SAMPLES, ceiling=False
    )
    best = {style: str(a.recommendation) for style, a in r.by_table.items()}
    if link.close_call:
        assert r.close_call, f"{where}: the lesson calls it a close call, the analyzer does not ({best})"
    if link.says:
        agrees = best[r.table] in link.says
        close = link.close_call and r.close_call and any(b in link.says for b in best.values())
        assert agrees or close, (
            f"{where}: the lesson says {sorted(link.says)}, the analyzer {best}: {r.reason}"
        )
