"""Output that never crashes on a console that cannot show a character (issue 8).

On a stream whose encoding lacks a character (``PYTHONIOENCODING=ascii``, a cp437 or cp1252
console), only that character is replaced: a suit symbol by its letter (♣ C, ♦ D, ♥ H, ♠ S), a
few typographic marks by their ASCII forms, a letter with an accent by the letter, anything else by
``?``. What the stream can encode (Cyrillic on cp1251 or cp866) is written unchanged. It is done
once, at the command's boundary, by giving standard output and error an error handler; no print
needs to care.
"""

from __future__ import annotations

import codecs
import os
import sys
import unicodedata
from typing import TextIO

HANDLER = "klabber-replace"

STAND_INS = {
    "♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S",
    "—": "-", "–": "-", "−": "-", "‘": "'", "’": "'", "“": '"', "”": '"', "…": "...", "·": ".",
    "•": "*", "±": "+/-", "×": "x", "→": "->", "←": "<-", "◀": "<", "▶": ">", "≈": "~",
    "≤": "<=", "≥": ">=", "\u00a0": " ",
}


def stand_in(char: str) -> str:
    """An ASCII stand-in for one character: its entry above, its letter without accents, or ``?``."""
    if char in STAND_INS:
        return STAND_INS[char]
    base = "".join(c for c in unicodedata.normalize("NFKD", char) if c.isascii() and c.isprintable())
    return base or "?"


def _replace(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "".join(stand_in(c) for c in error.object[error.start:error.end]), error.end


FALLBACK_WIDTH = 80  # columns when the width given is none at all
started_on_terminal = False  # standard error was a terminal when ``install`` ran (``terminal_gone``)


def install() -> None:
    """Register the handler and give it to standard output and error (when they can take it), and
    make sure the width is usable."""
    try:
        codecs.lookup_error(HANDLER)
    except LookupError:
        codecs.register_error(HANDLER, _replace)
    global started_on_terminal
    for stream in (sys.stdout, sys.stderr):
        _reconfigure(stream)
    usable_width()
    started_on_terminal = os.isatty(2)


def usable_width() -> None:
    """A ``COLUMNS`` of 0 (or less) becomes 80 (issue 21): Rich and Textual take its digits as the
    width, and ``klabber replay`` and ``klabber stats`` printed nothing at all. Any other value that
    is not a whole number they already pass over, for the terminal's own width."""
    columns = os.environ.get("COLUMNS", "").strip()
    try:
        width = int(columns)
    except ValueError:
        return
    if width <= 0:
        os.environ["COLUMNS"] = str(FALLBACK_WIDTH)


def _reconfigure(stream: TextIO | None) -> None:
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is None:  # None when there is no console; a replaced stream that cannot change
        return
    try:
        reconfigure(errors=HANDLER)
    except (ValueError, OSError):  # a closed or detached stream: nothing will be written to it
        return


def terminal_gone(fd: int = 2) -> bool:
    """Whether standard error was a terminal when klabber started and has hung up since (SIGHUP after
    its window closed): asking for its settings then fails. Where ``termios`` is missing (Windows),
    there is no SIGHUP to ask about."""
    if not started_on_terminal:
        return False
    try:
        import termios
    except ImportError:
        return False
    try:
        termios.tcgetattr(fd)
    except (termios.error, OSError):
        return True
    return False


def silence_terminal() -> None:
    """Point standard input, output and error at the null device, so that leaving the app (restoring
    the terminal, flushing the streams) writes nowhere instead of failing on a terminal that is gone
    (issue 21)."""
    try:
        null = os.open(os.devnull, os.O_RDWR)
    except OSError:
        return
    for fd in (0, 1, 2):
        try:
            os.dup2(null, fd)
        except OSError:
            continue
    os.close(null)
