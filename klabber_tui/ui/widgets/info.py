"""Who deals, who is to act, the trump and the maker, the stage."""

from __future__ import annotations

from textual.widgets import Static


class InfoPanel(Static):
    def show(self, lines: tuple[str, str]) -> None:
        self.update("\n".join(lines))
