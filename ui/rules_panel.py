"""The shared sidebar rules panel: a preset, then every option of the rules object.

The current ``Rules`` value lives in ``st.session_state["rules"]``. Widgets are synced
from it (presets and share links set it), and every change builds a new Rules value
through the engine, so an impossible combination is explained, never a traceback:
options that need four players are disabled with the reason in their help text.
A link naming rules fields (see ``ui.share``), or carrying a seat's question as ``view=`` (its first
part is the rules, engine/core/seat_text.py), sets the rules once when it is opened.
"""

from __future__ import annotations

from typing import Any

import streamlit as st
from streamlit.errors import StreamlitAPIException

from engine.core.errors import RulesError
from engine.core.position import PositionError, parse_rules
from engine.core.rules import LONE_LEADS, PRESETS, Rules
from ui.echo import plain
from ui.share import RULE_FIELDS, ShareLinkError, fields_against, has_rules, rules_from_query

RULES_KEY = "rules"
CUSTOM = "Custom"
LINK_ERROR_KEY = "rules_link_error"
_PRESET = "rules_w_preset"
_LINK_SEEN = "rules_link_seen"
_PENDING = "rules_widgets_behind"
_W = "rules_w_"  # widget keys: rules_w_<field>

_CHOICES: dict[str, tuple[Any, ...]] = {
    "players": (4, 3, 2),
    "deck": (24, 28, 32),
    "target": (5, 7, 10),
    "match_games": (1, 3, 5),
    "lone_lead": LONE_LEADS,
}
_LABELS: dict[str, str] = {
    "players": "Players",
    "deck": "Deck",
    "joker": "Joker (the Benny, best bower)",
    "stick_the_dealer": "Stick the dealer",
    "defend_alone": "Defend alone (Railroad)",
    "lone_lead": "Opening lead against a loner",
    "discard_upcard": "Dealer may bury the upcard",
    "optional_pickup": "Dealer may leave the upcard",
    "target": "Game to",
    "draw_for_deal": "Draw for the first deal",
    "match_games": "Match",
}
_HELP: dict[str, str] = {
    "players": "4: partners sit opposite. 3: cutthroat, the maker against the other two. 2: each for themself.",
    "deck": "24 cards: 9 to ace. 28 adds the 8s, 32 the 7s.",
    "joker": "Adds one joker, the highest trump of all.",
    "stick_the_dealer": "If everyone passes twice, the dealer must name a suit instead of a redeal.",
    "defend_alone": "Against a lone maker, a defender may go alone too: a euchre then scores 4.",
    "lone_lead": "Who leads first when the maker goes alone.",
    "discard_upcard": "After picking up, the dealer may discard the upcard itself.",
    "optional_pickup": "Once the upcard's suit is trump, the dealer may leave the upcard on the kitty.",
    "target": "Points needed to win a game.",
    "draw_for_deal": "Each player draws a card; the lowest deals first (4 players: partners by the draw).",
    "match_games": "A single game, or the best of 3 or 5 games.",
}
_FORMAT: dict[str, Any] = {
    "players": lambda n: f"{n}",
    "deck": lambda n: f"{n}",
    "target": lambda n: f"{n}",
    "match_games": lambda n: "one game" if n == 1 else f"best of {n}",
    "lone_lead": lambda v: "left of the dealer" if v == "left_of_dealer" else "left of the loner",
}
_NEEDS_FOUR = ("defend_alone", "lone_lead")


def current_rules() -> Rules:
    """The rules in force (the defaults until someone changes them)."""
    value = st.session_state.get(RULES_KEY)
    return value if isinstance(value, Rules) else Rules()


def preset_name(rules: Rules) -> str:
    for name, preset in PRESETS.items():
        if preset == rules:
            return name
    return CUSTOM


def set_rules(rules: Rules) -> None:
    """Make ``rules`` current and move the widgets to match. Best called from a widget callback
    or before the panel is drawn; called later in a run, the rules change at once and the panel's
    widgets catch up on the next run."""
    st.session_state[RULES_KEY] = rules
    try:
        _sync_widgets(rules)
    except StreamlitAPIException:  # the widgets were already drawn in this run
        st.session_state[_PENDING] = True


def _sync_widgets(rules: Rules) -> None:
    for field in RULE_FIELDS:
        st.session_state[_W + field] = getattr(rules, field)
    st.session_state[_PRESET] = preset_name(rules)


def _on_preset() -> None:
    name = st.session_state[_PRESET]
    if name in PRESETS:
        set_rules(PRESETS[name])


