"""The tables (how the other seats bid), the robust analysis around them and the fitting's building blocks."""

from __future__ import annotations

import json

import numpy as np
import pytest

from engine.analysis.bidding_fit import (
    Records,
    best_alone,
    best_call,
    best_caution,
    calling_rates,
    exploitability,
    gains_clearly,
    make_deals,
    records,
    roles,
    values,
)
from engine.analysis.human_rates import calibrate, people_table, round2_rate
from engine.analysis.robust import analyze_robust
from engine.analysis.situation import question
from engine.analysis.tables import (
    DATA_FILE,
    TABLES,
    UnknownTable,
    cautious_caution,
    people_caution,
    preset_for,
    sound_caution,
    table_for,
)
from engine.cli.analyze import main
from engine.compiled.encoding import S_DEALER, S_HANDS, S_UPCARD, card_code
from engine.core.cards import parse_cards
from engine.core.rules import PRESETS, Rules
from engine.players.club import ClubPlayer
from engine.study.hand_classes import bowers_and_aces


def test_every_preset_ships_a_fitted_table() -> None:
    data = json.loads(DATA_FILE.read_text())
    assert set(data["presets"]) == set(PRESETS)
    for name, entry in data["presets"].items():
        assert len(entry["caution"]) == 16 and entry["exploitability"] <= 0.03, name
        assert preset_for(PRESETS[name]) == name


# Published calling rates of human four-player tables, as shares of all hands (World of Card
# Games, typed from the page): round 1 first seat 5%, dealer's partner 17%, third seat 5%, dealer
# 30%; round 2 first seat 18%, dealer's partner 11%. The cautious table matches three of them.
PUBLISHED = {
    "first seat, round 1: per hand": 0.05,
    "dealer's partner, round 1: per hand": 0.17,
    "third seat, round 1: per hand": 0.05,
    "dealer, round 1: per hand": 0.30,
    "first seat, round 2: per hand": 0.18,
    "dealer's partner, round 2: per hand": 0.11,
}
HUMAN = {
    k: PUBLISHED[k]
    for k in (
        "dealer, round 1: per hand",
        "dealer's partner, round 1: per hand",
        "first seat, round 2: per hand",
    )
}
# Of the hands still open when they speak, round 2's first seat calls 0.18 / (1 - 0.05 - 0.17 -
# 0.05 - 0.30) = 0.4186 and the dealer's partner 0.11 / 0.25 = 0.44: mean 0.4293.
ROUND2_WHEN_REACHED = (0.18 / 0.43 + 0.11 / 0.25) / 2
TARGET_COLUMNS = (
    0,
    4,
    3,
)  # 2 * seat left of the dealer + round: dealer r1, dealer's partner r1, first seat r2


def test_the_cautious_table_calls_as_often_as_people() -> None:
    data = json.loads(DATA_FILE.read_text())
    for name, entry in data["presets"].items():
        sound, cautious = entry["caution"], entry["cautious"]
        others = [k for k in range(16) if PRESETS[name].players != 4 or k not in TARGET_COLUMNS]
        assert [cautious[k] for k in others] == pytest.approx([sound[k] + 0.4 for k in others]), name
        if PRESETS[name].players == 4:
            for label, rate in HUMAN.items():  # measured on 40,000 deals other than the calibration's
                assert entry["cautious_calling_rates"][label] == pytest.approx(rate, abs=0.02), (name, label)
            assert all(cautious[k] > sound[k] for k in TARGET_COLUMNS), name  # the sound model calls more
            assert entry["calling_rates"]["dealer, round 1: per hand"] > 0.32  # (35% in the standard game)


