"""The practice page's parts: the table (``ui.table``'s felt with the seats, the centre, the score
and each seat's latest action), the log of the hand; the import view, and the plain tables and
sentences the hand review shares with them (the Statistics view is the page's own:
``views.practice.statistics``). They draw what they are given; the page's state is
``practice.table_session``'s."""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from html import escape
from typing import Any

import pandas as pd
import streamlit as st

from engine.core.game import seat_score, side_of, sides
from engine.core.hand import HandState
from engine.core.narration import describe
from engine.core.ranking import sort_hand
from engine.core.rules import Rules
from engine.core.seats import LEARNER, seat_name
from practice import records, review
from practice.export import MAX_IMPORT_BYTES, ImportedHand, Refused, read_record, record_lines
from practice.session import Position
from practice.table_text import choice_text, latest_actions, move_line, spare_cards_svg
from ui.cards import cards_row_html, four_colour
from ui.echo import plain
from ui.layout import card_width
from ui.pager import first_page, pager
from ui.table import backs_html, centre_html, felt_html, open_hand_html, seat_html, side_name

PRACTICE_KEY_PREFIX = "practice_"  # every session-state key of the practice page (its widgets and its table)


def practice_key(name: str) -> str:
    """The practice page's session-state key ``name`` (``practice_`` + name)."""
    return PRACTICE_KEY_PREFIX + name


