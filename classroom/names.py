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
- a name holding a word of a short block list (``BlockedName``), compared by its skeleton
  (``skeleton``: without case, accents or separators, every letter Unicode's confusables data draws
  like a Latin one read as that letter, small capitals too, "ph" read "f" and "v" read "u"), with
  runs of one letter read once ("fuuuck"), as whole words, and a few words that are in no first name
  also inside a longer word. Letters typed apart are read together: "F u c k", "f.u.c.k", "Fu-ck",
  "Fu ck".

A word of the list that is also a real first name ("Dick", ``REAL_NAMES``) is the teacher's call,
not the filter's: a pupil may join as "Dick" or "Dick Smith" (typed in plain letters, as the first
word of the name); the teacher renames or removes the pupil when it was a joke, and the teacher's own
rename (``check_name(..., teacher=True)``) may give such a word anywhere in a name.

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

import itertools
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
        "dick",  # a real first name too: REAL_NAMES
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


# Words of the list that are real first names too: the teacher's call (see above).
REAL_NAMES = frozenset({"dick"})
SEPARATORS = re.compile(r"[-'’._]+")  # inside a word: read together ("Fu-ck", "f.u.c.k")
# Spellings that sound like a listed word: "Phuck", "Fvck" (v is read u: "vagina" too, on both sides).
SOUNDS = (("ph", "f"), ("v", "u"))


def skeleton(word: str) -> str:
    """A word as the block list is compared with it: its letters only, without case, accents or
    separators, look-alike letters read as the Latin letter they look like (the store's
    ``name_key``: Unicode's confusables data, small capitals), and sounds spelt another way read
    one way (SOUNDS).

    >>> [skeleton(w) for w in ("ꜰᴜᴄᴋ", "Fu-ck", "Phuck", "Fvck", "Fück", "𝐅𝐮𝐜𝐤", "ＦＵＣＫ")]
    ['fuck', 'fuck', 'fuck', 'fuck', 'fuck', 'fuck', 'fuck']
    """
    folded = unicodedata.normalize("NFKD", name_key(word))
    letters = "".join(ch for ch in folded if ch.isalpha() and not unicodedata.combining(ch))
    for spelt, sound in SOUNDS:
        letters = letters.replace(spelt, sound)
    return letters


def _once(word: str) -> str:
    """Each run of one letter read once: 'fuuuck' -> 'fuck'."""
    return re.sub(r"(.)\1+", r"\1", word)


_WHOLE = frozenset(skeleton(w) for w in BLOCKED)
_INSIDE = tuple(skeleton(w) for w in BLOCKED_INSIDE)
_REAL = frozenset(skeleton(w) for w in REAL_NAMES)
# Compared with a word's runs read once only where that leaves the listed word as it is (so "as", a
# word of names, is not read as "ass").
_ONCE_WHOLE = frozenset(w for w in _WHOLE if _once(w) == w)
_ONCE_INSIDE = tuple(w for w in _INSIDE if _once(w) == w)


def _blocked_word(plain: str) -> bool:
    once = _once(plain)
    return (
        plain in _WHOLE
        or once in _ONCE_WHOLE
        or any(w in plain for w in _INSIDE)
        or any(w in once for w in _ONCE_INSIDE)
    )


def _real_name(word: str, plain: str) -> bool:
    """``word`` (its skeleton ``plain``) is a listed word that is a real first name, typed in plain
    letters (no look-alike letter, no separator: "Dick", not "ᴅɪᴄᴋ" or "D.ick")."""
    return plain in _REAL and unicodedata.normalize("NFC", word).casefold() == plain


def _words(name: str) -> list[tuple[str, list[str]]]:
    """Each word of ``name`` (split at spaces) with the skeletons of its parts (split at SEPARATORS)."""
    out = []
    for word in name.split():
        parts = [skeleton(part) for part in SEPARATORS.split(word)]
        out.append((word, [p for p in parts if p]))
    return out


def blocked(name: str, *, teacher: bool = False) -> bool:
    """Whether ``name`` holds a word of the block list (whole, or one of BLOCKED_INSIDE within a
    word); letters typed apart ("F u c k", "f.u.c.k", "Fu-ck", "Fu ck") are read together. A real
    first name of the list (REAL_NAMES) passes as the name's first word, or anywhere in a name the
    teacher gives (``teacher``).

    >>> blocked("Big Dick"), blocked("Dickson"), blocked("Kshitij"), blocked("Cassandra"), blocked("FUUCKface")
    (True, False, False, False, True)
    >>> blocked("F u c k"), blocked("f.u.c.k"), blocked("As"), blocked("Bob"), blocked("ꜰᴜᴄᴋ"), blocked("Fu ck")
    (True, True, False, False, True, True)
    >>> blocked("Dick"), blocked("Dick Smith"), blocked("ᴅɪᴄᴋ"), blocked("Big Dick", teacher=True)
    (False, False, True, False)
    """
    words = _words(name)
    skeletons: list[str] = []  # every word's skeleton, its parts read together
    for index, (word, parts) in enumerate(words):
        whole = "".join(parts)
        if (teacher or index == 0) and _real_name(word, whole):
            skeletons.append(whole)
            continue
        if any(_blocked_word(p) for p in parts) or (len(parts) > 1 and _blocked_word(whole)):
            return True
        skeletons.append(whole)
    skeletons = [w for w in skeletons if w]
    for first, second in itertools.pairwise(skeletons):  # two words that spell one: "Fu ck"
        if first + second in _WHOLE:
            return True
    run: list[str] = []  # one-letter words in a row, read as one word
    for w in [*skeletons, ""]:
        if len(w) == 1:
            run.append(w)
            continue
        if len(run) > 1 and _blocked_word("".join(run)):
            return True
        run = []
    return False


def check_name(text: str, *, teacher: bool = False) -> str:
    """The name as the class keeps and shows it (``clean_name``), when it is words and none of them is
    blocked; else NotAName or BlockedName (BadName, a ValueError) saying what a name may be.
    ``teacher``: the teacher's rename, which may give a real first name of the list anywhere."""
    name = clean_name(text)
    pieces = "".join(" " if _emoji(ch) else ch for ch in name).split()  # an emoji stands for a word
    for word in pieces:
        why = _why_not_a_word(word)
        if why:
            raise NotAName(f'"{name}" is not a first name ({why}): type your first name in letters')
    if blocked(name, teacher=teacher):
        raise BlockedName("that name cannot be shown to the class: type your own first name")
    return name


__all__ = [
    "BLOCKED",
    "BLOCKED_INSIDE",
    "REAL_NAMES",
    "BlockedName",
    "NotAName",
    "blocked",
    "check_name",
    "skeleton",
]
