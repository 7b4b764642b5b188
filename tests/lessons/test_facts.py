"""The facts the lessons state, checked against the rule book (docs/rules.md) and the engine.

Each test names the lesson and the fact. Where the lesson's words describe something
the engine does (the kitty size, the dealer's partner going alone, who wins a worked
trick), the test asks the engine too, so the words and the code cannot drift apart.
"""

from __future__ import annotations

import random
import re

import pytest

from engine.core.actions import ORDER_ALONE, PASS
from engine.core.cards import Card, Suit, parse_cards
from engine.core.hand import Phase, apply, deal, from_cards
from engine.core.ranking import is_trump, trick_winner_index
from engine.core.rules import PRESETS, Rules
from engine.core.seats import seat_name
from engine.core.view import view_of
from engine.players.club import ClubPlayer
from lessons.links import analyze_link
from lessons.loader import lesson_by_id
from lessons.model import Lesson, Step


def text(lesson: Lesson) -> str:
    return "\n".join(step.text for step in lesson.steps)


def flat(lesson: Lesson) -> str:
    """The lesson's text on one line (Markdown line breaks become spaces)."""
    return " ".join(text(lesson).split())


def step(lesson: Lesson, title: str):  # type: ignore[no-untyped-def]
    return next(s for s in lesson.steps if s.title == title)


def trick(lesson_id: str, title: str) -> tuple[Step, tuple[Card, ...], Suit]:
    """The lesson's step of that title, its trick's cards in the order played, and the trump."""
    example = step(lesson_by_id(lesson_id), title)
    assert example.element is not None
    return example, parse_cards(" ".join(example.element.args)), Suit.parse(example.element.option("trump"))


def test_deck_the_cards_left_over_for_each_deck_size() -> None:
    words = flat(lesson_by_id("deck"))
    for size, said in (
        (24, "With the usual 24-card deck **4 are left over**"),
        (28, "with 28 cards, 8"),
        (32, "with 32 cards, 12"),
    ):
        state = deal(Rules(deck=size), 0, random.Random(size))
        left = len(state.kitty) + 1  # the upcard and the kitty
        assert left == size - 20
        assert said in words, said
        assert str(left) in said


@pytest.mark.parametrize(
    ("lesson", "said", "not_said"),
    [
        pytest.param(
            "deck",
            "except a 6 and a 4 for each side to keep score with",
            "(keep a 6 and a 4",
            id="deck_each_side_keeps_a_six_and_a_four",
        ),
        pytest.param(
            "making-trump",
            "Many groups, and most tournaments, play **stick the dealer**",
            "nearly all",
            id="making_trump_stick_the_dealer_in_most_tournaments",
        ),
        # They have 8 of 10: a make is 1 point, a march 2 and a lone march 4, so only a march will do.
        pytest.param(
            "strategy",
            "after a pass they need a march, alone or not, to win on this deal",
            "a march or a lone hand",
            id="strategy_after_a_pass_at_9_8_only_a_march_wins_the_game_for_them",
        ),
    ],
)
def test_a_lesson_says_the_fact_and_not_the_old_wording(lesson: str, said: str, not_said: str) -> None:
    words = flat(lesson_by_id(lesson))
    assert said in words
    assert not_said not in words


def test_deck_the_draw_for_partners_and_the_deal() -> None:
    words = flat(lesson_by_id("deck"))
    assert "the **king is highest**" in words and "the **ace is lowest**" in words
    assert "The player with the **lowest** card deals first." in words
    assert "two players with the **highest** cards are partners" in words
    assert "**3–2 deal**" in words and "2–3 deal" in words
    assert "best of three" in words


def test_ranking_the_joker_upcard_is_one_custom_among_several() -> None:
    words = flat(lesson_by_id("ranking"))
    assert "groups do different things" in words
    assert "the one this app plays" in words
    assert "throw the hand in and deal again" in words
    assert "one fixed suit" in words
    assert "**imperial bower**" in words


def test_following_trump_and_the_renege_penalty() -> None:
    words = flat(lesson_by_id("following"))
    assert "**follow with trump if you are able**" in words
    assert (
        "**2 points to the other side**" in words
        and "**4** when the renege was made against a player going alone" in words
    )


