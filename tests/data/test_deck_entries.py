"""Issue 33, mechanism 1: one broken entry of the mistake deck costs only itself.

A deck is GENERATED with every defect an entry can have: each key removed in turn, each string at any
depth of the stored entry (keys too) given a lone surrogate, each number at its bounds and just past
them, each field of the wrong type. Every reader of the deck (``klabber stats``, ``stats --json``,
``drill --mistakes`` and its ``--json``, the table's writes through ``practice.coaching``, the drill's
positions of ``practice.mistake_positions``) runs on it, the good entries survive, and a write that
drops an entry keeps the file as it was aside.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.deal import Deal
from engine.record import record_of
from engine.rules import TARGET_RANGE, RuleSet
from klabber_tui.cli.main import main
from klabber_tui.data import mistakes
from klabber_tui.practice import coaching
from klabber_tui.practice.mistake_positions import position_of_entry, standing_of_position
from klabber_tui.words import i18n
from klabber_tui.words.files import notes_text

START = 1_800_000_000.0
SURROGATE = "\udc80"
PRESETS = ("klaberjass", "clobber", "kalabriasz", "klaberass")


def _entry(seed: int, **changes: Any) -> dict[str, Any]:
    """A good entry of the elder's first word of deal ``seed`` (its preset by the seed), due now."""
    record = record_of(Deal.from_seed(RuleSet.from_preset(PRESETS[seed % len(PRESETS)]), seed))
    entry = mistakes.entry_of(record, choice="take", best="pass", level="normal", source="table",
                              standing={"mine": 120, "theirs": 80, "target": 501},
                              origin={"match": "m", "deal": 1, "action": 0}, at=START - 30 * mistakes.DAY)
    entry.update(changes)
    return entry


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every place at any depth of ``value`` and what it holds."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for n, item in enumerate(value):
            yield from _paths(item, (*path, n))


