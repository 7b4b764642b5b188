"""Drawing for the Hand Analyzer: the options as cards, a finished deal trick by trick.

Every figure and sentence comes from the engine (``engine.analysis.explain`` words the
chances and formats the numbers); this module only lays them out as HTML. Layouts are CSS
grids of ``minmax(min(100%, W), 1fr)`` columns: one column on a phone, several on a laptop
or a projector, never wider than the page. Blocks carry ``data-testid`` marks the tests read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from engine.analysis.bidding import Analysis, OptionResult, Stats
from engine.analysis.explain import chance_after, chances, label, percent, points
from engine.core.cards import Card, Suit
from engine.core.hand import HandState, Trick
from engine.core.seats import partner, seat_name
from engine.core.view import SeatView
from ui.cards import cards_row_html

GREEN = "#1b6e3a"
GREY = "#c9c9c9"


def _grid(
    cells: Sequence[str], min_width: int, testid: str, fill: str = "auto-fit", scale: float = 1.0
) -> str:
    """Columns at least ``min_width`` wide (one on a phone); auto-fit stretches a few cells across
    a wide screen, auto-fill keeps every cell the same width. ``scale`` enlarges the text."""
    return (
        f'<div data-testid="{testid}" style="display:grid;gap:12px;font-size:{scale}em;'
        f'grid-template-columns:repeat({fill},minmax(min(100%,{min_width}px),1fr))">{"".join(cells)}</div>'
    )


def _box(inner: str, *, strong: bool = False, testid: str, extra: str = "") -> str:
    border = f"3px solid {GREEN}" if strong else f"1px solid {GREY}"
    return (
        f'<div data-testid="{testid}"{extra} style="border:{border};border-radius:10px;padding:10px 12px;'
        f'min-width:0;overflow-wrap:anywhere">{inner}</div>'
    )


def who(players: int, seat: int, me: int = 0) -> str:
    """'South (you)', 'North (your partner)', 'West'."""
    name = seat_name(players, seat)
    if seat == me:
        return f"{name} (you)"
    if partner(players, me) == seat:
        return f"{name} (your partner)"
    return name


# ---- the options ---------------------------------------------------------------------------


def _bar(p: float) -> str:
    width = max(0.0, min(1.0, p)) * 100
    return (
        '<div aria-hidden="true" style="height:6px;background:#e6e6e6;border-radius:3px;margin:1px 0 6px">'
        f'<div style="width:{width:.0f}%;height:6px;background:#4a7fb5;border-radius:3px"></div></div>'
    )


def option_card(
    o: OptionResult,
    *,
    recommended: bool,
    players: int,
    others: Mapping[str, Stats],
    base_win: float | None = None,
    view: SeatView | None = None,
) -> str:
    """One option: its name, points a hand with the 95% range, chances from your side (the later
    trump's suits said from ``view``), the other tables (with the chance of winning too when a
    score ranks the options: ``base_win`` is the chance before the hand) and perfect play."""
    r = o.realistic
    name = label(o.action, o.discard)
    name = name[:1].upper() + name[1:]
    parts = []
    if recommended:
        parts.append(
            f'<div style="display:inline-block;background:{GREEN};color:#fff;font-weight:700;'
            f'font-size:0.8em;border-radius:9px;padding:1px 9px;margin-bottom:4px">Recommended</div>'
        )
    parts.append(f'<div style="font-weight:700;font-size:1.15em">{escape(name)}</div>')
    parts.append(
        f'<div style="font-size:1.3em;font-weight:700;margin-top:2px">{points(r.ev)} '
        f'<span style="font-size:0.7em;font-weight:400">points a hand</span></div>'
    )
    parts.append(
        f'<div style="font-size:0.85em;opacity:0.8;margin-bottom:6px">95% range '
        f"{points(r.ev_ci[0])} to {points(r.ev_ci[1])}</div>"
    )
    for c in chances(o.action, r, players, view):
        parts.append(
            f'<div data-testid="an-chance" style="display:flex;justify-content:space-between;gap:8px">'
            f"<span>{escape(c.text[:1].upper() + c.text[1:])}</span>"
            f'<b style="white-space:nowrap;flex:none">{percent(c.p)}</b></div>{_bar(c.p)}'
        )
    after = chance_after(base_win, r)
    if after is not None and base_win is not None:
        parts.append(
            f"<div>Chance of winning the game: <b>{percent(after)}</b> "
            f'<span style="opacity:0.8">({percent(base_win)} before this hand)</span></div>'
        )
    if others:
        cells = " · ".join(f"{escape(table)} {_figure(x, base_win)}" for table, x in others.items())
        parts.append(f'<div style="font-size:0.9em;margin-top:4px">Against {cells}</div>')
    if o.ceiling is not None:
        parts.append(
            f'<div style="font-size:0.9em;margin-top:2px">Perfect play with all cards face up: '
            f"{points(o.ceiling.ev)}</div>"
        )
    extra = f' data-recommended="{"true" if recommended else "false"}"'
    return _box("".join(parts), strong=recommended, testid="an-option", extra=extra)


def _figure(x: Stats, base_win: float | None) -> str:
    """Points a hand, and the chance of winning the game where there is one (a chance, no sign)."""
    after = chance_after(base_win, x)
    return points(x.ev) if after is None else f"{points(x.ev)} ({percent(after)} to win)"


def options_html(
    a: Analysis,
    others: Mapping[str, Analysis],
    described: Mapping[str, str],
    players: int,
    scale: float = 1.0,
    view: SeatView | None = None,
) -> str:
    """Every option as a card, the recommended one first and marked, the others in order of value
    (the change in the chance of winning when the analysis ranks by it, else the points). With
    the ``view`` the chances after a pass name the suits your side may still make trump."""

    def value(o: OptionResult) -> float:
        r = o.realistic
        return r.win_delta if a.by_win_chance and r.win_delta is not None else r.ev

    ordered = sorted(a.options, key=lambda o: (o.action != a.recommendation, -value(o)))
    cells = []
    for o in ordered:
        theirs = {described.get(t, t): other.option(o.action).realistic for t, other in others.items()}
        cells.append(
            option_card(
                o,
                recommended=o.action == a.recommendation,
                players=players,
                others=theirs,
                base_win=a.base_win,
                view=view,
            )
        )
    return _grid(cells, round(250 * scale), "an-options", scale=scale)


# ---- the hand and the upcard -----------------------------------------------------------------


def hand_html(
    hand: Sequence[Card],
    upcard: Card,
    upcard_caption: str,
    *,
    width: int = 64,
    four_colour: bool = False,
    scale: float = 1.0,
) -> str:
    """Your five cards and, beside them (below them on a phone), the upcard or turned-down card."""
    mine = cards_row_html(hand, width=width, four_colour=four_colour)
    up = cards_row_html([upcard], width=width, four_colour=four_colour)
    head = 'style="font-weight:600;margin-bottom:-4px"'
    return (
        f'<div data-testid="an-hand" style="display:flex;flex-wrap:wrap;gap:4px 28px;align-items:flex-start;'
        f'font-size:{scale}em">'
        f'<div style="min-width:0"><div {head}>Your hand</div>{mine}</div>'
        f'<div data-testid="an-upcard"><div {head}>{escape(upcard_caption)}</div>{up}</div></div>'
    )


# ---- a finished deal, trick by trick -----------------------------------------------------------


def deal_hands_html(
    start: HandState, *, width: int = 40, four_colour: bool = False, scale: float = 1.0
) -> str:
    """Every hand as dealt at the decision, face up, and the upcard (or the turned-down card)."""
    n = start.players
    cells = []
    for s in range(n):
        title = who(n, s) + (" — dealer" if s == start.dealer else "")
        row = cards_row_html(start.hands[s], width=width, four_colour=four_colour)
        cells.append(_box(f"<div><b>{escape(title)}</b></div>{row}", testid="an-deal-hand"))
    caption = "Turned down" if start.turned_down is not None else "Upcard"
    row = cards_row_html([start.upcard], width=width, four_colour=four_colour)
    cells.append(_box(f"<div><b>{caption}</b></div>{row}", testid="an-deal-hand"))
    return _grid(cells, round(5 * width + 60 * scale), "an-deal-hands", fill="auto-fill", scale=scale)


def trick_html(
    number: int, trick: Trick, players: int, trump: Suit | None, *, width: int = 44, four_colour: bool = False
) -> str:
    """One trick: who led, the cards in the order played (each under its player's name), who won."""
    cards = [c for _, c in trick.plays]
    states = ["winning" if seat == trick.winner else "normal" for seat, _ in trick.plays]
    names = [seat_name(players, seat) for seat, _ in trick.plays]
    row = cards_row_html(
        cards, trump=trump, states=states, labels=names, width=width, four_colour=four_colour
    )
    inner = (
        f"<div><b>Trick {number}</b> · {escape(who(players, trick.leader))} led</div>{row}"
        f"<div>{escape(who(players, trick.winner))} won</div>"
    )
    return _box(inner, testid="an-trick")


def tricks_html(end: HandState, *, width: int = 44, four_colour: bool = False, scale: float = 1.0) -> str:
    cells = [
        trick_html(i + 1, t, end.players, end.trump, width=width, four_colour=four_colour)
        for i, t in enumerate(end.tricks)
    ]
    return _grid(cells, round(4 * width + 60 * scale), "an-tricks", fill="auto-fill", scale=scale)


__all__ = ["deal_hands_html", "hand_html", "option_card", "options_html", "trick_html", "tricks_html", "who"]
