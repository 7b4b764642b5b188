"""The one redactor: no database password, in any form, reaches a page or a log line.

A PostgreSQL URL in ``EUCHRE_COACH_DB`` may be mistyped in ways that the driver then quotes: a bad
percent-escape (``invalid percent-encoded token: "Hunter2%ZZSecr3t"``), an unclosed ``[::1`` host
(the whole URL), a ``/`` or ``@`` left unencoded in the password (its pieces read as a host or a
port), a ``?password=`` in the query. No single parse of such a URL finds its password, so
``secrets_of`` takes every reading a driver might make of it (the user info up to the last ``@``,
up to the first ``/``, the query's values), each raw and percent-decoded, and the pieces of each
between the URL's punctuation; ``redact`` replaces all of them, longest first, with ``***``.

- ``shown(url)``: the location for a message (teacher's pages, the log): user, host, port and
  database, never the password nor a query value; built from the URL's parts, not by masking one
  reading of it, so a malformed URL is shown without its secret too.
- ``redact(text)``: any text (a driver's message, a log line, a traceback) without the secrets of
  the URLs this process was given (``EUCHRE_COACH_DB`` and every URL a connection was opened to,
  ``remember``), nor any ``password=…`` or user info of a URL it quotes itself.
- ``RedactingFilter`` / ``guard_logs()``: every log record through the handlers goes through
  ``redact`` (message, arguments and traceback).

``store.db.StoreError`` runs its message through ``redact`` when it is made, so every message of
the records (``cannot use the records database at …: <the driver's words>``) is safe wherever a
page or a log shows it. A pupil's page shows none of it (``store.db.OUT_OF_REACH``).
"""

from __future__ import annotations

import logging
import os
import re
import threading
import traceback
from collections.abc import Iterable
from urllib.parse import unquote

ENV_VAR = "EUCHRE_COACH_DB"  # store.db's name for it (kept here too: db imports this module)
SCHEMES = ("postgresql://", "postgres://")
MASK = "***"
MIN_PIECE = 3  # a piece of a password shorter than this says nothing of it (and is every word's)
MAX_REMEMBERED = 64  # URLs kept by ``remember`` (a process opens one or two; tests open many)
# query fields whose values are settings, not secrets (a value of any other field is masked)
SETTINGS = frozenset(
    {
        "sslmode",
        "connect_timeout",
        "application_name",
        "target_session_attrs",
        "gssencmode",
        "channel_binding",
    }
)

_PUNCTUATION = re.compile(r"[/@:?#&=\[\]%\s,;'\"]+")
_URL_IN_TEXT = re.compile(r"postgres(?:ql)?://(?:[^\s\"'<>]*[^\s\"'<>:.,;)])?", re.IGNORECASE)
_PASSWORD_FIELD = re.compile(
    r"(\bpassword\s*=\s*)('[^']*'|\"[^\"]*\"|[^\s&\"']*[^\s&\"':.,;)])", re.IGNORECASE
)

_remembered: dict[str, None] = {}  # insertion-ordered set of server URLs
_lock = threading.Lock()


def _is_server(location: object) -> bool:
    return isinstance(location, str) and location.strip().lower().startswith(SCHEMES)


def _after_scheme(url: str) -> str:
    return url.split("://", 1)[1] if "://" in url else url


def _query_values(url: str) -> list[str]:
    """Every value after the first ``?`` but a setting's (``password=1&sslmode=require`` → 1; a
    value may hold ``?`` or ``@``; a field without ``=`` is all value)."""
    if "?" not in url:
        return []
    values = []
    for field in url.split("?", 1)[1].split("&"):
        key, equals, value = field.partition("=")
        if not equals:
            values.append(key)
        elif unquote(key).strip().lower() not in SETTINGS:
            values.append(value)
    return values


def _user_infos(rest: str) -> list[str]:
    """The readings of a URL's user info (``user:password``): up to the last ``@`` of the whole
    URL, and up to the last ``@`` before the first ``/``, ``?`` or ``#`` (a password with ``/`` or
    ``?`` in it makes one reading wrong and the other right)."""
    infos = []
    if "@" in rest:
        infos.append(rest.rsplit("@", 1)[0])
    head = re.split(r"[/?#]", rest, maxsplit=1)[0]
    if "@" in head:
        infos.append(head.rsplit("@", 1)[0])
    return infos


def secrets_of(url: str) -> tuple[str, ...]:
    """Every text in ``url`` that may be (part of) its password, longest first.

    >>> secrets_of("postgresql://coach:Hunter2/Secr3t@127.0.0.1:5432/coach")
    ('Hunter2/Secr3t', 'Hunter2', 'Secr3t')
    >>> secrets_of("postgresql://coach@db/coach?password=p%40ss&sslmode=require")
    ('p%40ss', '40ss', 'p@ss')
    """
    if not _is_server(url):
        return ()
    url = url.strip()
    rest = _after_scheme(url)
    found: set[str] = set()
    for info in _user_infos(rest):
        if ":" in info:
            found.add(info.split(":", 1)[1])
    found.update(_query_values(rest))
    whole = set()
    for secret in found:
        for form in (secret, unquote(secret, errors="replace")):
            whole.add(form)
            whole.update(_PUNCTUATION.split(form))
    return tuple(sorted((s for s in whole if len(s) >= MIN_PIECE), key=lambda s: (-len(s), s)))


