"""The deal editor's parts (the page is views/deal_editor/deal_editor.py): a deal being written, and its drawing.

A teacher writes a deal by tapping cards from the deck into the hands, the upcard and the kitty,
or by pasting a position text (engine/core/position.py). ``Draft`` is the deal so far, a frozen
value kept in session state: the cards in each place in the order they were placed, the dealer
and the rules. The engine checks it: ``Draft.state()`` is the opening state of the whole deal
(``engine.core.hand.from_cards``), or the engine's own ``DealError``; a pasted text is read by
``HandState.from_text``, whose ``PositionError`` is shown as it is.

The kitty is the cards left once the hands and the upcard are placed: a card tapped into it stays
out of the hands (and of "Deal the rest at random"), and the kitty's order is the order tapped, then
the rest in deck order (a position text leaves the kitty out when it is all in deck order).

A whole deal opens, by links built with the engine (``deal_links``):

- the Rules page's walkthrough: ``rules?section=deal&position=TEXT`` (views/rules/rules.py reads it);
- the editor again: ``deal_editor?position=TEXT``, the link to share;
- the analyzer at a seat's first bid, round 1, after the passes of the seats before it:
  ``analyze?view=VIEW``, VIEW that seat's view as text (``SeatView.to_text``, engine/core/seat_text.py);
- the class this browser runs (views/class_mode/teacher.py): ``class?class=CODE&class_hand=VIEW``, which fills
  the teacher's "Typed hand" form with that seat's hand, upcard and seat;
- a teaching table of that class: ``class?class=CODE&table_deal=TEXT``, which fills the class page's "Deal a
  hand you choose" box with the whole deal (views/class_mode/class_tables.py).

>>> from engine.core.cards import parse_cards
>>> draft = Draft.empty(Rules())
>>> for card in parse_cards("JH JD AH KS 9C"):
...     draft = draft.put(card, 0)
>>> draft.missing()[:2]
("West's hand holds 0 of 5 cards", "North's hand holds 0 of 5 cards")
>>> draft.put(parse_cards("TC")[0], 0)
Traceback (most recent call last):
...
ui.deal_editor.DraftError: South's hand is full (5 cards): tap one of its cards to take it back, or choose another place
"""

from __future__ import annotations

import re
import secrets
from dataclasses import replace

import streamlit as st

from engine.analysis.situation import SEATS_BY_PLAYERS
from engine.core.cards import Card, Suit
from engine.core.errors import DealError
from engine.core.hand import HAND_SIZE, HandState, Phase
from engine.core.position import PositionError
from engine.core.rules import Rules
from engine.core.seats import seat_name
from ui.cards import card_buttons, card_img, four_colour
from ui.echo import plain
from ui.layout import card_width, projector
from ui.rules_panel import current_rules, set_rules
from ui.share import query_string
from views.deal_editor.draft import (
    KITTY,
    PAGE,
    SEED_MAX,
    UPCARD,
    DealLinks,
    Draft,
    DraftError,
    K,
    Place,
    class_query,
    deal_links,
    first_bid,
    place_name,
    running_classes,
    table_deal_query,
)

# ---- the session's draft --------------------------------------------------------------------------


def current_draft() -> Draft:
    """The draft in this session, under the rules in force (a change of rules keeps what fits)."""
    rules = current_rules()
    draft = st.session_state.get(K + "draft")
    if not isinstance(draft, Draft):
        draft = Draft.empty(rules)
    elif draft.rules != rules:
        draft = draft.fitted(rules)
    st.session_state[K + "draft"] = draft
    return draft


def _keep(draft: Draft, target: Place | None = None) -> None:
    st.session_state[K + "draft"] = draft
    st.session_state[K + "dealer"] = draft.dealer
    if target is not None:
        st.session_state[K + "target"] = target


