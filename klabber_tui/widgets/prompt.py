"""What the player can do now, what the bot said, and why a move was refused."""

from __future__ import annotations

from textual.widgets import Static


class PromptLine(Static):
    def show(self, message: str, problem: str = "") -> None:
        self.set_class(bool(problem), "problem")
        self.update(message if not problem else f"{problem}\n{message}")
