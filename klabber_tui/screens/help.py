"""Help: the active preset's rules from its options, card orders and points, the keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Markdown

from engine.rules import RuleSet

from .. import text
from ..help_text import help_markdown
from ..rules_page import rules_page_markdown
from .modal import ModalPage


class HelpScreen(ModalPage[None]):
    BINDINGS = [
        Binding("escape", "close", text.KEY_LABELS["close"]),
        Binding("question_mark", "close", text.KEY_LABELS["close"], show=False),
        Binding("q", "close", text.KEY_LABELS["close"], show=False),
        Binding("r", "rules_page", text.KEY_LABELS["rules_page"]),  # issue 13: the players' rules page
        Binding("down", "scroll(1)", show=False),
        Binding("up", "scroll(-1)", show=False),
        Binding("pagedown", "scroll(10)", show=False),
        Binding("pageup", "scroll(-10)", show=False),
    ]

    def __init__(self, rules: RuleSet) -> None:
        super().__init__(classes="help-screen")
        self.rules = rules

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label(text.HELP_TITLE, classes="dialog-title")
            with VerticalScroll(id="help-scroll", classes="dialog-body"):
                yield Markdown(help_markdown(self.rules) + "\n\n" + text.RULES_KEY)

    def action_rules_page(self) -> None:
        self.app.push_screen(RulesPageScreen())

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)


class RulesPageScreen(ModalPage[None]):
    """Issue 13: the players' rules page (assets/rules.md, shipped in the package), over help."""

    BINDINGS = [
        Binding("escape", "close", text.KEY_LABELS["close"]),
        Binding("r", "close", text.KEY_LABELS["close"], show=False),
        Binding("q", "close", text.KEY_LABELS["close"], show=False),
        Binding("down", "scroll(1)", show=False),
        Binding("up", "scroll(-1)", show=False),
        Binding("pagedown", "scroll(10)", show=False),
        Binding("pageup", "scroll(-10)", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(classes="help-screen")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Label(text.RULES_TITLE, classes="dialog-title")
            with VerticalScroll(id="rules-scroll", classes="dialog-body"):
                yield Markdown(rules_page_markdown())

    def action_scroll(self, lines: int) -> None:
        self.query_one("#rules-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)
