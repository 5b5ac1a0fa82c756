"""``klabber advise``, ``klabber arena`` and ``klabber bench``: the bot from the command line.

The bot (numpy) is imported inside each command so that other subcommands start fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ai import registry
from ai.registry import LEVEL_NAMES
from engine.rules import TARGET_RANGE

from .argtypes import SEED_MAX, fail, whole_number

SEED = whole_number(0, SEED_MAX)
# A board takes from milliseconds (random) to seconds (mc:hard): a million is days of the fastest
# bots, and the most that the figures of one run are worth.
MAX_BOARDS = 1_000_000
BOARDS = whole_number(1, MAX_BOARDS)
FIRST_BOARD = whole_number(0, SEED_MAX)
JOBS = whole_number(1, 4096)  # then capped at the CPUs this process may use (cmd_arena says so)
DECISIONS = whole_number(1, 100_000)
TARGET = whole_number(*TARGET_RANGE)


SCORE_MAX = 100_000
SCORE = whole_number(0, SCORE_MAX)


def _standing(args: argparse.Namespace, rules_target: int) -> Any:
    """The standing from ``--score MINE THEIRS [--target N]`` (None without ``--score``); refuses a
    target without a score and a score the match would already be over at (rules.md §9)."""
    from ai.mc import Standing

    if args.score is None:
        if args.target is not None:
            fail("--target needs --score MINE THEIRS: the target only matters with a standing")
        return None
    target = rules_target if args.target is None else args.target
    mine, theirs = args.score
    if max(mine, theirs) >= target and mine != theirs:
        fail(f"--score {mine} {theirs}: the match to {target} would be over (rules.md §9); "
             f"scores must be below the target, or equal")
    return Standing(mine, theirs, target)


def _number(value: float) -> float:
    """Two decimals for the JSON, never a negative zero."""
    return round(value, 2) + 0.0


def cmd_advise(args: argparse.Namespace) -> int:
    from engine.record import replay

    from .files import load_record

    deal = replay(load_record(args.record))  # a refused file or record: one line at cli.main
    seat = deal.to_act
    if seat is None:
        from . import text as words

        fail(words.ADVISE_WORDS["nobody"])
    # The record's own target: its rules (the preset's, or the record's "target" option).
    standing = _standing(args, int(deal.rules.target))
    from ai.coach import advise
    from ai.mc import MonteCarloBot
    from engine.cards import suit_of

    from . import text

    view = deal.view(seat)
    advice = advise(view, None, args.level, standing, seed=args.seed)
    evaluation = advice.evaluation
    forced = MonteCarloBot.forced(view)
    best = forced if forced is not None else evaluation.best
    turned = suit_of(view.turn_up)

    def reasons(action: str | None) -> list[str]:
        return [text.fact_text(f, turned=turned) for f in advice.reasons(action)]

    payload: dict[str, Any] = {
        "seat": seat,
        "stage": deal.stage,
        "worlds": evaluation.worlds,
        "best": best,
        "standing": None if standing is None else
        {"mine": standing.mine, "theirs": standing.theirs, "target": standing.target},
        "reasons": reasons(None),
        "actions": [
            {"action": a.action, "ev": _number(a.ev), "deal_ev": _number(a.deal_ev), "ev_se": _number(a.ev_se),
             "make_prob": None if a.make_prob is None else round(a.make_prob, 3),
             "win_prob": None if a.win_prob is None else round(a.win_prob, 3),
             "reasons": reasons(a.action)}
            for a in evaluation.actions
        ],
    }
    if args.json:
        print(json.dumps(payload))
        return 0
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    title = text.ADVISE_WORDS["title"].format(seat=text.SEAT_NAMES[seat], stage=text.STAGE_WORDS.get(
        deal.stage, deal.stage), worlds=evaluation.worlds, level=args.level)
    if standing is not None:
        title += text.ADVISE_WORDS["score"].format(mine=standing.mine, theirs=standing.theirs, target=standing.target)
    table = Table(title=title)
    columns = text.ADVISE_COLUMNS[:6 if standing else 5]
    for k, column in enumerate(columns):
        table.add_column(column, justify="left" if k == 0 else "right")
    for a in evaluation.actions:
        mark = text.ADVISE_WORDS["best"] if a.action == best else ""
        chance = "" if a.make_prob is None else f"{100 * a.make_prob:.0f}%"
        row = [a.action + mark, text.points_text(a.ev), text.points_text(a.deal_ev),
               text.points_text(a.ev_se, sign=False), chance]
        if standing is not None:
            row.append("" if a.win_prob is None else f"{100 * a.win_prob:.0f}%")
        table.add_row(*row)
    console = Console()
    console.print(table)
    for line in reasons(None):
        console.print(Text("• " + line))
    for a in evaluation.actions:
        console.print(Text(a.action, style="bold"))
        for line in reasons(a.action):
            console.print(Text("  • " + line))
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    from ai.arena import run_arena, usable_cpus
    from ai.registry import ARENA_NAMES
    from engine.rules import RuleSet

    for name in (args.a, args.b):
        if name not in ARENA_NAMES:
            fail(f"unknown bot {name!r}: the bots are {', '.join(ARENA_NAMES)}")
    rules = RuleSet.from_preset(args.rules)
    usable = usable_cpus()
    if args.jobs > usable:
        print(f"klabber: --jobs {args.jobs} capped at {usable}, the CPUs this process may use",
              file=sys.stderr)
        args.jobs = usable
    if args.target is not None:
        return _match_arena(args, rules.with_options(target=args.target))
    if args.json:
        result = run_arena(args.a, args.b, rules, args.deals, args.seed, args.jobs, first_board=args.first)
        print(json.dumps(result.as_json()))
        return 0
    from rich.console import Console
    from rich.progress import Progress

    with Progress(transient=True) as progress:
        task = progress.add_task(f"{args.a} v {args.b} ({args.rules})", total=args.deals)
        result = run_arena(args.a, args.b, rules, args.deals, args.seed, args.jobs,
                           on_board=lambda done: progress.update(task, completed=done),
                           first_board=args.first)
    lo, hi = result.ci95
    console = Console()
    console.print(f"[b]{args.a}[/b] v [b]{args.b}[/b] under {args.rules}: {args.deals} boards "
                  f"({2 * args.deals} deals) in {result.seconds:.1f} s")
    console.print(f"margin per deal for {args.a}: {result.margin_per_deal:+.2f} (95% {lo:+.2f} .. {hi:+.2f})")
    console.print(f"{args.a} as maker: {result.a_maker}; {args.b} as maker: {result.b_maker}; "
                  f"thrown in: {result.thrown_in}")
    return 0


def _match_arena(args: argparse.Namespace, rules: Any) -> int:
    """``arena --target N``: whole matches to N, each played twice with the players swapped."""
    from ai.arena import run_match_arena

    if args.json:
        result = run_match_arena(args.a, args.b, rules, args.deals, args.seed, args.jobs, first_pair=args.first)
        print(json.dumps(result.as_json()))
        return 0
    from rich.console import Console
    from rich.progress import Progress

    with Progress(transient=True) as progress:
        task = progress.add_task(f"{args.a} v {args.b} ({args.rules}, to {args.target})", total=args.deals)
        result = run_match_arena(args.a, args.b, rules, args.deals, args.seed, args.jobs,
                                 on_pair=lambda done: progress.update(task, completed=done),
                                 first_pair=args.first)
    lo, hi = result.ci95
    console = Console(highlight=False)
    console.print(f"[b]{args.a}[/b] v [b]{args.b}[/b] under {args.rules} to {args.target}: {args.deals} matches "
                  f"played twice ({2 * args.deals} matches, {result.deals} deals) in {result.seconds:.1f} s")
    console.print(f"matches won: {args.a} {result.a_wins}, {args.b} {result.b_wins}, undecided {result.undecided}")
    console.print(f"margin per deal for {args.a}: {result.margin_per_deal:+.2f} (95% {lo:+.2f} .. {hi:+.2f})")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from ai.bench import run_bench

    figures = run_bench(decisions=args.decisions, seed=args.seed)
    if args.json:
        print(json.dumps(figures))
        return 0
    from . import text

    words = text.BENCH_WORDS
    print(words["playouts"].format(n=figures["playouts_per_s"]))
    print(words["solve"].format(ms=figures["solve_ms"]))
    for level, ms in figures["decisions"].items():
        print(words["decision"].format(level=level, card=ms["card_ms"], bid=ms["bid_ms"]))
    verdict = figures["coach_after_bid"]
    print(words["verdict_cold"].format(level=verdict["level"], ms=verdict["cold_ms"]))
    for think, ms in verdict["ahead_ms"].items():
        print(words["verdict_ahead"].format(level=verdict["level"], think=think, ms=ms))
    print(words["cold_start"].format(ms=figures["cold_start_ms"]))
    print(words["memory"].format(mb=figures["peak_rss_mb"]))
    return 0


def register(sub: Any) -> None:
    """Add the bot's subcommands to the ``klabber`` parser."""
    from engine.rules import DEFAULT_PRESET, PRESETS, TARGET_RANGE

    TARGET = whole_number(*TARGET_RANGE)
    advise = sub.add_parser("advise", help="the bot's evaluation of every legal action at a record's end")
    advise.add_argument("record", metavar="RECORD", help="a klabber-deal/1 record that stops mid-deal")
    # Issue 11: by default advise judges at the level of every other verdict (the live coach, the review).
    advise.add_argument("--level", choices=LEVEL_NAMES, default=registry.VERDICT_LEVEL)
    advise.add_argument("--seed", type=SEED, default=0)
    advise.add_argument("--score", type=SCORE, nargs=2, metavar=("MINE", "THEIRS"),
                        help=f"the match score before this deal, the seat to act first, 0 to {SCORE_MAX}")
    advise.add_argument("--target", type=TARGET,
                        help=f"the match target, {TARGET_RANGE[0]} to {TARGET_RANGE[1]}; default: the record's own")
    advise.add_argument("--json", action="store_true")
    advise.set_defaults(run=cmd_advise)

    arena = sub.add_parser("arena", help="duplicate boards between two bots")
    arena.add_argument("a", metavar="A", help="random, greedy, mc:easy, mc:normal, mc:hard, oracle, or a "
                                             "research bot: probe:true-world, probe:solve-worlds, oracle:no-stock")
    arena.add_argument("b", metavar="B", help="the other bot")
    arena.add_argument("--rules", choices=tuple(PRESETS), default=DEFAULT_PRESET)
    arena.add_argument("--deals", type=BOARDS, default=100,
                       help=f"number of boards (two deals each), 1 to {MAX_BOARDS}; with --target, of matches "
                            "(each played twice)")
    arena.add_argument("--target", type=TARGET, default=None, metavar="N",
                       help=f"play whole matches to N points ({TARGET_RANGE[0]} to {TARGET_RANGE[1]}), the bots "
                            "told the score sheet, and count matches won")
    arena.add_argument("--seed", type=SEED, default=0)
    arena.add_argument("--jobs", type=JOBS, default=1,
                       help="processes to use, at most the CPUs this process may use")
    arena.add_argument("--first", type=FIRST_BOARD, default=0, help="first board number, to run in shards")
    arena.add_argument("--json", action="store_true")
    arena.set_defaults(run=cmd_arena)

    bench = sub.add_parser("bench", help="the bot's speed figures")
    bench.add_argument("--decisions", type=DECISIONS, default=200)
    bench.add_argument("--seed", type=SEED, default=0)
    bench.add_argument("--json", action="store_true")
    bench.set_defaults(run=cmd_bench)
