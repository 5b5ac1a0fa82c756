"""Saves, settings, locks and exports on disk: the only module that knows where files live.

Everything is written atomically (a temp file in the same folder, fsync, ``os.replace``), so a crash
never leaves half a file. Every file is read through ``files.read_json`` (regular files only, a size
cap, strict JSON). A save that cannot be read is moved aside (never deleted) and reported; nothing
here raises for a bad file. A data folder that cannot be used is a :class:`StorageError` naming the
folder and the reason. ``KLABBER_HOME`` overrides the data folder (tests use it).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import text
from .i18n import pgettext
from .files import FileRefused, read_json
from .schemas import Unreadable, version_of

if TYPE_CHECKING:  # filelock is imported where a lock is taken: commands without one start faster
    from filelock import FileLock

SAVE_FAMILY = "klabber-save"
SAVE_VERSION = 1
SAVE_FORMAT = f"{SAVE_FAMILY}/{SAVE_VERSION}"
SETTINGS_FAMILY = "klabber-settings"
# Settings files of the first version carry no stamp; version 2 turned "Coach after each bid" on
# for every player once (issue 24): every earlier file holds the old default, false.
SETTINGS_VERSION = 2
COACH_ON_SINCE = 2
SETTINGS_FORMAT = f"{SETTINGS_FAMILY}/{SETTINGS_VERSION}"
SAVE_NAME = "match.json"
SETTINGS_NAME = "settings.json"
FINISHED_DIR = "finished"
PLAY_LOCK_NAME = "play.lock"
MAX_SAVE_BYTES = 16 << 20
MAX_SETTINGS_BYTES = 1 << 20


class StorageError(OSError):
    """The data folder cannot be used (a file, a dangling link, not writable); the message names the
    folder and the reason. An OSError, so every place that already survives a failed write survives
    this too."""


class MatchOpen(Exception):
    """``klabber play`` already runs on this data folder."""


def data_dir() -> Path:
    """The user's data folder for klabber (``KLABBER_HOME`` when set), created if missing."""
    override = os.environ.get("KLABBER_HOME")
    if override:
        path = Path(override)
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir("klabber", appauthor=False))
    if path.is_symlink() and not path.exists():
        raise StorageError(text.STORAGE_WORDS["dangling"].format(path=str(path), target=os.readlink(path)))
    if path.exists() and not path.is_dir():
        raise StorageError(text.STORAGE_WORDS["a_file"].format(path=str(path)))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageError(text.STORAGE_WORDS["not_made"].format(path=str(path), reason=text.os_reason(error))) from None
    return path


def check_writable() -> Path:
    """The data folder, after making sure a file can be written in it; StorageError if not."""
    path = data_dir()
    try:
        fd, probe = tempfile.mkstemp(prefix=".write-test.", dir=path)
    except OSError as error:
        raise StorageError(text.STORAGE_WORDS["not_written"].format(path=str(path),
                                                                  reason=text.os_reason(error))) from None
    os.close(fd)
    os.unlink(probe)
    return path


def hold_play_lock() -> FileLock:
    """The lock ``klabber play`` holds for its whole session, so a second window cannot play (and
    overwrite) the same save. The operating system drops it when the process dies, so a ``kill -9``
    never locks the player out. Raises :class:`MatchOpen` when another process holds it."""
    from filelock import FileLock, Timeout

    lock = FileLock(data_dir() / PLAY_LOCK_NAME, timeout=0, fallback_to_soft=False)
    try:
        lock.acquire()
    except Timeout:
        raise MatchOpen(str(data_dir())) from None
    except OSError as error:
        raise StorageError(text.STORAGE_WORDS["no_lock"].format(path=str(data_dir()),
                                                              reason=text.os_reason(error))) from None
    return lock


def short_lock(name: str, timeout: float = 10.0) -> FileLock:
    """A lock for one read-merge-write of a shared file (the statistics), held for milliseconds."""
    from filelock import FileLock

    return FileLock(data_dir() / name, timeout=timeout, fallback_to_soft=False)


