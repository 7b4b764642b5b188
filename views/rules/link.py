"""The Rules explorer's link, read: what a shared address asks the page to show, and what was wrong
with it. No Streamlit: the page (``views/rules/rules.py``) puts what this reads into its session state.

The link's keys: ``section=`` (one of the page's sections), ``trump=`` (the ranking's trump),
``led=`` and ``hand=`` (the "can I play this?" checker: a led card and up to 5 cards, none of them
the led card, all in the deck of the rules in force; a card named twice is shown once, and said),
and the walkthrough's ``seed=`` and ``dealer=`` (a numbered deal), ``position=`` (the hand as a position text, which a teacher may
write; it wins when it is not the numbered deal's own text) and ``step=``. A position's walkthrough
shows the position's dealer, and a deal number only when the link's ``seed=`` deals the position's
cards (never a number drawn at random: the text names no number). A bad value never stops the
page: it is named in ``problems`` (with what the page shows instead) and the rest is read.

>>> link = read_rules_link({"section": "follow", "trump": "H", "led": "JD", "hand": "AH,9C"}, Rules(), ("follow",))
>>> link.section, str(link.trump), str(link.led), [str(c) for c in link.hand or ()], link.problems
('follow', 'H', 'JD', ['AH', '9C'], ())
>>> read_rules_link({"seed": "x"}, Rules(), ()).problems
("the link's seed='x' is not a whole number from 0 to 999999999. Showing a fresh deal instead",)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.core.cards import Card, Suit, make_deck, parse_card, parse_cards
from engine.core.errors import CardParseError, quoted
from engine.core.position import PositionError
from engine.core.rules import Rules
from engine.core.seats import seat_name
from ui.share import ShareLinkError, query_int
from views.rules.walkthrough import MAX_STEPS, Walkthrough, build_from_text, build_walkthrough

SEED_MAX = 999_999_999
LINK_KEYS = ("section", "trump", "led", "hand", "seed", "dealer", "position", "step")
DEAL_KEYS = ("seed", "dealer", "position", "step")


@dataclass(frozen=True, slots=True)
class DealLink:
    """The walkthrough a link asks for: ``seed`` None for a fresh deal (the page draws one);
    ``position`` the text of a hand to walk through instead of the numbered deal (then ``dealer``
    is its dealer, and ``seed`` the number of its deal or None: no number); ``step`` the step to
    open at, None for the first."""

    seed: int | None
    dealer: int
    position: str | None = None
    step: int | None = None


@dataclass(frozen=True, slots=True)
class RulesLink:
    """What a link asks for; None (or ``hand`` None) for what it leaves as it is."""

    section: str | None = None
    trump: Suit | None = None
    led: Card | None = None
    hand: tuple[Card, ...] | None = None  # with ``led``: the checker's cards
    deal: DealLink | None = None
    problems: tuple[str, ...] = ()


def read_rules_link(params: Mapping[str, str], rules: Rules, sections: Sequence[str]) -> RulesLink:
    """Read the Rules explorer's part of a link (see the module docstring) under ``rules`` (the
    rules in force: their deck, their number of players), ``sections`` the page's sections."""
    problems: list[str] = []
    section = params.get("section")
    if section is not None and section not in sections:
        problems.append(f"the link's section={quoted(section)} is not one of {', '.join(sections)}")
        section = None
    trump = None
    if "trump" in params:
        try:
            trump = Suit.parse(params["trump"])
        except CardParseError as err:
            problems.append(f"the link's trump: {err}")
    led, hand = None, None
    if "led" in params or "hand" in params:
        deck = make_deck(rules.deck, rules.joker)
        try:
            led = parse_card(params.get("led", ""))
            named = parse_cards(params.get("hand", "").replace(",", " "))
            cards = tuple(dict.fromkeys(named))
            outside = [str(c) for c in [led, *cards] if c not in deck]
            if outside:
                raise ShareLinkError(f"{', '.join(outside)} is not in this deck")
            if len(cards) > 5 or led in cards:
                raise ShareLinkError("a hand holds at most 5 cards, and not the led card")
            hand = cards
            if len(named) > len(cards):
                problems.append(twice_note(named))
        except (CardParseError, ShareLinkError) as err:
            led = None
            problems.append(f"the link's led card or hand: {err}")
    deal = None
    if any(k in params for k in DEAL_KEYS):
        deal = _read_deal(params, rules.players, problems)
    return RulesLink(section, trump, led, hand, deal, tuple(problems))


