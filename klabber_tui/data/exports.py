"""``klabber export``: every finished deal of the saved and finished matches written as its own record
file. Apart from the saves because it writes outside the data folder, into a folder the player
named, and reads the saves only to pick each match once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from klabber_tui.data.atomic import atomic_write
from klabber_tui.data.saves import saved_matches, slug


def _finished_records(save: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """The deal records of a save whose deal is over, with their numbers: a deal still in play is
    never exported (its record would show the bot's hidden hand)."""
    from engine.record import RecordError, parse_record, replay

    deals = save["match"].get("deals")
    result = []
    for k, record in enumerate(deals if isinstance(deals, list) else [], start=1):
        try:
            if isinstance(record, dict) and replay(parse_record(record)).is_over:
                result.append((k, record))
        except RecordError:
            continue
    return result


def _one_per_match(matches: list[tuple[Path, dict[str, Any]]]) -> list[tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]]:
    """Each match once, by match id, with its finished deals: of several files of one match (the
    copies earlier versions left in ``finished/``, ``…-7233-1.json``; the live save of a match also
    archived) the one with the most finished deals, the later file on a tie. Files without an id are
    each their own match. The files themselves are left as they are."""
    best: dict[str, tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]] = {}
    order: list[str] = []
    for path, save in matches:
        match_id = save.get("id")
        key = f"id:{match_id}" if isinstance(match_id, str) and match_id else f"path:{path}"
        finished = _finished_records(save)
        if key not in best:
            order.append(key)
        if key not in best or len(finished) >= len(best[key][1]):
            best[key] = (save, finished)
    return [best[key] for key in order]


def export_records(out: Path) -> list[Path]:
    """Write every finished deal record of the saved and finished matches to ``out``, each match once
    (by match id, whatever duplicates the data folder holds); returns the files.

    A data folder that cannot be read is a StorageError; a failure to write ``out`` an OSError. File
    names are built from a slug of the match id, so every file lands directly inside ``out``.
    """
    from engine.record import dumps

    matches = _one_per_match(saved_matches())
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    taken: set[str] = set()
    for save, finished in matches:
        match_id = save.get("id") if isinstance(save.get("id"), str) and save.get("id") else "match"
        base, n = slug(match_id), 1
        while base in taken:
            base, n = f"{slug(match_id)}-{n}", n + 1
        taken.add(base)
        for k, record in finished:
            record = dict(record)
            meta = dict(record.get("meta") or {})
            for key in ("players", "date"):
                if isinstance(save.get(key), str):
                    meta.setdefault(key, save[key])
            meta["match"] = match_id
            meta["deal"] = k
            record["meta"] = meta
            target = out / f"{base}-deal{k:03d}.json"
            atomic_write(target, dumps(record))
            written.append(target)
    return written
