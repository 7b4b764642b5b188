"""Engine facts the lessons quote: verdicts and figures computed by the analyzer, never typed in.

A lesson writes ``{{name}}`` where it quotes the engine, like ``{{alone-ace.alone.march}}`` (how
often ordering up alone with J♥ J♦ A♥ A♠ 9♣ takes all five tricks) or ``{{alone-ace.says}}`` in
an ``@analyze`` line. ``lessons.loader`` fills the names in from ``lessons/fact_values.py`` so a
lesson loads at once; that file is written by ``python -m lessons facts --write`` from the
questions below, and ``tests/lessons/test_engine_facts.py`` recomputes every fact and fails when
the engine's answer has moved (a new bidding table, a better defence), naming that command: a
verdict that changes at all, a figure that moves by more than its sampling error (``same``). So
a lesson says what the analyzer says today, and a model change cannot leave it behind silently.

Every hand is asked of ``engine.analysis.robust.analyze_robust`` with a fixed seed and a fixed
number of deals, driven by the default table (``engine.analysis.tables.DEFAULT_TABLE``, the
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
  the dealer's best discard ``h.o.discard`` ('10♠') and, with a score, ``h.o.win`` (the change in the chance of winning the game, '+7%').

A chart fact ``c`` reads the shipped call chart's square for a hand's class
(``engine.study.chart_table``): ``c.best`` (its verdict in the same words), ``c.n`` (deals),
``c.pass.ev``, ``c.order.ev``, ``c.alone.ev``, and ``c.compare``: 'the same answer' or 'different
answers' beside the named hand's verdict.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SAMPLES = 4000  # deals per table, fixed with the seed so the same engine always gives the same facts
CHART_PRESET = "Standard (North America)"


@dataclass(frozen=True, slots=True)
class HandQuestion:
    """One hand the lessons quote, asked of the analyzer in round 1."""

    name: str
    hand: str
    upcard: str
    seat: str
    score: str | None = None


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
    HandQuestion("strong-first", "JH JD AH KS 9C", "9H", "first"),
    HandQuestion("kq9", "KD QD 9D AS 9C", "TD", "first"),
    HandQuestion("kq9-leading", "KD QD 9D AS 9C", "TD", "first", "9,8"),
    HandQuestion("kq9-third", "KD QD 9D AS 9C", "TD", "third"),
    HandQuestion("kq9-trailing", "KD QD 9D AS 9C", "TD", "third", "8,9"),
)

CHARTS = (ChartQuestion("chart-strong", "JH JD AH KS 9C", "9H", "first", beside="strong-first"),)

OPTION_NAMES = {"pass": "pass", "order": "order", "order alone": "alone"}


def _words(action: str, dealer: bool) -> str:
    """'order alone' -> 'order up alone' ('pick it up alone' for the dealer)."""
    from engine.core.action_words import answer_words
    from engine.core.actions import Action

    return answer_words(Action.parse(action), dealer=dealer)


def hand_facts(q: HandQuestion) -> dict[str, str]:
    """Every fact of one hand question (see the module docstring), computed now."""
    from engine.analysis.explain import percent, percent_change, points
    from engine.analysis.robust import analyze_robust
    from engine.analysis.situation import question
    from engine.core.actions import Kind

    asked = question(q.hand, q.upcard, q.seat, score=q.score)
    r = analyze_robust(
        asked.view(),
        f"lesson-fact:{q.name}",
        score=asked.score,
        time_budget=None,
        max_samples=SAMPLES,
        ceiling=False,
    )
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
        key = f"{q.name}.{OPTION_NAMES[str(o.action)]}"
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
        if s.win_delta is not None:
            out[f"{key}.win"] = percent_change(s.win_delta)
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
    out: dict[str, str] = {}
    for q in HANDS:
        out.update(hand_facts(q))
    for c in CHARTS:
        out.update(chart_facts(c, out))
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
