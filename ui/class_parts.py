"""Drawing for class mode, shared by the teacher's projector and the pupils' phones: the join QR
code, a question's cards, the spread of answers as bars, the leaderboard. Names and every other
text a person typed are escaped (``html.escape`` inside HTML, ``ui.echo.plain`` in markdown)."""

from __future__ import annotations

import json
import math
from html import escape

import segno
import streamlit as st

from classroom.marking import PupilIdeas, Standing, Tally
from classroom.questions import ClassQuestion
from classroom.service import DatabaseBusy, Room, StoreError
from engine.core.cards import Card, Suit, parse_card
from ui.cards import cards_row_html, four_colour
from ui.echo import plain

GREEN = "#1b6e3a"
BLUE = "#4a7fb5"
LIVE_SECONDS = 1.0  # how often a phone polls the class's row
PROJECTOR_SECONDS = 0.5  # how often the projector polls it: one page, so it can afford to look twice as often

# Big tap targets on a phone: the choice buttons and the join form's button.
BIG_BUTTONS = """<style>
[class*="st-key-cl_choice_"] button { min-height: 3.6rem; font-size: 1.35rem; }
[class*="st-key-cl_choice_"] button p { font-size: 1.35rem; }
.st-key-cl_join_go button, .st-key-cl_name_go button { min-height: 3rem; font-size: 1.2rem; }
</style>"""


# What a pupil reads when the class's records cannot be reached: no driver text, host or user.
OUT_OF_REACH = (
    "The class's records are out of reach just now (the school's server is not answering). "
    "Wait a moment: this page tries again by itself."
)


BUSY_FOR_PUPILS = (
    "The database is busy just now (many answers at once), so the class could not be read this time. "
    "Wait a moment: this page tries again by itself."
)


def for_pupils(err: Exception) -> str:
    """What a pupil's phone says of ``err``: a class's own refusal as it is worded (a name taken, the
    class locked), a database problem as ``BUSY_FOR_PUPILS`` or ``OUT_OF_REACH``, never the
    database's own words (no host, user or driver text reaches a pupil)."""
    if isinstance(err, DatabaseBusy):
        return BUSY_FOR_PUPILS
    return OUT_OF_REACH if isinstance(err, StoreError) else str(err)


def poll_stage(code: str, stage: int) -> int:
    """The class's ``version`` (it moves on any change), after rerunning the whole page when its
    ``stage`` has moved past the one drawn (a question asked, revealed, the class ended, from this
    screen or any other, or the timer running out). Raises what the poll raises (``StoreError``:
    the records out of reach or busy just now, the next poll tries again). The teacher's page runs
    it twice a second whatever the stage (views.class_mode.teacher); a phone redraws inside its own
    fragment instead (ui.class_pupil)."""
    version, now = Room(code).poll()
    if now != stage:
        st.rerun(scope="app")
    return version


def qr_html(link: str, size: int, testid: str = "cl-qr", alt: str = "QR code of the join link") -> str:
    """The join link (or another link) as a QR code (segno, drawn as SVG), ``size`` pixels square."""
    uri = segno.make(link, error="m").svg_data_uri(scale=10, border=2)
    return (
        f'<img data-testid="{escape(testid)}" src="{uri}" width="{size}" height="{size}" '
        f'alt="{escape(alt)}" style="image-rendering:pixelated">'
    )


# The kinds whose trump bands ("LEFT", "RIGHT", "TRUMP") give the answer away, drawn without them
# until the reveal: which card is the left bower (its band names it), who wins the trick (the bands
# mark the trumps, the highest one wins), which cards may be played (the led card's band says
# whether trump was led, a band in the hand which cards follow it, the left bower included) and
# how many trumps are still out (the bands count the hand's trumps, the left bower included). The
# other kinds keep them: there the answer is a judgement (bid, go alone, discard, which card to
# play or throw) that knowing the trumps does not settle, as in the lessons.
BANDS_AFTER_REVEAL = frozenset({"left_bower", "trick_winner", "can_play", "trumps_out"})


