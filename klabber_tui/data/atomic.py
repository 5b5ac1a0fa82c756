"""Writing a file so that a crash never leaves half of it, and setting a file aside: apart from the data
folder because it is how every file is written, wherever it lives (the data folder, its ``finished/``
and ``logs/``, an export folder the player named), and knows nothing of what the files hold.

Everything is written atomically (a temp file in the same folder, fsync, ``os.replace``); nothing is
created through a link, every file is 0600 (issue 21); a file set aside (``move_aside``,
``copy_aside``) gets a fresh name beside it by a hard link that refuses a name already taken, and is
never deleted.
"""

from __future__ import annotations

import atexit
import errno
import os
import re
import secrets
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from klabber_tui.data.files import MAX_SAVE_BYTES, read_text_bytes

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


class Folder:
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

    def __enter__(self) -> Folder:
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

    def mkdir_real(self, name: str) -> Folder:
        """The subfolder ``name``, made (0700) if missing, opened without following a link."""
        try:
            if self.fd is not None:
                os.mkdir(name, FOLDER_MODE, dir_fd=self.fd)
            else:
                os.mkdir(self.at(name), FOLDER_MODE)
        except FileExistsError:
            pass
        if self.fd is not None:
            return Folder.sub(self.fd, self.path / name, name)
        return Folder(self.path / name, nofollow=True)

    @staticmethod
    def sub(parent_fd: int, path: Path, name: str) -> Folder:
        folder = Folder.__new__(Folder)
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
            unregister_and_unlink(self, name)
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

    def write_new(self, prefix: str, suffix: str, data: bytes) -> str:
        """A new file under a fresh name (``prefix`` + random + ``suffix``) holding ``data``, created
        exclusively without following a link, 0600; removed again if it cannot be written whole."""
        while True:
            name = f"{prefix}{secrets.token_hex(4)}{suffix}"
            try:
                fd = self.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC | _BINARY)
            except FileExistsError:
                continue
            break
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
        except BaseException:
            unregister_and_unlink(self, name)
            raise
        return name


def unregister_and_unlink(folder: Folder, name: str) -> None:
    """Remove a temp file of this process (if it is still there) and forget it."""
    try:
        folder.unlink(name)
    except OSError:
        pass
    _in_flight.discard(str(folder.path / name))


def encoded(content: str) -> bytes:
    """A lone surrogate (a name from a non-UTF-8 argv, a ``\\udc80`` escape read from a file) can only
    sit inside a JSON string, so it is written as its ``\\u`` escape: JSON reads it back unchanged."""
    return content.encode("utf-8", "backslashreplace")


def write_in(folder: Folder, name: str, data: bytes) -> None:
    """Write ``data`` as ``name`` in ``folder``: a temp file flushed to disk, renamed over the name, the
    rename made durable."""
    tmp = folder.write_temp(name, data)
    try:
        folder.replace(tmp, name)
    except BaseException:
        unregister_and_unlink(folder, tmp)
        raise
    _in_flight.discard(str(folder.path / tmp))
    folder.fsync()


def atomic_write(path: Path, content: str) -> None:
    """Write JSON ``content`` to ``path`` so that readers see the old file or the new one, never a
    part. The file is made 0600 under a temp name created exclusively in the same folder, and
    renamed over ``path`` (a link at ``path`` is replaced, never followed). The folder itself is
    followed: it is the data folder (which may be a link) or one the player named; subfolders of the
    data folder are written through ``folder.write_in_data`` instead."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with Folder(path.parent) as folder:
        write_in(folder, path.name, encoded(content))


def stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")


def _aside_names(path: Path, tag: str) -> Iterator[str]:
    """Names beside ``path`` for setting it aside: ``match.corrupt-20260101-120000.json``, then with
    ``-1``, ``-2``, ... (each is taken exclusively, so a predictable name is never a way in)."""
    base = f"{path.stem}.{tag}-{stamp()}"
    yield f"{base}{path.suffix}"
    for n in range(1, 10_000):
        yield f"{base}-{n}{path.suffix}"


def link_aside(folder: Folder, source: str, path: Path, tag: str) -> Path:
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
        with Folder(path.parent) as folder:
            target = link_aside(folder, path.name, path, tag)
            if folder.exists(path.name):
                try:
                    folder.unlink(path.name)
                except OSError:
                    pass
            _make_private(folder, target.name)
            return target
    except OSError:
        return None


def _make_private(folder: Folder, name: str) -> None:
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
    data = read_text_bytes(path, max_bytes)
    with Folder(path.parent) as folder:
        tmp = folder.write_temp(path.name, data)
        try:
            return link_aside(folder, tmp, path, tag)
        finally:
            unregister_and_unlink(folder, tmp)
