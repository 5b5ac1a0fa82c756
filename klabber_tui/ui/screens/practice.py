"""What to drill (issue 25), key ``o`` on the drill screen: one situation or all of the preset's, how
close the positions must be (the margin), or the due positions of the mistake deck.

The page returns a :class:`Choice` (None when closed); the drill screen starts the new drill.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select

from engine.rules import RuleSet
from engine.situations import Situation, situations_for

from klabber_tui.practice.drill import MAX_MARGIN, MIN_MARGIN
from klabber_tui.words.i18n import npgettext, pgettext
from klabber_tui.ui.localized import LocalizedBindings
from klabber_tui.ui.screens.modal import ModalPage
from klabber_tui.words.names import situation_names_words
from klabber_tui.words.table.phrases import button_labels_words

EVERY = "every"  # the Select's value for every situation in turn


@dataclass(frozen=True)
class Choice:
    mistakes: bool  # the deck's due positions (then no situation or margin)
    situation: Situation | None = None
    margin: int = 0


def margin_of(value: str) -> int | None:
    """A margin typed by the player: a whole number in range, else None."""
    value = value.strip()
    if not (value.isascii() and value.isdigit() and len(value) <= 3):
        return None
    margin = int(value)
    return margin if MIN_MARGIN <= margin <= MAX_MARGIN else None


class PracticeOptions(LocalizedBindings, ModalPage[Choice]):
    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [Binding("escape", "close", pgettext('key.close', 'Close'))]

    def __init__(self, preset: str, situation: Situation | None, margin: int, due: int) -> None:
        super().__init__(classes="practice-options")
        self.preset = preset
        self.situation = situation
        self.margin = margin
        self.due = due

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(pgettext('practice.title', 'What to drill'), classes="dialog-title")
            yield Label(pgettext('practice.situation', 'Situation'))
            names = situation_names_words()
            options = [(pgettext('practice.every_situation', 'every situation in turn'), EVERY)] + [
                (names[s], str(s)) for s in situations_for(RuleSet.from_preset(self.preset))]
            yield Select(options, value=EVERY if self.situation is None else str(self.situation), allow_blank=False,
                         id="practice-situation")
            yield Label(pgettext('practice.margin', 'Margin: the best two choices within this many points ({low} to {high})').format(
                low=MIN_MARGIN, high=MAX_MARGIN))
            yield Input(str(self.margin), id="practice-margin", type="integer")
            yield Label("", id="practice-problem", classes="hint")
            yield Label(npgettext('count.deck_due', 'Your mistake deck: {n} position due now.',
                                  'Your mistake deck: {n} positions due now.', self.due).format(n=self.due), classes="hint")
            with Horizontal(classes="dialog-buttons"):
                yield Button(pgettext('practice.button.start', 'Drill'), id="practice-start", compact=True)
                yield Button(pgettext('practice.button.mistakes', 'My mistakes'), id="practice-mistakes", compact=True,
                             disabled=self.due == 0)
                yield Button(button_labels_words()["cancel"], id="practice-cancel", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if not self.is_current:
            return
        if event.button.id == "practice-cancel":
            self.action_close()
        elif event.button.id == "practice-mistakes":
            self.dismiss(Choice(True))
        elif event.button.id == "practice-start":
            margin = margin_of(self.query_one("#practice-margin", Input).value)
            if margin is None:
                self.query_one("#practice-problem", Label).update(
                    pgettext('practice.refusal.margin', 'The margin is a whole number from {low} to {high}.').format(
                        low=MIN_MARGIN, high=MAX_MARGIN))
                return
            chosen = str(self.query_one("#practice-situation", Select).value)
            self.dismiss(Choice(False, None if chosen == EVERY else Situation(chosen), margin))
