"""The player's statistics (issue 5): one table per preset, real matches and practice apart, bids and
cards apart, and under it that preset's trend of points lost per decision (issue 11: never mixed). ``klabber stats`` prints the same tables with a text sparkline;
the page (key S) draws the trend with Textual's Sparkline.
"""

from __future__ import annotations

import heapq
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Sparkline, Static

from engine.rules import PRESETS

from klabber_tui.practice import progress, situation_stats
from klabber_tui.data import stats as stats_store
from klabber_tui.words import keys
from klabber_tui.data.safe_text import literal
from klabber_tui.ui.screens.modal import ModalPage
from klabber_tui.words.i18n import Number, npgettext, pgettext
from klabber_tui.ui.localized import LocalizedBindings
from klabber_tui.words.files import notes_text
from klabber_tui.words.names import preset_title, situation_names_words
from klabber_tui.words.stats import (
    NO_VALUE,
    STATS_TABLE_TITLE,
    stats_columns_words,
    stats_kind_words,
    stats_trend_kind_words,
)

BARS = "▁▂▃▄▅▆▇█"


def _num(value: float | None, fmt: str) -> str:
    """A figure of the tables in the game's language's notation (2.2, 2,2), or the no-value mark."""
    return NO_VALUE if value is None else format(Number(value), fmt)


MAX_PRESETS_SHOWN = 12  # presets this version knows come first; names a file made up beyond these are counted


def shown_presets(stats: stats_store.Stats) -> tuple[dict[str, list[progress.Summary]], int]:
    """The summaries by preset: the presets this version knows, then other names from the file, at
    most MAX_PRESETS_SHOWN in all (a file of made-up names must not make thousands of tables); and
    how many names are not shown. Two passes over the rows, whatever the names."""
    names = progress.preset_names(stats)
    shown = heapq.nsmallest(MAX_PRESETS_SHOWN, names, key=lambda name: (name not in PRESETS, name))
    by_preset: dict[str, list[progress.Summary]] = {name: [] for name in shown}
    for summary in progress.summaries(stats, set(shown)):
        by_preset[summary.preset].append(summary)
    return by_preset, len(names) - len(shown)


def _by_preset(stats: stats_store.Stats) -> dict[str, list[progress.Summary]]:
    return shown_presets(stats)[0]


def preset_table(preset: str, rows: list[progress.Summary]) -> Table:
    """One preset's table: real play and practice, each with a row for its bids and one for its
    cards (issue 11: the two kinds of decision apart)."""
    title = literal(STATS_TABLE_TITLE.format(preset=preset_title(preset)), style="bold")  # from the file
    table = Table(title=title, title_justify="left", box=None, padding=(0, 1, 0, 0), show_edge=False)
    for k, name in enumerate(stats_columns_words()):
        table.add_column(name, justify="left" if k in (0, 6) else "right", no_wrap=True)
    for s in sorted(rows, key=lambda r: r.practice):
        for kind, count, agreement, loss in (("bid", s.bid_decisions, s.bid_agreement, s.bid_loss),
                                             ("card", s.card_decisions, s.card_agreement, s.card_loss)):
            agree = None if agreement is None else 100 * agreement
            head = (pgettext('stats.practice', 'practice') if s.practice else pgettext('stats.real', 'real'), str(s.matches), str(s.won),
                    str(s.made_as_maker), str(s.bust_as_maker), str(s.tie_as_maker))
            table.add_row(*(head if kind == "bid" else ("",) * len(head)), stats_kind_words()[kind], str(count),
                          _num(agree, "z.0f") + ("%" if agree is not None else ""), _num(loss, "z.1f"))
    return table


def preset_tables(stats: stats_store.Stats) -> list[Table]:
    """One table per preset: real play and practice apart, where there is any."""
    return [preset_table(preset, rows) for preset, rows in _by_preset(stats).items()]


