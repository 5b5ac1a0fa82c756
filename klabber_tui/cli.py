"""The ``klabber`` command: thin argparse front over the engine, the bot and the app.

Heavy imports (Textual, numpy, the bot) happen inside the subcommands that need them, so
``klabber replay`` starts fast. Every bad argument or file ends in one line on standard error and
exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from ai.registry import LEVEL_NAMES
from engine.rules import TARGET_RANGE

from . import text
from .argtypes import fail, whole_number

SEED = whole_number(0)
COUNT = whole_number(1, 200)
TARGET = whole_number(*TARGET_RANGE)


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line and exits with 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def cmd_replay(args: argparse.Namespace) -> int:
    from engine.record import RecordError, load_record, replay, result_json

    try:
        record = load_record(args.file)
        deal = replay(record)
    except RecordError as error:
        fail(str(error))
    if args.json:
        print(json.dumps(result_json(deal)))
        return 0
    if args.review:
        return _print_review(record, args)
    from rich.console import Console

    from .replay_view import render_deal

    Console().print(render_deal(record, deal, ascii_suits=args.ascii))
    return 0


def _print_review(record: object, args: argparse.Namespace) -> int:
    """``klabber replay FILE --review``: both seats' decisions judged by the coach (issue 5)."""
    from rich.console import Console

    from .review import render_review, review_record
    from .text import SEAT_NAMES

    review = review_record(record, level=args.level)
    Console().print(render_review(review, ("elder", "dealer"), dict(SEAT_NAMES), ascii_suits=args.ascii))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from . import stats, storage
    from .session import Settings

    problem = None  # why the data folder cannot be written: the app offers to play without saving
    lock = None
    notes: list[str] = []
    raw: dict[str, object] = {}
    try:
        storage.check_writable()
        if not args.watch:  # watching saves nothing, so it needs no lock
            lock = storage.hold_play_lock()
    except storage.MatchOpen as open_elsewhere:
        fail(text.MATCH_OPEN_ELSEWHERE.format(folder=str(open_elsewhere)))
    except storage.StorageError as error:
        problem = str(error)
        stats.recording = False
    try:
        raw, notes = storage.read_settings()
    except storage.StorageError:  # a folder that cannot be read at all: problem says so already
        pass
    settings, repairs = Settings.repaired(raw)
    notes += [text.FILE_REPAIRED.format(what=storage.SETTINGS_NAME, note=note) for note in repairs]
    if args.rules is not None:
        settings.preset, settings.options = args.rules, {}
    if args.target is not None:
        settings.target = args.target
    if args.level is not None:
        settings.level = args.level
    if args.ascii:
        settings.ascii = True
    from .app import KlabberApp

    app = KlabberApp(settings, args.name, watch=args.watch, new=args.new, seed=args.seed,
                     level_given=args.level is not None, storage_problem=problem, notices=notes)
    try:
        app.run()
    finally:
        if lock is not None:
            lock.release()
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from pathlib import Path

    from . import storage

    out = Path(args.out)
    try:
        written = storage.export_records(out)
    except storage.StorageError as error:  # the data folder, not --out
        fail(text.EXPORT_DATA_FOLDER.format(reason=error))
    except OSError as error:
        fail(text.CLI_HELP["export.cannot_write"].format(out=str(out), reason=error.strerror or error))
    print(text.CLI_HELP["export.written"].format(n=len(written), s="s" if len(written) != 1 else "", out=out))
    return 0


# -- klabber drill and klabber stats (issue 5) -------------------------------------------------


def cmd_drill(args: argparse.Namespace) -> int:
    import random

    from . import stats, storage
    from .session import Settings

    notes: list[str] = []
    raw: dict[str, object] = {}
    try:  # a drill records statistics only (each under the short statistics lock): no session lock
        storage.check_writable()
        raw, notes = storage.read_settings()
    except storage.StorageError as error:
        notes = [text.DRILL_NO_STATS.format(reason=error)]
        stats.recording = False
    settings, repairs = Settings.repaired(raw)
    notes += [text.FILE_REPAIRED.format(what=storage.SETTINGS_NAME, note=note) for note in repairs]
    preset = args.rules if args.rules is not None else settings.preset
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**6)
    from .drill_app import DrillApp

    DrillApp(preset, seed, args.count, ascii_suits=args.ascii or settings.ascii, notices=notes).run()
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from rich.console import Console

    from . import stats, storage
    from .screens.stats import stats_report

    try:
        storage.data_dir()
    except storage.StorageError as error:
        fail(str(error))
    loaded, message = stats.load()
    Console().print(stats_report(loaded, message))
    return 0


def _register_drill_and_stats(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from engine.rules import PRESETS

    drill = sub.add_parser("drill", help=text.CLI_HELP["drill"])
    drill.add_argument("--rules", choices=tuple(PRESETS), metavar="P",
                       help=text.CLI_HELP["drill.rules"].format(presets=", ".join(PRESETS)))
    drill.add_argument("--seed", type=SEED, metavar="S", help=text.CLI_HELP["drill.seed"])
    drill.add_argument("--count", type=COUNT, default=10, metavar="N", help=text.CLI_HELP["drill.count"])
    drill.add_argument("--ascii", action="store_true", help=text.CLI_HELP["ascii"])
    drill.set_defaults(run=cmd_drill)

    stats = sub.add_parser("stats", help=text.CLI_HELP["stats"])
    stats.set_defaults(run=cmd_stats)


# -- end of klabber drill and klabber stats -------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="klabber", description=text.CLI_HELP["klabber"])
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    replay = sub.add_parser("replay", help=text.CLI_HELP["replay"])
    replay.add_argument("file", metavar="FILE", help=text.CLI_HELP["replay.file"])
    replay.add_argument("--json", action="store_true", help=text.CLI_HELP["replay.json"])
    replay.add_argument("--ascii", action="store_true", help=text.CLI_HELP["ascii"])
    replay.add_argument("--review", action="store_true",
                        help=text.CLI_HELP["replay.review"])
    replay.add_argument("--level", choices=LEVEL_NAMES, default="normal", metavar="L",
                        help=text.CLI_HELP["replay.level"])
    replay.set_defaults(run=cmd_replay)

    from engine.rules import PRESETS

    from .session import LEVELS

    play = sub.add_parser("play", help=text.CLI_HELP["play"])
    play.add_argument("--rules", choices=tuple(PRESETS), metavar="P",
                      help=text.CLI_HELP["play.rules"].format(presets=", ".join(PRESETS)))
    play.add_argument("--target", type=TARGET, metavar="N", help=text.CLI_HELP["play.target"])
    play.add_argument("--level", choices=LEVELS, metavar="L",
                      help=text.CLI_HELP["play.level"].format(levels=", ".join(LEVELS)))
    play.add_argument("--seed", type=SEED, metavar="S", help=text.CLI_HELP["play.seed"])
    play.add_argument("--name", default=text.YOU, metavar="NAME", help=text.CLI_HELP["play.name"])
    play.add_argument("--ascii", action="store_true", help=text.CLI_HELP["ascii"])
    play.add_argument("--new", action="store_true", help=text.CLI_HELP["play.new"])
    play.add_argument("--watch", action="store_true", help=text.CLI_HELP["play.watch"])
    play.set_defaults(run=cmd_play)

    export = sub.add_parser("export", help=text.CLI_HELP["export"])
    export.add_argument("--out", default="klabber-records", metavar="DIR",
                        help=text.CLI_HELP["export.out"])
    export.set_defaults(run=cmd_export)
    _register_drill_and_stats(sub)
    from .bot_commands import register

    register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
