"""Reading files that come from outside: records, saves, settings, statistics (issue 8).

Every file the program reads goes through :func:`read_json`, which refuses before it parses:
anything that is not a regular file (a FIFO would block for ever, ``/dev/zero`` would fill memory),
a file over a size cap, text that is not UTF-8, and JSON that is not strict: ``NaN``/``Infinity``,
a key twice in one object, nesting deeper than a limit, an integer too long to read. Each refusal
is a :class:`FileRefused` whose code and detail say what was wrong and what is allowed; the interface
words it (``words.files.refused_text``: one stderr line for a record; "moved aside because ..." for a save).
"""

from __future__ import annotations

import json
import os
import re
import stat
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, Any

# The engine is imported by load_record alone, so that reading the settings file (which the words
# import for its languages) loads no engine.
if TYPE_CHECKING:
    from engine.record import Record

# A record is a few KiB and a save of a long match a few hundred; statistics grow with play but are
# compacted (stats.py). The caps are far above any honest file and far below any harm.
MAX_RECORD_BYTES = 1 << 20
MAX_SAVE_BYTES = 16 << 20
MAX_DEPTH = 64
MAX_INT_DIGITS = 100


class FileRefused(ValueError):
    """A file that cannot be used: ``code`` and ``detail`` say why and what is allowed, as data, and
    ``path`` names the file when the reason is about its text (issue 23: this layer returns codes, and
    ``words.files.refused_text`` words them in one line)."""

    def __init__(self, code: str, detail: dict[str, Any], path: Path | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.detail = detail
        self.path = path


def read_text(path: Path, max_bytes: int) -> str:
    """The UTF-8 text of a regular file of at most ``max_bytes`` bytes (see :func:`read_text_bytes`)."""
    data = read_text_bytes(path, max_bytes)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FileRefused("not_utf8", {"path": str(path), "start": error.start}) from None


def read_text_bytes(path: Path, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes`` bytes.

    The file is opened without blocking and checked with ``fstat`` on the open descriptor (not the
    name), so a FIFO or device put in its place is refused, never waited on.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise FileRefused("cannot_read", {"path": str(path), "error": error}) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("not_regular", {"path": str(path)})
        if info.st_size > max_bytes:
            raise FileRefused("too_large", {"path": str(path), "size": info.st_size, "max_bytes": max_bytes})
        chunks: list[bytes] = []
        total = 0
        while True:  # read to the end, but never past the cap (the file may grow while we read)
            chunk = os.read(fd, min(1 << 16, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise FileRefused("grew_too_large", {"path": str(path), "limit": max_bytes})
    except OSError as error:
        raise FileRefused("cannot_read", {"path": str(path), "error": error}) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _nesting_depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` outside strings: checked before parsing, so a hostile file
    cannot exhaust the parser's recursion. Strings are cut out and the brackets summed in C, so a
    16 MiB save is measured in well under a second. (An unterminated string leaves its
    brackets in: such text is not JSON anyway.)"""
    brackets = "".join(_BRACKETS.findall(_STRING.sub("", text)))
    return max(accumulate(map(_STEP.__getitem__, brackets), initial=0))


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise FileRefused("key_twice", {"key": key})
        obj[key] = value
    return obj


def _no_constant(name: str) -> Any:
    raise FileRefused("not_a_number", {"name": name})


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise FileRefused("long_number", {"digits": len(digits.lstrip("-")), "max_digits": MAX_INT_DIGITS})
    return int(digits)


def _finite_float(digits: str) -> float:
    value = float(digits)
    if value in (float("inf"), float("-inf")):
        raise FileRefused("out_of_range", {"number": digits[:20]})
    return value


def loads_strict(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse strict JSON: no ``NaN``/``Infinity``, no key twice, at most ``max_depth`` levels, no
    integer longer than ``MAX_INT_DIGITS`` digits. Raises :class:`FileRefused`."""
    depth = _nesting_depth(text)
    if depth > max_depth:
        raise FileRefused("too_deep", {"depth": depth, "max_depth": max_depth})
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant,
                          parse_int=_bounded_int, parse_float=_finite_float)
    except json.JSONDecodeError as error:
        raise FileRefused("not_json", {"reason": error.msg, "line": error.lineno, "column": error.colno}) from None
    except RecursionError:  # the depth scan makes this unreachable in practice; kept as the last guard
        raise FileRefused("too_deep_unknown", {"max_depth": max_depth}) from None


def read_json(path: Path, max_bytes: int) -> Any:
    """Strict JSON from a regular file of at most ``max_bytes``; raises :class:`FileRefused`."""
    text = read_text(path, max_bytes)
    try:
        return loads_strict(text)
    except FileRefused as error:
        raise FileRefused(error.code, error.detail, path) from None


def load_record(path: str | Path) -> Record:
    """A ``klabber-deal/1`` record file, read strictly and validated (``engine.record.Record``).

    The engine stays free of I/O: it parses the decoded object; the file is read here. A file that
    cannot be used raises :class:`FileRefused`, a record the rules refuse ``RecordError``; both are
    one line naming what was wrong and what is allowed (deal-record.md).
    """
    from engine.record import parse_record

    return parse_record(read_json(Path(path), MAX_RECORD_BYTES))
