"""Saves, settings, locks and exports on disk: the only module that knows where files live.

Everything is written atomically (a temp file in the same folder, fsync, ``os.replace``), so a crash
never leaves half a file; nothing is created through a link, every file is 0600 (issue 21), and a
file a later version wrote is never rewritten: a newer save is set aside untouched, newer settings
are read only. Every file is read through ``files.read_json`` (regular files only, a size
cap, strict JSON). A save that cannot be read is moved aside (never deleted) and reported; nothing
here raises for a bad file. A data folder that cannot be used is a :class:`StorageError` naming the
folder and the reason. ``KLABBER_HOME`` overrides the data folder (tests use it).
"""

from __future__ import annotations

import atexit
import errno
import json
import os
import re
import secrets
import stat
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from klabber_tui.data.files import FileRefused, read_json
from klabber_tui.data.schemas import Note, Unreadable, version_of

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
    """The data folder cannot be used (a file, a dangling link, not writable): ``code`` and ``detail``
    name the folder and the reason (``words.files.refused_text`` words them, issue 23). An OSError, so every
    place that already survives a failed write survives this too."""

    def __init__(self, code: str, detail: dict[str, Any]) -> None:
        super().__init__(code)
        self.code = code
        self.detail = detail


class MatchOpen(Exception):
    """``klabber play`` already runs on this data folder."""


def data_dir() -> Path:
    """The user's data folder for klabber (``KLABBER_HOME`` when set), created if missing.

    The folder itself may be a link the player chose (a synced folder): it is followed. Everything
    the program creates inside it is not (see :func:`atomic_write`)."""
    override = os.environ.get("KLABBER_HOME")
    if override:
        path = Path(override)
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir("klabber", appauthor=False))
    try:
        if path.is_symlink() and not path.exists():
            raise StorageError("dangling", {"path": str(path), "target": os.readlink(path)})
        if path.exists() and not path.is_dir():
            raise StorageError("a_file", {"path": str(path)})
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.stat(path)  # a folder above without search permission refuses here, not in a later open
    except StorageError:
        raise
    except OSError as error:  # a part over 255 bytes, a folder without search permission, ...
        raise StorageError("not_made", {"path": str(path), "error": error}) from None
    return path


def check_writable() -> Path:
    """The data folder, after making sure a file can be written in it; StorageError if not. Temp
    files left behind long ago by a killed writer are removed here."""
    path = data_dir()
    try:
        with _Folder(path) as folder:
            name = folder.create_temp("write-test")
            _unregister_and_unlink(folder, name)
            folder.sweep_stray_temp_files()
            if folder.exists(FINISHED_DIR):
                try:
                    with folder.mkdir_real(FINISHED_DIR) as finished:
                        finished.sweep_stray_temp_files()
                except OSError:  # a link or a file there: never looked into (archiving refuses it)
                    pass
    except OSError as error:
        raise StorageError("not_written", {"path": str(path), "error": error}) from None
    return path


def hold_play_lock() -> FileLock:
    """The lock ``klabber play`` holds for its whole session, so a second window cannot play (and
    overwrite) the same save. The operating system drops it when the process dies, so a ``kill -9``
    never locks the player out. Raises :class:`MatchOpen` when another process holds it."""
    from filelock import FileLock, Timeout

    lock = FileLock(data_dir() / PLAY_LOCK_NAME, timeout=0, fallback_to_soft=False, mode=FILE_MODE)
    try:
        lock.acquire()
    except Timeout:
        raise MatchOpen(str(data_dir())) from None
    except OSError as error:
        raise StorageError("no_lock", {"path": str(data_dir()), "error": error}) from None
    return lock


def short_lock(name: str, timeout: float = 10.0) -> FileLock:
    """A lock for one read-merge-write of a shared file (the statistics), held for milliseconds."""
    from filelock import FileLock

    return FileLock(data_dir() / name, timeout=timeout, fallback_to_soft=False, mode=FILE_MODE)


# -- creating files without following links (issue 21) ------------------------------------------
#
# Every file is created exclusively (O_CREAT | O_EXCL | O_NOFOLLOW, mode 0600) under a fresh name,
# relative to a descriptor of its folder where the platform allows it, so nothing can be swapped
# between a check and a use; it gets its real name by a rename (which replaces a link at that name,
# never follows it) or, for a copy set aside, by a hard link (which refuses a name already taken).
# A subfolder of the data folder is opened with O_NOFOLLOW and checked to be a real folder.
# What only POSIX has is used behind a check: elsewhere the same steps run on paths.

