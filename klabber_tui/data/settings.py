"""The settings file (``settings.json``): apart from the save because it is versioned on its own
(a file of the first version carries no stamp; version 2 turned "Coach after each bid" on once) and
one a later klabber wrote is read but never written back. The languages a settings file may name
live here too: they are what the file may hold, and the words (``words.i18n``) take them from here.
"""

from __future__ import annotations

import json
import os
from typing import Any

from klabber_tui.data.atomic import move_aside
from klabber_tui.data.files import FileRefused, read_json
from klabber_tui.data.folder import StorageError, data_dir, write_in_data
from klabber_tui.data.schemas import Note, Unreadable, newer_stamp, version_of

SETTINGS_FAMILY = "klabber-settings"
# Settings files of the first version carry no stamp; version 2 turned "Coach after each bid" on
# for every player once (issue 24): every earlier file holds the old default, false.
SETTINGS_VERSION = 2
COACH_ON_SINCE = 2
SETTINGS_FORMAT = f"{SETTINGS_FAMILY}/{SETTINGS_VERSION}"
SETTINGS_NAME = "settings.json"
MAX_SETTINGS_BYTES = 1 << 20
LANGUAGES = ("en", "ru")  # the languages klabber speaks, and a settings file's "lang" may name


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
    return newer_stamp(data_dir() / SETTINGS_NAME, SETTINGS_FAMILY, SETTINGS_VERSION, MAX_SETTINGS_BYTES, missing=1)


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
