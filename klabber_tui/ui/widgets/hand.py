"""The player's hand: up to nine numbered cards, sorted trumps first, playable ones marked.

Under each card its key (1-9); a card the rules refuse is crossed out and marked ✗, the chosen
card has a double border and a ▶ mark: shape and marks, never colour alone (ASCII mode's
compositor draws them x and >, klabber_tui/words/ascii_text.py).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from klabber_tui.ui.widgets.card import CardView

SLOTS = 9


class HandView(Vertical):
    def compose(self) -> ComposeResult:
        with Horizontal(id="hand-cards"):
            for _ in range(SLOTS):
                yield CardView(classes="hand-card")
        yield Static("", id="hand-index")

    def show(self, cards: list[int], playable: AbstractSet[int] | None, selected: int | None,
             four_colour: bool) -> None:
        """``playable`` None means no card can be played now (not a play turn): all shown plainly."""
        marks = []
        for k, slot in enumerate(self.query(CardView)):
            if k < len(cards):
                c = cards[k]
                slot.display = True
                ok = playable is None or c in playable
                slot.show(c, index=k + 1, playable=ok, selected=selected == k,
                          four_colour=four_colour)
                mark = str(k + 1)
                if selected == k:
                    mark = "▶" + mark
                else:
                    mark = " " + mark
                if not ok:
                    mark += "✗"
                marks.append(mark.center(5))
            else:
                slot.display = False
                slot.show(None)
        self.query_one("#hand-index", Static).update("".join(marks))
