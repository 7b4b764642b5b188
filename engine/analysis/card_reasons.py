"""Why a card, a discard or a defend-alone choice is right or wrong, in a club player's words.

The practice table's coach values every legal choice and names the best; this module says why,
in Euchre terms, from the seat's own view (its hand, the upcard, the tricks so far, the trick in
progress, who made trump and who plays alone): draw trump, cash a winner, don't trump your
partner's winner, second hand low, third hand high, make a void, keep a guard against a lone
maker, lead through the maker. It never looks at hidden cards and draws nothing at random.

>>> from engine.core.hand import HandState
>>> from engine.core.view import view_of
>>> state = HandState.from_text("standard/3/JH-JD-AH-KS-9C,TC-QC-KC-AD-QD,9S-TS-QS-AS-KD,JC-JS-TD-9D-TH/9H/order,discard-9D")
>>> view = view_of(state, 0)  # South made hearts and leads
>>> choice_reason(view, Action.parse("play JH"))
"Lead the right bower (J♥): you made trump, so draw the opponents' trumps with the highest one left."
>>> mistake_reason(view, Action.parse("play KS"), Action.parse("play JH")).split(". ")[0]
"Leading the K♠ leaves the opponents' trumps out, free to trump your side's winners"
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.action_words import Tense, action_words
from engine.core.actions import Action, Kind
from engine.core.cards import ACE, Card, make_deck
from engine.core.hand import Phase
from engine.core.ranking import card_role, strength_table, trump_order
from engine.core.view import SeatView
from engine.players.club import _discard_reason
from engine.players.evaluate import describe_facts, hand_facts
from engine.players.tracking import Table, read_table

GENERAL = "{what} keeps more tricks for your side on most layouts of the hidden cards."


def choice_reason(view: SeatView, action: Action) -> str:
    """Why ``action`` is a good choice at ``view`` (the seat to act's own view): one sentence in
    Euchre words, with a capital and a full stop. Plays, the dealer's discard (or leaving the
    upcard) and the defend-alone choice get a specific reason; anything else a general one."""
    card = action.card
    if view.trump is not None and card is not None and action.kind is Kind.PLAY:
        return _play_reason(_spot(view, card))
    if view.trump is not None and card is not None and action.kind is Kind.DISCARD:
        return _discard_choice(view, card)
    if action.kind is Kind.DECLINE:
        return f"Leave the {_name(view.upcard)}: every card you hold is worth more to your hand."
    if view.phase is Phase.DEFEND and view.trump is not None:
        facts = describe_facts(hand_facts(view.hand, view.trump))
        if action.kind is Kind.DEFEND_ALONE:
            return (
                f"Defend alone: with {facts}, you can take three tricks against the loner by yourself, "
                "and that euchre scores 4 points."
            )
        return f"Let your partner help: with {facts}, two defenders stop a loner more often than you alone."
    return GENERAL.format(what=f"The {_name(card)}" if card is not None else "This choice")


def mistake_reason(view: SeatView, chosen: Action, best: Action) -> str:
    """Why ``best`` is better than ``chosen`` at ``view``: what ``chosen`` risks (trumping the
    partner's winner, throwing the last guard, discarding a bower, leading trump into the makers,
    letting the needed trick go, ...), then what ``best`` does. One or two sentences."""
    better = choice_reason(view, best)
    if chosen == best:
        return better
    risk = None
    if view.trump is not None and chosen.card is not None and best.card is not None:
        if chosen.kind is Kind.PLAY:
            risk = _play_risk(_spot(view, chosen.card), best.card)
        elif chosen.kind is Kind.DISCARD:
            risk = _discard_risk(view, chosen.card, best.card)
    elif chosen.kind is Kind.DECLINE:
        risk = f"Leaving the {_name(view.upcard)} gives up a trump your hand could use."
    elif best.kind is Kind.DECLINE and chosen.card is not None:
        risk = f"Taking the {_name(view.upcard)} cost you the {_name(chosen.card)}, which was worth more."
    elif chosen.kind is Kind.DEFEND_ALONE:
        risk = "Defending alone sends your partner's cards out of the hand: you must take three tricks by yourself."
    elif best.kind is Kind.DEFEND_ALONE:
        risk = "Passing gave up a lone defence: a euchre by yourself scores 4 points instead of 2."
    what = f"The {_name(chosen.card)}" if chosen.card is not None else "That choice"
    return (
        f"{risk or what + ' takes fewer tricks for your side on most layouts of the hidden cards.'} {better}"
    )


def tie_reason(view: SeatView, chosen: Action, best: Action) -> str:
    """Why ``chosen`` is as good as ``best`` although ``best`` came first: the two do as well within
    what the layouts of the hidden cards can tell, and why each is played, the better one first (so
    the reason never explains the learner's choice alone beside a column that names another).

    'Too close to call: your J♠ does as well as the Q♦ on the layouts of the hidden cards. Why the
    Q♦: Take over from your partner … Why yours: …'"""
    if chosen.card is not None and best.card is not None:
        ours, theirs = f"your {_name(chosen.card)}", f"the {_name(best.card)}"
    else:
        ours, theirs = action_words(chosen, Tense.GERUND), action_words(best, Tense.GERUND)
    return (
        f"Too close to call: {ours} does as well as {theirs} on the layouts of the hidden cards. "
        f"Why {theirs}: {choice_reason(view, best)} Why {'yours' if chosen.card is not None else ours}: "
        f"{choice_reason(view, chosen)}"
    )


# ---- the seat's situation ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Spot:
    """One card weighed at the seat's turn in the play, with what the seat can work out."""

    view: SeatView
    t: Table
    card: Card
    makers: bool  # the seat's side made trump
    mate: str  # "your partner", "the other defender", or "" with nobody on the seat's side
    foe: str  # "the opponents", "the makers", "the lone maker", "your opponent", ...
    lone: bool  # the seat defends against a maker who plays alone (a loner, or cutthroat)

    def beats(self, card: Card) -> bool:
        """Would ``card`` take the lead of the trick in progress?"""
        led = self.t.led
        return led is not None and strength_table(self.t.trump, led)[card] > self.t.win_power

    def certain(self, card: Card) -> bool:
        """Nobody on the other side still to play can beat ``card`` (it beats the trick so far)."""
        t = self.t
        return self.beats(card) and (not t.opponents_after() or (t.eff[card] == t.trump and t.is_boss(card)))

    def holds(self, card: Card, power: int) -> bool:
        """A card of ``power`` in the trick keeps it as far as the seat can tell."""
        t, foes = self.t, self.t.opponents_after()
        if not foes or t.led is None or t.eff[card] == t.trump:
            return not foes or power > t.top_out[t.trump]
        return power > t.top_out[t.led] and not any(t.may_ruff(s, t.led) for s in foes)


def _spot(view: SeatView, card: Card) -> _Spot:
    t = read_table(view)
    makers = view.is_maker_side(view.seat)
    n = view.players
    mate = "" if not t.teammates else "your partner" if n == 4 else "the other defender"
    foe = (
        "your opponent"
        if n == 2
        else "the lone defender"
        if makers and view.lone_defender is not None
        else "the opponents"
        if makers
        else "the lone maker"
        if view.alone
        else "the maker"
        if n == 3
        else "the makers"
    )
    return _Spot(view, t, card, makers, mate, foe, not makers and (view.alone or n == 3))


def _name(card: Card) -> str:
    return "joker" if card.is_joker else card.short


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _poss(who: str) -> str:
    return who + "'" if who.endswith("s") else who + "'s"


def _one(s: _Spot, card: Card) -> str:
    return "trump" if s.t.eff[card] == s.t.trump else s.t.eff[card].noun[:-1]


def _cost(t: Table, card: Card) -> tuple[bool, int]:
    """How dear a card is to give up: any trump above any other card, then by rank."""
    return t.eff[card] == t.trump, t.power(card)


def _winning(s: _Spot) -> Card:
    assert s.t.led is not None
    return max((c for _, c in s.view.trick), key=strength_table(s.t.trump, s.t.led).__getitem__)


def _side_tricks(s: _Spot) -> int:
    return sum(1 for trick in s.view.tricks if trick.winner in s.t.teammates | {s.view.seat})


def _last_guard(s: _Spot, card: Card) -> bool:
    """``card`` is the seat's last card of a side suit that the lone maker may still hold."""
    t, maker, suit = s.t, s.view.maker, s.t.eff[card]
    return (
        s.lone
        and maker is not None
        and suit != t.trump
        and t.top_out[suit] > 0
        and (maker, suit) not in t.shown_out
        and sum(1 for h in s.view.hand if t.eff[h] == suit) == 1
    )


def _throw_note(s: _Spot) -> str:
    """For a card thrown off (neither following nor trumping): the void it makes or the guards it keeps."""
    t, card, hand = s.t, s.card, s.view.hand
    suit = t.eff[card]
    if suit in (t.led, t.trump):
        return ""
    if s.lone and not _last_guard(s, card) and any(_last_guard(s, h) for h in hand if h != card):
        return f", keeping a guard in every suit {s.foe} may hold"
    if not any(h != card and t.eff[h] == suit for h in hand) and any(t.eff[h] == t.trump for h in hand):
        return f", which makes you void in {suit.noun} so you can trump them later"
    return ""


def _needed(s: _Spot) -> str:
    """The tail for a trick that would be the side's third: the point, or the euchre."""
    if _side_tricks(s) != 2:
        return ""
    whose = "your side's" if s.mate else "your"
    return f", and it is {whose} third trick, " + (
        "enough to make your point" if s.makers else f"which euchres {s.foe}"
    )


# ---- the play ------------------------------------------------------------------------------


def _play_reason(s: _Spot) -> str:
    legal = tuple(a.card for a in s.view.legal if a.kind is Kind.PLAY and a.card is not None) or s.view.hand
    if len(legal) == 1:
        last = "your last card" if len(s.view.hand) == 1 else "your only legal card"
        return f"The {_name(s.card)} is {last}."
    if not s.view.trick:
        return _lead_reason(s)
    return _follow_reason(s, legal)


def _lead_reason(s: _Spot) -> str:  # noqa: C901 (older than the complexity rule: to split)
    t, card, c, view = s.t, s.card, _name(s.card), s.view
    trump = t.trump
    if t.eff[card] == trump:
        if s.makers:
            who = "you" if view.maker == view.seat else "your partner"
            if t.top_out[trump] == 0:
                return f"Lead the {c}: no other trumps are out, so it wins and keeps the lead."
            if t.is_boss(card):
                role = card_role(card, trump)
                called = f"{role} ({c})" if "bower" in role and not card.is_joker else c
                return f"Lead the {called}: {who} made trump, so draw {_poss(s.foe)} trumps with the highest one left."
            return f"Lead trump: {who} made it, so the {c} draws {_poss(s.foe)} trumps."
        if t.is_boss(card):
            return f"Lead the {c}: it is the highest trump left, so it takes the trick and pulls a trump from {s.foe}."
        if all(t.eff[h] == trump for h in view.hand):
            return f"Only trumps are left in your hand: lead the {c} and keep the higher ones."
        return f"Lead the {c}: a trump lead shortens {_poss(s.foe)} trumps before they can use them on your winners."
    if t.is_boss(card):
        return _cash(s)
    suit = t.eff[card]
    nxt = next(
        x % view.players for x in range(view.seat + 1, view.seat + 5) if x % view.players not in view.out
    )
    if not s.makers and s.mate and nxt == view.maker:
        maker = "the lone maker" if view.alone else "the maker"
        return f"Lead through {maker}: the {c} makes him play before {s.mate}, who sits over him."
    if any(tr.leader in t.teammates and t.eff[tr.plays[0][1]] == suit for tr in view.tricks):
        return f"Lead back {_poss(s.mate)} suit ({suit.noun}) with the {c}."
    if sum(1 for h in view.hand if t.eff[h] == suit) == 1 and any(t.eff[h] == trump for h in view.hand):
        return f"Lead the {c}, your only {_one(s, card)}: once it is gone you can trump {suit.noun}."
    if any((m, suit) in t.shown_out for m in t.teammates) and t.top_out[trump] > 0:
        return f"Lead the {c}: {s.mate} is out of {suit.noun} and may trump it."
    if not s.makers:
        return f"Lead the {c}: as a defender, lead an off suit rather than into {_poss(s.foe)} trumps."
    if not any(t.is_boss(h) for h in view.hand):
        return f"Lead the {c}: you hold no sure winner to cash, and it is a card you can spare."
    return GENERAL.format(what=f"The {c}")


def _cash(s: _Spot) -> str:
    """Leading the highest card left of an off suit, with why it is the highest."""
    t, card, view = s.t, s.card, s.view
    suit, one = t.eff[card], _one(s, card)
    above = [
        d
        for d in make_deck(view.rules.deck, view.rules.joker)
        if t.eff[d] == suit and t.power(d) > t.power(card)
    ]
    mine = [d for d in above if d in view.hand]
    gone = " and ".join(
        f"the {_name(d)} "
        + (
            "was turned down"
            if d == view.upcard
            else "was buried"
            if d == view.discarded
            else "has been played"
        )
        for d in above
    )
    why = (
        f"you hold the {_name(mine[0])} too, so nobody else has a higher {one}"
        if mine
        else f"{gone}, so it is the highest {one} left"
        if gone
        else f"it is the highest {one} left"
    )
    if not s.makers and t.top_out[t.trump] > 0:
        why += f" — take the trick before {s.foe} can trump {suit.noun}"
    return f"Cash the {_name(card)}: {why}."


def _follow_reason(s: _Spot, legal: tuple[Card, ...]) -> str:  # noqa: C901 (older than the complexity rule: to split)
    t, card, c, view = s.t, s.card, _name(s.card), s.view
    w = _winning(s)
    trump, led = t.trump, t.led
    assert led is not None
    ruff = t.eff[card] == trump and led != trump
    lowest = card == min(legal, key=lambda x: _cost(t, x))
    note = _throw_note(s)
    if t.winner in t.teammates:
        whose = f"{_poss(s.mate)} {_name(w)}"
        safe = s.holds(w, t.win_power)
        if not s.beats(card):
            if safe and t.eff[card] != trump and any(t.eff[h] == trump for h in legal):
                return f"{_cap(whose)} is winning the trick: don't trump it — throw the {c}{note}."
            low = "play low with the" if lowest else "let it stand and play the"
            return f"{_cap(whose)} is winning the trick: {low} {c}{note}."
        if safe:
            if lowest and all(s.beats(x) for x in legal):
                return f"{_cap(whose)} is winning, but every card you may play beats it: the {c} is the cheapest."
            return f"Take over from {s.mate} with the {c}: winning the trick yourself gives you the lead."
        third = "Third hand high" if len(view.trick) == 2 else "Play high"
        over = f"trump it with the {c}" if ruff else f"play the {c} over it"
        if s.certain(card):
            return f"{third}: {whose} may be beaten, so {over} and make sure your side takes the trick."
        return f"{third}: {whose} may be beaten, so {over} and make {s.foe} go higher."
    needed = _needed(s)
    if s.beats(card):
        winners = [x for x in legal if s.beats(x)]
        cheapest = len(winners) > 1 and card == min(winners, key=lambda x: _cost(t, x))
        if ruff:
            cheap = " (the lowest trump that wins)" if cheapest else ""
            return f"Trump it with the {c}{cheap} rather than let {s.foe} take the trick{needed}."
        if s.certain(card):
            how = "Win it as cheaply as you can" if cheapest else "Win it"
            return f"{how}: the {c} takes the trick and nobody after you can beat it{needed}."
        boss = f", the highest {_one(s, card)} left" if t.is_boss(card) else ""
        if len(view.trick) == 2 and view.trick[0][0] in t.teammates:
            also = boss or " and makes the last player go higher"
            return f"Third hand high: the {c} beats the {_name(w)}{also}{needed}."
        if boss:
            return f"Take the trick with the {c}{boss}{needed}."
        return (
            f"Play the {c} over the {_name(w)}: {s.foe} after you must go higher to take the trick{needed}."
        )
    if not any(s.beats(x) for x in legal):
        what = f"your lowest card, the {c}" if lowest else f"the {c}"
        return f"You cannot win this trick: throw {what}{note}."
    if len(view.trick) == 1 and s.mate and set(t.after) & t.teammates:
        return f"Second hand low: play the {c} and leave the trick to {s.mate}, who plays last."
    keep = max((x for x in legal if s.beats(x)), key=lambda x: _cost(t, x))
    return f"Let this trick go with the {c}{note}, and keep the {_name(keep)} for a later trick."


def _play_risk(s: _Spot, best: Card) -> str | None:  # noqa: C901 (older than the complexity rule: to split)
    """The specific risk of playing ``s.card`` where ``best`` was better, if one of the patterns fits."""
    t, card, c, view = s.t, s.card, _name(s.card), s.view
    suit, one, trump = t.eff[card], _one(s, card), t.trump
    if not view.trick:
        if suit == trump and not s.makers and t.eff[best] != trump:
            return f"Leading trump as a defender plays into {_poss(s.foe)} hand: it draws trumps, as the maker wants."
        if suit != trump and s.makers and t.eff[best] == trump and t.top_out[trump] > 0:
            return f"Leading the {c} leaves {_poss(s.foe)} trumps out, free to trump your side's winners."
        if t.is_boss(best) and not t.is_boss(card) and suit != trump:
            return f"The {c} can lose to a higher {one} still out."
        return None
    w = _winning(s)
    whose = _cap(f"{_poss(s.mate)} {_name(w)}")
    if t.winner in t.teammates and s.beats(card) and not s.beats(best) and s.holds(w, t.win_power):
        if suit == trump and t.led != trump:
            return f"{whose} was already winning: trumping it wastes a trump your side needs later."
        return f"{whose} was already winning: the {c} spends a high card on a trick your side had."
    if (
        t.winner in t.teammates
        and not s.beats(card)
        and not s.beats(best)
        and _cost(t, card) > _cost(t, best)
        and t.eff[card] == t.led
    ):
        return f"{whose} was already winning: the {c} is a higher card than the trick needs."
    if s.beats(card) and s.beats(best) and _cost(t, card) > _cost(t, best) and s.certain(best):
        return f"The {c} wins the trick too, but the {_name(best)} does it more cheaply and keeps the {c} for later."
    if t.winner not in t.teammates and not s.beats(card) and s.beats(best):
        if _side_tricks(s) == 2:
            return f"The {c} lets {s.foe} keep a trick you could win, and your side needs it for three."
        return f"The {c} lets {s.foe} keep a trick that the {_name(best)} wins."
    if s.beats(card) and not s.beats(best) and not s.certain(card):
        return f"The {c} can still be beaten by {s.foe} after you, so it may be wasted."
    if _last_guard(s, card) and suit != t.led:
        return (
            f"The {c} was your last {one}: against a lone maker keep a guard in every suit he may hold, "
            f"so his low {one} cannot win a trick."
        )
    if not s.beats(card) and suit not in (trump, t.led) and t.is_boss(card):
        return f"The {c} was the highest {one} left: throwing it away gives up a trick."
    if not s.beats(card) and suit == trump != t.eff[best] and t.led != trump:
        return f"The {c} is a trump that cannot win this trick, so it is wasted."
    return None


# ---- the discard ---------------------------------------------------------------------------


def _six(view: SeatView) -> tuple[Table, tuple[Card, ...]]:
    """The dealer's table and six cards (the five held and the upcard) before the discard."""
    return read_table(view), view.hand + (view.upcard,)


def _discard_choice(view: SeatView, card: Card) -> str:
    t, six = _six(view)
    trump = t.trump
    others = [c for c in six if t.eff[c] != trump]
    c = _name(card)
    if t.eff[card] == trump:
        if not others and card == min(six, key=lambda x: _cost(t, x)):
            return _discard_reason(card, six, trump)
        if not others:
            return f"Discard the {c}: every card is trump, and it is the one your hand needs least."
        return f"Discard the {c}: your other cards are worth more to this hand than that trump."
    void = not any(x != card and t.eff[x] == t.eff[card] for x in six)
    if void or (card.rank != ACE and card == min(others, key=lambda x: x.rank)):
        return _discard_reason(card, six, trump)
    return f"Discard the {c}: keep your trumps and the cards most likely to take a trick."


def _discard_risk(view: SeatView, card: Card, best: Card) -> str | None:
    t, six = _six(view)
    trump, c = t.trump, _name(card)
    if t.eff[card] == trump and t.eff[best] != trump:
        role = card_role(card, trump).split(" (")[0]
        if role != "trump":
            place = trump_order(trump, view.rules.deck, view.rules.joker).index(card)
            what = ("highest", "second-highest", "third-highest")[place]
            loss = "hands a sure trick away" if place == 0 else "throws away a trick"
            return f"The {c if card.is_joker else f'{role} ({c})'} is the {what} trump: discarding it {loss}."
        return f"The {c} is a trump: discarding it throws away a card that can trump the opponents' winners."
    if t.eff[card] != trump and card.rank == ACE and best.rank != ACE:
        return f"The {c} is an ace and may take a trick of its own: keep it and discard a low card."
    best_void = not any(x != best and t.eff[x] == t.eff[best] for x in six)
    if best_void and t.eff[best] != trump and any(x != card and t.eff[x] == t.eff[card] for x in six):
        return (
            f"Discarding the {c} makes no void: you keep the {_name(best)} and must follow "
            f"{t.eff[best].noun} with it instead of trumping."
        )
    return None


__all__ = ["choice_reason", "mistake_reason", "tie_reason"]
