"""Where an unexpected error goes: a log file the user can send, never a screen of traceback.

The log holds the plain traceback (``traceback.format_exception``: file, line and code, never the
values of local variables, which would include the bot's hidden cards) and the versions that help
to reproduce it. It is written in the data folder; when that folder cannot be used (it is the very
thing that failed, say), in the system's temporary folder. Each log gets a fresh name, created
exclusively, so no log overwrites another and no link planted in the temporary folder is followed.
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path

from .argtypes import one_line

LOG_FOLDER = "logs"


def crash_report(error: BaseException, argv: Sequence[str]) -> str:
    """The text of a crash log: when, which command, the versions, the traceback without locals."""
    lines = [
        f"klabber crash log, {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
        f"command: klabber {' '.join(argv)}",
        f"python {platform.python_version()} on {platform.platform()}",
        "",
        *traceback.format_exception(type(error), error, error.__traceback__),
    ]
    return "\n".join(line.rstrip("\n") for line in lines) + "\n"


def _default_folders() -> list[Callable[[], Path]]:
    def data_logs() -> Path:
        from .storage import data_dir

        return data_dir() / LOG_FOLDER

    return [data_logs, lambda: Path(tempfile.gettempdir())]


def write_crash_log(error: BaseException, argv: Sequence[str],
                    folders: Sequence[Callable[[], Path]] | None = None) -> Path | None:
    """Write the crash log in the first folder that works; its path, or None when none did.

    ``folders`` (for tests) are tried in order; by default the data folder's ``logs``, then the
    temporary folder. Whatever stops one folder (it cannot be made, is full, is read-only) sends the
    log to the next: the log must never be a second crash.
    """
    text = crash_report(error, argv)
    for folder in folders if folders is not None else _default_folders():
        try:
            where = folder()
            where.mkdir(parents=True, exist_ok=True)
            fd, name = tempfile.mkstemp(prefix=f"klabber-crash-{time.strftime('%Y%m%d-%H%M%S')}-",
                                        suffix=".log", dir=where, text=True)
            with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as handle:
                handle.write(text)
            return Path(name)
        except Exception:  # noqa: BLE001 - any failure here means "try the next folder": the log must
            continue   # never become a second crash, and the first error is still reported
    return None


def print_crash_notice(error: BaseException, log: Path | None) -> None:
    """One line on standard error: where the log is, first and never cut (issue 21: a long data
    folder's path was cut off with the log's name), and what kind of error; the path gets the
    cleaning of names on the table."""
    from . import text

    kind = type(error).__name__
    if log is not None:
        message = text.PROCESS_WORDS["crash_logged"].format(log=one_line(str(log), sys.maxsize), kind=kind)
    else:
        message = text.PROCESS_WORDS["crash_no_log"].format(kind=kind)
    print("klabber: " + message, file=sys.stderr)
