"""The one table of action words (engine/core/action_words.py): every word in every tense, the
word the game uses where an action is taken, and the phrases the app builds from them. The
expected strings are written out by hand, as a player would say them."""

from __future__ import annotations

import pytest

from engine.core.action_words import (
    WORDS,
    Tense,
    Word,
    action_words,
    answer_words,
    capital,
    go_alone,
    in_dealer_words,
    order_up,
    word_for,
)
from engine.core.actions import Action
from engine.core.hand import Phase

DO, NOW, PAST, ING = Tense.IMPERATIVE, Tense.PRESENT, Tense.PAST, Tense.GERUND

# word: (imperative, present, past, gerund), no object
TABLE = {
    Word.PASS: ("pass", "passes", "passed", "passing"),
    Word.TURN_DOWN: ("turn down", "turns down", "turned down", "turning down"),
    Word.ORDER_UP: ("order up", "orders up", "ordered up", "ordering up"),
    Word.PICK_UP: ("pick up", "picks up", "picked up", "picking up"),
    Word.ASSIST: ("assist", "assists", "assisted", "assisting"),
    Word.CALL: ("call", "calls", "called", "calling"),
    Word.NAME: ("name", "names", "named", "naming"),
    Word.GO_ALONE: ("go alone", "goes alone", "went alone", "going alone"),
    Word.DISCARD: ("discard", "discards", "discarded", "discarding"),
    Word.LEAVE: ("leave", "leaves", "left", "leaving"),
    Word.DEFEND_ALONE: ("defend alone", "defends alone", "defended alone", "defending alone"),
    Word.NOT_DEFEND_ALONE: (
        "don't defend alone",
        "does not defend alone",
        "did not defend alone",
        "not defending alone",
    ),
    Word.LEAD: ("lead", "leads", "led", "leading"),
    Word.PLAY: ("play", "plays", "played", "playing"),
}


def test_every_word_in_every_tense() -> None:
    assert set(TABLE) == set(Word) == set(WORDS)
    for word, forms in TABLE.items():
        assert tuple(WORDS[word].say(t) for t in (DO, NOW, PAST, ING)) == forms, word


def test_it_goes_inside_a_phrasal_verb_and_any_other_object_after_it() -> None:
    assert WORDS[Word.ORDER_UP].say(DO, "it") == "order it up"
    assert WORDS[Word.TURN_DOWN].say(PAST, "it") == "turned it down"
    assert WORDS[Word.PICK_UP].say(ING, "it") == "picking it up"
    assert WORDS[Word.ORDER_UP].say(NOW, "the 9♥") == "orders up the 9♥"
    assert WORDS[Word.CALL].say(PAST, "it") == "called it"  # no particle: "it" is an object like any
    assert WORDS[Word.DISCARD].say(NOW, "the 9♣ face down") == "discards the 9♣ face down"


@pytest.mark.parametrize(
    ("text", "dealer", "phase", "leads", "word"),
    [
        ("pass", False, Phase.BID1, False, Word.PASS),
        ("pass", True, Phase.BID1, False, Word.TURN_DOWN),
        ("pass", True, Phase.BID2, False, Word.PASS),  # round 2: the dealer passes like anyone
        ("pass", True, None, False, Word.PASS),
        ("pass", False, Phase.DEFEND, False, Word.NOT_DEFEND_ALONE),
        ("order", False, Phase.BID1, False, Word.ORDER_UP),
        ("order alone", True, Phase.BID1, False, Word.PICK_UP),
        ("call H", True, Phase.BID2, False, Word.CALL),
        ("name S alone", True, Phase.BID1, False, Word.NAME),
        ("discard 9C", True, Phase.DISCARD, False, Word.DISCARD),
        ("decline", True, Phase.BID1, False, Word.LEAVE),
        ("defend alone", False, Phase.DEFEND, False, Word.DEFEND_ALONE),
        ("play AS", False, Phase.PLAY, True, Word.LEAD),
        ("play AS", False, Phase.PLAY, False, Word.PLAY),
    ],
)
def test_the_game_has_its_own_word_for_the_dealer_the_defender_and_the_lead(
    text: str, dealer: bool, phase: Phase | None, leads: bool, word: Word
) -> None:
    assert word_for(Action.parse(text), dealer=dealer, phase=phase, leads=leads) is word


@pytest.mark.parametrize(
    ("text", "tense", "options", "words"),
    [
        ("pass", DO, {}, "pass"),
        ("pass", ING, {}, "passing"),
        ("order", DO, {}, "order up"),
        ("order alone", ING, {}, "ordering up alone"),
        ("order", DO, {"upcard": "it"}, "order it up"),
        ("order alone", PAST, {"dealer": True, "upcard": "it"}, "picked it up alone"),
        ("pass", PAST, {"dealer": True, "phase": Phase.BID1, "upcard": "it"}, "turned it down"),
        ("pass", DO, {"phase": Phase.DEFEND}, "don't defend alone"),
        ("call S", DO, {}, "call spades"),
        ("call S alone", PAST, {"symbol": True}, "called ♠ spades alone"),
        ("name H", ING, {}, "naming hearts"),
        ("name C alone", NOW, {"symbol": True}, "names ♣ clubs alone"),
        ("discard 9C", PAST, {}, "discarded the 9♣"),
        ("decline", PAST, {"upcard": "the 9♥"}, "left the 9♥"),
        ("defend alone", PAST, {}, "defended alone"),
        ("play TD", DO, {"leads": True}, "lead the 10♦"),
        ("play TD", PAST, {}, "played the 10♦"),
    ],
)
def test_an_action_in_words(text: str, tense: Tense, options: dict[str, object], words: str) -> None:
    assert action_words(Action.parse(text), tense, **options) == words  # type: ignore[arg-type]


def test_the_answers_to_a_bidding_question_and_a_seats_reasons() -> None:
    assert answer_words(Action.parse("order"), dealer=True) == "pick it up"
    assert answer_words(Action.parse("order alone")) == "order up alone"
    assert answer_words(Action.parse("call H"), dealer=True) == "call hearts"
    assert answer_words(Action.parse("pass"), dealer=True) == "pass"
    assert order_up(upcard="the 9♥") == "order up the 9♥"
    assert order_up(dealer=True, assist=True, upcard="the 9♥") == "pick up the 9♥"  # the dealer never assists
    assert capital(order_up(assist=True, upcard="the A♦")) == "Assist: order up the A♦"
    assert order_up(PAST, assist=True) == "assisted: ordered up"
    assert go_alone() == "and go alone" and go_alone(NOW) == "and goes alone"
    assert capital("call ♠ spades") == "Call ♠ spades" and capital("") == ""


def test_the_dealer_picks_up_what_the_others_order_up() -> None:
    assert in_dealer_words("Best: order up (discard JD) — 0.37 points a hand better than passing.") == (
        "Best: pick it up (discard JD) — 0.37 points a hand better than passing."
    )
    assert in_dealer_words(
        "Best: pass — 1.17 points a hand better than ordering up. Ordering up would make clubs trump."
    ) == ("Best: pass — 1.17 points a hand better than picking it up. Picking it up would make clubs trump.")
    assert in_dealer_words("Order up alone") == "Pick it up alone"
    assert in_dealer_words("a border update, the order upheld") == "a border update, the order upheld"
