"""``python -m engine replay``: every rule option through the command line, with hand-worked records.

All records of this module go through one run of the CLI (JSON Lines on stdin); a few more
runs check a file argument, a single pretty-printed record and the exit codes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def rec(rules: dict[str, Any], dealer: int, hands: list[str], upcard: str, actions: str) -> dict[str, Any]:
    return {
        "rules": rules,
        "dealer": dealer,
        "hands": [h.split() for h in hands],
        "upcard": upcard,
        "actions": [a.strip() for a in actions.split(",") if a.strip()],
    }


def run_cli(text: str, *args: str) -> tuple[int, list[dict[str, Any]], str]:
    out = subprocess.run(
        [sys.executable, "-m", "engine", "replay", *(args or ("-",))],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    return out.returncode, [json.loads(line) for line in out.stdout.splitlines()], out.stderr


# ---- the records, each worked by hand -------------------------------------------------------

ALONE = ["AS KS QS AC KC", "JH JD AH KH QH", "TH AD KD QD TD", "9S TS JS 9C TC"]
DEALER_PARTNER = ["AC KC QC TC 9C", "AH KH QH AD KD", "JS JC AS KS QS", "TH 9H QD TD 9D"]
DEFEND = ["9C TC QC 9S TS", "AH KH AS AC AD", "JH JD QH TH KS", "9D TD QD KD KC"]
JOKER_UP = ["9C TC QC 9S TS", "AH KH QH AD KD", "9H TH JC QS KS", "JH JD AC KC AS"]
PICKUP = ["9C TC QC 9S TS", "AS AH KH QH AD", "KS QS JS AC KC", "JH JD TH KD QD"]
TWO = ["TH 9H AC KC QC", "JH JD AH KH QH"]
THREE = ["AS KS AC KC AD", "JH JD AH KH QH", "9C TC QC 9S TS"]

RECORDS: dict[str, dict[str, Any]] = {
    # West (1) orders up alone; East (3) sits out; the dealer picks up 9H and buries KC.
    # West leads the five top hearts and takes every trick: a lone march, 4 points.
    "alone": rec(
        {},
        0,
        ALONE,
        "9H",
        "order alone, discard KC, play JH, play TH, play 9H, play JD, play AD, "
        "play AS, play AH, play KD, play KS, play KH, play QD, play QS, play QH, play TD, play AC",
    ),
    # North (2), the dealer's partner, orders alone: the dealer sits out and does not pick up,
    # so there is no discard and West leads at once. North wins all five: 4 points.
    "dealer_partner_alone": rec(
        {},
        0,
        DEALER_PARTNER,
        "9S",
        "pass, order alone, play AH, play QS, play TH, "
        "play JS, play 9D, play AD, play JC, play QD, play KD, play AS, play TD, "
        "play KH, play KS, play 9H, play QH",
    ),
    # West orders alone, the dealer discards, North defends alone (South sits out) and takes
    # every trick: a lone defender euchres a lone maker, 4 points.
    "defend_alone": rec(
        {"defend_alone": True},
        0,
        DEFEND,
        "9H",
        "order alone, discard 9C, defend alone, "
        "play AH, play JH, play JD, play KH, play QH, play AS, play TH, play AC, play KS, play AD",
    ),
    # North passes the defend-alone choice; the other defender (South, the dealer) is asked next.
    "defend_alone_incomplete": rec({"defend_alone": True}, 0, DEFEND, "9H", "order alone, discard 9C, pass"),
    # North, the dealer's partner, alone: with left_of_loner East leads (West by default).
    "loner_lead": rec({"lone_lead": "left_of_loner"}, 0, DEALER_PARTNER, "9S", "pass, order alone"),
    "loner_lead_default": rec({}, 0, DEALER_PARTNER, "9S", "pass, order alone"),
    # West alone: with left_of_loner North leads (East sits out); by default West leads.
    "loner_lead_west": rec({"lone_lead": "left_of_loner"}, 0, ALONE, "9H", "order alone, discard KC"),
    "loner_lead_west_default": rec({}, 0, ALONE, "9H", "order alone, discard KC"),
    # The joker turned up: no bidding, the dealer names hearts and takes the joker. West leads
    # AH; South holds the joker as its only heart and must play it.
    "joker_up": rec({"joker": True}, 0, JOKER_UP, "JOKER", "name H, discard 9C, play AH, play 9H, play JD"),
    # Stick the dealer: after seven passes the dealer must name a suit other than hearts.
    "stick": rec({"stick_the_dealer": True}, 0, ALONE, "9H", "pass, pass, pass, pass, pass, pass, pass"),
    "stick_pass": rec(
        {"stick_the_dealer": True}, 0, ALONE, "9H", "pass, pass, pass, pass, pass, pass, pass, pass"
    ),
    # Everyone passes twice: thrown in, complete, nobody scores.
    "thrown_in": rec({}, 0, ALONE, "9H", "pass, pass, pass, pass, pass, pass, pass, pass"),
    # optional_pickup: the dealer declines; hearts are trump anyway and 9H never reaches South.
    "decline": rec({"optional_pickup": True}, 0, PICKUP, "9H", "order, decline, play AS, play KS, play KD"),
    "decline_refused": rec({}, 0, PICKUP, "9H", "order, decline"),
    # discard_upcard: the dealer buries the upcard itself and keeps the dealt hand.
    "bury_upcard": rec(
        {"discard_upcard": True}, 0, PICKUP, "9H", "order, discard 9H, play AS, play KS, play KD"
    ),
    "bury_upcard_refused": rec({}, 0, PICKUP, "9H", "order, discard 9H"),
    # Two players: North leads the five top hearts, South follows twice then throws clubs.
    "two_players": rec(
        {"players": 2},
        0,
        TWO,
        "9S",
        "pass, pass, call H, play JH, play TH, play JD, play 9H, "
        "play AH, play AC, play KH, play KC, play QH, play QC",
    ),
    # Cutthroat: East calls hearts without a heart; West takes all five; both defenders score 2.
    "cutthroat_euchre": rec(
        {"players": 3},
        0,
        THREE,
        "9D",
        "pass, pass, pass, pass, call H, "
        "play JH, play 9C, play AS, play JD, play TC, play KS, play AH, play QC, play AC, "
        "play KH, play 9S, play KC, play QH, play TS, play AD",
    ),
    # Cutthroat: West calls hearts and marches: 3 points to West alone.
    "cutthroat_march": rec(
        {"players": 3},
        0,
        THREE,
        "9D",
        "pass, pass, pass, call H, "
        "play JH, play 9C, play AS, play JD, play TC, play KS, play AH, play QC, play AC, "
        "play KH, play 9S, play KC, play QH, play TS, play AD",
    ),
    # Bad input: each an error record with the step.
    "duplicate": rec(
        {}, 0, ["AS KS QS AC KC", "JH JD AH KH QH", "TH AD KD QD TD", "9S TS JS 9C AS"], "9H", ""
    ),
    "unknown_rule": rec({"jokers": True}, 0, ALONE, "9H", ""),
    "illegal": rec({}, 0, ALONE, "9H", "order alone, discard KC, play JH, play AD"),
    "unparsable": rec({}, 0, ALONE, "9H", "pass, fly"),
    "joker_without_rule": rec({}, 0, JOKER_UP, "JOKER", ""),
}


@pytest.fixture(scope="module")
def results() -> dict[str, dict[str, Any]]:
    text = "\n".join(json.dumps(r) for r in RECORDS.values()) + "\n"
    code, lines, _ = run_cli(text)
    assert code == 2  # some records are errors
    assert len(lines) == len(RECORDS)
    return dict(zip(RECORDS, lines, strict=True))


def seats_that_played(result: dict[str, Any]) -> set[int]:
    return {seat for t in result["tricks"] for seat, _ in t["plays"]}


def test_going_alone_partner_sits_out(results: dict[str, dict[str, Any]]) -> None:
    r = results["alone"]
    assert (r["trump"], r["maker"], r["alone"], r["complete"]) == ("H", 1, True, True)
    assert r["steps"][0] == {"seat": 1, "legal": ["pass", "order", "order alone"], "action": "order alone"}
    assert r["steps"][1]["seat"] == 0 and r["steps"][1]["legal"] == [
        "discard AS",
        "discard KS",
        "discard QS",
        "discard AC",
        "discard KC",
    ]  # not the upcard
    assert seats_that_played(r) == {0, 1, 2}
    assert [t["winner"] for t in r["tricks"]] == [1] * 5 and r["tricks"][0]["leader"] == 1
    assert r["tricks"][0]["plays"] == [[1, "JH"], [2, "TH"], [0, "9H"]]
    assert r["points"] == [0, 4, 0, 4]  # lone march


def test_dealers_partner_alone_dealer_sits_out_and_does_not_pick_up(
    results: dict[str, dict[str, Any]],
) -> None:
    r = results["dealer_partner_alone"]
    assert (r["trump"], r["maker"], r["alone"]) == ("S", 2, True)
    assert r["steps"][2]["seat"] == 1  # straight to the lead: no discard
    assert r["steps"][2]["legal"] == ["play AH", "play KH", "play QH", "play AD", "play KD"]
    assert all(s["action"].split()[0] != "discard" for s in r["steps"])
    assert seats_that_played(r) == {1, 2, 3}
    assert r["tricks"][0]["plays"] == [[1, "AH"], [2, "QS"], [3, "TH"]]
    assert r["tricks"][1]["plays"] == [[2, "JS"], [3, "9D"], [1, "AD"]]
    assert [t["winner"] for t in r["tricks"]] == [2] * 5
    assert r["points"] == [4, 0, 4, 0]


def test_defend_alone(results: dict[str, dict[str, Any]]) -> None:
    r = results["defend_alone"]
    assert (r["maker"], r["alone"], r["lone_defender"]) == (1, True, 2)
    assert r["steps"][2] == {"seat": 2, "legal": ["pass", "defend alone"], "action": "defend alone"}
    assert seats_that_played(r) == {1, 2}
    assert r["tricks"][0]["leader"] == 1 and [t["winner"] for t in r["tricks"]] == [2] * 5
    assert r["points"] == [4, 0, 4, 0]  # a lone defender euchres a lone maker: 4
    pending = results["defend_alone_incomplete"]
    assert pending["complete"] is False and pending["to_act"] == 0
    assert pending["legal"] == ["pass", "defend alone"] and pending["points"] == [0, 0, 0, 0]


def test_lone_lead_left_of_loner(results: dict[str, dict[str, Any]]) -> None:
    assert results["loner_lead"]["to_act"] == 3
    assert results["loner_lead"]["legal"] == ["play TH", "play 9H", "play QD", "play TD", "play 9D"]
    assert results["loner_lead_default"]["to_act"] == 1
    assert results["loner_lead_west"]["to_act"] == 2
    assert results["loner_lead_west_default"]["to_act"] == 1


def test_joker_turned_up(results: dict[str, dict[str, Any]]) -> None:
    r = results["joker_up"]
    assert r["steps"][0]["seat"] == 0 and r["steps"][0]["legal"] == [
        f"name {s}{a}" for s in "CDHS" for a in ("", " alone")
    ]
    assert r["steps"][1]["legal"] == ["discard 9C", "discard TC", "discard QC", "discard 9S", "discard TS"]
    assert (r["trump"], r["maker"], r["alone"]) == ("H", 0, False)
    assert r["steps"][2]["seat"] == 1
    assert r["to_act"] == 0 and r["legal"] == ["play JOKER"]  # the joker is South's only heart


def test_stick_the_dealer(results: dict[str, dict[str, Any]]) -> None:
    r = results["stick"]
    assert r["to_act"] == 0 and r["steps"][4]["legal"][0] == "pass"
    assert r["legal"] == ["call C", "call C alone", "call D", "call D alone", "call S", "call S alone"]
    err = results["stick_pass"]
    assert err["step"] == 7 and "pass is not legal for seat 0" in err["error"]


def test_thrown_in_hand(results: dict[str, dict[str, Any]]) -> None:
    r = results["thrown_in"]
    assert r["complete"] is True and r["points"] == [0, 0, 0, 0]
    assert r["trump"] is None and r["maker"] is None and r["tricks"] == []
    assert r["steps"][4]["legal"] == [
        "pass",
        "call C",
        "call C alone",
        "call D",
        "call D alone",
        "call S",
        "call S alone",
    ]


def test_optional_pickup_decline(results: dict[str, dict[str, Any]]) -> None:
    r = results["decline"]
    assert r["steps"][1]["legal"][-1] == "decline" and r["trump"] == "H"
    assert r["steps"][2]["seat"] == 1  # West leads
    assert r["to_act"] == 0 and r["legal"] == ["play 9S", "play TS"]
    bad = results["decline_refused"]
    assert bad["step"] == 1 and "decline is not legal" in bad["error"]


def test_discard_upcard(results: dict[str, dict[str, Any]]) -> None:
    r = results["bury_upcard"]
    assert r["steps"][1]["legal"] == [
        "discard 9C",
        "discard TC",
        "discard QC",
        "discard 9S",
        "discard TS",
        "discard 9H",
    ]
    assert r["to_act"] == 0 and r["legal"] == ["play 9S", "play TS"]
    bad = results["bury_upcard_refused"]
    assert bad["step"] == 1 and "discard 9H is not legal for seat 0" in bad["error"]


def test_two_players(results: dict[str, dict[str, Any]]) -> None:
    r = results["two_players"]
    assert r["steps"][0] == {"seat": 1, "legal": ["pass", "order"], "action": "pass"}
    assert r["steps"][2]["legal"] == ["pass", "call C", "call D", "call H"]
    assert [t["winner"] for t in r["tricks"]] == [1] * 5 and r["points"] == [0, 2]


def test_three_players(results: dict[str, dict[str, Any]]) -> None:
    r = results["cutthroat_euchre"]
    assert r["maker"] == 2 and r["alone"] is False
    assert r["tricks"][0]["plays"] == [[1, "JH"], [2, "9C"], [0, "AS"]]
    assert [t["winner"] for t in r["tricks"]] == [1] * 5
    assert r["points"] == [2, 2, 0]  # each defender scores 2
    march = results["cutthroat_march"]
    assert march["maker"] == 1 and march["points"] == [0, 3, 0]
    assert march["steps"][0]["legal"] == ["pass", "order"]


def test_error_records(results: dict[str, dict[str, Any]]) -> None:
    assert results["duplicate"] == {"error": "AS is dealt twice (a card appears twice)", "step": None}
    assert results["unknown_rule"]["step"] is None and "'jokers'" in results["unknown_rule"]["error"]
    illegal = results["illegal"]
    assert illegal["step"] == 3
    assert illegal["error"] == "play AD is not legal for seat 2 now; legal: play TH"
    assert results["unparsable"]["step"] == 1 and "'fly' is not an action" in results["unparsable"]["error"]
    assert results["joker_without_rule"]["step"] is None
    assert "joker rule" in results["joker_without_rule"]["error"]


def test_file_argument_single_record_and_exit_codes(tmp_path: Path) -> None:
    good = tmp_path / "hand.json"
    good.write_text(json.dumps(RECORDS["alone"], indent=2))  # one pretty-printed JSON record
    code, lines, _ = run_cli("", str(good))
    assert code == 0 and len(lines) == 1 and lines[0]["points"] == [0, 4, 0, 4]
    lines_file = tmp_path / "hands.jsonl"
    lines_file.write_text(json.dumps(RECORDS["thrown_in"]) + "\n\n{not json\n[1, 2]\n")
    code, lines, _ = run_cli("", str(lines_file))
    assert code == 2 and lines[0]["complete"] is True
    assert lines[1]["step"] is None and lines[1]["error"].startswith("line 3 is not valid JSON")
    assert lines[2] == {"error": "line 4 is not a JSON object", "step": None}
    code, lines, err = run_cli("", str(tmp_path / "missing.json"))
    assert code == 2 and lines == [] and "cannot read" in err
    code, lines, err = run_cli("   \n")
    assert code == 2 and "no records found" in err


def test_warm_up_builds_the_compiled_code_and_says_so() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "warm-up"], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert lines[0].startswith("Building or loading the compiled engine") and "Cache: " in lines[0]
    assert any("the solver" in line for line in lines) and any("deal loop" in line for line in lines)
    assert lines[-1].startswith("Ready in ")
    assert Path(lines[0].split("Cache: ")[1]).is_dir()
