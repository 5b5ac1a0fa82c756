"""``klabber serve`` (issue 34): the game in a browser, from the optional extra ``[web]``.

:func:`register` adds the subcommand to ``klabber``'s parser (``cli.main.build_parser`` calls it);
:func:`cmd_serve` runs it. Without the extra, one line says how to install it (exit 2). The server
itself is :mod:`klabber_tui.web.server`; this module only reads the arguments, says where the page
is (and, off loopback, warns and prints the token), and runs the server until Ctrl+C or SIGTERM.
"""

from __future__ import annotations

import argparse
import signal
import sys
from typing import Any

from klabber_tui.cli.argtypes import SEED_MAX, fail, whole_number
from klabber_tui.data.schemas import PLAYER_ROLE
from klabber_tui.words.commands import cli_help_words, cli_metavars_words
from klabber_tui.words.i18n import pgettext
from klabber_tui.words.names import choices_text

PORT = whole_number(0, 65535)
DEFAULT_PORT = 8000
DEFAULT_HOST = "127.0.0.1"
INSTALL_HINT = "pip install 'klabber[web]'"


def register(subparsers: argparse._SubParsersAction) -> None:
    """``klabber serve [--host H] [--port P] [--max-games N] [play's options]``."""
    from engine.rules import PRESETS, TARGET_RANGE

    from klabber_tui.practice.session import LEVELS
    from klabber_tui.web.guard import DEFAULT_MAX_GAMES, MAX_MAX_GAMES

    helps = cli_help_words()
    names = cli_metavars_words()
    serve = subparsers.add_parser(
        "serve", help=pgettext("cli.serve", "play in a web browser (the extra [web])"),
        description=pgettext("cli.serve.about", "Serve klabber's pages to a web browser: play, the bidding drill, the "
                                                "statistics and any hand, each a page. It listens on 127.0.0.1 "
                                                "unless --host says otherwise; any other address needs the token "
                                                "printed at start. Ctrl+C stops it, saving every match first."))
    serve.add_argument("--host", default=DEFAULT_HOST, metavar=pgettext("cli.metavar.host", "HOST"),
                       help=pgettext("cli.serve.host", "the address to listen on (default {host}: this machine "
                                                       "only); another, such as 0.0.0.0, lets other devices in, "
                                                       "with the token").format(host=DEFAULT_HOST))
    serve.add_argument("--port", type=PORT, default=DEFAULT_PORT, metavar=pgettext("cli.metavar.port", "PORT"),
                       help=pgettext("cli.serve.port", "the port (default {port}; 0 takes a free one)").format(
                           port=DEFAULT_PORT))
    serve.add_argument("--max-games", type=whole_number(1, MAX_MAX_GAMES), default=DEFAULT_MAX_GAMES,
                       metavar=names["number"],
                       help=pgettext("cli.serve.max_games", "the most games open at once, each a page (default "
                                                            "{n})").format(n=DEFAULT_MAX_GAMES))
    serve.add_argument("--rules", choices=tuple(PRESETS), metavar=names["preset"],
                       help=helps["play.rules"].format(presets=choices_text(tuple(PRESETS), "PRESET_WORDS")))
    serve.add_argument("--target", type=whole_number(*TARGET_RANGE), metavar=names["number"],
                       help=helps["play.target"])
    serve.add_argument("--level", choices=LEVELS, metavar=names["level"],
                       help=helps["play.level"].format(levels=choices_text(tuple(LEVELS), "LEVEL_CHOICE_WORDS")))
    serve.add_argument("--seed", type=whole_number(0, SEED_MAX), metavar=names["seed"], help=helps["play.seed"])
    serve.add_argument("--name", default=PLAYER_ROLE, metavar=names["name"], help=helps["play.name"])
    serve.add_argument("--ascii", action="store_true", help=helps["ascii"])
    serve.add_argument("--new", action="store_true",
                       help=pgettext("cli.serve.new", "the first match played starts anew (the saved one kept as a "
                                                      "backup); a reload of its page resumes it"))
    serve.add_argument("--watch", action="store_true", help=helps["play.watch"])
    serve.set_defaults(run=cmd_serve)