def test_the_people_table_calls_as_often_as_people_in_every_published_seat() -> None:
    data = json.loads(DATA_FILE.read_text())
    assert round2_rate() == pytest.approx(ROUND2_WHEN_REACHED)
    for name, entry in data["presets"].items():
        rules = PRESETS[name]
        people, sound, rates = entry["people"], entry["caution"], entry["people_calling_rates"]
        if rules.players != 4:  # no published figures: the sound table
            assert people == sound, name
            continue
        for label, rate in PUBLISHED.items():  # measured on 40,000 deals other than the fit's
            assert rates[label] == pytest.approx(rate, abs=0.01), (name, label)
        assert rates["third seat, round 2: when reached"] == pytest.approx(ROUND2_WHEN_REACHED, abs=0.03), (
            name
        )
        if not rules.stick_the_dealer:
            assert rates["dealer, round 2: when reached"] == pytest.approx(ROUND2_WHEN_REACHED, abs=0.03), (
                name
            )
        assert people[8:] == sound[8:], name  # no published figure for going alone: the sound thresholds
        # the sound model calls far more than people as the dealer's partner in round 1
        assert (
            entry["calling_rates"]["dealer's partner, round 1: per hand"]
            > rates["dealer's partner, round 1: per hand"] + 0.05
        )
    assert people_caution(Rules(target=5)) == tuple(data["presets"]["Standard (North America)"]["people"])


def test_the_people_fit_hits_the_published_rates_on_its_own_deals() -> None:
    rules = Rules()
    people = people_table(rules, sound_caution(rules), deals=3000, seed=11)
    rates = calling_rates(rules, people, 3000, 11)
    for label, rate in PUBLISHED.items():
        assert rates[label] == pytest.approx(rate, abs=0.01), label
    assert people_table(rules, sound_caution(rules), deals=3000, seed=11) == people  # seeded


def test_calibration_hits_the_human_rates_on_its_own_deals() -> None:
    sound = sound_caution(Rules())
    cautious = calibrate(Rules(), sound, deals=800, seed=7)
    rates = calling_rates(Rules(), cautious, 800, 7)
    for label, rate in HUMAN.items():
        assert rates[label] == pytest.approx(rate, abs=0.03), label
    # three players: no published figures, so the sound table plus 0.4 everywhere
    cutthroat = PRESETS["Cutthroat (3 players)"]
    assert calibrate(cutthroat, sound_caution(cutthroat), deals=50) == pytest.approx(
        tuple(c + 0.4 for c in sound_caution(cutthroat))
    )


def test_other_rules_take_the_nearest_preset() -> None:
    assert preset_for(Rules(target=5)) == "Standard (North America)"  # the target does not change bidding
    assert preset_for(Rules(players=3, deck=32)) == "Cutthroat (3 players)"
    assert preset_for(Rules(players=2)) == "Two-handed"  # the only two-player preset
    assert preset_for(Rules(stick_the_dealer=True, defend_alone=True)) == "Railroad (defend alone)"
    assert sound_caution(Rules(target=7)) == sound_caution(Rules())


def test_tables_differ_as_documented() -> None:
    assert TABLES[0] == "people"  # the default, first everywhere the tables are listed
    people, sound, cautious, eager = (table_for(s, Rules()) for s in TABLES)
    assert eager.caution == ()
    assert people.caution == people_caution(Rules()) != sound.caution
    assert cautious.caution == cautious_caution(Rules())
    assert all(
        c >= s for c, s in zip(cautious.caution, sound.caution, strict=True)
    )  # it wants more everywhere
    with pytest.raises(
        UnknownTable,
        match="'bold' is not a table the analyzer knows; choose one of: people, sound, cautious, eager",
    ):
        table_for("bold", Rules())


def test_a_table_is_a_value_its_name_words_and_numbers() -> None:
    from engine.analysis.tables import TABLE_WORDS, Table

    rules = Rules(stick_the_dealer=True)
    for name in TABLES:
        table = table_for(name, rules)
        assert isinstance(table, Table) and table.name == name and table.words == TABLE_WORDS[name]
        assert table == table_for(name, rules)  # a value: the same name and rules, the same table
        assert table.player() == ClubPlayer(caution=table.caution)  # where a player is stepped in Python
    assert table_for("eager", rules).caution == ()
    assert table_for("people", rules).caution == people_caution(rules)
    assert len(table_for("sound", rules).caution) == 16  # a call and an alone margin, 4 seats, 2 rounds
    with pytest.raises(ValueError, match="'bold' is not a table"):  # UnknownTable is a ValueError
        table_for("bold", rules)