def test_tricks_the_worked_example_is_good_play_and_the_engine_agrees() -> None:
    example, cards, trump = trick("tricks", "An example")
    leader = 1  # "West leads"
    assert f"{seat_name(4, leader)} leads the {cards[0].short}" in example.text
    seats = [(leader + i) % 4 for i in range(4)]
    winner = seats[trick_winner_index(cards, trump)]
    assert f"**{seat_name(4, winner)} wins**" in example.text
    # Good play: every trump played on a plain-suit lead beats an opponent's card, never the partner's.
    for i, card in enumerate(cards[1:], start=1):
        if is_trump(card, trump) and not is_trump(cards[0], trump):
            best_before = seats[trick_winner_index(cards[:i], trump)]
            assert best_before % 2 != seats[i] % 2, "a trump was spent on the partner's winning card"
    assert "trumping a trick your **partner** is already winning" in " ".join(example.text.split())
    # The card kept for later is the trump North played, and the partner whose winner North
    # should not trump is South (a lead by South puts North after South in the trick).
    assert seat_name(4, seats[1]) == "North" and cards[1] == parse_cards("9S")[0]
    assert "Had South, North's partner, led a diamond that neither opponent could beat, North should" in (
        " ".join(example.text.split())
    )
    assert "keeping the 9♠ for later" in " ".join(example.text.split())
    assert "East, West's partner" not in example.text


def test_making_trump_the_dealers_partner_alone_and_the_optional_pickup() -> None:
    words = flat(lesson_by_id("making-trump"))
    assert "the dealer sits the hand out and does **not** pick up" in words
    assert "the upcard stays on the kitty, and its suit is still trump" in words
    assert "**two-handed** game" in words and "taking the upcard is optional" in words
    assert "**screw the dealer**" in words
    # The engine does what the lesson says: the dealer's partner orders alone, dealer 3.
    state = deal(Rules(), 3, random.Random(5))
    state = apply(state, PASS)  # seat 0, the dealer's left
    state = apply(state, ORDER_ALONE)  # seat 1, the dealer's partner
    assert state.phase is Phase.PLAY and not state.upcard_taken and 3 in state.out
    assert state.trump == state.upcard.suit and state.upcard not in state.hands[3]


def test_keeping_score_six_and_four_and_the_house_conventions() -> None:
    words = flat(lesson_by_id("keeping-score"))
    assert "traditionally a **6 and a 4**" in words and "**two 6s**" in words
    assert "some use a 3 and a 4" not in words
    assert "a 3 and a 4 have only 7 pips" in words and "crosswise counts 5" in words
    assert "house practice" in words
    assert "**best of three**" in words and "**best of five**" in words


def test_variants_railroad_features_the_name_and_the_preset() -> None:
    words = flat(lesson_by_id("variants"))
    railroad = " ".join(step(lesson_by_id("variants"), "Railroad Euchre").text.split())
    for feature in (
        "**joker**",
        "**call for the partner's best card**",
        "**defend alone**",
        "**quick scoring**",
    ):
        assert feature in railroad, feature
    assert "stick the dealer among them, but that is not what makes a game Railroad" in railroad
    # The name: what seed 002 says, told as a story, without a word about sources (issue 51).
    assert "long train journeys in 19th-century America" in railroad
    assert "a story told about it, not recorded history" in railroad
    assert "folklore" not in railroad and "source" not in railroad
    # The app's preset: defend alone and stick the dealer, no joker, and no call for a best card.
    preset = PRESETS["Railroad (defend alone)"]
    assert preset.defend_alone and preset.stick_the_dealer and not preset.joker
    assert "**leaves out the joker and calling for the partner's best card**" in railroad
    # Glossary: a euchre is 2, or 4 by a lone defender against a lone maker (rules §9).
    assert (
        "defenders score 2 (4 when a lone defender euchres a lone maker, where defending alone is played)"
        in words
    )
    for term in ("screw the dealer", "march, sweep", "imperial bower", "renege", "reverse next"):
        assert term in words, term


def test_strategy_the_round_two_hand_has_four_trumps_and_next_is_a_convention() -> None:
    lesson = lesson_by_id("strategy")
    words = flat(lesson)
    assert "two clubs" not in words
    round2 = step(lesson, "Round 2: naming a suit")
    assert round2.element is not None
    link = analyze_link(dict(round2.element.options))
    trumps = [c for c in link.hand if is_trump(c, Suit.CLUBS)]
    assert len(trumps) == 4 and "**four trumps**" in round2.text
    nxt = " ".join(step(lesson, 'Round 2: "next"').text.split())
    assert "**convention**" in nxt and "**next**" in nxt and "**reverse next**" in nxt
    assert "player on the dealer's left" in nxt and "**same colour** as the turned-down card" in nxt
    assert nxt.count("**") >= 8


