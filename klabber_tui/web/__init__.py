"""``klabber serve`` (issue 34): the game in a browser, each page a Textual app of its own, run by
Textual's web driver behind textual-serve's page script.

The package is the optional extra ``[web]`` (textual-serve and its aiohttp). This module stays light
(no Textual, no aiohttp). A room of its own between the command line and the app: it may use ``ui``
(the apps, and the one start path :mod:`klabber_tui.ui.start`, which knows a served game has a page
rather than a terminal) and the rooms below, never ``cli``; ``klabber_tui.cli.serve`` imports it.

- :mod:`.guard`: who may open a page and its websocket (the Origin, the Host, the token), the cap.
- :mod:`.pages`: the HTML pages, every word from the catalogue, everything quoted escaped.
- :mod:`.server`: the aiohttp server, one game process per websocket, stopped with its page.
- :mod:`.launch`: the per-game process (``python -m klabber_tui.web.launch KIND ...``).
- :mod:`.driver`: Textual's web driver, ending the game as a signal does (saving first).
"""

from __future__ import annotations

from klabber_tui.ui.start import KLABBER_WEB_DRIVER, TEXTUAL_WEB_DRIVER, WEB_DRIVERS, driven_by_web

# The driver a served game runs under (Textual reads TEXTUAL_DRIVER at import); the one start path
# (klabber_tui.ui.start, issue 33) takes it, and Textual's own web driver, as a screen to draw on.
DRIVER = KLABBER_WEB_DRIVER

__all__ = ["DRIVER", "TEXTUAL_WEB_DRIVER", "WEB_DRIVERS", "driven_by_web", "extra_missing"]


def extra_missing() -> str | None:
    """The name of the first package of the ``[web]`` extra that cannot be imported, or None."""
    import importlib.util

    for name in ("textual_serve", "aiohttp"):
        if importlib.util.find_spec(name) is None:
            return name
    return None
