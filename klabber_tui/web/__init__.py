"""``klabber serve`` (issue 34): the game in a browser, each page a Textual app of its own, run by
Textual's web driver behind textual-serve's page script.

The package is the optional extra ``[web]`` (textual-serve and its aiohttp). This module stays light
(no Textual, no aiohttp): ``cli.need_terminal`` asks it whether the process is a served game, which
has a page rather than a terminal.

- :mod:`.guard`: who may open a page and its websocket (the Origin, the Host, the token), the cap.
- :mod:`.pages`: the HTML pages, every word from the catalogue, everything quoted escaped.
- :mod:`.server`: the aiohttp server, one game process per websocket, stopped with its page.
- :mod:`.launch`: the per-game process (``python -m klabber_tui.web.launch KIND ...``).
- :mod:`.driver`: Textual's web driver, ending the game as a signal does (saving first).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

# The driver a served game runs under (Textual reads TEXTUAL_DRIVER at import).
DRIVER = "klabber_tui.web.driver:KlabberWebDriver"
# Textual's own web driver, accepted too (the start path of every full-screen command may use it).
TEXTUAL_WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
WEB_DRIVERS = frozenset({DRIVER, TEXTUAL_WEB_DRIVER})


def driven_by_web(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this process draws on a web page (Textual's web driver) rather than a terminal: then
    standard input and output are the server's pipes, not a terminal, and that is right."""
    env = os.environ if environ is None else environ
    return env.get("TEXTUAL_DRIVER", "") in WEB_DRIVERS


def extra_missing() -> str | None:
    """The name of the first package of the ``[web]`` extra that cannot be imported, or None."""
    import importlib.util

    for name in ("textual_serve", "aiohttp"):
        if importlib.util.find_spec(name) is None:
            return name
    return None
