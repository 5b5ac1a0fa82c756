"""The score sheet of rules.md §9: a row per deal, running totals, the target."""

from __future__ import annotations

from rich.table import Table
from textual.widgets import Static

from engine.cards import SUIT_SYMBOLS
from engine.match import SheetRow

from klabber_tui.words import i18n
from klabber_tui.words.i18n import pgettext
from klabber_tui.words.table.phrases import (
    SCORE_CELL,
    bot_word,
    score_columns,
    score_outcome_words,
    who_short,
    you_word,
)


class ScoreSheet(Static):
    _shown: tuple | None = None

    def show(self, rows: list[SheetRow], target: int, bot: str, *, watching: bool = False) -> None:
        """``watching``: two bots play, the sheet says 1 and 2 (Bot 1, Bot 2) rather than Y and B."""
        key = (tuple(rows), target, bot, i18n.current(), watching)
        if key == self._shown:
            return
        self._shown = key
        table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, expand=True, caption_justify="left",
                      caption=pgettext('score.target', 'to {target}: {you} {a} · {bot} {b}').format(target=target, you=you_word(watching=watching), bot=bot_word(watching=watching),
                                                       a=rows[-1].totals[0] if rows else 0,
                                                       b=rows[-1].totals[1] if rows else 0))
        for k, name in enumerate(score_columns(watching=watching)):
            table.add_column(name, justify="right" if k in (0, 5, 6) else "left", no_wrap=True)
        for row in rows:
            trump = "-" if row.trump is None else SUIT_SYMBOLS[row.trump]
            maker = "-" if row.maker is None else who_short(row.maker == 0, watching=watching)
            table.add_row(
                str(row.number), who_short(row.dealer == 0, watching=watching), trump, maker,
                score_outcome_words().get(row.outcome, row.outcome),
                SCORE_CELL.format(points=row.points[0], total=row.totals[0]),
                SCORE_CELL.format(points=row.points[1], total=row.totals[1]),
            )
        self.update(table)
