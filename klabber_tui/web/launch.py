"""A page of ``klabber serve`` that is no command of its own (issue 34):
``python -m klabber_tui.web.launch KIND ARGS``, KIND ``stats`` or ``any-hand``.

The server runs this without a shell (its arguments a list, so a name with spaces or quotes is a
name), under Textual's web driver (``TEXTUAL_DRIVER``, see :mod:`.driver`). ``play`` and ``drill``
are run as the commands themselves (``python -m klabber_tui.cli play ARGS``). ``stats`` is the
statistics page that ``S`` opens, and ``any-hand`` the page ``klabber advise`` opens without a
position, each an app of its own, started through the one start path of every full-screen command
(:func:`klabber_tui.ui.start.run_page`, issue 33): the screen checked, the signals handed to the
app, a crash logged, the exit statuses of the command line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from klabber_tui.data.settings import LANGUAGES
from klabber_tui.ui.app import GuardedApp
from klabber_tui.ui.start import run_page
from klabber_tui.ui.stylesheet import stylesheet
from klabber_tui.words import i18n

KINDS = ("stats", "any-hand")


class StatsApp(GuardedApp):
    """The statistics page alone, as ``S`` shows it in the game; closing it ends the app."""

    CSS = stylesheet()
    TITLE = "klabber"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, *, ascii: bool = False) -> None:
        super().__init__()
        self.use_ascii(ascii)

    def on_mount(self) -> None:
        from klabber_tui.ui.screens.stats import StatsScreen

        self.push_screen(StatsScreen(), callback=lambda _result: self.exit())


def page_app(kind: str, words: Sequence[str]) -> GuardedApp:
    """The app of the page ``kind``, from the server's arguments (the preset, the level, ASCII)."""
    parser = argparse.ArgumentParser(prog=f"klabber serve: {kind}")
    parser.add_argument("--ascii", action="store_true")
    parser.add_argument("--rules", default=None)
    parser.add_argument("--level", default=None)
    parser.add_argument("--lang", default=None)
    args, _unknown = parser.parse_known_args(list(words))
    if kind == "stats":
        return StatsApp(ascii=args.ascii)
    from engine.rules import DEFAULT_PRESET

    from klabber_tui.ui.any_hand_app import AnyHandApp

    return AnyHandApp(preset=args.rules or DEFAULT_PRESET, level=args.level, ascii=args.ascii)


def _language(words: Sequence[str]) -> None:
    """The page's language as a command's: ``--lang`` as the server passed it, the setting, the
    locale, English (issue 12)."""
    given = None
    for word in words:
        if word.startswith("--lang="):
            given = word.partition("=")[2]
    i18n.set_language(i18n.choose(given, None if given in LANGUAGES else _setting_language()))


def _setting_language() -> str | None:
    """The language saved in the settings, or None where they cannot be read (the page works anyway)."""
    from klabber_tui.data.files import FileRefused, read_json
    from klabber_tui.data.folder import StorageError, data_dir
    from klabber_tui.data.settings import MAX_SETTINGS_BYTES, SETTINGS_NAME

    try:
        raw = read_json(data_dir() / SETTINGS_NAME, MAX_SETTINGS_BYTES)
    except (OSError, FileRefused, StorageError):
        return None
    lang = raw.get("lang") if isinstance(raw, dict) else None
    return lang if isinstance(lang, str) else None


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if not words or words[0] not in KINDS:
        print(f"klabber serve: the pages are {', '.join(KINDS)}", file=sys.stderr)
        return 2
    kind, rest = words[0], words[1:]
    _language(rest)
    return run_page(kind, lambda: page_app(kind, rest), rest)


if __name__ == "__main__":
    sys.exit(main())
