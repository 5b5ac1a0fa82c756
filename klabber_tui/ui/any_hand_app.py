"""A small App for ``klabber advise`` with neither a record nor ``--hand`` (issue 25): the any-hand
page alone, with the game's look. ``klabber_tui.cli.advise`` refuses the command without a terminal
and runs it."""

from __future__ import annotations

from engine.rules import DEFAULT_PRESET

from klabber_tui.ui.app import GuardedApp
from klabber_tui.ui.screens.any_hand import AnyHandScreen, any_hand_title
from klabber_tui.ui.stylesheet import stylesheet


class AnyHandApp(GuardedApp):
    CSS = stylesheet()
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, *, preset: str = DEFAULT_PRESET, level: str | None = None, ascii: bool = False) -> None:
        super().__init__()
        self.title = any_hand_title()
        self.use_ascii(ascii)
        self.page = AnyHandScreen(preset=preset, level=level)

    def on_mount(self) -> None:
        self.push_screen(self.page, callback=lambda _: self.exit())
