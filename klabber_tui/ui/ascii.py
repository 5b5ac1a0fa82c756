"""ASCII mode (``--ascii``, issue 13) in the app: the one place that turns what is on screen into ASCII.

Widgets build their strings one way (suit symbols, card backs, marks); every line the screen is
about to show passes through :func:`klabber_tui.words.ascii_text.to_ascii` when ASCII mode is on, which
keeps each character's width in cells, so the layout the screen computed is unchanged. The CSS
class ``-ascii`` on the App (see assets/klabber.tcss) also switches borders to Textual's ``ascii``
style, so boxes are drawn from ASCII in the first place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from rich.segment import Segment
import textual._wrap  # noqa: F401  (loaded before no_break.install, which patches its chunks)
from textual._compositor import Compositor
from textual.app import App
from textual.binding import Binding
from textual.geometry import Region
from textual.strip import Strip

from klabber_tui.words import no_break
from klabber_tui.words.ascii_text import to_ascii

no_break.install()  # every app of klabber's is an AsciiApp: on screen, a number and its noun stay together

ASCII_CLASS = "-ascii"


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
    if len(shown) == 3 and shown[1] == "\u2013":
        return to_ascii(shown)  # a range of keys, 1–9: its en dash made a hyphen, not the first key's name
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
