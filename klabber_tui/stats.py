"""The player's progress over time (issue 5): matches, deals as maker, and decisions against the bot.

One JSON file in the data folder (``klabber-stats/2``; files of version 1 are read as they are).
Every record is a read-merge-write under a short cross-process lock (issue 8), so ``drill``, ``play``
and the ``S`` page of several windows can all record and none is lost. The newest rows are kept as
they are; older ones are rolled up, per month, preset, real/practice and kind, into sums that keep
the summaries exact and the trends right (a rolled-up month counts at its mean), so the file stays
small however long one plays and nothing is capped away.

Damage is repaired where it can be: a row that cannot be read is left out and named in the message,
and the file as it was is copied aside before the next write. A file that is not statistics at all
(or cannot be read) is moved aside (never deleted) and statistics start again.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from . import text
from .files import FileRefused, read_json
from .schemas import Unreadable, is_int, is_number, version_of
from .storage import StorageError, atomic_write, copy_aside, data_dir, move_aside, short_lock

STATS_NAME = "stats.json"
LOCK_NAME = "stats.lock"
STATS_FAMILY = "klabber-stats"
STATS_VERSION = 2  # 2 added "rolled" (older rows rolled up by month)
STATS_FORMAT = f"{STATS_FAMILY}/{STATS_VERSION}"
MAX_STATS_BYTES = 16 << 20
TABLES = ("decisions", "deals", "matches")
# A table rolls its oldest rows up once it holds ROLL_AT of them, keeping the newest KEEP as they are.
KEEP = 2000
ROLL_AT = 2500

# What a row of each table holds (``t``, ``preset`` and ``practice`` are common), and what a rolled-up
# row adds: the fields it is grouped by, and the sums it keeps.
_COMMON: dict[str, Callable[[Any], bool]] = {
    "t": is_number, "preset": lambda v: isinstance(v, str), "practice": lambda v: isinstance(v, bool)}
_ROW: dict[str, dict[str, Callable[[Any], bool]]] = {
    "decisions": {"kind": lambda v: isinstance(v, str), "agreed": lambda v: isinstance(v, bool),
                  "loss": lambda v: is_number(v) and v >= 0},
    "deals": {"maker": lambda v: v is None or isinstance(v, str), "outcome": lambda v: isinstance(v, str)},
    "matches": {"won": lambda v: isinstance(v, bool)},
}
_GROUP = {"decisions": ("kind",), "deals": ("maker", "outcome"), "matches": ("won",)}


def _valid_row(table: str, row: Any) -> bool:
    checks = {**_COMMON, **_ROW[table]}
    return isinstance(row, dict) and all(name in row and ok(row[name]) for name, ok in checks.items())


def _valid_rolled(table: str, row: Any) -> bool:
    if not (isinstance(row, dict) and isinstance(row.get("period"), str) and is_int(row.get("n"))
            and row["n"] >= 1 and isinstance(row.get("preset"), str) and isinstance(row.get("practice"), bool)):
        return False
    if not all(name in row and _ROW[table][name](row[name]) for name in _GROUP[table]):
        return False
    if table == "decisions":
        return (is_int(row.get("agreed")) and 0 <= row["agreed"] <= row["n"] and is_number(row.get("loss"))
                and row["loss"] >= 0)
    return True


@dataclass
class Stats:
    decisions: list[dict[str, Any]] = field(default_factory=list)  # t, preset, practice, kind, agreed, loss
    deals: list[dict[str, Any]] = field(default_factory=list)  # t, preset, practice, maker, outcome
    matches: list[dict[str, Any]] = field(default_factory=list)  # t, preset, practice, won
    # older rows per table: period, preset, practice, the grouping fields, n (and agreed, loss sums)
    rolled: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: {t: [] for t in TABLES})
    extra: dict[str, Any] = field(default_factory=dict)  # fields of a later version, kept

    def to_json(self) -> str:
        return json.dumps({**self.extra, "format": STATS_FORMAT, "decisions": self.decisions, "deals": self.deals,
                           "matches": self.matches, "rolled": self.rolled}, indent=0, ensure_ascii=False)

    def is_empty(self) -> bool:
        return not any(getattr(self, t) or self.rolled[t] for t in TABLES)

    def compact(self) -> None:
        """Roll the oldest rows of a table that has grown to ROLL_AT up into monthly sums."""
        for table in TABLES:
            rows: list[dict[str, Any]] = getattr(self, table)
            if len(rows) < ROLL_AT:
                continue
            old, rows[:] = rows[:len(rows) - KEEP], rows[len(rows) - KEEP:]
            groups = {_group_key(table, r): r for r in self.rolled[table]}
            for row in old:
                key = (time.strftime("%Y-%m", time.gmtime(row["t"])), row["preset"], row["practice"],
                       *(row[name] for name in _GROUP[table]))
                group = groups.get(key)
                if group is None:
                    group = {"period": key[0], "preset": key[1], "practice": key[2],
                             **{name: row[name] for name in _GROUP[table]}, "n": 0}
                    if table == "decisions":
                        group.update(agreed=0, loss=0.0)
                    groups[key] = group
                group["n"] += 1
                if table == "decisions":
                    group["agreed"] += int(row["agreed"])
                    group["loss"] = round(group["loss"] + row["loss"], 2)
            self.rolled[table] = sorted(groups.values(), key=lambda g: g["period"])


def _group_key(table: str, row: dict[str, Any]) -> tuple[Any, ...]:
    return (row["period"], row["preset"], row["practice"], *(row[name] for name in _GROUP[table]))


def _parse(obj: Any) -> tuple[Stats, int]:
    """Statistics from a document, and how many rows had to be left out. Raises Unreadable when the
    document is not statistics at all."""
    version_of(obj, STATS_FAMILY, STATS_VERSION)
    stats, dropped = Stats(), 0
    stats.extra = {k: v for k, v in obj.items() if k not in (*TABLES, "rolled", "format")}
    rolled = obj.get("rolled") if isinstance(obj.get("rolled"), dict) else {}
    if "rolled" in obj and not isinstance(obj["rolled"], dict):
        dropped += 1
    for table in TABLES:
        rows = obj.get(table, [])
        rows = rows if isinstance(rows, list) else [rows]
        good = [r for r in rows if _valid_row(table, r)]
        dropped += len(rows) - len(good)
        setattr(stats, table, good)
        sums = rolled.get(table, [])
        sums = sums if isinstance(sums, list) else [sums]
        groups: dict[tuple[Any, ...], dict[str, Any]] = {}
        for row in sums:
            if not _valid_rolled(table, row):
                dropped += 1
            elif _group_key(table, row) in groups:  # the same month twice: one group with both sums
                group = groups[_group_key(table, row)]
                for name in ("n", "agreed", "loss") if table == "decisions" else ("n",):
                    group[name] += row[name]
            else:
                groups[_group_key(table, row)] = dict(row)
        stats.rolled[table] = list(groups.values())
    return stats, dropped


def _read() -> tuple[Stats, str | None, bool]:
    """The statistics, a message for the player, and whether the file lost rows in the reading (so
    the file as it is must be copied aside before it is written again)."""
    path = data_dir() / STATS_NAME
    if not path.exists() and not path.is_symlink():
        return Stats(), None, False
    try:
        stats, dropped = _parse(read_json(path, MAX_STATS_BYTES))
    except (FileRefused, Unreadable) as error:
        moved = move_aside(path, "corrupt")
        key = "moved_to" if moved else "moved"
        return Stats(), text.STATS_FILE_WORDS[key].format(path=repr(str(path)), error=error,
                                                         name=moved.name if moved else ""), False
    if dropped:
        return stats, text.plural("stats_dropped", dropped, path=repr(str(path))), True
    return stats, None, False


def load() -> tuple[Stats, str | None]:
    """The statistics, and a message when a damaged file had to be repaired or moved aside. Never
    raises: a data folder that cannot be used gives empty statistics and the reason."""
    try:
        with short_lock(LOCK_NAME):
            stats, message, _damaged = _read()
    except OSError as error:  # no lock in a read-only folder (or a busy one): read without it
        try:
            stats, message, _damaged = _read()
        except OSError:  # the data folder itself cannot be used (a StorageError)
            return Stats(), text.STATS_FILE_WORDS["unreadable"].format(error=error)
    return stats, message


recording = True  # False when the player chose to play without saving: nothing is written


def _record(table: str, row: dict[str, Any]) -> str | None:
    """Add one row: read, merge and write under the lock, so another process's rows are kept."""
    if not recording:
        return None
    from filelock import Timeout

    try:
        with short_lock(LOCK_NAME):
            stats, message, damaged = _read()
            if damaged:
                copy = copy_aside(data_dir() / STATS_NAME, "damaged")
                message = f"{message} " + text.STATS_FILE_WORDS["kept"].format(name=copy.name)
            getattr(stats, table).append(row)
            stats.compact()
            atomic_write(data_dir() / STATS_NAME, stats.to_json())
    except Timeout:
        raise StorageError(text.STATS_FILE_WORDS["busy"]) from None
    return message


