"""A card with a caption above it (Talon 13, Turn-up, Bottom, You, Bot)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Label

from klabber_tui.ui.widgets.card import CardView


class LabelledCard(Vertical):
    def __init__(self, caption: str, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="labelled")
        self.caption = caption

    def compose(self) -> ComposeResult:
        yield Label(self.caption, classes="caption")
        yield CardView(classes="table-card")

    def show(self, card: int | None, *, caption: str | None = None, back: bool = False,
             four_colour: bool = False) -> None:
        if caption is not None:
            self.query_one(Label).update(caption)
        self.query_one(CardView).show(card, back=back, four_colour=four_colour)
