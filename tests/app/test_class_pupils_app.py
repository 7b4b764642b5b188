"""Pupils in class mode (issue 40, "Pupils"), through app.py's router in AppTest: a phone that
closed the tab is the same pupil again, the trump bands that would give an answer away are drawn
only at the reveal, and a pupil sees their own score and place.

AppTest cannot send cookies: a browser whose cookie holds the pupil's token is played by a new
session holding it in ``cl_pupil_tokens``, the key the page reads the cookie into (the browser
test tests/browser/test_class_rejoin_browser.py uses the real cookie)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from classroom.class_record import class_csv
from classroom.questions import ClassQuestion
from store import classes
from ui.cards import picture_svg

# Questions whose bands would give the answer away, written by hand. Trump hearts: the J♦ is the
# left bower, the J♥ the right; trump diamonds: the J♥ is the left bower; trump clubs: the J♠.
WINNER = ClassQuestion(
    source="Who wins the trick?",
    kind="trick_winner",
    prompt="Hearts are trump. Who wins this trick?",
    mode="card",
    cards=("KS", "JD", "AH", "AS"),
    labels=("West", "North", "East", "South"),
    trump="H",
    right=("JD",),
    answer_words="J♦",
)
FOLLOW = ClassQuestion(
    source="Which of these can you play?",
    kind="can_play",
    prompt="Diamonds are trump. East leads the J♥. Which of these cards may this hand play?",
    mode="cards",
    cards=("9D", "AH", "KS", "QD"),
    shown=(("East led", "JH"),),
    trump="D",
    right=("9D QD",),
    answer_words="9♦, Q♦",
)
COUNT = ClassQuestion(
    source="Count the trumps",
    kind="trumps_out",
    prompt="Clubs are trump. How many trumps may still be out?",
    mode="choice",
    cards=("JS", "JC", "TD", "TH"),
    trump="C",
    choices=tuple(str(n) for n in range(8)),
    right=("5",),
    answer_words="5",
)
ALONE = ClassQuestion(
    source="Go alone?",
    kind="go_alone",
    prompt="You will make spades trump: alone?",
    mode="choice",
    cards=("JS", "JC", "9S", "TD", "9H"),
    trump="S",
    choices=("call spades", "call spades alone"),
    right=("call spades",),
    answer_words="call spades",
)
TRUMPS = {  # the trump cards of each question above, with the band each carries, worked out by hand
    "left_bower": {"JD": "LEFT", "JH": "RIGHT"},
    "trick_winner": {"JD": "LEFT", "AH": "TRUMP"},
    "can_play": {"JH": "LEFT", "9D": "TRUMP", "QD": "TRUMP"},
    "trumps_out": {"JS": "LEFT", "JC": "RIGHT"},
    "go_alone": {"JS": "RIGHT", "JC": "LEFT", "9S": "TRUMP"},
}


pytestmark = pytest.mark.usefixtures("db")


def shown(at: AppTest) -> str:
    parts = [*at.markdown, *at.error, *at.warning, *at.info, *at.success, *at.caption]
    return "\n".join(str(p.value) for p in parts).replace("\\", "")


def drawn(at: AppTest) -> dict[str, tuple[str, str]]:
    """Every card drawn on the page: card -> (the band's word on its picture, "" for none; its label)."""
    found: dict[str, tuple[str, str]] = {}
    for element in at.html:
        for src, label, card in re.findall(
            r'src="([^"]+)"[^>]*?alt="([^"]*)"[^>]*?data-card="(\w+)"', str(element.proto.body)
        ):
            band = re.search(r">(RIGHT|LEFT|TRUMP|BEST)</text>", picture_svg(src))
            found[card] = (band[1] if band else "", label)
    return found


@pytest.fixture
def join(class_page: Callable[..., AppTest]) -> Callable[..., AppTest]:
    """``join(code, name, state=None)``: the join form filled in with ``name`` and sent."""

    def fill_in(code: str, name: str, state: dict[str, Any] | None = None) -> AppTest:
        at = class_page({"class": code}, state=state)
        at.text_input(key="cl_pupil_name").input(name)
        at.button(key="cl_name_go").click().run()
        assert not at.exception, [e.value for e in at.exception]
        return at

    return fill_in


def test_a_phone_that_closed_the_tab_is_the_same_pupil_again(
    class_page: Callable[..., AppTest], join: Callable[..., AppTest]
) -> None:
    code, secret = classes.start_class()
    first = join(code, "Gus")
    token = first.session_state["cl_pupil_tokens"][code]
    assert classes.pupil(code, token).name == "Gus"
    assert "pupil" not in first.query_params  # the token is this browser's, never the address's
    # the browser keeps the token for the class's life (12 hours), written by the page's script
    assert any(
        f"ec_pupil_{code}={token}; path=/; max-age=43200" in h.value and "<script>" in h.value
        for h in first.html
    )

    # the join link, same browser
    again = class_page({"class": code}, state={"cl_pupil_tokens": {code: token}})
    assert "Hello Gus!" in shown(again) and not [t for t in again.text_input if t.key == "cl_pupil_name"]
    assert "pupil" not in again.query_params
    assert [p.name for p in classes.pupils(code)] == ["Gus"]  # no second Gus, no ghost

    other = join(code, "gus")  # another phone: refused as before
    assert "someone in this class is already called Gus" in shown(other)
    assert "pupil" not in other.query_params
    assert [p.name for p in classes.pupils(code)] == ["Gus"]
    summary = class_csv(code, secret).decode("utf-8-sig").splitlines()
    assert len(summary) == 2 and summary[1].startswith("Gus,0,0,1")  # the header and Gus, once

    stale = class_page({"class": code}, state={"cl_pupil_tokens": {code: "NotAPupilToken123"}})
    assert [t for t in stale.text_input if t.key == "cl_pupil_name"]  # a token of nobody: the name form


def test_a_copied_pupils_link_is_not_that_pupil(
    bower: ClassQuestion, class_page: Callable[..., AppTest]
) -> None:
    """A link holding a pupil's token (an old link, or one copied from a phone or a shared tablet's
    history) opened in a browser that does not hold that token: the join form, saying why, never the
    pupil's page; the token is taken out of the address. The pupil's own browser is still the pupil."""
    code, secret = classes.start_class()
    token = classes.join(code, "Gus")
    classes.ask(code, secret, bower.to_json())
    classes.answer(code, token, 1, "JH")
    copied = class_page({"class": code, "pupil": token})
    words = shown(copied)
    assert "not a pupil of this class in this browser" in words and "Join class" in words
    assert [t for t in copied.text_input if t.key == "cl_pupil_name"]
    assert "Gus" not in words and "Which card is the left bower" not in words and "J♥" not in words
    assert not [b for b in copied.button if (b.key or "").startswith("cl_q1-")]  # nothing to answer with
    assert (
        "cl_pupil_tokens" not in copied.session_state or code not in copied.session_state["cl_pupil_tokens"]
    )
    guard = [h.value for h in copied.html if "replaceState" in h.value]
    assert guard and '["pupil"]' in guard[0]  # the script that takes it out of the address, in place
    # the pupil's own phone, holding the token, opening the same copied link: still Gus, the answer kept
    own = class_page({"class": code, "pupil": token}, state={"cl_pupil_tokens": {code: token}})
    assert "Answer saved: J♥" in shown(own) and "not a pupil" not in shown(own)
    # a browser that is another pupil stays that pupil: the link's token is never read
    ben = classes.join(code, "Ben")
    other = class_page({"class": code, "pupil": token}, state={"cl_pupil_tokens": {code: ben}})
    assert "Class " + code + " · Ben" in shown(other) and "Answer saved" not in shown(other)
    assert classes.my_answer(code, token, 1) == "JH" and classes.my_answer(code, ben, 1) == ""


@pytest.mark.parametrize("kind", ["left_bower", "trick_winner", "can_play", "trumps_out"])
def test_bands_that_give_the_answer_away_wait_for_the_reveal(
    kind: str,
    bower: ClassQuestion,
    class_page: Callable[..., AppTest],
    pupil_phone: Callable[[str, str], AppTest],
) -> None:
    q = {question.kind: question for question in (bower, WINNER, FOLLOW, COUNT)}[kind]
    code, secret = classes.start_class()
    token = classes.join(code, "Ada")
    classes.ask(code, secret, q.to_json())
    cards = set(q.cards) | {c for _, c in q.shown}
    for at in (
        pupil_phone(code, token),
        class_page({"class": code, "teacher": secret}),
    ):
        seen = drawn(at)
        assert set(seen) == cards
        assert all(band == "" and "—" not in label for band, label in seen.values()), (
            seen
        )  # no band, no "left bower"
        helps = [b.help or "" for b in at.button if b.key and b.key.startswith("cl_q1-")]
        assert all("trump" not in h and "bower" not in h for h in helps), helps
    classes.reveal(code, secret)
    for at in (
        pupil_phone(code, token),
        class_page({"class": code, "teacher": secret}),
    ):
        bands = {card: band for card, (band, _) in drawn(at).items() if band}
        assert bands == TRUMPS[q.kind]


def test_bands_that_do_not_give_the_answer_away_are_drawn_from_the_start(
    pupil_phone: Callable[[str, str], AppTest],
) -> None:
    code, secret = classes.start_class()
    token = classes.join(code, "Ada")
    classes.ask(code, secret, ALONE.to_json())
    at = pupil_phone(code, token)
    assert {card: band for card, (band, _) in drawn(at).items() if band} == TRUMPS["go_alone"]


def test_a_pupil_sees_their_score_and_place_after_each_reveal_and_at_the_end(
    bower: ClassQuestion, points: ClassQuestion, pupil_phone: Callable[[str, str], AppTest]
) -> None:
    code, secret = classes.start_class()
    tokens = {name: classes.join(code, name) for name in ("Ada", "Ben", "Cy")}
    classes.ask(code, secret, bower.to_json())
    classes.answer(code, tokens["Ada"], 1, "JD")
    classes.answer(code, tokens["Ben"], 1, "JH")
    before = pupil_phone(code, tokens["Ada"])
    assert "Your score" not in shown(before)  # nothing is counted before the reveal
    classes.reveal(code, secret)
    # question 1: Ada right, Ben wrong, Cy no answer -> Ada 1st; Ben and Cy 0 right, joint 2nd
    ada = pupil_phone(code, tokens["Ada"])
    assert "Your score: 1 right of 1 answered · 1st of 3" in shown(ada)
    cy = pupil_phone(code, tokens["Cy"])
    assert "Your score: 0 right of 0 answered · joint 2nd of 3" in shown(cy)

    classes.ask(code, secret, points.to_json())
    classes.answer(code, tokens["Ben"], 2, "defenders 2")
    classes.answer(code, tokens["Cy"], 2, "makers 1")
    classes.reveal(code, secret)
    # after question 2: Ada 1 of 1, Ben 1 of 2, Cy 0 of 1 -> Ada and Ben joint 1st, Cy 3rd
    ben = pupil_phone(code, tokens["Ben"])
    assert "Your score: 1 right of 2 answered · joint 1st of 3" in shown(ben)
    classes.set_leaderboard(code, secret, False)  # the teacher shows no leaderboard: the score, no place
    cy = pupil_phone(code, tokens["Cy"])
    assert "Your score: 0 right of 1 answered" in shown(cy) and "3rd of 3" not in shown(cy)
    classes.set_leaderboard(code, secret, True)
    classes.end(code, secret)
    cy = pupil_phone(code, tokens["Cy"])
    assert "The class has ended" in shown(
        cy
    ) and "Your final score: 0 right of 1 answered · 3rd of 3" in shown(cy)