def test_best_caution_picks_the_threshold_that_earns_most() -> None:
    # Worked by hand: calling pays (+2) only with strength 3 or 4; with a base threshold of 2.0 any
    # threshold in (2, 3] is best, and the smallest caution on the 0.05 grid that gets there is 0.05.
    strength = np.array([1.0, 2.0, 3.0, 4.0, np.nan])
    ev_call = np.array([-1.0, -1.0, 2.0, 2.0, np.nan])
    ev_pass = np.zeros(5)
    assert best_caution(strength, ev_call, ev_pass, 2.0) == pytest.approx(0.05)
    # ...and when calling always pays, the threshold drops to the lowest strength (caution -1.0)
    assert best_caution(strength, np.full(5, 1.0), ev_pass, 2.0) == pytest.approx(-1.0)


def test_the_alone_threshold_is_fitted_too() -> None:
    # Worked by hand, one column: five hands call (strength 2.5 each, base 2.0, calling earns +1,
    # passing 0); three of them may also go alone, with alone estimates 3.0, 3.5 and 4.0, where
    # going alone earns -1, +3 and +3. So the best alone threshold lies in (3.0, 3.5]: the alone
    # caution nearest 0 on the 0.1 grid (ALONE_THRESHOLD 3.8) that gets there is -0.3.
    nan = np.nan
    col = np.array
    rec = Records(
        strength=col([[2.5]] * 5),
        alone_est=col([[3.0], [3.5], [4.0], [nan], [nan]]),
        ev_call=col([[1.0]] * 5),
        ev_pass=col([[0.0]] * 5),
        ev_alone=col([[-1.0], [3.0], [3.0], [nan], [nan]]),
    )
    assert best_alone(rec, 0, 2.0, 0.0) == pytest.approx(-0.3)
    # ...going alone at -0.3 earns 1 + 3 + 3 + 1 + 1 = 9 against 5 + 2 (the 4.0 hand alone at 3.8):
    # a gain of 2 on one of five deals, inside two standard errors of the paired gain, so the
    # fit would not move the threshold on this evidence alone
    now, better = values(rec, 0, 2.0, 0.0, 0.0), values(rec, 0, 2.0, 0.0, -0.3)
    assert better.sum() == pytest.approx(9.0) and now.sum() == pytest.approx(7.0)
    assert not gains_clearly(better, now)
    assert gains_clearly(np.tile(better, 40), np.tile(now, 40))  # the same gain on 200 deals is clear
    # ...when going alone never pays, the threshold goes just above the best estimate (4.0): +0.3
    rec = Records(rec.strength, rec.alone_est, rec.ev_call, rec.ev_pass, col([[-2.0]] * 3 + [[nan]] * 2))
    assert best_alone(rec, 0, 2.0, 0.0) == pytest.approx(0.3)
    # ...and the call threshold is fitted with the loners held: the hands that go alone (4.0 at
    # caution 0) score the same whatever the call threshold says
    rec = Records(
        col([[1.0], [2.0], [3.0], [4.0]]),
        col([[nan], [nan], [nan], [4.0]]),
        col([[-1.0], [-1.0], [2.0], [0.0]]),
        col([[0.0]] * 4),
        col([[nan], [nan], [nan], [4.0]]),
    )
    assert best_call(rec, 0, 2.0, 0.0) == pytest.approx(0.05)  # calls from just above 2.0: only the 3.0 hand


def test_records_hold_the_seat_that_decides() -> None:
    rules = Rules()
    states = make_deals(rules, 200, 3)
    rec = records(states, rules, (0.0,) * 8)
    assert roles(rules) == [2, 4, 6, 0, 3, 5, 7, 1]
    assert np.isnan(rec.strength[:, 2]).sum() == 0  # first seat always speaks in round 1
    reached = ~np.isnan(rec.strength)
    assert (reached == ~np.isnan(rec.ev_call)).all() and (reached == ~np.isnan(rec.ev_pass)).all()
    for ev in (rec.ev_call, rec.ev_pass):
        assert np.abs(ev[reached]).max() <= 4  # points a hand
    may = ~np.isnan(rec.alone_est)
    assert (may == ~np.isnan(rec.ev_alone)).all() and (may <= reached).all() and may.any()
    assert set(np.unique(rec.ev_alone[may])) <= {-4.0, -2.0, 1.0, 2.0, 4.0}  # a loner's results, net
    # every hand that may go alone holds the top trump: the right bower of the suit it would make
    assert (rec.alone_est[may] >= 1.0).all()


