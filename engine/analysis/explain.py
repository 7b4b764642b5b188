"""Plain facts a teacher would say about a bidding decision, built from the hand and the analysis.

Nothing here is canned per example: every sentence is assembled from the cards
(``engine.players.evaluate.hand_facts``: trumps, bowers, off-aces, voids), the seat,
the upcard's role, the score and the simulated numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.analysis.bidding import TIE_POINTS, Analysis, OptionResult, Stats
from engine.analysis.styles import DEFAULT_STYLE, TABLE_WORDS
from engine.core.actions import Action, Kind
from engine.core.cards import Card, Suit
from engine.core.ranking import card_role
from engine.core.seats import partner, same_side, seat_name
from engine.core.view import SeatView
from engine.players.evaluate import best_discard, describe_facts, hand_facts


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


def gerund(action: Action) -> str:
    """The option as a doing-word, for "better than ...": 'passing', 'ordering up alone', 'calling clubs'."""
    alone = " alone" if action.alone else ""
    if action.kind is Kind.PASS:
        return "passing"
    if action.kind is Kind.ORDER:
        return "ordering up" + alone
    if action.kind in (Kind.CALL, Kind.NAME):
        assert action.suit is not None
        return f"{'calling' if action.kind is Kind.CALL else 'naming'} {action.suit.noun}{alone}"
    return str(action)


def makes_trump(action: Action) -> bool:
    """Does this option name trump for the learner's side (so its makers are you)?"""
    return action.kind in (Kind.ORDER, Kind.CALL, Kind.NAME)


# ---- numbers, one format everywhere: points with a sign and 2 decimals, chances in whole percents


def points(x: float) -> str:
    """'+1.29', '-0.40', '+0.00' (never '-0.00')."""
    return f"{0.0 if abs(x) < 0.005 else x:+.2f}"


def percent(p: float) -> str:
    """A chance in whole percents: '65%'; '<1%' and '>99%' for a chance that is not quite 0 or 1."""
    whole = round(100 * p)
    if whole == 0 and p > 0:
        return "<1%"
    if whole == 100 and p < 1:
        return ">99%"
    return f"{whole}%"


def percent_change(p: float) -> str:
    """A change of a chance in whole percentage points: '+10%', '-3%', '±0%'."""
    whole = round(100 * p)
    return "±0%" if whole == 0 else f"{whole:+d}%"


@dataclass(frozen=True, slots=True)
class Chance:
    """One outcome of an option, worded from the learner's side: 'you make it', 65%."""

    text: str
    p: float


def chances(action: Action, r: Stats, players: int = 4) -> tuple[Chance, ...]:
    """The option's chances from the learner's side, from its Stats.

    Ordering or calling makes you the makers: you make it (3+ tricks), take all five, or are
    euchred. After a pass either side may name trump later, and each outcome is worded for
    the side it happens to.
    """
    if makes_trump(action):
        return (
            Chance("you make it (3+ tricks)", r.p_make),
            Chance("you take all five", r.p_march),
            Chance("you are euchred", r.p_euchred),
        )
    us, them = ("your side", "the other side") if players == 4 else ("you", "an opponent")
    verb = "name" if players != 4 and us == "you" else "names"
    out = [
        Chance(f"{us} {verb} trump later and make{'s' if verb == 'names' else ''} it", r.p_we_make_it),
        Chance(f"{us} {verb} trump later and {'is' if verb == 'names' else 'are'} euchred",
               max(0.0, r.p_we_make - r.p_we_make_it)),
        Chance(f"{them} names trump and makes it", r.p_they_make_it),
        Chance(f"{them} names trump and is euchred", r.p_they_euchred),
    ]
    if r.p_thrown_in > 0.005:
        out.append(Chance("nobody names trump (thrown in)", r.p_thrown_in))
    return tuple(out)


def euchre_risk(o: OptionResult) -> float:
    """The share of deals in which the learner's side names trump and is euchred after this option."""
    r = o.realistic
    return max(0.0, r.p_we_make - r.p_we_make_it)


def tied_pair(analysis: Analysis) -> tuple[OptionResult, OptionResult]:
    """The two best options, the one less likely to end in a euchre for the learner's side first."""
    assert analysis.runner_up is not None
    a, b = analysis.option(analysis.recommendation), analysis.option(analysis.runner_up)
    return (a, b) if euchre_risk(a) <= euchre_risk(b) else (b, a)


