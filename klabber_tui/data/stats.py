"""The player's progress over time (issue 5): matches, deals as maker, and decisions against the bot.

One JSON file in the data folder, ``klabber-stats/4`` (issue 21, planned with issue 25's practice
by situation; issue 31 added what a match's report needs)::

    {"format": "klabber-stats/4",
     "decisions": [{"t": 1764670000.1, "preset": "klaberjass", "practice": false,
                    "kind": "bid" | "card", "agreed": true, "loss": 2.5,
                    "id": {"match": "20261202-101500-0042", "deal": 3, "action": 5} | null,
                    "seat": "elder" | "dealer" | null, "stage": "bidding_round_one" | ... | null,
                    "situation": "round-one-elder" | ... | null, "action": "take" | null,
                    "maker": "player" | "bot" | null, "outcome": "made" | "tie" | "bust" | "thrown_in" | null,
                    "se": 1.2 | null, "value": 31.5 | null}],
     "deals": [{"t", "preset", "practice", "maker": "player" | "bot" | null, "outcome",
                "id": {"match", "deal"} | null, "value": 31.5 | null}],
     "matches": [{"t", "preset", "practice", "won": true, "id": {"match"} | null}],
     "rolled": {"decisions": [{"period": "2026-01", "preset", "practice", "kind", "situation", "n", "agreed",
                               "loss"}], "deals": [{"period", "preset", "practice", "maker", "outcome", "n"}],
                "matches": [{"period", "preset", "practice", "won", "n"}]}}

A decision's ``id`` is (match id, deal number, index of the action in the deal): a decision taken
back with undo is deleted by it, and one recorded again at the same id replaces the first. Its
``situation`` is one of :data:`SITUATIONS` (null for card play or when not known) and ``maker`` and
``outcome`` are its deal's, filled in when the deal ends (:func:`record_deal` with the same match and
deal). Versions 1 and 2 are read as they are: none of these fields, "situation not recorded".

Version 4 (issue 31, the match report) adds, all optional so a version-3 row is still a row: a
decision's ``se``, the standard error of its ``loss`` (the coach's own uncertainty, paired over its
worlds), and its ``value``, the coach's value of the best play there for the player's side (the
deal's expected score-sheet difference, player minus bot, ``ActionValue.deal_ev`` of the best
action: no new search, it is the evaluation the verdict was read from); a deal's ``value``, what the
cards dealt were worth to the player (the bot's is its negative: the sheet difference is zero-sum),
taken as the ``value`` of the player's first judged decision of that deal when the deal is recorded
(see :func:`record_deal`); and a match's ``id`` (``{"match": id}``), so that a finished match's
rows can be found from its file in ``finished/``.

Ranges (a row outside one is left out and counted, and the writer never writes what the reader
refuses): ``t`` from 0 to the start of 2100; ``loss`` from 0 to 10³ a decision, at most ``n`` × 10³
rolled; ``n`` of a rolled row from 1 to 10⁷ and ``0 ≤ agreed ≤ n``; a ``period`` a month that
exists. No work grows with a number read from the file: everything is one pass over its rows.

Every record is a read-merge-write under a short cross-process lock (issue 8), so ``drill``, ``play``
and the ``S`` page of several windows can all record and none is lost. Reading takes no lock and
never changes a file. The newest rows are kept as they are; older ones are rolled up, per month,
preset, real/practice and kind (and situation), into sums that keep the summaries exact and the
trends right (a rolled-up month counts at its mean), so the file stays small however long one plays.
The summaries and trends themselves are computed in ``practice.progress``: this module is the file.

Damage is repaired where it can be: a row that cannot be read is left out and named in a note
(a ``schemas.Note``, worded by ``words.files.note_text``: this module returns codes, issue 23),
and the file as it was is copied aside before the next write. A file that is not statistics at all
(or cannot be read) is moved aside (never deleted) when the next result is recorded. A file a later
version wrote is shown and never written: nothing is recorded, and that is said once.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.actions import Stage
from engine.situations import SITUATIONS, situation_of

from klabber_tui.data.files import FileRefused, read_json
from klabber_tui.data.schemas import Note, Unreadable, is_int, is_number, version_of
from klabber_tui.data.atomic import copy_aside, move_aside
from klabber_tui.data.folder import StorageError, data_dir, short_lock, write_in_data

STATS_NAME = "stats.json"
LOCK_NAME = "stats.lock"
STATS_FAMILY = "klabber-stats"
STATS_VERSION = 4  # 2 added "rolled" (older rows rolled up by month); 3 ids, seats, situations, outcomes;
# 4 (issue 31) a decision's se and value, a deal's value, a match's id
STATS_FORMAT = f"{STATS_FAMILY}/{STATS_VERSION}"
MAX_STATS_BYTES = 16 << 20
TABLES = ("decisions", "deals", "matches")
# A table rolls its oldest rows up once it holds ROLL_AT of them, keeping the newest KEEP as they are.
KEEP = 2000
ROLL_AT = 2500

# The ranges of the numbers in the file (issue 21).
T_END = 4102444800.0  # 2100-01-01T00:00:00Z: ``t`` lies in [0, T_END)
MAX_N = 10**7  # decisions (deals, matches) one rolled-up row stands for
MAX_LOSS = 10**3  # expected points lost by one decision (and its standard error)
MAX_VALUE = 10**4  # a deal's value to a side, either sign (issue 31)
MAX_DEAL = 10**5  # deal numbers and action indices of a decision's id
MAX_TEXT = 64  # presets, kinds, match ids, actions
_PERIOD = re.compile(r"(19[7-9][0-9]|20[0-9][0-9])-(0[1-9]|1[0-2])")

SEATS = ("elder", "dealer")
STAGES: tuple[str, ...] = tuple(Stage)
OUTCOMES = ("made", "tie", "bust", "thrown_in")


_NUMBER = (int, float)  # JSON numbers (a bool is not one); NaN and infinities fail every range below


def _text(value: Any) -> bool:
    return type(value) is str and 0 < len(value) <= MAX_TEXT


def _time(value: Any) -> bool:
    return type(value) in _NUMBER and 0 <= value < T_END


def _loss(value: Any) -> bool:
    return type(value) in _NUMBER and 0 <= value <= MAX_LOSS


def _optional_loss(value: Any) -> bool:
    return value is None or _loss(value)


def _value(value: Any) -> bool:
    return value is None or (type(value) in _NUMBER and -MAX_VALUE <= value <= MAX_VALUE)


def _match_id(value: Any) -> bool:
    return value is None or (isinstance(value, dict) and len(value) == 1 and _text(value.get("match")))


def _one_of(*allowed: Any) -> Callable[[Any], bool]:
    return lambda v: v is None or (isinstance(v, str) and v in allowed)


def _index(value: Any, low: int) -> bool:
    return is_int(value) and low <= value <= MAX_DEAL


def _decision_id(value: Any) -> bool:
    return value is None or (isinstance(value, dict) and len(value) == 3 and _text(value.get("match"))
                             and _index(value.get("deal"), 1) and _index(value.get("action"), 0))


def _deal_id(value: Any) -> bool:
    return value is None or (isinstance(value, dict) and len(value) == 2 and _text(value.get("match"))
                             and _index(value.get("deal"), 1))


# What a row of each table holds (``t``, ``preset`` and ``practice`` are common), and what a rolled-up
# row adds: the fields it is grouped by, and the sums it keeps. OPTIONAL fields came with version 3
# (se and value, a match's id: version 4).
_COMMON: dict[str, Callable[[Any], bool]] = {
    "t": _time, "preset": _text, "practice": lambda v: isinstance(v, bool)}
_ROW: dict[str, dict[str, Callable[[Any], bool]]] = {
    "decisions": {"kind": _text, "agreed": lambda v: isinstance(v, bool), "loss": _loss},
    "deals": {"maker": lambda v: v is None or _text(v), "outcome": _text},
    "matches": {"won": lambda v: isinstance(v, bool)},
}
_OPTIONAL: dict[str, dict[str, Callable[[Any], bool]]] = {
    "decisions": {"id": _decision_id, "seat": _one_of(*SEATS), "stage": _one_of(*STAGES),
                  "situation": _one_of(*SITUATIONS), "action": lambda v: v is None or _text(v),
                  "maker": _one_of("player", "bot"), "outcome": _one_of(*OUTCOMES),
                  "se": _optional_loss, "value": _value},
    "deals": {"id": _deal_id, "value": _value},
    "matches": {"id": _match_id},
}
_GROUP = {"decisions": ("kind",), "deals": ("maker", "outcome"), "matches": ("won",)}
_GROUP_OPTIONAL = {"decisions": ("situation",), "deals": (), "matches": ()}


_REQUIRED = {table: tuple({**_COMMON, **_ROW[table]}.items()) for table in _ROW}
_MISSING = object()


def _valid_row(table: str, row: Any) -> bool:
    if type(row) is not dict:
        return False
    for name, ok in _REQUIRED[table]:
        value = row.get(name, _MISSING)
        if value is _MISSING or not ok(value):
            return False
    if len(row) == len(_REQUIRED[table]):  # a row of version 1 or 2
        return True
    return all(ok(row[name]) for name, ok in _OPTIONAL[table].items() if name in row)


def _valid_rolled(table: str, row: Any) -> bool:
    if not (isinstance(row, dict) and isinstance(row.get("period"), str) and _PERIOD.fullmatch(row["period"])
            and is_int(row.get("n")) and 1 <= row["n"] <= MAX_N and _text(row.get("preset"))
            and isinstance(row.get("practice"), bool)):
        return False
    if not all(name in row and _ROW[table][name](row[name]) for name in _GROUP[table]):
        return False
    if not all(_OPTIONAL[table][name](row[name]) for name in _GROUP_OPTIONAL[table] if name in row):
        return False
    if table == "decisions":
        return (is_int(row.get("agreed")) and 0 <= row["agreed"] <= row["n"] and is_number(row.get("loss"))
                and 0 <= row["loss"] <= row["n"] * MAX_LOSS)
    return True


def _group_key(table: str, row: dict[str, Any]) -> tuple[Any, ...]:
    return (row["period"], row["preset"], row["practice"], *(row[name] for name in _GROUP[table]),
            *(row.get(name) for name in _GROUP_OPTIONAL[table]))


class _Groups:
    """Rolled-up rows by their key, each at most MAX_N strong: a sum that would pass it starts a
    second row of the same key, so the writer never writes an ``n`` the reader refuses."""

    def __init__(self, table: str) -> None:
        self.table = table
        self.sums = ("n", "agreed", "loss") if table == "decisions" else ("n",)
        self.by_key: dict[tuple[Any, ...], dict[str, Any]] = {}
        self.rows: list[dict[str, Any]] = []

    def add(self, row: dict[str, Any]) -> None:
        key = _group_key(self.table, row)
        group = self.by_key.get(key)
        if group is None or group["n"] + row["n"] > MAX_N:
            group = dict(row)
            self.by_key[key] = group
            self.rows.append(group)
            return
        for name in self.sums:
            group[name] += row[name]
        if "loss" in group:
            group["loss"] = round(group["loss"], 2)


def _id_key(row: dict[str, Any]) -> tuple[Any, ...] | None:
    ident = row.get("id")
    return None if not isinstance(ident, dict) else tuple(ident.get(k) for k in ("match", "deal", "action"))


@dataclass
class Stats:
    decisions: list[dict[str, Any]] = field(default_factory=list)  # see the module's docstring
    deals: list[dict[str, Any]] = field(default_factory=list)  # t, preset, practice, maker, outcome, id
    matches: list[dict[str, Any]] = field(default_factory=list)  # t, preset, practice, won
    # older rows per table: period, preset, practice, the grouping fields, n (and agreed, loss sums)
    rolled: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: {t: [] for t in TABLES})
    extra: dict[str, Any] = field(default_factory=dict)  # fields of a later version, kept
    newer: str | None = None  # the format stamp when a later version wrote the file: never written
    # the real decisions by (preset or None, kind), built once for the tables and trends of each preset
    # (by ``practice.progress``, which keeps it here so that it goes with the rows it was built from)
    index: tuple[tuple[int, ...], dict[tuple[str | None, str], list[tuple[dict[str, Any], int]]]] | None = field(
        default=None, repr=False, compare=False)

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
            groups = _Groups(table)
            for group in self.rolled[table]:
                groups.add(group)
            for row in old:
                group = {"period": time.strftime("%Y-%m", time.gmtime(row["t"])), "preset": row["preset"],
                         "practice": row["practice"], **{name: row[name] for name in _GROUP[table]},
                         **{name: row.get(name) for name in _GROUP_OPTIONAL[table]}, "n": 1}
                if table == "decisions":
                    group.update(agreed=int(row["agreed"]), loss=row["loss"])
                groups.add(group)
            self.rolled[table] = sorted(groups.rows, key=lambda g: g["period"])

    def forget(self, ids: Iterable[tuple[Any, ...]]) -> int:
        """Delete the decisions with these ids (taken back with undo); how many went."""
        gone = set(ids)
        before = len(self.decisions)
        self.decisions = [row for row in self.decisions if _id_key(row) not in gone]
        return before - len(self.decisions)


def _parse(obj: Any) -> tuple[Stats, int]:
    """Statistics from a document, and how many rows had to be left out. Raises Unreadable when the
    document is not statistics at all. One pass over the rows."""
    version = version_of(obj, STATS_FAMILY, STATS_VERSION)
    stats, dropped = Stats(), 0
    if version > STATS_VERSION:
        stats.newer = f"{STATS_FAMILY}/{version}"
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
        groups = _Groups(table)
        for row in sums:
            if _valid_rolled(table, row):
                groups.add(row)  # the same month twice: one group with both sums
            else:
                dropped += 1
        stats.rolled[table] = groups.rows
    return stats, dropped


def _read(writing: bool = False) -> tuple[Stats, list[Note], bool]:
    """The statistics, notes for the player, and whether the file lost rows in the reading (so
    the file as it is must be copied aside before it is written again). Only ``writing`` moves an
    unreadable file aside: viewing never changes a file."""
    path = data_dir() / STATS_NAME
    if not path.exists() and not path.is_symlink():
        return Stats(), [], False
    try:
        stats, dropped = _parse(read_json(path, MAX_STATS_BYTES))
    except (FileRefused, Unreadable) as error:
        if not writing:
            return Stats(), [Note("stats_not_moved", {"path": repr(str(path)), "error": error})], False
        moved = move_aside(path, "corrupt")
        code = "stats_moved_to" if moved else "stats_moved"
        return Stats(), [Note(code, {"path": repr(str(path)), "error": error, "name": moved.name if moved else ""})], False
    notes = []
    if stats.newer is not None:
        notes.append(Note("stats_newer", {"path": repr(str(path)), "found": stats.newer, "current": STATS_FORMAT}))
    if dropped:
        notes.append(Note("stats_dropped", {"n": dropped, "path": repr(str(path))}))
    return stats, notes, bool(dropped)


def load() -> tuple[Stats, list[Note]]:
    """The statistics, and notes when the file is damaged (rows left out, or not readable: it is
    left as it is) or of a later version. Never raises and never changes a file: a data folder that
    cannot be used gives empty statistics and the reason."""
    try:
        stats, message, _damaged = _read()
    except OSError as error:  # the data folder itself cannot be used (a StorageError)
        return Stats(), [Note("stats_unreadable", {"error": error})]
    return stats, message


recording = True  # False when the player chose to play without saving: nothing is written
_newer_said = False  # a file of a later version: the player is told once that nothing is recorded


def _change(change: Callable[[Stats], bool]) -> list[Note]:
    """Read, change and write under the lock, so another process's rows are kept. ``change`` says
    whether there is anything to write. A file of a later version is never written."""
    global _newer_said
    if not recording:
        return []
    from filelock import Timeout

    try:
        with short_lock(LOCK_NAME):
            stats, message, damaged = _read(writing=True)
            if stats.newer is not None:
                said, _newer_said = _newer_said, True
                return [] if said else message
            if not change(stats):
                return message
            if damaged:
                copy = copy_aside(data_dir() / STATS_NAME, "damaged", MAX_STATS_BYTES)
                message = [*message, Note("stats_kept", {"name": copy.name})]
            stats.compact()
            write_in_data(STATS_NAME, stats.to_json())
    except Timeout:
        raise StorageError("stats_busy", {}) from None
    return message


def _record(table: str, row: dict[str, Any]) -> list[Note]:
    """Add one row (a decision with an id replaces the one recorded at the same id)."""
    if not _valid_row(table, row):  # the writer never writes what the reader would refuse
        raise ValueError(f"not a row of {table}: {row!r}")

    def add(stats: Stats) -> bool:
        key = _id_key(row) if table == "decisions" else None
        if key is not None:
            stats.forget([key])
            for deal in reversed(stats.deals):  # its deal already ended (a worker was late): its outcome now
                ident = deal.get("id")
                if isinstance(ident, dict) and (ident["match"], ident["deal"]) == key[:2]:
                    row.update(_deal_end(deal["maker"], deal["outcome"]))
                    break
        getattr(stats, table).append(row)
        return True

    return _change(add)


def _deal_end(maker: Any, outcome: Any) -> dict[str, Any]:
    """A deal's maker and outcome as a decision row holds them (None for what it cannot hold)."""
    return {"maker": maker if maker in ("player", "bot") else None, "outcome": outcome if outcome in OUTCOMES else None}


