"""A textbook panel: clear-cut bidding situations and the answer every strategy guide gives.

Used by the panel test (tests/analysis/test_textbook_panel.py) and by
``python -m bench panel_check``, which share its sample cap, ``MAX_SAMPLES``. Each situation is a concrete hand (five cards, the upcard, the seat,
the round), the set of answers a textbook accepts (action texts as ``str(Action)``
prints them: ``"order"``, ``"order alone"``, ``"pass"``, ``"call H"``, ``"call H alone"``),
the rule it encodes and where that rule is written.

Written from published Euchre bidding guidance only -- never from the analyzer's
output. Only clear-cut hands are here: very strong hands that every guide bids
and very weak hands that every guide passes. Borderline hands (two small trumps and
an off ace, a lone bower with an ace, ...) are judgement calls and are left out.

Conventions (the engine's, ``engine/analysis/situation.py``): four players, 24 cards,
no joker, no stick-the-dealer, no score (start of the game). Seats in bidding order:
``first`` (left of the dealer, an opponent), ``second`` (the dealer's partner: an
order from here is "assisting"), ``third`` (right of the dealer, an opponent),
``dealer``. In round 2 the turned-down suit is the upcard's suit and everybody passed
in round 1.

Going alone: accepted next to the plain bid only where a guide calls the hand a lone
hand (the top three trumps; two of the top three with a side ace; four trumps with
the right bower and a side ace). Holding the five highest trumps, every trick is
won whatever is played, so alone is the only answer there. Every other bid
accepts the plain bid only.

The hands are written as templates over suit *roles* and expanded over the four
suits (each expansion is a concrete, checked hand):

- ``a``: round 1 the upcard's suit (trump); round 2 the suit the hand should name
  (or, for a pass, the suit the template is built around);
- ``b``: the other suit of ``a``'s colour (its jack is the left bower when ``a`` is trump);
- ``c``, ``d``: the two suits of the other colour.

In round 2 the upcard is in ``b`` ("next": ``a`` is the same colour as the
turned-down suit) or in ``c`` (``a`` crosses the colour).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from engine.analysis.situation import question
from engine.core.view import SeatView

MAX_SAMPLES = (
    1500  # deals per situation: the whole panel in about 30 s of CPU (under a minute on two busy cores)
)
SEATS = ("first", "second", "third", "dealer")
RANKS = "9TJQKA"
SUITS = "CDHS"
PARTNER = {"C": "S", "S": "C", "D": "H", "H": "D"}
OTHER_COLOUR = {"C": ("D", "H"), "S": ("H", "D"), "D": ("S", "C"), "H": ("C", "S")}


@dataclass(frozen=True, slots=True)
class Situation:
    hand: str  # five cards, e.g. "JH JD AH 9C TS"
    upcard: str
    seat: str  # first / second / third / dealer
    round: int  # 1 or 2 (round 2: the upcard's suit was turned down)
    answers: frozenset[str]  # acceptable actions, as str(Action) prints them
    rule: str
    source: str  # "source: <title/site>, <section or topic>"

    @property
    def seed(self) -> int:
        """A fixed seed per situation (the same on every run and machine)."""
        return zlib.crc32(f"{self.hand}|{self.upcard}|{self.seat}|{self.round}".encode())

    def __str__(self) -> str:
        return f"{self.hand} up {self.upcard}, {self.seat} seat, round {self.round}"

    def view(self) -> SeatView:
        """The deciding seat's view, as the analyzer is asked (``engine.analysis.situation``)."""
        return question(self.hand, self.upcard, self.seat, round=self.round).view()


# --- Where the rules are written -------------------------------------------------------------

