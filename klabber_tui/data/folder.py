"""Where klabber's files live: the data folder (``KLABBER_HOME`` overrides it; tests use it), the
check that it can be written, its real subfolders, and the locks taken in it. Apart from what the
files hold (the save, the settings, the statistics, the deck), which each module keeps; and apart
from how a file is written (``atomic``), which holds for any folder.

A data folder that cannot be used is a :class:`StorageError` naming the folder and the reason.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from klabber_tui.data.atomic import FILE_MODE, Folder, encoded, unregister_and_unlink, write_in

if TYPE_CHECKING:  # filelock is imported where a lock is taken: commands without one start faster
    from filelock import FileLock

FINISHED_DIR = "finished"
PLAY_LOCK_NAME = "play.lock"


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
    the program creates inside it is not (see ``atomic.atomic_write``)."""
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
        with Folder(path) as folder:
            name = folder.create_temp("write-test")
            unregister_and_unlink(folder, name)
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


def data_folder(sub: str | None = None) -> Folder:
    """The data folder open, or its subfolder ``sub`` checked to be a real folder inside it (made if
    missing); a StorageError (an OSError) when ``sub`` is a link or a file."""
    top = Folder(data_dir())
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
    with data_folder(sub) as folder:
        write_in(folder, name, encoded(content))
        return folder.path / name


def write_new_in_data(sub: str, prefix: str, suffix: str, content: str) -> Path:
    """A new file under a fresh name (``prefix`` + random + ``suffix``) in the data folder's real
    subfolder ``sub`` (made if missing; StorageError when it is a link or a file), created
    exclusively without following a link, 0600; removed again if it cannot be written whole."""
    with data_folder(sub) as folder:
        return folder.path / folder.write_new(prefix, suffix, encoded(content))
