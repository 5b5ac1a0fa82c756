"""The base of every modal page (issue 9): help, settings, the message pages (summary, match end,
question, draw), review, statistics and the coach.

A page hides behind the size notice like every screen (``SizeGuard``), carries the ``modal-page``
class, and closes by ``action_close`` only while it is the page on top (a second key press during
the closing must not dismiss the page underneath). ``?`` opens help over any page: that binding is
the App's, with priority, so no page needs its own.
"""

from __future__ import annotations

from typing import TypeVar

from textual.binding import Binding
from textual.screen import ModalScreen

from klabber_tui.words import keys
from klabber_tui.words.i18n import pgettext
from klabber_tui.ui.screens.size_guard import SizeGuard

ResultT = TypeVar("ResultT")


def scroll_bindings(page: int = 10) -> list[Binding]:
    """The keys that scroll a page's body (each page has an ``action_scroll(lines)``): arrows by a
    line, PageUp/PageDown by ``page`` lines."""
    up, down, page_up, page_down = keys.SCROLL
    return [
        Binding(down, "scroll(1)", show=False),
        Binding(up, "scroll(-1)", show=False),
        Binding(page_down, f"scroll({page})", show=False),
        Binding(page_up, f"scroll({-page})", show=False),
    ]


def close_bindings(shown: str, *hidden: str) -> list[Binding]:
    """The keys that close a page (its ``action_close``): ``shown`` in the footer, the ``hidden`` ones
    working too (Escape, the key that opened the page, q)."""
    return [Binding(shown, "close", pgettext('key.close', 'Close')),
            *(Binding(key, "close", pgettext('key.close', 'Close'), show=False) for key in hidden)]


class ModalPage(SizeGuard, ModalScreen[ResultT]):
    """A page over the game; its keys are its own (``BINDINGS``), its look is assets/klabber.tcss."""

    def __init__(self, *, classes: str = "") -> None:
        super().__init__(classes=f"modal-page {classes}".strip())

    def action_close(self) -> None:
        """Close with no result (pages that return one dismiss it themselves)."""
        if self.is_current:
            self.closing()
            self.dismiss(None)

    def closing(self) -> None:
        """Called as the page closes: a page with a worker stops it here."""