def _adopt(state: HandState) -> str:
    """A read text's deal into the editor (its rules made the rules in force); a note on what of
    the text the editor leaves out (its actions)."""
    if state.rules != current_rules():
        set_rules(state.rules)
    draft = Draft.of_state(state)
    _keep(draft, 0)
    count = len(state.history)
    if not count:
        return ""
    return (
        f"The text's {count} action{'s' if count != 1 else ''} {'are' if count != 1 else 'is'} left out: the "
        "editor writes the deal; the walkthrough plays it."
    )


def adopt_link() -> None:
    """The page's link ``position=TEXT``, read once per distinct link: its deal fills the editor and
    its rules become the rules in force (then the page runs again to draw them). A text that does
    not read goes into the paste box, and the engine's message is said."""
    text = st.query_params.get("position")
    if text is None or st.session_state.get(K + "link_seen") == text:
        return
    st.session_state[K + "link_seen"] = text
    try:
        state = HandState.from_text(text)
    except PositionError as err:
        st.session_state[K + "paste"] = text
        st.warning(
            plain(f"The link's position text does not read: {err}. It is in the paste box below to mend.")
        )
        return
    rules_before = current_rules()
    st.session_state[K + "note"] = _adopt(state)
    if state.rules != rules_before:
        st.rerun()  # the sidebar and the rules summary at the top follow the text's rules


def _paste() -> None:
    """The paste box's button: fill the editor from the text, or keep the text and say what is wrong."""
    text = str(st.session_state.get(K + "paste", ""))
    st.session_state.pop(K + "paste_error", None)
    if not text.strip():
        st.session_state[K + "paste_error"] = "The box is empty: paste a position text first."
        return
    try:
        state = HandState.from_text(text)
    except PositionError as err:
        st.session_state[K + "paste_error"] = f"That text does not read: {err}"
        return
    st.session_state[K + "note"] = _adopt(state) or "The editor holds the pasted deal."


def _deal_rest() -> None:
    draft = current_draft()
    seed = int(st.session_state.get(K + "seed", 0))
    _keep(draft.dealt_at_random(seed), KITTY)


def _clear() -> None:
    _keep(Draft.empty(current_rules(), current_draft().dealer), 0)


def _dealer_changed() -> None:
    draft = current_draft()
    dealer = st.session_state.get(K + "dealer")
    if isinstance(dealer, int) and 0 <= dealer < draft.rules.players:
        st.session_state[K + "draft"] = replace(draft, dealer=dealer)


def apply_taps(draft: Draft) -> Draft:
    """The card tapped in the last run (``card_buttons`` leaves ``st.session_state[f"{key}-{card}"]``
    True for the run after the click): a deck card goes to the chosen place, and the choice moves on
    to the next place with room once that one is full; a placed card goes back to the deck. Read
    before the widgets are drawn, so the place picker can move. A card that cannot go is said."""
    target = _target(draft)
    for key, cards in _deck_rows(draft.deck):
        for card in cards:
            if st.session_state.get(f"{key}-{card}") is True:
                try:
                    draft = draft.put(card, target)
                except DraftError as err:
                    st.session_state[K + "tap_error"] = str(err)
                    return draft
                _keep(draft, draft.next_open(target))
                return draft
    for card in draft.deck:
        for place in draft.places:
            if st.session_state.get(f"{K}at_{place}-{card}") is True:
                draft = draft.take(card)
                _keep(draft)
                return draft
    return draft


def _target(draft: Draft) -> Place:
    """The place chosen (a segmented control can be clicked off: then the last one chosen)."""
    target = st.session_state.get(K + "target")
    if target not in draft.places:
        last = st.session_state.get(K + "target_last")
        target = last if last in draft.places else 0
        st.session_state[K + "target"] = target
    return target


# ---- drawing ------------------------------------------------------------------------------------

FORMAT_HELP = (
    "A position text is RULES/DEALER/HANDS/UPCARD, like "
    "`standard/3/JH-JD-AH-KS-9C,TH-QH-KH-AC-KC,9S-TS-JS-QS-AS,9D-TD-QD-KD-AD/9H`: the rules (a preset such as "
    "standard, or changed fields such as players=3,deck=32), the dealer's seat number, the hands in seat order "
    "joined by commas (five cards each, joined by -), then the upcard; `:` and the kitty's cards may follow the "
    "upcard. Seats count clockwise from 0: {seats}. A card is typed as a rank `9 T J Q K A` (`8`, `7` in "
    "bigger decks) and a suit letter `C D H S` (`JH` is the J♥); the joker is `JOKER`. More in docs/cli.md."
)

