"""The area under the cards where the player acts: the prompt and its buttons.

At 80 columns it spans both columns of the table's grid. Textual's grid measures an ``auto`` row
by the width of a cell's first column, which would leave blank lines under a prompt that wraps
less across the whole width; this area answers for the width it really gets.
"""

from __future__ import annotations

from textual.containers import Vertical
from textual.geometry import Size


class ActArea(Vertical):
    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self.styles.column_span > 1:
            width = container.width - self.styles.gutter.width
        return super().get_content_height(container, viewport, width)
