"""The data folder as the command line names it: where it is meant to be (without touching the disk),
and the one line that blames it when the system refuses it (``KLABBER_HOME`` a file, a dangling link,
a read-only folder) rather than the program or the argument given.
"""

from __future__ import annotations

import os
from pathlib import Path

from klabber_tui.cli.argtypes import fail
from klabber_tui.data.folder import StorageError
from klabber_tui.words.files import data_folder_words, os_reason, refused_text


def data_folder_name() -> str:
    """Where the data folder is meant to be, worked out without touching the disk."""
    override = os.environ.get("KLABBER_HOME")
    if override:
        return override
    import platformdirs

    return platformdirs.user_data_dir("klabber", appauthor=False)


def data_folder_refusal(error: OSError) -> str:
    """One line that blames the data folder (``KLABBER_HOME`` a file, a dangling link, read-only)."""
    name = data_folder_name()
    folder = Path(name)
    words = data_folder_words()
    try:
        dangling = folder.is_symlink() and not folder.exists()
        not_folder = not dangling and folder.exists() and not folder.is_dir()
    except OSError:  # the name cannot even be looked at (a part over 255 bytes, a folder on the way
        dangling = not_folder = False  # without search permission): the error itself says why
    if dangling:
        reason = words["dangling"]
    elif not_folder:
        reason = words["not_folder"]
    else:
        where = os.fsdecode(error.filename) if isinstance(error.filename, (str, bytes)) else ""
        reason = os_reason(error) + (f" ({where})" if where and where != name else "")
    return str(words["refused"].format(name=name, reason=reason))


def os_refusal(error: OSError) -> str:
    """An operating-system refusal as one line; one about a file in the data folder blames the folder.

    Storage's own (naming the folder and the reason) is worded from its code."""
    if isinstance(error, StorageError):
        return refused_text(error)
    home = os.path.abspath(data_folder_name()) + os.sep
    name = os.fsdecode(error.filename) if isinstance(error.filename, (str, bytes)) else ""
    path = os.path.abspath(name) + os.sep
    if name and (path.startswith(home) or home.startswith(path)):  # in the folder, or on the way to it
        return data_folder_refusal(error)
    line = str(data_folder_words()["cannot_go_on"].format(reason=os_reason(error)))
    return line + (f" ({name})" if name else "")


def data_folder() -> Path:
    """The data folder, or the one-line refusal that names it."""
    from klabber_tui.data.folder import data_dir

    try:
        return data_dir()
    except OSError as error:
        fail(refused_text(error) if isinstance(error, StorageError) else data_folder_refusal(error))