FILE_MODE = 0o600
FOLDER_MODE = 0o700
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_BINARY = getattr(os, "O_BINARY", 0)
# os.replace takes the same dir_fd arguments as os.rename (both are renameat) but is not listed.
_DIR_FD = (_DIRECTORY != 0 and {os.open, os.mkdir, os.rename, os.unlink, os.stat} <= os.supports_dir_fd)
_LINK_DIR_FD = _DIR_FD and os.link in os.supports_dir_fd
TEMP_SUFFIX = ".tmp"
STRAY_AGE = 3600.0  # a temp file older than this belongs to a writer that is long gone
_STRAY = re.compile(r"\..+\.tmp")

# The temp files this process has made and not yet renamed or removed: removed on the way out.
_in_flight: set[str] = set()


def remove_own_temp_files() -> None:
    """Remove every temp file this process is writing. Safe to call from a signal handler or at exit
    (the process side calls it on SIGINT, SIGTERM and SIGHUP): only unlinks, never raises."""
    for name in list(_in_flight):
        try:
            os.unlink(name)
        except OSError:
            pass
        _in_flight.discard(name)


atexit.register(remove_own_temp_files)


class _Folder:
    """An open folder: a descriptor where the platform has ``dir_fd`` (then every name is opened
    relative to it), else its path. ``nofollow`` refuses a folder that is a link (a subfolder of the
    data folder); the data folder itself and an export folder the player named may be links."""

    def __init__(self, path: Path, *, nofollow: bool = False) -> None:
        self.path = path
        self.fd: int | None = None
        if _DIR_FD:
            self.fd = os.open(path, os.O_RDONLY | _DIRECTORY | _CLOEXEC | (_NOFOLLOW if nofollow else 0))
            if not stat.S_ISDIR(os.fstat(self.fd).st_mode):
                os.close(self.fd)
                raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(path))
        elif nofollow and (path.is_symlink() or not path.is_dir()):
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(path))

    def __enter__(self) -> _Folder:
        return self

    def __exit__(self, *_exc: object) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def at(self, name: str) -> str:
        """``name`` as the os functions take it: relative to the descriptor, or the full path."""
        return name if self.fd is not None else str(self.path / name)

    def open(self, name: str, flags: int, mode: int = FILE_MODE) -> int:
        if self.fd is not None:
            return os.open(name, flags, mode, dir_fd=self.fd)
        return os.open(self.at(name), flags, mode)

    def lstat(self, name: str) -> os.stat_result:
        if self.fd is not None:
            return os.stat(name, dir_fd=self.fd, follow_symlinks=False)
        return os.lstat(self.at(name))

    def exists(self, name: str) -> bool:
        try:
            self.lstat(name)
        except FileNotFoundError:
            return False
        return True

    def unlink(self, name: str) -> None:
        if self.fd is not None:
            os.unlink(name, dir_fd=self.fd)
        else:
            os.unlink(self.at(name))

    def replace(self, old: str, new: str) -> None:
        if self.fd is not None:
            os.replace(old, new, src_dir_fd=self.fd, dst_dir_fd=self.fd)
        else:
            os.replace(self.at(old), self.at(new))

    def link_exclusive(self, old: str, new: str) -> None:
        """Give the file ``old`` the name ``new`` too, refusing (FileExistsError) a name already
        taken by anything, a link included. Where hard links are not to be had, a rename that
        refuses a taken name (Windows) or checks it first."""
        try:
            if _LINK_DIR_FD:
                os.link(old, new, src_dir_fd=self.fd, dst_dir_fd=self.fd, follow_symlinks=False)
            else:
                os.link(self.at(old), self.at(new), follow_symlinks=False)
            return
        except FileExistsError:
            raise
        except (OSError, NotImplementedError, AttributeError):  # no hard links on this file system
            if self.exists(new):
                raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), new) from None
            if os.name == "nt":
                os.rename(self.at(old), self.at(new))  # refuses an existing name there
            else:
                self.replace(old, new)
            return

    def mkdir_real(self, name: str) -> _Folder:
        """The subfolder ``name``, made (0700) if missing, opened without following a link."""
        try:
            if self.fd is not None:
                os.mkdir(name, FOLDER_MODE, dir_fd=self.fd)
            else:
                os.mkdir(self.at(name), FOLDER_MODE)
        except FileExistsError:
            pass
        if self.fd is not None:
            return _Folder.sub(self.fd, self.path / name, name)
        return _Folder(self.path / name, nofollow=True)

    @staticmethod
    def sub(parent_fd: int, path: Path, name: str) -> _Folder:
        folder = _Folder.__new__(_Folder)
        folder.path = path
        folder.fd = os.open(name, os.O_RDONLY | _DIRECTORY | _CLOEXEC | _NOFOLLOW, dir_fd=parent_fd)
        if not stat.S_ISDIR(os.fstat(folder.fd).st_mode):
            os.close(folder.fd)
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(path))
        return folder

    def fsync(self) -> None:
        """Make a rename in this folder durable where the platform allows it."""
        try:
            fd = self.fd if self.fd is not None else os.open(self.path, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            if fd != self.fd:
                os.close(fd)

    def create_temp(self, stem: str) -> str:
        """A new empty temp file (0600, created exclusively, registered for removal); its name."""
        while True:
            name = f".{stem}.{secrets.token_hex(6)}{TEMP_SUFFIX}"
            _in_flight.add(str(self.path / name))  # before it exists: a signal in between removes it
            try:
                os.close(self.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | _BINARY))
                return name
            except FileExistsError:
                _in_flight.discard(str(self.path / name))
            except BaseException:
                _in_flight.discard(str(self.path / name))
                raise

    def write_temp(self, stem: str, data: bytes) -> str:
        """A temp file holding ``data``, flushed to disk; removed again if anything fails."""
        name = self.create_temp(stem)
        try:
            fd = self.open(name, os.O_WRONLY | _NOFOLLOW | _CLOEXEC | _BINARY)
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
                os.fsync(fd)
            finally:
                os.close(fd)
        except BaseException:
            _unregister_and_unlink(self, name)
            raise
        return name

    def sweep_stray_temp_files(self, now: float | None = None) -> int:
        """Remove temp files left by writers killed long ago (older than STRAY_AGE): never one that
        another window may be writing now. Returns how many were removed."""
        now = time.time() if now is None else now
        removed = 0
        names = os.listdir(self.fd) if self.fd is not None else os.listdir(self.path)
        for name in names:
            if not _STRAY.fullmatch(name):
                continue
            try:
                info = self.lstat(name)
                if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STRAY_AGE:
                    self.unlink(name)
                    removed += 1
            except OSError:
                continue
        return removed


