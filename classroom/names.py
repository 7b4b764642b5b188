"""What a pupil's name may be, beyond what the store reads as a name: the class's name filter.

A name goes onto the projector in front of the whole room, so the join form (and the teacher's
rename) take only a first name made of words: ``check_name`` reads the typed name as the store
does (``store.pupil_names.clean_name``: NFC, invisible characters dropped, look-alike alphabets
refused), then refuses

- a name that is not words (``NotAName``): a word is letters of any alphabet (with their accents),
  joined inside by a hyphen or an apostrophe ("Mary-Jane", "O'Neil") and ending in a full stop at
  most (an initial, "Ada L."); a digit, an underscore or another sign makes a name no word
  ("bot123", "user_7", "Pupil 00", "x@y"), and so does a letter three times in a row ("Aaaaa");
  an emoji stands for a word ("Ada 🦄", "🦊");
- a name holding a word of a short block list (``BlockedName``), compared without case, accents
  or look-alike letters (the store's ``name_key``), with runs of one letter read once ("fuuuck"),
  as whole words, and a few words that are in no first name also inside a longer word.

The message never repeats the blocked word (it would be read out). The filter is a short list,
not a moderator: the teacher can still rename or remove a pupil and lock the class.

>>> check_name("  Mary-Jane  O'Neil ")
"Mary-Jane O'Neil"
>>> check_name("Ada L."), check_name("Zoë"), check_name("Ada 🦄")
('Ada L.', 'Zoë', 'Ada 🦄')
>>> check_name("bot123")
Traceback (most recent call last):
...
classroom.names.NotAName: "bot123" is not a first name (it has a digit): type your first name in letters
"""

from __future__ import annotations

import re
import unicodedata

from store.class_errors import BadName
from store.pupil_names import clean_name, name_key


class NotAName(BadName):
    """A typed name that is not words: digits, signs, a letter many times over."""


class BlockedName(BadName):
    """A name holding a word the class's filter refuses."""


# Whole words refused (compared as ``_plain`` reads them). Kept short: the words a child types to get
# a laugh from the room, and slurs.
BLOCKED = frozenset(
    {
        "arse",
        "arsehole",
        "ass",
        "asshole",
        "bastard",
        "bitch",
        "bollocks",
        "butthole",
        "cock",
        "crap",
        "cum",
        "cunt",
        "dick",
        "dickhead",
        "dildo",
        "fag",
        "faggot",
        "fuck",
        "fucker",
        "hitler",
        "jizz",
        "nazi",
        "nigga",
        "nigger",
        "penis",
        "piss",
        "porn",
        "prick",
        "pussy",
        "rape",
        "rapist",
        "retard",
        "sex",
        "sexy",
        "shit",
        "slut",
        "tit",
        "tits",
        "turd",
        "twat",
        "vagina",
        "wank",
        "wanker",
        "whore",
    }
)
# Refused inside a longer word too: no first name holds them ("shit" is in Kshitij, "ass" in
# Cassandra, "dick" in Dickson, "cunt" in Scunthorpe: those are whole words only).
BLOCKED_INSIDE = ("fuck", "nigger", "nigga", "faggot", "wank", "bitch", "whore", "dildo", "rapist", "porn")

JOINERS = "-'’."  # inside a word: Mary-Jane, O'Neil, O’Neil, J.R.
REPEAT = re.compile(r"(\w)\1\1", re.UNICODE)  # a letter three times in a row


def _emoji(ch: str) -> bool:
    """A pictograph or symbol (♥, 🦊), or a character that belongs to an emoji sequence."""
    return (
        unicodedata.category(ch) in ("So", "Sk")
        or ch in "\u200d\ufe0f"
        or "\U0001f3fb" <= ch <= "\U0001f3ff"
        or "\U000e0020" <= ch <= "\U000e007f"
    )


def _letter(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LM"  # a letter, or an accent on one


def _why_not_a_word(word: str) -> str:
    """'' when ``word`` (no emoji in it) is a word of a name, else what is wrong with it (for the message)."""
    if any(ch.isdigit() for ch in word):
        return "it has a digit"
    body = word[:-1] if word.endswith(".") else word
    parts = re.split(f"[{re.escape(JOINERS)}]", body)
    if not all(part and all(_letter(ch) for ch in part) for part in parts):
        return "it has a sign that is not a letter"
    if REPEAT.search(body.casefold()):
        return "it has a letter three times in a row"
    return ""


def _plain(word: str) -> str:
    """A word as the block list is compared with it: its letters only, without case, accents or
    look-alike letters (the store's ``name_key``)."""
    folded = unicodedata.normalize("NFKD", name_key(word))
    return "".join(ch for ch in folded if ch.isalpha() and not unicodedata.combining(ch))


def _once(word: str) -> str:
    """Each run of one letter read once: 'fuuuck' -> 'fuck'."""
    return re.sub(r"(.)\1+", r"\1", word)


# Compared with a word's runs read once only where that leaves the listed word as it is (so "as", a
# word of names, is not read as "ass").
_ONCE_WHOLE = frozenset(w for w in BLOCKED if _once(w) == w)
_ONCE_INSIDE = tuple(w for w in BLOCKED_INSIDE if _once(w) == w)


def _blocked_word(plain: str) -> bool:
    once = _once(plain)
    return (
        plain in BLOCKED
        or once in _ONCE_WHOLE
        or any(w in plain for w in BLOCKED_INSIDE)
        or any(w in once for w in _ONCE_INSIDE)
    )


def blocked(name: str) -> bool:
    """Whether ``name`` holds a word of the block list (whole, or one of BLOCKED_INSIDE within a
    word); letters typed apart ("F u c k", "f.u.c.k") are read together.

    >>> blocked("Big Dick"), blocked("Dickson"), blocked("Kshitij"), blocked("Cassandra"), blocked("FUUCKface")
    (True, False, False, False, True)
    >>> blocked("F u c k"), blocked("f.u.c.k"), blocked("As"), blocked("Bob")
    (True, True, False, False)
    """
    words = [_plain(w) for w in re.split(r"[\s\-'’.]+", name)]
    words = [w for w in words if w]
    if any(_blocked_word(w) for w in words):
        return True
    run: list[str] = []  # one-letter words in a row, read as one word
    for w in [*words, ""]:
        if len(w) == 1:
            run.append(w)
            continue
        if len(run) > 1 and _blocked_word("".join(run)):
            return True
        run = []
    return False


def check_name(text: str) -> str:
    """The name as the class keeps and shows it (``clean_name``), when it is words and none of them is
    blocked; else NotAName or BlockedName (BadName, a ValueError) saying what a name may be."""
    name = clean_name(text)
    pieces = "".join(" " if _emoji(ch) else ch for ch in name).split()  # an emoji stands for a word
    for word in pieces:
        why = _why_not_a_word(word)
        if why:
            raise NotAName(f'"{name}" is not a first name ({why}): type your first name in letters')
    if blocked(name):
        raise BlockedName("that name cannot be shown to the class: type your own first name")
    return name


__all__ = ["BLOCKED", "BLOCKED_INSIDE", "BlockedName", "NotAName", "blocked", "check_name"]
