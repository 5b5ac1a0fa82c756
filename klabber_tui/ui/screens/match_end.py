"""The end of a match: the result, the offer of a new match, and (issue 31) the match's report."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.binding import Binding, BindingType

from klabber_tui.words import keys
from klabber_tui.practice.session import Session
from klabber_tui.ui.screens.message import MessageScreen
from klabber_tui.ui.screens.report import ReportScreen, what_if_bindings
from klabber_tui.words.i18n import pgettext
from klabber_tui.words.table.phrases import shown_name


def result_text(session: Session) -> str:
    a, b = session.match.totals
    if session.watch:
        line = pgettext('match.end.watch', '{winner} wins, {a} to {b}.').format(winner=shown_name(session.names[session.match.winner or 0]), a=max(a, b),
                                           b=min(a, b))
    elif session.match.winner == 0:
        line = pgettext('match.end.win', 'You win {a} to {b}!').format(a=a, b=b)
    else:
        line = pgettext('match.end.loss', '{bot} wins {b} to {a}.').format(bot=shown_name(session.names[1]), a=a, b=b)
    lines = [line]
    if session.practice:
        lines.append(pgettext('match.end.practice', '(Undo was used: this match counts as practice.)'))
    lines.append(pgettext('match.end.offer', '{new}: a new match · {quit}: quit').format(new=keys.NEW_MATCH, quit=keys.QUIT))
    return "\n".join(lines)


def _end_bindings() -> list[BindingType]:
    return [
        Binding(keys.NEW_MATCH, "choose('new_match')", pgettext('key.new_match', 'New match')),
        Binding("enter", "choose('new_match')", pgettext('key.new_match', 'New match'), show=False),
        Binding(keys.QUIT, "choose('quit')", pgettext('key.quit', 'Quit')),
        Binding("escape", "choose('quit')", pgettext('key.quit', 'Quit'), show=False),
    ]


class MatchEndScreen(ReportScreen):
    """Issue 31: the match's report under the result and its keys (a watched match has no report:
    the result alone, as before)."""

    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [*_end_bindings(), *what_if_bindings(),
                Binding(keys.NEXT_LEVEL, "choose('next_level')", pgettext('key.next_level', 'Next level'), show=False)]
    buttons = ("new_match", "quit")

    def action_choose(self, choice: str) -> None:
        """``next_level`` (issue 31, item 4): a new match at the level the report suggests, only when
        it suggests one (the player's bidding interval lies wholly above the level faced): the
        screen is dismissed with ``level:<name>``, and the App plays the next match at it."""
        if choice == "next_level":
            if self.report is None or self.report.suggestion is None:
                return
            choice = f"level:{self.report.suggestion}"
        super().action_choose(choice)

    def __init__(self, session: Session, pending: Callable[[], bool] | None = None) -> None:
        title = pgettext('match.end.title', 'The match is over')
        if session.watch:
            MessageScreen.__init__(self, title, result_text(session))
            self.report = None
            self.pending = None
            return
        super().__init__(session.to_save(), pending=pending, head=Text(result_text(session)), title=title)