EUCHRE_COM = "source: euchre.com Academy, 'How to Bid in Euchre', 3. When Should You Make Trump? (go for it / pass if you have)"
EUCHRE_COM_R2 = (
    "source: euchre.com Academy, 'How to Bid in Euchre', 2. The Two Rounds of Bidding "
    "(only call a new suit in round two with at least two solid cards in it and some off-suit strength)"
)
EUCHRE_COM_ALONE = "source: euchre.com Academy, 'How to Bid in Euchre', Going Alone (only go alone with both bowers and an ace)"
RAREPIKE_S1 = "source: rarepike.com, 'Euchre Trump Calling Strategy', Round 1, Seat 1 - Left of the Dealer (call with / pass with)"
RAREPIKE_S2 = (
    "source: rarepike.com, 'Euchre Trump Calling Strategy', Round 1, Seat 2 - Dealer's Partner (call with)"
)
DUMMIES_ALONE = (
    "source: Card Games For Dummies (Wiley), 'How to Go Alone in Euchre' "
    "(the top three trumps are often a sure thing for going alone, especially with an off-suit ace; "
    "two of the top three and a side ace may be enough)"
)
DUMMIES_ALONE_SURE = (
    "source: Card Games For Dummies (Wiley), 'How to Go Alone in Euchre' "
    "(go alone when you have a serious chance of all five tricks; the five highest trumps are certain of all five)"
)
EU_LONER = "source: Euchre Universe blog, 'The lonely euchre player' (go alone whenever you have 4 trump)"
EU_ASSIST = (
    "source: Euchre Universe blog, 'Assisting your partner' (seat 2 tips: never order up with 1 trump)"
)
EU_SEAT3 = (
    "source: Euchre Universe blog, 'Seat 3 ordering strategies' "
    "(the weak seat: you need the right bower and a couple more trumps to order)"
)
OHIO_R2 = (
    "source: Ohio Euchre (ohioeuchre.com), 'When should I name trump, Part 2' "
    "(second round by seat: first and third seats call next, second seat and dealer reverse next)"
)
OHIO_REVERSE = (
    "source: Ohio Euchre (ohioeuchre.com), 'When should I name trump, Part 2', Second Seat "
    "(the accepted minimum for a reverse next call is king-nine plus an off-suit ace)"
)
OHIO_NEXT = (
    "source: Ohio Euchre (ohioeuchre.com), 'The Art of a Next call (aka Hoyle)' "
    "(fairly safe times to call next: 3 or more in next)"
)
OLD_DEALER = (
    "source: playingcardgames.net, 'The Dealer' (classic euchre advice on when the dealer takes up: "
    "right and another and an outside ace; left, ace and an outside ace; at the weakest two trumps and two aces)"
)
EUCHREVERSE_DEALER = "source: euchreverse.com, 'Learn: Calling', Round 1, the dealer (three trump, period)"

# --- Templates --------------------------------------------------------------------------------
# (hand, rule, source) over the roles a b c d; the plan below adds the upcard and the answers
# ("{a}" in an answer is the letter of a's suit).

BOTH = ("order", "order alone")
ALONE = ("order alone",)
ORDER = ("order",)
PASS = ("pass",)
CALL_BOTH = ("call {a}", "call {a} alone")
CALL_ALONE = ("call {a} alone",)
CALL = ("call {a}",)

# Round 1, bids.
R1_RLA = (
    "Ja Jb Aa 9c Td",
    "right, left and ace of trump: order (a lone hand for many)",
    DUMMIES_ALONE + "; " + EUCHRE_COM,
)
R1_RLA_ACE = (
    "Ja Jb Aa Ac 9d",
    "right, left and ace of trump plus an off ace: order (alone is as good)",
    DUMMIES_ALONE,
)
R1_RLAK_ACE = (
    "Ja Jb Aa Ka Ac",
    "right, left, ace and king of trump plus an off ace: go alone (or order)",
    DUMMIES_ALONE + "; " + EUCHRE_COM_ALONE,
)
R1_TOP5 = ("Ja Jb Aa Ka Qa", "the five highest trumps take every trick: order alone", DUMMIES_ALONE_SURE)
R1_RAKQ_ACE = (
    "Ja Aa Ka Qa Ac",
    "four trumps headed by the right bower plus an off ace: order (alone is as good)",
    RAREPIKE_S1 + "; " + EU_LONER,
)
R1_RLKQ_ACE = (
    "Ja Jb Ka Qa Ac",
    "four trumps including both bowers plus an off ace: order (alone is as good)",
    RAREPIKE_S2 + "; " + EU_LONER,
)
R1_RA9_ACE = (
    "Ja Aa 9a Ac 9d",
    "right bower, ace and nine of trump plus an off ace, partner dealing: assist (order)",
    RAREPIKE_S2,
)

