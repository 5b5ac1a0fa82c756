"""Where an unexpected error goes: a log file the user can send, never a screen of traceback.

The log holds the plain traceback (``traceback.format_exception``: file, line and code, never the
values of local variables, which would include the bot's hidden cards) and the versions that help
to reproduce it. It is written in the data folder's ``logs`` when that is a real folder inside it;
otherwise (it is a link, or the very thing that failed) in the system's temporary folder. Each log gets a fresh name, created
exclusively, so no log overwrites another and no link planted in the temporary folder is followed.
What the player is told (where the log is) is the caller's to say, in words (``words.files.crash_notice``):
this module returns the path it wrote, or None.
"""

from __future__ import annotations

import os
import platform
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

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


def _log_name() -> str:
    return f"klabber-crash-{time.strftime('%Y%m%d-%H%M%S')}-"


def _in_data_logs(content: str) -> Path:
    """The log in the data folder's ``logs``, which must be a real folder inside it: created
    relative to its descriptor, exclusively, without following a link (issue 21)."""
    from klabber_tui.data.folder import write_new_in_data

    return write_new_in_data(LOG_FOLDER, _log_name(), ".log", content)


def _in_folder(where: Path, content: str) -> Path:
    """The log under a fresh ``mkstemp`` name (exclusive, 0600, no link followed) in ``where``."""
    where.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=_log_name(), suffix=".log", dir=where, text=True)
    with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as handle:
        handle.write(content)
    return Path(name)


def write_crash_log(error: BaseException, argv: Sequence[str],
                    folders: Sequence[Callable[[], Path]] | None = None) -> Path | None:
    """Write the crash log in the first folder that works; its path, or None when none did.

    ``folders`` (for tests) are tried in order; by default the data folder's ``logs`` (when it is a
    real folder inside the data folder, not a link), then the temporary folder. Whatever stops one
    folder (it cannot be made, is a link, is full, is read-only) sends the log to the next: the log
    must never be a second crash.
    """
    text = crash_report(error, argv)
    writers: list[Callable[[], Path]]
    if folders is None:
        writers = [lambda: _in_data_logs(text), lambda: _in_folder(Path(tempfile.gettempdir()), text)]
    else:
        writers = [partial(lambda folder: _in_folder(folder(), text), folder) for folder in folders]
    for write in writers:
        try:
            return write()
        except Exception:  # noqa: BLE001 - any failure here means "try the next folder": the log must
            continue   # never become a second crash, and the first error is still reported
    return None
