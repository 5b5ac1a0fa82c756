"""Textual's web driver, ending a served game the way a signal ends one in a terminal (issue 34).

The stock driver turns SIGINT, SIGTERM and the server's "quit" (the page closed) into Textual's
ExitApp, which leaves without the game's ``before_leaving``: the match would not be saved first. Here
each one reaches the app's ``signalled`` (GuardedApp: save, then exit with 128 + the signal's number),
the page closing as SIGHUP does for a terminal that closed. When the server itself is gone (its pipe
to this process at its end, say it was killed), the game ends the same way, so no process is left
behind.
"""

from __future__ import annotations

import asyncio
import signal
from typing import Any

from textual.drivers.web_driver import WebDriver

# What the page closing is taken as: the terminal's hang-up.
PAGE_CLOSED = getattr(signal, "SIGHUP", signal.SIGTERM)


class KlabberWebDriver(WebDriver):
    """The web driver with klabber's ending (see the module doc)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._app_loop: asyncio.AbstractEventLoop | None = None

    def start_application_mode(self) -> None:
        super().start_application_mode()
        loop = asyncio.get_running_loop()
        self._app_loop = loop
        for signum in (signal.SIGINT, signal.SIGTERM):  # in place of the stock driver's ExitApp
            loop.add_signal_handler(signum, self.ended, signum)

    def ended(self, signum: int) -> None:
        """On the app's loop: end the app as the signal ``signum`` does."""
        signalled = getattr(self._app, "signalled", None)
        if callable(signalled):
            signalled(signum)
        else:  # an app that is not klabber's: Textual's own way out
            self._app.exit(return_code=128 + signum)

    def _ended_from_thread(self, signum: int) -> None:
        loop = self._app_loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self.ended, signum)
            except RuntimeError:  # the loop closed meanwhile: the app is ending anyway
                pass

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        if packet_type == "quit":  # the page closed, or the server stops
            self._ended_from_thread(PAGE_CLOSED)
            return
        super().on_meta(packet_type, payload)

    def run_input_thread(self) -> None:
        super().run_input_thread()
        if not self.exit_event.is_set():  # input ended, not by the app: the server is gone
            self._ended_from_thread(PAGE_CLOSED)
