"""ASCII mode's one mapping (issue 13, issue 22): every symbol and typographic mark in ASCII, cell for cell.

A terminal or font without box drawing, blocks or suit symbols shows escapes for them. Strings are
built one way (suit symbols, rules, marks); when ASCII mode is on, what is about to be shown passes
through :func:`to_ascii` once, at output: box drawing becomes ``+ - |``, blocks and shades ``#``, suit
symbols their letters, typographic punctuation its plain form. The letters of the language (Latin,
Cyrillic, ...) stay as they are. The mapping keeps every character's width in cells, so a layout
already computed is unchanged. The app applies it in its compositor (klabber_tui/ui/ascii.py); the
command line's text output through :func:`print_out`. No Textual here: the command line imports it.
"""

from __future__ import annotations

import sys
import unicodedata

from rich.cells import cell_len
from rich.console import Console, RenderableType

# Single cell to single cell: symbols with a plain ASCII spelling of the same width.
_KNOWN = {
    "♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S",
    "—": "-", "–": "-", "‒": "-", "―": "-", "−": "-", "‐": "-", "‑": "-",
    "…": ".", "·": "-", "•": "*", "‣": ">", "◦": "o", "●": "*", "○": "o", "■": "#", "□": "#",
    "«": "<", "»": ">", "‹": "<", "›": ">", "‘": "'", "’": "'", "‚": ",", "“": '"', "”": '"', "„": '"',
    "▶": ">", "▸": ">", "►": ">", "◀": "<", "◂": "<", "◄": "<", "▲": "^", "▼": "v", "▴": "^", "▾": "v",
    "←": "<", "→": ">", "↑": "^", "↓": "v", "↵": "<", "⏎": "<",
    "✓": "v", "✔": "v", "✗": "x", "✘": "x", "×": "x", "★": "*", "☆": "*",
    "±": "~", "≈": "~", "§": "#", "¶": "#", "©": "c", "®": "r", "™": "t", "≤": "<", "≥": ">", "≠": "#", "°": "o",
    "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u2007": " ",
}


def _box_drawing(name: str) -> str:
    """U+2500-U+257F by the name's directions: a crossing is ``+``, a line ``-`` or ``|``."""
    horizontal = any(word in name for word in ("HORIZONTAL", "LEFT", "RIGHT"))
    vertical = any(word in name for word in ("VERTICAL", "UP", "DOWN"))
    if "DIAGONAL" in name:
        return "/" if "UPPER RIGHT TO LOWER LEFT" in name else "\\"
    if horizontal and vertical or "ARC" in name:
        return "+"
    if horizontal:
        return "=" if "DOUBLE" in name else "-"
    return "|"


# U+2580-U+259F, in order: halves and eighths drawn by height, so a sparkline keeps its shape
# (_ - = #), thin edges of borders and scrollbars as lines, shades and quadrants as #.
_BLOCKS = "".join((
    "#",  # upper half
    "__--==##",  # lower one eighth up to the full block
    "####|||",  # left seven eighths down to one eighth
    "#",  # right half
    ".##",  # light, medium, dark shade
    "-|",  # upper one eighth, right one eighth
    "#" * 10,  # quadrants
))


def _block(code: int) -> str:
    """Block elements by shape (see _BLOCKS); geometric shapes (U+25A0-U+25FF) by name."""
    if 0x2580 <= code <= 0x259F:
        return _BLOCKS[code - 0x2580]
    name = unicodedata.name(chr(code), "")
    if "TRIANGLE" in name:
        return ">" if "RIGHT" in name else "<" if "LEFT" in name else "^" if "UP" in name else "v"
    if "CIRCLE" in name:
        return "o"
    return "#"


class _AsciiTable(dict[int, str]):
    """A ``str.translate`` table that works each new character out once, keeping its width."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        if code < 128:
            spelled = char
        elif char in _KNOWN:
            spelled = _KNOWN[char]
        else:
            name = unicodedata.name(char, "")
            category = unicodedata.category(char)
            if category.startswith("L"):
                spelled = char  # the letters of the language stay
            elif 0x2500 <= code <= 0x257F:
                spelled = _box_drawing(name)
            elif 0x2580 <= code <= 0x25FF:
                spelled = _block(code)
            elif category.startswith("Z"):
                spelled = " "
            elif category in ("Mn", "Me", "Cf"):
                spelled = ""  # combining marks and format characters take no cell
            else:
                spelled = "?"
            width = cell_len(char)
            if not category.startswith("L") and len(spelled) != width:
                spelled = (spelled * width)[:width] if spelled else ""
        self[code] = spelled
        return spelled


_TABLE = _AsciiTable()


def to_ascii(line: str) -> str:
    """``line`` with every symbol and typographic mark in ASCII, cell for cell; letters stay."""
    if line.isascii():
        return line
    return line.translate(_TABLE)


def print_out(ascii: bool, *renderables: RenderableType) -> None:
    """Print each of ``renderables`` to the terminal as a command's ``--ascii`` asks: the whole output
    (tables' rules, marks and suits alike) through :func:`to_ascii` when ``ascii``. ``--json`` output
    never comes here: it stays byte for byte what it was."""
    from klabber_tui.words import no_break

    no_break.install()  # a number and its noun joined by U+00A0 stay on one line
    console = Console()
    if not ascii:
        for renderable in renderables:
            console.print(renderable)
        return
    with console.capture() as captured:
        for renderable in renderables:
            console.print(renderable)
    sys.stdout.write(to_ascii(captured.get()))
