"""The Charts page and the lesson chart, through the app's router (streamlit.testing)."""

from __future__ import annotations

from collections.abc import Callable

from streamlit.testing.v1 import AppTest

from engine.core.cards import Suit, parse_cards
from engine.study.chart_table import load
from engine.study.hand_classes import hand_class
from lessons.loader import load_lessons

PAGE = "views/charts.py"


def test_the_page_draws_a_chart_with_its_controls(open_page: Callable[..., AppTest]) -> None:
    at = open_page(PAGE)
    assert at.title[0].value == "Call charts"
    assert "Green: bid; red: pass." in at.markdown[0].value
    assert any("simulated deals per square" in c.value for c in at.caption)
    labels = [b.label for b in at.button_group]
    assert labels == ["Round", "Upcard", "Seat"]
    assert at.selectbox[0].label == "Score (your side – theirs)" and at.selectbox[0].value is None
    assert at.get("plotly_chart"), "the heatmap is drawn"


def _query(at: object) -> dict[str, str]:
    (link,) = at.get("page_link")  # type: ignore[attr-defined]
    assert link.proto.label == "Open this hand in the analyzer"
    return dict(part.split("=", 1) for part in link.proto.query_string.split("&"))


def test_choosing_a_kind_of_hand_deals_an_example_and_links_the_analyzer(
    open_page: Callable[..., AppTest],
) -> None:
    at = open_page(PAGE)
    box = at.selectbox[1]
    # both bowers and the ace of trump, one void, no off ace: first seat, a queen turned up
    assert "3 trumps: right, left, ace · 0 aces, 1 void" in box.options
    at = box.select("first/r1/t3-RLa-o0-v1-upQ/any").run()
    assert not at.exception
    text = " ".join(m.value for m in at.markdown)
    assert "An example of this kind of hand" in text and "Chart:" in text
    query = _query(at)
    assert query["seat"] == "first" and query["upcard"] == "QH" and "score" not in query
    hand = list(parse_cards(query["hand"].replace("+", " ").replace("%20", " ")))
    (up,) = parse_cards(query["upcard"])
    assert hand_class(hand, Suit.HEARTS, up).key == "t3-RLa-o0-v1-upQ"


def test_at_nine_all_the_squares_are_the_chance_your_side_scores(open_page: Callable[..., AppTest]) -> None:
    """At 9-9 whoever scores wins the game: the page's figure for ordering is the share of the
    study's deals on which your side scored (counted here from the chart's outcome counts)."""
    at = open_page(PAGE)
    at = at.selectbox[0].select((9, 9)).run()
    at = at.selectbox[1].select("first/r1/t3-RLa-o0-v1-upQ/any").run()
    assert not at.exception
    cell = load("Standard (North America)").cell("first/r1/t3-RLa-o0-v1-upQ/any")
    share = {name: sum(k for net, k in counts if net > 0) / cell.n for name, counts in cell.outcomes.items()}
    text = " ".join(m.value for m in at.markdown)
    assert f"order {round(100 * share['call'])}%" in text and f"pass {round(100 * share['pass'])}%" in text
    assert "chance to win the game from 9–9" in text
    assert _query(at)["score"] in ("9,9", "9%2C9")


def test_round_two_names_a_suit_and_links_the_turned_down_card(open_page: Callable[..., AppTest]) -> None:
    at = open_page(PAGE)
    at = next(b for b in at.button_group if b.label == "Round").set_value(2).run()
    assert [b.label for b in at.button_group] == ["Round", "Seat"]  # no upcard in round 2
    box = at.selectbox[1]
    key = next(c.key for c in load("Standard (North America)").select("first", 2, None) if c.hand.trumps == 3)
    at = box.select(key).run()
    assert not at.exception
    query = _query(at)
    assert (
        query["round"] == "2"
        and query["turned_down"] in "CDS"
        and query["upcard"][-1] == query["turned_down"]
    )


def test_the_print_view_shows_every_seat(open_page: Callable[..., AppTest]) -> None:
    at = open_page(PAGE)
    at = at.toggle[0].set_value(True).run()
    assert not at.exception
    headings = [m.value for m in at.markdown if m.value.startswith("#### ")]
    assert headings == [
        "#### First seat (left of the dealer)",
        "#### Dealer's partner",
        "#### Third seat",
        "#### Dealer",
    ]
    assert len(at.get("plotly_chart")) == 4


def test_rules_without_a_shipped_chart_say_what_to_do(open_page: Callable[..., AppTest]) -> None:
    at = open_page(PAGE, {"deck": "32"})
    info = " ".join(i.value for i in at.info)
    assert "six rule presets" in info and "python -m engine study charts" in info


def test_the_strategy_lesson_shows_the_chart_for_the_seat_chosen(open_page: Callable[..., AppTest]) -> None:
    (lesson,) = [le for le in load_lessons() if any(st.title == "The chart for your seat" for st in le.steps)]
    step = next(i for i, st in enumerate(lesson.steps, start=1) if st.title == "The chart for your seat")
    element = lesson.steps[step - 1].element
    assert element is not None and element.kind == "chart"
    at = open_page("views/learn/learn.py", {"lesson": lesson.id, "step": str(step)})
    seat = next(b for b in at.button_group if b.label == "Your seat")
    assert at.get("plotly_chart")
    at = seat.set_value("dealer").run()
    assert not at.exception and at.get("plotly_chart")
    assert any("Every seat and upcard" in link.proto.label for link in at.get("page_link"))


