"""The player's progress computed from the statistics (issue 5): per preset, the summaries the ``S``
page and ``klabber stats`` show, and the trends their sparklines draw. Apart from the statistics file
(``data.stats``), which reads, checks and writes the rows and rolls old ones up, because these are
computations over the rows, not file handling: one pass each, whatever the numbers in the file.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Any

from klabber_tui.data.stats import TABLES, Stats

MAX_MARKS = 500  # a trend keeps its newest marks


@dataclass(frozen=True)
class Summary:
    preset: str
    practice: bool
    matches: int
    won: int
    made_as_maker: int
    bust_as_maker: int
    tie_as_maker: int
    bid_decisions: int
    bid_agreement: float | None  # share of bidding decisions that agreed with the bot
    bid_loss: float | None  # expected points lost per bidding decision
    card_decisions: int
    card_loss: float | None
    card_agreement: float | None = None  # share of card decisions that agreed with the bot


def counted(stats: Stats, table: str) -> Iterator[tuple[dict[str, Any], int]]:
    """Each row of a table with the number of rows it stands for: rolled-up months (oldest first),
    then the rows kept as they are."""
    for row in stats.rolled[table]:
        yield row, row["n"]
    for row in getattr(stats, table):
        yield row, 1


def decision_sums(row: dict[str, Any], n: int) -> tuple[int, int, float]:
    """(decisions, agreed, loss sum) that a row of the decisions table stands for."""
    if "period" in row:
        return n, row["agreed"], row["loss"]
    return 1, int(row["agreed"]), row["loss"]


# What summaries() adds up per (preset, practice), by position in one list.
_MATCHES, _WON, _MADE, _BUST, _TIE, _BIDS, _BIDS_AGREED, _BIDS_LOSS, _CARDS, _CARDS_AGREED, _CARDS_LOSS = range(11)
_KIND_SLOTS = {"bid": (_BIDS, _BIDS_AGREED, _BIDS_LOSS), "card": (_CARDS, _CARDS_AGREED, _CARDS_LOSS)}
_OUTCOME_SLOTS = {"made": _MADE, "bust": _BUST, "tie": _TIE}


def preset_names(stats: Stats) -> set[str]:
    """Every preset name the statistics hold (one pass)."""
    return {row["preset"] for table in TABLES for row, _n in counted(stats, table)}


def summaries(stats: Stats, presets: Collection[str] | None = None) -> list[Summary]:
    """Per preset (of ``presets``, or all), real matches and practice apart: one pass over the rows,
    whatever the presets."""
    sums: dict[tuple[str, bool], list[float]] = {}
    _skip: list[float] = [0] * 11

    def slots(row: dict[str, Any]) -> list[float]:
        key = (row["preset"], row["practice"])
        found = sums.get(key)
        if found is None:
            if presets is not None and row["preset"] not in presets:
                return _skip
            found = sums[key] = [0] * 11
        return found

    for row, n in counted(stats, "matches"):
        got = slots(row)
        got[_MATCHES] += n
        got[_WON] += n if row["won"] else 0
    for row, n in counted(stats, "deals"):
        got = slots(row)
        slot = _OUTCOME_SLOTS.get(row["outcome"])
        if row["maker"] == "player" and slot is not None:
            got[slot] += n
    for row, n in counted(stats, "decisions"):
        got = slots(row)
        kind = _KIND_SLOTS.get(row["kind"])
        if kind is not None:
            decisions, agreed, loss = decision_sums(row, n)
            got[kind[0]] += decisions
            got[kind[1]] += agreed
            got[kind[2]] += loss
    result = []
    for (preset, practice), got in sorted(sums.items()):
        bids, cards = int(got[_BIDS]), int(got[_CARDS])
        result.append(Summary(
            preset, practice, int(got[_MATCHES]), int(got[_WON]), int(got[_MADE]), int(got[_BUST]), int(got[_TIE]),
            bids, _ratio(got[_BIDS_AGREED], bids), _ratio(got[_BIDS_LOSS], bids),
            cards, _ratio(got[_CARDS_LOSS], cards), _ratio(got[_CARDS_AGREED], cards),
        ))
    return result


def _real_decisions(stats: Stats, kind: str, preset: str | None) -> list[tuple[dict[str, Any], int]]:
    """The decisions of ``kind`` from real matches and drills (not practice) of ``preset`` (or of
    all), oldest first. The rows are sorted by preset once per Stats, so asking for each preset in
    turn is one pass in all, never rows × presets."""
    rows, rolled = stats.decisions, stats.rolled["decisions"]
    shape = (id(rows), len(rows), id(rows[-1]) if rows else 0, id(rolled), len(rolled))
    index = stats.index
    if index is None or index[0] != shape:
        by: dict[tuple[str | None, str], list[tuple[dict[str, Any], int]]] = {}
        for row, n in counted(stats, "decisions"):
            if not row["practice"]:
                by.setdefault((row["preset"], row["kind"]), []).append((row, n))
                by.setdefault((None, row["kind"]), []).append((row, n))
        index = (shape, by)
        stats.index = index
    return index[1].get((preset, kind), [])


def decision_count(stats: Stats, kind: str, preset: str | None = None) -> int:
    """How many decisions of ``kind`` from real matches and drills (not practice) there are, of one
    preset (or of all)."""
    return sum(decision_sums(d, n)[0] for d, n in _real_decisions(stats, kind, preset))


def trend(stats: Stats, preset: str | None = None, kind: str = "bid", window: int = 20,
          situation: str | None = None) -> list[float]:
    """Expected points lost per decision, averaged over successive windows of ``window`` decisions
    (real matches and drills, not practice), oldest first: what a sparkline shows; its newest
    MAX_MARKS marks. A rolled-up month counts as its decisions at the month's mean: its whole windows
    are kept as one run (a mark and how many times it repeats), so the work is the same for any
    ``n``: one step a row, and MAX_MARKS at the end. ``situation``: its decisions only (issue 25)."""
    runs: deque[list[float]] = deque()  # [mark, times], oldest first, at most MAX_MARKS times in all
    kept = 0

    def add(mark: float, times: int) -> None:
        nonlocal kept
        runs.append([mark, min(times, MAX_MARKS)])
        kept += int(runs[-1][1])
        while kept - runs[0][1] >= MAX_MARKS:
            kept -= int(runs.popleft()[1])
        if kept > MAX_MARKS:
            runs[0][1] -= kept - MAX_MARKS
            kept = MAX_MARKS

    count, total = 0, 0.0
    for row, n in _real_decisions(stats, kind, preset):
        if situation is not None and row.get("situation") != situation:
            continue
        n, _agreed, loss = decision_sums(row, n)
        mean = loss / n
        take = min(n, window - count)
        count, total, n = count + take, total + mean * take, n - take
        if count == window:
            add(total / window, 1)
            count, total = 0, 0.0
        whole, n = divmod(n, window)
        if whole:
            add(mean, whole)
        if n:
            count, total = n, mean * n
    if count:
        add(total / count, 1)
    return [mark for mark, times in runs for _ in range(int(times))]


def _ratio(part: float, whole: int) -> float | None:
    return part / whole if whole else None