def _on_option() -> None:
    values = {field: st.session_state[_W + field] for field in RULE_FIELDS}
    if values["players"] != 4:  # nobody goes alone without partners: switch those options off
        values["defend_alone"] = False
        values["lone_lead"] = "left_of_dealer"
    try:
        rules = Rules.from_dict(values)
    except RulesError as err:  # cannot happen with the widgets' choices, but never show a traceback
        st.session_state[LINK_ERROR_KEY] = f"Those rules are not possible: {err}"
        rules = current_rules()
    set_rules(rules)


def _apply_link_rules() -> None:
    """Rules named in the URL are applied once per distinct link: the rules part of its ``view=``
    question (a question names its rules, so they win; rules fields of the link that say otherwise
    are left out, and the note says which), or else its rules fields."""
    params = st.query_params.to_dict()
    view = params.get("view")
    if not has_rules(params) and view is None:
        return
    signature = tuple(sorted((k, v) for k, v in params.items() if k in RULE_FIELDS or k == "view"))
    if st.session_state.get(_LINK_SEEN) == signature:
        return
    st.session_state[_LINK_SEEN] = signature
    st.session_state.pop(LINK_ERROR_KEY, None)
    try:
        if view is None:
            set_rules(rules_from_query(params))
            return
        rules = parse_rules(view.split("/")[0])
        set_rules(rules)
        left_out = fields_against(params, rules)
        if left_out:
            st.session_state[LINK_ERROR_KEY] = view_rules_note(left_out, rules)
    except ShareLinkError as err:
        st.session_state[LINK_ERROR_KEY] = f"{err}. Using the standard rules instead."
        set_rules(Rules())
    except PositionError as err:
        st.session_state[LINK_ERROR_KEY] = (
            f"The link's question names impossible {err}. Using the standard rules instead."
        )
        set_rules(Rules())


def view_rules_note(left_out: tuple[str, ...], rules: Rules) -> str:
    """The note for a link whose question (``view=``) names its rules while rules fields beside it say
    otherwise: the question's rules are used, the fields are left out.

    >>> view_rules_note(("players='2'", "joker='true'"), Rules())
    "The link's question names its own rules (4 players · 24 cards · to 10), and they are the ones used: its players='2' and joker='true' say otherwise and were left out."
    """
    fields = (
        " and ".join(left_out) if len(left_out) <= 2 else ", ".join(left_out[:-1]) + " and " + left_out[-1]
    )
    return (
        f"The link's question names its own rules ({rules.summary()}), and they are the ones used: its "
        f"{fields} {'says' if len(left_out) == 1 else 'say'} otherwise and {'was' if len(left_out) == 1 else 'were'} "
        "left out."
    )


def rules_sidebar() -> Rules:
    """Draw the rules panel in the sidebar and return the rules in force."""
    _apply_link_rules()
    if _PRESET not in st.session_state or st.session_state.pop(_PENDING, False):
        set_rules(current_rules())
    rules = current_rules()
    four = rules.players == 4
    with st.sidebar:
        st.subheader("Rules")
        st.selectbox(
            "Preset",
            (*PRESETS, CUSTOM),
            key=_PRESET,
            on_change=_on_preset,
            help="A named rule set; changing any option below makes it Custom.",
        )
        with st.expander("All options", expanded=False):
            for field in RULE_FIELDS:
                disabled = field in _NEEDS_FOUR and not four
                help_text = _HELP[field]
                if disabled:
                    help_text += f" Needs 4 players: nobody goes alone with {rules.players}."
                if field in _CHOICES:
                    st.radio(
                        _LABELS[field],
                        _CHOICES[field],
                        key=_W + field,
                        horizontal=True,
                        format_func=_FORMAT[field],
                        on_change=_on_option,
                        disabled=disabled,
                        help=help_text,
                    )
                else:
                    st.toggle(
                        _LABELS[field],
                        key=_W + field,
                        on_change=_on_option,
                        disabled=disabled,
                        help=help_text,
                    )
            if not four:
                st.caption(f"Going alone and its options need 4 players; with {rules.players} they are off.")
    return rules


def rules_summary_caption() -> None:
    """The one-line summary of the rules in force, for the top of every page (with the message
    for a bad rules link, shown once)."""
    error = st.session_state.pop(LINK_ERROR_KEY, None)
    if isinstance(error, str):
        st.warning(plain(error))
    with st.container(key="ec_rules_summary"):  # ui.layout's compact top moves it clear of the » button
        st.caption(rules_line())


def rules_line() -> str:
    """The rules in force in one line: 'Rules: **Standard (North America)** — 4 players · ...'."""
    return f"Rules: **{preset_name(current_rules())}** — {current_rules().summary()}"
