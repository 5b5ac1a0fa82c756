"""One game process of ``klabber serve`` (issue 34): ``python -m klabber_tui.web.launch KIND ARGS``.

The server runs this without a shell (its arguments a list, so a name with spaces or quotes is a
name), under Textual's web driver (``TEXTUAL_DRIVER``, see :mod:`.driver`). ``play`` and ``drill``
are the commands themselves (``klabber play ARGS``: the data folder's lock, the settings, the crash
log, the exit statuses); ``stats`` is the statistics page that ``S`` opens, and ``any-hand`` the page
``klabber advise`` opens without a position, each as an app of its own, behind the same boundary.
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Sequence
from types import FrameType

from .. import cli, streams
from ..app import GuardedApp
from ..stylesheet import stylesheet

KINDS = ("play", "drill", "stats", "any-hand")


class StatsApp(GuardedApp):
    """The statistics page alone, as ``S`` shows it in the game; closing it ends the app."""

    CSS = stylesheet()
    TITLE = "klabber"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, *, ascii: bool = False) -> None:
        super().__init__()
        self.use_ascii(ascii)

    def on_mount(self) -> None:
        from ..screens.stats import StatsScreen

        self.push_screen(StatsScreen(), callback=lambda _result: self.exit())


def _terminated(signum: int, _frame: FrameType | None) -> None:
    raise cli.Terminated(signum)


def run_page(kind: str, words: Sequence[str]) -> int:
    """``stats`` or ``any-hand`` as an app, behind the boundary every command has (cli.main's)."""
    parser = argparse.ArgumentParser(prog=f"klabber serve: {kind}")
    parser.add_argument("--ascii", action="store_true")
    parser.add_argument("--rules", default=None)
    parser.add_argument("--level", default=None)
    parser.add_argument("--lang", default=None)
    args, _unknown = parser.parse_known_args(list(words))
    app: GuardedApp
    try:
        with cli.handled(cli.ending_signals(), _terminated):
            if kind == "stats":
                app = StatsApp(ascii=args.ascii)
            else:
                from engine.rules import DEFAULT_PRESET

                from ..any_hand_app import AnyHandApp

                app = AnyHandApp(preset=args.rules or DEFAULT_PRESET, level=args.level, ascii=args.ascii)
            return cli.run_app(app)
    except KeyboardInterrupt:
        return 128 + signal.SIGINT
    except cli.Terminated as ended:
        return ended.status
    except cli.AppCrashed as crash:
        return cli.report_crash(crash.error, [kind, *words])
    except Exception as error:  # noqa: BLE001 - the boundary: logged in full, reported in one line
        return cli.report_crash(error, [kind, *words])


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if not words or words[0] not in KINDS:
        print(f"klabber serve: the game kinds are {', '.join(KINDS)}", file=sys.stderr)
        return 2
    kind, rest = words[0], words[1:]
    if kind in ("play", "drill"):
        return cli.main([kind, *rest])
    streams.install()
    cli.use_language(rest)
    return run_page(kind, rest)


if __name__ == "__main__":
    sys.exit(main())
