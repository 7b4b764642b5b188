"""Engine facts the lessons quote: verdicts and figures computed by the analyzer, never typed in.

A lesson writes ``{{name}}`` where it quotes the engine, like ``{{alone-ace.alone.march}}`` (how
often ordering up alone with J♥ J♦ A♥ A♠ 9♣ takes all five tricks) or ``{{alone-ace.says}}`` in
an ``@analyze`` line. ``lessons.loader`` fills the names in from ``lessons/fact_values.py`` so a
lesson loads at once; that file is written by ``python -m lessons facts --write`` from the
questions below, and ``tests/lessons/test_engine_facts.py`` recomputes every fact and fails when
the engine's answer has moved (a new bidding table, a better defence), naming that command: a
verdict that changes at all, a figure that moves by more than its sampling error (``same``). So
a lesson says what the analyzer says today, and a model change cannot leave it behind silently.

Every hand is asked of ``engine.analysis.advice.value_bids``, the Analyze page's entry point (its
deals seeded by the question's view, its interactive count), so a lesson quotes the figures the
Analyze page shows for the same hand; driven by the default table (``engine.analysis.tables.DEFAULT_TABLE``, the
people table). The names of a hand ``h``:

- ``h.verdict``: the default table's best, in words ('order up alone', 'pass', 'pick it up';
  'too close to call: order up or pass' when the two best are worth the same);
- ``h.says``: the same for an ``@analyze`` line's ``says=`` (``order+alone``, ``order|pass``);
- ``h.close_call``: ``yes`` when another table's best is a different option (``Robust.close_call``),
  ``h.reason``: the analyzer's sentence saying on what the answer depends ('' if nothing), and
  ``h.tables``: a sentence for the lesson saying either;
- per option ``o`` of ``pass``, ``order``, ``alone``: ``h.o.ev`` (points a hand, '+1.29'),
  ``h.o.make``, ``h.o.march``, ``h.o.euchred`` for ``order`` and ``alone`` (whole percents: the
  learner's side makes it, takes all five, is euchred)
  the dealer's best discard ``h.o.discard`` ('10♠') and, with a score, ``h.o.win`` (the change in the chance of winning the game, '+7%');
  a round-2 question's options are named ``call_hearts``, ``call_hearts_alone`` ...;
- after a pass either side may make trump: ``h.pass.we_make`` and ``h.pass.we_euchred`` (your side
  names trump and makes it, or is euchred), ``h.pass.they_make``, ``h.pass.they_euchred`` (the
  other side names trump and makes it, or is euchred: the trap a strong hand sets by passing) and
  ``h.pass.thrown`` (nobody names trump), each a share of all deals;
- the one-third rule for a hand that may order up alone: ``h.third`` (a third of the partnership's
  march chance) and ``h.rule`` ('more than', 'less than' or 'about': the lone march chance beside it,
  ``lessons.call_drills.third_rule``);
- with ``tables``, every kind of table's figures: ``h.T.o.ev`` for ``T`` of ``people``, ``sound``
  (strong players), ``cautious``, ``eager``.

A seat fact ``s`` values a card (or discard) choice from a seat's view (its text, ``SeatView.to_text``)
with the practice table's judge (``engine.search.seat_values.value_choices``, ``SEAT_DEALS``
layouts, a fixed seed): ``s.best`` (the best card, '10♣'), and per card ``c`` (its code, ``s.AD.ev``):
``s.c.ev`` (points a hand, '+0.16'), ``s.c.loss`` ('0.25', against the best) and ``s.c.spread``
(the half-width of the loss's 95% interval), and ``s.c.tied`` ('yes' when worth the same as the
best within it).

``judge.deals`` is the number of layouts the seat's judge deals (the discard, the defence drills).

A chart fact ``c`` reads the shipped call chart's square for a hand's class
(``engine.study.chart_table``): ``c.best`` (its verdict in the same words), ``c.n`` (deals),
``c.pass.ev``, ``c.order.ev``, ``c.alone.ev``, and ``c.compare``: 'the same answer' or 'different
answers' beside the named hand's verdict.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CHART_PRESET = "Standard (North America)"


@dataclass(frozen=True, slots=True)
class HandQuestion:
    """One hand the lessons quote, asked of the analyzer in round 1."""

    name: str
    hand: str
    upcard: str
    seat: str
    score: str | None = None
    tables: bool = False  # every kind of table's figures too


@dataclass(frozen=True, slots=True)
class RoundTwo:
    """A round-2 hand question: everyone passed the upcard, and it was turned down."""

    name: str
    hand: str
    upcard: str
    seat: str


@dataclass(frozen=True, slots=True)
class SeatQuestion:
    """A card or discard choice the lessons quote, as its seat's view text."""

    name: str
    view: str