def _now() -> float:
    """The time of a row, within the range the reader accepts whatever the clock says."""
    return min(max(0.0, round(time.time(), 1)), T_END - 1)


def _ident(match: str | None, deal: int | None, action: int | None) -> dict[str, Any] | None:
    if match is None or deal is None or action is None:
        return None
    return {"match": match[:MAX_TEXT], "deal": deal, "action": action}


def record_decision(preset: str, practice: bool, kind: str, agreed: bool, loss: float, *,
                    match: str | None = None, deal: int | None = None, action_index: int | None = None,
                    seat: str | None = None, stage: str | None = None, action: str | None = None,
                    se: float | None = None, value: float | None = None) -> list[Note]:
    """One decision of the player's, judged by the coach: ``kind`` is ``bid`` or ``card``. With its
    position (``match`` id, ``deal`` number, ``action_index`` in the deal), it replaces a decision
    recorded at the same position and can be deleted by :func:`forget_decisions`; ``seat`` and
    ``stage`` give its situation; ``se`` the loss's standard error and ``value`` the best play's
    value to the player (issue 31, the module's docstring)."""
    row: dict[str, Any] = {"t": _now(), "preset": preset, "practice": practice, "kind": kind, "agreed": agreed,
                           "loss": round(min(max(0.0, loss), MAX_LOSS), 2)}
    if se is not None:
        row["se"] = round(min(max(0.0, se), MAX_LOSS), 2)
    if value is not None:
        row["value"] = round(min(max(-MAX_VALUE, value), MAX_VALUE), 2)
    ident = _ident(match, deal, action_index)
    if ident is not None or seat is not None or stage is not None:
        seat, stage = (None if seat is None else str(seat)), (None if stage is None else str(stage))  # plain text
        situation = None if stage is None or seat is None else situation_of(stage, seat)
        row.update(id=ident, seat=seat, stage=stage, situation=None if situation is None else str(situation),
                   action=None if action is None else action[:MAX_TEXT], maker=None, outcome=None)
    return _record("decisions", row)


