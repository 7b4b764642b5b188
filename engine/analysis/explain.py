"""Plain facts a teacher would say about a bidding decision, built from the hand and the analysis.

Nothing here is canned per example: every sentence is assembled from the cards
(``engine.players.evaluate.hand_facts``: trumps, bowers, off-aces, voids), the seat,
the upcard's role, the score and the simulated numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.analysis.bidding import TIE_POINTS, Analysis, OptionResult, Stats
from engine.analysis.tables import DEFAULT_TABLE, TABLE_WORDS
from engine.core.action_words import Tense, action_words
from engine.core.actions import Action, Kind
from engine.core.cards import Card, Suit
from engine.core.ranking import card_role
from engine.core.scoring import hand_points
from engine.core.seats import partner, same_side, seat_name
from engine.core.view import SeatView
from engine.players.evaluate import best_discard, describe_facts, hand_facts


def option_trump(view: SeatView, action: Action) -> Suit | None:
    if action.kind is Kind.ORDER:
        return view.upcard.suit
    if action.kind in (Kind.CALL, Kind.NAME):
        return action.suit
    return None


def label(action: Action, discard: Card | None = None, *, codes: bool = False) -> str:
    """Short English for an option (``engine.core.action_words``, what to do): 'order up alone',
    'call spades', 'order up (discard the 9♣)' (a dealer's pick-up with its discard). ``codes``:
    the discard as the command line writes a card ('order up (discard 9C)'), for its table."""
    if action.kind not in _BIDS:
        return str(action) if codes else action_words(action)
    text = action_words(action)
    if discard is None or action.kind is not Kind.ORDER:
        return text
    return f"{text} (discard {discard})" if codes else f"{text} (discard the {discard.short})"


def gerund(action: Action) -> str:
    """The option as a doing-word, for "better than ...": 'passing', 'ordering up alone', 'calling clubs',
    'defending alone', 'playing the 9♥'."""
    return action_words(action, Tense.GERUND)


_BIDS = (Kind.PASS, Kind.ORDER, Kind.CALL, Kind.NAME)  # the options the analyzer weighs


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


def _turn(view: SeatView, seat: int) -> int:
    """When ``seat`` bids in a round: 0 for the seat left of the dealer ... players - 1 for the dealer."""
    return (seat - view.dealer - 1) % view.players


def _partner_speaks_after(view: SeatView) -> bool:
    """Does the learner's partner bid after the learner in the current round (the dealer speaks
    last)? Never with 2 or 3 players: there is no partner."""
    mate = partner(view.players, view.seat)
    return mate is not None and _turn(view, mate) > _turn(view, view.seat)


def later_trump(view: SeatView | None) -> str:
    """What the learner's side may name after a pass, with the suits the bidding leaves it:
    'names hearts or another suit later' (round 1, your partner may still order the upcard up),
    'names a suit other than hearts in round 2' (round 1, nobody of your side speaks again in it),
    'names a suit other than hearts later' (round 2, hearts turned down). Without a view, or
    when trump is named at once (the joker turned up): 'names trump later'.

    The subject is the caller's ('your side', 'your partner' or 'you'); the verb agrees with one.
    """
    if view is None or view.phase.value not in ("bid1", "bid2"):
        return "names trump later"
    if view.phase.value == "bid1" and view.upcard.suit is not None:
        up = view.upcard.suit.noun
        if _partner_speaks_after(view):
            return f"names {up} or another suit later"
        return f"names a suit other than {up} in round 2"
    if view.turned_down is not None:
        return f"names a suit other than {view.turned_down.noun} later"
    return "names trump later"


def chances(action: Action, r: Stats, players: int = 4, view: SeatView | None = None) -> tuple[Chance, ...]:
    """The option's chances from the learner's side, from its Stats.

    Ordering or calling makes you the makers: you make it (3+ tricks), take all five, or are
    euchred. After a pass either side may name trump later, and each outcome is worded for
    the side it happens to; with the ``view`` the learner's side's later trump is said with the
    suits it can be (``later_trump``): the upcard's suit, or a suit other than the one turned down.
    """
    if makes_trump(action):
        return (
            Chance("you make it (3+ tricks)", r.p_make),
            Chance("you take all five", r.p_march),
            Chance("you are euchred", r.p_euchred),
        )
    if view is not None:
        players = view.players
    us, them = ("your side", "the other side") if players == 4 else ("you", "an opponent")
    later = later_trump(view)
    if players != 4:  # 'you name ... and make it'
        later = "name" + later.removeprefix("names")
    elif view is not None and view.phase.value == "bid2" and _partner_speaks_after(view):
        us = "your partner"  # in round 2 only your partner may still name a suit
    singular = players == 4
    out = [
        Chance(f"{us} {later} and make{'s' if singular else ''} it", r.p_we_make_it),
        Chance(
            f"{us} {later} and {'is' if singular else 'are'} euchred", max(0.0, r.p_we_make - r.p_we_make_it)
        ),
        Chance(f"{them} names trump and makes it", r.p_they_make_it),
        Chance(f"{them} names trump and is euchred", r.p_they_euchred),
    ]
    if r.p_thrown_in > 0.005:
        out.append(Chance("nobody names trump (thrown in)", r.p_thrown_in))
    return tuple(out)


def chance_after(base_win: float | None, r: Stats) -> float | None:
    """The learner's side's chance of winning the game after an option: the chance before the
    hand (``Analysis.base_win``) plus the option's change (``Stats.win_delta``); None without a score."""
    if base_win is None or r.win_delta is None:
        return None
    return min(1.0, max(0.0, base_win + r.win_delta))


