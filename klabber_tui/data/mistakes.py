"""The deck of the player's own mistakes (issue 25): bidding decisions the coach judged mistakes, asked
again on a spaced schedule until they stick.

One JSON file in the data folder, ``klabber-mistakes/2``::

    {"format": "klabber-mistakes/2",
     "entries": [{"key": "<sha256 of the record>", "record": {...klabber-deal/1, stops at the decision},
                  "seat": "elder", "preset": "kalabriasz", "options": {...}, "situation": "round-one-elder",
                  "standing": {"mine": 120, "theirs": 80, "target": 501} | null, "level": "hard",
                  "choice": "take", "best": "pass", "source": "table" | "drill" | "review",
                  "origin": {"match": "...", "deal": 3, "action": 5} | null,
                  "added": 1764670000.0, "box": 0, "due": 1764670000.0, "learnt": false}]}

Issue 31 put a box before the first (version 2): ``BOXES`` is (0, 1, 3, 7, 21) days. A bidding
mistake made at the table enters box 0, due at once, so that a match's mistakes can be practised as
soon as it ends (and a player who quits then loses none of them); one the table finds already in the
deck is made due at once, in the box it is in. The drill's and the review's mistakes enter box 1 (a
day, as before). A version-1 file is read with each box moved up by one (its box 0, one day, is box
1 now), and written as version 2 at the next change; a version-1 klabber never writes a version-2
file (a later version's), so no entry is lost either way.

One entry per position (its ``key`` is the record's cards, options and words up to the decision),
however many times it was judged a mistake: judged again (the review of a deal already judged at the
table), the entry and its schedule stay as they are. The boxes
(``BOXES``) are 1, 3, 7 and 21 days: an entry is due ``BOXES[box]`` days after it was last asked
(or added); right moves it on a box, wrong sends it back to the first; right in the last box makes
it learnt. A position the coach no longer calls a mistake (the verdict level changed, say) is retired:
it leaves the deck. Undo at the table removes the entry its decision made (``origin``).

An entry is plain data, checked against the engine (its record replays to the decision); the drill
makes a position of it (``practice.mistake_positions``). Storage follows issue 21: every change is a
read-merge-write under a short lock, written atomically through ``folder.write_in_data`` (0600, never
through a link); a file a later version wrote is read and never written; one that cannot be read is
moved aside when the next change is made, and viewing never changes a file. The clock is :data:`clock` (tests set it).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.record import RecordError, parse_record, replay
from engine.rules import TARGET_RANGE
from engine.situations import SITUATIONS, situation_of

from klabber_tui.data.files import FileRefused, read_json
from klabber_tui.data.schemas import Note, Unreadable, is_int, is_number, version_of
from klabber_tui.data.atomic import copy_aside, move_aside
from klabber_tui.data.folder import StorageError, data_dir, short_lock, write_in_data

DECK_NAME = "mistakes.json"
LOCK_NAME = "mistakes.lock"
DECK_FAMILY = "klabber-mistakes"
DECK_VERSION = 2  # 2 (issue 31): box 0, due at once, before version 1's boxes
DECK_FORMAT = f"{DECK_FAMILY}/{DECK_VERSION}"
MAX_DECK_BYTES = 8 << 20
MAX_ENTRIES = 2000  # the oldest learnt entries go first, then the oldest, past this
BOXES = (0, 1, 3, 7, 21)  # days until an entry is asked again, by box (issue 31: 0, at once)
NOW_BOX, FIRST_BOX = 0, 1  # a match's mistakes (the table's) enter NOW_BOX; the others, and a wrong answer, FIRST_BOX
DAY = 86400.0
T_END = 4102444800.0  # 2100-01-01: times in the file lie in [0, T_END)
SOURCES = ("table", "drill", "review")

clock: Callable[[], float] = time.time  # the schedule's clock: tests set it


def now() -> float:
    return min(max(0.0, round(clock(), 1)), T_END - 1)


def key_of(record: dict[str, Any]) -> str:
    """The position's identity: the record's rules, options, cards and words (not its meta, nor the
    bottom card, which is shown only after the bidding, rules.md §4.4)."""
    core = {k: v for k, v in record.items() if k not in ("meta", "bottom")}
    return hashlib.sha256(json.dumps(core, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def _time(value: Any) -> bool:
    return is_number(value) and 0 <= value < T_END


# Every key an entry holds, and what its readers need of it (issue 33): the statistics by situation and
# the stats page count ``preset``, ``learnt`` and ``due``; the drill asks ``record``, ``standing``, ``box``
# and ``choice``; the writes sort on ``added``, find ``key`` and ``origin``, and rewrite the whole entry.
KEYS = ("key", "record", "seat", "preset", "options", "situation", "standing", "level", "choice", "best",
        "source", "origin", "added", "box", "due", "learnt")
SCORE_MAX = 100_000  # a standing's totals: what ``klabber advise --score`` and the any-hand page accept


def _unwritable(value: Any, where: str) -> str | None:
    """The place of the first string (or key) at any depth of ``value`` that UTF-8 cannot hold (a lone
    surrogate, from ``\\ud800`` in the file): hashing and writing the entry would fail on it."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return where
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            inner = f"{where}.{key}" if where else str(key)
            if _unwritable(key, inner) is not None:
                return inner
            found = _unwritable(item, inner)
            if found is not None:
                return found
    elif isinstance(value, list):
        for n, item in enumerate(value):
            found = _unwritable(item, f"{where}[{n}]")
            if found is not None:
                return found
    return None


