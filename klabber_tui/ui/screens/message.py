"""A modal page with a title, a body and a Continue button (Enter, Space or Escape closes it)."""

from __future__ import annotations

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Label, Static

from klabber_tui.words import keys
from klabber_tui.data.safe_text import literal
from klabber_tui.ui.screens.modal import ModalPage
from klabber_tui.words.i18n import pgettext
from klabber_tui.ui.localized import LocalizedBindings
from klabber_tui.words.table.phrases import button_labels_words


class MessageScreen(LocalizedBindings, ModalPage[str]):
    """Dismissed with the id of the button chosen (``continue`` by default). A body given as a string
    is shown as plain text (it may quote a name or a file; issue 8), never as markup."""

    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [
            Binding(keys.GO_ON, "choose('continue')", pgettext('key.continue', 'Continue')),
            Binding("space", "choose('continue')", pgettext('key.continue', 'Continue'), show=False),
            Binding(keys.CLOSE, "choose('continue')", pgettext('key.close', 'Close'), show=False),
        ]
    buttons: tuple[str, ...] = ("continue",)

    def __init__(self, title: str, body: RenderableType, *, auto_close: float | None = None) -> None:
        super().__init__(classes="message-screen")
        self.title_text = title
        self.body = body
        self.auto_close = auto_close

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(literal(self.title_text), classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield Static(literal(self.body) if isinstance(self.body, str) else self.body)
            with Horizontal(classes="dialog-buttons"):
                for name in self.buttons:
                    button = Button(button_labels_words()[name], id=f"btn-{name}", compact=True)
                    button.can_focus = False
                    yield button

    def on_mount(self) -> None:
        if self.auto_close is not None:
            self.set_timer(self.auto_close, lambda: self.action_choose("continue"))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_choose((event.button.id or "btn-continue").removeprefix("btn-"))

    def action_choose(self, choice: str) -> None:
        if self.is_current:
            self.dismiss(choice)
