"""The one redactor (store/redact.py): hand-worked URLs and the texts a driver makes of them."""

from __future__ import annotations

import logging

import pytest

from store import db
from store.redact import RedactingFilter, redact, remember, secrets_of, shown


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgresql://coach:s3cret@db.school:5432/coach", "postgresql://coach:***@db.school:5432/coach"),
        (
            "postgresql://coach:Hunter2/Secr3t@127.0.0.1:5432/coach",
            "postgresql://coach:***@127.0.0.1:5432/coach",
        ),
        ("postgresql://coach:Hunter2@Secr3t@127.0.0.1/coach", "postgresql://coach:***@127.0.0.1/coach"),
        ("postgresql://coach:Hunter2Secr3t@[::1:55451/coach", "postgresql://coach:***@[::1:55451/coach"),
        (
            "postgres://coach@db/coach?password=Hunter2&sslmode=require",
            "postgres://coach@db/coach?password=***&sslmode=require",
        ),
        ("postgresql://coach@db/coach", "postgresql://coach@db/coach"),
        ("/srv/coach.sqlite3", "/srv/coach.sqlite3"),
    ],
)
def test_a_location_is_shown_without_its_password(url: str, expected: str) -> None:
    assert shown(url) == expected


def test_every_reading_of_a_mangled_password_is_a_secret() -> None:
    # a '/' in the password: read as the end of the host; the driver quotes "Hunter2" as a port
    assert {"Hunter2/Secr3t", "Hunter2", "Secr3t"} <= set(secrets_of("postgresql://u:Hunter2/Secr3t@h/d"))
    # a bad percent-escape: raw, decoded as far as it goes, and its pieces
    assert {"Hunter2%ZZSecr3t", "Hunter2", "ZZSecr3t"} <= set(
        secrets_of("postgresql://u:Hunter2%ZZSecr3t@h/d")
    )
    # a password in the query, percent-encoded
    assert {"p%40ssword", "p@ssword"} <= set(secrets_of("postgresql://u@h/d?password=p%40ssword"))
    assert secrets_of("/a/file.sqlite3") == ()


def test_a_drivers_message_loses_the_password_however_it_quotes_it() -> None:
    url = "postgresql://coach:Hunter2@Secr3t@127.0.0.1:55451/coach"
    assert (
        redact("failed to resolve host 'Secr3t@127.0.0.1'", url) == "failed to resolve host '***@127.0.0.1'"
    )
    assert redact(f'in URI: "{url}"', url) == 'in URI: "postgresql://coach:***@127.0.0.1:55451/coach"'
    # a URL the text quotes that this process was never given, and a conninfo field
    assert (
        redact("dsn postgresql://a:b9x@h/d; password=abc user=u")
        == "dsn postgresql://a:***@h/d; password=*** user=u"
    )


def test_a_store_error_is_redacted_when_it_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(db.ENV_VAR, "postgresql://coach:Hunter2%ZZSecr3t@127.0.0.1:1/coach")
    err = db.StoreError(
        'the class records could not be used: invalid percent-encoded token: "Hunter2%ZZSecr3t"'
    )
    assert str(err) == 'the class records could not be used: invalid percent-encoded token: "***"'


def test_a_remembered_url_stays_out_of_later_messages() -> None:
    remember("postgresql://coach:Zebra-Quartz-77@db/coach")
    assert redact("bad value 'Zebra-Quartz-77' here") == "bad value '***' here"


def test_a_log_record_and_its_traceback_are_redacted() -> None:
    url = "postgresql://coach:Hunter2/Secr3t@127.0.0.1:1/coach"
    remember(url)
    try:
        raise ValueError('invalid integer value "Hunter2" for connection option "port"')
    except ValueError:
        import sys

        record = logging.LogRecord(
            "store.db", logging.ERROR, __file__, 1, "a write to %s failed", (url,), sys.exc_info()
        )
    assert RedactingFilter().filter(record)
    text = record.getMessage()
    assert "Hunter2" not in text and "Secr3t" not in text
    assert "a write to postgresql://coach:***@127.0.0.1:1/coach failed" in text and "ValueError" in text
