"""The table's buttons under the prompt (issue 30: out of the table screen): one per key the player
may press with the mouse, shown only when the key can do something now.

Each button is named by the key's action it runs (``BUTTONS``); the screen runs that action when it
is pressed, and the controller says which show (``TableController.button``).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Button

from klabber_tui.ui.widgets.buttons import ButtonBar
from klabber_tui.words import keys
from klabber_tui.words.cards import suit_text
from klabber_tui.words.table.phrases import button_labels_words

SUIT_KEYS = {key: suit for suit, key in enumerate(keys.SUITS)}  # the suit buttons, by the key that names each
# Each button by its name (its id is btn-<name>) and the table's action it runs, with its parameters.
BUTTONS: dict[str, tuple[str, tuple[object, ...]]] = {
    "take": ("bid", ("take",)), "pass": ("bid", ("pass",)), "schmeiss": ("bid", ("schmeiss",)),
    "yes": ("answer", (True,)), "no": ("answer", (False,)),
    **{key: ("name_suit", (suit,)) for key, suit in SUIT_KEYS.items()},
    "exchange": ("exchange", ()), "continue": ("release", ()),
}


class TableButtons(ButtonBar):
    def __init__(self, *, id: str) -> None:  # noqa: A002 (Textual's name)
        super().__init__(id=id)
        self.display = False  # issue 22: no button shows before the table knows what is asked

    def compose(self) -> ComposeResult:
        for name in BUTTONS:
            button = Button(self.label(name), id=f"btn-{name}", compact=True)
            button.can_focus = button.display = False
            yield button

    @staticmethod
    def label(name: str) -> str:
        """A suit button says the suit in words, its symbol and its key."""
        return f"{suit_text(SUIT_KEYS[name])} ({name})" if name in SUIT_KEYS else button_labels_words()[name]

    def show(self, names: frozenset[str]) -> None:
        """Only the buttons named, then the grid fitted to them."""
        for name in BUTTONS:
            button = self.query_one(f"#btn-{name}", Button)
            button.display = name in names
            if name in SUIT_KEYS and button.display:
                button.label = self.label(name)  # the ASCII setting may have changed
        self.fit()