@dataclass(frozen=True, slots=True)
class ChartQuestion:
    """The chart square of ``hand``'s class, compared with the verdict of the hand question ``beside``."""

    name: str
    hand: str
    upcard: str
    seat: str
    beside: str


HANDS = (
    # lesson 7: the rule of thumb's three top trumps, with two small cards, with an off-suit ace,
    # and as the dealer who picks up a fourth trump
    HandQuestion("alone-small", "JH JD AH 9C TS", "9H", "second"),
    HandQuestion("alone-ace", "JH JD AH AS 9C", "9H", "first"),
    HandQuestion("alone-dealer", "JH JD AH 9C TS", "9H", "dealer"),
    # lesson 12: the strong first hand; king-queen-nine of trump without a bower, at 0-0 and at the end
    HandQuestion("strong-first", "JH JD AH KS 9C", "9H", "first", tables=True),
    HandQuestion("kq9", "KD QD 9D AS 9C", "TD", "first"),
    HandQuestion("kq9-leading", "KD QD 9D AS 9C", "TD", "first", "9,8"),
    HandQuestion("kq9-third", "KD QD 9D AS 9C", "TD", "third"),
    HandQuestion("kq9-trailing", "KD QD 9D AS 9C", "TD", "third", "8,9"),
    # lesson 12: the dealer's pick-up with the jack turned up, a clear loner
    HandQuestion("dealer-jack", "AS KS 9S AD TH", "JS", "dealer"),
)

# lesson 12: round 2 by seat, the same hand (two hearts and two clubs, the ace and king of each) after
# the 9♦ was turned down: calling hearts (next) or clubs (the other colour), from every seat
ROUND_TWO = tuple(
    RoundTwo(f"r2-{seat}", "AH KH AC KC 9S", "9D", seat) for seat in ("first", "second", "third", "dealer")
)

# lessons 11 and 13: leads and a discard against a lone maker
SEATS = (
    # East dealt the Q♠ and picked it up alone; South leads with a single ace and junk
    SeatQuestion(
        "lead-single-ace", "standard/3/AD-TH-9H-TC-9C,?,?,?/QS/pass,pass,pass,order-alone,discard-?"
    ),
    # the same, South holding the right bower
    SeatQuestion("lead-right", "standard/3/JS-TH-9H-TC-AC,?,?,?/QS/pass,pass,pass,order-alone,discard-?"),
    # South deals the 9♥; East, on the dealer's right, orders it up alone: the dealer's discard
    SeatQuestion("throw-next", "standard/0/9D-KC-QC-TS-AS,?,?,?/9H/pass,pass,order-alone"),
    # North deals the 9♥; West, on the dealer's right, orders it up alone; South, the dealer's
    # partner, leads (East sits out): without an ace, and with the A♣
    SeatQuestion("lead-next", "standard/2/KD-QS-TS-9C-TC,?,?,?/9H/pass,pass,order-alone,discard-?"),
    SeatQuestion("lead-next-ace", "standard/2/KD-AC-QS-TS-9C,?,?,?/9H/pass,pass,order-alone,discard-?"),
)
SEAT_DEALS = 960  # layouts for a seat fact: four times the judge's, for a figure to quote

CHARTS = (ChartQuestion("chart-strong", "JH JD AH KS 9C", "9H", "first", beside="strong-first"),)

OPTION_NAMES = {"pass": "pass", "order": "order", "order alone": "alone"}


