"""``klabber report [FILE] [--json]`` (issue 31): a finished match's report, the latest one in the
data folder's ``finished/`` by default. A file that is not a match this version reads is one line,
exit 2 (``argtypes.fail``)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from klabber_tui.cli.argtypes import fail, file_name
from klabber_tui.words.i18n import pgettext


def cmd_report(args: argparse.Namespace) -> int:
    from klabber_tui.data import stats
    from klabber_tui.practice import report
    from klabber_tui.words.ascii_text import print_out
    from klabber_tui.words.files import notes_text, refused_text
    from klabber_tui.words.report import report_body

    try:
        path = Path(args.file) if args.file is not None else report.latest_finished()
    except OSError as error:
        fail(refused_text(error))
    if path is None:
        fail(pgettext("report.cli.none", "No finished match in the data folder yet: play one to its end."))
    try:
        save = report.read_match(path)
    except (OSError, ValueError) as error:
        fail(pgettext("report.cli.bad_file", "Cannot report on {file}: {reason}").format(
            file=repr(str(path)), reason=refused_text(error)))
    loaded, notes = stats.load()
    built = report.report_of(save, loaded)
    message = notes_text(notes)
    if message:
        import sys

        print(f"klabber: {message}", file=sys.stderr)
    if args.json:
        print(json.dumps(report.to_json(built)))
        return 0
    print_out(args.ascii, report_body(built, offer_keys=False))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    helps = {
        "report": pgettext("cli.report", "a finished match's report: the deals, your decisions, luck beside judgement"),
        "file": pgettext("cli.report.file", "a finished match's file (default: the latest in the data folder)"),
        "json": pgettext("cli.report.json", "print the report as JSON (English keys)"),
    }
    from klabber_tui.words.commands import cli_help_words, cli_metavars_words

    parser = sub.add_parser("report", help=helps["report"], description=helps["report"])
    parser.add_argument("file", nargs="?", type=file_name, default=None, metavar=cli_metavars_words()["file"],
                        help=helps["file"])
    parser.add_argument("--json", action="store_true", help=helps["json"])
    parser.add_argument("--ascii", action="store_true", help=cli_help_words()["ascii"])
    parser.set_defaults(run=cmd_report)
