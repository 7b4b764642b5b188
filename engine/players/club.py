"""The Club player: the rules of thumb a good club player uses, with a reason for each.

The decisions are made once, by the compiled Club player (``engine.compiled.club_bidding``
for bids, the discard and defending alone, ``engine.compiled.club_play`` for cards): it
returns an action code and a reason code. ``ClubPlayer`` is the adapter: it encodes the
seat's view (only what the seat knows, ``encoding.encode_view``), asks the compiled player,
and words the reason as the sentence the hints and lessons show, with the hand facts of
``engine.players.evaluate``. Bidding counts the hand seat-aware: trumps, bowers, off-aces,
voids, who gets the upcard, "next" in round 2, and the score when the table tells it
(``ClubPlayer(score=Score(...))``). The Club player is deterministic: it draws nothing from ``rng``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from engine.compiled import encoding as E
from engine.compiled.club_bidding import bid_strength, need_table
from engine.compiled.encoding import action_of, encode_view
from engine.compiled.playout import club_decide
from engine.core.action_words import capital, go_alone, order_up
from engine.core.actions import Action
from engine.core.cards import Card, Suit
from engine.core.hand import Phase
from engine.core.ranking import effective_table
from engine.core.rules import Rules
from engine.core.seats import same_side
from engine.core.view import SeatView
from engine.players.base import Decision
from engine.players.evaluate import (
    Score,
    alone_worthwhile,
    call_threshold,
    dealer_hand,
    describe_facts,
    hand_facts,
)

ROLES = 8  # decisions a caution table covers: 2 * (seat left of the dealer) + round


@dataclass(frozen=True, slots=True)
class Why:
    """The compiled player's reason: an ``R_*`` code of ``engine.compiled.encoding``, the bid
    strength it weighed (for a call: ``club_bidding.bid_strength`` of the suit weighed), the suit
    it weighed (round 2: its best suit, also when it passes) and, for a thrown-off card, how it
    was chosen (``T_*``)."""

    reason: int
    strength: float = 0.0
    suit: Suit | None = None
    throw: int = E.T_LOWEST


@dataclass(frozen=True, slots=True)
class ClubPlayer:
    """A sound club player. ``score`` (optional) is the game score from this seat's side;
    ``boldness`` lowers (or, negative, raises) the bid strength it wants before calling;
    ``caution`` (optional, 8 or 16 numbers) raises it by seat and round: ``caution[2 * k + r]``
    for the seat ``k`` places left of the dealer (0 is the dealer) in round ``r + 1`` (naming
    trump under the joker counts as round 1); numbers 8 to 15, in the same order, raise the
    trick estimate it wants before going alone (``ALONE_THRESHOLD``). A bidding style is a
    caution table."""

    score: Score | None = None
    boldness: float = 0.0
    caution: tuple[float, ...] = ()

    def with_score(self, score: Score | None) -> ClubPlayer:
        return ClubPlayer(score=score, boldness=self.boldness, caution=self.caution)

    def act(self, view: SeatView) -> Action:
        """``decide``'s action without its sentence (the sampler's bid check asks thousands of times)."""
        return self._act(view, encode_view(view))

    def _act(self, view: SeatView, s: np.ndarray) -> Action:
        if not view.legal:
            raise ValueError(f"seat {view.seat} is not to act (phase {view.phase.value})")
        needs, alone = club_thresholds(view.rules, self.score, self.caution, self.boldness)
        action = action_of(club_decide(s, view.seat, needs, alone))
        assert action in view.legal, (action, view.legal)
        return action

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        s = encode_view(view)
        seat = view.seat
        action = self._act(view, s)
        reason = int(s[E.S_WHY_REASON])
        suit = Suit(int(s[E.S_WHY_SUIT])) if s[E.S_WHY_SUIT] >= 0 else None
        strength = 0.0
        if reason in (E.R_ORDER, E.R_CALL) and suit is not None:
            hand = s[E.S_HANDS + 5 * seat : E.S_HANDS + 5 * seat + 5]
            hand = hand[hand >= 0]
            strength = float(bid_strength(s, seat, hand, len(hand), int(suit)))
        return Decision(action, explain(view, action, Why(reason, strength, suit, int(s[E.S_WHY_THROW]))))


def club_thresholds(
    rules: Rules, score: Score | None = None, caution: tuple[float, ...] = (), boldness: float = 0.0
) -> tuple[np.ndarray, bool]:
    """The numbers the compiled Club player bids by: its thresholds by seat and round
    (``club_bidding.need_table`` of the call threshold for these rules and score, less
    ``boldness``, moved by ``caution``) and whether going alone is worth it at this score. Their
    one source: every ``ClubPlayer`` decision reads them here, and so do the analyzer's compiled
    play-outs for a table (``engine.analysis.tables.Table.numbers``), given the numbers, not a
    player.

    >>> needs, alone = club_thresholds(Rules(), caution=(0.5,) + (0.0,) * 7)
    >>> float(needs[0, 0]), float(needs[0, 1]), float(needs[0, 2]), alone
    (2.5, 2.0, 3.8, True)
    """
    return _needs(call_threshold(rules, score) - boldness, caution), alone_worthwhile(rules, score)


@lru_cache(maxsize=256)
def _needs(need: float, caution: tuple[float, ...]) -> np.ndarray:
    return need_table(need, caution)  # shared by every decision with these numbers: never written


# ---- the reasons in words ------------------------------------------------------------------


def explain(view: SeatView, action: Action, why: Why) -> str:
    """The sentence for the compiled player's ``action`` and its reason ``why`` at ``view``."""
    if view.phase is Phase.PLAY:
        return _play_sentence(view, action, why)
    return _bid_sentence(view, action, why)


