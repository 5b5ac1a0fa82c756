"""A yes/no question (resume the saved match?, announce bella?): y, n, Enter for the default."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.screen import Screen

from .. import text
from ..messages import QuitRequested
from .message import MessageScreen


class QuestionScreen(MessageScreen):
    BINDINGS = [
        Binding("y", "choose('yes')", text.KEY_LABELS["yes"]),
        Binding("n", "choose('no')", text.KEY_LABELS["no"]),
        Binding("enter", "choose('yes')", text.KEY_LABELS["yes"], show=False),
        Binding("space", "choose('yes')", text.KEY_LABELS["yes"], show=False),
        Binding("escape", "choose('no')", text.KEY_LABELS["no"], show=False),
    ]
    buttons = ("yes", "no")


def ask_to_quit(screen: Screen[Any]) -> None:
    """q while a match is at stake (the table, the deal summary): ask, then quit saving the match."""

    def answered(choice: str | None) -> None:
        if choice == "yes":
            screen.post_message(QuitRequested())

    screen.app.push_screen(QuestionScreen(text.QUIT_TITLE, text.QUIT_QUESTION), answered)