def _now() -> float:
    return round(time.time(), 1)


def record_decision(preset: str, practice: bool, kind: str, agreed: bool, loss: float) -> str | None:
    """One decision of the player's, judged by the coach: ``kind`` is ``bid`` or ``card``."""
    return _record("decisions", {"t": _now(), "preset": preset, "practice": practice, "kind": kind,
                                 "agreed": agreed, "loss": round(max(0.0, loss), 2)})


def record_deal(preset: str, practice: bool, maker: str | None, outcome: str) -> str | None:
    """A finished deal: ``maker`` is ``player``, ``bot`` or None (thrown in)."""
    return _record("deals", {"t": _now(), "preset": preset, "practice": practice, "maker": maker,
                             "outcome": outcome})


def record_match(preset: str, practice: bool, won: bool) -> str | None:
    return _record("matches", {"t": _now(), "preset": preset, "practice": practice, "won": won})


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


def _counted(stats: Stats, table: str) -> Iterator[tuple[dict[str, Any], int]]:
    """Each row of a table with the number of rows it stands for: rolled-up months (oldest first),
    then the rows kept as they are."""
    for row in stats.rolled[table]:
        yield row, row["n"]
    for row in getattr(stats, table):
        yield row, 1


def _decision_sums(row: dict[str, Any], n: int) -> tuple[int, int, float]:
    """(decisions, agreed, loss sum) that a row of the decisions table stands for."""
    if "period" in row:
        return n, row["agreed"], row["loss"]
    return 1, int(row["agreed"]), row["loss"]