def win_chance(analysis: Analysis, o: OptionResult) -> float | None:
    """The chance of winning the game after option ``o`` of ``analysis`` (``chance_after``)."""
    return chance_after(analysis.base_win, o.realistic)


GAME_SETTLED = 0.995  # a chance of winning the game shown as '>99%' or '100%' (or '<1%', '0%')


def same_game_result(analysis: Analysis) -> str | None:
    """'win' when the two best options both win the game (each a chance of at least
    ``GAME_SETTLED``), 'lose' when both lose it (each at most 1 - ``GAME_SETTLED``), else None.
    With 'win' or 'lose' the game's result does not hang on the choice between the two."""
    if not analysis.by_win_chance or analysis.runner_up is None:
        return None
    wins = [win_chance(analysis, analysis.option(x)) for x in (analysis.recommendation, analysis.runner_up)]
    if any(w is None for w in wins):
        return None
    if all(w is not None and w >= GAME_SETTLED for w in wins):
        return "win"
    if all(w is not None and w <= 1 - GAME_SETTLED for w in wins):
        return "lose"
    return None


def game_sentence(analysis: Analysis) -> str | None:
    """When the two best options both win (or both lose) the game, one sentence saying so with
    each one's chance: the choice between them does not matter to the game."""
    result = same_game_result(analysis)
    if result is None:
        return None
    first, second = tied_pair(analysis)
    a, b = (win_chance(analysis, o) for o in (first, second))
    assert a is not None and b is not None
    if result == "win":
        return _sentence(
            f"both win the game: {gerund(first.action)} wins it in {percent(a)} of deals, "
            f"{gerund(second.action)} in {percent(b)}, so the choice does not matter to the game"
        )
    return _sentence(
        f"both lose the game: {gerund(first.action)} wins it in {percent(a)} of deals, "
        f"{gerund(second.action)} in {percent(b)}, so the choice does not matter to the game"
    )


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
    call: pass or order up' (the option less likely to be euchred first), or, when both win the
    game, 'Order up or order up alone: both win the game'."""
    best = analysis.option(analysis.recommendation)
    name = label(best.action, best.discard)
    name = name[:1].upper() + name[1:]
    if analysis.runner_up is None:
        return f"{name} — the only choice"
    if analysis.too_close:
        first, second = tied_pair(analysis)
        result = same_game_result(analysis)
        if result is not None:
            name = label(first.action)
            return f"{name[:1].upper()}{name[1:]} or {label(second.action)}: both {result} the game"
        return f"Too close to call: {label(first.action)} or {label(second.action)}"
    other = gerund(analysis.runner_up)
    if analysis.by_win_chance:
        return f"{name} — {win_against(analysis)}"
    return f"{name} — {analysis.margin:.2f} points a hand better than {other}"


def win_against(analysis: Analysis) -> str:
    """The recommendation's chance of winning the game against the runner-up's, as chances a player
    reads: 'a 55% chance of winning the game, against 52% after passing' (never a bare difference,
    which reads as points); the difference in percentage points when the chances are not known."""
    assert analysis.runner_up is not None
    other = gerund(analysis.runner_up)
    best = win_chance(analysis, analysis.option(analysis.recommendation))
    second = win_chance(analysis, analysis.option(analysis.runner_up))
    if best is None or second is None:
        return (
            f"{round(100 * analysis.margin)} percentage points more chance of winning the game than {other}"
        )
    return f"a {percent(best)} chance of winning the game, against {percent(second)} after {other}"


def seat_sentence(view: SeatView) -> str:
    n = view.players
    me, dealer = view.seat, view.dealer
    dealer_name = seat_name(n, dealer)
    if view.phase.value == "name":
        return "You are the dealer and the joker was turned up: you name trump and take the joker into your hand."
    if me == dealer:
        if view.phase.value == "bid1":
            return "You are the dealer and speak last in round 1."
        return "You are the dealer and speak last in round 2" + (
            ": stick the dealer — you must name a suit." if view.rules.stick_the_dealer else "."
        )
    position = (me - dealer) % n
    order = ("first", "second", "third")[position - 1]
    partner_deals = partner(n, me) == dealer
    who = "your partner" if partner_deals else "an opponent"
    if view.phase.value == "bid1":
        return f"You bid {order}, and the dealer ({dealer_name}) is {who}."
    return f"You bid {order} in round 2; the dealer ({dealer_name}) is {who}."


def upcard_sentence(view: SeatView) -> str | None:
    """Where ordering up puts the upcard, and what it is there (round 1 only). The seat sentence
    has said whose the dealer is; this one says it of the card, once."""
    if view.phase.value != "bid1" or view.upcard.suit is None:
        return None
    trump = view.upcard.suit
    role = card_role(view.upcard, trump)
    kind = f"the {role}" if role and role != "trump" else "a trump"
    card = f"the {view.upcard.name} ({kind})"
    me, dealer, n = view.seat, view.dealer, view.players
    if me == dealer:
        return f"Picking up gives you {card} in exchange for your worst card."
    if partner(n, me) == dealer:
        return f"Ordering up (assisting) puts {card} in your partner's hand."
    return f"Ordering up puts {card} in the opponent's hand."


def round2_sentence(
    view: SeatView, best: Action | None = None, tied: tuple[Action, Action] | None = None
) -> str | None:
    """What the turned-down suit says (round 2); with ``best`` (the recommendation) it never
    argues for another suit than the one recommended, and with ``tied`` (the two best, too close
    to call) it argues for neither: it says the two are too close to call."""
    if view.turned_down is None or view.phase.value != "bid2":
        return None
    if tied is not None:
        best = None
    down = view.turned_down
    next_suit = down.partner
    dealer_side = same_side(view.players, view.dealer, view.seat)
    picked = option_trump(view, best) if best is not None else None
    if dealer_side:
        text = (
            f"{down.noun.capitalize()} were turned down, so {next_suit.noun} ('next', same colour) tend to "
            f"favour the other side; the dealer's side usually looks at the other colour"
        )
        if tied is not None:
            return text + _too_close(tied)
        if picked == next_suit:
            return text + f", but this hand does best calling {next_suit.noun} all the same."
        return text + "."
    colour = "red" if down.is_red else "black"
    classic = f"{next_suit.noun} ('next', same colour) is the classic call for the dealer's opponents"
    if view.upcard.is_jack and view.upcard.suit == down:  # the one bower the turn-down puts out of play
        text = (
            f"{down.noun.capitalize()} were turned down with their jack, {next_suit.noun}' left bower, now "
            f"out of play: {classic}"
        )
    else:  # an inference, not a certainty: the other jack may be anywhere
        text = (
            f"{down.noun.capitalize()} were turned down: {classic} — with a {colour} jack the dealer's side "
            f"would likely have taken {down.noun}, and both {colour} jacks are {next_suit.noun}' bowers too"
        )
    if tied is not None:
        return text + _too_close(tied)
    if best is None or picked == next_suit:
        return text + "."
    if picked is None:
        return text + ", but this hand is better off passing."
    return text + f"; this hand does better calling {picked.noun}."


def _too_close(tied: tuple[Action, Action]) -> str:
    """The end of the round-2 sentence for two options too close to call."""
    return f"; with this hand {gerund(tied[0])} and {gerund(tied[1])} are too close to call."


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
    if (
        analysis.by_win_chance
        and best_points.action != analysis.recommendation
        and ahead >= TIE_POINTS
        and not analysis.too_close
    ):
        text += (
            f" The score changes the call: {label(best_points.action)} scores more points on average, but "
            f"{label(analysis.recommendation)} gives the better chance to win the game."
        )
    return text


def _numbers(o: OptionResult, players: int, view: SeatView | None = None) -> str:
    r = o.realistic
    said = ", ".join(f"{c.text} {percent(c.p)}" for c in chances(o.action, r, players, view))
    if not makes_trump(o.action):
        return f"passing is worth {points(r.ev)} points a hand: {said}"
    return f"{label(o.action, o.discard)} is worth {points(r.ev)} points a hand: {said}"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def hand_after(view: SeatView, option: OptionResult) -> tuple[tuple[Card, ...], str]:
    """The five cards the learner would play with after ``option``, and the exchange in words.

    A dealer who picks up in round 1 plays with the upcard and without the discard: the
    option's best discard (``OptionResult.discard``), or the club discard when the analysis
    gives none. A dealer who names trump under the turned-up joker takes the joker and makes the
    club discard for the suit named. Any other option leaves the hand as it is (the exchange is '').
    """
    if view.phase.value == "name" and option.action.suit is not None and view.upcard not in view.hand:
        dropped = best_discard(view.hand + (view.upcard,), option.action.suit)
        hand = tuple(c for c in view.hand if c != dropped) + (view.upcard,)
        return hand, f"with the joker taken and the {dropped.short} discarded"
    picks_up = (
        view.phase.value == "bid1"
        and view.seat == view.dealer
        and option.action.kind is Kind.ORDER
        and view.upcard not in view.hand
    )
    if not picks_up:
        return view.hand, ""
    assert view.upcard.suit is not None
    discard = (
        option.discard
        if option.discard is not None
        else best_discard(view.hand + (view.upcard,), view.upcard.suit)
    )
    if discard == view.upcard:
        return view.hand, f"with the {view.upcard.short} taken up and discarded again"
    hand = tuple(c for c in view.hand if c != discard) + (view.upcard,)
    return hand, f"with the {view.upcard.short} taken up and the {discard.short} discarded"


def _expected_tricks(r: Stats) -> float:
    """The makers' tricks a hand on average, over the hands in which trump was made."""
    return sum(n * p for n, p in enumerate(r.tricks))


