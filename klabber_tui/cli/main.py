"""The ``klabber`` command: the parser, ``--lang``, and :func:`main`, the one boundary of every command.

Each family of commands is a module beside this one, which adds its subcommands to the parser
(``register``) and runs them: ``replay`` (with ``--review`` and ``--what-if``), ``play`` and ``export``,
``practice`` (``drill``, ``stats``), ``report`` (issue 31), ``advise``, ``arena`` (``arena``, ``bench``),
``serve`` (issue 34, the extra ``[web]``). Heavy imports
(Textual, numpy, the bot) happen inside the commands that need them, so ``klabber --help``, ``replay``,
``export`` and ``stats --json`` start without either (``scripts/startup.py``).

:func:`main` is the one boundary of every command (issue 8): a bad argument or file, or a data folder
that cannot be used, ends in one line on standard error and exit status 2; anything unexpected writes
its traceback (never the values of variables) to a crash log, says in one line where the log is, and
exits 1; Ctrl+C exits 130 quietly. Output never crashes on a console that cannot show a character
(``streams``). Issue 21, the process: a crash inside the game's app takes the same path as one here
(its error is logged by :func:`report_crash`); the signals are :mod:`klabber_tui.ui.start`'s.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from engine.record import RecordError

from klabber_tui.cli import advise, arena, play, practice, replay, report, serve
from klabber_tui.cli.argtypes import fail, one_line
from klabber_tui.cli.data_folder import data_folder_name, os_refusal
from klabber_tui.ui.start import AppCrashed, Terminated, ending_signals, handled, terminate
from klabber_tui.data import streams
from klabber_tui.ui import start
from klabber_tui.data.safe_text import quoted
from klabber_tui.data.files import FileRefused
from klabber_tui.words import i18n
from klabber_tui.words.commands import cli_help_words, cli_metavars_words
from klabber_tui.words.files import refused_text
from klabber_tui.words.i18n import pgettext
from klabber_tui.data.settings import LANGUAGES

# Errors that are the input's fault, not the program's: one line and exit 2 at the boundary.
KNOWN_ERRORS: tuple[type[Exception], ...] = (FileRefused, RecordError)


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line and exits with 2."""

    def _check_value(self, action: argparse.Action, value: object) -> None:
        """argparse's own check, with the value quoted back cut short (issue 33): a pasted page given as
        ``--rules`` leaves the choices on the line."""
        if action.choices is not None and value not in action.choices:
            args = {"value": quoted(value), "choices": ", ".join(map(repr, action.choices))}
            raise argparse.ArgumentError(action, argparse._(  # type: ignore[attr-defined]  # argparse's gettext
                "invalid choice: %(value)r (choose from %(choices)s)") % args)

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]  # argparse's overloads
                   namespace: argparse.Namespace | None = None) -> argparse.Namespace:
        """argparse's own, with the words it did not know quoted back cut short (issue 33)."""
        parsed, extra = self.parse_known_args(args, namespace)
        if extra:
            self.error(argparse._("unrecognized arguments: %s") % quoted(" ".join(extra)))  # type: ignore[attr-defined]  # argparse's gettext
        return parsed

    def error(self, message: str) -> NoReturn:
        self.exit(2, argparse._("%(prog)s: error: %(message)s\n")  # type: ignore[attr-defined]  # argparse's own gettext alias, so its catalogue words it
                  % {"prog": self.prog, "message": one_line(message)})


def build_parser() -> argparse.ArgumentParser:
    names = cli_metavars_words()
    parser = _Parser(prog="klabber", description=cli_help_words()["klabber"])
    parser.add_argument("--version", action="version", version=f"%(prog)s {klabber_version()}",
                        help=pgettext("cli.version", "show klabber's version and exit"))
    sub = parser.add_subparsers(dest="command", metavar=names["command"], parser_class=_Parser)
    sub.required = True
    for family in (replay, play, practice, report, advise, arena, serve):  # the order of ``klabber --help``
        family.register(sub)
    for command in (parser, *sub.choices.values()):  # --lang anywhere: before or after the command
        command.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, metavar=names["lang"],
                             help=cli_help_words()["lang"])
    return parser


def klabber_version() -> str:
    """The installed package's version, from its metadata: the one source (``pyproject.toml``'s
    ``version``, as pip recorded it)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("klabber")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


def given_language(words: Sequence[str]) -> str | None:
    """The value of ``--lang`` among the words, read before argparse so that argparse speaks it too;
    the last one given, as argparse keeps the last (issue 21)."""
    found = None
    for index, word in enumerate(words):
        if word == "--":
            break
        if word == "--lang" and index + 1 < len(words):
            found = words[index + 1]
        elif word.startswith("--lang="):
            found = word.partition("=")[2]
    return found


def setting_language() -> str | None:
    """The language saved in the settings, read without touching anything (a folder or a settings file
    that cannot be used is reported, and repaired, by the command itself)."""
    from klabber_tui.data.files import read_json
    from klabber_tui.data.settings import MAX_SETTINGS_BYTES, SETTINGS_NAME

    try:
        raw = read_json(Path(data_folder_name()) / SETTINGS_NAME, MAX_SETTINGS_BYTES)
    except (OSError, FileRefused):
        return None
    lang = raw.get("lang") if isinstance(raw, dict) else None
    return lang if isinstance(lang, str) else None


def use_language(words: Sequence[str]) -> None:
    """Choose the language of this command: --lang, the setting, the locale, English (issue 12)."""
    given = given_language(words)
    i18n.set_language(i18n.choose(given, None if given in LANGUAGES else setting_language()))



def main(argv: Sequence[str] | None = None) -> int:
    """Run one ``klabber`` command behind the boundary; the exit status (see the module doc).

    A refusal raises ``SystemExit(2)`` after its line, as argparse's own refusals do; a crash or an
    interrupt returns its status."""
    streams.install()
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        with handled(ending_signals(), terminate):
            use_language(words)
            args = build_parser().parse_args(words)
            status = int(args.run(args) or 0)
            if sys.stdout is not None:  # None when the shell closed it (``>&-``): nothing to flush
                sys.stdout.flush()  # a closed pipe shows here, inside the boundary, not at exit
            return status
    except KeyboardInterrupt:
        return 128 + signal.SIGINT
    except Terminated as ended:
        return ended.status
    except AppCrashed as crash:
        return report_crash(crash.error, words)
    except BrokenPipeError:  # ``klabber replay r.json | head -1``: the reader left, nothing is wrong
        _silence_stdout()
        return 1
    except KNOWN_ERRORS as error:
        fail(refusal_line(error))
    except OSError as error:  # the disk, not the program: a full or read-only data folder, say
        fail(os_refusal(error))
    except Exception as error:  # noqa: BLE001 - the boundary: logged in full, reported in one line
        return report_crash(error, words)


def report_crash(error: BaseException, words: Sequence[str]) -> int:
    """The one crash path, of the command line and of the app (:func:`klabber_tui.ui.start.report_crash`):
    the log written, its path said first and whole, exit status 1."""
    return start.report_crash(error, words)


def refusal_line(error: Exception) -> str:
    """A refused file or record in the player's language: a record's refusal worded from its code in
    every language (the English words are the engine's line, the contract of deal-record.md's
    ``klabber replay``)."""
    return refused_text(error)


def _silence_stdout() -> None:
    """Point standard output at the null device, so the final flush does not fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real descriptor (captured in tests): nothing to do
        return


if __name__ == "__main__":
    sys.exit(main())