def _risk(o: OptionResult, players: int) -> str:
    """What one option risks, in a clause: 'ordering up risks a euchre in 18% of deals'."""
    r = o.realistic
    if makes_trump(o.action):
        return f"{gerund(o.action)} risks a euchre in {percent(euchre_risk(o))} of deals"
    them = "the other side" if players == 4 else "an opponent"
    return f"passing lets {them} name trump and make it in {percent(r.p_they_make_it)} of deals"


def risk_sentence(analysis: Analysis, players: int = 4) -> str:
    """One sentence on what each of two too-close options risks."""
    first, second = tied_pair(analysis)
    return _sentence(f"{_risk(first, players)}; {_risk(second, players)}")


def headline(analysis: Analysis) -> str:
    """The recommendation and its margin: 'Order up — 0.12 points a hand better than passing',
    or, when the two best are worth the same within the figures' uncertainty, 'Too close to
    call: pass or order up' (the option less likely to be euchred first)."""
    best = analysis.option(analysis.recommendation)
    name = label(best.action, best.discard)
    name = name[:1].upper() + name[1:]
    if analysis.runner_up is None:
        return f"{name} — the only choice"
    if analysis.too_close:
        first, second = tied_pair(analysis)
        return f"Too close to call: {label(first.action)} or {label(second.action)}"
    other = gerund(analysis.runner_up)
    if analysis.by_win_chance:
        return f"{name} — {round(100 * analysis.margin)}% more chance of winning the game than {other}"
    return f"{name} — {analysis.margin:.2f} points a hand better than {other}"


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


def round2_sentence(view: SeatView, best: Action | None = None) -> str | None:
    """What the turned-down suit says (round 2); with ``best`` (the recommendation) it never
    argues for another suit than the one recommended."""
    if view.turned_down is None or view.phase.value != "bid2":
        return None
    down = view.turned_down
    next_suit = down.partner
    dealer_side = same_side(view.players, view.dealer, view.seat)
    picked = option_trump(view, best) if best is not None else None
    if dealer_side:
        text = (
            f"{down.noun.capitalize()} were turned down, so {next_suit.noun} ('next', same colour) tend to "
            f"favour the other side; the dealer's side usually looks at the other colour"
        )
        if picked == next_suit:
            return text + f", but this hand does best calling {next_suit.noun} all the same."
        return text + "."
    colour = "red" if down.is_red else "black"
    classic = f"{next_suit.noun} ('next', same colour) is the classic call for the dealer's opponents"
    if view.upcard.is_jack and view.upcard.suit == down:  # the one bower the turn-down puts out of play
        text = (f"{down.noun.capitalize()} were turned down with their jack, {next_suit.noun}' left bower, now "
                f"out of play: {classic}")
    else:  # an inference, not a certainty: the other jack may be anywhere
        text = (f"{down.noun.capitalize()} were turned down: {classic} — with a {colour} jack the dealer's side "
                f"would likely have taken {down.noun}, and both {colour} jacks are {next_suit.noun}' bowers too")
    if best is None or picked == next_suit:
        return text + "."
    if picked is None:
        return text + ", but this hand is better off passing."
    return text + f"; this hand does better calling {picked.noun}."


def score_sentence(view: SeatView, score: tuple[int, int] | None, analysis: Analysis) -> str | None:
    if score is None:
        return None
    us, them = score
    target = view.rules.target
    text = f"The score is {us}–{them}: you need {target - us}, they need {target - them}."
    if analysis.base_win is not None:
        text += f" Your side's chance of winning the game is about {analysis.base_win:.0%} before this hand."
    best_points = max(analysis.options, key=lambda o: o.realistic.ev)
    ahead = best_points.realistic.ev - analysis.option(analysis.recommendation).realistic.ev
    if analysis.by_win_chance and best_points.action != analysis.recommendation and ahead >= TIE_POINTS \
            and not analysis.too_close:
        text += (
            f" The score changes the call: {label(best_points.action)} scores more points on average, but "
            f"{label(analysis.recommendation)} gives the better chance to win the game."
        )
    return text


