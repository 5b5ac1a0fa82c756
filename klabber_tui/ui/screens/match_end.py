"""The end of a match: the result, and the offer of a new match."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from klabber_tui.words import keys
from klabber_tui.practice.session import Session
from klabber_tui.ui.screens.message import MessageScreen
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


class MatchEndScreen(MessageScreen):
    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [
            Binding(keys.NEW_MATCH, "choose('new_match')", pgettext('key.new_match', 'New match')),
            Binding("enter", "choose('new_match')", pgettext('key.new_match', 'New match'), show=False),
            Binding(keys.QUIT, "choose('quit')", pgettext('key.quit', 'Quit')),
            Binding("escape", "choose('quit')", pgettext('key.quit', 'Quit'), show=False),
        ]
    buttons = ("new_match", "quit")

    def __init__(self, session: Session) -> None:
        super().__init__(pgettext('match.end.title', 'The match is over'), result_text(session))
