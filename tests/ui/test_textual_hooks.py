"""Issue 22: the private Textual hooks klabber relies on (listed in pyproject.toml beside the pin
on textual) are where the code expects them. Each test fails if a new Textual moves its hook, so the
pin is widened only after looking again. ``App._fatal_error`` has its guard in test_trust_tui.py;
the binding maps have none (the translation issue removes their use)."""

from __future__ import annotations

import inspect

from textual._compositor import Compositor
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from klabber_tui.ui.ascii import AsciiCompositor
from klabber_tui.ui.screens.size_guard import SizeGuard
from klabber_tui.ui.widgets.footer import key_width


def test_every_paint_of_the_compositor_goes_through_the_render_the_ascii_compositor_overrides() -> None:
    """klabber_tui/ui/ascii.py: AsciiCompositor turns each line in ``_render_chops`` into ASCII; the
    terminal (full and partial updates) and screenshots (``render_strips``) must all be painted there."""
    assert list(inspect.signature(Compositor._render_chops).parameters) == ["self", "crop", "is_rendered_line"]
    for paint in (Compositor.render_full_update, Compositor.render_partial_update, Compositor.render_strips):
        assert "self._render_chops(" in inspect.getsource(paint), paint.__name__
    assert AsciiCompositor._render_chops is not Compositor._render_chops


def test_a_screen_paints_through_the_compositor_the_size_guard_puts_in_its_place() -> None:
    """klabber_tui/ui/screens/size_guard.py replaces ``Screen._compositor`` with the ASCII one: Textual
    must make it in ``Screen.__init__`` and paint the screen through that attribute."""
    assert "self._compositor = Compositor()" in inspect.getsource(Screen.__init__)
    assert "self._compositor.render_update(" in inspect.getsource(Screen._compositor_refresh)

    class Guarded(SizeGuard, Screen[None]):
        pass

    assert isinstance(Guarded()._compositor, AsciiCompositor)


def test_the_footer_is_made_of_the_footer_keys_the_wrapping_footer_measures() -> None:
    """klabber_tui/ui/widgets/footer.py sizes its columns from each ``FooterKey``'s ``key_display`` and
    ``description``; the Footer must still compose those."""
    assert {"key", "key_display", "description"} <= set(inspect.signature(FooterKey.__init__).parameters)
    assert "yield FooterKey(" in inspect.getsource(Footer.compose)
    assert key_width(FooterKey("q", "q", "Quit", "quit")) == len("q Quit")
