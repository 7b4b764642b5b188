"""The link the Practice page writes for a game where it stands (``page_link``), never holding a
card of a hand the learner cannot see; ``practice.table_link`` reads it back and rebuilds the game."""

from __future__ import annotations

from practice.codes import MOVES_LIMIT, DealCode, encode, encode_moves
from practice.session import NEXT_HAND, Position, Session, deal_code, is_opening


def page_link(
    pos: Position, s: Session, *, first_hand: bool, share: str | None, levels: str, day: str | None = None
) -> dict[str, str]:
    """The table's part of the page link, without a card of a hand the learner cannot see.
    A game that began from a position text no seed deals: ``shared=`` (the id it is kept under)
    and ``moves=`` (every decision of the learner's, while they fit the link). Otherwise ``deal=``
    (this hand's deal code) and ``moves=``, from ``start=`` when the learner's decisions began in
    an earlier hand and fit the link, else this hand's own; ``score=`` the score the first hand
    replayed was dealt at (left out at 0 each); with ``start=`` (and with ``shared=`` past the
    game's first hand, beside ``deal=``), ``at=`` and ``won=``: the score and the games won at this
    hand's deal, so a reload need not replay the earlier hands. Then ``levels=``. Opening the link
    (``read_link``, ``from_link``) rebuilds this position; with nothing to name the hand by (an
    opening that could not be kept) it holds the levels only."""
    if day is not None:  # the deal of the day: its day (the rules are the page's) and the moves
        moves = encode_moves(s.decisions)
        return {"daily": day, **({"moves": moves} if moves else {})}
    params: dict[str, str] = {}
    moves = encode_moves(s.decisions)
    fits = len(moves) <= MOVES_LIMIT
    if share is not None and (fits or is_opening(pos)):
        params["shared"] = share
        if moves:
            params["moves"] = moves
        if not is_opening(pos):  # a later hand: named, so a reload need not replay the earlier ones
            params["deal"] = encode(deal_code(pos))
            params.update(_at_params(pos))
    elif not is_opening(pos):
        params["deal"] = encode(deal_code(pos))
        if first_hand or s.opening or not fits:
            mine, scores = _this_hands_decisions(s.decisions), pos.game.scores_at_deal
            if mine:
                params["moves"] = encode_moves(mine)
            at: dict[str, str] = {}
        else:
            params["start"] = encode(DealCode(s.rules, s.seed, s.game_number, s.hand_number, s.dealer))
            params["moves"] = moves
            scores, at = s.scores, _at_params(pos)
        if any(scores):
            params["score"] = "-".join(str(v) for v in scores)
        params.update(at)
    params["levels"] = levels
    return params


def _at_params(pos: Position) -> dict[str, str]:
    """The link's ``at=`` (the score this hand was dealt at) and ``won=`` (the games of the match each
    side had won by then, left out at none): with them a reload rebuilds this hand without replaying
    the earlier ones (``table_link.this_hand``)."""
    game = pos.game
    won = list(game.games_won)
    if game.hand.is_over and game.game_winner is not None:  # this hand won a game: not yet at its deal
        won[game.game_winner] -= 1
    params = {"at": "-".join(str(v) for v in game.scores_at_deal)}
    if any(won):
        params["won"] = "-".join(str(v) for v in won)
    return params


def _this_hands_decisions(decisions: tuple[str, ...]) -> tuple[str, ...]:
    """The learner's decisions since the last ``NEXT_HAND``: those of the hand in progress."""
    last = max((i for i, d in enumerate(decisions) if d == NEXT_HAND), default=-1)
    return decisions[last + 1 :]


__all__ = ["page_link"]