def forget_decisions(match: str, deal: int, action_indices: Iterable[int]) -> list[Note]:
    """Delete the decisions taken back with undo (by their ids); the statistics' notes."""
    ids = [(match[:MAX_TEXT], deal, k) for k in action_indices]
    return _change(lambda stats: stats.forget(ids) > 0) if ids else []


def record_deal(preset: str, practice: bool, maker: str | None, outcome: str, *, match: str | None = None,
                deal: int | None = None) -> list[Note]:
    """A finished deal: ``maker`` is ``player``, ``bot`` or None (thrown in). With its position, the
    decisions of that deal get its maker and outcome, and the deal gets its ``value`` (issue 31):
    the value the coach gave the best play at the player's first judged decision of the deal (the
    lowest action index holding one), so what the cards dealt were worth to the player as the coach
    saw them at the player's first choice, before the player's own judgement cost anything. It is
    the coach's number, not a new search; a deal with no judged decision (or only version-3 rows)
    has none. Taken at the first decision rather than compared with the points scored, as the points
    scored already hold every decision's cost, and luck is to be shown apart from judgement."""
    # str(): an engine enum (``Outcome``) is written as the plain text the reader checks for
    row: dict[str, Any] = {"t": _now(), "preset": preset, "practice": practice, "maker": maker, "outcome": str(outcome)}
    if match is not None and deal is not None:
        row["id"] = {"match": match[:MAX_TEXT], "deal": deal}
    if not _valid_row("deals", row):
        raise ValueError(f"not a row of deals: {row!r}")

    def add(stats: Stats) -> bool:
        if "id" in row:
            first: tuple[int, float] | None = None
            for decision in stats.decisions:
                ident = decision.get("id")
                if isinstance(ident, dict) and (ident["match"], ident["deal"]) == (row["id"]["match"], deal):
                    decision.update(_deal_end(maker, outcome))
                    if decision.get("value") is not None and (first is None or ident["action"] < first[0]):
                        first = (ident["action"], decision["value"])
            if first is not None:
                row["value"] = first[1]
        stats.deals.append(row)
        return True

    return _change(add)


def record_match(preset: str, practice: bool, won: bool, *, match: str | None = None) -> list[Note]:
    """A finished match; with its id (issue 31), so its report finds its row."""
    row: dict[str, Any] = {"t": _now(), "preset": preset, "practice": practice, "won": won}
    if match is not None:
        row["id"] = {"match": match[:MAX_TEXT]}
    return _record("matches", row)