def twice_note(named: Sequence[Card]) -> str:
    """The note for a link's hand that names a card more than once (it is shown once).

    >>> twice_note(parse_cards("AH AH AH 9C 9C KS"))
    "the link's hand names A♥ 3 times and 9♣ twice; a hand holds each card once, so each is shown once"
    """
    counts = Counter(named)
    twice = [f"{c.short} {'twice' if n == 2 else f'{n:,} times'}" for c, n in counts.items() if n > 1]
    which = " and ".join(twice) if len(twice) <= 2 else ", ".join(twice[:-1]) + " and " + twice[-1]
    each = "it is" if len(twice) == 1 else "each is"
    return f"the link's hand names {which}; a hand holds each card once, so {each} shown once"


def _read_deal(params: Mapping[str, str], players: int, problems: list[str]) -> DealLink:
    """The walkthrough's part of a link; a problem is added to ``problems`` with what is shown instead."""
    try:
        want_seed = "seed" in params or "position" not in params
        seed = query_int(params, "seed", 0, SEED_MAX) if want_seed else None
        dealer = query_int(params, "dealer", 0, players - 1) if "dealer" in params or seed is not None else 0
    except ShareLinkError as err:
        problems.append(f"{err}. Showing a fresh deal instead")
        return DealLink(None, 0)
    position = None
    text = params.get("position")
    if text is not None:
        try:
            walk = build_from_text(text)
        except PositionError as err:
            problems.append(
                f"the link's position={quoted(text)} does not work ({err}). Showing "
                f"{'the numbered deal' if seed is not None else 'a fresh deal'} instead"
            )
            return DealLink(seed, dealer)
        if seed is None or walk.text != build_walkthrough(walk.rules, seed, dealer).text:
            position = walk.text
            seed, dealer = _number_of(walk, seed, dealer if "dealer" in params else None, problems)
    step = None
    if "step" in params:
        try:
            step = query_int(params, "step", 0, MAX_STEPS)
        except ShareLinkError as err:
            problems.append(f"{err}. Showing step 0 of this deal instead")
    return DealLink(seed, dealer, position, step)


def _number_of(
    walk: Walkthrough, seed: int | None, dealer: int | None, problems: list[str]
) -> tuple[int | None, int]:
    """The deal number and dealer shown with a position's walkthrough: the position's own dealer,
    and the link's ``seed`` only when that numbered deal deals the position's cards (the same
    deal, played another way), else no number. A link's ``dealer`` (None: not given) or seed that
    does not fit the position is named in ``problems``."""
    players = walk.rules.players
    if dealer is not None and dealer != walk.dealer:
        problems.append(
            f"the link's dealer={dealer} ({seat_name(players, dealer)}) is not the dealer of its "
            f"position: {seat_name(players, walk.dealer)} deals there"
        )
    dealt = walk.state_at(0).to_text()
    if seed is not None and build_walkthrough(walk.rules, seed, walk.dealer).state_at(0).to_text() != dealt:
        problems.append(
            f"the link's seed={seed} does not deal the cards of its position, so the position is "
            "shown without a deal number"
        )
        seed = None
    return seed, walk.dealer


__all__ = ["DEAL_KEYS", "LINK_KEYS", "SEED_MAX", "DealLink", "RulesLink", "read_rules_link", "twice_note"]
