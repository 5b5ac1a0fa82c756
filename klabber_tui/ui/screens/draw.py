"""The draw for the first dealer (rules.md §2), shown when a match starts."""

from __future__ import annotations

from engine.match import first_dealer_from

from klabber_tui.practice.session import Session
from klabber_tui.ui.screens.message import MessageScreen
from klabber_tui.words.i18n import pgettext
from klabber_tui.words.table.phrases import draw_text


class DrawScreen(MessageScreen):
    @classmethod
    def of(cls, session: Session) -> DrawScreen:
        """The draw of a new match; watching, it closes by itself after two seconds."""
        return cls(session.match.draws, first_dealer_from(session.match.draws) == 0,
                   2.0 if session.watch else None, watching=session.watch)

    def __init__(self, draws: tuple[tuple[int, int], ...], first_dealer_you: bool,
                 auto_close: float | None = None, *, watching: bool = False) -> None:
        """``watching``: two bots draw, named Bot 1 and Bot 2."""
        super().__init__(pgettext('draw.title', 'The draw for the first dealer'),
                         draw_text(draws, first_dealer_you, watching=watching),
                         auto_close=auto_close)
