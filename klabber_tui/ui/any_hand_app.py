"""A small App for ``klabber advise`` with neither a record nor ``--hand`` (issue 25): the any-hand
page alone, with the game's look."""

from __future__ import annotations

import argparse
import sys

from engine.rules import DEFAULT_PRESET

from klabber_tui.ui.app import GuardedApp
from klabber_tui.cli.argtypes import fail
from klabber_tui.words.i18n import pgettext
from klabber_tui.ui.screens.any_hand import AnyHandScreen, any_hand_title
from klabber_tui.ui.stylesheet import stylesheet
from klabber_tui.words.commands import cli_metavars_words


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


def run_any_hand(args: argparse.Namespace) -> int:
    """The page in a terminal; without one (or with --json) the command needs RECORD or --hand."""
    if args.json or not (sys.stdin.isatty() and sys.stdout.isatty()):
        names = cli_metavars_words()
        fail(pgettext("any_hand.refusal.neither_record_nor_hand",
                      "give a {record} or --hand {cards} --turn-up {card} --seat {seat} (without either, in a "
                      "terminal, klabber advise opens a page to type a hand)").format(
            record=names["record"], cards=names["cards"], card=names["card"], seat=names["seat"]))
    app = AnyHandApp(preset=args.rules or DEFAULT_PRESET, level=args.level, ascii=args.ascii)
    app.run()
    return app.return_code or 0
