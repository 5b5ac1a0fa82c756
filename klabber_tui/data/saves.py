"""The saved match (``match.json``) and the finished ones (``finished/``): apart from the settings and
the exports because it is the one file rewritten after every move, and guarded by what this process
last wrote (a save of a later version is set aside untouched, never overwritten).

A save that cannot be read is moved aside (never deleted) and reported; nothing here raises for a
bad file. Every file is read through ``files.read_json`` (regular files only, a size cap, strict
JSON).
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from klabber_tui.data import atomic
from klabber_tui.data.atomic import Folder, encoded, link_aside, move_aside, write_in
from klabber_tui.data.files import MAX_SAVE_BYTES, FileRefused, read_json
from klabber_tui.data.folder import FINISHED_DIR, StorageError, data_dir, data_folder
from klabber_tui.data.schemas import Note, Unreadable, newer_stamp, version_of

SAVE_FAMILY = "klabber-save"
SAVE_VERSION = 1
SAVE_FORMAT = f"{SAVE_FAMILY}/{SAVE_VERSION}"
SAVE_NAME = "match.json"


def save_path() -> Path:
    return data_dir() / SAVE_NAME


@dataclass
class Loaded:
    """The outcome of reading the save: its content, or a problem (the file was moved to ``moved_to``,
    or, for a save of a newer version, left where it is: ``newer`` is the version that wrote it)."""

    save: dict[str, Any] | None
    problem: Note | None = None  # worded by words.files.note_text
    moved_to: Path | None = None
    value: Any = None  # what ``check`` returned for the save
    newer: str | None = None  # the format stamp of a save a later klabber wrote: not resumed


# The save as this process last wrote it (or read it and found it not newer): (device, inode, size,
# mtime). A save on disk that differs is checked again before it is overwritten.
_known_save: tuple[int, int, int, int] | None = None


def _identity(info: os.stat_result) -> tuple[int, int, int, int]:
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


def _set_aside_if_newer(folder: Folder, name: str, family: str, current: int, max_bytes: int) -> Path | None:
    """A file of a later version at ``name`` is never overwritten: it is set aside, untouched, as
    ``<stem>.newer-<time>.json`` first."""
    global _known_save
    try:
        info = folder.lstat(name)
    except FileNotFoundError:
        return None
    if name == SAVE_NAME and _identity(info) == _known_save:
        return None
    if not stat.S_ISREG(info.st_mode) or newer_stamp(folder.path / name, family, current, max_bytes) is None:
        if name == SAVE_NAME:
            _known_save = _identity(info)
        return None
    target = link_aside(folder, name, folder.path / name, "newer")
    folder.unlink(name)
    return target


def write_save(save: dict[str, Any]) -> None:
    """Write the live save; a save of a later version found there is set aside first (issue 21)."""
    global _known_save
    with data_folder() as folder:
        _set_aside_if_newer(folder, SAVE_NAME, SAVE_FAMILY, SAVE_VERSION, MAX_SAVE_BYTES)
        write_in(folder, SAVE_NAME, encoded(json.dumps({**save, "format": SAVE_FORMAT}, ensure_ascii=False)))
        try:
            _known_save = _identity(folder.lstat(SAVE_NAME))
        except OSError:
            _known_save = None


def read_save(check: Callable[[dict[str, Any]], Any] | None = None) -> Loaded:
    """Read the save; ``check(save)`` may raise ValueError for content that does not make sense.

    A missing save is ``Loaded(None)``. An unreadable, invalid or inconsistent one is moved aside and
    reported in ``problem``. One a later klabber wrote is not resumed and not touched: ``newer``
    names its version (the next :func:`write_save` sets it aside as ``match.newer-<time>.json``).
    """
    path = save_path()
    if not os.path.lexists(path):
        return Loaded(None)
    try:
        obj = read_json(path, MAX_SAVE_BYTES)
        version = version_of(obj, SAVE_FAMILY, SAVE_VERSION)
        if version > SAVE_VERSION:
            stamp = f"{SAVE_FAMILY}/{version}"
            return Loaded(None, Note("save_newer", {"found": stamp, "current": SAVE_FORMAT}), newer=stamp)
        value = check(obj) if check is not None else None
    except ValueError as error:  # FileRefused, Unreadable and the check's refusals are all ValueErrors
        moved = move_aside(path, "corrupt")
        return Loaded(None, Note("refused", {"error": error}), moved)
    return Loaded(obj, value=value)


def backup_save() -> Path | None:
    """Keep the current save as a backup (``--new``): nothing is ever silently destroyed. A save of a
    later version is set aside as ``match.newer-<time>.json``."""
    path = save_path()
    if not os.path.lexists(path):
        return None
    newer = newer_stamp(path, SAVE_FAMILY, SAVE_VERSION, MAX_SAVE_BYTES)
    return move_aside(path, "newer" if newer else "backup")


_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


def slug(text: Any, fallback: str = "match") -> str:
    """A file-name piece made from text out of a file (a match id): letters, digits, ``-`` and ``_``
    only, at most 40 characters, so it can never name a folder or climb out of one."""
    piece = _UNSAFE.sub("-", str(text)).strip("-_")[:40].strip("-_")
    return piece or fallback


MAX_SAME_ID = 100  # matches whose ids make the same file name (a finished match is one file)


def archive_finished(save: dict[str, Any]) -> Path:
    """Store a finished match for export, once, and remove the live save.

    Idempotent by match id: the app saves after every change, and a finished match is saved again by
    each key that follows its last action, so the file of the same id is rewritten, never a second
    one made (issue 21). Another match whose id makes the same name, or a file of a later version,
    gets the next free name; ``finished/`` is a real folder inside the data folder, never a link.
    """
    match_id = save.get("id")
    base = f"match-{slug(match_id, atomic.stamp())}"
    content = encoded(json.dumps({**save, "format": SAVE_FORMAT}, ensure_ascii=False))
    with data_folder(FINISHED_DIR) as folder:
        for name in (f"{base}.json", *(f"{base}-{n}.json" for n in range(1, MAX_SAME_ID))):
            if folder.exists(name) and not _same_match(folder.path / name, match_id):
                continue
            write_in(folder, name, content)
            target = folder.path / name
            break
        else:
            raise StorageError("finished_full", {"path": str(folder.path), "base": base})
    with data_folder() as top:  # the live save goes, unless a later klabber wrote it: then it is set aside
        if _set_aside_if_newer(top, SAVE_NAME, SAVE_FAMILY, SAVE_VERSION, MAX_SAVE_BYTES) is None \
                and top.exists(SAVE_NAME):
            top.unlink(SAVE_NAME)
    return target


def _same_match(path: Path, match_id: Any) -> bool:
    """``path`` is a file of this version (or an earlier) holding the match ``match_id``."""
    try:
        obj = read_json(path, MAX_SAVE_BYTES)
        if version_of(obj, SAVE_FAMILY, SAVE_VERSION) > SAVE_VERSION:
            return False
    except ValueError:
        return False
    return isinstance(match_id, str) and obj.get("id") == match_id


def saved_matches() -> list[tuple[Path, dict[str, Any]]]:
    """The saved match and the finished ones that can be read, oldest first; bad files are skipped."""
    folder = data_dir() / FINISHED_DIR
    paths = sorted(folder.glob("match-*.json")) if folder.is_dir() and not folder.is_symlink() else []
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
