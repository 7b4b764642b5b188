"""The shell (router, sidebar rules panel, display toggles) and the Home page, in AppTest."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.core.rules import PRESETS, Rules

pytestmark = pytest.mark.usefixtures("db")


@pytest.fixture
def start(open_page: Callable[..., AppTest]) -> Callable[..., AppTest]:
    """``start(page, **params)``: the app opened at ``page`` (the default page when None) with ``params``."""
    return lambda page=None, **params: open_page(page, params, timeout=30)


def summary(at: AppTest) -> str:
    return str(at.main.caption[0].value)


def test_home_renders_with_the_rules_summary_and_links_to_every_page(start: Callable[..., AppTest]) -> None:
    at = start()
    assert at.title[0].value == "Euchre Coach"
    assert summary(at) == "Rules: **Standard (North America)** — 4 players · 24 cards · to 10"
    links = {link.proto.page for link in at.get("page_link")}
    assert links == {"learn", "analyze", "charts", "practice", "rules", "class"}
    bowers = next(h.value for h in at.html if "data-card=" in h.value)
    assert 'data-card="JH"' in bowers and 'data-card="JD"' in bowers


def test_home_starts_a_newcomer_at_the_first_lesson_and_keeps_variants_out_of_the_intro(
    start: Callable[..., AppTest],
) -> None:
    at = start()
    first = at.get("page_link")[0].proto  # the first link on the page, above "Where to go"
    assert first.page == "learn" and first.query_string == "lesson=deck&step=1"
    assert first.label.startswith("Start the first lesson")
    intro = at.markdown[0].value
    assert "Benny" not in intro and "cutthroat" not in intro.lower()
    variants = " ".join(m.value for m in at.markdown)
    assert "*Benny*" in variants and "**Cutthroat**" in variants  # lower down, explained


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_preset_sets_the_rules_and_the_summary(start: Callable[..., AppTest], name: str) -> None:
    at = start()
    at.sidebar.selectbox(key="rules_w_preset").set_value(name).run()
    assert not at.exception
    assert at.session_state["rules"] == PRESETS[name]
    assert PRESETS[name].summary() in summary(at)
    # the widgets follow the preset
    assert at.sidebar.radio(key="rules_w_players").value == PRESETS[name].players
    assert at.sidebar.toggle(key="rules_w_joker").value == PRESETS[name].joker


def test_changing_one_option_makes_the_rules_custom(start: Callable[..., AppTest]) -> None:
    at = start()
    at.sidebar.radio(key="rules_w_deck").set_value(32).run()
    assert at.session_state["rules"] == Rules(deck=32)
    assert at.sidebar.selectbox(key="rules_w_preset").value == "Custom"
    assert "32 cards" in summary(at)


def test_options_that_need_four_players_are_switched_off_and_disabled_with_fewer(
    start: Callable[..., AppTest],
) -> None:
    at = start()
    at.sidebar.selectbox(key="rules_w_preset").set_value("Railroad (defend alone)").run()
    at.sidebar.toggle(key="rules_w_defend_alone")  # exists and is on
    assert at.sidebar.toggle(key="rules_w_defend_alone").value is True
    at.sidebar.radio(key="rules_w_players").set_value(3).run()
    assert not at.exception
    assert at.session_state["rules"] == Rules(players=3, stick_the_dealer=True)
    toggle = at.sidebar.toggle(key="rules_w_defend_alone")
    assert toggle.value is False and toggle.disabled
    assert at.sidebar.radio(key="rules_w_lone_lead").disabled
    assert "Needs 4 players" in toggle.help


def test_rules_in_a_link_are_applied_and_bad_ones_explained(start: Callable[..., AppTest]) -> None:
    at = start(players="2", optional_pickup="1", target="5")
    assert at.session_state["rules"] == Rules(players=2, optional_pickup=True, target=5)
    assert at.sidebar.selectbox(key="rules_w_preset").value == "Custom"
    bad = start(players="4", defend_alone="maybe")
    assert bad.session_state["rules"] == Rules()
    assert "defend_alone='maybe' is not on/off" in bad.warning[0].value
    impossible = start(players="3", defend_alone="1")
    assert "defend_alone needs 4 players" in impossible.warning[0].value


def test_display_toggles_change_the_cards(start: Callable[..., AppTest]) -> None:
    at = start()
    assert any('width="90"' in h.value for h in at.html)
    assert at.sidebar.toggle(key="projector").label == "Present mode"
    at.sidebar.toggle(key="projector").set_value(True).run()
    assert any('width="140"' in h.value for h in at.html)
    at.sidebar.toggle(key="four_colour").set_value(True).run()
    assert at.session_state["four_colour"] is True


@pytest.mark.parametrize(
    "page",
    [
        "views/learn/learn.py",
        "views/analyze/analyze.py",
        "views/practice/practice.py",
        "views/review.py",
        "views/puzzles/puzzles.py",
        "views/rules/rules.py",
        "views/class_mode/class_mode.py",
    ],
)
def test_every_page_runs_under_the_router_with_the_sidebar(start: Callable[..., AppTest], page: str) -> None:
    at = start(page)  # start() asserts there is no exception
    assert at.sidebar.selectbox(key="rules_w_preset").value == "Standard (North America)"


def _late_setter_app() -> None:
    import streamlit as st

    from engine.core.rules import Rules
    from ui.rules_panel import current_rules, rules_sidebar, set_rules

    rules_sidebar()
    if st.button("late"):
        set_rules(Rules(players=3))  # after the panel's widgets are drawn in this run
    st.write(current_rules().summary())


def test_rules_set_after_the_panel_is_drawn_take_effect_and_the_panel_catches_up() -> None:
    at = AppTest.from_function(_late_setter_app, default_timeout=30)
    at.run()
    at.button[0].click().run()
    assert not at.exception
    assert at.markdown[-1].value.startswith("3 players")
    at.run()
    assert at.sidebar.radio(key="rules_w_players").value == 3
    assert at.sidebar.selectbox(key="rules_w_preset").value == "Cutthroat (3 players)"


def test_the_server_does_not_collect_all_garbage_after_every_run() -> None:
    # Streamlit's default full collection after each script run walks every object numba and
    # LLVM loaded (about 230,000) with the GIL held: ~110 ms added to every click here.
    import tomllib

    config = tomllib.loads((Path(__file__).parents[2] / ".streamlit" / "config.toml").read_text())
    assert config["runner"]["postScriptGC"] is False


def _present_style(at: AppTest) -> bool:
    """Whether the page carries present mode's style sheet (the larger root font size)."""
    return any("html { font-size: 22px; }" in h.value for h in at.html)