def option_name(action: object) -> str:
    """A fact's name for an option: 'pass', 'order', 'alone'; in round 2 'call_hearts' (+ '_alone')."""
    from engine.core.actions import Action

    assert isinstance(action, Action)
    text = str(action)
    if text in OPTION_NAMES:
        return OPTION_NAMES[text]
    suit = f"_{action.suit.noun}" if action.suit is not None else ""
    return f"{action.kind.value}{suit}{'_alone' if action.alone else ''}"


def _words(action: str, dealer: bool) -> str:
    """'order alone' -> 'order up alone' ('pick it up alone' for the dealer)."""
    from engine.core.action_words import answer_words
    from engine.core.actions import Action

    return answer_words(Action.parse(action), dealer=dealer)


def hand_facts(q: HandQuestion | RoundTwo) -> dict[str, str]:
    """Every fact of one hand question (see the module docstring), computed now."""
    from engine.analysis.advice import value_bids
    from engine.analysis.explain import percent, percent_change, points
    from engine.analysis.situation import question
    from engine.core.actions import Kind
    from lessons.call_drills import third_rule_words

    score = q.score if isinstance(q, HandQuestion) else None
    if isinstance(q, RoundTwo):
        asked = question(q.hand, q.upcard, q.seat, round=2, turned_down=q.upcard[-1])
    else:
        asked = question(q.hand, q.upcard, q.seat, score=score)
    r = value_bids(asked.view(), score=asked.score)
    a = r.analysis
    dealer = q.seat == "dealer"
    best = [str(a.recommendation)]
    if a.too_close and a.runner_up is not None:  # the two in the order of the options, whichever leads
        order = [o.action for o in a.options]
        best = [str(x) for x in sorted((a.recommendation, a.runner_up), key=order.index)]
    verdict = (
        _words(best[0], dealer)
        if len(best) == 1
        else (f"too close to call: {_words(best[0], dealer)} or {_words(best[1], dealer)}")
    )
    out = {
        f"{q.name}.verdict": verdict,
        f"{q.name}.says": "|".join(b.replace(" ", "+") for b in best),
        f"{q.name}.close_call": "yes" if r.close_call else "no",
        f"{q.name}.reason": r.reason,
        f"{q.name}.tables": (
            f"Another kind of table changes the answer. {r.reason}"
            if r.close_call
            else "Every kind of table the app knows gives the same answer."
        ),
    }
    for o in a.options:
        key = f"{q.name}.{option_name(o.action)}"
        s = o.realistic
        out[f"{key}.ev"] = points(s.ev)
        if o.discard is not None:
            out[f"{key}.discard"] = o.discard.short
        if (
            o.action.kind is not Kind.PASS
        ):  # after a pass either side may make trump: no single maker's chances
            out[f"{key}.make"] = percent(s.p_make)
            out[f"{key}.march"] = percent(s.p_march)
            out[f"{key}.euchred"] = percent(s.p_euchred)
        else:
            out[f"{key}.we_make"] = percent(s.p_we_make_it)
            out[f"{key}.we_euchred"] = percent(s.p_we_make - s.p_we_make_it)
            out[f"{key}.they_make"] = percent(s.p_they_make_it)
            out[f"{key}.they_euchred"] = percent(s.p_they_euchred)
            out[f"{key}.thrown"] = percent(s.p_thrown_in)
        if s.win_delta is not None:
            out[f"{key}.win"] = percent_change(s.win_delta)
    pair = [o for o in a.options if o.action.kind is Kind.ORDER]
    if len(pair) == 2:
        with_partner, alone = sorted(pair, key=lambda o: o.action.alone)
        third, rule = third_rule_words(with_partner.realistic, alone.realistic)
        out[f"{q.name}.third"], out[f"{q.name}.rule"] = third, rule
    if isinstance(q, HandQuestion) and q.tables:
        for table, each in r.by_table.items():
            for o in each.options:
                out[f"{q.name}.{table}.{option_name(o.action)}.ev"] = points(o.realistic.ev)
    return out


