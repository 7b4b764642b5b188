"""Deal codes round-trip, and mistyped or tampered codes are refused with a clear message."""

from __future__ import annotations

import base64
import hashlib
import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import RulesError
from engine.core.rules import Rules
from practice.codes import _KEY, DealCode, DealCodeError, decode, encode


def _rules_strategy() -> st.SearchStrategy[Rules]:
    def build(values: tuple[Any, ...]) -> Rules | None:
        players, deck, joker, stick, defend, lone, bury, optional, target, draw, games = values
        try:
            return Rules(
                players=players,
                deck=deck,
                joker=joker,
                stick_the_dealer=stick,
                defend_alone=defend,
                lone_lead=lone,
                discard_upcard=bury,
                optional_pickup=optional,
                target=target,
                draw_for_deal=draw,
                match_games=games,
            )
        except RulesError:
            return None

    fields = st.tuples(
        st.sampled_from([2, 3, 4]),
        st.sampled_from([24, 28, 32]),
        st.booleans(),
        st.booleans(),
        st.booleans(),
        st.sampled_from(["left_of_dealer", "left_of_loner"]),
        st.booleans(),
        st.booleans(),
        st.sampled_from([5, 7, 10]),
        st.booleans(),
        st.sampled_from([1, 3, 5]),
    )
    return fields.map(build).filter(lambda r: r is not None)  # type: ignore[return-value]


@settings(max_examples=300, deadline=None)
@given(rules=_rules_strategy(), seed=st.integers(0, 2**32 - 1), hand=st.integers(0, 255), data=st.data())
def test_every_code_round_trips(rules: Rules, seed: int, hand: int, data: st.DataObject) -> None:
    game = data.draw(st.integers(0, rules.match_games - 1))
    dealer = data.draw(st.one_of(st.none(), st.integers(0, rules.players - 1)))
    code = DealCode(rules, seed, game, hand, dealer)
    text = encode(code)
    assert len(text) == 19 and text.count("-") == 3
    assert decode(text) == code
    assert decode(text.lower().replace("-", " ")) == code


def test_different_deals_get_different_codes() -> None:
    codes = {encode(DealCode(Rules(), seed)) for seed in range(200)}
    codes |= {encode(DealCode(Rules(stick_the_dealer=True), seed)) for seed in range(200)}
    assert len(codes) == 400


def test_every_single_letter_change_is_caught() -> None:
    for code in (
        encode(DealCode(Rules(), 123456)),
        encode(DealCode(Rules(players=3, target=7), 99, 0, 17, 2)),
    ):
        letters = code.replace("-", "")
        for i, new in itertools.product(range(16), "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"):
            if new == letters[i]:
                continue
            tampered = letters[:i] + new + letters[i + 1 :]
            with pytest.raises(DealCodeError):
                decode(tampered)


def _forge(payload: bytes) -> str:
    """A code with a valid checksum around an arbitrary payload (as a tamperer who knew the key)."""
    digest = hashlib.blake2b(payload, digest_size=2, key=_KEY).digest()
    return base64.b32encode(payload + digest).decode()


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        (bytes([0, 3]) + bytes(4) + bytes([0x40, 0]), "garbled"),  # players index 3 does not exist
        (bytes([0x80, 0]) + bytes(4) + bytes([0x40, 0]), "unused bits"),
        (bytes([0, 0x41]) + bytes(4) + bytes([0x40, 0]), "impossible rules"),  # 3 players + defend alone
        (bytes(6) + bytes([0x80, 0]), "version"),
        (bytes(6) + bytes([0x48, 0]), "game 2"),  # game 1 of a single-game match
        (bytes(6) + bytes([0x45, 0]), "dealer seat 4"),
    ],
)
def test_forged_codes_with_impossible_fields_are_refused(payload: bytes, message: str) -> None:
    with pytest.raises(DealCodeError, match=message):
        decode(_forge(payload))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "0 letters"),
        ("ABCD-EFGH", "8 letters"),
        ("ABCD-EFGH-IJKL-MNO!", "contains '!'"),
        ("AAAA-AAAA-AAAA-AAAA", "fails its check"),
    ],
)
def test_malformed_codes_say_what_is_wrong_and_what_is_accepted(text: str, message: str) -> None:
    with pytest.raises(DealCodeError, match=message) as err:
        decode(text)
    assert "16 letters" in str(err.value) or "version" in str(err.value)


def test_look_alike_digits_are_read_as_letters() -> None:
    code = encode(DealCode(Rules(), 2024))
    assert decode(code.replace("O", "0").replace("I", "1")) == decode(code)


# ---- move codes: the learner's decisions in a page link -------------------------------------


def test_every_kind_of_decision_has_a_short_token_and_reads_back() -> None:
    from practice.codes import decode_moves, encode_moves

    decisions = (
        "pass",
        "order",
        "order alone",
        "call H",
        "call S alone",
        "name D",
        "name C alone",
        "discard 9C",
        "decline",
        "defend alone",
        "play JH",
        "play TD",
        "play JOKER",
        "next hand",
    )
    code = encode_moves(decisions)
    assert code == "p.o.oa.cH.cSa.nD.nCa.d9C.x.da.JH.TD.JOKER.n"
    assert decode_moves(code) == (decisions, None)
    assert decode_moves(code.lower()) == (decisions, None)  # any case reads
    assert encode_moves(()) == "" and decode_moves("") == ((), None)


def test_a_move_code_is_url_safe() -> None:
    from urllib.parse import quote

    from practice.codes import encode_moves

    code = encode_moves(("call H alone", "discard JOKER", "play 9S", "next hand", "play 10d"))
    assert quote(code, safe="") == code  # nothing to escape in a link


@pytest.mark.parametrize(
    "text, kept, bad",
    [
        ("p.9S.zz.TC", ("pass", "play 9S"), "'zz'"),
        ("p..9S", ("pass",), "decision 2"),
        ("cX", (), "'cX'"),
        ("dAX.p", (), "'dAX'"),
        ("<b>x</b>", (), "is not a decision"),
    ],
)
def test_a_damaged_move_code_keeps_the_decisions_before_the_damage(
    text: str, kept: tuple[str, ...], bad: str
) -> None:
    from practice.codes import MovesError, decode_moves

    decisions, error = decode_moves(text)
    assert decisions == kept
    assert isinstance(error, MovesError) and bad in str(error)