def atomic_write(path: Path, text: str) -> None:
    """Write JSON ``text`` to ``path`` so that readers see the old file or the new one, never a part.

    A lone surrogate (a name from a non-UTF-8 argv, a ``\\udc80`` escape read from a file) can only
    sit inside a JSON string, so it is written as its ``\\u`` escape: JSON reads it back unchanged.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as handle:
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
    atomic_write(save_path(), json.dumps({**save, "format": SAVE_FORMAT}, ensure_ascii=False))


def read_save(check: Callable[[dict[str, Any]], Any] | None = None) -> Loaded:
    """Read the save; ``check(save)`` may raise ValueError for content that does not make sense.

    A missing save is ``Loaded(None)``. An unreadable, invalid or inconsistent one is moved aside and
    reported in ``problem``.
    """
    path = save_path()
    if not os.path.lexists(path):
        return Loaded(None)
    try:
        obj = read_json(path, MAX_SAVE_BYTES)
        version_of(obj, SAVE_FAMILY, SAVE_VERSION)
        value = check(obj) if check is not None else None
    except ValueError as error:  # FileRefused, Unreadable and the check's refusals are all ValueErrors
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


def copy_aside(path: Path, tag: str) -> Path:
    """Keep a copy of ``path`` beside it before it is rewritten without something it held."""
    target = _aside(path, tag)
    shutil.copyfile(path, target)
    return target


def backup_save() -> Path | None:
    """Keep the current save as a backup (``--new``): nothing is ever silently destroyed."""
    path = save_path()
    if not os.path.lexists(path):
        return None
    return move_aside(path, "backup")


_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


def slug(text: Any, fallback: str = "match") -> str:
    """A file-name piece made from text out of a file (a match id): letters, digits, ``-`` and ``_``
    only, at most 40 characters, so it can never name a folder or climb out of one."""
    piece = _UNSAFE.sub("-", str(text)).strip("-_")[:40].strip("-_")
    return piece or fallback


def archive_finished(save: dict[str, Any]) -> Path:
    """Store a finished match for export and remove the live save."""
    folder = data_dir() / FINISHED_DIR
    base = f"match-{slug(save.get('id'), _stamp())}"
    target, n = folder / f"{base}.json", 1
    while target.exists():
        target, n = folder / f"{base}-{n}.json", n + 1
    atomic_write(target, json.dumps({**save, "format": SAVE_FORMAT}, ensure_ascii=False))
    path = save_path()
    if os.path.lexists(path):
        path.unlink()
    return target


def read_settings() -> tuple[dict[str, Any], list[str]]:
    """The saved settings as they are in the file (``session.Settings`` checks each field), and notes
    for the player: {} when there are none, or when the file cannot be read (then it is moved aside)."""
    path = data_dir() / SETTINGS_NAME
    if not os.path.lexists(path):
        return {}, []
    try:
        obj = read_json(path, MAX_SETTINGS_BYTES)
        version = version_of(obj, SETTINGS_FAMILY, SETTINGS_VERSION, missing=1)
    except (FileRefused, Unreadable) as error:
        moved = move_aside(path, "corrupt")
        where = f"; it was moved to {moved.name}" if moved else ""
        return {}, [f"The settings file {str(path)!r} could not be read ({error}){where}. Default settings are used."]
    if version < COACH_ON_SINCE:
        return _coach_turned_on(obj)
    return obj, []


def _coach_turned_on(obj: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A settings file from before "Coach after each bid" was on by default: it is turned on once,
    with a notice, and the file is written at the current version so that the player's own choice
    is kept from then on (issue 24). A file that cannot be written gets the notice again next time."""
    stepped = {k: v for k, v in obj.items() if k != "format"}
    stepped["coach_bids"] = True
    notice = pgettext("settings.notice.coach_bids_on",
                      "“Coach after each bid” is now on: after each of your bids the coach's verdict "
                      "appears in the deal log, and v shows why. Settings (o) turn it off.")
    try:
        write_settings(stepped)
    except OSError:
        pass
    return stepped, [notice]


def write_settings(settings: dict[str, Any]) -> None:
    atomic_write(data_dir() / SETTINGS_NAME,
                 json.dumps({**settings, "format": SETTINGS_FORMAT}, indent=1, sort_keys=True, ensure_ascii=False))


def saved_matches() -> list[tuple[Path, dict[str, Any]]]:
    """The saved match and the finished ones that can be read, oldest first; bad files are skipped."""
    folder = data_dir() / FINISHED_DIR
    paths = sorted(folder.glob("match-*.json")) if folder.is_dir() else []
    if os.path.lexists(save_path()):
        paths.append(save_path())
    result = []
    for path in paths:
        try:
            obj = read_json(path, MAX_SAVE_BYTES)
            version_of(obj, SAVE_FAMILY, SAVE_VERSION)
        except (FileRefused, Unreadable):
            continue
        if isinstance(obj.get("match"), dict):
            result.append((path, obj))
    return result


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


def export_records(out: Path) -> list[Path]:
    """Write every finished deal record of the saved and finished matches to ``out``; returns the files.

    A data folder that cannot be read is a StorageError; a failure to write ``out`` an OSError. File
    names are built from a slug of the match id, so every file lands directly inside ``out``.
    """
    from engine.record import dumps

    matches = saved_matches()
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    taken: set[str] = set()
    for _path, save in matches:
        match_id = save.get("id") if isinstance(save.get("id"), str) and save.get("id") else "match"
        base, n = slug(match_id), 1
        while base in taken:
            base, n = f"{slug(match_id)}-{n}", n + 1
        taken.add(base)
        for k, record in _finished_records(save):
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
