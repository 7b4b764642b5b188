"""The address pupils' phones open (issue 40, Pupils): what a teacher types is read as the app's
base address, and an address only this computer reaches (localhost) is known as such."""

from __future__ import annotations

import pytest

from classroom.join_address import BadAddress, clean_address, is_loopback, join_link, page_address


@pytest.mark.parametrize(
    ("typed", "address"),
    [
        ("192.168.1.20:8501", "http://192.168.1.20:8501"),
        ("http://192.168.1.20:8501/", "http://192.168.1.20:8501"),
        ("HTTPS://School.Example/euchre/", "https://school.example/euchre"),
        ("http://10.0.0.5:8501/class", "http://10.0.0.5:8501"),  # the class page's own address
        ("http://10.0.0.5:8501/class?class=ABC234#x", "http://10.0.0.5:8501"),  # a whole join link
        ("http://[fe80::1]:8501", "http://[fe80::1]:8501"),
        (" http://host.local:8501 ", "http://host.local:8501"),
    ],
)
def test_a_typed_address_is_read_as_the_apps_base(typed: str, address: str) -> None:
    assert clean_address(typed) == address
    assert join_link(clean_address(typed), "ABC234") == address + "/class?class=ABC234"


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("", "type the address"),
        ("ftp://files.example", "starts with http:// or https://"),
        ("http://", "no computer's name"),
        ("http://user:pw@host", "no computer's name"),
        ("http://host:99999", "not an address"),
        ("http://" + "a" * 400, "at most 300 characters"),
    ],
)
def test_what_is_not_an_address_is_refused_with_a_reason(typed: str, said: str) -> None:
    with pytest.raises(BadAddress, match=said):
        clean_address(typed)
    assert issubclass(BadAddress, ValueError)


@pytest.mark.parametrize(
    ("address", "loopback"),
    [
        ("http://localhost:8501", True),
        ("http://LOCALHOST.:8501", True),
        ("http://app.localhost", True),
        ("http://127.0.0.1:8501", True),
        ("http://127.1.2.3", True),
        ("http://[::1]:8501", True),
        ("http://0.0.0.0:8501", True),
        ("http://192.168.1.20:8501", False),
        ("http://10.0.0.5", False),
        ("https://school.example/euchre", False),
        ("http://localhost-pc.school:8501", False),
    ],
)
def test_an_address_only_this_computer_reaches_is_loopback(address: str, loopback: bool) -> None:
    assert is_loopback(address) is loopback


def test_the_page_address_and_a_relative_link_without_one() -> None:
    assert page_address("http://127.0.0.1:8501/class?class=ABC234") == "http://127.0.0.1:8501"
    assert page_address("") is None and page_address("class") is None
    assert join_link(None, "ABC234") == "class?class=ABC234"
