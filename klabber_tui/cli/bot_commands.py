"""``klabber advise``, ``klabber arena`` and ``klabber bench``: the bot from the command line.

The bot (numpy) is imported inside each command so that other subcommands start fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ai import registry
from ai.registry import ARENA_NAMES, LEVEL_NAMES
from engine.actions import Action
from engine.rules import TARGET_RANGE

from klabber_tui.words import i18n
from klabber_tui.cli.argtypes import SEED_MAX, fail, file_name, whole_number
from klabber_tui.words.i18n import npgettext, percent, pgettext
from klabber_tui.words.cards import seat_names_words, stage_words
from klabber_tui.words.coach.facts import fact_text, points_text
from klabber_tui.words.coach.verdicts import coach_action_text
from klabber_tui.words.commands import (
    advise_columns_words,
    arena_words,
    bench_words,
    cli_help_words,
    cli_metavars_words,
)
from klabber_tui.words.names import bot_choices_text, choices_text, level_text, preset_title

SEED = whole_number(0, SEED_MAX)
# A board takes from milliseconds (random) to seconds (mc:hard): a million is days of the fastest
# bots, and the most that the figures of one run are worth.
MAX_BOARDS = 1_000_000
BOARDS = whole_number(1, MAX_BOARDS)
FIRST_BOARD = whole_number(0, SEED_MAX)
JOBS = whole_number(1, 4096)  # then capped at the CPUs this process may use (cmd_arena says so)
MAX_DECISIONS = 100_000
DECISIONS = whole_number(1, MAX_DECISIONS)
TARGET = whole_number(*TARGET_RANGE)


SCORE_MAX = 100_000
SCORE = whole_number(0, SCORE_MAX)


def _standing(args: argparse.Namespace, rules_target: int) -> Any:
    """The standing from ``--score MINE THEIRS [--target N]`` (None without ``--score``); refuses a
    target without a score and a score the match would already be over at (rules.md §9)."""
    from ai.mc import Standing

    if args.score is None:
        if args.target is not None:
            fail(pgettext('standing.words.target_without_score', '--target needs --score MINE THEIRS: the target only matters with a standing'))
        return None
    target = rules_target if args.target is None else args.target
    mine, theirs = args.score
    if max(mine, theirs) >= target and mine != theirs:
        fail(pgettext('standing.words.over', '--score {mine} {theirs}: the match to {target} would be over (rules.md §9); scores must be below the target, or equal').format(mine=mine, theirs=theirs, target=target))
    return Standing(mine, theirs, target)


def _number(value: float) -> float:
    """Two decimals for the JSON, never a negative zero."""
    return round(value, 2) + 0.0


def _chance(value: float | None) -> float | None:
    """A chance for the JSON: three decimals, or null where there is none."""
    return None if value is None else round(value, 3)


def cmd_advise(args: argparse.Namespace) -> int:
    from klabber_tui.practice.advise_hand import position_deal, typed_json, understood_line

    if args.record is None and args.hand is None:  # issue 25: any hand, asked on its own page
        from klabber_tui.ui.any_hand_app import run_any_hand

        return run_any_hand(args)
    deal, typed = position_deal(args)
    seat = deal.to_act
    if seat is None:
        fail(pgettext('advise.words.nobody', 'nobody is to act at the end of this record (the deal is over or thrown in)'))
    # The record's own target: its rules (the preset's, or the record's "target" option).
    standing = _standing(args, int(deal.rules.target))
    from ai.coach import advise
    from ai.mc import MonteCarloBot
    from engine.cards import suit_of

    view = deal.view(seat)
    advice = advise(view, None, args.level, standing, seed=args.seed)
    evaluation = advice.evaluation
    forced = MonteCarloBot.forced(view)
    best = forced if forced is not None else evaluation.best
    turned = suit_of(view.turn_up)

    def reasons(action: Action | None) -> list[str]:
        return [fact_text(f, turned=turned) for f in advice.reasons(action)]

    def facts(action: Action | None) -> list[dict[str, Any]]:
        """Beside each reason, in its order: its stable key, whether it argues for the action, and
        whether a fact against the best is shown as the price of it (issue 24)."""
        return [{"key": f.key, "favours": f.favours, "trade_off": f.trade_off} for f in advice.reasons(action)]

    payload: dict[str, Any] = {
        "seat": seat,
        "stage": deal.stage,
        "worlds": evaluation.worlds,
        "best": str(best),
        "standing": None if standing is None else
        {"mine": standing.mine, "theirs": standing.theirs, "target": standing.target},
        "reasons": reasons(None),
        "facts": facts(None),
        "actions": [
            {"action": str(a.action), "ev": _number(a.ev), "deal_ev": _number(a.deal_ev), "ev_se": _number(a.ev_se),
             "make_prob": _chance(advice.make_prob(a.action)), "make_prob_raw": _chance(advice.raw_make_prob(a.action)),
             "maker": advice.maker(a.action),
             "win_prob": _chance(a.win_prob),
             "reasons": reasons(a.action), "facts": facts(a.action)}
            for a in evaluation.actions
        ],
    }
    if typed is not None:
        payload.update(typed_json(typed))
    if args.json:
        print(json.dumps(payload))
        return 0
    from rich.console import RenderableType
    from rich.table import Table
    from rich.text import Text

    from klabber_tui.words.ascii_text import print_out

    shown: list[RenderableType] = [] if typed is None else [Text(understood_line(typed))]

    title = npgettext('count.advise_title', '{seat} to act ({stage}), {n} sampled deal, level {level}', '{seat} to act ({stage}), {n} sampled deals, level {level}', evaluation.worlds).format(n=evaluation.worlds, seat=seat_names_words()[seat], stage=stage_words().get(
        deal.stage, deal.stage), level=level_text(args.level))
    if standing is not None:
        title += pgettext('advise.words.score', ', score {mine}-{theirs} to {target}').format(mine=standing.mine, theirs=standing.theirs, target=standing.target)
    table = Table(title=title)
    columns = advise_columns_words()[:6 if standing else 5]
    for k, column in enumerate(columns):
        table.add_column(column, justify="left" if k == 0 else "right")
    for a in evaluation.actions:
        mark = pgettext('advise.words.best', ' ◀ best') if a.action == best else ""
        chance, maker = advice.make_prob(a.action), advice.maker(a.action)
        makes = "" if chance is None or maker is None else f"{percent(chance)} ({seat_names_words()[maker]})"
        row = [coach_action_text(a.action) + mark, points_text(a.ev), points_text(a.deal_ev),
               points_text(a.ev_se, sign=False), makes]
        if standing is not None:
            row.append("" if a.win_prob is None else percent(a.win_prob))
        table.add_row(*row)
    shown.append(table)
    shown.append(Text(pgettext("advise.legend", "bot's value: the points this deal, plus 150 for a match this "
                                "deal wins and minus 150 for one it loses (what the bot ranks by); points this "
                                "deal: the seat to act minus the other; maker makes: the chance that the maker "
                                "named makes the contract, the defender's chance to break it is the rest; match "
                                "chance: the chance to win the match after this choice, from the score and who "
                                "deals next."), style="dim"))
    shown += [Text("• " + line) for line in reasons(None)]
    for a in evaluation.actions:
        shown.append(Text(coach_action_text(a.action), style="bold"))
        shown += [Text("  • " + line) for line in reasons(a.action)]
    print_out(args.ascii, *shown)
    return 0


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
        module, _, factory = name.partition(":")
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


def register(sub: Any) -> None:
    """Add the bot's subcommands to the ``klabber`` parser, worded in the current language (issue 12)."""
    from engine.rules import DEFAULT_PRESET, PRESETS, TARGET_RANGE

    TARGET = whole_number(*TARGET_RANGE)
    low, high = TARGET_RANGE
    helps, names = cli_help_words(), cli_metavars_words()
    advise = sub.add_parser("advise", help=helps["advise"], description=helps["advise.about"])
    advise.add_argument("record", nargs="?", type=file_name, metavar=names["record"], help=helps["advise.record"])
    # Issue 25: any hand, typed (card input of rules.md §1, and the Russian ranks В Д К Т).
    advise.add_argument("--hand", metavar=names["cards"],
                        help=pgettext("cli.advise.hand",
                                      "six cards, such as \"J♣ 9♣ A♣ 10♦ K♥ 7♠\" (the Russian rank letters too): "
                                      "the coach judges this hand instead of a record's"))
    advise.add_argument("--turn-up", metavar=names["card"],
                        help=pgettext("cli.advise.turn_up", "the turn-up card, with --hand"))
    advise.add_argument("--seat", choices=("elder", "dealer"), metavar=names["seat"],
                        help=pgettext("cli.advise.seat", "elder or dealer: the hand's seat, with --hand"))
    advise.add_argument("--bids", metavar=names["words"],
                        help=pgettext("cli.advise.bids", "the words said before the seat's turn, in record notation "
                                                         "(\"pass name H\"), with --hand"))
    advise.add_argument("--rules", choices=tuple(PRESETS), metavar=names["preset"],
                        help=pgettext("cli.advise.rules",
                                      "the preset of a typed hand ({presets}; default {default}), with --hand").format(
                            presets=choices_text(tuple(PRESETS), "PRESET_WORDS"), default=DEFAULT_PRESET))
    advise.add_argument("--ascii", action="store_true", help=helps["ascii"])
    # Issue 11: by default advise judges at the level of every other verdict (the live coach, the review).
    advise.add_argument("--level", choices=LEVEL_NAMES, default=registry.VERDICT_LEVEL, metavar=names["level"],
                        help=helps["advise.level"].format(levels=choices_text(LEVEL_NAMES, "LEVEL_CHOICE_WORDS"),
                                                           level=choices_text((registry.VERDICT_LEVEL,),
                                                                                   "LEVEL_CHOICE_WORDS")))
    advise.add_argument("--seed", type=SEED, default=0, metavar=names["seed"], help=helps["advise.seed"])
    advise.add_argument("--score", type=SCORE, nargs=2, metavar=(names["mine"], names["theirs"]),
                        help=helps["advise.score"].format(high=SCORE_MAX))
    advise.add_argument("--target", type=TARGET, metavar=names["number"],
                        help=helps["advise.target"].format(low=low, high=high))
    advise.add_argument("--json", action="store_true", help=helps["advise.json"])
    advise.set_defaults(run=cmd_advise)

    arena = sub.add_parser("arena", help=helps["arena"], description=helps["arena.about"])
    arena.add_argument("a", metavar=names["bot_a"], help=helps["arena.a"].format(bots=bot_choices_text(ARENA_NAMES)))
    arena.add_argument("b", metavar=names["bot_b"], help=helps["arena.b"])
    arena.add_argument("--rules", choices=tuple(PRESETS), default=DEFAULT_PRESET, metavar=names["preset"],
                       help=helps["arena.rules"].format(presets=choices_text(tuple(PRESETS), "PRESET_WORDS"),
                                                        default=DEFAULT_PRESET))
    arena.add_argument("--deals", type=BOARDS, default=100, metavar=names["number"],
                       help=helps["arena.deals"].format(high=MAX_BOARDS))
    arena.add_argument("--target", type=TARGET, default=None, metavar=names["number"],
                       help=helps["arena.target"].format(low=low, high=high))
    arena.add_argument("--seed", type=SEED, default=0, metavar=names["seed"], help=helps["arena.seed"])
    arena.add_argument("--jobs", type=JOBS, default=1, metavar=names["number"], help=helps["arena.jobs"])
    arena.add_argument("--first", type=FIRST_BOARD, default=0, metavar=names["number"], help=helps["arena.first"])
    arena.add_argument("--json", action="store_true", help=helps["arena.json"])
    arena.set_defaults(run=cmd_arena)

    bench = sub.add_parser("bench", help=helps["bench"], description=helps["bench.about"])
    bench.add_argument("--decisions", type=DECISIONS, default=200, metavar=names["number"],
                       help=helps["bench.decisions"].format(high=MAX_DECISIONS))
    bench.add_argument("--seed", type=SEED, default=0, metavar=names["seed"], help=helps["bench.seed"])
    bench.add_argument("--json", action="store_true", help=helps["bench.json"])
    bench.set_defaults(run=cmd_bench)