def _standing_problem(standing: Any) -> tuple[str, dict[str, Any]] | None:
    """What is wrong with a standing (None, or the totals before a deal of a match not yet over: each
    from 0 to ``SCORE_MAX``, below the target unless equal (rules.md §9), the target in the game's range)."""
    if standing is None:
        return None
    if not isinstance(standing, dict):
        return "type", {"field": "standing", "allowed": "object_or_null"}
    for name in ("mine", "theirs", "target"):
        if name not in standing:
            return "missing", {"field": f"standing.{name}"}
        if not is_int(standing[name]):
            return "type", {"field": f"standing.{name}", "allowed": "whole"}
    low, high = TARGET_RANGE
    if not low <= standing["target"] <= high:
        return "range", {"field": "standing.target", "value": standing["target"], "low": low, "high": high}
    for name in ("mine", "theirs"):
        if not 0 <= standing[name] <= SCORE_MAX:
            return "range", {"field": f"standing.{name}", "value": standing[name], "low": 0, "high": SCORE_MAX}
    if max(standing["mine"], standing["theirs"]) >= standing["target"] and standing["mine"] != standing["theirs"]:
        return "over", {"field": "standing", "target": standing["target"]}
    return None


def _origin_problem(origin: Any) -> tuple[str, dict[str, Any]] | None:
    if origin is None:
        return None
    if not (isinstance(origin, dict) and isinstance(origin.get("match"), str)
            and all(is_int(origin.get(k)) and origin[k] >= 0 for k in ("deal", "action"))):
        return "type", {"field": "origin", "allowed": "origin"}
    return None


def problem(entry: Any) -> tuple[str, dict[str, Any]] | None:
    """Why an entry cannot be used, as a code and what it names (``field``, the value and what is allowed),
    or None for a usable one: every key present and of the type its readers take, every string
    writable, every number in the range the program can afford, and the record replaying to a bidding
    decision of the entry's seat, situation, preset and choices (issue 33)."""
    if not isinstance(entry, dict):
        return "type", {"field": "entry", "allowed": "object"}
    for name in KEYS:
        if name not in entry:
            return "missing", {"field": name}
    where = _unwritable(entry, "")
    if where is not None:
        return "text", {"field": where}
    for name in ("key", "seat", "preset", "situation", "level", "choice", "best", "source"):
        if not isinstance(entry[name], str):
            return "type", {"field": name, "allowed": "text"}
    for name, kind, allowed in (("record", dict, "object"), ("options", dict, "object"),
                                ("learnt", bool, "bool")):
        if not isinstance(entry[name], kind):
            return "type", {"field": name, "allowed": allowed}
    if not is_int(entry["box"]) or not 0 <= entry["box"] < len(BOXES):
        return "range", {"field": "box", "value": entry["box"], "low": 0, "high": len(BOXES) - 1}
    for name in ("added", "due"):
        if not _time(entry[name]):
            return "range", {"field": name, "value": entry[name], "low": 0, "high": T_END}
    if entry["source"] not in SOURCES:
        return "unknown", {"field": "source", "value": entry["source"]}
    if entry["situation"] not in SITUATIONS:
        return "unknown", {"field": "situation", "value": entry["situation"]}
    found = _standing_problem(entry["standing"]) or _origin_problem(entry["origin"])
    if found is not None:
        return found
    if entry["key"] != key_of(entry["record"]):
        return "value", {"field": "key", "value": entry["key"]}
    try:
        deal = replay(parse_record(entry["record"]))
    except RecordError:
        return "record", {"field": "record"}
    seat = deal.to_act
    if seat is None or situation_of(deal.stage, seat) is None:
        return "record", {"field": "record"}
    for name, own in (("seat", str(seat)), ("situation", str(situation_of(deal.stage, seat))),
                      ("preset", deal.rules.preset)):
        if entry[name] != own:
            return "value", {"field": name, "value": entry[name]}
    if entry["options"] != deal.rules.overrides():
        return "value", {"field": "options", "value": entry["options"]}
    legal = {str(a) for a in deal.legal_actions(seat)}
    for name in ("choice", "best"):
        if entry[name] not in legal:
            return "value", {"field": name, "value": entry[name]}
    return None


