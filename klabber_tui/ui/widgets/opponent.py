"""The bot's hand: card backs and a count, plus any of its cards the rules have made public."""

from __future__ import annotations

from textual.widgets import Static

from klabber_tui.data.safe_text import literal
from klabber_tui.words.table.phrases import opponent_line


class OpponentHand(Static):
    def show(self, name: str, count: int, known: str, *, watching: bool = False) -> None:
        self.update(literal(opponent_line(name, count, known, watching=watching)))  # the name is from a save
