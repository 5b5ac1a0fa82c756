"""Where the table's notices appear (issue 31): a verdict's toast must not cover the score sheet it is
read beside, so the notices' rack starts under the sheet, in the right column, and ends above the
prompt; placed again on every notice and every resize (the sheet grows a row each deal)."""

from __future__ import annotations

from typing import Any

from textual import events, on
from textual.screen import Screen


class ToastsUnderTheScore(Screen[None]):
    """The table screen's notices, under its score sheet (``#score``) and above its acting area (``#act``).
    Textual's rack is found by its type name, so no private class is imported."""

    def notify(self, message: str, **options: Any) -> None:
        """Issue 31: a notice starts under the score sheet (at the right, over the older lines of the
        log), never over the totals a verdict at the end of a deal is read beside."""
        self.toasts_under_the_score()
        super().notify(message, **options)

    def toasts_under_the_score(self) -> None:
        """The notices' rack spans the right column from under the score sheet to above the prompt."""
        rack, sheet, act = self.query("ToastRack"), self.query("#score"), self.query("#act")
        if rack and sheet and act:
            top, left = sheet.first().region.bottom - self.region.y, sheet.first().region.x - self.region.x
            rack.first().styles.margin = (max(0, top), 0, 0, max(0, left))
            rack.first().styles.width = sheet.first().region.width
            rack.first().styles.max_height = max(3, act.first().region.y - self.region.y - top)

    @on(events.Resize)
    def _resized(self) -> None:
        self.call_after_refresh(self.toasts_under_the_score)