@pytest.mark.parametrize(
    "page",
    [
        None,
        "views/practice/practice.py",
        "views/rules/rules.py",
        "views/analyze/analyze.py",
        "views/class_mode/class_mode.py",
    ],
)
def test_a_link_with_present_1_opens_any_page_in_present_mode(
    start: Callable[..., AppTest], page: str | None
) -> None:
    at = start(page, present="1")
    assert at.session_state["projector"] is True
    assert at.sidebar.toggle(key="projector").value is True
    assert _present_style(at)
    assert (
        at.query_params["present"] == "1"
    )  # kept in the link while on (the practice page rewrites its link)


def test_a_class_started_in_present_mode_keeps_present_1_in_the_teachers_link(
    start: Callable[..., AppTest],
) -> None:
    # the projector's link (/class?present=1): starting the class adds the code to it (the secret
    # is kept by the browser, out of the address bar the room can read)
    at = start("views/class_mode/class_mode.py", present="1")
    at.button(key="cl_start").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.query_params["present"] == "1" and at.query_params["class"] and "teacher" not in at.query_params
    assert at.session_state["projector"] is True and _present_style(at)
    assert any('data-testid="cl-qr"' in h.value for h in at.html)


def test_the_sidebar_switch_puts_present_1_in_the_link_and_takes_it_out(
    start: Callable[..., AppTest],
) -> None:
    at = start()
    assert "present" not in at.query_params and not _present_style(at)
    at.sidebar.toggle(key="projector").set_value(True).run()
    assert at.query_params["present"] == "1" and _present_style(at)
    at.sidebar.toggle(key="projector").set_value(False).run()
    assert "present" not in at.query_params and not _present_style(at)
    assert at.session_state["projector"] is False


@pytest.mark.parametrize("value, on", [("0", False), ("off", False), ("true", True), ("maybe", False)])
def test_present_values_in_a_link(start: Callable[..., AppTest], value: str, on: bool) -> None:
    at = start(present=value)  # start() checks that nothing raised
    assert at.session_state["projector"] is on
