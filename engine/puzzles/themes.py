"""A puzzle's themes, read off the engine's own facts about the position and its best move.

Nothing here is drawn at random or guessed from the answer's figures alone:

- the phase and the seats say the decision's kind: a bid (``bidding``; round 2 with the next suit
  or reverse next in play: ``next``; a dealer stuck under stick the dealer: ``stick-the-dealer``;
  going alone the best or the close alternative: ``going-alone``), the dealer's discard
  (``the-discard``), the choice to defend alone (``defend-alone``), a lone maker against the seat
  (``defend-loner``), the seat's own loner (``play-loner``);
- for a card, the reason pattern ``engine.analysis.card_reasons`` chose for the best card
  (``choice_reason``: "Lead the right bower (J♥): you made trump, so draw …" is ``draw-trump``)
  and the risk it names for the tempting wrong card (``mistake_reason``: "… was already winning:
  trumping it wastes a trump …" is ``partners-winner``), each matched by ``REASON_THEMES`` and
  ``RISK_THEMES`` (the patterns are the sentences' fixed words, one table, tested against every
  template of card_reasons);
- an open-hand puzzle's goal (``make-it``, ``march``, ``euchre-them``, ``stop-the-march``).

>>> reason_themes("Second hand low: play the 9♠ and leave the trick to your partner, who plays last.")
('second-hand-low',)
>>> risk_themes("Your partner's A♠ was already winning: trumping it wastes a trump your side needs later.")
('partners-winner',)
"""

from __future__ import annotations

import re

from engine.core.actions import Action, Kind
from engine.core.cards import Suit
from engine.core.hand import Phase
from engine.core.seats import same_side
from engine.core.view import SeatView

# (pattern in choice_reason's sentence for the best card, theme), first match first.
REASON_THEMES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), t)
    for p, t in (
        # what the sentence opens with: the reason itself
        (r"no other trumps are out|it is the highest trump left|^Only trumps are left", "count-trumps"),
        (r"so draw .* trumps with|^Lead trump: .* draws|a trump lead shortens", "draw-trump"),
        (r"^Cash the ", "cash-aces"),
        (r"^Lead through ", "lead-through"),
        (r"^Lead back |is out of \w+ and may trump it", "lead-back"),
        (r"your only \w+: once it is gone you can trump", "make-a-void"),
        (r"as a defender, lead an off suit", "defenders-lead"),
        (r"is winning the trick: (don't trump it|play low|let it stand)", "partners-winner"),
        (r"^Take over from ", "take-over"),
        (r"^(Third hand high|Play high):", "third-hand-high"),
        (r"^Trump it with ", "trump-in"),
        (r"^Win it( as cheaply as you can)?:|the lowest trump that wins", "win-cheaply"),
        (r"^Second hand low:", "second-hand-low"),
        (r"^Let this trick go with ", "duck"),
        (r"^You cannot win this trick: throw ", "throw-off"),
        # what it adds at its end: the void a throw makes, the guards it keeps, the trick it needs
        (r"makes you void in", "make-a-void"),
        (r"keeping a guard in every suit", "keep-a-guard"),
        (r"enough to make your point", "make-it"),
        (r"which euchres ", "euchre-them"),
    )
)

# (pattern in mistake_reason's risk for the tempting wrong card, theme).
RISK_THEMES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), t)
    for p, t in (
        (r"^Leading trump as a defender plays into", "defenders-lead"),
        (r"leaves .* trumps out, free to trump", "draw-trump"),
        (
            r"was already winning: (trumping it wastes|the .* spends a high card|the .* is a higher card)",
            "partners-winner",
        ),
        (r"does it more cheaply and keeps", "win-cheaply"),
        (r"keep a guard in every suit he may hold", "keep-a-guard"),
        (r"was the highest \w+ left: throwing it away|is a trump that cannot win this trick", "throw-off"),
    )
)


def _matches(text: str, table: tuple[tuple[re.Pattern[str], str], ...]) -> tuple[str, ...]:
    found: list[str] = []
    for pattern, theme in table:
        if pattern.search(text) and theme not in found:
            found.append(theme)
    return tuple(found)


def reason_themes(reason: str) -> tuple[str, ...]:
    """The themes of a best card's reason (``card_reasons.choice_reason``), in table order."""
    return _matches(reason, REASON_THEMES)


def risk_themes(reason: str) -> tuple[str, ...]:
    """The themes of the risk a wrong card runs (``card_reasons.mistake_reason``)."""
    return _matches(reason, RISK_THEMES)


def seat_facts(view: SeatView) -> tuple[str, ...]:
    """Themes of the seat's situation: the discard, defending alone, a loner on either side."""
    out: list[str] = []
    if view.phase is Phase.DISCARD:
        out.append("the-discard")
    if view.phase is Phase.DEFEND:
        out.append("defend-alone")
    if view.alone and view.maker is not None:
        if view.maker == view.seat:
            out.append("play-loner")
        elif not view.is_maker_side(view.seat):
            out.append("defend-loner")
    if view.lone_defender is not None and view.lone_defender == view.seat:
        out.append("defend-alone")
    return tuple(dict.fromkeys(out))


def _suit_of(action: Action) -> Suit | None:
    return action.suit if action.kind in (Kind.CALL, Kind.NAME) else None


def bid_themes(view: SeatView, best: Action, runner_up: Action | None) -> tuple[str, ...]:
    """A bid's themes: ``bidding``; ``next`` when round 2 turns on the next suit (the turned-down
    suit's colour) or reverse next (the other colour, for the dealer's side); ``stick-the-dealer``
    for a dealer who may not pass; ``going-alone`` when the best or its rival goes alone."""
    out = ["bidding"]
    down = view.turned_down
    if view.phase is Phase.BID2 and down is not None:
        dealer_side = same_side(view.players, view.dealer, view.seat)
        for a in (best, runner_up):
            suit = _suit_of(a) if a is not None else None
            if suit is None:
                continue
            if suit == down.partner or (dealer_side and suit.is_red != down.is_red):
                out.append("next")
                break
        if view.seat == view.dealer and not any(a.kind is Kind.PASS for a in view.legal):
            out.append("stick-the-dealer")
    if best.alone or (runner_up is not None and runner_up.alone):
        out.append("going-alone")
    return tuple(dict.fromkeys(out))


def card_themes(view: SeatView, best_reason: str, risk: str) -> tuple[str, ...]:
    """A card's (or a discard's, or a defend-alone choice's) themes: the seat's situation first
    (``seat_facts``), then the best card's reason pattern, then the risk of the tempting wrong card."""
    return tuple(dict.fromkeys((*seat_facts(view), *reason_themes(best_reason), *risk_themes(risk))))


__all__ = [
    "REASON_THEMES",
    "RISK_THEMES",
    "bid_themes",
    "card_themes",
    "reason_themes",
    "risk_themes",
    "seat_facts",
]
