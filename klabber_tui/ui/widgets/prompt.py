"""What the player can do now, what the bot said, and why a move was refused."""

from __future__ import annotations

from textual.widgets import Static

from klabber_tui.data.safe_text import literal


class PromptLine(Static):
    def show(self, message: str, problem: str = "") -> None:
        self.set_class(bool(problem), "problem")
        self.update(literal(message if not problem else f"{problem}\n{message}"))  # names the bot: plain text
