"""The finished matches (issue 31): a list, newest first, from the statistics page (``M``); Enter
opens the chosen match's report (``report.ReportScreen``)."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from klabber_tui.data.safe_text import literal
from klabber_tui.practice import report as model
from klabber_tui.ui.localized import LocalizedBindings
from klabber_tui.ui.screens.modal import ModalPage
from klabber_tui.words import keys
from klabber_tui.words.i18n import pgettext
from klabber_tui.words.report import match_line


class MatchesScreen(LocalizedBindings, ModalPage[None]):
    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [Binding(keys.CLOSE, "close", pgettext("key.close", "Close"))]

    def __init__(self) -> None:
        super().__init__(classes="message-screen")
        self.matches: list[tuple[Any, dict[str, Any]]] = model.finished_matches()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(pgettext("matches.title", "Finished matches"), classes="dialog-title")
            if not self.matches:
                yield Static(pgettext("matches.none", "No finished match yet: play one to its end."))
            else:
                yield OptionList(*(Option(literal(match_line(save)), id=str(k))
                                   for k, (_path, save) in enumerate(self.matches)), id="matches-list")
            yield Label(pgettext("matches.hint", "{enter}: its report · {close}: close").format(
                enter=keys.name("enter"), close=keys.name(keys.CLOSE)), classes="hint")

    def on_mount(self) -> None:
        if self.matches:
            self.query_one("#matches-list", OptionList).focus()

    @on(OptionList.OptionSelected, "#matches-list")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        from klabber_tui.ui.screens.report import ReportScreen

        _path, save = self.matches[int(event.option.id or 0)]
        self.app.push_screen(ReportScreen(save))
