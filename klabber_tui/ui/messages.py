"""What the screens ask of the App, as Textual messages (issue 9): a screen posts one and the App
handles it, so no screen reaches into the App's attributes and the App's module is imported by no
screen. Each message bubbles from the screen that posts it to the App. The last two go from the table's
worker threads to the table itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

from engine.actions import Action

from klabber_tui.practice.session import Finished
from klabber_tui.practice.table import Position, Prepared

if TYPE_CHECKING:
    from ai.coach import Advice


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


class MistakesRequested(Message):
    """Issue 31, item 3: ``m`` on a match's report: the drill on these mistake deck entries (the App
    opens it, so the report page imports no drill page)."""

    def __init__(self, entries: list[dict]) -> None:
        super().__init__()
        self.entries = entries


class BotMoved(Message):
    """The bot's worker chose ``action`` at ``position``, as the bot of ``real_name`` (None: the level's)."""

    def __init__(self, action: Action, position: Position, real_name: str | None) -> None:
        super().__init__()
        self.action, self.position, self.real_name = action, position, real_name


class PositionEvaluated(Message):
    """The coach's evaluation of a bidding decision of the player, made while the player thought."""

    def __init__(self, key: Position, prepared: Prepared, advice: Advice | None, error: str | None = None) -> None:
        super().__init__()
        self.key, self.prepared, self.advice, self.error = key, prepared, advice, error
