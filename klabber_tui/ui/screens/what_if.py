"""What if (issue 25), in the game: from the deal summary or the review (``w``), pick a decision of
the deal and another legal choice; the deal is played on from there with the same cards by the
verdict level for both seats, beside what happened and the same choice played on, with the coach's
values of the decision from the deciding seat's view (``klabber_tui.words.what_if`` draws it, as
``klabber replay --what-if`` prints it). Both lines are played in a thread worker.
"""

from __future__ import annotations

from rich.console import RenderableType
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from engine.actions import Action, Seat
from engine.deal import Deal
from engine.record import Record, parse_record, record_of

from klabber_tui.words import keys
from klabber_tui.words.i18n import pgettext
from klabber_tui.ui.localized import LocalizedBindings
from klabber_tui.practice.review import decision_points
from klabber_tui.data.safe_text import literal
from klabber_tui.words.what_if import refusal_text, render_what_if
from klabber_tui.ui.screens.modal import ModalPage
from klabber_tui.words.cards import seat_names_words
from klabber_tui.words.coach.verdicts import coach_action_text


class LinesReady(Message):
    def __init__(self, body: RenderableType, token: int) -> None:
        super().__init__()
        self.body = body
        self.token = token


BACK_KEY = "escape"


class WhatIfScreen(LocalizedBindings, ModalPage[None]):
    """Decisions on the left, the other choices of the one highlighted on the right; Enter plays."""

    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [
            Binding(BACK_KEY, "back", pgettext("key.back", "Back")),
            Binding(keys.WHAT_IF, "close", pgettext("key.close", "Close")),
            Binding(keys.RIGHT, "focus_list('#what-if-choices')", show=False),
            Binding(keys.LEFT, "focus_list('#what-if-decisions')", show=False),
            Binding("pagedown", "scroll(8)", show=False),
            Binding("pageup", "scroll(-8)", show=False),
        ]

    def __init__(self, deal: Deal, *, level: str | None = None, seed: int = 0,
                 first: int | None = None) -> None:
        """``first``: the index of the decision highlighted at the start (the review's costliest)."""
        super().__init__(classes="what-if-screen")
        from ai import registry

        self.record: Record = parse_record(record_of(deal))
        self.deal = deal
        self.level = registry.VERDICT_LEVEL if level is None else level
        self.seed = seed
        before = self.record.new_deal()
        self.decisions = decision_points(before, deal.actions, tuple(Seat))
        self.choices: dict[int, list[Action]] = {}  # each decision's other choices, by the option's place
        replayed = before.clone()
        for k, (seat, action) in enumerate(deal.actions):
            if k in self.decisions:
                self.choices[k] = [a for a in replayed.legal_actions(seat) if a != action]
            replayed.apply(seat, action)
        self.first = self.decisions.index(first) if first in self.decisions else 0
        self.token = 0
        self.body: RenderableType = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide what-if"):
            yield Label(pgettext("what_if.title", "What if: another choice, played on"), classes="dialog-title")
            with Horizontal(id="what-if-pick"):
                yield OptionList(*(Option(self._decision_text(k), id=str(k)) for k in self.decisions),
                                 id="what-if-decisions")
                yield OptionList(id="what-if-choices")
            yield Static("", id="what-if-status")
            with VerticalScroll(id="what-if-scroll", classes="dialog-body"):
                yield Static("", id="what-if-body")
            arrows = f"{keys.names('up', 'down', between='')} {keys.names(keys.LEFT, keys.RIGHT)}"
            yield Label(pgettext("what_if.hint",
                                 "{arrows} a decision, another choice · {play}: play it on · {back}: back · {close}: "
                                 "close").format(arrows=arrows, play=keys.name("enter"), back=keys.name(BACK_KEY),
                                                 close=keys.name(keys.WHAT_IF)), classes="hint")

    def _decision_text(self, k: int) -> str:
        seat, action = self.deal.actions[k]
        # Only numbers and names: no words of its own to translate.
        return f"{k}. {seat_names_words()[seat]}: {coach_action_text(action, True)}"

    def on_mount(self) -> None:
        self.query_one("#what-if-scroll").display = False
        decisions = self.query_one("#what-if-decisions", OptionList)
        decisions.focus()
        if self.decisions:
            decisions.highlighted = self.first
        else:
            self.query_one("#what-if-status", Static).update(
                pgettext("what_if.no_decision", "This deal has no decision with another choice."))

    @on(OptionList.OptionHighlighted, "#what-if-decisions")
    def decision_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_choices(int(event.option.id or 0))

    def _show_choices(self, k: int) -> None:
        choices = self.query_one("#what-if-choices", OptionList)
        choices.clear_options()
        choices.add_options([Option(coach_action_text(a, True), id=f"{k}:{n}")
                             for n, a in enumerate(self.choices[k])])
        if self.choices[k]:
            choices.highlighted = 0

    @on(OptionList.OptionSelected, "#what-if-decisions")
    def decision_selected(self) -> None:
        self.query_one("#what-if-choices", OptionList).focus()

    @on(OptionList.OptionSelected, "#what-if-choices")
    def choice_selected(self, event: OptionList.OptionSelected) -> None:
        index, _, place = (event.option.id or "").partition(":")
        self.play(int(index), self.choices[int(index)][int(place)])

    def play(self, index: int, alternative: Action) -> None:
        """Play both lines on in a worker; the page shows them when they are ready."""
        self.token += 1
        token = self.token
        self.query_one("#what-if-status", Static).update(
            pgettext("what_if.playing_on", "Playing both lines on with the same cards…"))
        self.workers.cancel_group(self, "what-if")
        self.run_worker(lambda: self._compute(index, alternative, token), thread=True, exclusive=True,
                        group="what-if")

    def _compute(self, index: int, alternative: Action, token: int) -> None:
        from ai.what_if import WhatIfRefusal, what_if

        try:
            result = what_if(self.record, index, alternative, self.seed, self.level)
        except WhatIfRefusal as refused:  # a thrown-in deal whose extra cards were never dealt
            self.post_message(LinesReady(literal(refusal_text(refused)), token))
            return
        self.post_message(LinesReady(render_what_if(result), token))

    def on_lines_ready(self, message: LinesReady) -> None:
        if message.token != self.token:
            return
        self.body = message.body
        self.query_one("#what-if-status", Static).update("")
        self.query_one("#what-if-pick").display = False
        scroll = self.query_one("#what-if-scroll", VerticalScroll)
        scroll.display = True
        self.query_one("#what-if-body", Static).update(message.body)
        scroll.focus()

    def action_back(self) -> None:
        """From the lines back to the choice; from the choice, close the page."""
        pick = self.query_one("#what-if-pick")
        if pick.display:
            self.action_close()
            return
        self.token += 1  # an answer still coming is for a choice no longer on screen
        self.query_one("#what-if-scroll").display = False
        pick.display = True
        self.query_one("#what-if-choices", OptionList).focus()

    def action_focus_list(self, selector: str) -> None:
        if self.query_one("#what-if-pick").display:
            self.query_one(selector, OptionList).focus()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#what-if-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def closing(self) -> None:
        self.workers.cancel_group(self, "what-if")