EDITOR_STYLE = """<style>
.st-key-de_places [class*="st-key-de_place_"] { padding: 0.5rem 0.6rem; gap: 0.3rem; }
.st-key-de_place_current { box-shadow: 0 0 0 3px #1b6e3a; border-radius: 0.6rem; }
.de-empty { color: #6b6b6b; font-style: italic; margin: 0.2rem 0 0.6rem; }
</style>"""


def _deck_rows(deck: tuple[Card, ...]) -> list[tuple[str, tuple[Card, ...]]]:
    """The deck's rows of card buttons, a suit a row (the joker last): (the row's key, its cards);
    a card's button is ``f"{key}-{card}"`` (``card_buttons``)."""
    rows = [(f"{K}deck_{s.letter}", tuple(c for c in deck if c.suit == s)) for s in Suit]
    jokers = tuple(c for c in deck if c.is_joker)
    return rows + ([(f"{K}deck_joker", jokers)] if jokers else [])


def _target_label(draft: Draft, place: Place) -> str:
    held = len(draft.cards_at(place))
    if isinstance(place, int):
        return f"{seat_name(draft.rules.players, place)} {held}/{HAND_SIZE}"
    return f"{'Upcard' if place == UPCARD else 'Kitty'} {held}/{draft.size(place)}"


def pickers(draft: Draft) -> Place:
    """Where a tapped card goes, and who deals. Returns the place chosen."""
    target = _target(draft)
    st.session_state[K + "target_last"] = target
    st.session_state[K + "dealer"] = draft.dealer
    picked = st.segmented_control(
        "A tapped card goes to",
        draft.places,
        key=K + "target",
        format_func=lambda p: _target_label(draft, p),
        help="Choose a place, then tap cards in the deck. A place that fills moves the choice on to the next one.",
    )
    if picked is None:  # a segmented control can be clicked off: keep the last choice
        picked = target
    st.radio(
        "Dealer",
        range(draft.rules.players),
        key=K + "dealer",
        horizontal=True,
        on_change=_dealer_changed,
        format_func=lambda s: seat_name(draft.rules.players, s),
    )
    return picked


def deck_view(draft: Draft, target: Place, width: int) -> None:
    """The deck by suit as card buttons; a placed card is greyed out and says where it is."""
    st.markdown(f"**The deck** — tap a card to put it in {place_name(draft.rules, target)}")
    used = {
        c: f"In {place_name(draft.rules, p)}: tap it there to take it back"
        for p in draft.places
        for c in draft.cards_at(p)
    }
    for key, cards in _deck_rows(draft.deck):
        card_buttons(cards, key=key, disabled={c: used[c] for c in cards if c in used}, width=width)


def places_view(draft: Draft, target: Place, width: int) -> None:
    """Each hand, the upcard and the kitty, two to a row (one under another on a phone), with the
    cards placed so far as buttons (tap: back to the deck)."""
    st.html(EDITOR_STYLE)
    places = draft.places
    with st.container(key=K + "places"):
        for pair in (places[i : i + 2] for i in range(0, len(places), 2)):
            for column, place in zip(st.columns(2, gap="small"), pair, strict=False):
                with column:
                    _place_box(draft, place, place == target, width)


