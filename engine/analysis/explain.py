"""Plain facts a teacher would say about a bidding decision, built from the hand and the analysis.

Nothing here is canned per example: every sentence is assembled from the cards
(``engine.players.evaluate.hand_facts``: trumps, bowers, off-aces, voids), the seat,
the upcard's role, the score and the simulated numbers.
"""

from __future__ import annotations

from engine.actions import Action, Kind
from engine.analysis.bidding import Analysis, OptionResult
from engine.cards import Card, Suit
from engine.players.evaluate import describe_facts, hand_facts
from engine.ranking import card_role
from engine.seats import partner, same_side, seat_name
from engine.view import SeatView


def option_trump(view: SeatView, action: Action) -> Suit | None:
    if action.kind is Kind.ORDER:
        return view.upcard.suit
    if action.kind in (Kind.CALL, Kind.NAME):
        return action.suit
    return None


def label(action: Action, discard: Card | None = None) -> str:
    """Short English for an option: 'order up alone', 'call spades', 'pick up, discard 9C'."""
    alone = " alone" if action.alone else ""
    if action.kind is Kind.PASS:
        return "pass"
    if action.kind is Kind.ORDER:
        text = "order up" + alone
        return f"{text} (discard {discard})" if discard is not None else text
    if action.kind in (Kind.CALL, Kind.NAME):
        assert action.suit is not None
        return f"{action.kind.value} {action.suit.noun}{alone}"
    return str(action)


def seat_sentence(view: SeatView) -> str:
    n = view.players
    me, dealer = view.seat, view.dealer
    dealer_name = seat_name(n, dealer)
    up = view.upcard.name
    if view.phase.value == "name":
        return "You are the dealer and the joker was turned up: you name trump and take the joker into your hand."
    if me == dealer:
        if view.phase.value == "bid1":
            return f"You are the dealer: if the {up} is ordered you pick it up and discard a card."
        return "You are the dealer and speak last in round 2" + (
            ": stick the dealer — you must name a suit." if view.rules.stick_the_dealer else "."
        )
    position = (me - dealer) % n
    order = ("first", "second", "third")[position - 1]
    partner_deals = partner(n, me) == dealer
    who = "your partner" if partner_deals else "an opponent"
    if view.phase.value == "bid1":
        return (
            f"You bid {order}, and the dealer ({dealer_name}) is {who}: ordering up puts the {up} "
            f"in {'your partner' if partner_deals else 'the opponent'}'s hand."
        )
    return f"You bid {order} in round 2; the dealer ({dealer_name}) is {who}."


def upcard_sentence(view: SeatView) -> str | None:
    """What the upcard is worth to whoever gets it (round 1 only)."""
    if view.phase.value != "bid1" or view.upcard.suit is None:
        return None
    trump = view.upcard.suit
    role = card_role(view.upcard, trump)
    kind = role if role else "a trump"
    me, dealer, n = view.seat, view.dealer, view.players
    if me == dealer:
        return f"Picking up gives you the {view.upcard.name} ({kind}) in exchange for your worst card."
    if partner(n, me) == dealer:
        return f"Ordering (assisting) hands your partner the {view.upcard.name} — {kind}."
    return f"Ordering hands the dealer, an opponent, the {view.upcard.name} — {kind}."


def round2_sentence(view: SeatView) -> str | None:
    if view.turned_down is None or view.phase.value != "bid2":
        return None
    down = view.turned_down
    next_suit = down.partner
    dealer_side = same_side(view.players, view.dealer, view.seat)
    if dealer_side:
        return (
            f"{down.noun.capitalize()} were turned down, so {next_suit.noun} ('next', same colour) tend to "
            f"favour the other side; the dealer's side usually looks at the other colour."
        )
    return (
        f"{down.noun.capitalize()} were turned down and the dealer did not want them: {next_suit.noun} "
        f"('next', same colour) is the classic call for the dealer's opponents — its left bower is no longer "
        f"in the dealer's hand."
    )


def score_sentence(view: SeatView, score: tuple[int, int] | None, analysis: Analysis) -> str | None:
    if score is None:
        return None
    us, them = score
    target = view.rules.target
    text = f"The score is {us}–{them}: you need {target - us}, they need {target - them}."
    if analysis.base_win is not None:
        text += f" Your side's chance of winning the game is about {analysis.base_win:.0%} before this hand."
    best_points = max(analysis.options, key=lambda o: o.realistic.ev)
    if analysis.by_win_chance and best_points.action != analysis.recommendation:
        text += (
            f" The score changes the call: {label(best_points.action)} scores more points on average, but "
            f"{label(analysis.recommendation)} gives the better chance to win the game."
        )
    return text


def _numbers(o: OptionResult) -> str:
    r = o.realistic
    if o.action.kind is Kind.PASS:
        base = f"passing is worth {r.ev:+.2f} points a hand"
        if r.p_thrown_in > 0.005:
            base += f" (thrown in {r.p_thrown_in:.0%})"
        return base + f"; your side ends up making trump {r.p_we_make:.0%} of the time"
    text = f"{label(o.action, o.discard)} makes {r.p_make:.0%} (march {r.p_march:.0%}, euchred {r.p_euchred:.0%}), worth {r.ev:+.2f} points a hand"
    return text


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def explain(view: SeatView, analysis: Analysis, score: tuple[int, int] | None = None) -> list[str]:
    """The explanation lines for an analysis, most important last-but-first: the verdict."""
    best = analysis.option(analysis.recommendation)
    lines: list[str] = []
    unit = "chance of winning the game" if analysis.by_win_chance else "points a hand"
    margin = f"{analysis.margin:.1%}" if analysis.by_win_chance else f"{analysis.margin:.2f}"
    if analysis.runner_up is not None:
        runner = analysis.option(analysis.runner_up)
        lines.append(
            f"Best: {label(best.action, best.discard)}, ahead of {label(runner.action, runner.discard)} "
            f"by {margin} ({unit})."
        )
    else:
        lines.append(f"Only one choice: {label(best.action, best.discard)}.")
    trump = option_trump(view, best.action)
    hand = view.hand
    if trump is None and analysis.runner_up is not None:
        trump = option_trump(view, analysis.runner_up)
    if trump is not None:
        if best.discard is not None and view.upcard not in hand:
            hand = tuple(c for c in hand if c != best.discard) + (view.upcard,)
        facts = hand_facts(hand, trump)
        lines.append(f"With {trump.noun} as trump you would hold {describe_facts(facts)}.")
    lines.append(seat_sentence(view))
    for extra in (upcard_sentence(view), round2_sentence(view), score_sentence(view, score, analysis)):
        if extra:
            lines.append(extra)
    lines.append(_sentence(_numbers(best)))
    if analysis.runner_up is not None:
        lines.append(_sentence(_numbers(analysis.option(analysis.runner_up))))
    if best.ceiling is not None:
        top = max(analysis.options, key=lambda o: o.ceiling.ev if o.ceiling else -99)
        if top.action != best.action and top.ceiling is not None:
            lines.append(
                f"With every card face up and perfect play (the ceiling), {label(top.action)} would score "
                f"more ({top.ceiling.ev:+.2f}); the recommendation uses realistic play."
            )
    lines.append(
        f"Realistic: the other seats bid by the sound bidding model (a best response to itself) and "
        f"every seat plays its cards as the club player does, on {analysis.n} sampled deals that fit "
        f"the passes."
    )
    return lines
