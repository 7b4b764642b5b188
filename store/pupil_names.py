"""A pupil's name as the class keeps it: read from what was typed (``clean_name``) and compared by
how it looks (``name_key``). The class's own rules for a name (no digits, a block list) are the join
form's, above the store: ``classroom.names``.

>>> clean_name("  Ada\u200b  Lovelace ")
'Ada Lovelace'
>>> name_key("ВОВ") == name_key("bob")  # Cyrillic letters drawn like Latin ones
True
"""

from __future__ import annotations

import unicodedata

from store.class_errors import BadName

MAX_NAME = 20  # characters as a reader counts them (an emoji sequence is one)
MAX_NAME_CODES = 240  # code points of a name, stored (20 emoji sequences of up to 12)

# A name is shown to the whole room, so two pupils must never look the same and a name must be
# seen at all. ``clean_name`` reads a typed name (NFC; spaces and line breaks collapsed; invisible
# format characters dropped, except the joiners inside an emoji sequence such as 👩‍👩‍👧, which stays
# one name); ``name_key`` is what two names are compared by: compatibility forms folded (NFKC:
# fullwidth and styled letters), case folded, and Cyrillic and Greek letters that look Latin read
# as the Latin letter (a small skeleton, after Unicode TR39). The choice for look-alikes: a name
# whose letters mix Latin, Cyrillic and Greek (Cyrillic "А" in "Аnn") is refused with a message,
# and a name wholly in one of them is compared by the skeleton, so "ВОВ" in Cyrillic letters is
# taken when "Bob" is in the class.

BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")  # letters or symbols drawn as nothing
ZWJ, ZWNJ = "\u200d", "\u200c"
BLACK_FLAG = "\U0001f3f4"  # an emoji flag of a region: the black flag, tag letters, a cancel tag
LOOKALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")
SKELETON = str.maketrans(
    {
        # Cyrillic letters drawn like Latin ones
        "А": "A",
        "В": "B",
        "Е": "E",
        "К": "K",
        "М": "M",
        "Н": "H",
        "О": "O",
        "Р": "P",
        "С": "C",
        "Т": "T",
        "Х": "X",
        "У": "Y",
        "Ѕ": "S",
        "І": "I",
        "Ј": "J",
        "Ԁ": "D",
        "Ԛ": "Q",
        "Ԝ": "W",
        "Ү": "Y",
        "Ӏ": "l",
        "а": "a",
        "е": "e",
        "о": "o",
        "р": "p",
        "с": "c",
        "у": "y",
        "х": "x",
        "ѕ": "s",
        "і": "i",
        "ј": "j",
        "ԁ": "d",
        "һ": "h",
        "ԛ": "q",
        "ԝ": "w",
        "ӏ": "l",
        "ү": "y",
        # Greek letters drawn like Latin ones
        "Α": "A",
        "Β": "B",
        "Ε": "E",
        "Ζ": "Z",
        "Η": "H",
        "Ι": "I",
        "Κ": "K",
        "Μ": "M",
        "Ν": "N",
        "Ο": "O",
        "Ρ": "P",
        "Τ": "T",
        "Υ": "Y",
        "Χ": "X",
        "ο": "o",
        "ν": "v",
        "ι": "i",
        "κ": "k",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
        "α": "a",
    }
)


def _emoji_like(ch: str) -> bool:
    return unicodedata.category(ch) in ("So", "Sk") or ch == "\ufe0f"


def _is_tag(ch: str) -> bool:
    return "\U000e0020" <= ch <= "\U000e007f"


def _script(ch: str) -> str | None:
    """Latin, Cyrillic or Greek for a letter of one of those alphabets, else None."""
    if not unicodedata.category(ch).startswith("L"):
        return None
    name = unicodedata.name(ch, "")
    return next((s for s in LOOKALIKE_SCRIPTS if name.startswith(s + " ")), None)


def _kept_format(text: str, i: int, kept: list[str]) -> bool:
    """Whether the invisible format character ``text[i]`` belongs where it is: a joiner between two
    emoji, a non-joiner between two letters of an alphabet that uses it, a tag of a flag."""
    ch, before = text[i], kept[-1] if kept else ""
    after = text[i + 1] if i + 1 < len(text) else ""
    if ch == ZWJ:
        return bool(before) and bool(after) and _emoji_like(before) and _emoji_like(after)
    if ch == ZWNJ:
        return (
            bool(before)
            and bool(after)
            and unicodedata.category(before).startswith("L")
            and unicodedata.category(after).startswith("L")
            and _script(before) is None
            and _script(after) is None
        )
    return _is_tag(ch) and (before == BLACK_FLAG or _is_tag(before))


def _visible(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LNPS" and ch not in BLANK_LOOKING


def _length(name: str) -> int:
    """The characters a reader counts: an emoji sequence or a letter with its accents is one."""
    count, joined = 0, False
    for ch in name:
        category = unicodedata.category(ch)
        if joined or category.startswith("M") or category == "Cf" or "\U0001f3fb" <= ch <= "\U0001f3ff":
            joined = ch == ZWJ
            continue
        count += 1
    return count


def clean_name(text: str) -> str:
    """A pupil's first name as it is kept and shown (see the notes above ``BLANK_LOOKING``).
    Raises BadName saying what was wrong and what a name may be."""
    raw = unicodedata.normalize("NFC", str(text))
    kept: list[str] = []
    for i, ch in enumerate(raw):
        if unicodedata.category(ch) == "Cf":
            if _kept_format(raw, i, kept):
                kept.append(ch)
        elif ch in BLANK_LOOKING or not ch.isprintable():
            kept.append(" ")
        else:
            kept.append(ch)
    name = " ".join("".join(kept).split())
    if not name:
        if raw.strip():
            raise BadName(
                "that name is only blank or invisible characters: type your first name with letters "
                "(an emoji is fine too)"
            )
        raise BadName(f"type your first name (1 to {MAX_NAME} characters)")
    if not any(_visible(ch) for ch in name):
        raise BadName(
            "that name has no letter, digit or emoji that can be seen: type your first name with letters"
        )
    if _length(name) > MAX_NAME or len(name) > MAX_NAME_CODES:
        raise BadName(f"a name is at most {MAX_NAME} characters; yours has {_length(name)}")
    scripts = sorted({s for s in map(_script, name) if s is not None})
    if len(scripts) > 1:
        raise BadName(
            f"the letters of {name!r} mix {' and '.join(s.title() for s in scripts)} letters, which look "
            "alike and would make two names look the same: type it with the letters of one alphabet"
        )
    return name


def name_key(name: str) -> str:
    """What two names are compared by: the same key, the same-looking name."""
    folded = unicodedata.normalize("NFKC", name.translate(SKELETON)).casefold()
    return unicodedata.normalize("NFKC", folded.translate(SKELETON))


__all__ = ["MAX_NAME", "MAX_NAME_CODES", "clean_name", "name_key"]