def play_arguments(args: argparse.Namespace) -> tuple[list[str], dict[str, str]]:
    """``play``'s options as the words of its command line (each ``--option=value``, one word, so a
    name starting with a dash or holding spaces or quotes is a name), and as the start page says them."""
    words: list[str] = []
    shown: dict[str, str] = {}
    for option in ("rules", "target", "level", "seed"):
        value = getattr(args, option)
        if value is not None:
            words.append(f"--{option}={value}")
            shown[f"--{option}"] = str(value)
    if args.name != PLAYER_ROLE:
        words.append(f"--name={args.name}")
        shown["--name"] = args.name
    for flag in ("ascii", "watch"):
        if getattr(args, flag):
            words.append(f"--{flag}")
            shown[f"--{flag}"] = ""
    if args.new:
        shown["--new"] = ""
    return words, shown


def kind_arguments(args: argparse.Namespace, lang: list[str]) -> dict[str, tuple[str, ...]]:
    """The drill, statistics and any-hand pages' arguments: the preset, the level, ASCII, the language."""
    ascii_ = ["--ascii"] if args.ascii else []
    rules = [f"--rules={args.rules}"] if args.rules is not None else []
    level = [f"--level={args.level}"] if args.level is not None else []
    return {"drill": (*rules, *ascii_, *lang), "stats": (*ascii_, *lang), "any-hand": (*rules, *level, *ascii_, *lang)}


def start_lines(host: str, port: int, token: str | None) -> tuple[str | None, list[str]]:
    """What ``serve`` says at start: the warning for an address other devices can reach (None on
    loopback), and the page's addresses, the first one first (with the token, when there is one)."""
    from klabber_tui.data.safe_text import clean
    from klabber_tui.web.server import addresses

    where = addresses(host, port, token)
    warning = None
    if token is not None:
        warning = pgettext("serve.warning.open", "warning: listening on {host}, which other devices can reach; a "
                                                 "page opens only with its token, in the address below. Anyone "
                                                 "who has the address can play as you.").format(host=clean(host))
    lines = [pgettext("serve.started", "klabber serve: open {address} in a browser (Ctrl+C stops it)").format(
        address=where[0])]
    lines += [pgettext("serve.started.also", "  or {address}").format(address=other) for other in where[1:]]
    return warning, lines


def cmd_serve(args: argparse.Namespace) -> int:
    from klabber_tui.web import extra_missing

    missing = extra_missing()
    if missing is not None:
        fail(pgettext("serve.refusal.no_extra", "klabber serve needs the extra [web] ({package} is missing): "
                                                "{command}").format(package=missing, command=INSTALL_HINT))
    import asyncio

    from klabber_tui.data.folder import StorageError, data_dir
    from klabber_tui.web import guard as guards
    from klabber_tui.web import pages
    from klabber_tui.web.server import ServeConfig, serve

    try:
        folder = str(data_dir())
    except StorageError as error:
        folder = str(error)
    words, shown = play_arguments(args)
    lang = [f"--lang={args.lang}"] if getattr(args, "lang", None) else []
    config = ServeConfig(host=args.host, port=args.port, max_games=args.max_games,
                         play_args=(*words, *lang), new_match=args.new, kind_args=kind_arguments(args, lang),
                         folder=folder, summary=pages.options_summary(shown))
    if not guards.is_loopback(args.host):
        config.token = guards.new_token()

    def announce(server: Any, port: int) -> None:
        warning, lines = start_lines(args.host, port, server.token)
        if warning is not None:
            print(f"klabber: {warning}", file=sys.stderr, flush=True)
        for line in lines:
            print(line, flush=True)

    signals = [signal.SIGINT, signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])]
    try:
        return asyncio.run(serve(config, announce, signals))
    except OSError as error:
        fail(pgettext("serve.refusal.listen", "cannot listen on {host} port {port}: {reason}").format(
            host=args.host, port=args.port, reason=error.strerror or error))