def test_close_call_when_the_tables_disagree() -> None:
    view = question("JD JH AD 9C TS", "QD", "first").view()
    r = analyze_robust(view, 1, time_budget=None, max_samples=2000, ceiling=False)
    assert set(r.by_table) == set(TABLES)
    bests = {a.recommendation for a in r.by_table.values()}
    assert r.close_call == (len(bests) > 1 or r.analysis.margin_ci[0] <= 0)
    if len(bests) > 1:
        assert r.reason.startswith("Against ")


def test_with_a_score_the_close_call_speaks_of_the_chance_of_winning() -> None:
    """At 8-9 the options are ranked by the chance of winning the game, so a close call names
    that figure for both options, not points a hand (which may rank them the other way)."""
    q = question("JD AD KD QS 9C", "TD", "third", score="8,9")
    r = analyze_robust(q.view(), 1, score=q.score, time_budget=None, max_samples=1500, ceiling=False)
    assert r.analysis.by_win_chance
    if r.reason.startswith("Against "):
        assert "chance of winning" in r.reason and "points a hand" not in r.reason
        other = next(s for s, a in r.by_table.items() if a.recommendation != r.analysis.recommendation)
        theirs = r.by_table[other].option(r.by_table[other].recommendation).realistic.win_delta
        base = r.by_table[other].base_win
        assert theirs is not None and base is not None
        assert f"({100 * (base + theirs):.1f}% against " in r.reason  # a chance of winning, without a sign


# no trump, no ace, first seat (the analyze command's question)
FIRST_SEAT = ("--hand", "9C TD QH KS 9S", "--upcard", "AC", "--seat", "first")


def test_cli_reports_every_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*FIRST_SEAT, "--samples", "400", "--no-ceiling", "--json", "--opponents", "eager"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["tables"] == ["eager", "people", "sound", "cautious"] and out["table"] == "eager"
    assert out["styles"] == out["tables"] and out["opponents"] == "eager"  # the older names stay
    assert isinstance(out["close_call"], bool)
    assert all(set(o["ev_by_table"]) == set(TABLES) == set(o["ev_by_style"]) for o in out["options"])
    assert out["recommendation"] == out["recommendation_by_table"]["eager"]
    assert out["recommendation_by_style"] == out["recommendation_by_table"]
    # no trump, no ace, first seat: every table passes (docs/rules.md §6; any strategy guide)
    assert set(out["recommendation_by_style"].values()) == {"pass"}