def summaries(stats: Stats) -> list[Summary]:
    """Per preset, real matches and practice apart."""
    keys = sorted({(r["preset"], r["practice"]) for t in TABLES for r, _n in _counted(stats, t)})
    result = []
    for preset, practice in keys:
        def mine(table: str) -> list[tuple[dict[str, Any], int]]:
            return [(r, n) for r, n in _counted(stats, table) if r["preset"] == preset and r["practice"] == practice]

        matches = mine("matches")
        as_maker = [(d, n) for d, n in mine("deals") if d["maker"] == "player"]
        decisions = mine("decisions")

        def of_kind(kind: str) -> tuple[int, int, float]:
            sums = [_decision_sums(d, n) for d, n in decisions if d["kind"] == kind]
            return sum(s[0] for s in sums), sum(s[1] for s in sums), sum(s[2] for s in sums)

        bids, bids_agreed, bids_loss = of_kind("bid")
        cards, cards_agreed, cards_loss = of_kind("card")
        result.append(Summary(
            preset, practice, sum(n for _m, n in matches), sum(n for m, n in matches if m["won"]),
            sum(n for d, n in as_maker if d["outcome"] == "made"),
            sum(n for d, n in as_maker if d["outcome"] == "bust"),
            sum(n for d, n in as_maker if d["outcome"] == "tie"),
            bids, _ratio(bids_agreed, bids), _ratio(bids_loss, bids),
            cards, _ratio(cards_loss, cards), _ratio(cards_agreed, cards),
        ))
    return result


def decision_count(stats: Stats, kind: str, preset: str | None = None) -> int:
    """How many decisions of ``kind`` from real matches and drills (not practice) there are, of one
    preset (or of all)."""
    return sum(_decision_sums(d, n)[0] for d, n in _counted(stats, "decisions")
               if d["kind"] == kind and not d["practice"] and (preset is None or d["preset"] == preset))


def trend(stats: Stats, preset: str | None = None, kind: str = "bid", window: int = 20) -> list[float]:
    """Expected points lost per decision, averaged over successive windows of ``window`` decisions
    (real matches and drills, not practice), oldest first: what a sparkline shows. A rolled-up month
    counts as its decisions at the month's mean."""
    values: list[float] = []
    count, total = 0, 0.0
    for row, n in _counted(stats, "decisions"):
        if row["kind"] != kind or row["practice"] or (preset is not None and row["preset"] != preset):
            continue
        n, _agreed, loss = _decision_sums(row, n)
        mean = loss / n
        while n:
            take = min(n, window - count)
            count, total, n = count + take, total + mean * take, n - take
            if count == window:
                values.append(total / window)
                count, total = 0, 0.0
    if count:
        values.append(total / count)
    return values


def _ratio(part: float, whole: int) -> float | None:
    return part / whole if whole else None