@dataclass
class Deck:
    entries: list[dict[str, Any]]
    extra: dict[str, Any]  # fields a later version added, kept
    newer: str | None = None  # the stamp of a later version: read only

    def to_json(self) -> str:
        return json.dumps({**self.extra, "format": DECK_FORMAT, "entries": self.entries}, ensure_ascii=False)

    def due(self, at: float | None = None) -> list[dict[str, Any]]:
        """The entries to ask now, the longest overdue first."""
        at = now() if at is None else at
        return sorted((e for e in self.entries if not e["learnt"] and e["due"] <= at), key=lambda e: e["due"])

    def counts(self, preset: str | None = None, at: float | None = None) -> dict[str, int]:
        """``total``, ``due`` and ``learnt`` of the deck (of one preset)."""
        at = now() if at is None else at
        mine = [e for e in self.entries if preset is None or e["preset"] == preset]
        return {"total": len(mine), "due": sum(1 for e in mine if not e["learnt"] and e["due"] <= at),
                "learnt": sum(1 for e in mine if e["learnt"])}


NAMED_MAX = 3  # dropped entries named one by one in the notes; the rest are counted


def _parse(obj: Any) -> tuple[Deck, int, list[tuple[int, str, dict[str, Any]]]]:
    """The deck, how many rows were left out, and why (the row's place from 1, a code and its values)."""
    version = version_of(obj, DECK_FAMILY, DECK_VERSION)
    rows = obj.get("entries", [])
    rows = rows if isinstance(rows, list) else [rows]
    if version < 2:  # version 1 had no box 0: its boxes are ours moved up by one
        rows = [dict(row, box=row["box"] + 1) if isinstance(row, dict) and is_int(row.get("box"))
                and 0 <= row["box"] < len(BOXES) - 1 else row for row in rows]
    good, seen, why = [], set(), []
    for n, row in enumerate(rows, 1):
        found = problem(row)
        if found is None and row["key"] in seen:
            found = "twice", {"field": "key"}
        if found is None:
            seen.add(row["key"])
            good.append(row)
        else:
            why.append((n, *found))
    # fields a later version added are kept and written back: only those UTF-8 can hold
    extra = {k: v for k, v in obj.items() if k not in ("format", "entries") and _unwritable({k: v}, "") is None}
    deck = Deck(good, extra, f"{DECK_FAMILY}/{version}" if version > DECK_VERSION else None)
    lost = len(obj) - len(extra) - ("format" in obj) - ("entries" in obj)
    return deck, len(rows) - len(good) + lost, why


def _read(writing: bool = False) -> tuple[Deck, list[Note], bool]:
    """The deck, what the player is told about its file (codes the interface words, issue 23), and
    whether rows were left out. Only ``writing`` moves an unreadable file aside."""
    path = data_dir() / DECK_NAME
    if not path.exists() and not path.is_symlink():
        return Deck([], {}), [], False
    try:
        deck, dropped, why = _parse(read_json(path, MAX_DECK_BYTES))
    except (FileRefused, Unreadable) as refused:
        if not writing:
            return Deck([], {}), [Note("deck_unreadable_left", {"path": repr(str(path)), "error": refused})], False
        moved = move_aside(path, "corrupt")
        return Deck([], {}), [Note("deck_unreadable_moved", {"path": repr(str(path)), "error": refused,
                                                             "name": moved.name if moved else "?"})], False
    notes = []
    if deck.newer is not None:
        notes.append(Note("deck_newer", {"path": repr(str(path)), "found": deck.newer, "current": DECK_FORMAT}))
    if dropped:
        notes.append(Note("deck_dropped", {"path": repr(str(path)), "n": dropped}))
        notes += [Note("deck_entry_dropped", {"n": n, "why": code, **values}) for n, code, values in why[:NAMED_MAX]]
    return deck, notes, bool(dropped)


def load() -> tuple[Deck, list[Note]]:
    """The deck and its notes (damaged, newer, or a folder that cannot be used); never changes a file."""
    try:
        deck, notes, _damaged = _read()
    except OSError as error:
        return Deck([], {}), [Note("deck_unreadable", {"error": error})]
    return deck, notes


recording = True  # False when the player chose to play without saving: nothing is written


