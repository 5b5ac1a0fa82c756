"""Issue 34: who may open a page of klabber serve (the Host, the Origin, the token), as functions."""

from __future__ import annotations

import pytest

from klabber_tui.web import driven_by_web
from klabber_tui.web.guard import Guard, host_name, is_loopback


@pytest.mark.parametrize("host", ["127.0.0.1", "127.3.4.5", "::1", "[::1]", "localhost", "LOCALHOST"])
def test_loopback_names(host: str) -> None:
    assert is_loopback(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.5", "example.com", "::", "127.0.0.1.example.com"])
def test_other_names(host: str) -> None:
    assert not is_loopback(host)


def test_host_header_parsing() -> None:
    assert host_name("127.0.0.1:8000") == "127.0.0.1"
    assert host_name("[::1]:8000") == "::1"
    assert host_name("Example.COM") == "example.com"
    assert host_name("a:notaport") is None


def test_on_loopback_no_token_and_only_loopback_hosts() -> None:
    guard = Guard.for_host("127.0.0.1")
    assert guard.token is None and guard.token_ok(None)
    assert guard.host_allowed("127.0.0.1:8000") and guard.host_allowed("localhost:8000")
    assert not guard.host_allowed("evil.example:8000")  # a site whose name points at 127.0.0.1
    assert not guard.host_allowed(None) and not guard.host_allowed("")


def test_origin_must_be_the_page_itself() -> None:
    guard = Guard.for_host("127.0.0.1")
    assert guard.origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert not guard.origin_allowed("http://evil.example", "127.0.0.1:8000")
    assert not guard.origin_allowed("http://127.0.0.1:9999", "127.0.0.1:8000")
    assert not guard.origin_allowed(None, "127.0.0.1:8000")
    assert not guard.origin_allowed("null", "127.0.0.1:8000")
    assert not guard.origin_allowed("http://evil.example:8000", "evil.example:8000")  # DNS rebinding


def test_other_addresses_need_the_token() -> None:
    guard = Guard.for_host("0.0.0.0")
    assert guard.token is not None and len(guard.token) >= 20
    assert Guard.for_host("0.0.0.0").token != guard.token  # fresh each time
    assert not guard.token_ok(None) and not guard.token_ok("") and not guard.token_ok(guard.token + "x")
    assert guard.token_ok(guard.token)
    assert guard.host_allowed("192.168.1.5:8000")  # another device's name for this machine
    assert guard.origin_allowed("http://192.168.1.5:8000", "192.168.1.5:8000")
    assert not guard.origin_allowed("http://evil.example", "192.168.1.5:8000")


def test_a_web_driver_is_no_missing_terminal() -> None:
    assert driven_by_web({"TEXTUAL_DRIVER": "klabber_tui.web.driver:KlabberWebDriver"})
    assert driven_by_web({"TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver"})
    assert not driven_by_web({"TEXTUAL_DRIVER": "textual.drivers.linux_driver:LinuxDriver"})
    assert not driven_by_web({})
