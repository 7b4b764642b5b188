"""The Rules explorer: what a teacher puts on the projector.

Four views: the trump ranking for a chosen trump, the "can I play this?" checker, the
scoring table for the rules in force, and a seeded deal walked through one action at a time.
Every view can be shared as a link; the link's values are validated and a bad link shows a
message and falls back (a fresh deal for the walkthrough; a bad step: step 0 of the same deal).
The page's own link follows the walkthrough as it moves (section, deal, dealer and step), so a
reload or a copied address shows the same step. In present mode the walkthrough fills the screen
(the table, sized to the screen, beside the step buttons and the step's sentence and reason; the
section switch and the deal's choices under them) and a presenter's clicker steps it wherever the
focus is (PageDown / Space / →, PageUp / ←, as a caption says: ``ui.walkthrough_keys``).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from html import escape
from typing import Literal

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from engine.core.cards import Card, Suit, make_deck
from engine.core.errors import quoted
from engine.core.game import side_of, sides
from engine.core.hand import HandState, Phase
from engine.core.position import rules_text
from engine.core.ranking import (
    card_role,
    deck_in_rank_order,
    effective_suit,
    left_bower,
    sort_hand,
    trick_winner_index,
)
from engine.core.rules import Rules
from engine.core.scoring import scoring_rows
from engine.core.seats import seat_name
from practice.table_text import done_label
from ui.cards import card_img, cards_row_html, four_colour
from ui.echo import plain
from ui.layout import card_width, page_header, present_query, present_top, projector
from ui.rules_panel import current_rules, rules_line
from ui.share import query_string, rules_to_query
from ui.table import felt_html, open_hand_html, seat_html, side_name, table_style, trick_html
from ui.walkthrough_keys import Stepper, clicker_help, install_step_keys
from views.rules.follow import check_follow
from views.rules.link import LINK_KEYS, SEED_MAX, read_rules_link
from views.rules.walkthrough import Walkthrough, build_from_text, build_walkthrough

SECTIONS = {
    "ranking": "Trump ranking",
    "follow": "Can I play this?",
    "scoring": "Scoring",
    "deal": "Deal walkthrough",
}
_SEEN = "rx_link_seen"
_STEP_FROM_LINK = "rx_step_from_link"  # the step a link asked for, checked against the deal's length


def _section(row: str, heading: str, body: str) -> str:
    return f'<div data-row="{row}"><h3 style="margin:1rem 0 0.2rem">{escape(heading)}</h3>{body}</div>'


def _suit_label(suit: Suit) -> str:
    return f"{suit.symbol} {suit.noun.capitalize()}"


def _example_follow(trump: Suit) -> None:
    """The classic trap: the suit that lent its jack to trump is led, and you hold the left bower."""
    lent = trump.partner
    others = [s for s in Suit if s not in (trump, lent)]
    st.session_state["rx_led"] = Card.of(13, lent)
    st.session_state["rx_hand"] = [
        left_bower(trump),
        Card.of(12, lent),
        Card.of(14, trump),
        Card.of(9, others[0]),
        Card.of(10, others[1]),
    ]


def _fresh_seed() -> int:
    return secrets.randbelow(SEED_MAX)


# ---- links -------------------------------------------------------------------


def _adopt_link(params: Mapping[str, str], rules: Rules) -> list[str]:
    """Apply this page's link values once per distinct link (``views.rules.link`` reads them);
    returns messages for bad values."""
    signature = tuple(sorted((k, v) for k, v in params.items() if k in LINK_KEYS))
    if not signature or st.session_state.get(_SEEN) == signature:
        return []
    st.session_state[_SEEN] = signature
    link = read_rules_link(params, rules, tuple(SECTIONS))
    if link.section is not None:
        st.session_state["rx_section"] = link.section
    if link.trump is not None:
        st.session_state["rx_trump"] = link.trump
    if link.led is not None and link.hand is not None:
        st.session_state["rx_led"], st.session_state["rx_hand"] = link.led, list(link.hand)
    if link.deal is not None:
        deal = link.deal
        st.session_state.pop("rx_position", None)
        # a position shows its own dealer and number (none unless the link's seed deals its cards);
        # a numbered deal without a seed is a fresh one
        seed = _fresh_seed() if deal.seed is None and deal.position is None else deal.seed
        st.session_state.update(rx_seed=seed, rx_dealer=deal.dealer, rx_step=0)
        if deal.position is not None:
            st.session_state["rx_position"] = deal.position
        if deal.step is not None:
            st.session_state["rx_step"] = deal.step
            st.session_state[_STEP_FROM_LINK] = True
    return list(link.problems)


def _keep_link(params: Mapping[str, str]) -> None:
    """Put this view's values in the page's link as they change (the walkthrough's step too), so a
    reload or a copied address shows the same view. The walkthrough's keys leave the link when
    another view is shown; the link is only rewritten when it differs, and it is marked as seen
    so ``_adopt_link`` does not apply it again."""
    for key in LINK_KEYS:
        if key in st.query_params and key not in params:
            del st.query_params[key]
    for key, value in params.items():
        if st.query_params.get(key) != value:
            st.query_params[key] = value
    now = st.query_params.to_dict()
    st.session_state[_SEEN] = tuple(sorted((k, v) for k, v in now.items() if k in LINK_KEYS))


def _share_link(params: dict[str, str]) -> None:
    base = "/rules"
    try:
        url = st.context.url
        if url:
            base = url.split("?")[0]
    except Exception:  # no browser context (AppTest): a relative link still works
        pass
    if params.get("section") == "deal" or any(k in st.query_params for k in LINK_KEYS):
        _keep_link(params)
    link = base + query_string({**rules_to_query(current_rules()), **params, **present_query()})
    st.caption("Share link (the same view, with these rules):")
    st.code(link, language=None, wrap_lines=True)  # wrapped: no scrolled box a keyboard cannot reach


# ---- views -------------------------------------------------------------------


def _keep_choice(key: str, allowed: tuple[object, ...], default: object) -> None:
    """A segmented control can be clicked off; put back the last choice (or the default)."""
    last = key + "_last"
    if st.session_state.get(key) not in allowed:
        st.session_state[key] = st.session_state.get(last, default)
    st.session_state[last] = st.session_state[key]


def _trump_picker() -> Suit:
    _keep_choice("rx_trump", tuple(Suit), Suit.HEARTS)
    picked = st.segmented_control("Trump", tuple(Suit), key="rx_trump", format_func=_suit_label)
    return picked if isinstance(picked, Suit) else Suit.HEARTS


def ranking_view(width: int, colour: bool) -> None:
    rules = current_rules()
    trump = _trump_picker()
    order = deck_in_rank_order(trump, rules.deck, rules.joker)
    trumps = [c for c in order if effective_suit(c, trump) == trump]
    lent = trump.partner
    lb = left_bower(trump)
    st.markdown(
        f"**{trump.noun.capitalize()} are trump.** Highest first: "
        + ("the joker (the Benny), then " if rules.joker else "")
        + f"the {trumps[1 if rules.joker else 0].short} (right bower), the {lb.short} (left bower: "
        f"a {trump.noun[:-1]} this hand), then the rest of the {trump.noun}. "
        f"{lent.noun.capitalize()} have no jack this hand."
    )
    labels = [
        f"{i}. {card_role(c, trump) or 'trump'}" if c.is_jack or c.is_joker else f"{i}."
        for i, c in enumerate(trumps, 1)
    ]
    blocks = [
        _section(
            "trump",
            f"Trump: {_suit_label(trump)} ({len(trumps)} cards)",
            cards_row_html(trumps, trump=trump, four_colour=colour, width=width, labels=labels),
        )
    ]
    for suit in Suit:
        if suit == trump:
            continue
        cards = [c for c in order if effective_suit(c, trump) == suit]
        note = f" — no jack: the {lb.short} is a {trump.noun[:-1]}" if suit == lent else ""
        blocks.append(
            _section(
                f"suit-{suit.letter}",
                f"{_suit_label(suit)} ({len(cards)} cards){note}",
                cards_row_html(cards, trump=trump, four_colour=colour, width=width),
            )
        )
    st.html("".join(blocks))  # one element for the whole deck: quick to send and redraw
    _share_link({"section": "ranking", "trump": trump.letter})


def follow_view(width: int, colour: bool) -> None:
    rules = current_rules()
    deck = make_deck(rules.deck, rules.joker)
    trump = _trump_picker()
    if st.session_state.get("rx_led") not in deck or not isinstance(st.session_state.get("rx_hand"), list):
        _example_follow(trump)
    led_now = st.session_state["rx_led"]
    st.session_state["rx_hand"] = [c for c in st.session_state["rx_hand"] if c in deck and c != led_now][:5]
    left, right = st.columns([1, 2])
    with left:
        led = st.selectbox("Led card", deck, key="rx_led", format_func=lambda c: f"{c.short} — {c.name}")
    with right:
        hand = st.multiselect(
            "Your hand (up to 5 cards)",
            [c for c in deck if c != led],
            key="rx_hand",
            max_selections=5,
            format_func=lambda c: c.short,
        )
    st.button("Show the example for this trump", on_click=_example_follow, args=(trump,))
    answer = check_follow(hand, led, trump)
    st.info(answer.sentence)
    states = ["playable" if c in answer.legal else "disabled" for c in answer.hand]
    led_block = _block("led", "Led card", cards_row_html([led], trump=trump, four_colour=colour, width=width))
    hand_block = _block(
        "hand",
        "Your hand: the cards you may play are ringed in green",
        cards_row_html(
            answer.hand,
            trump=trump,
            states=states,
            four_colour=colour,
            width=width,
            labels=list(answer.notes),
        ),
    )
    st.html(f'<div style="display:flex;gap:2.5rem;flex-wrap:wrap">{led_block}{hand_block}</div>')
    _share_link(
        {
            "section": "follow",
            "trump": trump.letter,
            "led": str(led),
            "hand": ",".join(str(c) for c in hand),
        }
    )


def scoring_view() -> None:
    rules = current_rules()
    rows = scoring_rows(rules.players, rules.defend_alone)
    st.subheader(f"Scoring with {rules.players} players")
    st.markdown("| Result | Points |\n|---|---|\n" + "\n".join(f"| {r} | {p} |" for r, p in rows))
    who = "side" if rules.partnerships else "player"
    match = "" if rules.match_games == 1 else f" A match is the best of {rules.match_games} games."
    st.write(f"The first {who} to reach {rules.target} points wins the game.{match}")
    if rules.players == 3:
        st.write(
            "Cutthroat: two players can pass the target on the same hand; the higher score wins, a tie plays on."
        )
    _share_link({"section": "scoring"})


def _set_step(value: int) -> None:
    st.session_state["rx_step"] = value


def _new_deal() -> None:
    st.session_state.update(rx_seed=_fresh_seed(), rx_step=0)
    st.session_state.pop("rx_position", None)


def _numbered_deal() -> None:
    """The deal number or dealer changed: the numbered deal replaces a link's position, at step 0
    (a fresh number when the box is empty: a position without one, or the number cleared)."""
    st.session_state["rx_step"] = 0
    st.session_state.pop("rx_position", None)
    if st.session_state.get("rx_seed") is None:
        st.session_state["rx_seed"] = _fresh_seed()


def _points_text(state: HandState) -> str:
    """The hand's points per side, as a class reads them: 'North–South: 2 points'."""
    rules = state.rules
    parts = []
    for side in range(sides(rules)):
        seats = [s for s in range(rules.players) if side_of(rules, s) == side]
        points = state.points[seats[0]]
        if points:
            parts.append(f"{side_name(rules.players, seats)}: {points} point{'s' if points != 1 else ''}")
    return "; ".join(parts) or "no points"


# Every hand is open, card beside card: no card (the one marked NEXT among them) is covered. West's
# and East's cards wrap into rows (3 + 2) so their hands stay inside their side of the table.
WALK_STYLE = """<style>
.ec-compass .ec-west .ec-open, .ec-compass .ec-east .ec-open { flex-wrap: wrap; row-gap: 0.35rem;
  max-width: calc(var(--fw) * 3 + 0.8rem); margin: 0 auto; }
</style>"""

# Present mode: the table is drawn to the screen's size (cards a share of its width and height, as
# the text is through the root font size): at 1920x1080 a card is 99 px wide, its corner index
# 25-36 px, and the table, South's hand included, fits the screen from its top, as it does at
# 1366x768 (the same shape), in 57.5% of the width (narrower side margins and gaps than
# elsewhere). West and East hold two cards a row; the trick in the middle is one row (West, North
# a little higher, South a little lower, East) instead of a cross twice as tall. Beside it, in a column of 42.5% (775 px at 1920), the
# sentence (1.25rem, not a heading's 1.5rem) and its reason end above 1,080 px at every step;
# the rules line (moved from the page's top, which the table takes) and the clicker's keys in
# small print above the step buttons, clear of the sidebar's » button.
PRESENT_WALK_STYLE = """<style>
.stMainBlockContainer { padding-left: 1rem !important; padding-right: 1rem !important; }
.ec-compass { --ec-card: min(5.15vw, 11.1vh); }
.ec-felt:has(.ec-compass) { padding-left: 0.4rem; padding-right: 0.4rem; }
.ec-grid.ec-compass { column-gap: 0.3rem; }
.ec-compass .ec-fan, .ec-compass .ec-open { --fw: var(--ec-card) !important; }
.ec-compass .ec-centre { --cw: var(--ec-card) !important; }
.ec-compass .ec-west .ec-open, .ec-compass .ec-east .ec-open { max-width: calc(var(--fw) * 2 + 0.4rem); }
.ec-grid.ec-compass.ec-n4, .ec-grid.ec-compass.ec-n3 {
  grid-template-columns: minmax(0, 1fr) calc(var(--ec-card) * 5 + 1.5rem) minmax(0, 1fr); }
.ec-compass .ec-open { gap: 0.25rem; }
.st-key-rx_section, .st-key-rx_section [data-testid="stButtonGroup"] { width: 100% !important; }
.st-key-rx_section [role="radiogroup"] { flex-wrap: wrap; overflow: visible; }
.st-key-rx_story h3 { font-size: 1.25rem; padding: 0 0 0.4rem; }
.st-key-rx_story [data-testid="stMarkdownContainer"] p { margin-bottom: 0.4rem; }
[data-testid="stLayoutWrapper"]:has(> .st-key-ec_rules_summary) { display: none; }
.st-key-rx_keys { padding-left: 2rem; gap: 0.2rem; }
.stMainBlockContainer .st-key-rx_keys [data-testid="stCaptionContainer"] { font-size: 0.7rem; }
.ec-compass .ec-trick { grid-template-columns: repeat(4, var(--cw));
  grid-template-rows: calc(var(--cw) * 0.3) calc(var(--cw) * 1.1) calc(var(--cw) * 0.3); }
.ec-compass .ec-p-west { grid-column: 1; grid-row: 1 / span 3; align-self: center; }
.ec-compass .ec-p-north { grid-column: 2; grid-row: 1 / span 2; }
.ec-compass .ec-p-south { grid-column: 3; grid-row: 2 / span 2; }
.ec-compass .ec-p-east { grid-column: 4; grid-row: 1 / span 3; align-self: center; }
</style>"""

DEAL_HELP = (
    "Every deal has a number. The same number, dealer and rules always deal the same cards, "
    "so a class can follow one deal together; the share link below carries it."
)


def _deal_controls(rules: Rules) -> tuple[int | None, int]:
    """The deal number (None: a position's deal without one, the box empty), the dealer and New deal."""
    c1, c2, c3 = st.columns([2, 2, 1], vertical_alignment="bottom")
    with c1:
        number = st.number_input(
            "Deal no.",
            0,
            SEED_MAX,
            key="rx_seed",  # None in the session (a position without a number): the box is empty
            step=1,
            help=DEAL_HELP,
            placeholder="none: a dealt position",
            on_change=_numbered_deal,
        )
        seed = None if number is None else int(number)
    with c2:
        dealer = st.selectbox(
            "Dealer",
            range(rules.players),
            key="rx_dealer",
            format_func=lambda s: seat_name(rules.players, s),
            on_change=_numbered_deal,
        )
    with c3:
        st.button("New deal", on_click=_new_deal, width="stretch")
    return seed, dealer


# The clicker's keys click these buttons by their keys, wherever the focus is (ui.walkthrough_keys):
# PageDown, Space and → Next; PageUp and ← Back; Home First; End Last.
WALK_STEPPER = Stepper(next="rx_next", back="rx_back", first="rx_first", last="rx_last")


def _step_buttons(step: int, length: int) -> None:
    b: Sequence[DeltaGenerator]
    if projector():  # a narrow column: two rows of two, kept side by side on a phone too
        top, bottom = st.container(horizontal=True), st.container(horizontal=True)
        b = (top, top, bottom, bottom)
    else:
        b = st.columns(4)
    at_start, at_end = step == 0, step >= length
    # no tooltips: one under Next covered First; the keys are said once, in a caption (clicker_help)
    steps: tuple[tuple[str, str, Literal["left", "right"], str, int, bool], ...] = (
        ("First", ":material/first_page:", "left", "rx_first", 0, at_start),
        ("Back", ":material/chevron_left:", "left", "rx_back", step - 1, at_start),
        ("Next", ":material/chevron_right:", "right", "rx_next", step + 1, at_end),
        ("Last", ":material/last_page:", "right", "rx_last", length, at_end),
    )
    for spot, (label, icon, side, key, to, off) in zip(b, steps, strict=True):
        spot.button(
            label,
            icon=icon,
            icon_position=side,
            key=key,
            type="primary" if label == "Next" else "secondary",
            on_click=_set_step,
            args=(to,),
            disabled=off,
            width="stretch",
        )


def _story(walk: Walkthrough, step: int, state: HandState) -> None:
    """What just happened, why, and what comes next."""
    rules = walk.rules
    head = f"**Step {step} of {walk.length}**\n\n"  # one element with the sentence: no gap between them
    if step == 0:
        st.markdown(
            f"{head}### The deal: {seat_name(rules.players, walk.dealer)} deals; the upcard is the "
            f"{state.upcard.name}."
        )
    else:
        done = walk.steps[step - 1]
        st.markdown(f"{head}### {done.sentence}" + (f"\n\n*Why:* {done.reason}" if done.reason else ""))
    if step < walk.length:
        st.caption(f"Next: {walk.steps[step].sentence}")
    elif state.thrown_in:
        st.success("Everyone passed twice: the hand is thrown in and the deal passes to the left.")
    else:
        st.success(f"The hand is over. {_points_text(state)}.")


def deal_view(width: int, colour: bool, beside: tuple[DeltaGenerator, DeltaGenerator] | None = None) -> None:
    """The walkthrough; ``beside``: present mode's (side column, table column), made by the page so
    the section switch sits in the side column too and the table starts at the top of the screen."""
    text = st.session_state.get("rx_position")
    position = build_from_text(text) if isinstance(text, str) else None
    rules = position.rules if position is not None else current_rules()  # the Dealer box's seats
    if position is None and st.session_state.get("rx_seed") is None:
        st.session_state["rx_seed"] = _fresh_seed()
    if st.session_state.get("rx_dealer") not in range(rules.players):
        st.session_state["rx_dealer"] = 0
    install_step_keys(WALK_STEPPER, WALK_STYLE + (PRESENT_WALK_STYLE if beside else ""))
    # In present mode the steps and the story sit beside the table, so the four hands, the step's
    # sentence and its reason are on one screen; the deal's choices go under the table, a full-width
    # row where "Deal no." and the dealer's name fit. Otherwise they come first and the table below.
    side, main = beside or (st.container(), st.container())
    controls = st.container() if beside else side
    with controls:
        seed, dealer = _deal_controls(rules)
    if position is None:
        assert seed is not None  # a numbered deal's box always holds its number (_numbered_deal)
        walk = build_walkthrough(rules, seed, dealer)
    else:
        walk = position
        with controls:
            st.caption(
                "This deal comes from the link's position text (its rules: "
                f"{rules_text(walk.rules)}); choose a deal number or New deal for a numbered one."
            )
    asked = int(st.session_state.get("rx_step", 0))
    if st.session_state.pop(_STEP_FROM_LINK, False) and asked > walk.length:
        with side:
            st.warning(
                plain(
                    f"The link's step={quoted(str(asked))} is past the end of this deal "
                    f"({walk.length} steps). Showing step 0 instead."
                )
            )
        asked = 0
    step = min(max(asked, 0), walk.length)
    st.session_state["rx_step"] = step
    state = walk.state_at(step)
    with side:
        if beside:
            with st.container(key="rx_keys"):
                st.caption(rules_line())
                clicker_help()
        _step_buttons(step, walk.length)
        if not beside:
            clicker_help()
        with st.container(key="rx_story"):
            _story(walk, step, state)
    with main:
        _board(walk, step, state, width, colour)
    with st.expander("Every step so far"):
        st.markdown(
            "\n".join(
                f"{i}. {done.sentence}" + (f" — {done.reason}" if done.reason else "")
                for i, done in enumerate(walk.steps[:step], 1)
            )
            or "Nothing yet: the cards are dealt."
        )
    numbered = {} if seed is None else {"seed": str(seed), "dealer": str(dealer)}
    _share_link({"section": "deal", **numbered, "position": walk.text, "step": str(step)})


def _block(row: str, title: str, body: str) -> str:
    return f'<div data-row="{row}"><p style="margin:0.6rem 0 0">{title}</p>{body}</div>'


def _centre(state: HandState, width: int, colour: bool) -> str:
    """The middle of the table: the upcard while bidding, then trump and the trick."""
    names = [seat_name(state.players, s) for s in range(state.players)]
    trump = state.trump
    style = f'style="--cw:min({width}px, 13vw)"'
    if state.phase in (Phase.BID1, Phase.NAME):
        up = card_img(state.upcard, four_colour=colour, width=width)
        return (
            f'<div class="ec-centre" {style}><div class="ec-up"><figure data-row="upcard">{up}'
            "<figcaption>upcard</figcaption></figure></div></div>"
        )
    if trump is None:
        return f'<div class="ec-centre" {style}>The {escape(state.upcard.short)} was turned down.</div>'
    head = f"<div><b>Trump: {_suit_label(trump)}</b></div>"
    if not (state.trick or state.tricks):
        return f'<div class="ec-centre" {style}>{head}</div>'
    plays = state.trick or state.tricks[-1].plays
    cards = [c for _, c in plays]
    win = trick_winner_index(cards, trump)
    title = (
        f"Trick {len(state.tricks) + 1} in play"
        if state.trick
        else f"Trick {len(state.tricks)} won by {names[state.tricks[-1].winner]}"
    )
    states = ["winning" if i == win else "normal" for i in range(len(cards))]
    trick = trick_html(plays, state.players, trump, states, width=width, colour=colour)
    return f'<div class="ec-centre" {style}>{head}<div>{title}</div><div data-row="trick">{trick}</div></div>'


def _board(walk: Walkthrough, step: int, state: HandState, width: int, colour: bool) -> None:
    """The four open hands around the table in one HTML block (one element to send and draw per
    step, which keeps clicks fast): North across the top, West and East at the sides, South at the
    bottom, the upcard or the trick in the middle, each seat's latest action on its chip."""
    rules = state.rules
    trump = state.trump
    next_card = walk.steps[step].action.card if step < walk.length else None
    latest = {done.state.to_act: done_label(done.state, done.action) for done in walk.steps[:step]}
    seats = {}
    for seat in range(rules.players):
        hand = sort_hand(state.hands[seat], trump)
        states = [
            "disabled"
            if seat in state.out
            else "next"
            if c == next_card and state.to_act == seat
            else "normal"
            for c in hand
        ]
        cards = open_hand_html(hand, trump=trump, width=width, colour=colour, states=states)
        body = f'<div data-row="seat-{seat}">{cards}</div>'
        seats[seat] = seat_html(
            state, seat, "", body, latest.get(seat), "to act" if state.to_act == seat else None
        )
    table_style()
    st.html(felt_html(state, "", seats, centre=_centre(state, max(44, width * 3 // 5), colour), compass=True))


# ---- the page ----------------------------------------------------------------

rules = current_rules()
problems = _adopt_link(st.query_params.to_dict(), rules)
_keep_choice("rx_section", tuple(SECTIONS), "ranking")
# Present mode's walkthrough: the table takes the screen's height from the top, the steps and the
# story beside it; the title goes, and the section switch moves under them with the deal's choices.
beside = None
if projector() and st.session_state["rx_section"] == "deal":
    present_top()
    left, right = st.columns([0.425, 0.575], gap="small")  # the story's column: 40% of the screen or more
    beside = (left, right)
else:
    page_header("Rules explorer")
for problem in problems:
    st.warning(plain(problem[0].upper() + problem[1:] + "."))
section = (
    st.segmented_control(
        "Show",
        tuple(SECTIONS),
        key="rx_section",
        format_func=SECTIONS.__getitem__,
        label_visibility="collapsed",
    )
    or "ranking"
)
width, colour = card_width(), four_colour()
if section == "ranking":
    ranking_view(width, colour)
elif section == "follow":
    follow_view(width, colour)
elif section == "scoring":
    scoring_view()
else:
    deal_view(card_width(72), colour, beside)  # four hands around a table: a little smaller than elsewhere
