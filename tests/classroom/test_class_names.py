"""Class names as a room reads them (issue 39, item 12): two pupils never look the same, a name is
seen, an emoji sequence stays whole, and a refused name says what was wrong and what a name may be.

The look-alike choice (store.classes, the notes above BLANK_LOOKING): a name mixing Latin, Cyrillic
and Greek letters is refused; names are compared after NFKC, case folding and a small skeleton that
reads Cyrillic and Greek look-alikes as Latin letters."""

from __future__ import annotations

from pathlib import Path

import pytest

from store import classes as c


@pytest.fixture
def db(any_db: Path) -> Path:
    return any_db


FAMILY = "\U0001f469\u200d\U0001f469\u200d\U0001f467"  # 👩‍👩‍👧: five code points, one emoji
CODER = "\U0001f469\U0001f3fd\u200d\U0001f4bb"  # 👩🏽‍💻: a skin tone and a joiner
SCOTLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"  # a flag of tag letters


@pytest.mark.parametrize(
    "typed",
    [
        "\u3164",
        "\u2800",
        "\u115f\u1160",
        "\uffa0",
        "\u200b\u200d\u2060",
        "\u0301\u0301",
        "\u3164 \u2800",
        "\ufeff",
    ],
)
def test_an_invisible_name_is_refused_with_what_a_name_may_be(typed: str) -> None:
    with pytest.raises(c.BadName, match="type your first name with letters"):
        c.clean_name(typed)


def test_an_empty_name_says_how_long_a_name_may_be() -> None:
    with pytest.raises(c.BadName, match=r"type your first name \(1 to 20 characters\)"):
        c.clean_name("   ")


@pytest.mark.parametrize("typed", ["\u0410nn", "B\u0435n", "Alexis \u0391", "\u03a4om"])
def test_a_name_mixing_latin_with_cyrillic_or_greek_look_alikes_is_refused(typed: str) -> None:
    with pytest.raises(c.BadName, match="mix .* letters, which look alike .* letters of one alphabet"):
        c.clean_name(typed)


@pytest.mark.parametrize(
    "typed",
    [
        "\u0410\u043d\u043d\u0430",
        "\u0391\u03bb\u03ad\u03be\u03b7\u03c2",
        "Zo\u00eb",
        "\u674e\u96f7",
        "\u0639\u0644\u06cc\u200c\u0631\u0636\u0627",
    ],
)
def test_names_of_one_alphabet_are_kept_as_typed(typed: str) -> None:
    assert c.clean_name(typed) == typed  # Анна, Αλέξης, Zoë, 李雷, علی‌رضا (its non-joiner kept)


@pytest.mark.parametrize("typed", [FAMILY, CODER, SCOTLAND, f"Ada {FAMILY}", "\u2764\ufe0f\u200d\U0001f525"])
def test_an_emoji_sequence_stays_one_whole_name(typed: str) -> None:
    assert c.clean_name(typed) == typed
    assert c.clean_name(f"  {typed}\n") == typed


def test_invisible_and_direction_characters_are_dropped_not_made_spaces() -> None:
    assert c.clean_name("A\u200dnn") == "Ann"  # a joiner between letters: dropped, not "A nn"
    assert c.clean_name("\u202eAnn\u202c") == "Ann"  # a right-to-left override cannot reorder a name
    assert c.clean_name("Ann\u3164") == "Ann"  # a Hangul filler is blank: trimmed like a space
    assert c.clean_name("Ada\nLovelace") == "Ada Lovelace"


def test_a_long_emoji_counts_as_one_character() -> None:
    assert c.clean_name(FAMILY * 20) == FAMILY * 20
    with pytest.raises(c.BadName, match="at most 20 characters; yours has 21"):
        c.clean_name(FAMILY * 21)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ann", "ANN"),
        ("Ann", "ann"),
        ("Zo\u00eb", "Zoe\u0308"),  # case twins; NFC and NFD
        ("Ann", "\uff21\uff4e\uff4e"),
        ("Ann", "\U0001d400nn"),  # fullwidth Ａｎｎ, bold 𝐀nn
        ("Bob", "\u0412\u041e\u0412"),  # ВОВ: Cyrillic letters only, drawn as BOB
        ("Ann", "A\u200dnn"),
        ("Ann", "Ann\u3164"),
        ("Stra\u00dfe", "STRASSE"),
    ],
)
def test_names_that_look_the_same_are_one_pupil(db: Path, first: str, second: str) -> None:
    code, _ = c.start_class(now=0.0, path=db)
    c.join(code, first, now=1.0, path=db)
    with pytest.raises(c.BadName, match="already called .* add an initial"):
        c.join(code, second, now=2.0, path=db)
    assert len(c.pupils(code, path=db)) == 1


def test_names_are_stored_composed(db: Path) -> None:
    code, _ = c.start_class(now=0.0, path=db)
    token = c.join(code, "Zoe\u0308", now=1.0, path=db)
    assert c.pupil(code, token, path=db).name == "Zo\u00eb"
