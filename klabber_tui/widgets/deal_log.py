"""This deal's log: the fingerprint, bids, the declaration dialogue, bella, tricks."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import Static


class DealLog(VerticalScroll):
    def compose(self):  # type: ignore[no-untyped-def]
        yield Static("", id="log-text")

    def show(self, lines: list[str]) -> None:
        self.query_one("#log-text", Static).update("\n".join(lines))
        self.scroll_end(animate=False)