def _bid_sentence(view: SeatView, action: Action, why: Why) -> str:  # noqa: C901 (older than the complexity rule: to split)
    r = why.reason
    up = view.upcard
    dealer = view.seat == view.dealer
    trump = why.suit  # the suit weighed: the upcard's in round 1, the best one in round 2, else trump
    assert trump is not None
    if r in (E.R_ORDER_ALONE, E.R_ORDER, E.R_PASS_ROUND_ONE):
        hand = dealer_hand(view.hand, up, trump)[0] if dealer else view.hand
        facts = describe_facts(hand_facts(hand, trump))
        where = _upcard_side(view)
        if r == E.R_ORDER_ALONE:
            verb = capital(order_up(dealer=dealer, upcard=f"the {up.short}"))
            return f"{verb} {go_alone()}: {facts} — strong enough to take all five tricks without help."
        if r == E.R_ORDER:
            verb = capital(order_up(dealer=dealer, assist=where == "partner", upcard=f"the {up.short}"))
            extra = {
                "partner": " (your partner, the dealer, gets the upcard)",
                "opponent": " even though the dealer gets the upcard",
                "me": "",
            }[where]
            return f"{verb}: {facts}{extra} — about {why.strength:.1f} tricks."
        if dealer:
            return (
                f"Turn it down: with the {up.short} you would hold {facts} — too weak to make {trump.noun}."
            )
        extra = " and the dealer would gain the upcard" if where == "opponent" else ""
        return f"Pass: with {trump.noun} as trump you hold {facts}{extra} — not enough to make it."
    if r in (E.R_NAME_ALONE, E.R_NAME):
        facts = describe_facts(hand_facts(dealer_hand(view.hand, up, trump)[0], trump))
        if r == E.R_NAME_ALONE:
            return f"Name {trump.noun} and go alone: with the joker you hold {facts}."
        return f"Name {trump.noun}, your best suit with the joker: {facts}."
    if r == E.R_DECLINE:
        return f"Leave the {up.short}: it is worse than every card you hold."
    if r == E.R_DISCARD:
        assert action.card is not None
        return _discard_reason(action.card, view.hand + (up,), trump)
    if r == E.R_DISCARD_AGAINST_LONER:
        assert action.card is not None
        return (
            f"Discard the {action.card.short}: against a maker with no partner keep your guards "
            "— it is the card that guards least (a void seldom gets trumped into, a guard may take his last card)."
        )
    facts = describe_facts(hand_facts(view.hand, trump))
    if r == E.R_DEFEND_ALONE:
        return f"Defend alone: {facts} — a good chance of three tricks for 4 points."
    if r == E.R_LET_PARTNER_HELP:
        return f"Let your partner help: {facts} is not enough to stop a loner by yourself."
    tag = _next_tag(view, trump)
    if r == E.R_CALL_ALONE:
        return f"Call {trump.noun}{tag} and go alone: {facts}."
    if r == E.R_CALL:
        return f"Call {trump.noun}{tag}: {facts} — about {why.strength:.1f} tricks."
    if r == E.R_STICK:
        return f"Stick the dealer: you must name a suit; {trump.noun} is your best ({facts})."
    if r == E.R_PASS_ROUND_TWO:
        return f"Pass: your best suit, {trump.noun}, gives only {facts}."
    raise ValueError(f"reason code {r} is not a bidding reason")


def _upcard_side(view: SeatView) -> str:
    if view.seat == view.dealer:
        return "me"
    if view.players == 4 and same_side(4, view.dealer, view.seat):
        return "partner"
    return "opponent"


def _next_tag(view: SeatView, trump: Suit) -> str:
    down = view.turned_down
    if down is None:
        return ""
    if trump == down.partner:
        return " (next: the same colour as the turned-down suit)"
    return " (reverse next)" if trump.is_red != down.is_red else ""


