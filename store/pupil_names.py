"""A pupil's name as the class keeps it: read from what was typed (``clean_name``) and compared by
how it looks (``name_key``). The class's own rules for a name (no digits, a block list) are the join
form's, above the store: ``classroom.names``.

>>> clean_name("  Ada\u200b  Lovelace ")
'Ada Lovelace'
>>> name_key("ВОВ") == name_key("bob")  # Cyrillic letters drawn like Latin ones
True
"""

from __future__ import annotations

import re
import string
import unicodedata
from functools import cache

from confusable_homoglyphs.confusables import confusables_data

from store.class_errors import BadName

MAX_NAME = 20  # characters as a reader counts them (an emoji sequence is one)
MAX_NAME_CODES = 240  # code points of a name, stored (20 emoji sequences of up to 12)

# A name is shown to the whole room, so two pupils must never look the same and a name must be
# seen at all. ``clean_name`` reads a typed name (NFC; spaces and line breaks collapsed; invisible
# format characters dropped, except the joiners inside an emoji sequence such as 👩‍👩‍👧, which stays
# one name; at most MAX_MARKS accents on one letter); ``name_key`` is what two names are compared by:
# compatibility forms folded (NFKC: fullwidth and styled letters), case folded, and every letter
# Unicode's confusables data (UTS #39) draws like a Latin letter read as that letter (``latin_look``).
# The choice for look-alikes: a name whose letters mix Latin, Cyrillic and Greek (Cyrillic "А" in
# "Аnn") is refused with a message, and a name wholly in one of them is compared by the skeleton, so
# "ВОВ" in Cyrillic letters is taken when "Bob" is in the class.

BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")  # letters or symbols drawn as nothing
ZWJ, ZWNJ = "\u200d", "\u200c"
BLACK_FLAG = "\U0001f3f4"  # an emoji flag of a region: the black flag, tag letters, a cancel tag
LOOKALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")
# Accents (combining marks) on one letter, as typed (decomposed): a real name needs up to 4 (Hebrew
# with its points: shin, dagesh, shin dot and a vowel; a Burmese consonant with its signs); a
# "Zalgo" name piles dozens on one letter, over the names above and below it on the projector.
MAX_MARKS = 4
# Blocks of Latin letters drawn small or turned (IPA, phonetic, Latin Extended-D/E): their small
# capitals ("ꜰᴜᴄᴋ") are in no confusables pair (a small capital K is drawn like ĸ, not k), so they
# are read by their Unicode name: "LATIN LETTER SMALL CAPITAL F" is F.
_SMALL_CAPITAL_BLOCKS = ((0x0250, 0x02AF), (0x1D00, 0x1DBF), (0xA720, 0xA7FF), (0xAB30, 0xAB6F))
_SMALL_CAPITAL = re.compile(r"LATIN LETTER SMALL CAPITAL ([A-Z])")


@cache
def latin_look() -> dict[int, str]:
    """Every character that Unicode's confusables data (UTS #39's confusables.txt, as the
    confusable-homoglyphs package ships it: no download) draws like a Latin letter, with that letter
    (a ``str.translate`` table); and the small capitals of the Latin blocks (``_SMALL_CAPITAL``).
    A lower-case letter with no pair of its own takes its capital's (Cyrillic к as К, which is K).

    >>> "ꜰᴜᴄᴋ Вов ѕам".translate(latin_look())
    'FucK Bob sam'
    """
    data: dict[str, list[dict[str, str]]] = confusables_data
    out: dict[str, str] = {}
    for letter in string.ascii_letters:  # what is drawn like each Latin letter
        for entry in data.get(letter, ()):
            ch = entry["c"]
            if len(ch) == 1 and not ch.isascii() and (ch not in out or ch.isupper() == letter.isupper()):
                out[ch] = letter
    for ch, entries in data.items():  # and what a Latin letter is drawn like
        targets = [e["c"] for e in entries if len(e["c"]) == 1 and e["c"].isascii() and e["c"].isalpha()]
        if len(ch) == 1 and not ch.isascii() and ch not in out and targets:
            out[ch] = targets[0]
    for low, high in _SMALL_CAPITAL_BLOCKS:
        for code in range(low, high + 1):
            named = _SMALL_CAPITAL.fullmatch(unicodedata.name(chr(code), ""))
            if named:
                out.setdefault(chr(code), named.group(1))
    for ch in list(data):
        capital = ch.upper()
        if len(ch) == 1 and ch not in out and capital != ch and capital in out:
            out[ch] = out[capital].lower()
    return {ord(ch): letter for ch, letter in out.items()}


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


def _most_marks(name: str) -> int:
    """The most accents (combining marks, decomposed as typed: "ệ" has 2) on one letter of ``name``."""
    most = run = 0
    for ch in unicodedata.normalize("NFD", name):
        run = run + 1 if unicodedata.category(ch).startswith("M") else 0
        most = max(most, run)
    return most


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
    marks = _most_marks(name)
    if marks > MAX_MARKS:
        raise BadName(
            f"a letter of a name carries at most {MAX_MARKS} accents; yours has a letter with {marks:,}: "
            "type your first name as you write it"
        )
    length = _length(name)
    if length > MAX_NAME:
        raise BadName(f"a name is at most {MAX_NAME} characters; yours has {length:,}")
    if len(name) > MAX_NAME_CODES:
        raise BadName(
            f"that name is too long to keep: its {length} characters are made of {len(name):,} parts (an "
            f"emoji of many parts counts for more), and a name holds at most {MAX_NAME_CODES}; type a shorter name"
        )
    scripts = sorted({s for s in map(_script, name) if s is not None})
    if len(scripts) > 1:
        raise BadName(
            f"the letters of {name!r} mix {' and '.join(s.title() for s in scripts)} letters, which look "
            "alike and would make two names look the same: type it with the letters of one alphabet"
        )
    return name


def name_key(name: str) -> str:
    """What two names are compared by: the same key, the same-looking name."""
    table = latin_look()
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).translate(table)).casefold()
    return unicodedata.normalize("NFKC", folded.translate(table))


__all__ = ["MAX_MARKS", "MAX_NAME", "MAX_NAME_CODES", "clean_name", "latin_look", "name_key"]
