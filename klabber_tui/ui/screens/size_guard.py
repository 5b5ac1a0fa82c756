"""Below 80x24 every screen hides its content and says what size is needed (issue: small terminals);
the apps ignore keys other than quit meanwhile (``GuardedApp.on_event``, issue 8)."""

from __future__ import annotations

from textual._compositor import Compositor
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

from klabber_tui.ui.ascii import ASCII_CLASS, AsciiCompositor
from klabber_tui.words.i18n import pgettext

MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small(size: Size) -> bool:
    """True when a terminal of ``size`` gets the size notice instead of the game."""
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


class SizeGuard:
    """Mixed into every screen of the game, modal ones included, so a small terminal never shows a
    clipped table or dialog: the content is hidden (``-small``) and a notice takes its place.
    It also paints the screen through the ASCII compositor, which is at work while the App has the
    ``-ascii`` class (issue 13: ``--ascii`` leaves no other character on any screen)."""

    _compositor: Compositor

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        assert isinstance(self, Screen)
        screen = self
        self._compositor = AsciiCompositor(lambda: screen.app.has_class(ASCII_CLASS))

    def on_mount(self) -> None:
        assert isinstance(self, Screen)
        if not self.is_attached:  # pushed as the app quits (q, a signal): taken off before it could
            return                # show, so nothing may be mounted on it (Textual's MountError, a crash)
        self.mount(Static("", classes="too-small"))
        self.check_size()

    def on_resize(self) -> None:
        self.check_size()

    def on_screen_resume(self) -> None:
        self.check_size()

    def check_size(self) -> None:
        assert isinstance(self, Screen)
        width, height = self.app.size
        small = too_small(self.app.size)
        self.set_class(small, "-small")
        if small:
            notice = pgettext('too.small', 'klabber needs a terminal of at least {w}×{h}; this one is {cw}×{ch}. Please enlarge it.').format(w=MIN_WIDTH, h=MIN_HEIGHT, cw=width, ch=height)
            for widget in self.query(".too-small").results(Static):
                widget.update(notice)
