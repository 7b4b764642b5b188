"""The Club player's numbers: what a card, a void, the upcard and the score are worth.

The one home of the constants behind the compiled Club player (``club_bidding``) and the
hand evaluation that explains it (``engine.players.evaluate`` imports them from here).
"""

from __future__ import annotations

# Trick value of a trump by its strength under trump (engine.core.ranking: joker 30, right 29,
# left 28, A 27, K 26, Q 25, 10 24, 9 23, 8 22, 7 21).
TRUMP_VALUE = {30: 1.0, 29: 1.0, 28: 0.85, 27: 0.7, 26: 0.55, 25: 0.45, 24: 0.4, 23: 0.35, 22: 0.3, 21: 0.3}
TOP_SEQUENCE_VALUE = 1.0  # a trump in an unbroken run from the top of the suit is a sure trick
LENGTH_BONUS = 0.15  # per trump beyond the second
VOID_BONUS = 0.2  # per void off-suit when holding two or more trumps (a chance to ruff)
ACE_SHORT, ACE_LONG = 0.7, 0.55  # an off-ace in a suit of 1-2 cards / of 3 or more
KING_WITH_ACE, KING_GUARDED, KING_BARE = 0.3, 0.15, 0.05

# Own-hand trick estimate needed to make trump, by number of players (partner's help is
# expected in the 4-player game; the 3-player maker plays alone against two).
CALL_THRESHOLD = {4: 2.0, 3: 2.8, 2: 1.8}  # tuned by club-vs-club arena runs
ALONE_THRESHOLD = 3.8  # and the top trump in hand
DEFEND_ALONE_THRESHOLD = 2.6
NEXT_BONUS = 0.25  # round 2: "next" (same colour as the turned-down suit) for the dealer's opponents
REVERSE_NEXT_BONUS = 0.1  # round 2: the other colour for the dealer's side
UPCARD_SHARE = 0.6  # how much of the upcard's value changes hands when the dealer picks it up
UPCARD_EXTRA = 0.1  # and a little more: the dealer also gets to discard
JOKER_KEPT = 0.8  # round 1, joker decks: the joker is a trick in any suit, so a pass keeps it
