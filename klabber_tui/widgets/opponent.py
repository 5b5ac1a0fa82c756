"""The bot's hand: card backs and a count, plus any of its cards the rules have made public."""

from __future__ import annotations

from textual.widgets import Static

from .. import text


class OpponentHand(Static):
    def show(self, name: str, count: int, known: str, ascii_suits: bool) -> None:
        self.update(text.opponent_line(name, count, known, ascii_suits))
