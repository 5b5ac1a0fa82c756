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

from engine.rules import TARGET_RANGE

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
    from . import storage
    from .session import Settings

    settings = Settings.from_dict(storage.read_settings())
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
                     level_given=args.level is not None)
    app.run()
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from pathlib import Path

    from . import storage

    out = Path(args.out)
    try:
        written = storage.export_records(out)
    except OSError as error:
        fail(f"cannot write to {str(out)!r}: {error.strerror or error}")
    print(f"{len(written)} deal record{'s' if len(written) != 1 else ''} written to {out}")
    return 0


# -- klabber drill and klabber stats (issue 5) -------------------------------------------------


def cmd_drill(args: argparse.Namespace) -> int:
    import random

    from . import storage
    from .session import Settings

    settings = Settings.from_dict(storage.read_settings())
    preset = args.rules if args.rules is not None else settings.preset
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**6)
    from .drill_app import DrillApp

    DrillApp(preset, seed, args.count, ascii_suits=args.ascii or settings.ascii).run()
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from rich.console import Console

    from . import stats
    from .screens.stats import stats_report

    loaded, message = stats.load()
    Console().print(stats_report(loaded, message))
    return 0


def _register_drill_and_stats(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from engine.rules import PRESETS

    drill = sub.add_parser("drill", help="bidding drills: close calls judged by the coach")
    drill.add_argument("--rules", choices=tuple(PRESETS), metavar="P",
                       help=f"the preset: {', '.join(PRESETS)} (default: the one in the settings)")
    drill.add_argument("--seed", type=SEED, metavar="S", help="the drill's seed: the same seed, the same positions")
    drill.add_argument("--count", type=COUNT, default=10, metavar="N", help="positions to drill, 1 to 200 (default 10)")
    drill.add_argument("--ascii", action="store_true", help="suit letters C D H S instead of symbols")
    drill.set_defaults(run=cmd_drill)

    stats = sub.add_parser("stats", help="your statistics: matches, deals as maker, decisions against the bot")
    stats.set_defaults(run=cmd_stats)


# -- end of klabber drill and klabber stats -------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="klabber", description="Two-player Klaberjass against a Monte Carlo bot.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    replay = sub.add_parser("replay", help="replay a deal record and score it")
    replay.add_argument("file", metavar="FILE", help="a klabber-deal/1 record (JSON)")
    replay.add_argument("--json", action="store_true", help="print the result as one JSON object")
    replay.add_argument("--ascii", action="store_true", help="suit letters instead of symbols")
    replay.add_argument("--review", action="store_true",
                        help="judge every decision of both seats with the coach, costliest mistakes first")
    replay.add_argument("--level", choices=("easy", "normal", "hard"), default="normal", metavar="L",
                        help="the coach's level for --review: easy, normal, hard (default normal)")
    replay.set_defaults(run=cmd_replay)

    from engine.rules import PRESETS

    from .session import LEVELS

    play = sub.add_parser("play", help="play a match against the bot")
    play.add_argument("--rules", choices=tuple(PRESETS), metavar="P",
                      help=f"the preset: {', '.join(PRESETS)} (default klaberjass)")
    play.add_argument("--target", type=TARGET, metavar="N", help="points to win, 100 to 5000 (default 500)")
    play.add_argument("--level", choices=LEVELS, metavar="L",
                      help=f"the bot: {', '.join(LEVELS)} (default normal, the mc bot)")
    play.add_argument("--seed", type=SEED, metavar="S", help="the match seed (deals and the draw)")
    play.add_argument("--name", default="You", metavar="NAME", help="your name on the score sheet")
    play.add_argument("--ascii", action="store_true", help="suit letters C D H S instead of symbols")
    play.add_argument("--new", action="store_true", help="start a new match; the saved one is kept as a backup")
    play.add_argument("--watch", action="store_true", help="watch two bots play each other")
    play.set_defaults(run=cmd_play)

    export = sub.add_parser("export", help="write the deal records of the saved and finished matches")
    export.add_argument("--out", default="klabber-records", metavar="DIR",
                        help="the folder to write to (default ./klabber-records)")
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
