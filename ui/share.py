"""Share links: rules (and a page's own values) to and from URL query parameters.

Only the rules fields that differ from the defaults go in a link, so links stay short.
Anything a person could type into the address bar is validated: a bad value raises
``ShareLinkError`` (a ValueError) that says what was wrong and what is accepted.

>>> from engine.core.rules import Rules
>>> rules_to_query(Rules(players=3, joker=True))
{'players': '3', 'joker': '1'}
>>> rules_from_query({'players': '3', 'joker': 'true', 'seed': '7'})
Rules(players=3, deck=24, joker=True, stick_the_dealer=False, defend_alone=False, lone_lead='left_of_dealer', discard_upcard=False, optional_pickup=False, target=10, draw_for_deal=False, match_games=1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from urllib.parse import urlencode

from engine.core.errors import RulesError
from engine.core.rules import Rules
from engine.io.numbers import MAX_DIGITS, NumberError, parse_int, shown

RULE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Rules))
_DEFAULTS = Rules()
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


class ShareLinkError(ValueError):
    """A query parameter in a link is missing, malformed or out of range."""


def rules_to_query(rules: Rules) -> dict[str, str]:
    """The query parameters for ``rules``: only the fields that differ from the defaults."""
    out: dict[str, str] = {}
    for key, value in rules.changes().items():
        out[key] = ("1" if value else "0") if isinstance(value, bool) else str(value)
    return out


def has_rules(params: Mapping[str, str]) -> bool:
    """True when a link names any rules field."""
    return any(key in params for key in RULE_FIELDS)


def rules_from_query(params: Mapping[str, str]) -> Rules:
    """The rules a link describes; fields it leaves out take their defaults; other keys are ignored."""
    values = {key: _field_value(key, params[key]) for key in RULE_FIELDS if key in params}
    try:
        return Rules.from_dict(values)
    except RulesError as err:
        raise ShareLinkError(f"the link's rules are not possible: {err}") from None


def _field_value(key: str, given: object) -> object:
    """One rules field's value as a link gives it (on/off, a whole number, a word). Raises ShareLinkError."""
    raw = str(given).strip()
    default = getattr(_DEFAULTS, key)
    if isinstance(default, bool):
        if raw.lower() in _TRUE:
            return True
        if raw.lower() in _FALSE:
            return False
        raise ShareLinkError(f"the link's {key}={shown(raw)} is not on/off; use 1 or 0")
    if isinstance(default, int):
        try:
            return parse_int(raw, key, 0, 10**MAX_DIGITS - 1)
        except NumberError:
            raise ShareLinkError(f"the link's {key}={shown(raw)} is not a whole number") from None
    return raw


def fields_against(params: Mapping[str, str], rules: Rules) -> tuple[str, ...]:
    """The rules fields of a link that say other than ``rules`` (the rules its question names, which
    win: ``view=``), or do not read, each as the link has it; () when they all agree.

    >>> fields_against({"view": "…", "players": "2", "joker": "true", "deck": "24"}, Rules())
    ("players='2'", "joker='true'")
    """
    out = []
    for key in RULE_FIELDS:
        if key not in params:
            continue
        try:
            agrees = _field_value(key, params[key]) == getattr(rules, key)
        except ShareLinkError:
            agrees = False
        if not agrees:
            out.append(f"{key}={shown(params[key])}")
    return tuple(out)


def query_int(params: Mapping[str, str], key: str, low: int, high: int) -> int:
    """A required whole number ``low..high`` from a link."""
    if key not in params:
        raise ShareLinkError(f"the link has no {key}; it needs a whole number from {low} to {high}")
    raw = str(params[key]).strip()
    try:
        return parse_int(raw, key, low, high)
    except NumberError:
        raise ShareLinkError(
            f"the link's {key}={shown(raw)} is not a whole number from {low} to {high}"
        ) from None


def query_string(params: Mapping[str, str]) -> str:
    """'?a=1&b=2' (empty string for no parameters); commas, slashes, question marks and colons stay
    readable (card lists, a seat's question text: none of them ends a query's value).

    >>> query_string({"view": "standard/3/JH-JD-AH-KS-9C,?,?,?/9H", "score": "6,8"})
    '?view=standard/3/JH-JD-AH-KS-9C,?,?,?/9H&score=6,8'
    """
    return "?" + urlencode(dict(params), safe=",/?:") if params else ""