def _trump(q: ClassQuestion, reveal: bool = False) -> Suit | None:
    """The trump the cards are drawn with (a band on each trump, and "trump", "left bower" in
    their spoken labels), as the lessons draw them: not before the reveal on a question whose
    answer the bands would give away (``BANDS_AFTER_REVEAL``)."""
    if not q.trump or (q.kind in BANDS_AFTER_REVEAL and not reveal):
        return None
    return Suit.parse(q.trump)


def _cards(codes: tuple[str, ...]) -> list[Card]:
    return [parse_card(c) for c in codes]


def question_text(q: ClassQuestion, big: bool = False) -> None:
    """The prompt and its context lines."""
    (st.header if big else st.subheader)(plain(q.prompt), anchor=False)
    for line in q.facts:
        st.caption(plain(line))


def table_cards(q: ClassQuestion, width: int, reveal: bool = False) -> None:
    """Cards on the table that are not answers: the trick so far, the hand and upcard of a bid;
    ``reveal``: the answer is shown (the trump bands are drawn on every kind)."""
    trump, colour = _trump(q, reveal), four_colour()
    if q.shown:
        st.html(
            cards_row_html(
                _cards(tuple(c for _, c in q.shown)),
                trump=trump,
                four_colour=colour,
                width=width,
                labels=[label for label, _ in q.shown],
            )
        )
    if q.mode == "choice" and q.cards:
        row = cards_row_html(_cards(q.cards), trump=trump, four_colour=colour, width=width)
        up = cards_row_html(_cards((q.upcard,)), width=width, four_colour=colour) if q.upcard else ""
        head = 'style="font-weight:600;margin-bottom:-4px"'
        st.html(
            f'<div data-testid="cl-hand" style="display:flex;flex-wrap:wrap;gap:4px 28px">'
            f"<div><div {head}>Your hand</div>{row}</div>"
            + (f"<div><div {head}>Upcard</div>{up}</div>" if up else "")
            + "</div>"
        )


def answer_cards(q: ClassQuestion, width: int, reveal: bool) -> None:
    """The cards answered with, as the projector shows them: the right ones marked at the reveal."""
    if q.mode == "choice":
        return
    right = set(" ".join(q.right).split()) if reveal else set()
    states = ["right_answer" if c in right else "normal" for c in q.cards]
    st.html(
        cards_row_html(
            _cards(q.cards),
            trump=_trump(q, reveal),
            states=states,
            four_colour=four_colour(),
            width=width,
            labels=list(q.labels) or None,
        )
    )


def bars_html(t: Tally, scale: float = 1.0) -> str:
    """The spread of answers: one bar each, the right answer's green and ticked."""
    top = max([b.count for b in t.bars] + [1])
    rows = []
    for b in t.bars:
        width = 100 * b.count / top
        colour = GREEN if b.right else BLUE
        mark = " ✓" if b.right else ""
        rows.append(
            f'<div data-testid="cl-bar" data-answer="{escape(b.answer)}" data-count="{b.count}" '
            f'data-right="{"true" if b.right else "false"}" style="display:grid;grid-template-columns:'
            f'minmax(4em,30%) 1fr 3em;gap:10px;align-items:center;margin:4px 0">'
            f'<span style="font-weight:{700 if b.right else 400}">{escape(b.words)}{mark}</span>'
            f'<div style="background:#eee;border-radius:4px;height:1.4em"><div style="width:{width:.0f}%;'
            f'height:1.4em;background:{colour};border-radius:4px"></div></div>'
            f'<b style="text-align:right">{b.count}</b></div>'
        )
    return f'<div data-testid="cl-tally" style="font-size:{scale}em">{"".join(rows)}</div>'


def leaderboard_html(rows: tuple[Standing, ...], limit: int = 10) -> str:
    """The first ``limit`` rows of the leaderboard, each with its rank (pupils with as many right share one)."""
    pad = 'style="padding:2px 14px 2px 0"'
    cells = "".join(
        f'<tr data-testid="cl-standing" data-rank="{s.rank}" data-right="{s.right}"><td {pad}>{s.rank}.</td>'
        f'<td {pad}>{escape(s.name)}</td><td style="text-align:right;padding:2px 0">{s.right}</td></tr>'
        for s in rows[:limit]
    )
    return (
        '<table data-testid="cl-leaderboard" style="font-size:1.1em;border-collapse:collapse"><tr><th></th>'
        f'<th style="text-align:left;padding-right:14px">Pupil</th><th>Right</th></tr>{cells}</table>'
    )


