"""After each deal: rules.md §8 laid out (cards, last trick, sequences, bella, totals, outcome)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.binding import Binding

from engine.cards import mask_of, sorted_cards
from engine.rules import SEATS

from .. import text
from ..messages import QuitRequested, ReviewRequested
from ..session import Finished
from .message import MessageScreen
from .question import ask_to_quit
from ..widgets.deal_score import deal_score_table


def summary_body(finished: Finished, totals: tuple[int, int], target: int, ascii_suits: bool) -> Group:
    deal, you = finished.deal, finished.human_seat
    result = deal.result()
    parts: list = []
    if result.outcome == "thrown_in":
        parts.append(Text(text.SUMMARY_THROWN))
    else:
        assert result.maker is not None and result.trump is not None
        parts.append(Text(text.SUMMARY_MAKER.format(who=text.who(result.maker == you),
                                                    suit=text.suit_text(result.trump, ascii_suits))))
        parts.append(deal_score_table(result, you))
        parts.append(Text(text.SUMMARY_RULE[result.outcome]))
        last = deal.tricks[-1]
        cards = " ".join(text.card_text(c, ascii_suits) for c in last.cards)
        parts.append(Text(text.SUMMARY_LAST.format(cards=cards, who=text.named(last.winner == you))))
        for event in deal.events:
            if event.kind in ("sequences", "bella", "trump_run"):
                line = text.log_line(event, you, ascii_suits)
                if line:
                    parts.append(Text(line))
    i = SEATS.index(you)

    def hand(k: int) -> str:
        cards = (*deal.first[k], *(deal.extra[k] or ())) if deal.trump is not None else deal.first[k]
        return " ".join(text.card_text(c, ascii_suits) for c in sorted_cards(mask_of(cards), deal.trump))

    parts.append(Text(text.SUMMARY_HANDS.format(you_name=text.named(True), you=hand(i),
                                                bot_name=text.named(False), bot=hand(1 - i))))
    parts.append(Text(text.SUMMARY_SEED.format(seed=finished.seed, fp=finished.fingerprint)))
    parts.append(Text(text.SUMMARY_TOTALS.format(you=text.YOU, bot=text.BOT, a=totals[0], b=totals[1],
                                                 target=target)))
    return Group(*parts)


class SummaryScreen(MessageScreen):
    BINDINGS = [
        *MessageScreen.BINDINGS,
        Binding("r", "review", text.KEY_LABELS["review"]),  # issue 5
        Binding("q", "quit_game", text.KEY_LABELS["quit"]),  # issue 22: as on the table, not a dead key
    ]

    def __init__(self, finished: Finished, totals: tuple[int, int], target: int, ascii_suits: bool,
                 auto_close: float | None = None, *, ask_to_quit: bool = True) -> None:
        """``ask_to_quit``: q asks first, as on the table while the match is at stake (else it quits)."""
        outcome = text.OUTCOME_WORDS[finished.deal.result().outcome]
        body = summary_body(finished, totals, target, ascii_suits)
        if auto_close is None:
            body = Group(body, Text(text.SUMMARY_REVIEW_HINT, style="dim"))
        super().__init__(text.SUMMARY_TITLE.format(n=finished.row.number, outcome=outcome), body,
                         auto_close=auto_close)
        self.finished = finished
        self.ask_to_quit = ask_to_quit

    def action_review(self) -> None:
        """Issue 5: the review of this deal, over the summary (closing it comes back here)."""
        if self.is_current and self.auto_close is None:
            self.post_message(ReviewRequested(self.finished))

    def action_quit_game(self) -> None:
        """q: quit, asking first while the match is at stake; the save resumes on this summary."""
        if not self.is_current:
            return
        if self.ask_to_quit:
            ask_to_quit(self)
        else:
            self.post_message(QuitRequested())
