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


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line and exits with 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _fail(message: str) -> NoReturn:
    print(f"klabber: {message}", file=sys.stderr)
    raise SystemExit(2)


def cmd_replay(args: argparse.Namespace) -> int:
    from engine.record import RecordError, load_record, replay, result_json

    try:
        record = load_record(args.file)
        deal = replay(record)
    except RecordError as error:
        _fail(str(error))
    if args.json:
        print(json.dumps(result_json(deal)))
        return 0
    from rich.console import Console

    from .replay_view import render_deal

    Console().print(render_deal(record, deal, ascii_suits=args.ascii))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="klabber", description="Two-player Klaberjass against a Monte Carlo bot.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    replay = sub.add_parser("replay", help="replay a deal record and score it")
    replay.add_argument("file", metavar="FILE", help="a klabber-deal/1 record (JSON)")
    replay.add_argument("--json", action="store_true", help="print the result as one JSON object")
    replay.add_argument("--ascii", action="store_true", help="suit letters instead of symbols")
    replay.set_defaults(run=cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
