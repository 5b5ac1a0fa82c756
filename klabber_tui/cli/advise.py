"""``klabber advise``: the coach's values of the decision at the end of a record, of a typed hand
(``--hand``, issue 25), or, with neither in a terminal, the any-hand page.

The bot (numpy) is imported inside the command, once the arguments are accepted.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ai import registry
from ai.registry import LEVEL_NAMES
from engine.actions import Action, Seat
from engine.deal import Deal
from engine.rules import DEFAULT_PRESET, PRESETS, TARGET_RANGE, RuleSet

from klabber_tui.ui import start
from klabber_tui.cli.argtypes import SEED, TARGET, fail, file_name, whole_number
from klabber_tui.practice.any_hand import AnyHand, HandRefusal, any_hand
from klabber_tui.words.any_hand import hand_refusal_text
from klabber_tui.words.cards import seat_lower_words, seat_names_words, stage_in_sentence_words
from klabber_tui.words.coach.facts import fact_text, makes_text, points_text
from klabber_tui.words.coach.verdicts import coach_action_text
from klabber_tui.words.commands import advise_columns_words, cli_help_words, cli_metavars_words
from klabber_tui.words import i18n
from klabber_tui.words.i18n import npgettext, percent, pgettext
from klabber_tui.words.names import choices_text, level_text

SCORE_MAX = 100_000
SCORE = whole_number(0, SCORE_MAX)


def typed_position(args: argparse.Namespace) -> AnyHand:
    """The position of ``--hand``, ``--turn-up``, ``--seat``, ``--bids`` and ``--rules``, or one
    line and exit 2."""
    if args.turn_up is None or args.seat is None:
        fail(pgettext("any_hand.refusal.hand_needs_turn_up_and_seat",
                      "--hand needs --turn-up {card} and --seat elder|dealer").format(
            card=cli_metavars_words()["card"]))
    rules = RuleSet.from_preset(args.rules or DEFAULT_PRESET)
    try:
        return any_hand(rules, args.hand, args.turn_up, Seat(args.seat), args.bids or "")
    except HandRefusal as refused:
        fail(hand_refusal_text(refused))


def check_combination(args: argparse.Namespace) -> None:
    """Exactly one of RECORD and --hand; the hand's options only with --hand."""
    if args.record is not None and args.hand is not None:
        fail(pgettext("any_hand.refusal.record_and_hand", "give {record} or --hand, not both").format(
            record=cli_metavars_words()["record"]))
    if args.hand is None:
        for given, option in ((args.rules, "--rules"), (args.turn_up, "--turn-up"), (args.seat, "--seat"),
                              (args.bids, "--bids")):
            if given is not None:
                fail(pgettext("any_hand.refusal.option_without_hand",
                              "{option} describes a typed hand: give it with --hand (a record has its own)"
                              ).format(option=option))


def position_deal(args: argparse.Namespace) -> tuple[Deal, AnyHand | None]:
    """The deal ``advise`` evaluates at its seat to act: a record's, or a typed hand's."""
    check_combination(args)
    if args.hand is None:
        from engine.record import replay

        from klabber_tui.data.files import load_record

        return replay(load_record(args.record)), None  # a refused file or record: one line at cli.main
    typed = typed_position(args)
    return typed.deal(), typed


def run_any_hand(args: argparse.Namespace) -> int:
    """The any-hand page in a terminal; without one (or with --json) the command needs RECORD or --hand."""
    if args.json or not start.can_show():  # issue 33: the terminal the page draws on, as play and drill
        names = cli_metavars_words()
        fail(pgettext("any_hand.refusal.neither_record_nor_hand",
                      "give a {record} or --hand {cards} --turn-up {card} --seat {seat} (without either, in a "
                      "terminal, klabber advise opens a page to type a hand)").format(
            record=names["record"], cards=names["cards"], card=names["card"], seat=names["seat"]))
    from klabber_tui.ui.any_hand_app import AnyHandApp

    app = AnyHandApp(preset=args.rules or DEFAULT_PRESET, level=args.level, ascii=args.ascii)
    return start.run_screen(app, "advise")  # the signals, the crash log and the exit statuses of play and drill


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
    if args.record is None and args.hand is None:  # issue 25: any hand, asked on its own page
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
        from klabber_tui.practice.any_hand import typed_json

        payload.update(typed_json(typed))
    if args.json:
        print(json.dumps(payload))
        return 0
    from rich.console import RenderableType
    from rich.table import Table
    from rich.text import Text

    from klabber_tui.words.any_hand import understood_line
    from klabber_tui.words.ascii_text import print_out

    shown: list[RenderableType] = [] if typed is None else [Text(understood_line(typed))]

    title = npgettext('count.advise_title', '{seat} to act ({stage}), {n} sampled deal, level {level}', '{seat} to act ({stage}), {n} sampled deals, level {level}', evaluation.worlds).format(n=evaluation.worlds, seat=seat_names_words()[seat], stage=stage_in_sentence_words().get(
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
        makes = "" if chance is None or maker is None else makes_text(chance, seat_lower_words()[maker])
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


def register(sub: Any) -> None:
    """Add ``advise`` to the ``klabber`` parser, worded in the current language (issue 12)."""
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
                                                         "(\"pass name H\") or as Russian players say them, with --hand"))
    advise.add_argument("--rules", choices=tuple(PRESETS), metavar=names["preset"],
                        help=pgettext("cli.advise.rules",
                                      "the preset of a typed hand ({presets}; default {default}), with --hand").format(
                            presets=choices_text(tuple(PRESETS), "PRESET_WORDS"),
                            default=choices_text((DEFAULT_PRESET,), "PRESET_WORDS")))
    advise.add_argument("--ascii", action="store_true", help=helps["ascii"])
    # Issue 11: by default advise judges at the level of every other verdict (the live coach, the review).
    advise.add_argument("--level", choices=LEVEL_NAMES, default=registry.VERDICT_LEVEL, metavar=names["level"],
                        help=helps["advise.level"].format(levels=choices_text(LEVEL_NAMES, "LEVEL_CHOICE_WORDS"),
                                                           level=choices_text((registry.VERDICT_LEVEL,),
                                                                                   "LEVEL_CHOICE_WORDS")))
    advise.add_argument("--seed", type=SEED, default=0, metavar=names["seed"], help=helps["advise.seed"])
    advise.add_argument("--score", type=SCORE, nargs=2, metavar=(names["mine"], names["theirs"]),
                        help=helps["advise.score"].format(high=i18n.whole(SCORE_MAX)))
    advise.add_argument("--target", type=TARGET, metavar=names["number"],
                        help=helps["advise.target"].format(low=i18n.whole(low), high=i18n.whole(high)))
    advise.add_argument("--json", action="store_true", help=helps["advise.json"])
    advise.set_defaults(run=cmd_advise)
