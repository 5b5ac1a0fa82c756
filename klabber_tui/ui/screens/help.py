"""Help: the active preset's rules from its options, card orders and points, the keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Markdown

from engine.rules import RuleSet

from klabber_tui.words import keys
from klabber_tui.words.help import help_markdown
from klabber_tui.words.rules_page import rules_page_markdown
from klabber_tui.ui.screens.modal import ModalPage, close_bindings, scroll_bindings
from klabber_tui.words.i18n import pgettext
from klabber_tui.ui.localized import LocalizedBindings


class HelpScreen(LocalizedBindings, ModalPage[None]):
    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [
            *close_bindings(keys.CLOSE, keys.HELP, keys.QUIT),
            Binding(keys.RULES_PAGE, "rules_page", pgettext('key.rules_page', 'Rules page')),  # issue 13: the players' rules page
            *scroll_bindings(),
        ]

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(classes="help-screen")
        self.rules = rules

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label(pgettext('help.title', 'Help'), classes="dialog-title")
            with VerticalScroll(id="help-scroll", classes="dialog-body"):
                yield Markdown(help_markdown(self.rules) + "\n\n" + pgettext('rules.key', 'Press {key} for the full rules page, with a worked deal.').format(key=keys.RULES_PAGE))

    def action_rules_page(self) -> None:
        self.app.push_screen(RulesPageScreen())

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)


class RulesPageScreen(LocalizedBindings, ModalPage[None]):
    """Issue 13: the players' rules page (assets/rules.md, shipped in the package), over help."""

    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [
            *close_bindings(keys.CLOSE, keys.RULES_PAGE, keys.QUIT),
            *scroll_bindings(),
        ]

    def __init__(self) -> None:
        super().__init__(classes="help-screen")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label(pgettext('rules.title', 'The rules, for players'), classes="dialog-title")
            with VerticalScroll(id="rules-scroll", classes="dialog-body"):
                yield Markdown(rules_page_markdown())

    def action_scroll(self, lines: int) -> None:
        self.query_one("#rules-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)