def compare_bids(view: SeatView, analysis: Analysis, chosen: Action, better: Action) -> str:
    """Why ``better`` beats ``chosen`` (the learner's bid), each with its own figures and their
    unit: what each is worth, then what each leads to. Going alone against ordering (or calling)
    the same trump with the partner says what the partner adds: the march chance alone and with
    the partner, the euchre risk of each, and the partner's tricks."""
    b, c = analysis.option(better), analysis.option(chosen)
    name_b, name_c = gerund(better), gerund(chosen)
    if analysis.by_win_chance and win_chance(analysis, b) is not None and win_chance(analysis, c) is not None:
        worth = (
            f"{name_b.capitalize()} gives a {percent(win_chance(analysis, b) or 0)} chance of winning the game, "
            f"{name_c} {percent(win_chance(analysis, c) or 0)}"
        )
    else:
        worth = (
            f"{name_b.capitalize()} is worth {points(b.realistic.ev)} points a hand, "
            f"{name_c} {points(c.realistic.ev)}"
        )
    same_trump = option_trump(view, better) == option_trump(view, chosen) is not None
    if same_trump and better.alone != chosen.alone:
        alone, pair = (c, b) if chosen.alone else (b, c)
        ra, rp = alone.realistic, pair.realistic
        added = _expected_tricks(rp) - _expected_tricks(ra)
        lone_march, pair_march = (hand_points(view.players, 5, lone)[0] for lone in (True, False))
        partner = (
            f"Alone you make it in {percent(ra.p_make)} of deals, take all five in {percent(ra.p_march)} "
            f"({lone_march} points) and are euchred in {percent(ra.p_euchred)}; with your partner you make it in "
            f"{percent(rp.p_make)}, take all five in {percent(rp.p_march)} ({pair_march} points) and are euchred "
            f"in {percent(rp.p_euchred)}. "
            + (
                f"Your partner's cards add {added:.1f} tricks a hand on average"
                if added >= 0.1
                else "Your partner's cards add almost nothing: your hand takes its tricks by itself"
            )
        )
        return _sentence(worth) + " " + _sentence(partner)
    numbers = [_sentence(_numbers(o, view.players, view)) for o in (b, c)]  # each says its points
    return " ".join(([_sentence(worth)] if analysis.by_win_chance else []) + numbers)


