"""A small App for ``klabber drill``: the drill screen alone, with the game's look."""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding, BindingType

from engine.rules import RuleSet

from klabber_tui.words import keys
from klabber_tui.ui.app import GuardedApp
from klabber_tui.ui.stylesheet import stylesheet
from klabber_tui.practice.drill import BOT_LEVEL, PLAYOUT_LEVEL, Drill
from klabber_tui.ui.screens.drill import DrillScreen
from klabber_tui.words.i18n import pgettext
from klabber_tui.ui.localized import LocalizedBindings


class DrillApp(LocalizedBindings, GuardedApp):
    CSS = stylesheet()
    TITLE = 'klabber drill'
    ENABLE_COMMAND_PALETTE = False
    # Issue 13: help opens from every screen, as in the game (priority: a modal page hides plain ones).
    @classmethod
    def bindings(cls) -> list[BindingType]:
        return [Binding(keys.HELP, "open_help", pgettext('key.help', 'Help'), key_display=keys.name(keys.HELP), priority=True)]

    def __init__(self, preset: str, seed: int, count: int, *, ascii: bool = False,
                 coach_level: str | None = None, bot_level: str = BOT_LEVEL,
                 playout_level: str = PLAYOUT_LEVEL, notices: Sequence[str] = (), drill: Drill | None = None) -> None:
        """``drill``: one made by the command (a situation, a margin, the mistake deck's positions)."""
        super().__init__()
        self.notices = tuple(notices)  # repaired settings, statistics that cannot be kept (issue 8)
        self.use_ascii(ascii)  # issue 13: every screen in ASCII
        self.drill = drill if drill is not None else Drill(preset, seed, count, coach_level, bot_level, playout_level)
        self.drill_screen = DrillScreen(self.drill)

    def on_mount(self) -> None:
        self.push_screen(self.drill_screen)
        for notice in self.notices:
            self.notify(notice, severity="warning", timeout=10, markup=False)

    def action_open_help(self) -> None:
        """The drilled preset's rules; ``?`` on help closes it."""
        from klabber_tui.ui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            self.screen.action_close()
            return
        self.push_screen(HelpScreen(RuleSet.from_preset(self.drill.preset)))