# Round 1, passes.
R1_NOTHING = ("9c Tc Qd Kd 9b", "no trump and no ace: pass", EUCHRE_COM)
R1_NOTHING2 = ("9c Qc Td Kd Qb", "no trump and no ace: pass", EUCHRE_COM)
R1_ONE_SMALL = ("9a Tc Qc Kd 9d", "one small trump and no ace: pass", EUCHRE_COM)
R1_ONE_SMALL_Q = ("Qa 9c Tc 9d Td", "one small trump and nothing else: pass", EUCHRE_COM)
R1_TWO_SMALL = ("9a Ta Qc Kd 9b", "two small trumps, no bower and no ace: pass", RAREPIKE_S1)
R1_LONE_LEFT = (
    "Jb 9c Tc Qd 9d",
    "a lone bower with no other trump and no ace: pass",
    RAREPIKE_S1 + "; " + EUCHRE_COM,
)
R1_OFF_ONLY = ("Ac Kc Ad Qd 9b", "no trump, only off-suit strength: pass", RAREPIKE_S1 + "; " + EUCHRE_COM)

# Round 1, the dealer (the upcard joins the hand).
D_RQ9_ACE = (
    "Ja 9a Ac 9d Td",
    "right bower, the upcard and one more trump (three trumps) plus an off ace: pick up",
    OLD_DEALER + "; " + EUCHREVERSE_DEALER,
)
D_RLK_ACE = (
    "Ja Jb Ac 9c Td",
    "both bowers and the upcard (three trumps) plus an off ace: pick up (alone is as good)",
    OLD_DEALER + "; " + DUMMIES_ALONE,
)
D_RLA = (
    "Ja Jb Aa Kc 9d",
    "right, left and ace of trump with the upcard (four trumps): pick up (alone is as good)",
    DUMMIES_ALONE + "; " + EUCHREVERSE_DEALER,
)
D_TOP5 = (
    "Ja Jb Aa Ka 9c",
    "with the upcard the five highest trumps take every trick: pick up alone",
    DUMMIES_ALONE_SURE,
)
D_RAK = (
    "Ja Aa 9c Qc Td",
    "right and ace of trump with the upcard (three trumps): pick up",
    OLD_DEALER + "; " + EUCHREVERSE_DEALER,
)
D_LA9_ACE = (
    "Jb Aa Ac 9d Td",
    "left bower, ace and the upcard (three trumps) plus an off ace: pick up",
    OLD_DEALER + "; " + EUCHREVERSE_DEALER,
)
D_AKQ9 = (
    "Aa Ka 9a 9c Td",
    "ace, king and nine of trump with the upcard (four trumps): pick up",
    EUCHREVERSE_DEALER,
)
D_NOTHING = (
    "9c Tc Qd Kd 9b",
    "no trump in hand and no ace (only the upcard would be trump): turn it down",
    EUCHRE_COM,
)
D_NOTHING2 = ("9c Qc Td Kd Qb", "no trump in hand and no ace: turn it down", EUCHRE_COM)
D_TWO_SMALL = ("Ta 9c Qc 9d Kd", "the two lowest trumps with the upcard and no ace: turn it down", OLD_DEALER)
D_ONE_TRUMP = ("9c Tc 9d Td Qb", "only the upcard would be trump, no ace: turn it down", EUCHRE_COM)

