"""A game (hands to the target) and a match (best of 3 or 5 games), as immutable values.

Scores are kept per *side*: with 4 players side 0 is seats 0+2 and side 1 is
seats 1+3; with 2 or 3 players each seat is its own side. Every hand's deal comes
from a generator seeded by (game seed, game number, hand number), so the same
seed replays the same game whatever the players do.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from engine.core.actions import Action
from engine.core.cards import ACE, Card, make_deck
from engine.core.errors import IllegalAction
from engine.core.hand import HandState, apply, deal, legal_actions
from engine.core.rules import Rules

# For the draw only: K high, then Q, J, 10, 9, 8, 7, and the ace low (docs/rules.md §4).
DRAW_STRENGTH = {13: 7, 12: 6, 11: 5, 10: 4, 9: 3, 8: 2, 7: 1, ACE: 0}


def side_of(rules: Rules, seat: int) -> int:
    return seat % 2 if rules.players == 4 else seat


def sides(rules: Rules) -> int:
    return 2 if rules.players == 4 else rules.players


def side_points(hand: HandState) -> tuple[int, ...]:
    """A finished hand's points per side."""
    n = sides(hand.rules)
    points = [0] * n
    for seat, p in enumerate(hand.points):
        points[side_of(hand.rules, seat)] = p
    return tuple(points)


def add_hand(scores: tuple[int, ...], hand: HandState) -> tuple[int, ...]:
    """``scores`` (per side) with a finished hand's points counted."""
    return tuple(a + b for a, b in zip(scores, side_points(hand), strict=True))


def seat_score(rules: Rules, scores: tuple[int, ...], seat: int) -> tuple[int, int]:
    """``scores`` (per side) as ``seat`` reckons them: its side's points and the best opponent's."""
    mine = side_of(rules, seat)
    return scores[mine], max(v for side, v in enumerate(scores) if side != mine)


@dataclass(frozen=True, slots=True)
class Draw:
    """The draw for the first deal: every round of cards drawn (redraws included),
    the resulting seating (player -> seat) and the first dealer (a seat)."""

    rounds: tuple[tuple[Card, ...], ...]
    seating: tuple[int, ...]
    dealer: int


def draw_for_deal(rules: Rules, rng: random.Random) -> Draw:
    """Players 0..n-1 each draw a card; redraw while a tie matters.

    The lowest card deals. With 4 players the two highest partner each other; the
    seating keeps player 0 at seat 0 (the learner sits South) and puts player 0's
    partner opposite.
    """
    n = rules.players
    deck = list(make_deck(rules.deck, False))
    rounds: list[tuple[Card, ...]] = []
    while True:
        drawn = tuple(rng.sample(deck, n))
        rounds.append(drawn)
        power = [DRAW_STRENGTH[c.rank] for c in drawn]
        ordered = sorted(power)
        if ordered[0] == ordered[1]:
            continue  # tie for lowest: the dealer is not decided
        if n == 4 and ordered[1] == ordered[2]:
            continue  # tie between second and third: the partnerships are not decided
        break
    lowest_player = power.index(ordered[0])
    if n == 4:
        high = sorted(range(4), key=lambda p: -power[p])[:2]
        pair0 = high if 0 in high else [p for p in range(4) if p not in high]
        partner0 = next(p for p in pair0 if p != 0)
        others = [p for p in range(4) if p not in (0, partner0)]
        seating = [0] * 4
        seating[0], seating[partner0], seating[others[0]], seating[others[1]] = 0, 2, 1, 3
    else:
        seating = list(range(n))
    return Draw(tuple(rounds), tuple(seating), seating[lowest_player])


@dataclass(frozen=True, slots=True)
class GameState:
    rules: Rules
    seed: int
    hand: HandState
    dealer: int
    scores: tuple[int, ...]  # per side, this game
    game_number: int = 0
    hand_number: int = 0
    history: tuple[HandState, ...] = ()  # finished hands of this game, in order
    games_won: tuple[int, ...] = ()
    game_winner: int | None = None  # side that won this game
    draw: Draw | None = None

    @property
    def match_winner(self) -> int | None:
        need = self.rules.match_games // 2 + 1
        for side, won in enumerate(self.games_won):
            if won >= need:
                return side
        return None

    @property
    def scores_at_deal(self) -> tuple[int, ...]:
        """The scores the current hand was dealt at (``scores`` counts it once it is over)."""
        if not self.hand.is_over:
            return self.scores
        return tuple(a - b for a, b in zip(self.scores, side_points(self.hand), strict=True))

    @property
    def is_over(self) -> bool:
        """The match (or the single game) is decided."""
        return self.match_winner is not None

    def legal_actions(self) -> tuple[Action, ...]:
        return legal_actions(self.hand)

    def apply(self, action: Action | str) -> GameState:
        return apply_game(self, action)

    def next_hand(self) -> GameState:
        return next_hand(self)


def hand_rng(seed: int, game_number: int, hand_number: int) -> random.Random:
    return random.Random(f"euchre:{seed}:{game_number}:{hand_number}")


def new_game(rules: Rules, seed: int) -> GameState:
    """A new game (or match) from a seed: the first dealer by draw or at random, the first deal."""
    rng = random.Random(f"euchre:{seed}:first-dealer")
    draw = draw_for_deal(rules, rng) if rules.draw_for_deal else None
    dealer = draw.dealer if draw else rng.randrange(rules.players)
    n = sides(rules)
    return GameState(
        rules=rules,
        seed=seed,
        dealer=dealer,
        scores=(0,) * n,
        hand=deal(rules, dealer, hand_rng(seed, 0, 0)),
        games_won=(0,) * n,
        draw=draw,
    )


