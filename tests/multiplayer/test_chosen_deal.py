"""A deal the teacher chooses for a teaching table (issue 54, item 5): read from the deal editor's
position text or share link (multiplayer.chosen_deal), dealt in place of the hand
(multiplayer.teaching.set_deal), and one table for the projector (teaching.projector_data).

The chosen deal, written by hand (standard rules, North deals, the J♠ turned up, the kitty J♣ J♦
J♥: the rest of the deck in deck order)::

    South  9♠ 10♠ Q♠ K♠ A♠
    West   9♥ 10♥ Q♥ K♥ A♥
    North  9♦ 10♦ Q♦ K♦ A♦
    East   9♣ 10♣ Q♣ K♣ A♣

The table it is dealt at holds conftest.py's deal, itself dealt there as a chosen deal (East deals
the 9♦ up; auction: South pass, West pass, North order, East discards the Q♣; trick 1: South A♥,
West 9♥, North Q♥, East 10♥).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from urllib.parse import quote

import pytest

from engine.core.cards import Card, parse_card, parse_cards
from engine.core.game import REDEAL, replay
from engine.core.rules import Rules
from multiplayer.chosen_deal import ACCEPTED, DealRefused, read_deal
from multiplayer.errors import GameOver
from multiplayer.seating import pause
from multiplayer.table import PeopleTable, Seat, act, new_table
from multiplayer.teaching import PAUSE, SET_DEAL, TEACHER, projector_data, redeal, set_deal, take_back

CHOSEN = "standard/2/9S-TS-QS-KS-AS,9H-TH-QH-KH-AH,9D-TD-QD-KD-AD,9C-TC-QC-KC-AC/JS"
HANDS = ("9S TS QS KS AS", "9H TH QH KH AH", "9D TD QD KD AD", "9C TC QC KC AC")
MOVES = (
    (0, "pass"), (1, "pass"), (2, "order"), (3, "discard QC"),
    (0, "play AH"), (1, "play 9H"), (2, "play QH"), (3, "play TH"),
)  # fmt: skip
CODE = re.compile(
    r"(?<![A-Za-z0-9])(?:[789TJQKA][CDHS]|JOKER)(?![A-Za-z0-9])"
)  # a card as the engine writes it


TABLE_DEAL = "standard/3/AH-KH-9C-TC-QD,9H-9S-TS-QS-KS,JH-QH-JD-AD-KD,TH-JS-AS-QC-KC/9D"  # conftest.py's


@pytest.fixture
def four(people: Callable[..., Seat]) -> PeopleTable:
    """Four people at a table whose record replays (``new_table``), dealt conftest.py's deal and
    playing (a chosen deal leaves the table paused)."""
    seats = tuple(people(seat, name) for seat, name in enumerate(("Ann", "Bob", "Cy", "Dee")))
    return resumed(
        set_deal(new_table("CHOSEN", Rules(), seats, 54, 0.0), read_deal(TABLE_DEAL, Rules())).table
    )


def resumed(table: PeopleTable) -> PeopleTable:
    assert table.paused, "a chosen deal, a take-back and a redeal leave the table paused"
    return pause(table, False, 1.0).table


def played(table: PeopleTable, count: int) -> PeopleTable:
    for seat, move in MOVES[:count]:
        table = act(table, seat, table.version, move, 1.0).table
    return table


def refusal(text: str, rules: Rules | None = None) -> str:
    """The refusal of ``text``, kept for a look: a text that does not read is quoted as typed, with
    the format it should have (cards as they are typed, "9C"); a deal that cannot be dealt names
    its cards with their suit symbols, never as codes."""
    with pytest.raises(DealRefused) as caught:
        read_deal(text, rules or Rules())
    message = str(caught.value)
    if message.startswith("this deal cannot be dealt"):
        assert not CODE.search(message.replace(ACCEPTED, "")), message
    return message


def test_the_deal_editors_text_and_its_share_link_read_as_the_deal_written_by_hand() -> None:
    link = "https://coach.example/deal_editor?position=" + quote(CHOSEN, safe="")
    for typed in (CHOSEN, f"  {CHOSEN.lower()}\n", link, "deal_editor?present=1&position=" + quote(CHOSEN)):
        hand = read_deal(typed, Rules())
        assert hand.dealt == tuple(parse_cards(h) for h in HANDS)
        assert hand.dealer == 2 and hand.upcard == parse_card("JS") and hand.history == ()
        assert hand.kitty == tuple(parse_cards("JC JD JH"))
    kitty = read_deal(CHOSEN + ":JH-JC-JD", Rules())  # a kitty in its own order stays so
    assert kitty.kitty == tuple(parse_cards("JH JC JD"))


def test_a_deal_that_cannot_be_dealt_says_what_was_wrong_and_what_is_accepted() -> None:
    short = refusal(CHOSEN.replace("9S-TS-QS-KS-AS", "9S-TS-QS-KS"))
    assert "4 cards" in short and "five cards" in short and "position text" in short
    twice = refusal(CHOSEN.replace("9S-", "AH-"))
    assert "A♥ is dealt twice" in twice and "each card once" in twice
    seven = refusal(CHOSEN.replace("9S-", "7S-"))  # the text is standard: 7♠ is not in its deck
    assert "7♠" in seven and "24-card deck" in seven
    bigger = CHOSEN.replace("standard", "deck=32").replace("9S-", "7S-")
    assert read_deal(bigger, Rules(deck=32)).dealt[0][0] == parse_card("7S")  # the table's deck has it
    wrong_deck = refusal(bigger)  # written for 32 cards, the table plays 24
    assert "7♠ is not in the 24-card deck" in wrong_deck and "set the deal editor's rules" in wrong_deck
    three = refusal("cutthroat/0/9S-TS-QS-KS-AS,9H-TH-QH-KH-AH,9D-TD-QD-KD-AD/JS")
    assert "4 players need 4 hands, got 3" in three
    joker = refusal(CHOSEN.replace("/JS", "/JOKER").replace("standard", "joker"))
    assert "joker rule" in joker
    assert "not a card" in refusal(CHOSEN.replace("9S-", "9X-"))
    assert "2 actions" in refusal(CHOSEN + "/pass,pass") and "leave out the actions" in refusal(
        CHOSEN + "/pass"
    )
    assert "empty" in refusal("   ") and "holds no deal" in refusal("https://coach.example/deal_editor?x=1")
    assert "more than 4,000" in refusal("x" * 4_001)


def test_a_chosen_deal_replaces_the_hand_paused_and_the_store_replays_it(four: PeopleTable) -> None:
    before = played(four, 6)  # North ordered up, the first trick half played
    change = set_deal(before, read_deal(CHOSEN, Rules()))
    after = change.table
    assert after.version == before.version + 2 and after.paused  # the deal, then the pause
    assert [(s.version, s.seat, s.action, s.by) for s in change.steps] == [
        (before.version + 1, None, SET_DEAL, TEACHER),
        (before.version + 2, None, PAUSE, TEACHER),
    ]
    assert after.game.hand.hands == tuple(parse_cards(h) for h in HANDS) and after.game.hand.history == ()
    assert four.game.dealer == 3 and after.game.hand.dealer == 2 and after.game.dealer == 2  # North deals
    assert after.game.hand.to_act == 3  # East, on North's left, bids first
    assert after.game.scores == before.game.scores == (0, 0)
    assert after.moves == (("deal " + CHOSEN,),) and four.moves == (("deal " + TABLE_DEAL,),)
    seeded = replay(Rules(), 54, (("deal " + CHOSEN, "pass"),))  # the store's replay deals the same
    assert seeded.hand.dealt == after.game.hand.dealt and [s for s, _ in seeded.hand.history] == [3]
    playing = resumed(after)
    back = take_back(act(playing, 3, playing.version, "pass", 2.0).table).table
    assert back.moves == after.moves and back.game.hand == after.game.hand  # the deal stays
    again = redeal(after).table  # a redeal deals other cards: the chosen deal's mark goes
    assert again.moves == ((REDEAL,),) and again.game.hand.dealt != after.game.hand.dealt


def test_between_hands_the_chosen_deal_is_the_next_hand_and_the_score_stays(four: PeopleTable) -> None:
    table = played(four, 8)  # diamonds are trump: every seat plays its first legal card to the end
    while not table.game.hand.is_over:
        seat = table.game.hand.to_act
        assert seat is not None
        table = act(table, seat, table.version, str(table.game.hand.legal_actions()[0]), 1.0).table
    scores = table.game.scores
    assert sum(scores) > 0
    after = set_deal(table, read_deal(CHOSEN, Rules())).table
    assert after.game.scores == scores and len(after.game.history) == 1  # the finished hand counts
    assert after.game.hand.dealt == tuple(parse_cards(h) for h in HANDS) and after.game.hand_number == 1
    assert after.moves == table.moves + (("deal " + CHOSEN,),)


def test_a_chosen_deal_under_other_rules_or_after_the_game_is_refused(four: PeopleTable) -> None:
    with pytest.raises(DealRefused):
        set_deal(four, read_deal(CHOSEN.replace("9S-", "7S-").replace("standard", "deck=32"), Rules()))
    other = read_deal(CHOSEN.replace("standard", "deck=32"), Rules(deck=32))
    with pytest.raises(ValueError, match="table's own rules"):
        set_deal(four, other)
    over = dataclasses.replace(four, game=dataclasses.replace(four.game, games_won=(1, 0)))
    with pytest.raises(GameOver):
        set_deal(over, read_deal(CHOSEN, Rules()))


def test_the_projector_shows_the_table_but_no_hidden_card_unless_every_hand_is_chosen(
    four: PeopleTable,
    hidden_from: Callable[..., set[Card]],
    cards_named: Callable[..., list[str]],
) -> None:
    for count in (0, 3, 4, 6, 8):  # the bidding, the dealer's discard, the first trick
        table = played(four, count)
        hand = table.game.hand
        data = projector_data(table, 1.0)
        text = json.dumps(data)
        assert cards_named(text, hidden_from(hand, None), any_case=True) == [], count
        assert "hands" not in data and "hand" not in data and "kitty" not in text
        assert [s["cards"] for s in data["seats"]] == [len(h) for h in hand.hands]
        assert data["trick"] == [[s, str(c)] for s, c in hand.trick] and data["to_act"] == hand.to_act
    table = played(four, 6)
    shown = projector_data(table, 1.0, every_hand=True)
    assert shown["hands"][0] == ["KH", "9C", "TC", "QD"]  # South led the A♥
    assert sorted(shown["hands"][3]) == sorted(["TH", "JS", "AS", "KC", "9D"])  # the 9♦ up, the Q♣ gone
    assert "QC" not in json.dumps(shown) and "JC" not in json.dumps(shown)  # the discard, the kitty
