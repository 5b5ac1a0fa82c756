"""``klabber arena`` (two bots over the same boards, or whole matches with ``--target``) and ``klabber
bench`` (the bot's speed on this machine).

The bots (numpy) are imported inside each command, once the arguments are accepted.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ai.registry import ARENA_NAMES
from engine.rules import DEFAULT_PRESET, PRESETS, TARGET_RANGE

from klabber_tui.cli.argtypes import SEED, SEED_MAX, TARGET, fail, whole_number
from klabber_tui.data.safe_text import quoted
from klabber_tui.words import i18n
from klabber_tui.words.commands import arena_words, bench_words, cli_help_words, cli_metavars_words
from klabber_tui.words.i18n import npgettext
from klabber_tui.words.names import bot_choices_text, choices_text, level_text, preset_title

# A board takes from milliseconds (random) to seconds (mc:hard): a million is days of the fastest
# bots, and the most that the figures of one run are worth.
MAX_BOARDS = 1_000_000
BOARDS = whole_number(1, MAX_BOARDS)
FIRST_BOARD = whole_number(0, SEED_MAX)
JOBS = whole_number(1, 4096)  # then capped at the CPUs this process may use (cmd_arena says so)
MAX_DECISIONS = 100_000
DECISIONS = whole_number(1, MAX_DECISIONS)


def cmd_arena(args: argparse.Namespace) -> int:
    from ai.arena import run_arena, usable_cpus
    from engine.rules import RuleSet

    for name in (args.a, args.b):
        _check_arena_bot(name)
    rules = RuleSet.from_preset(args.rules)
    usable = usable_cpus()
    if args.jobs > usable:
        print("klabber: " + arena_words()["jobs_capped"].format(jobs=args.jobs, usable=usable), file=sys.stderr)
        args.jobs = usable
    if args.target is not None:
        return _match_arena(args, rules.with_options(target=args.target))
    if args.json:
        result = run_arena(args.a, args.b, rules, args.deals, args.seed, args.jobs, first_board=args.first)
        print(json.dumps(result.as_json()))
        return 0
    from rich.console import Console
    from rich.progress import Progress

    words = arena_words()
    rules_name = preset_title(args.rules)
    with Progress(transient=True) as progress:
        task = progress.add_task(words["progress"].format(a=level_text(args.a), b=level_text(args.b), rules=rules_name), total=args.deals)
        result = run_arena(args.a, args.b, rules, args.deals, args.seed, args.jobs,
                           on_board=lambda done: progress.update(task, completed=done),
                           first_board=args.first)
    lo, hi = result.ci95
    console = Console()
    console.print(words["head"].format(a=level_text(args.a), b=level_text(args.b), rules=rules_name, seconds=i18n.Number(result.seconds),
                                       boards=npgettext('count.arena_boards', '{n} board', '{n} boards', args.deals).format(n=args.deals),
                                       deals=npgettext('count.arena_deals', '{n} deal', '{n} deals', 2 * args.deals).format(n=2 * args.deals)))
    console.print(words["margin"].format(a=level_text(args.a), margin=i18n.Number(result.margin_per_deal), lo=i18n.Number(lo), hi=i18n.Number(hi)))
    console.print(words["makers"].format(a=level_text(args.a), b=level_text(args.b), a_maker=words["outcomes"].format(**result.a_maker),
                                         b_maker=words["outcomes"].format(**result.b_maker),
                                         thrown_in=result.thrown_in))
    return 0


def _check_arena_bot(name: str) -> None:
    """Make the bot once in this process, so a name that gives none is one line and exit 2 before
    any board is played: an unknown name, or ``module:factory`` that does not import or gives no bot."""
    from ai.registry import BotRefusal, UnknownBot, make_arena_bot

    try:
        make_arena_bot(name)
    except UnknownBot as refused:
        words = arena_words()
        module, _, factory = (quoted(part) for part in name.partition(":"))
        name = quoted(name)  # the argument quoted back cut short (issue 33)
        if refused.refusal is BotRefusal.NO_MODULE:
            fail(words["no_module"].format(name=name, module=module, error=refused.detail))
        if refused.refusal is BotRefusal.NO_FACTORY:
            fail(words["no_factory"].format(name=name, module=module, factory=factory))
        if refused.refusal is BotRefusal.NOT_A_BOT:
            fail(words["not_a_bot"].format(name=name, factory=factory))
        fail(words["unknown_bot"].format(name=name, bots=", ".join(ARENA_NAMES)))


def _match_arena(args: argparse.Namespace, rules: Any) -> int:
    """``arena --target N``: whole matches to N, each played twice with the players swapped."""
    from ai.arena import run_match_arena

    if args.json:
        result = run_match_arena(args.a, args.b, rules, args.deals, args.seed, args.jobs, first_pair=args.first)
        print(json.dumps(result.as_json()))
        return 0
    from rich.console import Console
    from rich.progress import Progress

    words = arena_words()
    rules_name = preset_title(args.rules)
    with Progress(transient=True) as progress:
        task = progress.add_task(words["progress_target"].format(a=level_text(args.a), b=level_text(args.b), rules=rules_name,
                                                                 target=args.target), total=args.deals)
        result = run_match_arena(args.a, args.b, rules, args.deals, args.seed, args.jobs,
                                 on_pair=lambda done: progress.update(task, completed=done),
                                 first_pair=args.first)
    lo, hi = result.ci95
    console = Console(highlight=False)
    console.print(words["head_target"].format(a=level_text(args.a), b=level_text(args.b), rules=rules_name, target=args.target,
                                              matches=npgettext('count.arena_matches', '{n} match', '{n} matches', args.deals).format(n=args.deals),
                                              played=npgettext('count.arena_matches', '{n} match', '{n} matches', 2 * args.deals).format(n=2 * args.deals),
                                              deals=npgettext('count.arena_deals', '{n} deal', '{n} deals', result.deals).format(n=result.deals), seconds=i18n.Number(result.seconds)))
    console.print(words["wins"].format(a=level_text(args.a), b=level_text(args.b), a_wins=result.a_wins, b_wins=result.b_wins,
                                       undecided=result.undecided))
    console.print(words["margin"].format(a=level_text(args.a), margin=i18n.Number(result.margin_per_deal), lo=i18n.Number(lo), hi=i18n.Number(hi)))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from ai.bench import run_bench

    figures = run_bench(decisions=args.decisions, seed=args.seed)
    if args.json:
        print(json.dumps(figures))
        return 0
    words = bench_words()
    print(words["playouts"].format(n=figures["playouts_per_s"]))
    print(words["solve"].format(ms=figures["solve_ms"]))
    for level, ms in figures["decisions"].items():
        print(words["decision"].format(level=level, card=ms["card_ms"], bid=ms["bid_ms"]))
    verdict = figures["coach_after_bid"]
    print(words["verdict_cold"].format(level=verdict["level"], ms=verdict["cold_ms"]))
    for think, ms in verdict["ahead_ms"].items():
        print(words["verdict_ahead"].format(level=verdict["level"], think=think, ms=ms))
    print(words["cold_start"].format(ms=figures["cold_start_ms"]))
    if figures["peak_rss_mb"] is not None:  # None where the platform does not measure it (Windows)
        print(words["memory"].format(mb=figures["peak_rss_mb"]))
    print(words["cpus"].format(n=figures["cpus"]))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``arena`` and ``bench`` to the ``klabber`` parser, worded in the current language (issue 12)."""
    low, high = TARGET_RANGE
    helps, names = cli_help_words(), cli_metavars_words()
    arena = sub.add_parser("arena", help=helps["arena"], description=helps["arena.about"])
    arena.add_argument("a", metavar=names["bot_a"], help=helps["arena.a"].format(bots=bot_choices_text(ARENA_NAMES)))
    arena.add_argument("b", metavar=names["bot_b"], help=helps["arena.b"])
    arena.add_argument("--rules", choices=tuple(PRESETS), default=DEFAULT_PRESET, metavar=names["preset"],
                       help=helps["arena.rules"].format(presets=choices_text(tuple(PRESETS), "PRESET_WORDS"),
                                                        default=DEFAULT_PRESET))
    arena.add_argument("--deals", type=BOARDS, default=100, metavar=names["number"],
                       help=helps["arena.deals"].format(high=i18n.whole(MAX_BOARDS)))
    arena.add_argument("--target", type=TARGET, default=None, metavar=names["number"],
                       help=helps["arena.target"].format(low=i18n.whole(low), high=i18n.whole(high)))
    arena.add_argument("--seed", type=SEED, default=0, metavar=names["seed"], help=helps["arena.seed"])
    arena.add_argument("--jobs", type=JOBS, default=1, metavar=names["number"], help=helps["arena.jobs"])
    arena.add_argument("--first", type=FIRST_BOARD, default=0, metavar=names["number"], help=helps["arena.first"])
    arena.add_argument("--json", action="store_true", help=helps["arena.json"])
    arena.set_defaults(run=cmd_arena)

    bench = sub.add_parser("bench", help=helps["bench"], description=helps["bench.about"])
    bench.add_argument("--decisions", type=DECISIONS, default=200, metavar=names["number"],
                       help=helps["bench.decisions"].format(high=i18n.whole(MAX_DECISIONS)))
    bench.add_argument("--seed", type=SEED, default=0, metavar=names["seed"], help=helps["bench.seed"])
    bench.add_argument("--json", action="store_true", help=helps["bench.json"])
    bench.set_defaults(run=cmd_bench)
