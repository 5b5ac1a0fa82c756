"""The player's statistics (issue 5): one table per preset, real matches and practice apart, and the
trend of points lost per decision. ``klabber stats`` prints the same tables with a text sparkline;
the page (key S) draws the trend with Textual's Sparkline.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Sparkline, Static

from .. import stats as stats_store
from .. import text
from ..safe_text import literal
from .modal import ModalPage

BARS = "▁▂▃▄▅▆▇█"


def _num(value: float | None, fmt: str) -> str:
    return text.NO_VALUE if value is None else format(value, fmt)


def preset_tables(stats: stats_store.Stats) -> list[Table]:
    """One table per preset: a row for real play and one for practice, where there is any."""
    by_preset: dict[str, list[stats_store.Summary]] = {}
    for summary in stats_store.summaries(stats):
        by_preset.setdefault(summary.preset, []).append(summary)
    tables = []
    for preset, rows in by_preset.items():
        title = literal(text.STATS_TABLE_TITLE.format(preset=text.preset_name(preset)),  # the preset is from the file
                        style="bold")
        table = Table(title=title, title_justify="left", box=None, padding=(0, 1, 0, 0), show_edge=False)
        for k, name in enumerate(text.STATS_COLUMNS):
            table.add_column(name, justify="left" if k == 0 else "right", no_wrap=True)
        for s in sorted(rows, key=lambda r: r.practice):
            agree = None if s.bid_agreement is None else 100 * s.bid_agreement
            table.add_row(
                text.STATS_PRACTICE if s.practice else text.STATS_REAL,
                str(s.matches), str(s.won), str(s.made_as_maker), str(s.bust_as_maker), str(s.tie_as_maker),
                str(s.bid_decisions), _num(agree, ".0f") + ("%" if agree is not None else ""),
                _num(s.bid_loss, ".1f"), str(s.card_decisions), _num(s.card_loss, ".1f"),
            )
        tables.append(table)
    return tables


def trend_window(stats: stats_store.Stats, kind: str) -> tuple[int, int]:
    """How many decisions of ``kind`` count (real play and drills) and how many go into one mark."""
    n = stats_store.decision_count(stats, kind)
    return n, max(1, min(20, n // 10))


def trends(stats: stats_store.Stats) -> list[tuple[str, int, int, list[float]]]:
    """(kind, decisions, window, values) for each kind of decision that has any."""
    result = []
    for kind in ("bid", "card"):
        n, window = trend_window(stats, kind)
        if n:
            result.append((kind, n, window, stats_store.trend(stats, None, kind, window)))
    return result


def sparkline_text(values: list[float], width: int = 60) -> str:
    """A text sparkline (the last ``width`` marks), scaled from the lowest value to the highest."""
    values = values[-width:]
    if not values:
        return ""
    low, high = min(values), max(values)
    if high - low < 1e-9:
        return BARS[0] * len(values)
    return "".join(BARS[round((v - low) / (high - low) * (len(BARS) - 1))] for v in values)


def is_empty(stats: stats_store.Stats) -> bool:
    return stats.is_empty()


def stats_report(stats: stats_store.Stats, message: str | None = None) -> RenderableType:
    """What ``klabber stats`` prints: the message of a moved-aside file, tables, trend lines."""
    parts: list[RenderableType] = []
    if message:
        parts.append(literal(message, style="yellow"))
    if is_empty(stats):
        parts.append(Text(text.STATS_EMPTY))
        return Group(*parts)
    for table in preset_tables(stats):
        parts.append(table)
        parts.append(Text(""))
    for kind, n, window, values in trends(stats):
        parts.append(Text(text.plural("stats_trend", n, kind=text.STATS_TREND_KIND[kind], window=window,
                                      line=sparkline_text(values))))
    parts.append(Text(text.STATS_NOTE, style="dim"))
    return Group(*parts)


class StatsScreen(ModalPage[None]):
    """The statistics page: tables per preset, and a Sparkline per kind of decision."""

    BINDINGS = [
        Binding("escape", "close", text.KEY_LABELS["close"]),
        Binding("S", "close", show=False),
        Binding("q", "close", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(classes="stats-screen")
        self.stats, self.message = stats_store.load()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="stats-dialog"):
            yield Label(text.STATS_TITLE, classes="dialog-title")
            with VerticalScroll(classes="dialog-body", id="stats-body"):
                if self.message:
                    yield Static(literal(self.message), id="stats-message")
                if is_empty(self.stats):
                    yield Static(text.STATS_EMPTY, id="stats-empty")
                else:
                    yield Static(Group(*preset_tables(self.stats)), id="stats-tables")
                    for kind, n, window, values in trends(self.stats):
                        yield Label(text.STATS_TREND_LABEL.format(kind=text.STATS_TREND_KIND[kind], n=n,
                                                                  window=window), classes="stats-trend-label")
                        yield Sparkline(values, summary_function=max, id=f"stats-trend-{kind}",
                                        classes="stats-trend")
                    yield Static(text.STATS_NOTE, classes="hint")
            yield Label(text.STATS_CLOSE, classes="hint")
