"""The Club player's card play: classic rules of thumb, each with its reason.

Leading: lead trump when your side made it (the top trump first — the right bower
saves the left), cash winners (the highest card left in a suit), lead back your
partner's suit, otherwise a low card. Following: second hand low, third hand high
(also over a partner's card that may still be beaten), don't trump your partner's sure
winner, ruff with the lowest trump that wins, win as cheaply as you can when last, and
throw off low cards (keep aces, make a void, never waste a trump; against a maker with
no partner keep a card in every suit instead of making a void).
"""

from __future__ import annotations

from engine.core.actions import Action, play
from engine.core.cards import ACE, Card, Suit
from engine.core.ranking import left_bower, right_bower, strength_table
from engine.core.view import SeatView
from engine.players.tracking import Table, read_table


def choose_play(view: SeatView) -> tuple[Action, str]:
    t = read_table(view)
    cards = [a.card for a in view.legal if a.card is not None]
    if not view.trick:
        card, reason = _lead(view, t, cards)
    else:
        mate = "your partner" if view.players == 4 else "the other defender"
        card, reason = _follow(t, cards, mate, keep_guards=against_lone_maker(view))
    return play(card), reason


def against_lone_maker(view: SeatView) -> bool:
    """This seat defends against a maker without a partner: a loner, or any maker of the
    three- and two-player games (the throw-off keeps guards then, see ``throw_off``)."""
    return (view.alone or view.players < 4) and not view.is_maker_side(view.seat)


# ---- leading -----------------------------------------------------------------


def _lead(view: SeatView, t: Table, cards: list[Card]) -> tuple[Card, str]:
    trump = t.trump
    eff = t.eff
    trumps = sorted((c for c in cards if eff[c] == trump), key=t.power, reverse=True)
    plain = [c for c in cards if eff[c] != trump]
    trumps_out = t.top_out[trump] > 0
    bosses = sorted((c for c in plain if t.is_boss(c)), key=lambda c: (_suit_count(c, cards, t), -c.rank))
    if view.is_maker_side(view.seat) and trumps:
        top = trumps[0]
        i_made = view.maker == view.seat
        who = "you made trump" if i_made else "your partner made trump"
        if not trumps_out:
            return top, f"Lead the {top.short}: no trumps are left against you, so it wins."
        if t.is_boss(top):
            if _is_right(top, trump) and any(_is_left(c, trump) for c in trumps):
                return top, (
                    f"Lead the right bower ({top.short}): {who} and hold both bowers — "
                    "the right pulls their trumps and saves the left, which becomes the top trump."
                )
            return top, f"Lead the {top.short}: {who} and it is the highest trump left — pull their trumps."
        if (i_made and len(trumps) >= 3) or (len(trumps) >= 2 and not bosses):
            low = trumps[-1]
            return low, f"Lead trump ({low.short}): {who}; a low trump draws out the opponents' trumps."
    if bosses:
        c = bosses[0]
        return c, f"Cash the {c.short}: it is the highest {eff[c].noun[:-1]} left."
    if trumps and not plain:
        top = trumps[0]
        if t.is_boss(top):
            return top, f"Lead the {top.short}: only trumps left and it is the highest."
        low = trumps[-1]
        return low, f"Lead the {low.short}: only trumps left; keep the higher ones."
    partner_suits = _partner_led_suits(view, t)
    back = [c for c in plain if eff[c] in partner_suits]
    if back:
        c = max(back, key=lambda c: c.rank) if any(t.is_boss(x) for x in back) else min(back, key=lambda c: c.rank)
        return c, f"Lead back your partner's suit ({eff[c].noun}) with the {c.short}."
    if not plain:  # pragma: no cover - covered by the trump branches above
        return trumps[-1], f"Lead the {trumps[-1].short}."
    c = min(plain, key=lambda c: (c.rank, _suit_count(c, cards, t)))
    if trumps:
        c = min(plain, key=lambda c: (_suit_count(c, cards, t), c.rank))
        if _suit_count(c, cards, t) == 1:
            return c, f"Lead the {c.short}: a low singleton, so you can trump that suit later."
    return c, f"Lead a low card ({c.short}): you have no sure winner to cash."


def _partner_led_suits(view: SeatView, t: Table) -> set[Suit]:
    return {
        t.eff[trick.plays[0][1]]
        for trick in view.tricks
        if trick.leader in t.teammates and t.eff[trick.plays[0][1]] != t.trump
    }


# ---- following -----------------------------------------------------------------