# Round 2, bids ("next" templates want the upcard in b, "cross" templates in c).
N_RLA = (
    "Ja Jb Aa 9c Td",
    "round 2, next (same colour as turned down) with right, left and ace: call next (a lone hand for many)",
    OHIO_R2 + "; " + DUMMIES_ALONE,
)
N_RLA_ACE = (
    "Ja Jb Aa Ac 9d",
    "round 2, next with right, left and ace plus an off ace: call next (alone is as good)",
    OHIO_NEXT + "; " + DUMMIES_ALONE,
)
N_RAK_ACE = (
    "Ja Aa Ka Ac 9d",
    "round 2, next with right, ace and king (three in next) plus an off ace: call next",
    OHIO_NEXT + "; " + EUCHRE_COM_R2,
)
N_RLK_ACE = (
    "Ja Jb Ka Ac 9d",
    "round 2, next with both bowers and the king plus an off ace: call next (alone is as good)",
    OHIO_NEXT + "; " + DUMMIES_ALONE,
)
N_TOP5 = (
    "Ja Jb Aa Ka Qa",
    "round 2, the five highest trumps of next take every trick: call next alone",
    DUMMIES_ALONE_SURE,
)
X_RLA = (
    "Ja Jb Aa 9c Td",
    "round 2, right, left and ace of a suit of the other colour: call it (a lone hand for many)",
    EUCHRE_COM_R2 + "; " + DUMMIES_ALONE,
)
X_RAKQ_ACE = (
    "Ja Aa Ka Qa Ad",
    "round 2, four trumps headed by the right bower plus an off ace: call the suit (alone is as good)",
    EUCHRE_COM_R2 + "; " + EU_LONER,
)
X_RLAK_ACE = (
    "Ja Jb Aa Ka Ad",
    "round 2, right, left, ace and king plus an off ace: call the suit alone (or call it)",
    DUMMIES_ALONE + "; " + EUCHRE_COM_ALONE,
)
X_TOP5 = (
    "Ja Jb Aa Ka Qa",
    "round 2, the five highest trumps of a suit take every trick: call it alone",
    DUMMIES_ALONE_SURE,
)
X_RAK_ACE = (
    "Ja Aa Ka Ab 9d",
    "round 2, right, ace and king of a suit plus an off ace: call the suit",
    EUCHRE_COM_R2 + "; " + OHIO_REVERSE,
)

# Round 2, passes.
Q_ONE_EACH = (
    "Kb Qb 9c Td Qa",
    "round 2, at most one card of any suit you could name, no bower and no ace: pass",
    EUCHRE_COM_R2,
)
Q_ONE_EACH_X = (
    "Kc Qc 9a Tb 9d",
    "round 2, at most one card of any suit you could name, no bower and no ace: pass",
    EUCHRE_COM_R2,
)
Q_SMALL_PAIRS = ("9a Ta 9c Tc Qd", "round 2, nothing above a queen, no bower and no ace: pass", EUCHRE_COM_R2)
Q_LONG_TURNED = (
    "Kb Tb 9b Qc 9d",
    "round 2, length only in the turned-down suit, no bower and no ace: pass",
    EUCHRE_COM_R2,
)


def _suits(a: str, flip: bool) -> dict[str, str]:
    c, d = OTHER_COLOUR[a]
    if flip:
        c, d = d, c
    return {"a": a, "b": PARTNER[a], "c": c, "d": d}


def _card(token: str, roles: dict[str, str]) -> str:
    return token[0] + roles[token[1]]


def _expand(
    seat: str,
    round_: int,
    template: tuple[str, str, str],
    upcard: str,
    answers: tuple[str, ...],
) -> list[Situation]:
    """One template over the four suits of ``a`` (the two other-colour suits alternate as c/d)."""
    hand_t, rule, source = template
    out = []
    for i, a in enumerate(SUITS):
        roles = _suits(a, flip=bool(i % 2))
        hand = " ".join(_card(t, roles) for t in hand_t.split())
        up = _card(upcard, roles)
        texts = frozenset(x.format(a=a) for x in answers)
        seat_name = {
            "first": "first seat",
            "second": "second seat (dealer's partner)",
            "third": "third seat",
            "dealer": "dealer",
        }[seat]
        out.append(Situation(hand, up, seat, round_, texts, f"{seat_name}: {rule}", source))
    return out