def test_strategy_the_dealer_picks_up_only_when_the_upcard_is_taken_or_ordered() -> None:
    dealer = " ".join(step(lesson_by_id("strategy"), "The dealer's choice").text.split())
    assert (
        "whenever its suit is made trump in round 1, whether you take it yourself or another player orders"
        in dealer
    )
    assert "will **pick up** the upcard yourself" not in dealer


def test_strategy_the_score_step_describes_two_different_scores() -> None:
    words = flat(lesson_by_id("strategy"))
    assert "9 to 8" not in words and "8 to 9" not in words
    assert re.search(r"\*\*Leading 9–8\*\*, being euchred gives the other side 2 points and the game", words)
    assert re.search(r"\*\*Trailing 8–9\*\*, any point for the other side ends the game", words)
    leading = step(lesson_by_id("strategy"), "The score matters").element
    assert leading is not None and analyze_link(dict(leading.options)).score == (
        9,
        8,
    )  # us 9, them 8: leading
    trailing = step(lesson_by_id("strategy"), "Trailing at the end").element
    assert trailing is not None and analyze_link(dict(trailing.options)).score == (8, 9)  # us 8, them 9
    # the same hand both times, so what changes the call is the score (and the seat)
    assert dict(leading.options)["hand"] == dict(trailing.options)["hand"]


def test_defending_the_partners_winner_example_and_the_engine_agree() -> None:
    example, cards, trump = trick("defending", "Never trump your partner's winner")
    seats = [1, 2, 3, 0]  # West leads, then North, East and you
    assert seats[trick_winner_index(cards, trump)] == 2  # North's ace wins
    assert not is_trump(cards[-1], trump), "you throw away rather than trump your partner's winner"
    assert f"least useful card, here the {cards[-1].short}" in " ".join(example.text.split())


def test_defending_trump_low_and_the_club_player_agree() -> None:
    """The lesson's trick: hearts trump, East leads the ace of clubs, and you, South, play
    second with no club but the right bower and the 9 of hearts; West and North play after
    you. The 9 wins the trick; the computer player ruffs with it."""
    example, (led, ruff), trump = trick("defending", "Trump low")
    assert trick_winner_index([led, ruff], trump) == 1 and is_trump(ruff, trump)
    words = " ".join(example.text.split())
    assert "**lowest trump that wins**" in words and f"East leads the {led.short}; you play next" in words
    assert "West and then your partner North play after you" in words
    # The same trick at a table: North deals, so East (on the dealer's left) leads, then South,
    # West and North. Diamonds are turned down and East names hearts.
    hands = [
        list(parse_cards(h)) for h in ("JH 9H AD TS QS", "KC QC JC AH 9S", "9C TC QD KD AS", "AC KH QH TH 9D")
    ]
    state = from_cards(Rules(), 2, hands, parse_cards("TD")[0])
    for action in ["pass"] * 4 + ["call H", f"play {led}"]:
        state = state.apply(action)
    assert state.to_act == 0  # South, the seat with the J and 9 of hearts, plays second
    assert ClubPlayer().decide(view_of(state, 0), random.Random(0)).action.card == ruff
    state = state.apply(f"play {ruff}")
    assert state.to_act == 1  # West, the opponent still to come, holds clubs and must follow
    assert {str(a) for a in state.legal_actions()} == {"play KC", "play QC", "play JC"}


def test_the_play_lessons_come_before_strategy_and_cover_the_brief() -> None:
    makers = flat(lesson_by_id("playing-to-make"))
    for idea in (
        "**lead trump early, best first**",
        "Stop leading trump when",
        "**third trick**",
        "**lead a trump**",
        "exact solver",
    ):
        assert idea in makers, idea
    defenders = flat(lesson_by_id("defending"))
    for idea in (
        "**play low**",
        "**play high**",
        "**do not trump it**",
        "**single ace**",
        "**never lead the right bower**",
        "**guard**",
        "**euchre trick**",
    ):
        assert idea in defenders, idea
    assert (
        lesson_by_id("playing-to-make").number
        < lesson_by_id("defending").number
        < lesson_by_id("strategy").number
    )