def test_cli_refuses_an_unknown_table(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*FIRST_SEAT, "--opponents", "bold"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--opponents" in err[0] and "people" in err[0] and "sound" in err[0]


def test_same_seed_same_figures() -> None:
    view = question("AD KD 9C TC QC", "KC", "first").view()
    a = analyze_robust(view, 5, time_budget=None, max_samples=1000, ceiling=False)
    b = analyze_robust(view, 5, time_budget=None, max_samples=1000, ceiling=False)
    assert [o.realistic.ev for o in a.analysis.options] == [o.realistic.ev for o in b.analysis.options]


def test_after_a_pass_every_deal_ends_one_way_for_one_side() -> None:
    """Your side makes it or is euchred, the other side makes it or is euchred, or nobody names
    trump: five outcomes that split every deal, so their shares add up to one."""
    view = question("9C TD QS KD 9S", "9H", "first").view()
    r = analyze_robust(view, 3, time_budget=None, max_samples=1000, ceiling=False)
    s = next(o for o in r.analysis.options if str(o.action) == "pass").realistic
    parts = (s.p_we_make_it, s.p_we_make - s.p_we_make_it, s.p_they_make_it, s.p_they_euchred, s.p_thrown_in)
    assert all(p >= 0 for p in parts) and sum(parts) == pytest.approx(1.0)
    order = next(o for o in r.analysis.options if str(o.action) == "order").realistic
    assert order.p_they_make_it == 0 and order.p_we_make == pytest.approx(
        1.0
    )  # ordering makes you the makers


def test_a_small_fit_is_seeded_and_has_both_kinds_of_threshold(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.study import studies
    from engine.study.studies import fit_preset

    # the people table's auctions: 100,000 deals in a real fit (about 30 s); a small fit here
    monkeypatch.setattr(studies, "PEOPLE_DEALS", 5_000)
    first = fit_preset("Standard (North America)", 300, 400, 2, 5)["entry"]
    again = fit_preset("Standard (North America)", 300, 400, 2, 5)["entry"]
    assert first["caution"] == again["caution"] and first["calling_rates"] == again["calling_rates"]
    assert first["cautious"] == again["cautious"] and len(first["cautious"]) == 16
    assert first["people"] == again["people"] and len(first["people"]) == 16
    assert len(first["caution"]) == 16
    assert "dealer, round 1: alone per hand" in first["calling_rates"]
    rates = first["calling_rates"]
    for label in ("dealer, round 1", "first seat, round 2"):  # going alone is one way of calling
        assert 0 <= rates[f"{label}: alone per hand"] <= rates[f"{label}: per hand"] <= 1
    # cutthroat has no partners, so nobody goes alone: its alone cautions stay at 0
    assert fit_preset("Cutthroat (3 players)", 300, 300, 1, 5)["entry"]["caution"][8:] == [0.0] * 8


def test_the_text_output_says_what_the_other_tables_are(capsys: pytest.CaptureFixture[str]) -> None:
    args = [*FIRST_SEAT, "--samples", "200", "--no-ceiling"]
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    legend = [line for line in lines if line.startswith("(A table of strong players")]
    assert legend == [
        "(A table of strong players calls whenever the cards make it pay against players as strong "
        "as themselves; a cautious table calls only on a clearly strong hand; a table of eager "
        "bidders calls on light hands, as our club player does.)"
    ]
    assert any("points: against a table of people" in line for line in lines)  # the default table
    assert main([*args, "--opponents", "cautious"]) == 0
    legend = [line for line in capsys.readouterr().out.splitlines() if line.startswith("(A table of people")]
    assert len(legend) == 1 and "eager bidders" in legend[0] and "cautious" not in legend[0]


def _seat_holds(states: np.ndarray, row: int, seat: int, cards: str) -> None:
    for i, c in enumerate(parse_cards(cards)):
        states[row, S_HANDS + 5 * seat + i] = card_code(c)


def test_a_finer_cell_sees_the_bowers_and_aces_a_seat_holds() -> None:
    states = make_deals(Rules(), 3, 1)
    states[:, S_DEALER] = 2
    states[0, S_UPCARD] = card_code(parse_cards("TC")[0])
    _seat_holds(states, 0, 3, "JC JS AC AD AH")  # first seat (left of the dealer)
    _seat_holds(states, 0, 0, "9D JD QS KH AS")  # the dealer's partner
    states[1, S_UPCARD] = card_code(parse_cards("QH")[0])
    _seat_holds(states, 1, 3, "JD 9H TS AS AC")
    _seat_holds(states, 1, 0, "JH 9C TC QC KD")
    # right 1 + left 2 + 4 per off ace, at most two: the ace of trump is a trump, not an off ace
    assert list(bowers_and_aces(states, 4, 1, 0)[:2]) == [1 + 2 + 4 * 2, 2 + 4 * 2]
    assert list(bowers_and_aces(states, 4, 2, 0)[:2]) == [4 * 1, 1]
    assert not bowers_and_aces(states, 4, 1, 1).any()  # round 2: no trump to count bowers of
    _seat_holds(states, 2, 0, "JC JS 9C AD AH")  # three players: first seat is left of the dealer
    states[2, S_DEALER], states[2, S_UPCARD] = 2, card_code(parse_cards("KS")[0])
    assert bowers_and_aces(states, 3, 1, 0)[2] == 1 + 2 + 4 * 2


def test_a_split_that_tells_nothing_new_leaves_exploitability_as_it_is() -> None:
    rules, caution = Rules(), sound_caution(Rules())

    def nothing(states: np.ndarray, players: int, rel: int, rnd: int) -> np.ndarray:
        return np.zeros(states.shape[0], dtype=np.int64)

    assert exploitability(rules, caution, 1500, 4, split=nothing) == exploitability(rules, caution, 1500, 4)
