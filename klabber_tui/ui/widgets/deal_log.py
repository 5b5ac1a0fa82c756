"""This deal's log: the fingerprint, bids, the declaration dialogue, bella, tricks."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static


class DealLog(VerticalScroll):
    def compose(self) -> ComposeResult:
        yield Static("", id="log-text")

    _shown: list[str] | None = None

    def show(self, lines: list[str]) -> None:
        if lines == self._shown:
            return
        self._shown = list(lines)
        self.query_one("#log-text", Static).update("\n".join(lines))
        self.scroll_end(animate=False)
