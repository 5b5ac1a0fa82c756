"""ASCII mode (``--ascii``, issue 13): the one place that turns what is on screen into ASCII.

A terminal or font without box drawing, blocks or suit symbols shows escapes for them. Rather than
each string choosing its own spelling, every line the screen is about to show passes through
:func:`to_ascii` when ASCII mode is on: box drawing becomes ``+ - |``, blocks and shades ``#``, suit
symbols their letters, typographic punctuation its plain form. The letters of the language (Latin,
Cyrillic, ...) stay as they are. The mapping keeps every character's width in cells, so the layout
the screen computed is unchanged. The CSS class ``-ascii`` on the App (see assets/klabber.tcss)
also switches borders to Textual's ``ascii`` style, so boxes are drawn from ASCII in the first place.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence

from rich.cells import cell_len
from rich.segment import Segment
from textual._compositor import Compositor
from textual.app import App
from textual.binding import Binding
from textual.geometry import Region
from textual.strip import Strip

ASCII_CLASS = "-ascii"

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


def ascii_strip(strip: Strip) -> Strip:
    """A strip of the screen in ASCII, with the same styles and the same width."""
    if all(segment.text.isascii() for segment in strip):
        return strip
    return Strip([Segment(to_ascii(text), style, control) for text, style, control in strip], strip.cell_length)


def key_display(key: str, shown: str) -> str:
    """A key as the footer shows it, in ASCII mode: its name (``Enter``, ``Left``) where Textual
    would draw a symbol (a symbol-for-symbol map would leave a puzzling ``<`` for Enter)."""
    if shown.isascii():
        return shown
    return "+".join(part.replace("_", " ").capitalize() for part in key.split("+"))


class AsciiCompositor(Compositor):
    """A screen's compositor that passes every line it paints through :func:`ascii_strip` while
    ``enabled()`` says ASCII mode is on. Both the terminal and screenshots are painted from here."""

    def __init__(self, enabled: Callable[[], bool]) -> None:
        super().__init__()
        self._ascii_enabled = enabled

    def _render_chops(self, crop: Region,
                      is_rendered_line: Callable[[int], bool]) -> Sequence[Mapping[int, Strip]]:
        chops = super()._render_chops(crop, is_rendered_line)
        if not self._ascii_enabled():
            return chops
        return [{cut: (ascii_strip(strip) if strip is not None else strip) for cut, strip in line.items()}
                for line in chops]


class AsciiApp(App[None]):
    """An App whose screens can be painted in ASCII: ``use_ascii`` sets the ``-ascii`` class that the
    screens' compositors (screens/size_guard.py) and the CSS follow; the footer names its keys."""

    def use_ascii(self, on: bool) -> None:
        self.set_class(on, ASCII_CLASS)

    def get_key_display(self, binding: Binding) -> str:
        shown = super().get_key_display(binding)
        return key_display(binding.key, shown) if self.has_class(ASCII_CLASS) else shown