def _unregister_and_unlink(folder: _Folder, name: str) -> None:
    try:
        folder.unlink(name)
    except OSError:
        pass
    _in_flight.discard(str(folder.path / name))


def _encoded(content: str) -> bytes:
    """A lone surrogate (a name from a non-UTF-8 argv, a ``\\udc80`` escape read from a file) can only
    sit inside a JSON string, so it is written as its ``\\u`` escape: JSON reads it back unchanged."""
    return content.encode("utf-8", "backslashreplace")


def _write_in(folder: _Folder, name: str, data: bytes) -> None:
    tmp = folder.write_temp(name, data)
    try:
        folder.replace(tmp, name)
    except BaseException:
        _unregister_and_unlink(folder, tmp)
        raise
    _in_flight.discard(str(folder.path / tmp))
    folder.fsync()


def atomic_write(path: Path, content: str) -> None:
    """Write JSON ``content`` to ``path`` so that readers see the old file or the new one, never a
    part. The file is made 0600 under a temp name created exclusively in the same folder, and
    renamed over ``path`` (a link at ``path`` is replaced, never followed). The folder itself is
    followed: it is the data folder (which may be a link) or one the player named; subfolders of the
    data folder are written through :func:`write_in_data` instead."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with _Folder(path.parent) as folder:
        _write_in(folder, path.name, _encoded(content))


def _data_folder(sub: str | None = None) -> _Folder:
    """The data folder open, or its subfolder ``sub`` checked to be a real folder inside it (made if
    missing); a StorageError (an OSError) when ``sub`` is a link or a file."""
    top = _Folder(data_dir())
    if sub is None:
        return top
    with top:
        try:
            return top.mkdir_real(sub)
        except OSError as error:
            if error.errno in (errno.ELOOP, errno.ENOTDIR, getattr(errno, "EMLINK", errno.ELOOP)):
                raise StorageError("not_real_folder", {"path": str(top.path / sub)}) from None
            raise


def write_in_data(name: str, content: str, sub: str | None = None) -> Path:
    """Atomically write ``name`` in the data folder (or its real subfolder ``sub``); its path."""
    with _data_folder(sub) as folder:
        _write_in(folder, name, _encoded(content))
        return folder.path / name


def write_new_in_data(sub: str, prefix: str, suffix: str, content: str) -> Path:
    """A new file under a fresh name (``prefix`` + random + ``suffix``) in the data folder's real
    subfolder ``sub`` (made if missing; StorageError when it is a link or a file), created
    exclusively without following a link, 0600; removed again if it cannot be written whole."""
    with _data_folder(sub) as folder:
        while True:
            name = f"{prefix}{secrets.token_hex(4)}{suffix}"
            try:
                fd = folder.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | _BINARY)
            except FileExistsError:
                continue
            break
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(_encoded(content))
        except BaseException:
            _unregister_and_unlink(folder, name)
            raise
        return folder.path / name


def _stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")


def _aside_names(path: Path, tag: str) -> Iterator[str]:
    """Names beside ``path`` for setting it aside: ``match.corrupt-20260101-120000.json``, then with
    ``-1``, ``-2``, ... (each is taken exclusively, so a predictable name is never a way in)."""
    base = f"{path.stem}.{tag}-{_stamp()}"
    yield f"{base}{path.suffix}"
    for n in range(1, 10_000):
        yield f"{base}-{n}{path.suffix}"


def _link_aside(folder: _Folder, source: str, path: Path, tag: str) -> Path:
    """Give ``source`` a fresh aside name by a hard link that refuses any name already there."""
    for candidate in _aside_names(path, tag):
        try:
            folder.link_exclusive(source, candidate)
        except FileExistsError:
            continue
        return folder.path / candidate
    raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path))


def move_aside(path: Path, tag: str) -> Path | None:
    """Move ``path`` to a fresh name beside it (never deleted); None when it cannot be moved."""
    try:
        with _Folder(path.parent) as folder:
            target = _link_aside(folder, path.name, path, tag)
            if folder.exists(path.name):
                try:
                    folder.unlink(path.name)
                except OSError:
                    pass
            _make_private(folder, target.name)
            return target
    except OSError:
        return None


def _make_private(folder: _Folder, name: str) -> None:
    """A regular file set aside is made 0600 (opened without following a link)."""
    if not hasattr(os, "fchmod"):
        return
    try:
        fd = folder.open(name, os.O_RDONLY | _NOFOLLOW | _CLOEXEC | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            os.fchmod(fd, FILE_MODE)
    except OSError:
        pass
    finally:
        os.close(fd)


def copy_aside(path: Path, tag: str, max_bytes: int = MAX_SAVE_BYTES) -> Path:
    """Keep a copy of ``path`` beside it before it is rewritten without something it held. The copy
    is written whole under a temp name and only then given its name, or not at all (a full disk
    leaves nothing behind); an OSError says why."""
    from klabber_tui.data.files import read_text_bytes

    data = read_text_bytes(path, max_bytes)
    with _Folder(path.parent) as folder:
        tmp = folder.write_temp(path.name, data)
        try:
            return _link_aside(folder, tmp, path, tag)
        finally:
            _unregister_and_unlink(folder, tmp)


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


def _newer_stamp(path: Path, family: str, current: int, max_bytes: int, missing: int | None = None) -> str | None:
    """The format stamp of ``path`` when a later version wrote it; None for anything else (missing,
    unreadable, of this version or an earlier one)."""
    try:
        version = version_of(read_json(path, max_bytes), family, current, missing=missing)
    except ValueError:
        return None
    return f"{family}/{version}" if version > current else None


def _set_aside_if_newer(folder: _Folder, name: str, family: str, current: int, max_bytes: int) -> Path | None:
    """A file of a later version at ``name`` is never overwritten: it is set aside, untouched, as
    ``<stem>.newer-<time>.json`` first."""
    global _known_save
    try:
        info = folder.lstat(name)
    except FileNotFoundError:
        return None
    if name == SAVE_NAME and _identity(info) == _known_save:
        return None
    if not stat.S_ISREG(info.st_mode) or _newer_stamp(folder.path / name, family, current, max_bytes) is None:
        if name == SAVE_NAME:
            _known_save = _identity(info)
        return None
    target = _link_aside(folder, name, folder.path / name, "newer")
    folder.unlink(name)
    return target


def write_save(save: dict[str, Any]) -> None:
    """Write the live save; a save of a later version found there is set aside first (issue 21)."""
    global _known_save
    with _data_folder() as folder:
        _set_aside_if_newer(folder, SAVE_NAME, SAVE_FAMILY, SAVE_VERSION, MAX_SAVE_BYTES)
        _write_in(folder, SAVE_NAME, _encoded(json.dumps({**save, "format": SAVE_FORMAT}, ensure_ascii=False)))
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
    newer = _newer_stamp(path, SAVE_FAMILY, SAVE_VERSION, MAX_SAVE_BYTES)
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
    base = f"match-{slug(match_id, _stamp())}"
    content = _encoded(json.dumps({**save, "format": SAVE_FORMAT}, ensure_ascii=False))
    with _data_folder(FINISHED_DIR) as folder:
        for name in (f"{base}.json", *(f"{base}-{n}.json" for n in range(1, MAX_SAME_ID))):
            if folder.exists(name) and not _same_match(folder.path / name, match_id):
                continue
            _write_in(folder, name, content)
            target = folder.path / name
            break
        else:
            raise StorageError("finished_full", {"path": str(folder.path), "base": base})
    with _data_folder() as top:  # the live save goes, unless a later klabber wrote it: then it is set aside
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


def read_settings() -> tuple[dict[str, Any], list[Note]]:
    """The saved settings as they are in the file (``session.Settings`` checks each field), and notes
    for the player: {} when there are none, or when the file cannot be read (then it is moved aside).
    Settings a later klabber wrote are read (the fields this version knows) and never written back:
    a note says so, and :func:`settings_read_only` tells the settings screen."""
    path = data_dir() / SETTINGS_NAME
    if not os.path.lexists(path):
        return {}, []
    try:
        obj = read_json(path, MAX_SETTINGS_BYTES)
        version = version_of(obj, SETTINGS_FAMILY, SETTINGS_VERSION, missing=1)
    except (FileRefused, Unreadable) as error:
        moved = move_aside(path, "corrupt")
        key = "settings_moved" if moved else "settings_unreadable"
        return {}, [Note(key, {"path": str(path), "error": error, "name": moved.name if moved else ""})]
    if version > SETTINGS_VERSION:
        stamp = f"{SETTINGS_FAMILY}/{version}"
        return obj, [Note("settings_newer", {"found": stamp, "current": SETTINGS_FORMAT})]
    if version < COACH_ON_SINCE:
        return _coach_turned_on(obj)
    return obj, []


def settings_read_only() -> str | None:
    """The format stamp of a settings file a later klabber wrote (then a change in Settings is used
    but cannot be kept: the screen says so with the note ``settings_not_kept``); None
    when changes are kept."""
    return _newer_stamp(data_dir() / SETTINGS_NAME, SETTINGS_FAMILY, SETTINGS_VERSION, MAX_SETTINGS_BYTES, missing=1)


def _coach_turned_on(obj: dict[str, Any]) -> tuple[dict[str, Any], list[Note]]:
    """A settings file from before "Coach after each bid" was on by default: it is turned on once,
    with a notice, and the file is written at the current version so that the player's own choice
    is kept from then on (issue 24). A file that cannot be written gets the notice again next time."""
    stepped = {k: v for k, v in obj.items() if k != "format"}
    stepped["coach_bids"] = True
    notice = Note("coach_bids_on", {})
    try:
        write_settings(stepped)
    except OSError:
        pass
    return stepped, [notice]


def write_settings(settings: dict[str, Any]) -> None:
    """Write the settings; StorageError (saying the change cannot be kept) when a later klabber wrote
    the file: it is never rewritten."""
    newer = settings_read_only()
    if newer is not None:
        raise StorageError("settings_not_kept", {"found": newer})
    write_in_data(SETTINGS_NAME, json.dumps({**settings, "format": SETTINGS_FORMAT}, indent=1, sort_keys=True,
                                            ensure_ascii=False))


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