def _change(change: Callable[[Deck], bool]) -> list[Note]:
    """Read, change and write under the lock; a file of a later version is never written."""
    if not recording:
        return []
    from filelock import Timeout

    try:
        with short_lock(LOCK_NAME):
            deck, notes, damaged = _read(writing=True)
            if deck.newer is not None or not change(deck):
                return notes
            if damaged:
                copy = copy_aside(data_dir() / DECK_NAME, "damaged", MAX_DECK_BYTES)
                notes.append(Note("deck_damaged_kept", {"name": copy.name}))
            if len(deck.entries) > MAX_ENTRIES:
                deck.entries.sort(key=lambda e: (not e["learnt"], e["added"]))
                del deck.entries[:len(deck.entries) - MAX_ENTRIES]
            write_in_data(DECK_NAME, deck.to_json())
    except Timeout:
        raise StorageError("deck_busy", {}) from None
    return notes


def entry_of(record: dict[str, Any], *, choice: str, best: str, level: str, source: str,
             standing: dict[str, int] | None, origin: dict[str, Any] | None, at: float) -> dict[str, Any]:
    """The new entry of the position at the end of ``record``, added at ``at``; ValueError when it is not
    one the deck could read back (:func:`problem`)."""
    deal = replay(parse_record(record))
    seat = deal.to_act
    situation = None if seat is None else situation_of(deal.stage, seat)
    if seat is None or situation is None:
        raise ValueError("a mistake's record stops at a bidding decision")
    entry: dict[str, Any] = {
        "key": key_of(record), "record": record, "seat": str(seat), "preset": deal.rules.preset,
        "options": deal.rules.overrides(), "situation": str(situation), "standing": standing, "level": level,
        "choice": choice, "best": best, "source": source, "origin": origin,
        "added": at, "box": NOW_BOX if source == "table" else FIRST_BOX, "learnt": False}
    entry["due"] = min(at + BOXES[entry["box"]] * DAY, T_END - 1)
    found = problem(entry)
    if found is not None:
        raise ValueError(f"not a mistake entry ({found[0]}: {found[1].get('field')})")
    return entry


def add(record: dict[str, Any], *, choice: str, best: str, level: str, source: str,
        standing: dict[str, int] | None = None, origin: dict[str, Any] | None = None) -> list[Note]:
    """Put the position at the end of ``record`` (a bidding decision judged a mistake) in the deck;
    what the player is told about the deck's file. A mistake made at the table (``source`` "table")
    enters box 0, due at once, and an entry already there for it is made due at once (issue 31);
    the others enter the first box, a day away, and leave an entry already there as it is."""
    at = now()
    entry = entry_of(record, choice=choice, best=best, level=level, source=source, standing=standing,
                     origin=origin, at=at)

    def put(deck: Deck) -> bool:
        for found in deck.entries:
            if found["key"] == entry["key"]:
                if source != "table" or (found["due"] <= at and not found["learnt"]):
                    return False  # judged again (the review of a deal judged at the table): its schedule kept
                found.update(due=at, learnt=False)  # issue 31: made again in a match, it is due at once
                return True
        deck.entries.append(entry)
        return True

    return _change(put)


def forget(match: str, deal: int, action_indices: list[int]) -> list[Note]:
    """Remove the entries made by decisions taken back with undo."""
    gone = {(match, deal, k) for k in action_indices}

    def drop(deck: Deck) -> bool:
        before = len(deck.entries)
        deck.entries = [e for e in deck.entries if not (
            isinstance(e.get("origin"), dict)
            and (e["origin"].get("match"), e["origin"].get("deal"), e["origin"].get("action")) in gone)]
        return len(deck.entries) != before

    return _change(drop) if gone else []


RIGHT, WRONG, RETIRED = "right", "wrong", "retired"


def answered(key: str, result: str) -> list[Note]:
    """Move an entry on the schedule after it was asked again: ``right`` to the next box (learnt
    after the last), ``wrong`` back to the first, ``retired`` out of the deck."""
    at = now()

    def move(deck: Deck) -> bool:
        for entry in deck.entries:
            if entry["key"] != key:
                continue
            if result == RETIRED:
                deck.entries.remove(entry)
            elif result == RIGHT and entry["box"] == len(BOXES) - 1:
                entry["learnt"] = True
            else:
                entry["box"] = entry["box"] + 1 if result == RIGHT else FIRST_BOX
                entry["due"] = min(at + BOXES[entry["box"]] * DAY, T_END - 1)
            return True
        return False

    return _change(move)


def standing_of(entry: dict[str, Any]) -> tuple[int, int, int] | None:
    """An entry's match standing (mine, theirs, target), or None when it was not kept."""
    s = entry.get("standing")
    return None if s is None else (s["mine"], s["theirs"], s["target"])
