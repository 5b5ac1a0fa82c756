"""A yes/no question (resume the saved match?, announce bella?): y, n, Enter for the default."""

from __future__ import annotations

from textual.binding import Binding

from .. import text
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
