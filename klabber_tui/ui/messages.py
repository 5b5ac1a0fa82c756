"""What the screens ask of the App, as Textual messages (issue 9): a screen posts one and the App
handles it, so no screen reaches into the App's attributes and the App's module is imported by no
screen. Each message bubbles from the screen that posts it to the App.
"""

from __future__ import annotations

from textual.message import Message

from klabber_tui.practice.session import Finished


class SessionChanged(Message):
    """The session moved (an action applied, undone, a summary closed): the App saves it."""


class MatchOver(Message):
    """The last deal's summary is closed and the match is decided: the App offers a new one."""


class QuitRequested(Message):
    """The player chose to quit (asked first where a match is at stake): the App saves and exits."""


class SettingsRequested(Message):
    """``o`` on the table: the App opens the settings and hands the result back to the table."""


class LanguageChosen(Message):
    """Issue 12: the settings page chose another language; the App changes it at once."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang


class HelpRequested(Message):
    """Help for the rules in play: the App knows them even before a session exists."""


class ReviewRequested(Message):
    """``r`` on the table or a deal summary: review this finished deal (issue 5)."""

    def __init__(self, finished: Finished) -> None:
        super().__init__()
        self.finished = finished