def _numbers(o: OptionResult, players: int) -> str:
    r = o.realistic
    said = ", ".join(f"{c.text} {percent(c.p)}" for c in chances(o.action, r, players))
    if not makes_trump(o.action):
        return f"passing is worth {points(r.ev)} points a hand: {said}"
    return f"{label(o.action, o.discard)} is worth {points(r.ev)} points a hand: {said}"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."




def hand_after(view: SeatView, option: OptionResult) -> tuple[tuple[Card, ...], str]:
    """The five cards the learner would play with after ``option``, and the exchange in words.

    A dealer who picks up in round 1 plays with the upcard and without the discard: the
    option's best discard (``OptionResult.discard``), or the club discard when the analysis
    gives none. Any other option leaves the hand as it is (the exchange is '').
    """
    picks_up = (view.phase.value == "bid1" and view.seat == view.dealer and option.action.kind is Kind.ORDER
                and view.upcard not in view.hand)
    if not picks_up:
        return view.hand, ""
    assert view.upcard.suit is not None
    discard = option.discard if option.discard is not None else best_discard(view.hand + (view.upcard,), view.upcard.suit)
    if discard == view.upcard:
        return view.hand, f"with the {view.upcard.short} taken up and discarded again"
    hand = tuple(c for c in view.hand if c != discard) + (view.upcard,)
    return hand, f"with the {view.upcard.short} taken up and the {discard.short} discarded"


def explain(view: SeatView, analysis: Analysis, score: tuple[int, int] | None = None,
            table: str = DEFAULT_STYLE) -> list[str]:
    """The explanation lines for an analysis, most important last-but-first: the verdict."""
    first = headline(analysis)
    verdict = f"{first}." if analysis.too_close else f"Best: {first[:1].lower()}{first[1:]}."
    return [verdict, *reasons(view, analysis, score, table)]


def reasons(view: SeatView, analysis: Analysis, score: tuple[int, int] | None = None,
            table: str = DEFAULT_STYLE) -> list[str]:
    """The explanation without its verdict line (a page shows ``headline`` above these)."""
    best = analysis.option(analysis.recommendation)
    lines: list[str] = []
    if analysis.too_close:
        lines.append(risk_sentence(analysis, view.players))
    described = best
    instead = option_trump(view, best.action) is None and analysis.runner_up is not None
    if instead and analysis.runner_up is not None:
        described = analysis.option(analysis.runner_up)
    trump = option_trump(view, described.action)
    if trump is not None:
        hand, swap = hand_after(view, described)
        held = describe_facts(hand_facts(hand, trump))
        if swap:
            held = f"{swap} you would hold {held}"
        else:
            held = f"you would hold {held}"
        if instead:
            lines.append(f"{gerund(described.action).capitalize()} would make {trump.noun} trump: {held}.")
        else:
            lines.append(f"With {trump.noun} as trump {held}.")
    lines.append(seat_sentence(view))
    for extra in (upcard_sentence(view), round2_sentence(view, best.action), score_sentence(view, score, analysis)):
        if extra:
            lines.append(extra)
    lines.append(_sentence(_numbers(best, view.players)))
    if analysis.runner_up is not None:
        lines.append(_sentence(_numbers(analysis.option(analysis.runner_up), view.players)))
    passing = next((o for o in analysis.options if o.action.kind is Kind.PASS), None)
    if passing is not None and passing.action not in (best.action, analysis.runner_up):
        # When two calls lead, a learner still asks why not pass: say what passing leads to.
        lines.append(_sentence(_numbers(passing, view.players)))
    if best.ceiling is not None:
        top = max(analysis.options, key=lambda o: o.ceiling.ev if o.ceiling else -99)
        tied = analysis.too_close and top.action == analysis.runner_up
        if top.action != best.action and top.ceiling is not None and not tied:
            lines.append(
                f"Only with every card face up and perfect play would {gerund(top.action)} score more "
                f"({points(top.ceiling.ev)} points a hand); at a real table, with the cards hidden, "
                f"{gerund(best.action)} is better."
            )
    lines.append(
        f"How this was worked out: the other seats {TABLE_WORDS.get(table, TABLE_WORDS[DEFAULT_STYLE]).others_bid} and every "
        f"seat plays its cards as the club player does, on {analysis.n:,} simulated deals that fit the passes."
    )
    return lines
