"""Who may open a page of ``klabber serve`` and its websocket (issue 34), as plain functions.

- The Host header must name the address served: on a loopback address only a loopback name
  (127.0.0.1, localhost, ::1), so a web site that points its own name at 127.0.0.1 (DNS rebinding)
  gets nothing; on any other address any name, as the token guards it.
- The websocket's Origin must be the page's own (``http://`` + the Host), so another web site open in
  the same browser cannot drive the game.
- Off loopback every page and websocket needs the token printed at start (``?token=``), compared in
  constant time.
- The number of games at once is capped.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from dataclasses import dataclass
from urllib.parse import urlsplit

LOOPBACK_NAMES = frozenset({"localhost", "localhost.", "ip6-localhost"})
DEFAULT_MAX_GAMES = 4  # each game is a process with the bot's numpy tables: a few on a small machine
MAX_MAX_GAMES = 64
TOKEN_BYTES = 16


def new_token() -> str:
    """A fresh token for the page's address (URL-safe, 128 bits from the system's randomness)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def is_loopback(host: str) -> bool:
    """Whether a host name or address is this machine only (127.0.0.0/8, ::1, localhost)."""
    name = host.strip("[]").lower()
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def host_name(host_header: str) -> str | None:
    """The name in a Host header (``a:8000``, ``[::1]:8000``, ``a``), lower case; None if malformed."""
    try:
        parts = urlsplit("//" + host_header)
        name = parts.hostname
        parts.port  # noqa: B018 - raises ValueError on a port that is no number
    except ValueError:
        return None
    return name or None


@dataclass(frozen=True)
class Guard:
    """The checks of one server: the address it listens on and its token (None on loopback)."""

    listen_host: str
    token: str | None

    @classmethod
    def for_host(cls, host: str, token: str | None = None) -> Guard:
        """Loopback needs no token (unless one is given); any other address gets ``token`` or a fresh
        one."""
        if token is None and is_loopback(host):
            return cls(host, None)
        return cls(host, token or new_token())

    def host_allowed(self, host_header: str | None) -> bool:
        """The Host header names this server as it may be reached (see the module doc)."""
        if not host_header:
            return False
        name = host_name(host_header)
        if name is None:
            return False
        if self.token is None:
            return is_loopback(name)
        return True

    def origin_allowed(self, origin: str | None, host_header: str | None) -> bool:
        """A websocket's Origin is the page's own: ``http(s)://`` + the Host it was opened on."""
        if not origin or not host_header or not self.host_allowed(host_header):
            return False
        return origin.lower() in (f"http://{host_header}".lower(), f"https://{host_header}".lower())

    def token_ok(self, given: str | None) -> bool:
        """No token needed, or the one given is the server's."""
        if self.token is None:
            return True
        return given is not None and hmac.compare_digest(given.encode(), self.token.encode())
