"""A match's report (issue 31) as a page: the words of ``words.report`` over ``practice.report``'s
model, with the three costliest decisions each opening the what-if page on its deal (keys 1-3).

It opens at the match's end (``match_end.MatchEndScreen``, which keeps its own keys), from the table
for the match so far, and for a finished match from its file. No search runs here: the report reads
the statistics the coach wrote while the match was played; the what-if page plays lines on only when
the player asks it to. While the table's statistics writer is still busy (the last deal's cards being
judged), the page waits for it and then reads the rows again (``pending``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import Static

from klabber_tui.practice import report as model
from klabber_tui.ui.screens.message import MessageScreen
from klabber_tui.words import keys
from klabber_tui.words.i18n import pgettext
from klabber_tui.words.report import report_body

POLL = 0.25  # seconds between looks at a busy statistics writer (never judged by a test)


def what_if_bindings() -> list[BindingType]:
    """The costliest decisions' keys (1-3), and practising this match's mistakes (issue 31, item 3)."""
    return [*(Binding(keys.CARDS[k], f"what_if({k})", pgettext("key.report.what_if", "What if"), show=k == 0,
                      key_display=f"{keys.CARDS[0]}-{keys.CARDS[model.COSTLIEST - 1]}" if k == 0 else None)
              for k in range(model.COSTLIEST)),
            Binding(keys.MATCH_MISTAKES, "practise", pgettext("key.report.practise", "Practise its mistakes"))]


def match_mistakes(match_id: str) -> list[dict[str, Any]]:
    """The mistake deck's entries this match made (its bidding mistakes, put there at the table as
    they were made) that are due now: the drill's positions."""
    from klabber_tui.data import mistakes

    deck, _notes = mistakes.load()
    return [e for e in deck.due() if isinstance(e.get("origin"), dict) and e["origin"].get("match") == match_id]


class ReportScreen(MessageScreen):
    """Dismissed with ``continue`` (Enter, Space, Escape), as every message page."""

    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [*MessageScreen.bindings(), *what_if_bindings()]

    def __init__(self, save: dict[str, Any], *, pending: Callable[[], bool] | None = None,
                 head: RenderableType | None = None, title: str | None = None) -> None:
        self.save = save
        self.pending = pending
        self.head = head
        self.report: model.Report | None = self.build()
        super().__init__(title or pgettext("report.title", "The match's report"), self.render_report())

    @classmethod
    def opened_from(cls, host: Any) -> ReportScreen | None:
        """The page registry's (klabber_tui/ui/pages.py): from the table, the match so far (its save
        as it would be written now), once the statistics' writer has written what it holds."""
        controller = host.controller
        session = controller.session
        if session is None or session.watch:
            return None
        return cls(session.to_save(), pending=lambda: controller.coach.stats.busy)

    def build(self) -> model.Report:
        from klabber_tui.data import stats

        return model.report_of(self.save, stats.load()[0])

    def render_report(self) -> RenderableType:
        from klabber_tui.words.report import practise_line

        assert self.report is not None
        # the match's end (a head of its own) offers the suggested level with its key (match_end.py)
        body = report_body(self.report, head=self.head is None,
                           suggest_key=None if self.head is None else keys.name(keys.NEXT_LEVEL))
        offer = Text(practise_line(len(match_mistakes(self.report.match_id))))
        return Group(body, Text(""), offer) if self.head is None else Group(self.head, Text(""), offer, Text(""), body)

    waiting = False  # the statistics writer was busy: the rows are read again once it is done

    def on_mount(self) -> None:
        super().on_mount()
        if self.pending is not None and self.pending():
            self.waiting = True
            self._poll = self.set_interval(POLL, self._look)

    def _look(self) -> None:
        if self.pending is not None and self.pending():
            return
        self._poll.stop()
        self.report = self.build()
        self.body = self.render_report()
        self.query_one(".dialog-body Static", Static).update(self.body)
        self.waiting = False

    def action_practise(self) -> None:
        """Issue 31, item 3: the drill on this match's bidding mistakes, at once. The deck already holds
        them (the table put each in as it was made), so quitting here loses none: ``klabber drill
        --mistakes`` asks them too."""
        from klabber_tui.ui.messages import MistakesRequested
        from klabber_tui.words.report import no_mistakes_to_practise

        if self.report is None:
            return
        due = match_mistakes(self.report.match_id)
        if not due:
            self.notify(no_mistakes_to_practise(), timeout=6)
            return
        self.app.post_message(MistakesRequested(due))

    def action_what_if(self, place: int) -> None:
        """The what-if page on the deal of the costliest decision at ``place``, that decision first."""
        from klabber_tui.ui.screens.what_if import WhatIfScreen

        if self.report is not None and place < len(self.report.costliest):
            costly = self.report.costliest[place]
            self.app.push_screen(WhatIfScreen(model.deal_of(self.save, costly.deal), first=costly.action_index))
