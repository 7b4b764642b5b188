"""What the practice table shows, as plain values: button labels, what each seat did last, why a
card is disabled, the traditional score cards. Pure functions of engine values (the page only
draws them)."""

from __future__ import annotations

from engine.actions import Action, Kind
from engine.cards import Card, Suit
from engine.hand import HandState, Phase
from engine.narration import describe
from engine.ranking import effective_table, left_bower
from engine.seats import seat_name
from practice.session import LEARNER, Move


def singular(suit: Suit) -> str:
    return suit.noun[:-1]


def action_label(hand: HandState, action: Action) -> str:
    """The button text for a bidding action of the seat to act."""
    seat = hand.to_act
    dealer = seat == hand.dealer
    alone = " alone" if action.alone else ""
    k = action.kind
    if k is Kind.PASS:
        if hand.phase is Phase.DEFEND:
            return "Don't defend alone"
        if hand.phase is Phase.BID1 and dealer:
            return "Turn it down"
        return "Pass"
    if k is Kind.ORDER:
        return ("Pick it up" if dealer else "Order it up") + alone
    if k in (Kind.CALL, Kind.NAME):
        assert action.suit is not None
        verb = "Call" if k is Kind.CALL else "Name"
        return f"{verb} {action.suit.symbol} {action.suit.noun}{alone}"
    if k is Kind.DEFEND_ALONE:
        return "Defend alone"
    if k is Kind.DECLINE:
        return f"Leave the {hand.upcard.short} on the kitty"
    return str(action)


def done_label(before: HandState, action: Action, seen: bool = True) -> str:
    """What the seat to act in ``before`` did, as the few words its place at the table shows:
    'Passed', 'Turned it down', 'Ordered it up alone', 'Called ♠ spades', 'Led the K♦'. A discard
    names its card only when ``seen`` (the learner's own; the others' discards are face down)."""
    dealer = before.to_act == before.dealer
    alone = " alone" if action.alone else ""
    k = action.kind
    if k is Kind.PASS:
        if before.phase is Phase.DEFEND:
            return "Did not defend alone"
        return "Turned it down" if before.phase is Phase.BID1 and dealer else "Passed"
    if k is Kind.ORDER:
        return ("Picked it up" if dealer else "Ordered it up") + alone
    if k in (Kind.CALL, Kind.NAME):
        assert action.suit is not None
        return f"{'Called' if k is Kind.CALL else 'Named'} {action.suit.symbol} {action.suit.noun}{alone}"
    if k is Kind.DISCARD:
        assert action.card is not None
        return f"Discarded the {action.card.short}" if seen else "Discarded a card face down"
    if k is Kind.DECLINE:
        return f"Left the {before.upcard.short}"
    if k is Kind.DEFEND_ALONE:
        return "Defends alone"
    assert action.card is not None
    return f"{'Played' if before.trick else 'Led'} the {action.card.short}"


def latest_actions(now: HandState, moves: tuple[Move, ...]) -> dict[int, str]:
    """Each seat's latest action this hand (``done_label``), for its place at the table. A pass
    from the first round of bidding says so once the second round has begun."""
    latest: dict[int, str] = {}
    for move in moves:
        text = done_label(move.before, move.action, seen=move.seat == LEARNER)
        if now.phase is Phase.BID2 and move.before.phase is Phase.BID1 and move.action.kind is Kind.PASS:
            text = "Passed in round 1" if text == "Passed" else f"{text} (round 1)"
        latest[move.seat] = text
    return latest


def move_line(move: Move) -> str:
    """One move of the hand in a sentence, as the hand's log lists it; another seat's discard
    stays face down (``engine.narration.describe`` names the card)."""
    if move.action.kind is Kind.DISCARD and move.seat != LEARNER:
        return f"{seat_name(move.before.players, move.seat)} discards a card face down."
    return describe(move.before, move.action)