def _follow(t: Table, cards: list[Card], mate: str, keep_guards: bool) -> tuple[Card, str]:
    """``keep_guards``: this seat defends against a maker without a partner (see ``throw_off``)."""
    trump = t.trump
    eff = t.eff
    led = t.led
    assert led is not None and t.winner is not None
    table = strength_table(trump, led)
    can_follow = eff[cards[0]] == led and all(eff[c] == led for c in cards)
    opps_after = t.opponents_after()

    def holds(power: int) -> bool:
        """Would a card of this strength in this trick survive the opponents still to play?"""
        if not opps_after:
            return True
        if power > 20:  # a trump is winning
            return power > t.top_out[trump]
        if power < t.top_out[led]:
            return False
        return not any(t.may_ruff(o, led) for o in opps_after)

    winners = sorted((c for c in cards if table[c] > t.win_power), key=lambda c: table[c])
    safe_winners = [c for c in winners if holds(table[c])]
    if t.winner in t.teammates:
        if holds(t.win_power):
            c, why = throw_off(t, cards, can_follow, keep_guards)
            if not can_follow and eff[c] != trump and any(eff[x] == trump for x in cards):
                return c, f"{mate.capitalize()} is winning this trick: don't trump it — throw the {c.short}."
            return c, f"{mate.capitalize()} is winning this trick: play low ({c.short}{why})."
        if safe_winners:
            c = sure_winner(t, winners, safe_winners, can_follow)
            return c, f"Third hand high: the {c.short} makes sure your side takes the trick."
        over = [c for c in winners if any(t.win_power < table[x] < table[c] for x in t.outstanding)]
        if over:
            c = over[0]
            return c, (f"Third hand high: {mate}'s card may be beaten, so play the {c.short} over it — "
                       "the opponents must play higher to take the trick.")
        c, why = throw_off(t, cards, can_follow, keep_guards)
        return c, f"{mate.capitalize()} is winning and you cannot beat that card: play low ({c.short}{why})."
    if not winners:
        c, why = throw_off(t, cards, can_follow, keep_guards)
        return c, f"You cannot win this trick: play your lowest ({c.short}{why})."
    if not opps_after:
        c = winners[0]
        return c, f"Win it as cheaply as you can: the {c.short} takes the trick and nobody after you can beat it."
    teammate_after = any(s in t.teammates for s in t.after)
    if teammate_after:
        if can_follow:
            if safe_winners:
                c = safe_winners[0]
                return c, f"Take it with the {c.short}: it is the highest {led.noun[:-1]} left."
            c, why = throw_off(t, cards, can_follow, keep_guards)
            return c, f"Second hand low: keep your {led.noun} and leave the trick to {mate} ({c.short}{why})."
        if t.win_power >= t.top_out[led] or t.win_power > 20:
            c = sure_winner(t, winners, safe_winners, following=False)
            return c, f"Trump it with the {c.short}: {mate} cannot beat that card in suit."
        c, why = throw_off(t, cards, can_follow, keep_guards)
        return c, f"Second hand low: {mate} may win this one ({c.short}{why})."
    if safe_winners:
        c = sure_winner(t, winners, safe_winners, can_follow)
        return c, f"Third hand high: the {c.short} wins and nobody after you can beat it."
    c = winners[-1] if can_follow else winners[0]
    if can_follow:
        return c, f"Third hand high: the {c.short} forces out their higher cards."
    return c, f"Trump it with the {c.short}: the opponents are winning."


def sure_winner(t: Table, winners: list[Card], safe_winners: list[Card], following: bool) -> Card:
    """The card to take the trick with (``safe_winners`` is not empty, or ``following`` is
    False). Following suit, the lowest that nothing unseen beats. Ruffing, the lowest trump that
    wins, since an opponent still to play who holds the suit must follow it; only when one of
    them has shown out of the suit (and may overruff) the lowest that no trump left can beat.
    Ruffing with a bower where a 9 would do throws away a trick later (bench/play_regret.py:
    the lowest trump gained 0.3 to 0.8 a ruff over the safest one; a duplicate match, 0.033
    points a hand)."""
    assert t.led is not None
    if following:
        return safe_winners[0]
    overruff = any(t.may_ruff(o, t.led) for o in t.opponents_after())
    return safe_winners[0] if overruff and safe_winners else winners[0]


def held_back(t: Table, card: Card) -> bool:
    """An ace or the highest card left in its suit: the last plain card to throw off."""
    return t.is_boss(card) or card.rank == ACE


def throw_off(t: Table, cards: list[Card], following: bool, keep_guards: bool) -> tuple[Card, str]:
    """The cheapest card to give up, and a few words on why.

    Off suit, the lowest plain card that is not a winner (the highest left in its suit, or
    an ace), preferring one that makes a void so a later lead of that suit can be trumped.
    Against a maker without a partner (``keep_guards``: a loner, and every maker in the
    three- and two-player games) the preference turns round: a card that keeps a suit you
    hold is thrown first. Such a maker pulls trump and leads its own winners, so a void
    seldom gets ruffed, while every card you keep may guard a winner in that suit
    (bench/defence_check.py --decision throw: making the void loses 0.03 a throw against a
    loner, 0.016 in cutthroat, 0.035 two-handed).
    """
    trump = t.trump
    eff = t.eff
    if following or all(eff[c] == trump for c in cards):
        return min(cards, key=t.power), ""
    plain = [c for c in cards if eff[c] != trump]

    def makes_void(c: Card) -> bool:
        return _suit_count(c, cards, t) == 1

    c = min(plain, key=lambda c: (held_back(t, c), makes_void(c) == keep_guards, c.rank))
    if makes_void(c) and len(plain) > 1:
        return c, f", which makes you void in {eff[c].noun}"
    if keep_guards and any(makes_void(x) and not held_back(t, x) for x in plain):
        return c, ", keeping a card in every suit against a maker with no partner"
    return c, ""


def _suit_count(card: Card, cards: list[Card], t: Table) -> int:
    s = t.eff[card]
    return sum(1 for c in cards if t.eff[c] == s)


def _is_right(card: Card, trump: Suit) -> bool:
    return card == right_bower(trump)


def _is_left(card: Card, trump: Suit) -> bool:
    return card == left_bower(trump)
