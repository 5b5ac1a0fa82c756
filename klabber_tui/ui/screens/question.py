"""A yes/no question (resume the saved match?, announce bella?): y, n, Enter for the default."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding, BindingType
from textual.screen import Screen

from klabber_tui.words import keys
from klabber_tui.ui.messages import QuitRequested
from klabber_tui.ui.screens.message import MessageScreen
from klabber_tui.words.i18n import pgettext


class QuestionScreen(MessageScreen):
    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [
            Binding(keys.YES, "choose('yes')", pgettext('key.yes', 'Yes')),
            Binding(keys.NO, "choose('no')", pgettext('key.no', 'No')),
            Binding("enter", "choose('yes')", pgettext('key.yes', 'Yes'), show=False),
            Binding("space", "choose('yes')", pgettext('key.yes', 'Yes'), show=False),
            Binding("escape", "choose('no')", pgettext('key.no', 'No'), show=False),
        ]
    buttons = ("yes", "no")


def ask_to_quit(screen: Screen[Any]) -> None:
    """q while a match is at stake (the table, the deal summary): ask, then quit saving the match."""

    def answered(choice: str | None) -> None:
        if choice == "yes":
            screen.post_message(QuitRequested())

    screen.app.push_screen(QuestionScreen(pgettext('quit.title', 'Quit?'), pgettext('quit.question', 'The match is saved after every move: klabber play resumes it at this point.\nQuit now ({yes})? {no} goes back to the table. {quit_now} quits at once.').format(
        yes=keys.name(keys.YES), no=keys.name(keys.NO), quit_now=keys.name(keys.QUIT_NOW))), answered)
