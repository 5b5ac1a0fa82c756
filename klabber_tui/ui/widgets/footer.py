"""The footer of keys, wrapping onto a second row rather than losing the keys at its right end.

At 80 columns the table's keys fill the row in English; a translation's longer words would push
"S Stats" and "q Quit" off the screen. The footer is a grid with as many columns as fit, each as
wide as its widest key, a space between them.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.events import Resize
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


def column_widths(widths: list[int], room: int) -> list[int]:
    """The widths of the most columns that cells of these widths, filled in row by row, can have
    within ``room`` cells: each column as wide as its widest cell, one cell between columns."""
    for count in range(len(widths), 0, -1):
        columns = [max(widths[c::count]) for c in range(count)]
        if sum(columns) + count - 1 <= room:
            return columns
    return [max(widths, default=1)]


def key_width(key: FooterKey) -> int:
    """A compact key's cells: the key, then a space and its words."""
    words = cell_len(key.description)
    return cell_len(key.key_display) + (1 + words if words else 0)


class WrappingFooter(Footer):
    def compose(self) -> ComposeResult:
        keys = list(super().compose())
        self._fit(k for k in keys if isinstance(k, FooterKey))
        yield from keys

    def on_resize(self, _event: Resize) -> None:
        self._fit(self.query(FooterKey))

    def _fit(self, keys: Iterable[FooterKey]) -> None:
        columns = column_widths([key_width(k) for k in keys], self.size.width or self.app.size.width)
        self.styles.grid_size_columns = len(columns)
        self.styles.grid_columns = " ".join(map(str, columns))