def rows_html(rows: list[dict[str, Any]], caption: str = "") -> str:
    """A plain HTML table (class ``ec-rows``): drawn by the browser alone, without the markdown
    renderer a markdown table goes through on every run."""
    if not rows:
        return ""
    heads = list(rows[0])
    head = "".join(f"<th>{escape(h)}</th>" for h in heads)
    body = "".join(
        "<tr>" + "".join(f"<td>{'' if r[h] is None else escape(str(r[h]))}</td>" for h in heads) + "</tr>"
        for r in rows
    )
    title = f"<caption>{escape(caption)}</caption>" if caption else ""
    return (
        f'<div class="ec-scroll"><table class="ec-rows">{title}<thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


def dealt_hands_html(hand: HandState) -> str:
    """Every seat's five cards as dealt, small, each row named: one HTML block (the review's and
    the Import view's "all hands as dealt")."""
    n = hand.players
    return "".join(
        f'<div data-dealt="{seat}">'
        + cards_row_html(
            list(sort_hand(hand.dealt[seat], hand.trump)),
            trump=hand.trump,
            width=card_width(40),
            four_colour=four_colour(),
        )
        + f"<small>{seat_name(n, seat)}</small></div>"
        for seat in range(n)
    )


def result_line(hand: HandState) -> str:
    n = hand.players
    if hand.maker is None:
        return "Everyone passed: the hand was thrown in, nobody scores."
    maker = seat_name(n, hand.maker)
    t = hand.maker_tricks
    pts = max(hand.points)
    if t >= 3:
        what = "marched (all 5 tricks)" if t == 5 else f"made it with {t} tricks"
        return f"{maker}{' alone' if hand.alone else ''} {what}: {pts} point{'s' if pts != 1 else ''} to the makers."
    return f"{maker} was euchred with {t} trick{'s' if t != 1 else ''}: {pts} points to the defenders."


def grades_html(graded: tuple[review.GradedDecision, ...], you: str) -> str:
    """The graded decisions as a table, each with its reason in Euchre words; ``you`` is the name of
    the seat that made them. The figures behind each grade are ``figures_html``'s."""
    rows = [
        {
            "move": describe(g.before, g.action).replace(f"{you} ", f"{you} (you) ", 1),
            "grade": g.grade or "—",
            "better": better_text(g),
            "why": g.reason if g.grade is not None else g.source,
        }
        for g in graded
    ]
    return rows_html(rows, "Your decisions")


def figures_html(graded: tuple[review.GradedDecision, ...]) -> str:
    """The figures behind each grade: what the choice was worth against the best (with its 95%
    interval), who judged it, and, named as such, what the actual layout gave with every card face up."""
    rows = [
        {
            "move": choice_text(g.before, g.action),
            "lost": _lost_figure(g),
            "judged from": g.source,
            "hindsight": g.hindsight_text() or None,
        }
        for g in graded
        if g.grade is not None
    ]
    return rows_html(rows, "The figures behind the grades")


def _lost_figure(g: review.GradedDecision) -> str:
    if g.grade == "best":
        return "nothing (the best)"
    spread = f" (give or take {g.spread:.2f})" if g.spread else ""
    return f"{g.lost_text()}{spread}"


def better_text(g: review.GradedDecision) -> str:
    """The better choice, and why when it scores no more points: it takes more tricks."""
    if g.best is None:
        return ""
    text = choice_text(g.before, g.best)
    if g.loss < 0.005 and g.tricks_lost > 0.005:
        text += (
            f" (same points, {g.tricks_lost:.1f} more trick{'s' if g.tricks_lost != 1 else ''} for your side)"
        )
    return text


# ---- the table's parts -----------------------------------------------------------------


LEVEL_NAMES = {"beginner": "Beginner player", "club": "Club player", "expert": "Expert player"}


def level_name(level: str) -> str:
    """A computer level as the page names it: "Club player", not "club" (which reads like the suit)."""
    return LEVEL_NAMES.get(level, f"{level.capitalize()} player")


def seat_title(hand: HandState, seat: int, levels: tuple[str, ...]) -> str:
    """'**West** — Club player · **dealer** · to act'; the learner's seat says "you"."""
    name = seat_name(hand.players, seat)
    who = "you" if seat == LEARNER else level_name(levels[seat])
    tags = []
    if seat == hand.dealer:
        tags.append("**dealer**")
    if hand.maker == seat:
        tags.append("**maker**" + (" (alone)" if hand.alone else ""))
    if hand.lone_defender == seat:
        tags.append("**defends alone**")
    if seat in hand.out:
        tags.append("sits out")
    if hand.to_act == seat:
        tags.append("to act")
    won = hand.tricks_won(seat)
    tricks = f" · {won} trick{'s' if won != 1 else ''}" if hand.tricks else ""
    return f"**{name}** — {who}{tricks}" + (" · " + " · ".join(tags) if tags else "")


def _scores_shown(pos: Position, shown: HandState) -> tuple[int, ...]:
    if pos.hand.is_over and not shown.is_over:  # step pace: the hand's end is not shown yet
        return pos.game.scores_at_deal
    return pos.game.scores


def _side_seats(rules: Rules) -> list[list[int]]:
    return [[s for s in range(rules.players) if side_of(rules, s) == side] for side in range(sides(rules))]


def score_bar(pos: Position, shown: HandState) -> str:
    """The felt's top line: the score (marked ``data-scores`` for the tests), trump and who made
    it, and the tricks each side has taken."""
    rules = pos.session.rules
    players = rules.players
    groups = _side_seats(rules)
    scores = _scores_shown(pos, shown)
    text = " · ".join(f"{side_name(players, seats)} <b>{scores[i]}</b>" for i, seats in enumerate(groups))
    parts = [
        f'<span data-testid="practice-score" data-scores="{",".join(map(str, scores))}">'
        f"Score (to {rules.target}): {text}</span>"
    ]
    if shown.trump is not None and shown.maker is not None:
        alone = " alone" if shown.alone else ""
        parts.append(
            f"<span>Trump <b>{shown.trump.symbol} {shown.trump.noun}</b> · made by "
            f"{seat_name(players, shown.maker)}{alone}</span>"
        )
        tricks = " · ".join(
            f"{side_name(players, seats)} <b>{sum(shown.tricks_won(s) for s in seats)}</b>"
            for seats in groups
        )
        parts.append(f"<span>Tricks: {tricks}</span>")
    return "".join(parts)


def table_html(
    pos: Position,
    shown: HandState,
    hidden: int,
    levels: tuple[str, ...],
    reveal: bool,
    since: int | None = None,
    said: int | None = None,
) -> str:
    """The felt with every seat but the learner's (drawn below it, with the controls): face-down
    cards in one row (face up once the hand is over), the latest action on a chip, the seat to act
    ringed; in the middle the upcard and kitty, or the trick. ``since``: the cards played when the
    table was last drawn; the ones played after move in from their seats (``ui.table.centre_html``).
    ``said``: the seat whose bid (or other choice) the table has just shown: its chip is a bubble
    that stands out, so a learner following the auction sees who spoke."""
    moves = pos.moves[: len(pos.moves) - hidden] if hidden else pos.moves
    latest = latest_actions(shown, moves)
    seats: dict[int, str] = {}
    for seat in range(1, shown.players):
        if seat in shown.out and not reveal:
            body = ""
        elif reveal:
            body = open_hand_html(
                sort_hand(shown.hands[seat], shown.trump),
                trump=shown.trump,
                width=card_width(40),
                colour=four_colour(),
                overlap=0.45,
            )
        else:
            body = backs_html(len(shown.hands[seat]), card_width(44))
        acting = ("thinking…" if hidden else "to act") if shown.to_act == seat else None
        seats[seat] = seat_html(
            shown, seat, level_name(levels[seat]), body, latest.get(seat), acting, fresh=seat == said
        )
    centre = centre_html(shown, card_width(56), four_colour(), since)
    return felt_html(shown, score_bar(pos, shown), seats, centre=centre)


def learner_latest(pos: Position, shown: HandState, hidden: int) -> str | None:
    """The learner's own latest action this hand (shown beside the learner's name)."""
    moves = pos.moves[: len(pos.moves) - hidden] if hidden else pos.moves
    return latest_actions(shown, moves).get(LEARNER)


def traditional_score(pos: Position, shown: HandState) -> None:
    """The score kept the traditional way: two spare cards per side (docs/rules.md §11)."""
    rules = pos.session.rules
    scores = _scores_shown(pos, shown)
    names = [side_name(rules.players, seats) for seats in _side_seats(rules)]
    st.html(
        "<div style='display:flex;gap:16px;flex-wrap:wrap'>"
        + "".join(
            f"<figure style='margin:0'>{spare_cards_svg(scores[s], label=names[s])}"
            f"<figcaption style='font-size:12px'>{names[s]}</figcaption></figure>"
            for s in range(len(names))
        )
        + "</div>"
    )


def hand_log(pos: Position, hidden: int) -> None:
    """Every move of the hand so far with the computer players' reasons (the table shows each
    seat's latest; this is the whole story)."""
    moves = pos.moves[: len(pos.moves) - hidden] if hidden else pos.moves
    if not moves:
        return
    with st.expander(
        f"This hand so far, with the computer players' reasons ({len(moves)} moves)", expanded=False
    ):
        st.html(
            '<ul class="ec-log">'
            + "".join(
                f"<li>{escape(move_line(m))}"
                + (f" — <i>{escape(m.reason)}</i>" if m.reason else "")
                + "</li>"
                for m in moves[-12:]
            )
            + "</ul>"
        )


# ---- the other views --------------------------------------------------------------------


def save_status_notice() -> None:
    """What the records writer still holds: saves waiting for a busy database, saves that failed."""
    status = records.save_status()
    if status.pending and status.away:
        st.warning(records.away_notice(status.pending, status.retry_for))
    elif status.pending:
        one = status.pending == 1
        st.info(
            f"{status.pending:,} record{' is' if one else 's are'} waiting to be saved: the database is busy "
            f"(another session or program holds it). {'It is' if one else 'They are'} saved as soon as the "
            "database is free; keep the app running until then."
        )
    if status.failed:
        st.warning(plain(records.not_saved_notice(status.not_saved, status.failed[-1])))


# The Import view reads an uploaded file once (keyed by a hash of its bytes) and draws one summary
# line, the refused records (how many, why, the first few), a table of every hand (one row each, in
# st.dataframe: text, never markdown) and one page of hand panels with a pager (ui.pager): what a run
# draws and grades stays the same size however long the file. A file of 12,594 records drew 12,594
# panels (78 MB of HTML) in 20 s on every run before, and stalled the browser.
IMPORT_PAGE_HANDS = 10  # hand panels on one page of the Import view
IMPORT_PAGER = practice_key("import")  # ui.pager's key: the page is session state "practice_import-page"
IMPORTED = practice_key("imported")  # (hash of the last upload, what it gave, the grades made so far)
SHOWN_REFUSALS = 3  # refused records named in the message, each with its line


@dataclass(frozen=True, slots=True, eq=False)
class ImportRead:
    """An import file read once: every record replayed, what the page needs kept.

    ``hands`` keeps each good record's text (line number, text), not its replayed states: a page
    replays its own few hands again (a millisecond each), and a file of 12,594 hands holds a few MB
    in session state instead of some 40."""

    read: int  # records in the file (lines that are not blank)
    games: int  # games the records' ``meta`` numbers, one run of equal numbers each
    hands: tuple[tuple[int, str], ...]  # the records that replay: (line number, the line)
    reasons: tuple[tuple[str, int], ...]  # why records were refused, with how many, most first
    first_refusals: tuple[str, ...]  # the first SHOWN_REFUSALS refusals, each naming its line
    table: pd.DataFrame  # one row per hand: line, game, hand, dealer, trump, maker, result, points

    @property
    def refused(self) -> int:
        return sum(count for _, count in self.reasons)


def _outcome(hand: HandState) -> str:
    """A hand's result in a few words, for the summary table."""
    if not hand.is_over:
        return "unfinished"
    if hand.maker is None:
        return "thrown in"
    t = hand.maker_tricks
    return "marched" if t == 5 else f"{'made' if t >= 3 else 'euchred'} ({t} tricks)"


def _meta_number(record: dict[str, Any], name: str) -> int | None:
    meta = record.get("meta")
    value = meta.get(name) if isinstance(meta, dict) else None
    return value if type(value) is int else None


def read_import(data: bytes) -> ImportRead | str:
    """Every record of an uploaded file replayed (JSON Lines: a line ends at ``\\n``), or the one
    message for a file that cannot be imported (too big, no records, no record that replays).
    A record that does not replay is refused and counted; the others are imported.

    >>> read_import(b'{"dealer": 0}\\n\\n[1]\\n').split(";")[0]
    'none of its 2 records can be imported (1 a deal that cannot be dealt, 1 not a JSON object)'
    """
    if len(data) > MAX_IMPORT_BYTES:
        return f"the file is {len(data):,} bytes; at most {MAX_IMPORT_BYTES:,} are accepted"
    read = games = 0
    last_game: Any = None
    hands: list[tuple[int, str]] = []
    rows: list[tuple[Any, ...]] = []
    reasons: Counter[str] = Counter()
    refusals: list[str] = []
    for number, raw in record_lines(data):
        read += 1
        item = read_record(number, raw)
        if isinstance(item, Refused):
            reasons[item.reason] += 1
            if len(refusals) < SHOWN_REFUSALS:
                refusals.append(item.message)
            continue
        game = _meta_number(item.record, "game")
        if game is not None and (game != last_game or not hands):
            games += 1
        last_game = game
        hand = item.hand
        n = hand.players
        hands.append((number, raw.decode("utf-8")))
        rows.append(
            (
                number,
                game,
                _meta_number(item.record, "hand"),
                seat_name(n, hand.dealer),
                "" if hand.trump is None else f"{hand.trump.symbol} {hand.trump.noun}",
                "" if hand.maker is None else seat_name(n, hand.maker) + (" alone" if hand.alone else ""),
                _outcome(hand),
                max(hand.points) if hand.is_over and hand.maker is not None else None,
            )
        )
    if not read:
        return "the file holds no records; export a game from the practice table first"
    counted = tuple(reasons.most_common())
    if not hands:
        if read == 1:
            return refusals[0]
        why = ", ".join(f"{count:,} {reason}" for reason, count in counted)
        return f"none of its {read:,} records can be imported ({why}); the first: " + "; ".join(refusals)
    table = pd.DataFrame.from_records(
        rows, columns=["line", "game", "hand", "dealer", "trump", "maker", "result", "points"]
    )
    for column in ("game", "hand", "points"):
        table[column] = table[column].astype("Int64")
    return ImportRead(read, games, tuple(hands), counted, tuple(refusals), table)


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def import_summary(read: ImportRead) -> str:
    """The one line saying what the file held: hands imported, records read and refused (with how
    many for each reason), games."""
    refused = (
        "none refused"
        if not read.refused
        else f"{read.refused:,} refused ("
        + ", ".join(f"{count:,} {reason}" for reason, count in read.reasons)
        + ")"
    )
    games = _count(read.games, "game") if read.games else "no game numbers"
    return f"{len(read.hands):,} hand(s) imported. {_count(read.read, 'record')} read, {refused}; {games}."


def _upload_read(data: bytes) -> tuple[ImportRead | str, dict[int, tuple[review.GradedDecision, ...]]]:
    """The upload read once per file (kept with the grades made so far under IMPORTED, keyed by a
    hash of its bytes); a new file starts on the first page."""
    digest = hashlib.sha256(data).hexdigest()
    held = st.session_state.get(IMPORTED)
    if isinstance(held, tuple) and len(held) == 3 and held[0] == digest:
        return held[1], held[2]
    with st.spinner("Reading the file: every record is replayed…"):
        read = read_import(data)
    st.session_state[IMPORTED] = held = (digest, read, {})
    first_page(IMPORT_PAGER)
    return held[1], held[2]


def import_view() -> None:
    st.write("Import a game exported from the practice table (JSON Lines: one replay record per hand).")
    upload = st.file_uploader("Game file", type=["jsonl", "json", "txt"], key=PRACTICE_KEY_PREFIX + "upload")
    if upload is None:
        st.session_state.pop(IMPORTED, None)  # the last file's records and grades: a few MB
        return
    read, grades = _upload_read(upload.getvalue())
    if isinstance(read, str):
        st.error(f"That file cannot be imported: {plain(read)}")
        return
    st.success(import_summary(read))
    if read.refused:
        st.warning(
            plain(
                f"{_count(read.refused, 'record')} refused and left out; the first: "
                + "; ".join(read.first_refusals)
            )
        )
    if len(read.hands) > 1:
        st.dataframe(read.table, hide_index=True)  # one row per hand, however many: a scrolling grid
    first = _replayed(*read.hands[0])
    seat = _imported_learner(first)
    you = seat_name(first.hand.players, seat)
    grade = st.toggle(
        f"Grade {you}'s decisions (as in the hand review, from {you}'s own seat)",
        key=PRACTICE_KEY_PREFIX + "import_grade",
        help="Takes a moment per hand: each bid is analysed afresh. Only the hands on the page shown "
        "are graded.",
    )
    start, stop = pager(IMPORT_PAGER, len(read.hands), "Hands", IMPORT_PAGE_HANDS)
    for line, text in read.hands[start:stop]:
        item = first if line == first.line else _replayed(line, text)
        hand = item.hand
        with st.expander(
            f"Hand {item.line}: {result_line(hand) if hand.is_over else 'unfinished'}", expanded=grade
        ):
            n = hand.players
            st.html(dealt_hands_html(hand))
            for i, t in enumerate(hand.tricks):
                st.markdown(
                    f"{i + 1}. "
                    + "  ".join(f"{seat_name(n, s)} {c.short}" for s, c in t.plays)
                    + f" — won by {seat_name(n, t.winner)}"
                )
            if grade:
                graded = grades.get(line)
                if graded is None:
                    with st.spinner(f"Grading {you}'s decisions…"):
                        scores = item.scores
                        graded = grades[line] = review.grade_hand(
                            hand, seat, None if scores is None else seat_score(hand.rules, scores, seat)
                        )
                if graded:
                    st.html(grades_html(graded, you))
                else:
                    st.markdown(f"{you} made no decision in this hand.")


def _replayed(line: int, text: str) -> ImportedHand:
    """A record ``read_import`` accepted, replayed again for the page."""
    item = read_record(line, text.encode("utf-8"))
    assert isinstance(item, ImportedHand), item  # it replayed when the file was read
    return item


def _imported_learner(item: ImportedHand) -> int:
    """The seat the file's player sat in: the one the practice table's export marks "you" (South
    otherwise)."""
    meta = item.record.get("meta")
    levels = meta.get("levels") if isinstance(meta, dict) else None
    if isinstance(levels, list) and "you" in levels[: item.hand.players]:
        return levels.index("you")
    return LEARNER
