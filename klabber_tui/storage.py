"""Saves, settings and exports on disk: the only module that knows where files live.

Everything is written atomically (a temp file in the same folder, fsync, ``os.replace``), so a crash
never leaves half a file. A save that cannot be read is moved aside (never deleted) and reported;
nothing here raises for a bad file. ``KLABBER_HOME`` overrides the data folder (tests use it).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SAVE_FORMAT = "klabber-save/1"
SAVE_NAME = "match.json"
SETTINGS_NAME = "settings.json"
FINISHED_DIR = "finished"


def data_dir() -> Path:
    """The user's data folder for klabber (``KLABBER_HOME`` when set), created if missing."""
    override = os.environ.get("KLABBER_HOME")
    if override:
        path = Path(override)
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir("klabber", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old file or the new one, never a part."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable where the platform allows it
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def _stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")


def _aside(path: Path, tag: str) -> Path:
    """A free name beside ``path`` for moving it aside: ``match.corrupt-20260101-120000.json``."""
    base = path.with_name(f"{path.stem}.{tag}-{_stamp()}{path.suffix}")
    candidate, n = base, 1
    while candidate.exists():
        candidate = base.with_name(f"{base.stem}-{n}{base.suffix}")
        n += 1
    return candidate


def save_path() -> Path:
    return data_dir() / SAVE_NAME


@dataclass
class Loaded:
    """The outcome of reading the save: its content, or a problem (the file was moved to ``moved_to``)."""

    save: dict[str, Any] | None
    problem: str | None = None
    moved_to: Path | None = None
    value: Any = None  # what ``check`` returned for the save


def write_save(save: dict[str, Any]) -> None:
    atomic_write(save_path(), json.dumps({"format": SAVE_FORMAT, **save}, ensure_ascii=False))


def read_save(check: Any = None) -> Loaded:
    """Read the save; ``check(save)`` may raise ValueError for content that does not make sense.

    A missing save is ``Loaded(None)``. An unreadable, invalid or inconsistent one is moved aside and
    reported in ``problem``.
    """
    path = save_path()
    if not path.exists():
        return Loaded(None)
    try:
        obj = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(obj, dict) or obj.get("format") != SAVE_FORMAT:
            raise ValueError(f"not a klabber save (expected format {SAVE_FORMAT!r})")
        value = check(obj) if check is not None else None
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as error:
        moved = move_aside(path, "corrupt")
        return Loaded(None, str(error) or type(error).__name__, moved)
    return Loaded(obj, value=value)


def move_aside(path: Path, tag: str) -> Path | None:
    target = _aside(path, tag)
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


def backup_save() -> Path | None:
    """Keep the current save as a backup (``--new``): nothing is ever silently destroyed."""
    path = save_path()
    if not path.exists():
        return None
    return move_aside(path, "backup")


def archive_finished(save: dict[str, Any]) -> Path:
    """Store a finished match for export and remove the live save."""
    folder = data_dir() / FINISHED_DIR
    name = f"match-{save.get('id') or _stamp()}.json"
    target = folder / name
    atomic_write(target, json.dumps({"format": SAVE_FORMAT, **save}, ensure_ascii=False))
    path = save_path()
    if path.exists():
        path.unlink()
    return target


def read_settings() -> dict[str, Any]:
    """The saved settings, or {} when there are none or they cannot be read (then moved aside)."""
    path = data_dir() / SETTINGS_NAME
    if not path.exists():
        return {}
    try:
        obj = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(obj, dict):
            raise ValueError("not an object")
        return obj
    except (OSError, UnicodeDecodeError, ValueError):
        move_aside(path, "corrupt")
        return {}


def write_settings(settings: dict[str, Any]) -> None:
    atomic_write(data_dir() / SETTINGS_NAME, json.dumps(settings, indent=1, sort_keys=True))


def saved_matches() -> list[tuple[Path, dict[str, Any]]]:
    """The saved match and the finished ones that can be read, oldest first; bad files are skipped."""
    paths = sorted((data_dir() / FINISHED_DIR).glob("match-*.json")) if (data_dir() / FINISHED_DIR).is_dir() else []
    if save_path().exists():
        paths.append(save_path())
    result = []
    for path in paths:
        try:
            obj = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            continue
        if isinstance(obj, dict) and obj.get("format") == SAVE_FORMAT and isinstance(obj.get("match"), dict):
            result.append((path, obj))
    return result


def export_records(out: Path) -> list[Path]:
    """Write every deal record of the saved and finished matches to ``out``; returns the files."""
    from engine.record import dumps

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for _path, save in saved_matches():
        match_id = str(save.get("id") or "match")
        deals = save["match"].get("deals") or []
        for k, record in enumerate(deals, start=1):
            if not isinstance(record, dict):
                continue
            record = dict(record)
            meta = dict(record.get("meta") or {})
            meta.setdefault("players", save.get("players", ""))
            meta.setdefault("date", save.get("date", ""))
            meta["match"] = match_id
            meta["deal"] = k
            record["meta"] = meta
            target = out / f"{match_id}-deal{k:03d}.json"
            atomic_write(target, dumps(record))
            written.append(target)
    return written
