"""What the versioned documents on disk share: the format stamp and how a bad value is named.

Saves (``session.py``), settings (``session.py``) and statistics (``stats.py``) each carry a
``format`` of the form ``family/N``. Growth is not damage: a document of an earlier version of its
family is read field by field and upgraded when it is next written, a missing field takes its
default, an unknown field is kept, and a value that cannot be used is replaced and named in a note.
A document of a later version is never rewritten (issue 21): it is read for what this version knows
and left as it is (``saves.py``, ``settings.py`` and ``stats.py`` say, per file, what is done instead). Only a
document that is not of its family at all is :class:`Unreadable` (the caller moves the file aside).

No validation library: each of these documents must keep its good fields when one is bad, and keep
fields it does not know; msgspec and pydantic refuse or drop in both cases, so the checks would be
written by hand around them anyway.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from klabber_tui.data.files import read_json

PLAYER_ROLE = "the player"  # the default name, stored as a role and worded when shown (issue 23)
LEGACY_PLAYER_NAMES = ("You", "Вы")  # the default name as older saves and records stored it

@dataclass(frozen=True)
class Note:
    """Something the player is told about a file (a value repaired, a file moved aside or of a later
    version), as a code and its values: the interface words it (``words.files.note_text``, issue 23)."""

    code: str
    values: dict[str, Any] = field(default_factory=dict)


class Unreadable(ValueError):
    """A document that cannot be used at all: ``code`` and ``detail`` say what it is and what was
    expected (``words.files.refused_text`` words them)."""

    def __init__(self, code: str, detail: dict[str, Any]) -> None:
        super().__init__(code)
        self.code = code
        self.detail = detail


def version_of(obj: Any, family: str, current: int, *, missing: int | None = None) -> int:
    """The version ``N`` of a ``family/N`` document; ``missing`` is the version of a file written
    before the stamp existed. Raises :class:`Unreadable` for anything else."""
    if not isinstance(obj, dict):
        raise Unreadable("not_object", {"family": family, "current": current})
    stamp = obj.get("format")
    if stamp is None and missing is not None:
        return missing
    if isinstance(stamp, str) and stamp.startswith(family + "/"):
        tail = stamp[len(family) + 1:]
        if tail.isascii() and tail.isdigit() and len(tail) < 6 and int(tail) >= 1:
            return int(tail)
    raise Unreadable("format", {"value": stamp, "family": family, "current": current})


def shown(value: Any, limit: int = 40) -> str:
    """A value from a file as a short piece of text for a message (never the whole of a huge one); a
    missing or null value as JSON writes it, ``null``, notation that is the same in every language."""
    if value is None:
        return "null"
    word = repr(value)
    return word if len(word) <= limit else word[: limit - 1] + "…"


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: Any) -> bool:
    """A finite JSON number (a bool is not one)."""
    return (is_int(value) or isinstance(value, float)) and math.isfinite(value)


def clean_text(value: str) -> str:
    """``value`` with what UTF-8 cannot hold (lone surrogates from a non-UTF-8 argv) replaced by ``?``,
    so a save that holds it can always be written."""
    return value.encode("utf-8", "replace").decode("utf-8")


def newer_stamp(path: Path, family: str, current: int, max_bytes: int, missing: int | None = None) -> str | None:
    """The format stamp of ``path`` when a later version wrote it; None for anything else (missing,
    unreadable, of this version or an earlier one)."""
    try:
        version = version_of(read_json(path, max_bytes), family, current, missing=missing)
    except ValueError:
        return None
    return f"{family}/{version}" if version > current else None
