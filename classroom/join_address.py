"""The address pupils' phones open to join a class, and whether a phone can reach it at all.

A teacher who opened the app as ``localhost`` (or 127.0.0.1, ::1) sees a page whose own address
means "this computer" to every device: a join link or QR code made from it sends each phone to
itself. The address pupils use can be given instead, by the server's environment
(``EUCHRE_COACH_PUBLIC_URL``) or by the teacher on the class page; ``is_loopback`` says when the
address in use is one only this computer reaches, so the page can warn.

An address is the app's base, scheme and host with an optional port and path prefix
(``http://192.168.1.20:8501``, ``https://school.example/euchre``); the class page is ``/class``
under it. ``clean_address`` reads what a person typed (no scheme: http; the class page's own
address or a whole join link: its base) and raises ``BadAddress`` when it cannot be one.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

ENV_VAR = "EUCHRE_COACH_PUBLIC_URL"
PAGE = "class"  # the class page's path under the app's base (app.py's url_path)
MAX_ADDRESS = 300


class BadAddress(ValueError):
    """Text that is not an address a phone's browser can open (the message says why)."""


def clean_address(text: str) -> str:
    """The app's base address for ``text`` as typed.

    >>> clean_address(" 192.168.1.20:8501 ")
    'http://192.168.1.20:8501'
    >>> clean_address("https://School.example/euchre/class?class=ABC234")
    'https://school.example/euchre'
    >>> clean_address("ftp://x")
    Traceback (most recent call last):
    ...
    classroom.join_address.BadAddress: an address starts with http:// or https://, like http://192.168.1.20:8501
    """
    raw = "".join(str(text).split())
    if not raw:
        raise BadAddress("type the address pupils open, like http://192.168.1.20:8501")
    if len(raw) > MAX_ADDRESS:
        raise BadAddress(f"an address is at most {MAX_ADDRESS} characters")
    if "://" not in raw:
        raw = "http://" + raw
    try:
        parts = urlsplit(raw)
        port = parts.port
    except ValueError as err:
        raise BadAddress(f"{raw[:60]!r} is not an address: {err}") from err
    if parts.scheme.lower() not in ("http", "https"):
        raise BadAddress("an address starts with http:// or https://, like http://192.168.1.20:8501")
    host = parts.hostname
    if not host or parts.username is not None or parts.password is not None:
        raise BadAddress(f"{raw[:60]!r} has no computer's name or number to open, like 192.168.1.20")
    path = parts.path.rstrip("/")
    if path.rsplit("/", 1)[-1] == PAGE:
        path = path[: -len(PAGE) - 1]
    shown_host = f"[{host}]" if ":" in host else host
    return f"{parts.scheme.lower()}://{shown_host}{'' if port is None else f':{port}'}{path}"


def page_address(url: str) -> str | None:
    """The app's base address from the address of a page of it (the teacher's browser's), or None
    when ``url`` is not an http(s) address.

    >>> page_address("http://localhost:8501/class?class=ABC234#top")
    'http://localhost:8501'
    >>> page_address("class") is None
    True
    """
    if not url.startswith(("http://", "https://")):
        return None
    try:
        return clean_address(url)
    except BadAddress:
        return None


def is_loopback(address: str) -> bool:
    """Whether only this computer reaches ``address`` (localhost, 127.x.x.x, ::1, 0.0.0.0).

    >>> [is_loopback(a) for a in ("http://localhost:8501", "http://127.0.1.1", "http://[::1]:8501",
    ...                          "http://0.0.0.0:8501", "http://192.168.1.20:8501", "https://school.example")]
    [True, True, True, True, False, False]
    """
    host = (urlsplit(address).hostname or "").rstrip(".").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_unspecified


def join_link(address: str | None, code: str) -> str:
    """The pupils' link to class ``code`` under ``address`` (a relative link when None).

    >>> join_link("http://192.168.1.20:8501", "ABC234")
    'http://192.168.1.20:8501/class?class=ABC234'
    """
    return f"{address or ''}{'/' if address else ''}{PAGE}?class={code}"


__all__ = ["ENV_VAR", "BadAddress", "clean_address", "is_loopback", "join_link", "page_address"]
