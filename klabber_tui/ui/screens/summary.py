"""After each deal: rules.md §8 laid out (cards, last trick, sequences, bella, totals, outcome)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.binding import Binding, BindingType

from engine.cards import mask_of, sorted_cards
from engine.rules import SEATS

from klabber_tui.words import keys
from klabber_tui.ui.messages import QuitRequested, ReviewRequested
from klabber_tui.practice.session import Finished, Session
from klabber_tui.ui.screens.message import MessageScreen
from klabber_tui.ui.screens.question import ask_to_quit
from klabber_tui.words.deal_score import deal_score_table
from klabber_tui.words.i18n import pgettext
from klabber_tui.words.cards import card_text, outcome_words, suit_text
from klabber_tui.words.table.phrases import bot_word, log_line, named, summary_rule_words, who, you_word


def summary_body(finished: Finished, totals: tuple[int, int], target: int, *, watching: bool = False) -> Group:
    """The deal's §8 breakdown; ``watching``: two bots played, named Bot 1 and Bot 2."""
    deal, you = finished.deal, finished.human_seat
    result = deal.result()
    parts: list = []
    if result.outcome == "thrown_in":
        parts.append(Text(pgettext('summary.thrown', 'Thrown in: nothing is scored.')))
    else:
        assert result.maker is not None and result.trump is not None
        parts.append(Text(pgettext('summary.maker', '{who} made {suit} trump.').format(who=who(result.maker == you, watching=watching),
                                                    suit=suit_text(result.trump))))
        parts.append(deal_score_table(result, you, watching=watching))
        parts.append(Text(summary_rule_words()[result.outcome]))
        last = deal.tricks[-1]
        cards = " ".join(card_text(c) for c in last.cards)
        parts.append(Text(pgettext('summary.last', 'Last trick: {cards}, won by {who} (+10).').format(cards=cards, who=named(last.winner == you, watching=watching))))
        for event in deal.events:
            if event.kind in ("sequences", "bella", "trump_run"):
                line = log_line(event, you, watching=watching)
                if line:
                    parts.append(Text(line))
    i = SEATS.index(you)

    def hand(k: int) -> str:
        cards = (*deal.first[k], *(deal.extra[k] or ())) if deal.trump is not None else deal.first[k]
        return " ".join(card_text(c) for c in sorted_cards(mask_of(cards), deal.trump))

    parts.append(Text(pgettext('summary.hands', 'The hands as dealt: {you_name} {you}; {bot_name} {bot}.').format(you_name=named(True, watching=watching), you=hand(i),
                                                bot_name=named(False, watching=watching), bot=hand(1 - i))))
    parts.append(Text(pgettext('summary.seed', 'Deck fingerprint {fp}, shuffle seed {seed}: the same seed always deals these cards.').format(seed=finished.seed, fp=finished.fingerprint)))
    parts.append(Text(pgettext('summary.totals', 'Match: {you} {a} — {bot} {b}, to {target}.').format(you=you_word(watching=watching), bot=bot_word(watching=watching), a=totals[0], b=totals[1],
                                                 target=target)))
    return Group(*parts)


class SummaryScreen(MessageScreen):
    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [  # with MessageScreen's keys: localized() merges every bindings() along the bases
            Binding(keys.REVIEW, "review", pgettext('key.review', 'Review')),  # issue 5
            Binding(keys.QUIT, "quit_game", pgettext('key.quit', 'Quit')),  # issue 22: as on the table, not a dead key
            Binding(keys.WHAT_IF, "what_if", pgettext("key.what_if", "What if")),  # issue 25
        ]

    @classmethod
    def of(cls, finished: Finished, session: Session) -> SummaryScreen:
        """The summary of a deal of ``session``'s match; watching, it closes by itself after three seconds."""
        return cls(finished, session.match.totals, session.match.target, auto_close=3.0 if session.watch else None,
                   ask_to_quit=not session.watch, watching=session.watch)

    def __init__(self, finished: Finished, totals: tuple[int, int], target: int,
                 auto_close: float | None = None, *, ask_to_quit: bool = True, watching: bool = False) -> None:
        """``ask_to_quit``: q asks first, as on the table while the match is at stake (else it quits);
        ``watching``: two bots played the deal."""
        outcome = outcome_words()[finished.deal.result().outcome]
        body = summary_body(finished, totals, target, watching=watching)
        if auto_close is None:
            body = Group(body, Text(pgettext('summary.review.hint', '{review}: review this deal with the coach · {go_on}: go on').format(
                review=keys.REVIEW, go_on=keys.name(keys.GO_ON)), style="dim"),
                         Text(pgettext("summary.what_if.hint", "{key}: what if you had chosen otherwise?").format(
                             key=keys.WHAT_IF), style="dim"))
        super().__init__(pgettext('summary.title', 'Deal {n}: {outcome}').format(n=finished.row.number, outcome=outcome), body,
                         auto_close=auto_close)
        self.finished = finished
        self.ask_to_quit = ask_to_quit

    def action_review(self) -> None:
        """Issue 5: the review of this deal, over the summary (closing it comes back here)."""
        if self.is_current and self.auto_close is None:
            self.post_message(ReviewRequested(self.finished))

    def action_what_if(self) -> None:
        """Issue 25: a decision of this deal made another way and played on, over the summary."""
        if self.is_current and self.auto_close is None:
            from klabber_tui.practice import coaching
            from klabber_tui.ui.screens.what_if import WhatIfScreen

            self.app.push_screen(WhatIfScreen(self.finished.deal, level=coaching.verdict_level()))

    def action_quit_game(self) -> None:
        """q: quit, asking first while the match is at stake; the save resumes on this summary."""
        if not self.is_current:
            return
        if self.ask_to_quit:
            ask_to_quit(self)
        else:
            self.post_message(QuitRequested())