def explain(
    view: SeatView, analysis: Analysis, score: tuple[int, int] | None = None, table: str = DEFAULT_TABLE
) -> list[str]:
    """The explanation lines for an analysis, most important last-but-first: the verdict."""
    return [verdict(analysis), *reasons(view, analysis, score, table)]


def verdict(analysis: Analysis) -> str:
    """The explanation's first line: "Best: …", or the headline itself when too close to call."""
    first = headline(analysis)
    return f"{first}." if analysis.too_close else f"Best: {first[:1].lower()}{first[1:]}."


def reasons(
    view: SeatView, analysis: Analysis, score: tuple[int, int] | None = None, table: str = DEFAULT_TABLE
) -> list[str]:
    """The explanation without its verdict line (a page shows ``headline`` above these)."""
    best = analysis.option(analysis.recommendation)
    lines: list[str] = []
    pair: tuple[Action, Action] | None = None  # the two best, when too close to call
    if analysis.too_close:
        first, second = tied_pair(analysis)
        pair = (first.action, second.action)
        lines.append(game_sentence(analysis) or risk_sentence(analysis, view.players))
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
    extras = (
        upcard_sentence(view),
        round2_sentence(view, best.action, pair),
        score_sentence(view, score, analysis),
    )
    for extra in extras:
        if extra:
            lines.append(extra)
    lines.append(_sentence(_numbers(best, view.players, view)))
    if analysis.runner_up is not None:
        lines.append(_sentence(_numbers(analysis.option(analysis.runner_up), view.players, view)))
    passing = next((o for o in analysis.options if o.action.kind is Kind.PASS), None)
    if passing is not None and passing.action not in (best.action, analysis.runner_up):
        # When two calls lead, a learner still asks why not pass: say what passing leads to.
        lines.append(_sentence(_numbers(passing, view.players, view)))
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
        f"How this was worked out: the other seats {TABLE_WORDS.get(table, TABLE_WORDS[DEFAULT_TABLE]).others_bid} and every "
        f"seat plays its cards as the club player does, on {analysis.n:,} simulated deals that fit the passes."
    )
    return lines