def shown(location: object) -> str:
    """The location for a message: a URL's user, host, port and database, never its password nor
    a query value (the query's fields are named, their values hidden); a file path as it is.

    >>> shown("postgresql://coach:s3cret@db.school:5432/coach")
    'postgresql://coach:***@db.school:5432/coach'
    >>> shown("postgresql://coach:Hunter2/Secr3t@127.0.0.1:5432/coach")
    'postgresql://coach:***@127.0.0.1:5432/coach'
    >>> shown("postgres://coach@db/coach?password=x&sslmode=require")
    'postgres://coach@db/coach?password=***&sslmode=require'
    """
    text = str(location)
    if not _is_server(text):
        return text
    text = text.strip()
    scheme, rest = text.split("://", 1)
    user = ""
    if "@" in rest:
        info, rest = rest.rsplit("@", 1)  # the host is after the last @, whatever the password holds
        name, colon, _ = info.partition(":")
        user = f"{name}:{MASK}@" if colon else f"{name}@"
    place, _, query = rest.partition("?")
    fields = "&".join(_field_shown(field) for field in query.split("&") if field)
    return _scrub(f"{scheme}://{user}{place}{'?' + fields if fields else ''}", secrets_of(text))


def _field_shown(field: str) -> str:
    key, _, value = field.partition("=")
    return field if unquote(key).strip().lower() in SETTINGS and "@" not in field else f"{key}={MASK}"


def remember(location: object) -> None:
    """Keep a server URL's secrets out of every later message (called on every connection opened)."""
    if not _is_server(location):
        return
    url = str(location).strip()
    with _lock:
        _remembered.pop(url, None)
        _remembered[url] = None
        while len(_remembered) > MAX_REMEMBERED:
            _remembered.pop(next(iter(_remembered)))


def _known() -> list[str]:
    with _lock:
        urls = list(_remembered)
    configured = os.environ.get(ENV_VAR, "").strip()
    if _is_server(configured):
        urls.append(configured)
    return urls


def _scrub(text: str, secrets: Iterable[str]) -> str:
    for secret in sorted(set(secrets), key=len, reverse=True):
        if secret and secret in text:
            text = text.replace(secret, MASK)
    return text


def redact(text: object, *locations: object) -> str:
    """``text`` with no secret of the URLs this process knows (and ``locations``): a URL it quotes is
    shown by ``shown``, a ``password=`` field's value masked, every piece of a known password too.

    >>> redact('invalid percent-encoded token: "Hunter2%ZZSecr3t"',
    ...        "postgresql://coach:Hunter2%ZZSecr3t@127.0.0.1:55451/coach")
    'invalid percent-encoded token: "***"'
    """
    out = str(text)
    urls = [str(u).strip() for u in locations if _is_server(u)] + _known()
    for url in sorted(set(urls), key=len, reverse=True):
        if url in out:
            out = out.replace(url, shown(url))
    out = _URL_IN_TEXT.sub(lambda m: shown(m.group(0)), out)
    out = _PASSWORD_FIELD.sub(lambda m: m.group(1) + MASK, out)
    secrets = [s for url in urls for s in secrets_of(url)]
    return _scrub(out, secrets)


class RedactingFilter(logging.Filter):
    """A log record's message and traceback, redacted (the record is changed in place)."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a record whose arguments do not fit its message: kept as logging would
            message = str(record.msg)
        if record.exc_info and record.exc_info[0] is not None:
            message += "\n" + "".join(traceback.format_exception(*record.exc_info)).rstrip()
        elif record.exc_text:
            message += "\n" + record.exc_text
        if record.stack_info:
            message += "\n" + record.stack_info
        record.msg, record.args = redact(message), ()
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        return True


_FILTER = RedactingFilter()


def guard_logs() -> None:
    """Put ``RedactingFilter`` on every handler there is now (the root logger's and every named
    logger's, Streamlit's among them) and on this package's loggers; safe to call again."""
    loggers: list[logging.Logger] = [logging.getLogger()]
    loggers += [
        logger for logger in logging.Logger.manager.loggerDict.values() if isinstance(logger, logging.Logger)
    ]
    for logger in loggers:
        if logger.name.startswith("store") and _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
        for handler in logger.handlers:
            if _FILTER not in handler.filters:
                handler.addFilter(_FILTER)


__all__ = ["MASK", "RedactingFilter", "guard_logs", "redact", "remember", "secrets_of", "shown"]
