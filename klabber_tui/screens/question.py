"""A yes/no question (resume the saved match?, announce bella?): y, n, Enter for the default."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from .. import text
from .message import MessageScreen
from ..i18n import pgettext


class QuestionScreen(MessageScreen):
    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [
            Binding("y", "choose('yes')", pgettext('key.yes', 'Yes')),
            Binding("n", "choose('no')", pgettext('key.no', 'No')),
            Binding("enter", "choose('yes')", pgettext('key.yes', 'Yes'), show=False),
            Binding("space", "choose('yes')", pgettext('key.yes', 'Yes'), show=False),
            Binding("escape", "choose('no')", pgettext('key.no', 'No'), show=False),
        ]
    buttons = ("yes", "no")
