"""The trick in play (or the trick just won, held in view until the player moves on)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label

from klabber_tui.ui.widgets.labelled import LabelledCard
from klabber_tui.words.table.phrases import area_words, bot_word, you_word


class TrickView(Vertical):
    """The caption ("Trick", "Last trick") above the two cards, so it takes no width from them."""

    def compose(self) -> ComposeResult:
        yield Label(area_words()["trick"], id="trick-caption")
        with Horizontal(id="trick-cards"):
            yield LabelledCard(bot_word(), id="trick-bot")
            yield LabelledCard(you_word(), id="trick-you")

    def show(self, caption: str, bot_card: int | None, your_card: int | None, bot_label: str, your_label: str,
             four_colour: bool) -> None:
        """The labels name the seats as the table does: You and Bot, or Bot 1 and Bot 2 when watching."""
        self.query_one("#trick-caption", Label).update(caption)
        self.query_one("#trick-bot", LabelledCard).show(bot_card, caption=bot_label,
                                                        four_colour=four_colour)
        self.query_one("#trick-you", LabelledCard).show(your_card, caption=your_label,
                                                        four_colour=four_colour)
