"""A pupil's phone in class mode over Streamlit's own protocol (bench/class_socket.py, the load
bench's light pupil), against a real server: the phone's live part reruns itself, never the page.

Two pupils join through the page's form. The teacher (the store, on the server's database) asks
"find the left bower"; each phone shows the question by itself (the page's ``run_every`` timer,
kept by the client as a browser keeps it), Ann taps the left bower and Bob the right bower, and the
database holds both answers; at the reveal Ann's phone says right and Bob's says wrong. Then a
choice question (points for the hand), where Bob taps a wrong choice and changes it before the
reveal, and a set question (which cards may be played), where Ann taps two cards and the first one
again, which takes it out. Every run after the join is a fragment run: the pupil's page never
reruns as a whole while the class goes on.

The bowers are worked out (the conftest's bowers table) from the trump in the question (the jack of the same colour is
the left bower), not read from the app. The test needs a server, not Chromium.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bench.class_socket import SocketPupil
from classroom.questions import exercise_question
from store import classes

pytestmark = pytest.mark.browser

WAIT_S = 30.0


def _trump(body: str) -> str:
    """The trump's letter, from the question's own JSON (its ``trump`` field)."""
    return str(json.loads(body)["trump"])


def _verdict(pupil: SocketPupil) -> str | None:
    """The first words of the phone's verdict at the reveal ("Right" or "Not this time")."""
    said = next((body for _, body in pupil.texts if "You said" in body or "you said" in body), None)
    return None if said is None else said.split("\\")[0].split(":")[0]


async def _class(url: str, db: Path, bowers: Callable[[str], tuple[str, str]]) -> dict[str, Any]:
    code, secret = classes.start_class(path=db)
    ann, bob = SocketPupil(url, f"class={code}"), SocketPupil(url, f"class={code}")
    async with ann.connected(), bob.connected():
        await ann.join("Ann", WAIT_S)
        await bob.join("Bob", WAIT_S)
        runs_after_join = ann.full_runs
        q = exercise_question("left_bower", 7, {})
        classes.ask(code, secret, q.to_json(), path=db)
        trump = _trump(classes.question(code, 1, path=db).body)
        left, right = bowers(trump)
        for pupil in (ann, bob):
            await pupil.wait_for(lambda p=pupil: True if "1" in p.seen else None, WAIT_S)
        await ann.tap(1, random.Random(0), WAIT_S, card=left)
        await bob.tap(1, random.Random(0), WAIT_S, card=right)
        saved = {a.name: a.answer for a in classes.answers(code, 1, secret=secret, path=db)}
        classes.reveal(code, secret, path=db)
        verdicts = [await p.wait_for(lambda p=p: _verdict(p), WAIT_S) for p in (ann, bob)]

        # a choice question: Bob first taps a wrong choice, then changes his mind before the reveal
        points = exercise_question("points", 3, {})
        classes.ask(code, secret, points.to_json(), path=db)
        wrong = next(c for c in points.choices if c not in points.right)
        for pupil in (ann, bob):
            await pupil.wait_for(lambda p=pupil: True if "2" in p.seen else None, WAIT_S)
        await ann.choose(2, points.right[0], WAIT_S)
        await bob.choose(2, wrong, WAIT_S)
        first_try = {a.name: a.answer for a in classes.answers(code, 2, secret=secret, path=db)}
        await bob.choose(2, points.right[0], WAIT_S)
        changed = {a.name: a.answer for a in classes.answers(code, 2, secret=secret, path=db)}
        classes.reveal(code, secret, path=db)

        # a set question: Ann taps two cards, then the first again, which takes it out
        can_play = exercise_question("can_play", 3, {})
        classes.ask(code, secret, can_play.to_json(), path=db)
        await ann.wait_for(lambda: True if "3" in ann.seen else None, WAIT_S)
        one, two = can_play.cards[:2]
        for card in (one, two, one):
            await ann.tap(3, random.Random(0), WAIT_S, card=card)
        held = {a.name: a.answer for a in classes.answers(code, 3, secret=secret, path=db)}
        return {
            "saved": saved,
            "left": left,
            "right": right,
            "full_runs": ann.full_runs - runs_after_join,
            "fragment_runs": ann.fragment_runs,
            "verdicts": verdicts,
            "points_right": points.right[0],
            "wrong": wrong,
            "first_try": first_try,
            "changed": changed,
            "two": two,
            "held": held,
        }


def test_two_phones_over_the_protocol(
    served: tuple[str, Path], bowers: Callable[[str], tuple[str, str]]
) -> None:
    url, db = served  # the session's server and its database (a class of this test's own)
    # in a thread of its own: the browser tests' Playwright may hold this thread's event loop
    with ThreadPoolExecutor(1) as pool:
        got = pool.submit(asyncio.run, _class(url, db, bowers)).result()
    assert got["saved"] == {"Ann": got["left"], "Bob": got["right"]}
    assert got["verdicts"] == ["Right", "Not this time"]  # the markdown escapes the "!" after "Right"
    assert got["first_try"] == {"Ann": got["points_right"], "Bob": got["wrong"]}
    assert got["changed"] == {
        "Ann": got["points_right"],
        "Bob": got["points_right"],
    }  # changed until the reveal
    assert got["held"] == {"Ann": got["two"]}  # the card tapped twice is out of the set again
    assert got["full_runs"] == 0  # three questions, the taps and the reveals: fragment runs only
    assert got["fragment_runs"] >= 3