# (template, upcard over roles, answers) per seat and round.
PLAN: dict[tuple[str, int], list[tuple[tuple[str, str, str], str, tuple[str, ...]]]] = {
    ("first", 1): [
        (R1_RLA, "Ta", BOTH),
        (R1_RLA_ACE, "9a", BOTH),
        (R1_RLAK_ACE, "Qa", BOTH),
        (R1_TOP5, "9a", ALONE),
        (R1_RAKQ_ACE, "Ta", BOTH),
        (R1_NOTHING, "Ka", PASS),
        (R1_TWO_SMALL, "Qa", PASS),
        (R1_LONE_LEFT, "9a", PASS),
        (R1_OFF_ONLY, "Ta", PASS),
    ],
    ("second", 1): [
        (R1_RLA, "Ka", BOTH),
        (R1_RLA_ACE, "Qa", BOTH),
        (R1_RLAK_ACE, "9a", BOTH),
        (R1_RLKQ_ACE, "9a", BOTH),
        (R1_RA9_ACE, "Ta", ORDER),
        (R1_NOTHING, "9a", PASS),
        (R1_ONE_SMALL, "Ta", PASS),
        (R1_ONE_SMALL_Q, "Ka", PASS),
    ],
    ("third", 1): [
        (R1_RLA, "9a", BOTH),
        (R1_RLA_ACE, "Ta", BOTH),
        (R1_RLAK_ACE, "Qa", BOTH),
        (R1_TOP5, "Ta", ALONE),
        (R1_RAKQ_ACE, "9a", BOTH),
        (R1_NOTHING2, "Aa", PASS),
        (R1_TWO_SMALL, "Ka", PASS),
        (R1_LONE_LEFT, "Qa", PASS),
        (R1_OFF_ONLY, "9a", PASS),
    ],
    ("dealer", 1): [
        (D_RQ9_ACE, "Qa", ORDER),
        (D_RLK_ACE, "Ka", BOTH),
        (D_RLA, "Ta", BOTH),
        (D_TOP5, "Qa", ALONE),
        (D_RAK, "Ka", ORDER),
        (D_LA9_ACE, "9a", ORDER),
        (D_AKQ9, "Qa", ORDER),
        (D_NOTHING, "Ta", PASS),
        (D_NOTHING2, "9a", PASS),
        (D_TWO_SMALL, "9a", PASS),
        (D_ONE_TRUMP, "Ka", PASS),
    ],
    ("first", 2): [
        (N_RLA, "9b", CALL_BOTH),
        (N_RLA_ACE, "Kb", CALL_BOTH),
        (N_RAK_ACE, "Qb", CALL),
        (N_TOP5, "Ab", CALL_ALONE),
        (X_RAKQ_ACE, "Tc", CALL_BOTH),
        (Q_ONE_EACH, "9b", PASS),
        (Q_ONE_EACH_X, "Ac", PASS),
        (Q_SMALL_PAIRS, "Kb", PASS),
    ],
    ("second", 2): [
        (X_RLA, "Kc", CALL_BOTH),
        (N_RLA_ACE, "Qb", CALL_BOTH),
        (X_RLAK_ACE, "9c", CALL_BOTH),
        (N_RLK_ACE, "Tb", CALL_BOTH),
        (X_TOP5, "Ac", CALL_ALONE),
        (Q_ONE_EACH, "Ab", PASS),
        (Q_ONE_EACH_X, "Tc", PASS),
        (Q_LONG_TURNED, "Ab", PASS),
    ],
    ("third", 2): [
        (N_RLA, "Kb", CALL_BOTH),
        (X_RAKQ_ACE, "9c", CALL_BOTH),
        (N_RAK_ACE, "Tb", CALL),
        (X_RLA, "Qc", CALL_BOTH),
        (N_TOP5, "9b", CALL_ALONE),
        (Q_ONE_EACH, "Ab", PASS),
        (Q_ONE_EACH_X, "Ac", PASS),
        (Q_SMALL_PAIRS, "Qb", PASS),
    ],
    ("dealer", 2): [
        (N_RLA_ACE, "Ab", CALL_BOTH),
        (X_RLA, "Ac", CALL_BOTH),
        (X_RAK_ACE, "Qc", CALL),
        (N_TOP5, "Kb", CALL_ALONE),
        (X_RLAK_ACE, "Kc", CALL_BOTH),
        (Q_ONE_EACH, "Ab", PASS),
        (Q_ONE_EACH_X, "9c", PASS),
        (Q_LONG_TURNED, "Qb", PASS),
    ],
}


def _build() -> tuple[Situation, ...]:
    out: list[Situation] = []
    for (seat, round_), rows in PLAN.items():
        for template, upcard, answers in rows:
            out.extend(_expand(seat, round_, template, upcard, answers))
    return tuple(out)


SITUATIONS: tuple[Situation, ...] = _build()