def ideas_html(rows: tuple[PupilIdeas, ...]) -> str:
    """For the teacher: per pupil, the ideas they got wrong and on which questions."""
    pad = 'style="padding:3px 14px 3px 0;vertical-align:top"'
    cells = []
    for row in rows:
        missed = "; ".join(
            f"{escape(m.idea)} (question{'s' if len(m.questions) > 1 else ''} "
            f"{', '.join(map(str, m.questions))})"
            for m in row.wrong
        )
        cells.append(
            f'<tr data-testid="cl-pupil-ideas" data-name="{escape(row.name)}"><td {pad}>{escape(row.name)}</td>'
            f"<td {pad}>{row.right} of {row.answered}</td><td {pad}>{missed or 'nothing wrong'}</td></tr>"
        )
    return (
        '<table data-testid="cl-ideas" style="border-collapse:collapse"><tr>'
        '<th style="text-align:left;padding-right:14px">Pupil</th><th style="text-align:left;padding-right:14px">'
        f'Right</th><th style="text-align:left">Got wrong</th></tr>{"".join(cells)}</table>'
    )


def question_trump(q: ClassQuestion) -> Suit | None:
    return _trump(q)


QUESTION_TOP = (
    "cl-question-top"  # the mark just above the projector's question: what a new question scrolls to
)


def question_top_html(number: int) -> str:
    """The mark the projector scrolls to when a question is asked or revealed (below the app's fixed
    header: its scroll margin keeps the question's first line clear of it)."""
    return (
        f'<div data-testid="{QUESTION_TOP}" data-number="{int(number)}" '
        'style="height:1px;scroll-margin-top:4.5rem"></div>'
    )


def scroll_script(number: int, stamp: int) -> str:
    """A script that scrolls the page to question ``number``'s mark once it is drawn (the page may still
    be drawing when the script runs: it looks again for a few seconds). ``stamp`` makes each
    scroll's element new, so the script runs each time it is asked for."""
    selector = json.dumps(f'[data-testid="{QUESTION_TOP}"][data-number="{int(number)}"]')
    return f"""<script data-stamp="{int(stamp)}">(function () {{
  const w = window.parent || window;
  let tries = 0;
  function go() {{
    const mark = w.document.querySelector({selector});
    if (mark) {{ mark.scrollIntoView({{block: "start"}}); return; }}
    if (++tries < 60) w.setTimeout(go, 100);
  }}
  w.setTimeout(go, 50);
}})();</script>"""


def countdown_html(left: float, big: bool = False) -> str:
    """The seconds left before the open question is revealed by itself."""
    seconds = math.ceil(left)
    colour = "#b3261e" if seconds <= 5 else "#444"
    return (
        f'<p data-testid="cl-countdown" data-left="{seconds}" style="font-size:{1.6 if big else 1.2}em;'
        f'font-weight:700;color:{colour};margin:0">{seconds} s left</p>'
    )


def waiting_html(names: list[str] | tuple[str, ...]) -> str:
    """Who has not answered yet, by name (escaped), for the teacher."""
    if not names:
        return '<p data-testid="cl-waiting" data-count="0" style="margin:0">Everyone has answered.</p>'
    return (
        f'<p data-testid="cl-waiting" data-count="{len(names)}" style="margin:0">Not answered yet: '
        f"{', '.join(f'<b>{escape(n)}</b>' for n in names)}</p>"
    )


__all__ = [
    "BANDS_AFTER_REVEAL",
    "BIG_BUTTONS",
    "LIVE_SECONDS",
    "PROJECTOR_SECONDS",
    "QUESTION_TOP",
    "answer_cards",
    "bars_html",
    "countdown_html",
    "ideas_html",
    "leaderboard_html",
    "poll_stage",
    "qr_html",
    "question_text",
    "question_top_html",
    "question_trump",
    "scroll_script",
    "table_cards",
    "waiting_html",
]