def choice_text(hand: HandState, action: Action) -> str:
    """Any action of the seat to act in ``hand`` as a short instruction: 'Play the K♦', 'Order it up'."""
    if action.card is not None and action.kind in (Kind.PLAY, Kind.DISCARD):
        verb = "Play" if action.kind is Kind.PLAY else "Discard"
        return f"{verb} the {action.card.short}"
    return action_label(hand, action)


def disabled_reasons(hand: HandState, seat: int, cards: tuple[Card, ...]) -> dict[Card, str]:
    """For each of ``cards`` that ``seat`` may not choose now, the reason in one sentence."""
    if hand.is_over:
        return dict.fromkeys(cards, "The hand is over.")
    if hand.to_act != seat:
        who = seat_name(hand.players, hand.to_act) if hand.to_act is not None else "nobody"
        return dict.fromkeys(cards, f"Wait: it is {who}'s turn.")
    if hand.phase is Phase.DISCARD:
        return {}
    if hand.phase is not Phase.PLAY:
        return dict.fromkeys(cards, "Bid first: cards are played once trump is made.")
    legal = {a.card for a in hand.legal_actions()}
    return {c: follow_reason(hand, c) for c in cards if c not in legal}


def follow_reason(hand: HandState, card: Card) -> str:
    """Why ``card`` may not be played: the led suit must be followed ("You must follow hearts —
    the J♦ is a heart this hand")."""
    assert hand.trump is not None and hand.trick and hand.to_act is not None
    eff = effective_table(hand.trump)
    led = eff[hand.trick[0][1]]
    follow = [c for c in hand.hands[hand.to_act] if eff[c] == led]
    text = f"You must follow {led.noun}"
    if card.suit == led and eff[card] != led:
        return f"{text} — the {card.short} is the left bower, a {singular(hand.trump)} this hand."
    tricky = [c for c in follow if c.suit != led]
    if tricky:
        c = tricky[0]
        role = "the joker" if c.is_joker else f"the {c.short}"
        why = " (the left bower)" if c == left_bower(hand.trump) else ""
        return f"{text} — {role} is a {singular(led)} this hand{why}."
    return f"{text}: you hold {', '.join(c.short for c in follow)}."


def spare_cards(score: int) -> tuple[int, int]:
    """Traditional score keeping with a 4 and a 6 (docs/rules.md §11): pips showing on (the 4, the 6).

    0: both face down; 1-4: the 4 face up, partly covered by the face-down 6; 5: the 6 face up,
    partly covered; 6: the 6 alone; 7-10: the 6 face up and that many more pips of the 4.
    """
    n = max(0, min(10, score))
    if n <= 4:
        return n, 0
    if n <= 6:
        return 0, n
    return n - 6, 6


def spare_cards_svg(score: int, colour: str = "#c8102e", label: str = "") -> str:
    """The two spare cards as a small inline SVG: visible pips count the score (0-10)."""
    four, six = spare_cards(score)
    parts = []
    for x, total, showing in ((4, 4, four), (52, 6, six)):
        face_up = showing > 0
        fill = "#ffffff" if face_up else "#1b6e3a"
        parts.append(f'<rect x="{x}" y="4" width="44" height="62" rx="5" fill="{fill}" stroke="#555"/>')
        for i in range(showing):
            cx = x + 14 + (i % 2) * 16
            cy = 14 + (i // 2) * 16
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="5" fill="{colour}"/>')
        if face_up and showing < total:
            parts.append(f'<rect x="{x}" y="{8 + ((showing + 1) // 2) * 16}" width="44" height="'
                         f'{62 - ((showing + 1) // 2) * 16 - 4}" rx="3" fill="#1b6e3a" opacity="0.9"/>')
    title = f"{label} {score} points".strip()
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 70" width="100" height="70" role="img" '
            f'aria-label="{title}" data-score="{score}"><title>{title}</title>{"".join(parts)}</svg>')
