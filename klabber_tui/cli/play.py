"""``klabber play`` (the game, in a terminal) and ``klabber export`` (the saved deals as records).

``play`` reads the settings, holds the data folder's lock and runs the game's app
(:func:`klabber_tui.cli.process.run_app`); Textual is imported only once the arguments and the folder
are accepted. ``export`` needs neither Textual nor numpy.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from engine.rules import PRESETS

from klabber_tui.cli import process
from klabber_tui.cli.argtypes import SEED, TARGET, fail
from klabber_tui.cli.data_folder import data_folder
from klabber_tui.data.safe_text import clean
from klabber_tui.data.schemas import PLAYER_ROLE
from klabber_tui.words.commands import cli_help_words, cli_metavars_words
from klabber_tui.words.files import FILE_REPAIRED, note_text, refused_text
from klabber_tui.words.i18n import npgettext, pgettext
from klabber_tui.words.names import choices_text


def cmd_play(args: argparse.Namespace) -> int:
    from klabber_tui.data import mistakes, stats
    from klabber_tui.data.folder import MatchOpen, StorageError, check_writable, hold_play_lock
    from klabber_tui.data.settings import SETTINGS_NAME, read_settings
    from klabber_tui.practice.session import Settings

    problem = None  # why the data folder cannot be written: the app offers to play without saving
    lock = None
    notes: list[str] = []
    raw: dict[str, object] = {}
    try:
        check_writable()
        if not args.watch:  # watching saves nothing, so it needs no lock
            lock = hold_play_lock()
    except MatchOpen as open_elsewhere:
        fail(pgettext('match.open.elsewhere', 'the match in {folder!r} is open in another window; finish or quit it there (or set KLABBER_HOME to another folder)').format(folder=str(open_elsewhere)))
    except StorageError as error:
        problem = refused_text(error)
        stats.recording = False
        mistakes.recording = False  # the coach's mistakes at the table are not kept either (issue 25)
    try:
        raw, read_notes = read_settings()
        notes = [note_text(note) for note in read_notes]
    except StorageError:  # a folder that cannot be read at all: problem says so already
        pass
    settings, repairs = Settings.repaired(raw)
    notes += [FILE_REPAIRED.format(what=SETTINGS_NAME, note=note_text(note)) for note in repairs]
    if args.rules is not None:
        settings.preset, settings.options = args.rules, {}
    if args.target is not None:
        settings.target = args.target
    if args.level is not None:
        settings.level = args.level
    if args.ascii:
        settings.ascii = True
    try:
        process.need_terminal("play")  # after the refusals of the arguments and the folder, which need none
        from klabber_tui.ui.app import KlabberApp

        app = KlabberApp(settings, args.name, watch=args.watch, new=args.new, seed=args.seed,
                         level_given=args.level is not None, storage_problem=problem, notices=notes)
        status = process.run_app(app)
        while app.language_changed and status == 0:  # issue 23: the app made anew in the new words
            app = app.made_anew()
            status = process.run_app(app)
        return status
    finally:
        if lock is not None:
            lock.release()


def cmd_export(args: argparse.Namespace) -> int:
    from klabber_tui.data import exports
    from klabber_tui.data.folder import StorageError

    if not args.out.strip():  # Path("") is the current folder: an empty --out is a slip, not a choice
        fail(cli_help_words()["export.empty_out"])
    data_folder()  # a data folder that cannot be used is blamed as such, not --out
    out = Path(args.out)
    try:
        written = exports.export_records(out)
    except StorageError as error:  # the data folder, not --out
        fail(pgettext('export.data.folder', 'cannot read the saved matches: {reason}').format(reason=refused_text(error)))
    except OSError as error:
        fail(cli_help_words()["export.cannot_write"].format(out=str(out), reason=error.strerror or error))
    print(npgettext('count.export_written', '{n} deal record written to {out}', '{n} deal records written to {out}', len(written)).format(n=len(written), out=clean(str(out), newlines=False)))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``play`` and ``export`` to the ``klabber`` parser, worded in the current language (issue 12)."""
    from klabber_tui.practice.session import LEVELS

    names = cli_metavars_words()
    play = sub.add_parser("play", help=cli_help_words()["play"], description=cli_help_words()["play.about"])
    play.add_argument("--rules", choices=tuple(PRESETS), metavar=names["preset"],
                      help=cli_help_words()["play.rules"].format(presets=choices_text(tuple(PRESETS),
                                                                                        "PRESET_WORDS")))
    play.add_argument("--target", type=TARGET, metavar=names["number"], help=cli_help_words()["play.target"])
    play.add_argument("--level", choices=LEVELS, metavar=names["level"],
                      help=cli_help_words()["play.level"].format(levels=choices_text(tuple(LEVELS),
                                                                                       "LEVEL_CHOICE_WORDS")))
    play.add_argument("--seed", type=SEED, metavar=names["seed"], help=cli_help_words()["play.seed"])
    play.add_argument("--name", default=PLAYER_ROLE, metavar=names["name"], help=cli_help_words()["play.name"])
    play.add_argument("--ascii", action="store_true", help=cli_help_words()["ascii"])
    play.add_argument("--new", action="store_true", help=cli_help_words()["play.new"])
    play.add_argument("--watch", action="store_true", help=cli_help_words()["play.watch"])
    play.set_defaults(run=cmd_play)

    export = sub.add_parser("export", help=cli_help_words()["export"], description=cli_help_words()["export.about"])
    export.add_argument("--out", default="klabber-records", metavar=names["folder"],
                        help=cli_help_words()["export.out"])
    export.set_defaults(run=cmd_export)
