"""The review of a finished deal (issue 5): all the cards, each choice of the player judged by the
coach, the costliest first. The judging runs in a thread worker with a progress bar; ``r`` or
Escape closes the page (and stops the worker)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Label, ProgressBar, Static
from textual.worker import get_current_worker

from engine.actions import SEATS, Seat
from engine.record import parse_record, record_of

from klabber_tui.words import keys
from klabber_tui.data.safe_text import literal
from klabber_tui.practice.session import Finished
from klabber_tui.practice import coaching
from klabber_tui.practice.review import Review, review_deal
from klabber_tui.words.files import said_text
from klabber_tui.words.review import render_review
from klabber_tui.ui.screens.modal import ModalPage, close_bindings, scroll_bindings
from klabber_tui.words.i18n import pgettext
from klabber_tui.ui.localized import LocalizedBindings
from klabber_tui.words.table.phrases import bot_word, you_word


class ReviewProgress(Message):
    def __init__(self, done: int, total: int) -> None:
        super().__init__()
        self.done = done
        self.total = total


class ReviewReady(Message):
    def __init__(self, review: Review | None, error: str | None = None) -> None:
        super().__init__()
        self.review = review
        self.error = error


def standings_before(finished: Finished, target: int) -> dict[Seat, Any]:
    """Each seat's ``Standing`` before the deal, from its score-sheet row (player 0 is the human)."""
    from ai.mc import Standing

    row = finished.row
    before = (row.totals[0] - row.points[0], row.totals[1] - row.points[1])
    human = finished.human_seat
    bot = human.other
    return {human: Standing(before[0], before[1], target), bot: Standing(before[1], before[0], target)}


class ReviewScreen(LocalizedBindings, ModalPage[None]):
    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [
            *close_bindings(keys.REVIEW, keys.CLOSE, keys.QUIT),
            Binding(keys.WHAT_IF, "what_if", pgettext("key.what_if", "What if")),  # issue 25
            *scroll_bindings(),
            Binding("home", "scroll(-10000)", show=False),
            Binding("end", "scroll(10000)", show=False),
        ]

    def __init__(self, finished: Finished, target: int, *, level: str | None = None) -> None:
        super().__init__(classes="message-screen review-screen")
        self.finished = finished
        self.target = target
        self.level = level
        self.review: Review | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label(pgettext('review.title', 'Review of deal {n}').format(n=self.finished.row.number), classes="dialog-title")
            yield Label(pgettext('review.working', 'Reviewing your decisions: {done} of {total}…').format(done=0, total="…"), id="review-status")
            yield ProgressBar(id="review-progress", show_eta=False)
            with VerticalScroll(id="review-scroll", classes="dialog-body"):
                yield Static("", id="review-body")
            yield Label(pgettext('review.hint', '{scroll} scroll · {key} or {close} closes').format(
                scroll=keys.names(*keys.SCROLL), key=keys.REVIEW, close=keys.name(keys.CLOSE)), classes="hint")

    def on_mount(self) -> None:
        self.run_worker(self._compute, thread=True, exclusive=True, group="review")

    def _compute(self) -> None:
        worker = get_current_worker()
        deal = self.finished.deal
        try:
            record = parse_record(record_of(deal))
            # issue 24: the bot's decisions are judged too, each from its own view
            review = review_deal(record.new_deal(), deal.actions, SEATS, self.level,
                                 standings_before(self.finished, self.target),
                                 progress=lambda done, total: self.post_message(ReviewProgress(done, total)),
                                 cancelled=lambda: worker.is_cancelled)
        except Exception as error:  # the review must never crash the game
            self.post_message(ReviewReady(None, str(error) or type(error).__name__))
            return
        if not worker.is_cancelled:
            self.post_message(ReviewReady(review))
            human = self.finished.human_seat  # issue 25: its bidding mistakes go into the deck
            said = coaching.record_review_mistakes(review, human, record_of(deal),
                                                   standings_before(self.finished, self.target)[human])
            if said:
                self.app.call_from_thread(self.notify, said_text(said) or "", severity="warning", timeout=10, markup=False)

    def on_review_progress(self, message: ReviewProgress) -> None:
        self.query_one("#review-progress", ProgressBar).update(total=max(1, message.total), progress=message.done)
        self.query_one("#review-status", Label).update(
            pgettext('review.working', 'Reviewing your decisions: {done} of {total}…').format(done=message.done, total=message.total))

    def on_review_ready(self, message: ReviewReady) -> None:
        self.query_one("#review-progress", ProgressBar).display = False
        status = self.query_one("#review-status", Label)
        if message.review is None:
            status.update(literal(pgettext('coach.failed', 'The coach could not evaluate this position: {reason}').format(reason=message.error)))  # an error may quote brackets
            return
        status.display = False
        self.review = message.review
        human = self.finished.human_seat
        names = {human: you_word(), human.other: bot_word()}
        self.query_one("#review-body", Static).update(
            render_review(message.review, (human, human.other), names, bots=(human.other,)))

    def action_what_if(self) -> None:
        """Issue 25: a decision of this deal made another way and played on, over the review."""
        if self.is_current:
            from klabber_tui.ui.screens.what_if import WhatIfScreen

            costly = self.review.costliest(self.finished.human_seat, limit=1) if self.review is not None else []
            self.app.push_screen(WhatIfScreen(self.finished.deal, level=self.level,
                                              first=costly[0].index if costly else None))

    def action_scroll(self, lines: int) -> None:
        self.query_one("#review-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def closing(self) -> None:
        self.workers.cancel_group(self, "review")
