"""Fair after the hand (issue 54, item 6): what a person at a table of people gets of a finished
hand carries only what their seat may know by its end.

Seeded hands are played through the service by four people (a pick-up, a pick-up the first bidder
plays alone, and a trump called in the second round). For every seat, the cards it may not know
are worked out from the engine's own state of the hand as it ended (the table's game, not the
record): the cards still in the other seats' hands (a lone maker's partner's five), the kitty and,
for all but the dealer, the dealer's discard; the upcard is public. None of them may be in what the
person receives: their record of the hand (``service.hand_record``, its JSON), their review as the
page words it (``grades_html``, ``figures_html``, each grade's line) and the replay as the viewer
draws it (the table at every step and every step's sentence, from ``views.tables.coach.seat_replay``
of their record). Each card is searched as its code, with its suit symbol and by name; the code in
any case in the record, in the page's words and HTML as the engine writes it ("TH", "AS"), since
"th" is an HTML tag and "as" an English word.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from engine.core.cards import Card
from engine.core.hand import HandState
from engine.core.rules import Rules
from engine.core.seats import seat_name
from multiplayer import seat_coach, service
from practice.review import GradedDecision
from ui.practice_panels import figures_html, grades_html
from ui.replay_view import felt, grade_line, step_text
from views.tables.coach import seat_replay

NAMES = ("Sam", "Wes", "Nora", "Ed")
KEYS = tuple(f"{n.lower()}-key-0123456789abcdef" for n in NAMES)
# how the bidding goes: the first bidder orders it up alone; orders it up; all pass, then calls
SCRIPTS = {"loner": ("order alone",), "pick-up": ("order",), "round two": ("pass",) * 4 + ("call",)}


@pytest.fixture(autouse=True)
def threads() -> Iterator[None]:
    with ThreadPoolExecutor(max_workers=1) as pool:
        seat_coach.use_executor(pool)
        yield
        seat_coach.use_executor(None)


def _play(path: Path, seed: int, script: tuple[str, ...]) -> tuple[str, HandState]:
    """A table of four people dealt from ``seed``: the bids of ``script`` (then the first legal
    choice of each kind), the first legal card at every play; the hand as the engine ended it."""
    code = service.open_table(Rules(), [None] * 4, hints=True, now=1.0, path=path, seed=seed).code
    for seat, (name, key) in enumerate(zip(NAMES, KEYS, strict=True)):
        service.join(code, name, key, seat=seat, now=1.0, path=path)
    bids = list(script)
    for _ in range(40):
        turn = service.load_table(code, path).game.hand.to_act
        if turn is None:
            break
        data = service.read(code, KEYS[turn], 2.0, path)
        legal = data["legal"]
        wanted = bids.pop(0) if bids and not legal[0].startswith(("play", "discard")) else None
        move = next(m for m in legal if m.startswith(wanted)) if wanted else legal[0]
        service.play(code, KEYS[turn], data["version"], move, 2.0, path)
    hand = service.load_table(code, path).game.history[-1]
    assert hand.is_over
    return code, hand


def _replay_text(record: dict[str, Any], grades: tuple[GradedDecision, ...], seat: int) -> str:
    r = seat_replay(record, grades)
    assert r is not None
    parts = [felt(r.at(i), r.played(i), "", open_hands=False, you=seat) for i in range(len(r) + 1)]
    parts += [step_text(r, i, seat, open_hands=False) for i in range(1, len(r) + 1)]
    parts += [grade_line(s.grade) for s in r.steps if s.grade is not None]
    return "\n".join(parts)


@pytest.mark.parametrize(("seed", "script"), [(3, "loner"), (5, "pick-up"), (8, "round two"), (11, "loner")])
def test_what_a_person_gets_after_the_hand_holds_no_card_their_seat_never_saw(
    tmp_path: Path,
    seed: int,
    script: str,
    hidden_from: Callable[[HandState, int | None], set[Card]],
    cards_named: Callable[..., list[str]],
) -> None:
    code, hand = _play(tmp_path / "t.sqlite3", seed, SCRIPTS[script])
    path = tmp_path / "t.sqlite3"
    if script == "loner":
        assert hand.alone and len(hand.out) == 1 and len(hand.hands[hand.out[0]]) == 5
    if script != "round two":
        assert hand.discarded is not None  # the dealer picked up
    else:
        assert hand.discarded is None and hand.trump is not None
    for seat in range(4):
        hidden = hidden_from(hand, seat)
        assert len(hidden) >= 3  # the kitty at least
        record = service.hand_record(code, KEYS[seat], path=path)
        assert cards_named(json.dumps(record, ensure_ascii=False), hidden, any_case=True) == []
        mine = service.review(code, KEYS[seat], wait=300.0, path=path)
        assert mine is not None and all(g.before.to_act == seat for g in mine.grades)
        place = seat_name(4, seat)
        review = grades_html(mine.grades, place) + figures_html(mine.grades)
        assert cards_named(review, hidden) == []
        shown = _replay_text(record, mine.grades, seat)
        assert cards_named(shown, hidden) == []
        # and what the seat did see is there: its own hand and every card played
        seen = {c for t in hand.tricks for _, c in t.plays} | set(hand.dealt[seat])
        assert set(cards_named(shown, seen)) == {c.short for c in seen}


def test_the_dealer_alone_sees_their_discard_in_their_replay(
    tmp_path: Path, cards_named: Callable[..., list[str]]
) -> None:
    code, hand = _play(tmp_path / "t.sqlite3", 5, SCRIPTS["pick-up"])
    assert hand.discarded is not None and hand.discarded != hand.upcard
    path = tmp_path / "t.sqlite3"
    for seat in range(4):
        record = service.hand_record(code, KEYS[seat], path=path)
        shown = _replay_text(record, (), seat)
        assert bool(cards_named(shown, {hand.discarded})) == (seat == hand.dealer)