def trend_window(stats: stats_store.Stats, kind: str, preset: str | None = None) -> tuple[int, int]:
    """How many decisions of ``kind`` count (real play and drills, of ``preset``) and how many go
    into one mark."""
    n = progress.decision_count(stats, kind, preset)
    return n, max(1, min(20, n // 10))


def trends(stats: stats_store.Stats, preset: str) -> list[tuple[str, int, int, list[float]]]:
    """(kind, decisions, window, values) for each kind of decision of ``preset`` that has any: a
    trend never mixes presets (issue 11), where the same loss means a different game."""
    result = []
    for kind in ("bid", "card"):
        n, window = trend_window(stats, kind, preset)
        if n:
            result.append((kind, n, window, progress.trend(stats, preset, kind, window)))
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


def situation_table(preset: situation_stats.PresetSituations) -> Table:
    """One preset's bidding by situation (issue 25): decisions, agreement, points lost, and made/bust
    of the deals taken against the coach's advice and with it."""
    title = literal(pgettext('stats.situation.title', '{preset}: bidding by situation').format(
        preset=preset_title(preset.preset)), style="bold")
    table = Table(title=title, title_justify="left", box=None, padding=(0, 1, 0, 0), show_edge=False)
    columns = (pgettext('stats.situation.column.situation', 'situation'),
               pgettext('stats.situation.column.decisions', 'decisions'),
               pgettext('stats.situation.column.agree', 'agree'),
               pgettext('stats.situation.column.lost', 'lost'),
               pgettext('stats.situation.column.against', 'against: made/bust'),
               pgettext('stats.situation.column.with', 'with: made/bust'))
    names = situation_names_words()
    for k, name in enumerate(columns):
        table.add_column(name, justify="left" if k == 0 else "right", no_wrap=True)
    for situation, s in preset.situations.items():
        agree = None if s.agreement is None else 100 * s.agreement
        table.add_row(names[situation], str(s.decisions),
                      _num(agree, "z.0f") + ("%" if agree is not None else ""), _num(s.loss_per_decision, "z.1f"),
                      f"{s.against[0]}/{s.against[1]}", f"{s.with_advice[0]}/{s.with_advice[1]}")
    return table


def situation_trends(preset: situation_stats.PresetSituations) -> list[tuple[str, int, list[float]]]:
    """(situation, decisions per mark, marks) of each situation with decisions."""
    return [(str(situation), s.window, s.trend) for situation, s in preset.situations.items() if s.trend]


def deck_line(deck: dict[str, int]) -> str:
    """The mistake deck's counts under a preset's table by situation."""
    return pgettext('stats.deck', 'Mistake deck: {total} in all, {due} due, {learnt} learnt').format(
        total=deck["total"], due=deck["due"], learnt=deck["learnt"])


def situation_report(presets: list[situation_stats.PresetSituations]) -> list[RenderableType]:
    """The by-situation part of ``klabber stats``: a table, the deck and a sparkline per situation,
    for each preset with bidding decisions or a mistake deck."""
    parts: list[RenderableType] = []
    names = situation_names_words()
    for preset in presets:
        if not any(s.decisions for s in preset.situations.values()) and not preset.deck["total"]:
            continue
        parts.append(situation_table(preset))
        parts.append(Text(deck_line(preset.deck)))
        for situation, window, values in situation_trends(preset):
            parts.append(Text(pgettext('stats.situation.trend',
                                       '{situation}: points lost per decision, oldest first ({window} per mark): {line}').format(
                situation=names[situation], window=window, line=sparkline_text(values))))
        parts.append(Text(""))
    if parts:
        parts.append(Text(pgettext('stats.situation.note',
                                   "against/with: deals you took against the coach's advice or with it, made/bust · "
                                   "lost: points given up per decision · real matches and drills only"), style="dim"))
    return parts


def stats_report(stats: stats_store.Stats, message: str | None = None,
                 by_situation: list[situation_stats.PresetSituations] | None = None,
                 deck_message: str | None = None) -> RenderableType:
    """What ``klabber stats`` prints: the message of a moved-aside file, tables, trend lines, and
    (issue 25) bidding by situation with the mistake deck."""
    parts: list[RenderableType] = []
    for note in (message, deck_message):
        if note:
            parts.append(literal(note, style="yellow"))
    situations = situation_report(by_situation or [])
    if is_empty(stats):
        parts.append(Text(pgettext('stats.empty', 'No statistics yet: play a match (klabber play) or a drill (klabber drill).')))
        return Group(*parts, *situations)
    shown, hidden = shown_presets(stats)
    for preset, rows in shown.items():
        parts.append(preset_table(preset, rows))
        parts.extend(Text(line) for line in ladder_lines(stats, preset))  # issue 31, item 4
        for kind, n, window, values in trends(stats, preset):
            parts.append(Text(npgettext('count.stats_trend', 'Points lost per {kind} decision, oldest first ({n} decision, {window} per mark): {line}', 'Points lost per {kind} decision, oldest first ({n} decisions, {window} per mark): {line}', n).format(n=n, kind=stats_trend_kind_words()[kind], window=window, line=sparkline_text(values))))
        parts.append(Text(""))
    parts.extend(situations)
    if hidden:
        parts.append(Text(npgettext('count.stats_more_presets', '{n} more preset name in the statistics file is not one this version knows; it is not shown.', '{n} more preset names in the statistics file are not ones this version knows; they are not shown.', hidden).format(n=hidden), style="dim"))
    parts.append(Text(pgettext('stats.note', 'made/bust/tie: deals where you fixed the trump · agree: you chose what the bot chose · lost: expected points given up per decision (lower is better) · each preset has its own trend · practice: matches with undo, not in the trend'), style="dim"))
    return Group(*parts)


def ladder_lines(stats: Any, preset: str) -> list[str]:
    """Issue 31, item 4: the player's bidding in ``preset`` on the bot's ladder (none for a preset the
    ladder was not measured in)."""
    from klabber_tui.practice import ladder
    from klabber_tui.words.ladder import placement_text

    found = ladder.placement(stats, preset)
    return [] if found is None else [placement_text(found)]


class StatsScreen(LocalizedBindings, ModalPage[None]):
    """The statistics page: tables per preset, and a Sparkline per kind of decision."""

    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [
            Binding(keys.CLOSE, "close", pgettext('key.close', 'Close')),
            Binding(keys.STATS, "close", show=False),
            Binding(keys.QUIT, "close", show=False),
            Binding(keys.MATCH_REPORT, "matches", pgettext("key.matches", "Match reports"),
                    key_display=keys.MATCH_REPORT),  # issue 31: a finished match's report
        ]

    def action_matches(self) -> None:
        from klabber_tui.ui.screens.matches import MatchesScreen

        self.app.push_screen(MatchesScreen())

    @classmethod
    def opened_from(cls, _host: object) -> StatsScreen:
        """The page registry's (klabber_tui/ui/pages.py): S opens it from every page of the App."""
        return cls()

    def __init__(self) -> None:
        from klabber_tui.data import mistakes

        super().__init__(classes="stats-screen")
        self.stats, notes = stats_store.load()
        deck, deck_notes = mistakes.load()
        self.message = notes_text([*notes, *deck_notes])
        self.by_situation = situation_stats.by_situation(self.stats, deck)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide", id="stats-dialog"):
            yield Label(pgettext('stats.title', 'Statistics'), classes="dialog-title")
            with VerticalScroll(classes="dialog-body", id="stats-body"):
                if self.message:
                    yield Static(literal(self.message), id="stats-message")
                if is_empty(self.stats):
                    yield Static(pgettext('stats.empty', 'No statistics yet: play a match (klabber play) or a drill (klabber drill).'), id="stats-empty")
                else:
                    shown, hidden = shown_presets(self.stats)
                    for k, (preset, rows) in enumerate(shown.items()):
                        yield Static(preset_table(preset, rows), id=f"stats-table-{k}", classes="stats-table")
                        for line in ladder_lines(self.stats, preset):  # issue 31, item 4
                            yield Static(line, id=f"stats-ladder-{k}", classes="stats-ladder")
                        for kind, n, window, values in trends(self.stats, preset):
                            yield Label(pgettext('stats.trend.label', 'Points lost per {kind} decision, oldest first ({n}; {window} per bar)').format(kind=stats_trend_kind_words()[kind], n=n,
                                                                      window=window), classes="stats-trend-label")
                            yield Sparkline(values, summary_function=max, id=f"stats-trend-{k}-{kind}",
                                            classes="stats-trend")
                    if hidden:
                        yield Static(npgettext('count.stats_more_presets', '{n} more preset name in the statistics file is not one this version knows; it is not shown.', '{n} more preset names in the statistics file are not ones this version knows; they are not shown.', hidden).format(n=hidden), classes="hint")
                    yield Static(pgettext('stats.note', 'made/bust/tie: deals where you fixed the trump · agree: you chose what the bot chose · lost: expected points given up per decision (lower is better) · each preset has its own trend · practice: matches with undo, not in the trend'), classes="hint")
                yield from self.compose_situations()
            yield Label(pgettext('stats.close', '{close} or {key} closes').format(close=keys.name(keys.CLOSE), key=keys.STATS), classes="hint")

    def compose_situations(self) -> ComposeResult:
        """Issue 25: per preset, bidding by situation, the mistake deck, and a Sparkline of points lost
        per decision for each situation."""
        names = situation_names_words()
        for k, preset in enumerate(self.by_situation):
            if not any(s.decisions for s in preset.situations.values()) and not preset.deck["total"]:
                continue
            yield Static(situation_table(preset), id=f"stats-situations-{k}", classes="stats-table")
            yield Static(deck_line(preset.deck), classes="hint")
            for situation, window, values in situation_trends(preset):
                yield Label(pgettext('stats.situation.trend_label',
                                     '{situation}: points lost per decision, oldest first ({window} per bar)').format(
                    situation=names[situation], window=window), classes="stats-trend-label")
                yield Sparkline(values, summary_function=max, id=f"stats-trend-{k}-{situation}",
                                classes="stats-trend")