def test_the_shipped_standard_chart_has_the_dealers_easy_pick_up() -> None:
    # the dealer holding three small trumps and the upcard (four trumps after the pick-up):
    # every strategy guide picks up, and so does the chart, clearly
    cell = load("Standard (North America)").cell("dealer/r1/t3-...-o0-v1-upQ/any")
    assert cell.says_bid and not cell.close


def _frames(fig: object) -> list[object]:
    return [s for s in fig.layout.shapes if s.type == "rect"]  # type: ignore[attr-defined]


def test_the_rule_of_thumb_frames_only_the_points_view() -> None:
    from engine.core.rules import Rules
    from ui.call_chart import figure

    chart = load("Standard (North America)")
    plain = figure(chart, "first", 1, 12, big=False)
    scored = figure(chart, "first", 1, 12, big=False, score=(9, 9), rules=Rules())
    assert plain is not None and scored is not None
    assert _frames(plain), (
        "the standard chart disagrees with the rule of thumb somewhere for a queen up in first seat"
    )
    assert not _frames(scored)
    assert scored.data[0].colorbar.title.text.endswith("the game)")


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def test_the_legend_names_the_frames_colour_and_the_frames_leave_the_labels_in_view(
    open_page: Callable[..., AppTest],
) -> None:
    from engine.study.chart_table import disagrees, grid
    from ui.call_chart import COLOURS, FRAME_COLOUR, FRAME_COLOUR_NAME, figure

    at = open_page(PAGE)
    assert FRAME_COLOUR_NAME == "blue"
    assert "A blue frame around a square marks where a classic rule of thumb" in at.markdown[0].value
    assert "red frame" not in at.markdown[0].value
    red, green, blue = _rgb(FRAME_COLOUR)
    assert blue > 150 and blue > 2 * red and blue > 2 * green, "the frames are blue"
    assert FRAME_COLOUR not in {COLOURS[0][1], COLOURS[-1][1]}, "neither the pass nor the bid colour"

    chart = load("Standard (North America)")
    fig = figure(chart, "first", 1, 12, big=False)
    assert fig is not None
    rows, cols, cells = grid(chart.select("first", 1, 12))
    framed = {
        (cols[j], rows[i])
        for (r, c), cell in cells.items()
        if disagrees(cell)
        for i, j in [(rows.index(r), cols.index(c))]
    }
    frames = _frames(fig)
    # one frame per disagreeing square, drawn along the square's edge (the square spans its row's
    # and column's index +-0.5), hollow: the label in the middle of the square stays in view
    centres = {(cols[round((f.x0 + f.x1) / 2)], rows[round((f.y0 + f.y1) / 2)]) for f in frames}  # type: ignore[attr-defined]
    assert centres == framed and len(frames) == len(framed)
    for f in frames:
        assert f.line.color == FRAME_COLOUR and f.fillcolor == "rgba(0,0,0,0)"  # type: ignore[attr-defined]
        assert 0.9 <= f.x1 - f.x0 <= 1 and 0.85 <= f.y1 - f.y0 <= 1  # type: ignore[attr-defined]
    # no marker is drawn over the squares' labels any more (the clickable markers are invisible)
    assert all(t.marker.opacity == 0.01 for t in fig.data if t.type == "scatter")


def test_the_phone_grid_has_every_square_and_frame_of_the_heatmap(open_page: Callable[..., AppTest]) -> None:
    from engine.study.chart_table import disagrees
    from ui.call_chart import CHART_CSS, PHONE_WIDTH, compact_html

    at = open_page(PAGE)
    chart = load("Standard (North America)")
    cells = chart.select("first", 1, 12)
    page_html = " ".join(h.proto.body for h in at.html)
    assert f"@media (max-width: {PHONE_WIDTH}px)" in CHART_CSS and CHART_CSS in page_html
    grid_html = compact_html(chart, "first", 1, 12)
    assert grid_html in page_html, "the page draws the phone grid next to the heatmap"
    assert grid_html.count("<td data-key=") + grid_html.count('<td class="ec-framed" data-key=') == len(cells)
    assert grid_html.count('class="ec-framed"') == sum(disagrees(c) for c in cells) > 0
    # the columns' headings in two rows: 3 + 3 + 2 columns of 0, 1 and 2+ off-suit aces
    assert '<th scope="colgroup" colspan="3"><span>0 aces</span></th>' in grid_html
    assert '<th scope="colgroup" colspan="2"><span>2+ aces</span></th>' in grid_html
    assert "<span>5 trumps<br>right, left, ace</span>" in grid_html  # the row labels on two lines
    assert ".ec-chart-phone { font-size: max(11px, 0.75rem)" in CHART_CSS  # never below 11 px


def test_the_seat_control_has_short_labels_and_names_the_seat_in_full(
    open_page: Callable[..., AppTest],
) -> None:
    at = open_page(PAGE)
    seat = next(b for b in at.button_group if b.label == "Seat")
    assert seat.options == ["First", "Second", "Third", "Dealer"]  # four short buttons fit across a phone
    assert any(c.value == "First seat (left of the dealer)." for c in at.caption)
    at = seat.set_value("second").run()
    assert not at.exception
    assert any(c.value == "Dealer's partner." for c in at.caption)


def test_cutthroat_has_no_score_view_and_says_why(open_page: Callable[..., AppTest]) -> None:
    from engine.core.rules import PRESETS
    from ui.share import rules_to_query

    at = open_page(PAGE, rules_to_query(PRESETS["Cutthroat (3 players)"]))
    assert not [s for s in at.selectbox if s.label.startswith("Score")]
    assert any("no score view" in c.value and "win table" in c.value for c in at.caption)
    assert [b.label for b in at.button_group] == ["Round", "Upcard", "Seat"]