def _discard_reason(out: Card, six: tuple[Card, ...], trump: Suit) -> str:
    eff = effective_table(trump)
    if eff[out] == trump:
        return f"Discard the {out.short}: every card is trump, so give up the lowest."
    if not any(c != out and eff[c] == eff[out] for c in six):
        return f"Discard the {out.short}: it makes you void in {eff[out].noun}, so you can trump them."
    return f"Discard the {out.short}: your lowest card outside trump (keep trumps and aces)."


# The card play's sentences by reason code. Fields: {card} the card played, {suit} its suit
# (plural noun), {one} one card of that suit ("club"), {led} the suit led, {led_one}, {who} who
# made trump, {mate} / {Mate} the seat on this side, {throw} how a thrown-off card was chosen.
PLAY_SENTENCES: dict[int, str] = {
    E.R_LEAD_NO_TRUMP_LEFT: "Lead the {card}: no trumps are left against you, so it wins.",
    E.R_LEAD_RIGHT_SAVES_LEFT: (
        "Lead the right bower ({card}): {who} and hold both bowers — "
        "the right pulls their trumps and saves the left, which becomes the top trump."
    ),
    E.R_LEAD_TOP_TRUMP: "Lead the {card}: {who} and it is the highest trump left — pull their trumps.",
    E.R_LEAD_LOW_TRUMP: "Lead trump ({card}): {who}; a low trump draws out the opponents' trumps.",
    E.R_CASH: "Cash the {card}: it is the highest {one} left.",
    E.R_ONLY_TRUMPS_TOP: "Lead the {card}: only trumps left and it is the highest.",
    E.R_ONLY_TRUMPS_LOW: "Lead the {card}: only trumps left; keep the higher ones.",
    E.R_LEAD_BACK: "Lead back your partner's suit ({suit}) with the {card}.",
    E.R_LEAD_SINGLETON: "Lead the {card}: a low singleton, so you can trump that suit later.",
    E.R_LEAD_LOW: "Lead a low card ({card}): you have no sure winner to cash.",
    E.R_LEAD_AGAINST_LONER: (
        "Lead the {card}, your highest card: against a maker with no partner, make him beat "
        "it now — if he holds no higher {one} it takes the trick."
    ),
    E.R_MATE_WINNING_NO_RUFF: "{Mate} is winning this trick: don't trump it — throw the {card}.",
    E.R_MATE_WINNING_LOW: "{Mate} is winning this trick: play low ({card}{throw}).",
    E.R_SURE_OVER_MATE: "Third hand high: the {card} makes sure your side takes the trick.",
    E.R_OVER_MATE: (
        "Third hand high: {mate}'s card may be beaten, so play the {card} over it — "
        "the opponents must play higher to take the trick."
    ),
    E.R_MATE_UNBEATEN_LOW: "{Mate} is winning and you cannot beat that card: play low ({card}{throw}).",
    E.R_CANNOT_WIN: "You cannot win this trick: play your lowest ({card}{throw}).",
    E.R_WIN_CHEAPLY: "Win it as cheaply as you can: the {card} takes the trick and nobody after you can beat it.",
    E.R_TAKE_HIGHEST: "Take it with the {card}: it is the highest {led_one} left.",
    E.R_SECOND_LOW_KEEP: "Second hand low: keep your {led} and leave the trick to {mate} ({card}{throw}).",
    E.R_RUFF_MATE_CANNOT: "Trump it with the {card}: {mate} cannot beat that card in suit.",
    E.R_SECOND_LOW: "Second hand low: {mate} may win this one ({card}{throw}).",
    E.R_THIRD_HIGH_WINS: "Third hand high: the {card} wins and nobody after you can beat it.",
    E.R_THIRD_HIGH_FORCE: "Third hand high: the {card} forces out their higher cards.",
    E.R_RUFF_OPPONENTS: "Trump it with the {card}: the opponents are winning.",
}


def _play_sentence(view: SeatView, action: Action, why: Why) -> str:
    card = action.card
    trump = view.trump
    assert card is not None and trump is not None
    if why.reason == E.R_ONLY_CARD:
        return f"Play the {card.short}: {'the only legal card' if len(view.hand) > 1 else 'your last card'}."
    eff = effective_table(trump)
    suit = eff[card]
    led = eff[view.trick[0][1]] if view.trick else suit
    mate = "your partner" if view.players == 4 else "the other defender"
    throw = {
        E.T_MAKES_VOID: f", which makes you void in {suit.noun}",
        E.T_KEEPS_GUARDS: ", the card that guards least against a maker with no partner",
    }.get(why.throw, "")
    return PLAY_SENTENCES[why.reason].format(
        card=card.short,
        suit=suit.noun,
        one=suit.noun[:-1],
        led=led.noun,
        led_one=led.noun[:-1],
        who="you made trump" if view.maker == view.seat else "your partner made trump",
        mate=mate,
        Mate=mate.capitalize(),
        throw=throw,
    )


__all__ = ["ClubPlayer", "Score", "Why", "club_thresholds", "explain"]
