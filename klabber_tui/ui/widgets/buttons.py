"""The row of buttons under the prompt, wrapping to more rows when the words need the room.

A grid whose column count is worked out from the widest button shown and the width there is, so
"Schmeiss (m)" and four suit buttons never lose their ends at 80 columns, nor in a longer language.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.containers import Container
from textual.events import Resize
from textual.widgets import Button


class ButtonBar(Container):
    """A grid of the buttons that are displayed; ``fit()`` after showing or hiding any of them."""

    def on_resize(self, _event: Resize) -> None:
        self.fit()

    def fit(self) -> None:
        shown = [b for b in self.query(Button) if b.display]
        self.display = bool(shown)  # no empty row under the prompt
        if not shown:
            return
        widest = max(self.button_width(b) for b in shown)
        room = self.content_size.width or self.screen.size.width
        self.styles.grid_columns = str(widest)
        self.styles.grid_size_columns = max(1, min(len(shown), room // widest))

    @staticmethod
    def button_width(button: Button) -> int:
        """The cells a button takes: its label, line pad and padding, and its margin (at least its min-width)."""
        styles = button.styles
        label = cell_len(str(button.label)) + 2 * styles.line_pad + styles.padding.width
        minimum = int(styles.min_width.value) if styles.min_width is not None else 0
        return max(label, minimum) + styles.margin.width
