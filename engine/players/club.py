"""The Club player: the rules of thumb a good club player uses, with a reason for each.

Bidding counts the hand seat-aware (engine.players.evaluate): trumps, bowers,
off-aces, voids, who gets the upcard, "next" in round 2, and the score when the
table tells it (``ClubPlayer(score=Score(...))``). The card play is in
engine.players.club_play. Randomness is not needed: the Club player is deterministic.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.core.actions import DECLINE, DEFEND_ALONE, ORDER, ORDER_ALONE, PASS, Kind, call, discard, name
from engine.core.cards import Card, Suit
from engine.core.hand import Phase
from engine.core.ranking import effective_table
from engine.core.seats import same_side
from engine.core.view import SeatView
from engine.players.base import Decision
from engine.players.club_play import choose_play
from engine.players.evaluate import (
    ALONE_THRESHOLD,
    DEFEND_ALONE_THRESHOLD,
    Score,
    alone_worthwhile,
    best_discard,
    bid_strength,
    call_threshold,
    dealer_hand,
    describe_facts,
    hand_facts,
    strong_enough_alone,
    trick_estimate,
)

ROLES = 8  # decisions a caution table covers: 2 * (seat left of the dealer) + round


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

    def base_need(self, view: SeatView) -> float:
        """The call threshold before the seat-and-round caution."""
        return call_threshold(view.rules, self.score) - self.boldness

    def _role(self, view: SeatView) -> int:
        return 2 * ((view.seat - view.dealer) % view.players) + (1 if view.phase is Phase.BID2 else 0)

    def _need(self, view: SeatView) -> float:
        need = self.base_need(view)
        if self.caution:
            need += self.caution[self._role(view)]
        return need

    def _alone_need(self, view: SeatView) -> float:
        """The trick estimate it wants (with the top trump) before going alone."""
        if len(self.caution) > ROLES:
            return ALONE_THRESHOLD + self.caution[ROLES + self._role(view)]
        return ALONE_THRESHOLD

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} is not to act (phase {view.phase.value})")
        phase = view.phase
        if phase is Phase.PLAY:
            if len(legal) == 1:
                card = legal[0].card
                assert card is not None
                why = "the only legal card" if len(view.hand) > 1 else "your last card"
                return Decision(legal[0], f"Play the {card.short}: {why}.")
            action, reason = choose_play(view)
            return Decision(action, reason)
        if phase is Phase.BID1:
            return self._round_one(view)
        if phase is Phase.BID2:
            return self._round_two(view)
        if phase is Phase.DISCARD:
            return self._discard(view)
        if phase is Phase.NAME:
            return self._name_joker(view)
        if phase is Phase.DEFEND:
            return self._defend(view)
        raise ValueError(f"no decision in phase {phase.value}")  # pragma: no cover

    # ---- round 1 ---------------------------------------------------------
    def _round_one(self, view: SeatView) -> Decision:
        up = view.upcard
        trump = up.suit
        assert trump is not None
        rules = view.rules
        strength = bid_strength(view, trump)
        need = self._need(view)
        dealer = view.seat == view.dealer
        hand = view.hand
        if dealer:
            hand, _ = dealer_hand(view.hand, up, trump)
        facts = describe_facts(hand_facts(hand, trump))
        where = _upcard_side(view)
        alone_ok = ORDER_ALONE in view.legal and alone_worthwhile(rules, self.score)
        if alone_ok and strong_enough_alone(hand, trump, rules, self._alone_need(view)):
            verb = "Pick up" if dealer else "Order up"
            return Decision(
                ORDER_ALONE,
                f"{verb} the {up.short} and go alone: {facts} — strong enough to take all five tricks without help.",
            )
        if strength >= need:
            verb = "Pick up" if dealer else ("Assist: order up" if where == "partner" else "Order up")
            extra = {"partner": " (your partner, the dealer, gets the upcard)",
                     "opponent": " even though the dealer gets the upcard", "me": ""}[where]
            return Decision(ORDER, f"{verb} the {up.short}: {facts}{extra} — about {strength:.1f} tricks.")
        if dealer:
            return Decision(PASS, f"Turn it down: with the {up.short} you would hold {facts} — too weak to make {trump.noun}.")
        extra = " and the dealer would gain the upcard" if where == "opponent" else ""
        return Decision(PASS, f"Pass: with {trump.noun} as trump you hold {facts}{extra} — not enough to make it.")

    # ---- round 2 ---------------------------------------------------------
    def _round_two(self, view: SeatView) -> Decision:
        rules = view.rules
        suits = [a.suit for a in view.legal if a.kind is Kind.CALL and not a.alone]
        scored = sorted(
            ((bid_strength(view, s), s) for s in suits if s is not None), key=lambda p: (-p[0], int(p[1]))
        )
        strength, trump = scored[0]
        forced = PASS not in view.legal
        facts = describe_facts(hand_facts(view.hand, trump))
        tag = _next_tag(view, trump)
        alone_ok = call(trump, True) in view.legal and alone_worthwhile(rules, self.score)
        if alone_ok and strong_enough_alone(view.hand, trump, rules, self._alone_need(view)):
            return Decision(call(trump, True), f"Call {trump.noun}{tag} and go alone: {facts}.")
        if strength >= self._need(view):
            return Decision(call(trump), f"Call {trump.noun}{tag}: {facts} — about {strength:.1f} tricks.")
        if forced:
            return Decision(
                call(trump),
                f"Stick the dealer: you must name a suit; {trump.noun} is your best ({facts}).",
            )
        return Decision(PASS, f"Pass: your best suit, {trump.noun}, gives only {facts}.")

    # ---- dealer's discard, joker upcard, defend alone --------------------------
    def _discard(self, view: SeatView) -> Decision:
        trump = view.trump
        assert trump is not None
        up = view.upcard
        six = view.hand + (up,)
        out = best_discard(six, trump)
        if out == up:
            if DECLINE in view.legal:
                return Decision(DECLINE, f"Leave the {up.short}: it is worse than every card you hold.")
            if discard(up) not in view.legal:
                out = best_discard(view.hand, trump)
        if discard(out) not in view.legal:  # pragma: no cover - best_discard picks from legal cards
            out = best_discard(view.hand, trump)
        return Decision(discard(out), _discard_reason(out, six, trump))

    def _name_joker(self, view: SeatView) -> Decision:
        rules = view.rules
        options = sorted(((bid_strength(view, s), s) for s in Suit), key=lambda p: (-p[0], int(p[1])))
        strength, trump = options[0]
        five, _ = dealer_hand(view.hand, view.upcard, trump)
        facts = describe_facts(hand_facts(five, trump))
        if (
            name(trump, True) in view.legal
            and alone_worthwhile(rules, self.score)
            and strong_enough_alone(five, trump, rules, self._alone_need(view))
        ):
            return Decision(name(trump, True), f"Name {trump.noun} and go alone: with the joker you hold {facts}.")
        return Decision(name(trump), f"Name {trump.noun}, your best suit with the joker: {facts}.")

    def _defend(self, view: SeatView) -> Decision:
        trump = view.trump
        assert trump is not None
        estimate = trick_estimate(view.hand, trump, view.rules.joker)
        facts = describe_facts(hand_facts(view.hand, trump))
        if estimate >= DEFEND_ALONE_THRESHOLD:
            return Decision(DEFEND_ALONE, f"Defend alone: {facts} — a good chance of three tricks for 4 points.")
        return Decision(PASS, f"Let your partner help: {facts} is not enough to stop a loner by yourself.")


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


__all__ = ["ClubPlayer", "Score"]