def _set(entry: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(entry)
    place = changed
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    return changed


def _rename_key(entry: dict[str, Any], path: tuple[Any, ...]) -> dict[str, Any]:
    """The key at ``path`` given a lone surrogate (its value kept)."""
    changed = copy.deepcopy(entry)
    place = changed
    for step in path[:-1]:
        place = place[step]
    place[path[-1] + SURROGATE] = place.pop(path[-1])
    return changed


def defects(seeds: Iterator[int]) -> Iterator[tuple[str, dict[str, Any], bool]]:
    """(what, entry, usable): every defect, each on an entry of its own position (so that a usable one
    is not a second entry of a position already in the deck)."""
    for key in mistakes.KEYS:
        entry = _entry(next(seeds))
        del entry[key]
        yield f"no {key}", entry, False
    base = _entry(next(seeds))
    for path, value in list(_paths(base)):
        if isinstance(value, str):
            yield f"surrogate in {path}", _set(_entry(next(seeds)) if path[0] != "record" else base, path,
                                               value + SURROGATE), False
        if path and isinstance(path[-1], str):
            yield f"surrogate in the key {path}", _rename_key(base, path), False
    for key in mistakes.KEYS:
        for value in (None, "x", 1, 1.5, True, [], {}):
            usable = ((key in ("standing", "origin") and value is None) or (key == "level" and value == "x")
                      or (key == "learnt" and value is True)
                      or (key == "options" and value == {})  # the records' rules are their presets' own
                      or (key in ("added", "due", "box") and type(value) in (int, float) and key != "box" or
                          key == "box" and type(value) is int))
            yield f"{key} = {value!r}", _entry(next(seeds), **{key: value}), usable
    n = len(mistakes.BOXES)
    for box, usable in ((-1, False), (0, True), (n - 1, True), (n, False), (10**12, False)):
        yield f"box {box}", _entry(next(seeds), box=box), usable
    for key in ("added", "due"):
        for t, usable in ((-1, False), (0, True), (mistakes.T_END - 1, True), (mistakes.T_END, False), (1e300, False)):
            yield f"{key} {t}", _entry(next(seeds), **{key: t}), usable
    low, high = TARGET_RANGE
    for target, usable in ((low - 1, False), (low, True), (high, True), (high + 1, False), (10**6, False)):
        yield f"target {target}", _entry(next(seeds), standing={"mine": 0, "theirs": 0, "target": target}), usable
    top = mistakes.SCORE_MAX
    for mine, theirs, usable in ((-1, 0, False), (0, 0, True), (500, 0, True), (501, 0, False), (0, 501, False),
                                 (top, top, True), (top + 1, top + 1, False), (10**18, 10**18, False)):
        standing = {"mine": mine, "theirs": theirs, "target": 501}
        yield f"standing {mine}:{theirs} to 501", _entry(next(seeds), standing=standing), usable
    for name in ("mine", "theirs", "target"):
        standing = {"mine": 1, "theirs": 2, "target": 501}
        del standing[name]
        yield f"standing without {name}", _entry(next(seeds), standing=standing), False
        yield f"standing {name} 1.5", _entry(next(seeds), standing={**standing, name: 1.5}), False
    for origin in ({"match": "m", "deal": -1, "action": 0}, {"match": 1, "deal": 1, "action": 0}, {"deal": 1}):
        yield f"origin {origin}", _entry(next(seeds), origin=origin), False
    for key, value in (("source", "elsewhere"), ("situation", "nowhere"), ("seat", "dealer"), ("preset", "clobber2"),
                       ("choice", "schmeiss!"), ("best", "play"), ("key", "0" * 64)):
        yield f"{key} {value}", _entry(next(seeds), **{key: value}), False
    entry = _entry(next(seeds))
    entry["record"] = dict(entry["record"], actions=["nonsense"])
    entry["key"] = mistakes.key_of(entry["record"])
    yield "a record that does not replay", entry, False
    yield "a number", 7, False  # type: ignore[misc]
    yield "a list", [], False  # type: ignore[misc]


@pytest.fixture
def deck(klabber_home: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, list[dict[str, Any]], int]:
    """The generated deck on disk: two good entries around every defect; what must survive, and how many
    entries must be left out."""
    monkeypatch.setattr(mistakes, "clock", lambda: START)
    seeds = iter(range(1000, 10**6))
    good = [_entry(1), _entry(2, standing=None, origin=None)]
    cases = list(defects(seeds))
    for what, entry, usable in cases:
        found = mistakes.problem(entry)
        assert (found is None) == usable, (what, found)
    kept = good + [entry for _what, entry, usable in cases if usable]
    entries = [good[0], *(entry for _what, entry, _usable in cases), good[1], copy.deepcopy(good[0])]
    klabber_home.mkdir(parents=True, exist_ok=True)
    path = klabber_home / mistakes.DECK_NAME
    # written as a damaged file would be: a lone surrogate as JSON escapes it
    path.write_text(json.dumps({"format": mistakes.DECK_FORMAT, "entries": entries, "later": "x" + SURROGATE}))
    return path, kept, len(entries) - len(kept) + 1


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as done:
        status = done.code if isinstance(done.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def _keys(entries: list[dict[str, Any]]) -> list[str]:
    return sorted(e["key"] for e in entries)


@pytest.mark.slow
def test_every_reader_runs_on_a_deck_with_every_defect(deck: tuple[Path, list[dict[str, Any]], int],
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path, kept, dropped = deck
    before = path.read_bytes()
    loaded, notes = mistakes.load()
    assert _keys(loaded.entries) == _keys(kept)
    assert notes[0].values["n"] == dropped and len(notes) == 1 + mistakes.NAMED_MAX
    for language in ("en", "ru"):
        with i18n.use_language(language):
            text = notes_text(notes) or ""
            assert SURROGATE not in text and len(text) < 1000, text
    # the statistics by situation, the stats page and its --json; the drill's positions and --json
    for argv in (("stats",), ("stats", "--json"), ("drill", "--mistakes", "--json", "--count", "1"),
                 ("drill", "--mistakes")):
        status, out, err = _run(capsys, *argv)
        assert status in (0, 2) and "Traceback" not in err, (argv, status, err)
        assert all(len(line) < 2000 for line in err.splitlines()), (argv, err)  # the deck's note, a refusal
    presets = json.loads(_run(capsys, "stats", "--json")[1])["presets"]
    assert sum(p["mistakes"]["total"] for p in presets.values()) == len(kept)
    for entry in loaded.entries:  # what the drill makes of every kept entry, the coach's standing with it
        position = position_of_entry(entry)
        standing = standing_of_position(position)
        assert standing is None or standing.target <= TARGET_RANGE[1]
    assert path.read_bytes() == before  # viewing never changes the file
    # the table's writes: add, answer, forget; each keeps the good entries and the file as it was aside
    coaching.record(mistakes.add, _entry(3)["record"], choice="take", best="pass", level="normal", source="table")
    assert [p.read_bytes() for p in path.parent.glob("mistakes.damaged-*.json")] == [before]
    mistakes.answered(kept[0]["key"], mistakes.RIGHT)
    mistakes.forget("m", 1, [0])
    after, notes = mistakes.load()
    assert notes == []
    assert _keys(after.entries) == _keys([e for e in kept if e.get("origin") != {"match": "m", "deal": 1, "action": 0}]
                                         + [_entry(3)])
    json.loads(path.read_text(encoding="utf-8"))


def test_a_newer_deck_with_defects_is_read_and_never_rewritten(deck: tuple[Path, list[dict[str, Any]], int]) -> None:
    path, kept, _dropped = deck
    data = json.loads(path.read_text())
    data["format"] = "klabber-mistakes/9"
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    loaded, notes = mistakes.load()
    assert _keys(loaded.entries) == _keys(kept) and notes[0].code == "deck_newer"
    mistakes.add(_entry(3)["record"], choice="take", best="pass", level="normal", source="table")
    mistakes.answered(kept[0]["key"], mistakes.RIGHT)
    assert path.read_bytes() == before
    assert not list(path.parent.glob("mistakes.damaged-*.json"))
