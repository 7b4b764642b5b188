"""A card table in HTML: the seats around a green felt, as a player sees them from the South seat.

The Practice page draws its table with ``felt_html`` (partner across the top, opponents left and
right, the upcard or the trick in the middle, each seat's latest action on a chip) and the
learner's cards with ``hand_row_html`` / ``hand_buttons``; the Rules walkthrough draws all four
open hands around the middle with ``compass_html``. Everything here only draws what it is given:
the engine decides what is legal, ``practice.table_text`` words the actions.

Seats sit by their names (``engine.core.seats``): South at the bottom, North at the top, West on the
left, East on the right; with three players West and East, with two South and North. Every block
carries ``data-`` marks the tests read (``data-seat``, ``data-trick-seat``, ``data-last-action``).
Sizes are CSS ``min()`` of the drawn width and a share of the screen, so a phone gets smaller
cards instead of a page that scrolls sideways; on a phone (640 px and narrower) the Practice felt
puts West, the middle and East in one row under North, so the table, the learner's cards and the
choices fit the first screen.

Cards move (``centre_html`` with ``since``): a card played since the table was last drawn slides
from its seat to the trick, one after another in the order played, and a trick won since then
goes to its winner's seat before the next one starts (``MOVE_MS`` each; CSS animations, none
under ``prefers-reduced-motion: reduce``). Without ``since`` (the replay's steps, the Rules
walkthrough) nothing moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

import streamlit as st

from engine.core.cards import Card, Suit
from engine.core.hand import HandState, Phase, first_leader
from engine.core.seats import seat_name
from practice.table_text import side_name as side_name  # re-exported: the pages name sides with it
from ui.cards import card_img, card_label

MOVE_MS = 250  # a card's move from its seat to the trick, and a won trick's to its winner
PAUSE_MS = 400  # how long a trick completed by the click stays whole before it goes to its winner

PLACES = {4: ("south", "west", "north", "east"), 3: ("south", "west", "east"), 2: ("south", "north")}

TABLE_STYLE = """<style>
.ec-felt { background: radial-gradient(ellipse at center, #23804a 0%, #1b6e3a 62%, #155a2f 100%);
  color: #f7f4ec; border: 6px solid #7a5632; border-radius: 22px; padding: 0.45rem 0.8rem 0.6rem; max-width: 60rem;
  box-shadow: inset 0 0 26px rgba(0,0,0,.35); }
.ec-felt b { color: #fff; }
.ec-bar { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0.1rem 1rem;
  font-size: 0.88rem; line-height: 1.35; }
.ec-grid { display: grid; gap: 0.25rem 0.6rem; margin-top: 0.25rem; align-items: center;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1.3fr) minmax(0, 1fr); }
.ec-n4 { grid-template-areas: ". north ." "west centre east"; }
.ec-n3 { grid-template-areas: "west centre east"; }
.ec-n2 { grid-template-areas: ". north ." ". centre ."; }
.ec-compass.ec-n4 { grid-template-areas: "west north east" "west centre east" "west south east"; }
.ec-compass.ec-n3 { grid-template-areas: "west centre east" "west south east"; }
.ec-compass.ec-n2 { grid-template-areas: ". north ." ". centre ." ". south ."; }
.ec-seat { min-width: 0; text-align: center; border-radius: 12px; padding: 0.15rem 0.25rem; }
.ec-seat.ec-to-act { box-shadow: 0 0 0 2px #ffc766; background: rgba(255, 199, 102, 0.12); }
.ec-north { grid-area: north; } .ec-west { grid-area: west; } .ec-east { grid-area: east; }
.ec-south { grid-area: south; } .ec-centre { grid-area: centre; }
.ec-name { font-size: 0.92rem; line-height: 1.3; }
.ec-who { opacity: 0.85; font-size: 0.8rem; }
.ec-tag { display: inline-block; background: #f7f4ec; color: #1d1d1d; border-radius: 999px;
  padding: 0 0.45rem; font-size: 0.72rem; font-weight: 700; margin: 0 0.1rem; line-height: 1.45; }
.ec-tag-dealer { background: #f4c542; } .ec-tag-act { background: #ffc766; }
.ec-chip { display: inline-block; margin: 0.15rem 0.1rem 0; background: rgba(0,0,0,.3);
  border: 1px solid rgba(255,255,255,.5); border-radius: 0.5rem; padding: 0 0.5rem; font-size: 0.85rem; }
.ec-chip.ec-said { background: #fff7d6; color: #1d1d1d; border-color: #f4c542; font-weight: 700;
  font-size: 0.95rem; padding: 0.1rem 0.6rem; box-shadow: 0 0 0 3px rgba(244, 197, 66, 0.45);
  animation: ec-pop 320ms ease-out; }
@keyframes ec-pop { 0% { transform: scale(0.6); opacity: 0; } 70% { transform: scale(1.08); opacity: 1; } }
.ec-fan { display: flex; justify-content: center; padding-top: 0.25rem; }
.ec-fan img { width: var(--fw); height: auto; }
.ec-fan img + img { margin-left: calc(var(--fw) * var(--lap, -0.55)); }
.ec-fan img[data-state="hinted"] { position: relative; z-index: 1; transform: translateY(-0.5rem); }
.ec-open { display: flex; justify-content: center; gap: 0.35rem; padding-top: 0.25rem; }
.ec-open img { width: var(--fw); height: auto; }
.ec-centre { display: flex; flex-direction: column; align-items: center; gap: 0.2rem;
  font-size: 0.85rem; text-align: center; line-height: 1.3; }
.ec-up { display: flex; gap: 0.5rem; justify-content: center; }
.ec-up figure { margin: 0; display: flex; flex-direction: column; align-items: center; }
.ec-up figcaption { font-size: 0.75rem; }
.ec-up img, .ec-trick img { width: var(--cw); height: auto; }
.ec-trick { display: grid; column-gap: 0.4rem; grid-template-columns: repeat(3, var(--cw));
  grid-template-rows: repeat(4, calc(var(--cw) * 0.7)); }
.ec-p-north { grid-column: 2; grid-row: 1 / span 2; } .ec-p-south { grid-column: 2; grid-row: 3 / span 2; }
.ec-p-west { grid-column: 1; grid-row: 2 / span 2; } .ec-p-east { grid-column: 3; grid-row: 2 / span 2; }
.ec-hand { display: flex; gap: 0.5rem; padding: 0.2rem 0; }
.ec-hand img { width: min(var(--hw), calc((100vw - 4.5rem) / var(--n))); height: auto; }
@media (max-width: 640px) {
  .ec-grid.ec-compass.ec-n4 { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    grid-template-areas: "north north" "west east" "centre centre" "south south"; }
  .ec-grid.ec-compass.ec-n3 { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    grid-template-areas: "west east" "centre centre" "south south"; }
  .ec-compass .ec-fan img { width: min(var(--fw), 11vw); }
  .ec-compass .ec-fan img + img { margin-left: calc(min(var(--fw), 11vw) * var(--lap, -0.55)); }
  /* the Practice felt on a phone: North on top, then West, the middle and East in one row; the
     side seats' backs smaller and closer, the text smaller: the felt is about 200 px shorter */
  .ec-felt { padding: 0.3rem 0.45rem 0.4rem; border-width: 4px; }
  .ec-bar { font-size: 0.78rem; line-height: 1.3; column-gap: 0.6rem; }
  .ec-grid.ec-n4:not(.ec-compass) { grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr);
    grid-template-areas: "north north north" "west centre east"; gap: 0.15rem 0.3rem; }
  .ec-grid.ec-n3:not(.ec-compass) { grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr);
    grid-template-areas: "west centre east"; gap: 0.15rem 0.3rem; }
  .ec-grid:not(.ec-compass) .ec-north { display: flex; flex-wrap: wrap; justify-content: center; align-items: center;
    column-gap: 0.5rem; }
  .ec-grid:not(.ec-compass) .ec-seat { padding: 0.1rem; }
  .ec-grid:not(.ec-compass) .ec-name { font-size: 0.8rem; line-height: 1.25; }
  .ec-grid:not(.ec-compass) .ec-who { font-size: 0.7rem; }
  .ec-grid:not(.ec-compass) .ec-chip { font-size: 0.72rem; padding: 0 0.3rem; line-height: 1.3; }
  .ec-grid:not(.ec-compass) .ec-tag { font-size: 0.66rem; padding: 0 0.3rem; }
  .ec-grid:not(.ec-compass) .ec-fan { padding-top: 0.15rem; }
  .ec-grid:not(.ec-compass) .ec-fan img { width: min(var(--fw), 8vw); }
  .ec-grid:not(.ec-compass) .ec-fan img + img { margin-left: calc(min(var(--fw), 8vw) * -0.7); }
  .ec-grid:not(.ec-compass) .ec-centre { --cw: min(46px, 11.5vw) !important; font-size: 0.78rem; gap: 0.1rem; }
  .ec-grid:not(.ec-compass) .ec-trick { column-gap: 0.15rem; }
  .ec-grid:not(.ec-compass) .ec-up { gap: 0.3rem; }
  .ec-hand { gap: 0.35rem; }
}
/* cards moving: see centre_html. --fx/--fy: from the seat, --tx/--ty: to the winner's seat, in card
   widths; --d: when the card starts to move in, --o: when the won trick starts to go. */
@keyframes ec-card-in { 0% { transform: translate(calc(var(--fx) * var(--cw)), calc(var(--fy) * var(--cw)))
  scale(0.85); opacity: 0; } 15% { opacity: 1; } }
@keyframes ec-trick-out { to { transform: translate(calc(var(--tx) * var(--cw)), calc(var(--ty) * var(--cw)))
  scale(0.45); opacity: 0; } }
.ec-trick .ec-in { animation: ec-card-in MOVEms ease-out var(--d, 0ms) backwards; }
.ec-trick .ec-gone { position: relative; z-index: 2; pointer-events: none;
  animation: ec-trick-out MOVEms ease-in var(--o, 0ms) forwards; }
.ec-trick .ec-gone.ec-in { animation: ec-card-in MOVEms ease-out var(--d, 0ms) backwards,
  ec-trick-out MOVEms ease-in var(--o, 0ms) forwards; }
@media (prefers-reduced-motion: reduce) {
  .ec-trick .ec-in, .ec-trick .ec-gone, .ec-chip.ec-said { animation: none !important; }
  .ec-trick .ec-gone { display: none; }
}
</style>""".replace("MOVEms", f"{MOVE_MS}ms")


def table_style() -> None:
    """The table's style sheet, once per page run (a style-only block takes no room)."""
    st.html(TABLE_STYLE)


def _fan(
    cards: Sequence[Card | None],
    *,
    trump: Suit | None,
    width: int,
    colour: bool,
    states: Sequence[str] | None = None,
    overlap: float = 0.55,
    open_row: bool = False,
) -> str:
    """A hand in one row: overlapping like a held fan (the corner index of each card shows), or
    side by side (``open_row``). ``width`` is the largest card width; a phone draws them smaller."""
    imgs = "".join(
        card_img(c, trump=trump, state=(states[i] if states else "normal"), four_colour=colour, width=width)
        for i, c in enumerate(cards)
    )
    cls = "ec-open" if open_row else "ec-fan"
    return f'<div class="{cls}" style="--fw:min({width}px, 12vw);--lap:-{overlap}">{imgs}</div>'


def _tags(hand: HandState, seat: int, extra: Sequence[str] = ()) -> str:
    tags = []
    if seat == hand.dealer:
        tags.append('<span class="ec-tag ec-tag-dealer">dealer</span>')
    if hand.maker == seat:
        tags.append(f'<span class="ec-tag">maker{" · alone" if hand.alone else ""}</span>')
    if hand.lone_defender == seat:
        tags.append('<span class="ec-tag">defends alone</span>')
    if seat in hand.out:
        tags.append('<span class="ec-tag">sits out</span>')
    if hand.trump is not None and seat not in hand.out:
        won = hand.tricks_won(seat)
        tags.append(f'<span class="ec-tag">{won} trick{"s" if won != 1 else ""}</span>')
    tags.extend(f'<span class="ec-tag ec-tag-act">{escape(t)}</span>' for t in extra)
    return " ".join(tags)


def place_of(players: int, seat: int, bottom: int = 0) -> str:
    """Where ``seat`` sits on the felt when ``bottom`` sits at the bottom (South's place): the seats
    go round clockwise from there, so a person at any seat sees the table from their chair."""
    return PLACES[players][(seat - bottom) % players]


def seat_html(
    hand: HandState,
    seat: int,
    who: str,
    body: str,
    last: str | None = None,
    acting: str | None = None,
    *,
    fresh: bool = False,
    bottom: int = 0,
) -> str:
    """One seat's place: its name and who plays it, its tags, its latest action, then ``body``.
    ``fresh``: the latest action has just been shown: its chip is a bubble that pops in; ``bottom``:
    the seat drawn at the bottom (``place``)."""
    place = place_of(hand.players, seat, bottom)
    to_act = acting is not None
    said = ' ec-said" data-said="1' if fresh else ""
    chip = (
        f' <span class="ec-chip{said}" data-last-action="{escape(last)}" role="status">{escape(last)}</span>'
        if last
        else ""
    )
    who_html = f' <span class="ec-who">{escape(who)}</span>' if who else ""
    return (
        f'<div class="ec-seat ec-{place}{" ec-to-act" if to_act else ""}" data-seat="{seat}">'
        f'<div class="ec-name"><b>{seat_name(hand.players, seat)}</b>{who_html} '
        f"{_tags(hand, seat, [acting] if acting else [])}{chip}</div>{body}</div>"
    )


# Where the cards of a trick lie (the centres of ``.ec-trick``'s cells) and where each seat sits
# around it, in card widths from the trick's top left corner: a card moves from its seat to its
# cell, a won trick from the cells to the winner's seat (South: the learner's cards under the felt).
_CELL = {"north": (1.62, 0.7), "south": (1.62, 2.1), "west": (0.5, 1.4), "east": (2.74, 1.4)}
_SEAT = {"north": (1.62, -1.8), "south": (1.62, 4.6), "west": (-1.8, 1.4), "east": (5.0, 1.4)}


def _cell(
    place: str,
    seat: int,
    card: Card,
    trump: Suit,
    state: str,
    *,
    width: int,
    colour: bool,
    in_ms: int | None = None,
    gone: str | None = None,
    out_ms: int = 0,
) -> str:
    """One card of a trick in front of the seat that played it (``place``). ``in_ms``: when it
    starts to move in from its seat (None: it is there already); ``gone``: the place of the seat it
    goes to at ``out_ms`` (a won trick going to its winner; None: it stays)."""
    classes = [f"ec-p-{place}"]
    style = []
    if in_ms is not None:
        fx, fy = (a - b for a, b in zip(_SEAT[place], _CELL[place], strict=True))
        classes.append("ec-in")
        style.append(f"--fx:{fx:.2f};--fy:{fy:.2f};--d:{in_ms}ms")
    if gone is not None:
        tx, ty = (a - b for a, b in zip(_SEAT[gone], _CELL[place], strict=True))
        classes.append("ec-gone")
        style.append(f"--tx:{tx:.2f};--ty:{ty:.2f};--o:{out_ms}ms")
        mark = f'data-gone-seat="{seat}" aria-hidden="true"'
    else:
        mark = f'data-trick-seat="{seat}"'
    css = f' style="{";".join(style)}"' if style else ""
    return (
        f'<div class="{" ".join(classes)}" {mark}{css}>'
        f"{card_img(card, trump=trump, state=state, four_colour=colour, width=width)}</div>"
    )


def _in_ms(i: int, fresh: int | None, start_ms: int) -> int | None:
    """When the ``i``-th card of a trick starts to move in: from ``fresh`` on, one every ``MOVE_MS``."""
    return None if fresh is None or i < fresh else start_ms + (i - fresh) * MOVE_MS


def trick_html(
    plays: Sequence[tuple[int, Card]],
    players: int,
    trump: Suit,
    states: Sequence[str],
    *,
    width: int,
    colour: bool,
    fresh: int | None = None,
    start_ms: int = 0,
    before: str = "",
    bottom: int = 0,
) -> str:
    """The cards of a trick, each in front of the seat that played it. ``fresh``: the index of the
    first card to move in from its seat (None: none moves), the first starting at ``start_ms``;
    ``before``: cells drawn first in the same grid (a won trick on its way to its winner)."""
    cells = "".join(
        _cell(
            place_of(players, s, bottom),
            s,
            c,
            trump,
            states[i],
            width=width,
            colour=colour,
            in_ms=_in_ms(i, fresh, start_ms),
        )
        for i, (s, c) in enumerate(plays)
    )
    return f'<div class="ec-trick">{before}{cells}</div>'


def _going(hand: HandState, fresh: int, width: int, colour: bool, bottom: int = 0) -> tuple[str, int]:
    """The last won trick on its way to its winner, as cells over the next trick's: its cards from
    ``fresh`` on move in first and it stays whole for ``PAUSE_MS``, then goes. Returns the cells
    and when it has gone (ms)."""
    last = hand.tricks[-1]
    trump = hand.trump
    assert trump is not None  # a trick is played only once trump is made
    arrived = max(0, len(last.plays) - fresh) * MOVE_MS
    out_ms = arrived + PAUSE_MS if arrived else 0
    cells = "".join(
        _cell(
            place_of(hand.players, s, bottom),
            s,
            c,
            trump,
            "winning" if s == last.winner else "normal",
            width=width,
            colour=colour,
            in_ms=_in_ms(i, fresh, 0),
            gone=place_of(hand.players, last.winner, bottom),
            out_ms=out_ms,
        )
        for i, (s, c) in enumerate(last.plays)
    )
    return cells, out_ms + MOVE_MS


def made_text(hand: HandState) -> str:
    """The middle of the table between trump made and the first card: who does what now, and who
    will lead (``engine.core.hand.first_leader``: the seat the engine will let lead, named only
    once no declaration still to come can change it)."""
    n = hand.players
    assert hand.trump is not None
    leader = first_leader(hand)
    leads = f"<b>{seat_name(n, leader)}</b> leads the first trick." if leader is not None else ""
    made = f"{escape(hand.trump.symbol)} {hand.trump.noun} are trump"
    if hand.phase is Phase.DISCARD and hand.to_act is not None:
        who = seat_name(n, hand.to_act)
        return f"{made}. <b>{who}</b>, the dealer, discards; then {leads}"
    if hand.phase is Phase.DEFEND and hand.to_act is not None and hand.maker is not None:
        return (
            f"{made}: <b>{seat_name(n, hand.maker)}</b> goes alone. "
            f"<b>{seat_name(n, hand.to_act)}</b> decides whether to defend alone"
            + (f"; then {leads}" if leads else ".")
        )
    return f"{made}.<br>{leads}"


def centre_html(
    hand: HandState, width: int, colour: bool, since: int | None = None, *, bottom: int = 0
) -> str:
    """The middle of the table: the upcard and the kitty while bidding, then the trick in play
    (each card in front of the seat that played it) or the last trick won.

    ``since``: how many cards of the hand had been played when the table was last drawn.
    The cards played after those move in from their seats, and a trick won since goes to its
    winner before the next one's cards come. None: nothing moves (a step of a replay)."""
    n = hand.players
    style = f'style="--cw:min({width}px, 13vw)"'
    if hand.trump is None:
        if hand.is_over:
            return f'<div class="ec-centre" {style}>Everyone passed:<br><b>the hand is thrown in</b>.</div>'
        if hand.phase.value == "bid2":
            return (
                f'<div class="ec-centre" {style} data-centre="turned-down">'
                f'<div class="ec-up"><figure>{card_img(None, width=width)}<figcaption>upcard turned down'
                f"</figcaption></figure></div><div>The {escape(hand.upcard.short)} was turned down: "
                "name another suit.</div></div>"
            )
        up = card_img(hand.upcard, four_colour=colour, width=width)
        return (
            f'<div class="ec-centre" {style} data-centre="upcard"><div class="ec-up">'
            f"<figure>{up}<figcaption>upcard</figcaption></figure>"
            f"<figure>{card_img(None, width=width)}<figcaption>kitty</figcaption></figure></div></div>"
        )
    trump = hand.trump
    done = sum(len(t.plays) for t in hand.tricks)  # the cards of the finished tricks
    going, start_ms = "", 0
    if hand.trick:
        plays, states = hand.trick, ["normal"] * len(hand.trick)
        first = done
        title = f"Trick {len(hand.tricks) + 1} · {seat_name(n, hand.trick[0][0])} led"
        if since is not None and hand.tricks and since <= done:  # the last trick was won since
            going, start_ms = _going(
                hand, max(0, since - (done - len(hand.tricks[-1].plays))), width, colour, bottom
            )
    elif hand.tricks:
        last = hand.tricks[-1]
        plays = last.plays
        first = done - len(plays)
        states = ["winning" if s == last.winner else "normal" for s, _ in plays]
        title = f"Trick {len(hand.tricks)} won by <b>{seat_name(n, last.winner)}</b>"
    else:
        return f'<div class="ec-centre" {style} data-centre="made">{made_text(hand)}</div>'
    fresh = None if since is None else max(0, since - first)
    trick = trick_html(
        plays,
        n,
        trump,
        states,
        width=width,
        colour=colour,
        fresh=fresh,
        start_ms=start_ms,
        before=going,
        bottom=bottom,
    )
    return f'<div class="ec-centre" {style}><div>{title}</div>{trick}</div>'


def felt_html(
    hand: HandState, bar: str, seats: Mapping[int, str], *, centre: str, compass: bool = False
) -> str:
    """The table: ``bar`` (score, trump, tricks) along the top, ``seats`` (seat -> ``seat_html``)
    around ``centre``. ``compass`` puts South on the felt too (the walkthrough's four open hands)."""
    n = hand.players
    cls = f"ec-grid ec-n{n}" + (" ec-compass" if compass else "")
    return (
        f'<div class="ec-felt" data-testid="card-table" data-actions="{len(hand.history)}">'
        f'<div class="ec-bar">{bar}</div>'
        f'<div class="{cls}">{"".join(seats.values())}{centre}</div></div>'
    )


def backs_html(count: int, width: int) -> str:
    """A seat's face-down cards in one overlapping row."""
    return _fan([None] * count, trump=None, width=width, colour=False)


def open_hand_html(
    cards: Sequence[Card],
    *,
    trump: Suit | None,
    width: int,
    colour: bool,
    states: Sequence[str] | None = None,
    overlap: float | None = None,
) -> str:
    """Face-up cards: fanned (``overlap`` of each card covered) or side by side (None)."""
    if overlap is None:
        return _fan(cards, trump=trump, width=width, colour=colour, states=states, open_row=True)
    return _fan(cards, trump=trump, width=width, colour=colour, states=states, overlap=overlap)


def hand_row_html(
    cards: Sequence[Card],
    *,
    trump: Suit | None,
    width: int,
    colour: bool,
    states: Mapping[Card, str] | None = None,
) -> str:
    """The learner's cards side by side, as wide as ``width`` and narrower on a small screen."""
    imgs = "".join(
        card_img(c, trump=trump, state=(states or {}).get(c, "normal"), four_colour=colour, width=width)
        for c in cards
    )
    return (
        f'<div class="ec-hand" data-hand="south" style="--hw:{width}px;--n:{max(1, len(cards))}">{imgs}</div>'
    )


def hand_buttons(
    cards: Sequence[Card],
    *,
    key: str,
    trump: Suit | None,
    width: int,
    colour: bool,
    disabled: Mapping[Card, str] | None = None,
    states: Mapping[Card, str] | None = None,
) -> None:
    """The learner's cards as buttons: the card's picture is the button (keys ``{key}-{card}``;
    the page reads a click from session state before drawing). The button is stretched over the
    card, its label ("J♣") kept as the accessible name only. A card that can be chosen is raised
    and has the keyboard shortcut 1, 2, ... (in the order shown); one that cannot is greyed out, not
    clickable, and says why on hover or touch. Tab moves between the cards, Enter or Space plays
    the one in focus. One row at every screen size: the cards shrink on a phone."""
    disabled = disabled or {}
    row = f".st-key-{key}_row"
    cell = f'{row} [class*="st-key-{key}_cell-"]'
    st.html(
        f"<style>{row} {{ padding-top: 0.6rem; }}"
        f"{row} > div {{ min-width: 0; flex: 0 1 {width}px; }}"
        f"{cell} {{ position: relative; }}"
        f'{cell} [data-testid="stElementContainer"], {cell} .stButton, {cell} .stTooltipIcon,'
        f' {cell} [data-testid="stTooltipHoverTarget"] {{ position: static !important; }}'
        f"{cell} img {{ width: 100%; max-width: {width}px; height: auto; transition: transform 0.1s; }}"
        f"{cell}:has(button:not(:disabled)) img {{ transform: translateY(-0.5rem); }}"
        f"{cell}:has(button:hover:not(:disabled)) img {{ transform: translateY(-0.85rem); }}"
        f"{cell} .stButton button {{ position: absolute; inset: 0; width: 100%; height: 100%; min-height: 0;"
        " padding: 0; z-index: 1; background: transparent !important; border: 2px solid transparent;"
        " border-radius: 10px; cursor: pointer; }"
        f"{cell} .stButton button:disabled {{ cursor: not-allowed; border-color: transparent; }}"
        f"{cell} .stButton button:hover:not(:disabled) {{ border-color: transparent; }}"
        f"{cell} .stButton button:focus-visible {{ outline: 3px solid #1f5fbf; outline-offset: 2px; }}"
        f"{cell} .stButton button > div {{ position: absolute; width: 1px; height: 1px; overflow: hidden;"
        " clip-path: inset(50%); white-space: nowrap; }</style>"
    )
    shortcut = 0
    with st.container(horizontal=True, wrap=False, gap="small", key=f"{key}_row"):
        for card in cards:
            reason = disabled.get(card)
            state = (states or {}).get(card, "disabled" if reason else "playable")
            if reason is None:
                shortcut += 1
            with st.container(width=width, gap=None, key=f"{key}_cell-{card}"):
                st.html(card_img(card, trump=trump, state=state, four_colour=colour, width=width))
                st.button(
                    card.short,
                    key=f"{key}-{card}",
                    disabled=reason is not None,
                    help=reason if reason else f"{card_label(card, trump)} — key {shortcut}",
                    shortcut=str(shortcut) if reason is None and shortcut <= 9 else None,
                )
