"""What keeps a judgement drill honest: its answer is clear, and its answers come in balance.

A drill judged by figures with an uncertainty (the hand analyzer's, or a seat's own valuation)
asks a question only when its answer is **clear**: the best answer beats every answer marked
wrong by at least ``CLEAR`` times the half-width of the 95% interval of their difference. Then the
same question judged again with four times the deals and another seed still marks the same
answers wrong (``python -m bench drill_balance`` measures it over 40 seeds of each drill).

And a drill whose answers are few (order up or pass, alone or with your partner) draws each seed's
question to have one answer chosen in advance (``wanted``): in every block of seeds each answer
is wanted equally often, in a seeded order, so no answer is right in most questions and a learner
who always gives the same one scores about half.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from itertools import islice
from typing import TypeVar

from engine.analysis.bidding import Analysis, OptionResult
from engine.core.actions import Action
from engine.core.cards import Card
from engine.core.ranking import effective_table, strength
from engine.core.view import SeatView
from lessons import searched

CLEAR = 2.0  # the best answer's lead over a wrong one: at least this many half-widths of its interval


def wanted(kind: str, seed: int, answers: Sequence[str], repeat: int = 2) -> str:
    """The answer seed ``seed``'s question of ``kind`` is drawn to have: the seeds come in blocks of
    ``repeat`` times ``len(answers)``, each block holding every answer ``repeat`` times in a seeded
    order, so over a block each answer is asked equally often and the order gives nothing away.

    >>> sorted(wanted("bid", s, ("order", "pass")) for s in range(4))
    ['order', 'order', 'pass', 'pass']
    """
    return _block(kind, seed, answers, repeat)[seed % (repeat * len(answers))]


def _block(kind: str, seed: int, answers: Sequence[str], repeat: int) -> list[str]:
    block = [a for a in answers for _ in range(repeat)]
    random.Random(f"{kind}:wanted:{seed // len(block)}").shuffle(block)
    return block


def wanted_index(kind: str, seed: int, answers: Sequence[str], repeat: int = 2) -> int:
    """How many seeds before ``seed`` want the same answer as it (``wanted``): the seeds wanting
    one answer, numbered 0, 1, 2, ... in turn, so a bank of questions with that answer gives each
    of them its own.

    >>> sorted(wanted_index("bid", s, ("order", "pass")) for s in range(8))
    [0, 0, 1, 1, 2, 2, 3, 3]
    """
    block = _block(kind, seed, answers, repeat)
    at = seed % len(block)
    return seed // len(block) * repeat + block[:at].count(block[at])


Q = TypeVar("Q")


def drawn(
    candidates: Iterable[Q], want: str, answer_of: Callable[[Q], str | None], address: str | None = None
) -> Q:
    """The first candidate whose clear answer (``answer_of``: None when not clear) is the one the
    seed wants (``wanted``); failing that the first with a clear answer, failing that the first.
    ``candidates`` says which positions are tried, and how many. ``address`` names the search (its
    kind, seed and the rest of what the candidates depend on): where ``lessons.searched`` keeps
    where it ends, that candidate is taken without asking ``answer_of`` of any."""
    known = None if address is None else searched.found(address)
    if known is not None:
        tried = list(islice(candidates, known + 1))
        if len(tried) == known + 1:
            return tried[known]
        candidates = tried  # fewer than kept (the code has changed): every candidate is in ``tried``
    number, valued, found = _first_wanted(candidates, want, answer_of)
    if address is not None:
        searched.record(address, number, valued)
    return found


def _first_wanted(
    candidates: Iterable[Q], want: str, answer_of: Callable[[Q], str | None]
) -> tuple[int, int, Q]:
    """``drawn``'s search: the candidate's number, how many candidates were valued, the candidate."""
    first: tuple[int, Q] | None = None
    clear: tuple[int, Q] | None = None
    valued = 0
    for number, candidate in enumerate(candidates):
        got = answer_of(candidate)
        valued += 1
        if got == want:
            return number, valued, candidate
        if first is None:
            first = number, candidate
        if got is not None and clear is None:
            clear = number, candidate
    found = clear if clear is not None else first
    if found is None:
        raise ValueError("no position to ask")
    return found[0], valued, found[1]


def _value(analysis: Analysis, o: OptionResult) -> float:
    r = o.realistic
    if analysis.by_win_chance and r.win_delta is not None:
        return r.win_delta
    return r.ev


def clear_answer(analysis: Analysis, answer_of: Callable[[Action], str | None]) -> str | None:
    """The drill's answer (``answer_of`` the analyzer's recommendation) when the analysis decides it
    clearly against every other answer the drill offers, else None.

    ``answer_of`` names the drill's answer an action gives ('order up', 'pass', 'alone'), or None for
    an action the drill does not offer. The rival is the best option giving another answer. When it
    is the runner-up, the paired 95% interval of the margin decides: not too close to call, and the
    margin at least ``CLEAR`` half-widths. When the runner-up gives the same answer as the best (an
    order up alone against an order up), the rival is further behind: ranked by points, its 95%
    interval and the best's must not overlap; ranked by the chance of winning the game (at a score,
    where the options' own intervals are not kept), its gap to the best must be at least ``CLEAR``
    half-widths of the runner-up's interval, and not too close to call."""
    best = analysis.recommendation
    mine = answer_of(best)
    if mine is None:
        return None
    rivals = [o for o in analysis.options if answer_of(o.action) not in (None, mine)]
    if not rivals:
        return mine
    rival = max(rivals, key=lambda o: _value(analysis, o))
    if analysis.runner_up == rival.action:
        low, high = analysis.margin_ci
        half = (high - low) / 2
        return None if analysis.too_close or analysis.margin < CLEAR * half else mine
    if analysis.by_win_chance:
        low, high = analysis.margin_ci
        gap = _value(analysis, analysis.option(best)) - _value(analysis, rival)
        return mine if gap >= max(CLEAR * (high - low) / 2, analysis.tie_margin) else None
    top = analysis.option(best).realistic
    return mine if top.ev_ci[0] > rival.realistic.ev_ci[1] else None


def accepted(analysis: Analysis, answer_of: Callable[[Action], str | None]) -> frozenset[str]:
    """The answers the drills count right for an analysis: the recommendation's, and the
    runner-up's when the two are too close to call."""
    actions = [analysis.recommendation]
    if analysis.too_close and analysis.runner_up is not None:
        actions.append(analysis.runner_up)
    return frozenset(a for a in map(answer_of, actions) if a is not None)


def card_key(view: SeatView, card: Card) -> tuple[int, int]:
    """How strong a card of the seat's is at its turn: trumps first, then the suit led, then the
    rest, each by its rank in its own suit (on a lead or a discard every suit counts as its own)."""
    assert view.trump is not None
    eff = effective_table(view.trump)
    led = eff[view.trick[0][1]] if view.trick else None
    suit = eff[card]
    tier = 2 if suit == view.trump else 1 if suit == led else 0
    return tier, strength(card, view.trump, suit)


def card_class(view: SeatView, card: Card) -> str:
    """'strongest' or 'weakest' when ``card`` ranks as high, or as low, as any legal card of the
    seat's (``card_key``: two 9s of side suits are both the weakest), else 'other': the habit that
    would pick it."""
    keys = [card_key(view, a.card) for a in view.legal if a.card is not None]
    mine = card_key(view, card)
    if mine == max(keys):
        return "strongest"
    if mine == min(keys):
        return "weakest"
    return "other"


__all__ = ["CLEAR", "accepted", "card_class", "card_key", "clear_answer", "wanted", "wanted_index"]