def _winner(rules: Rules, scores: tuple[int, ...]) -> int | None:
    top = max(scores)
    if top < rules.target:
        return None
    leaders = [s for s, v in enumerate(scores) if v == top]
    return leaders[0] if len(leaders) == 1 else None  # cutthroat tie at the top plays on


def apply_game(game: GameState, action: Action | str) -> GameState:
    """Apply an action to the current hand; score the hand when it ends."""
    if game.game_winner is not None or game.hand.is_over:
        raise IllegalAction("the hand is over: deal the next hand first", ())
    hand = apply(game.hand, action)
    if not hand.is_over:
        return replace(game, hand=hand)
    scores = add_hand(game.scores, hand)
    winner = _winner(game.rules, scores)
    games_won = game.games_won
    if winner is not None:
        games_won = tuple(w + (1 if s == winner else 0) for s, w in enumerate(games_won))
    return replace(
        game,
        hand=hand,
        scores=scores,
        history=game.history + (hand,),
        game_winner=winner,
        games_won=games_won,
    )


def next_hand(game: GameState) -> GameState:
    """Deal the next hand (the deal passes left); after a won game, start the next game of the match."""
    if not game.hand.is_over:
        raise IllegalAction("the current hand is still being played", legal_actions(game.hand))
    if game.is_over:
        raise IllegalAction("the match is over", ())
    dealer = (game.dealer + 1) % game.rules.players
    if game.game_winner is not None:
        number = game.game_number + 1
        return replace(
            game,
            dealer=dealer,
            game_number=number,
            hand_number=0,
            scores=(0,) * sides(game.rules),
            history=(),
            game_winner=None,
            hand=deal(game.rules, dealer, hand_rng(game.seed, number, 0)),
        )
    number = game.hand_number + 1
    return replace(
        game,
        dealer=dealer,
        hand_number=number,
        hand=deal(game.rules, dealer, hand_rng(game.seed, game.game_number, number)),
    )


REDEAL = "redeal"  # a hand's record starting with this mark was dealt again (``redeal``)


def redeal(game: GameState, times: int) -> GameState:
    """The current hand dealt again, before anything was done in it: the ``times``-th deal of it
    (1, 2, ...), from a generator seeded by (game seed, game number, hand number, ``times``), so a
    record that names its redeals (``replay``) replays the same cards."""
    if game.hand.history:
        raise IllegalAction("a hand is dealt again only before its first action", ())
    if type(times) is not int or times < 1:
        raise IllegalAction("a hand's redeals are counted from 1", ())
    rng = random.Random(f"euchre:{game.seed}:{game.game_number}:{game.hand_number}:redeal:{times}")
    return replace(game, hand=deal(game.rules, game.dealer, rng))


DEALT = "deal "  # a hand's record mark: this, then the position text of the deal it was dealt (``set_deal``)


def deal_mark(hand: HandState) -> str:
    """The mark of a hand's record that deals ``hand``'s cards (``set_deal``): ``DEALT`` and its
    position text (``HandState.to_text``), which holds the rules, the dealer, the hands and the pile.

    >>> from engine.core.cards import parse_card, parse_cards
    >>> from engine.core.hand import from_cards
    >>> hands = [parse_cards(h) for h in ("AH KH 9C TC QD", "9H 9S TS QS KS", "JH QH JD AD KD", "TH JS AS QC KC")]
    >>> deal_mark(from_cards(Rules(), 3, hands, parse_card("9D")))
    'deal standard/3/AH-KH-9C-TC-QD,9H-9S-TS-QS-KS,JH-QH-JD-AD-KD,TH-JS-AS-QC-KC/9D'
    """
    if hand.history:
        raise IllegalAction("a deal to set is a hand before its first action", ())
    return DEALT + hand.to_text()


def set_deal(game: GameState, hand: HandState) -> GameState:
    """The current hand replaced by ``hand``, a deal given card by card (``engine.core.hand.from_cards``) under the
    game's rules, before anything was done in either; ``hand``'s dealer deals it, and the deal
    passes left from that seat. The scores stay."""
    if game.hand.history:
        raise IllegalAction("a hand is dealt again only before its first action", ())
    if hand.history:
        raise IllegalAction("a deal to set is a hand before its first action", ())
    if hand.rules != game.rules:
        raise IllegalAction("a deal to set is dealt under the game's own rules", ())
    return replace(game, hand=hand, dealer=hand.dealer)


def replay(rules: Rules, seed: int, moves: tuple[tuple[str, ...], ...]) -> GameState:
    """The game ``new_game(rules, seed)`` becomes through ``moves``: per hand dealt, its actions'
    texts, after its marks: a ``REDEAL`` for each time the hand was dealt again, and a ``deal_mark``
    where it was dealt given cards. Raises a EuchreError (IllegalAction; PositionError for a deal
    mark's text that does not read) when an action is not legal where it stands, a mark is not at a
    hand's start, or a hand is dealt before the last one ended."""
    game = new_game(rules, seed)
    for number, hand in enumerate(moves):
        if number:
            game = next_hand(game)
        redeals = 0
        for action in hand:
            if action == REDEAL:
                redeals += 1
                game = redeal(game, redeals)
            elif action.startswith(DEALT):
                game = set_deal(game, HandState.from_text(action[len(DEALT) :]))
            else:
                game = apply_game(game, action)
    return game
