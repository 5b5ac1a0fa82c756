"""One card as a small box: face, back or an empty place. Symbols and marks, never colour alone."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from engine.cards import suit_of

from klabber_tui.words import i18n
from klabber_tui.words.cards import CARD_BACK, card_text

SUIT_CLASSES = ("suit-c", "suit-d", "suit-h", "suit-s")


class CardView(Static):
    """A 5×3 card. ``index`` (1-9) is shown on the top border of a card in the hand."""

    class Chosen(Message):
        """The card was clicked."""

        def __init__(self, card_view: CardView) -> None:
            super().__init__()
            self.card_view = card_view

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self.card: int | None = None
        self.index: int | None = None
        self._shown: tuple | None = None

    def show(self, card: int | None, *, back: bool = False, index: int | None = None, playable: bool = True,
             selected: bool = False, four_colour: bool = False) -> None:
        self.card = card
        self.index = index
        key = (card, back, playable, selected, four_colour, i18n.current())  # ranks: В Д К Т
        if key == self._shown:
            return  # restyling is the costly part of a redraw: only when something changed
        self._shown = key
        for name in (*SUIT_CLASSES, "red", "black", "four", "back", "empty", "unplayable", "selected"):
            self.remove_class(name)
        if back:
            self.add_class("back")
            self.update(CARD_BACK)
        elif card is None:
            self.add_class("empty")
            self.update("")
        else:
            suit = suit_of(card)
            self.add_class(SUIT_CLASSES[suit], "red" if suit in (1, 2) else "black")
            if four_colour:
                self.add_class("four")
            face = Text(card_text(card))
            if not playable:
                self.add_class("unplayable")
                face.stylize("strike")
            self.update(face)
        if selected:
            self.add_class("selected")

    def on_click(self) -> None:
        if self.card is not None and self.index is not None:
            self.post_message(self.Chosen(self))
