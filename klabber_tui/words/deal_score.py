"""A deal's §8 breakdown as a Rich table: cards, last trick, sequences, bella, total, scored."""

from __future__ import annotations

from rich.table import Table

from engine.actions import Seat
from engine.scoring import DealResult
from klabber_tui.words.table.phrases import summary_columns_words, who


_KEYS = ("cards", "last_trick", "sequences", "bella", "total", "scored")


def deal_score_table(result: DealResult, you: Seat, *, watching: bool = False) -> Table:
    """Your row first, then the bot's (Bot 1's, then Bot 2's, when ``watching``); the maker is starred."""
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False)
    for k, name in enumerate(summary_columns_words()):
        table.add_column(name, justify="left" if k == 0 else "right", no_wrap=True)
    for seat in (you, you.other):
        score = result.seat(seat).as_dict()
        label = who(seat == you, watching=watching) + (" *" if seat == result.maker else "")
        table.add_row(label, *(str(score[key]) for key in _KEYS))
    return table