def seat_facts(q: SeatQuestion) -> dict[str, str]:
    """The seat's judge on one card or discard choice (see the module docstring), computed now."""
    from engine.analysis.explain import points
    from engine.core.view import SeatView
    from engine.search.seat_values import value_choices

    v = value_choices(SeatView.from_text(q.view), SEAT_DEALS, seed=f"lesson-fact:{q.name}")
    best = v.best.card
    assert best is not None
    out = {f"{q.name}.best": best.short}
    for c in v.choices:
        assert c.action.card is not None
        key = f"{q.name}.{c.action.card}"
        out[f"{key}.ev"] = points(c.points)
        out[f"{key}.loss"] = f"{c.loss:.2f}"
        out[f"{key}.spread"] = f"{c.spread:.2f}"
        out[f"{key}.tied"] = "yes" if c.tied else "no"
    return out


def chart_facts(q: ChartQuestion, verdicts: dict[str, str]) -> dict[str, str]:
    """The chart square of one hand's class (see the module docstring)."""
    from engine.analysis.explain import points
    from engine.core.cards import parse_card, parse_cards
    from engine.study.chart_table import load
    from engine.study.hand_classes import hand_class

    upcard = parse_card(q.upcard)
    assert upcard.suit is not None
    cls = hand_class(parse_cards(q.hand), upcard.suit, upcard)
    cell = next(c for c in load(CHART_PRESET).select(q.seat, 1, cls.upcard) if c.hand == cls)
    best = _words({"call": "order", "alone": "order alone"}.get(cell.best, "pass"), q.seat == "dealer")
    out = {f"{q.name}.best": best, f"{q.name}.n": f"{cell.n:,}"}
    for option, name in (("pass", "pass"), ("call", "order"), ("alone", "alone")):
        if option in cell.options:
            out[f"{q.name}.{name}.ev"] = points(cell.options[option].ev)
    out[f"{q.name}.compare"] = (
        "the same answer" if verdicts[f"{q.beside}.verdict"] == best else "different answers"
    )
    return out


POINTS_SLACK = 0.05  # a stored figure this close to today's is the same within its sampling error
PERCENT_SLACK = 3
_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")


def _number(text: str) -> float | None:
    m = re.fullmatch(r"[<>]?([-+]?\d+(?:\.\d+)?)%?", text)
    return None if m is None else float(m[1])


def same(stored: str | None, now: str) -> bool:
    """Does a stored fact still say what the engine says now? Words must match exactly (a
    verdict, a discard); a figure may move within its sampling error (``POINTS_SLACK`` points a
    hand, ``PERCENT_SLACK`` percentage points); a sentence must have the same words with its
    figures left out (two tied options may be named in either order)."""
    if stored is None:
        return False
    if stored == now:
        return True
    a, b = _number(stored), _number(now)
    if a is not None and b is not None:
        return abs(a - b) <= (PERCENT_SLACK if now.endswith("%") else POINTS_SLACK)
    return sorted(_NUMBER.sub("#", stored).split()) == sorted(_NUMBER.sub("#", now).split())


def compute() -> dict[str, str]:
    """Every fact the lessons may quote, asked of the engine now (a few seconds once compiled)."""
    from engine.search.seat_values import JUDGE_DEALS

    out: dict[str, str] = {"judge.deals": str(JUDGE_DEALS)}
    questions: tuple[HandQuestion | RoundTwo, ...] = (*HANDS, *ROUND_TWO)
    for q in questions:
        out.update(hand_facts(q))
    for c in CHARTS:
        out.update(chart_facts(c, out))
    for seat in SEATS:
        out.update(seat_facts(seat))
    return out


def source(values: dict[str, str]) -> str:
    """The text of ``lessons/fact_values.py`` for ``values``."""
    lines = [
        '"""The engine facts the lessons quote, as last computed: written by ``python -m lessons facts',
        "--write`` (``lessons.facts``); do not edit by hand. tests/lessons/test_engine_facts.py checks",
        'them against the engine."""',
        "",
        "VALUES: dict[str, str] = {",
        *(f"    {k!r}: {v!r}," for k, v in sorted(values.items())),
        "}",
        "",
    ]
    return "\n".join(lines)
