"""The end of a match: the result, and the offer of a new match."""

from __future__ import annotations

from textual.binding import Binding

from .. import text
from ..session import Session
from .message import MessageScreen


def result_text(session: Session) -> str:
    a, b = session.match.totals
    if session.watch:
        line = text.MATCH_END_WATCH.format(winner=session.names[session.match.winner or 0], a=max(a, b),
                                           b=min(a, b))
    elif session.match.winner == 0:
        line = text.MATCH_END_WIN.format(a=a, b=b)
    else:
        line = text.MATCH_END_LOSS.format(bot=session.names[1], a=a, b=b)
    lines = [line]
    if session.practice:
        lines.append(text.MATCH_END_PRACTICE)
    lines.append(text.MATCH_END_OFFER)
    return "\n".join(lines)


class MatchEndScreen(MessageScreen):
    BINDINGS = [
        Binding("n", "choose('new_match')", text.KEY_LABELS["new_match"]),
        Binding("enter", "choose('new_match')", text.KEY_LABELS["new_match"], show=False),
        Binding("q", "choose('quit')", text.KEY_LABELS["quit"]),
        Binding("escape", "choose('quit')", text.KEY_LABELS["quit"], show=False),
    ]
    buttons = ("new_match", "quit")

    def __init__(self, session: Session) -> None:
        super().__init__(text.MATCH_END_TITLE, result_text(session))