def _place_box(draft: Draft, place: Place, current: bool, width: int) -> None:
    cards = draft.cards_at(place)
    with st.container(border=True, key=K + ("place_current" if current else f"place_{place}")):
        title = _target_label(draft, place).rsplit(" ", 1)[0]
        if isinstance(place, int) and place == draft.dealer:
            title += " (dealer)"
        marker = " — cards go here" if current else ""
        st.markdown(f"**{title}** · {len(cards)} of {draft.size(place)}{marker}")
        if cards:
            card_buttons(cards, key=f"{K}at_{place}", width=width, states={c: "normal" for c in cards})
        else:
            st.html('<p class="de-empty">empty</p>')
        if place == KITTY and not draft.missing() and draft.free:
            small = max(36, width * 2 // 3)
            rest = "".join(card_img(c, four_colour=four_colour(), width=small) for c in draft.free)
            st.caption("and the rest of the deck, in deck order:")
            st.html(f'<div data-row="kitty-rest" style="display:flex;gap:4px;flex-wrap:wrap">{rest}</div>')


def fill_controls(draft: Draft) -> None:
    """Deal the rest at random (seeded by a number on the page), start again."""
    st.session_state.setdefault(K + "seed", secrets.randbelow(SEED_MAX))
    with st.container(horizontal=True, vertical_alignment="bottom", key=K + "fill"):
        st.number_input(
            "Deal number",
            0,
            SEED_MAX,
            step=1,
            key=K + "seed",
            width=300 if projector() else 190,
            help="The same number deals the same cards into the same empty places.",
        )
        st.button(
            "Deal the rest at random",
            key=K + "deal_rest",
            on_click=_deal_rest,
            type="primary",
            disabled=not draft.missing(),
        )
        st.button("Start again", key=K + "clear", on_click=_clear)


def paste_box(draft: Draft) -> None:
    """The paste box: a position text fills the editor; a bad text stays, with the engine's message."""
    error = st.session_state.get(K + "paste_error")
    with st.expander(
        "Paste a position text", expanded=bool(error) or bool(st.session_state.get(K + "paste"))
    ):
        st.text_area(
            "Position text",
            key=K + "paste",
            height=90,
            placeholder="standard/3/JH-JD-AH-KS-9C,TH-QH-KH-AC-KC,9S-TS-JS-QS-AS,9D-TD-QD-KD-AD/9H",
        )
        st.button("Fill the editor from this text", key=K + "paste_go", on_click=_paste)
        if isinstance(error, str):
            st.error(plain(error))
        seats = ", ".join(f"{s} {seat_name(draft.rules.players, s)}" for s in range(draft.rules.players))
        st.caption(FORMAT_HELP.format(seats=seats))


def engine_words(rules: Rules, message: str) -> str:
    """The engine's message with each seat number named: 'seat 0 (South) holds 4 cards'."""
    return re.sub(
        r"\bseat (\d)\b",
        lambda m: (
            f"seat {m[1]} ({seat_name(rules.players, int(m[1]))})" if int(m[1]) < rules.players else m[0]
        ),
        message,
    )


def check_view(draft: Draft) -> HandState | None:
    """What the deal still lacks and the engine's check, in plain words; the state when it is whole."""
    missing = draft.missing()
    if not any(draft.cards_at(place) for place in draft.places):
        st.info(
            "Tap cards into the hands and the upcard, paste a position text, or deal them at random: "
            "the engine checks the deal as it grows."
        )
        return None
    try:
        state = draft.state()
    except (DealError, DraftError) as err:
        lines = [f"- {line[0].upper() + line[1:]}." for line in missing]
        engine = (
            ""
            if isinstance(err, DraftError)
            else plain(f"The engine's check: {engine_words(draft.rules, str(err))}.")
        )
        st.warning("\n\n".join(["**The deal is not whole yet.**", "\n".join(lines), engine]).strip())
        return None
    return state


def _page_base(page: str) -> str:
    """The full address of ``page`` in this browser (this page's address with its last part
    replaced), or the page's name alone outside a browser."""
    try:
        url = st.context.url
    except Exception:  # no browser context
        url = None
    if url and url.startswith(("http://", "https://")):
        return url.split("?")[0].split("#")[0].rsplit("/", 1)[0] + "/" + page
    return page


def seat_picker(players: int) -> int:
    if st.session_state.get(K + "seat") not in range(players):
        st.session_state[K + "seat"] = 0
    seat = st.radio(
        "The seat to ask about",
        range(players),
        key=K + "seat",
        horizontal=True,
        format_func=lambda s: seat_name(players, s),
    )
    return int(seat)


def whole_deal_view(state: HandState) -> None:
    """The whole deal: its text, and the links to walk through it, share it, analyse a seat, ask it in class."""
    players = state.players
    st.success("The deal is whole, and the engine accepts it.")
    st.markdown("**The deal as a position text**")
    st.code(state.to_text(), language=None, wrap_lines=True)
    seat = seat_picker(players)
    links = deal_links(state, seat)
    name = seat_name(players, seat)
    with st.container(horizontal=True, key=K + "links"):
        st.page_link(
            "views/rules/rules.py",
            label="Walk through it on the Rules page",
            icon=":material/menu_book:",
            query_params=links.walk,
        )
        if links.analyze is not None:
            st.page_link(
                "views/analyze/analyze.py",
                label=f"Analyse {name}'s first bid",
                icon=":material/search:",
                query_params=links.analyze,
            )
    if links.analyze is None:
        st.caption(plain(links.problem[0].upper() + links.problem[1:] + "."))
    passes = (seat - state.dealer - 1) % players if state.phase is Phase.BID1 else 0
    before = [seat_name(players, (state.dealer + 1 + i) % players) for i in range(passes)]
    st.caption(
        plain(
            f"{name}'s question: round 1 with the {state.upcard.short} turned up, "
            + (f"after {' and '.join(before)} passed." if before else f"{name} bids first.")
        )
    )
    running = running_classes()
    _class_view(state, seat, links, running)
    _tables_view(links.position, running)
    st.markdown("**Share this deal** — the link opens it in this editor:")
    st.code(_page_base(PAGE) + query_string(links.share), language=None, wrap_lines=True)
    # the page's own address follows the whole deal, so a reload or a copied address opens it
    if st.query_params.get("position") != links.position:
        st.query_params["position"] = links.position
    st.session_state[K + "link_seen"] = links.position


def _tables_view(position: str, running: tuple[str, ...]) -> None:
    """Deal the whole deal at a teaching table of the class this browser runs: a link that fills the
    class page's "Deal a hand you choose" box (views/class_mode/class_tables.py reads it)."""
    for code in running:
        st.page_link(
            "views/class_mode/class_mode.py",
            label=f"Deal it at a teaching table of class {code}",
            icon=":material/playing_cards:",
            query_params=table_deal_query(code, position),
        )


def _class_view(state: HandState, seat: int, links: DealLinks, running: tuple[str, ...]) -> None:
    """Ask the seat's bid in class: a link to the class this browser runs, else how to."""
    if links.seat_view is None:
        return
    name = seat_name(state.players, seat)
    if running:
        for code in running:
            st.page_link(
                "views/class_mode/class_mode.py",
                label=f"Ask {name}'s bid in class {code}",
                icon=":material/groups:",
                query_params=class_query(code, links.seat_view),
            )
        st.caption(
            'It fills the class\'s "Typed hand" form (under these rules); the question is asked when you '
            "press Ask there."
        )
        return
    view = first_bid(state, seat)
    hand = " ".join(str(c) for c in view.hand)
    order = SEATS_BY_PLAYERS[state.players][(seat - state.dealer - 1) % state.players]
    st.caption(
        plain(
            f"Ask it in class: start a class on the Class page in this browser and a link to ask it "
            f"appears here. Or type it under Ask the next question, Typed hand: hand {hand}, "
            f"upcard {state.upcard}, seat {order}."
        )
    )


def tap_error() -> None:
    error = st.session_state.pop(K + "tap_error", None)
    if isinstance(error, str):
        st.warning(plain(error))


def note() -> None:
    said = st.session_state.pop(K + "note", None)
    if isinstance(said, str) and said:
        st.info(plain(said))


def widths() -> tuple[int, int]:
    """The deck's and the places' card widths (bigger on a projector)."""
    return card_width(52), card_width(44)  # a hand of five beside another in half the places' column
