"""``klabber replay FILE``: the deal read back, ``--json``, ``--review`` (the coach's verdicts, issue
5) and ``--what-if N ACTION`` (the decision made another way, played on: issue 25).

Plain ``replay`` and ``--json`` need neither the bot nor numpy: the review and what-if import them
inside their branch.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ai import registry
from ai.registry import LEVEL_NAMES
from engine.actions import SEATS, Seat

from klabber_tui.cli.argtypes import SEED, fail, file_name
from klabber_tui.words.cards import seat_names_words
from klabber_tui.words.commands import cli_help_words, cli_metavars_words
from klabber_tui.words.i18n import pgettext
from klabber_tui.words.names import choices_text
from klabber_tui.words.table.phrases import bot_word, you_word


def cmd_replay(args: argparse.Namespace) -> int:
    if args.player is not None and not args.review:
        fail(pgettext("replay.refusal.player_without_review",
                      "--player names the seat whose reasons are the player's in --review: give it with --review"))
    if args.what_if is not None:  # issue 25: the decision made another way, played on
        return what_if_command(args)
    if args.seed is not None:
        fail(pgettext("what_if.refusal.seed_without_what_if",
                      "--seed chooses the bots' play of --what-if: give it with --what-if"))
    from engine.record import replay, result_json

    from klabber_tui.data.files import load_record

    record = load_record(args.file)
    deal = replay(record)
    if args.json:
        payload = result_json(deal)
        if args.review:
            payload["review"] = _review_json(record, args.level, _player_seat(args, record))
        print(json.dumps(payload))
        return 0
    if args.review:
        return _print_review(record, args)
    from klabber_tui.words.ascii_text import print_out
    from klabber_tui.words.replay import render_deal

    print_out(args.ascii, render_deal(record, deal))
    return 0


def _player_seat(args: argparse.Namespace, record: Any) -> Seat | None:
    """The seat the player held: ``--player``, or else the record's own ``meta.player``, which the
    game writes into every deal it records (issue 24); None for a record that names none."""
    named = args.player if args.player is not None else record.meta.get("player")
    return SEATS[SEATS.index(named)] if named in SEATS else None


def _review_json(record: Any, level: str, player: str | None) -> list[dict[str, Any]]:
    """``replay --json --review`` (issue 13): every judged decision, in the order it was made.

    Only with ``--review``; plain ``--json`` keeps exactly the keys of deal-record.md. With
    ``--player``, the other seat's reasons are worded as the bot's (issue 24)."""
    from engine.cards import suit_of

    from klabber_tui.words.review import decision_json
    from klabber_tui.practice.review import review_record

    turned = suit_of(record.new_deal().turn_up_card)
    return [
        {"index": d.index, "seat": d.seat, "kind": d.kind, "stage": d.stage, "chosen": str(d.chosen),
         "best": str(d.best), "loss": round(d.loss, 2), "loss_se": round(d.loss_se, 2), "mistake": bool(d.mistake),
         **decision_json(d, turned, player is not None and d.seat != player)}
        for d in review_record(record, level=level).decisions
    ]


def _print_review(record: object, args: argparse.Namespace) -> int:
    """``klabber replay FILE --review``: both seats' decisions judged by the coach (issue 5)."""
    from klabber_tui.words.ascii_text import print_out
    from klabber_tui.words.review import render_review
    from klabber_tui.practice.review import review_record
    review = review_record(record, level=args.level)
    player = _player_seat(args, record)
    if player is None:  # each seat's reasons speak to that seat
        names = {seat: seat_names_words()[seat] for seat in SEATS}
        print_out(args.ascii, render_review(review, SEATS, names))
        return 0
    names = {player: you_word(), player.other: bot_word()}  # issue 24: the other seat is the bot's
    print_out(args.ascii, render_review(review, (player, player.other), names, bots=(player.other,)))
    return 0


def what_if_command(args: argparse.Namespace) -> int:
    """``klabber replay FILE --what-if N ACTION [--seed S] [--level L] [--json]``."""
    from ai.what_if import Refusal, WhatIfRefusal, allowed_at, what_if
    from engine.record import replay

    from klabber_tui.data.files import load_record
    from klabber_tui.practice.any_hand import record_action
    from klabber_tui.words.what_if import refusal_text, render_what_if, what_if_json

    written_index, action = args.what_if
    if args.review:
        fail(pgettext("what_if.refusal.with_review", "--what-if and --review are two questions: ask one at a time"))
    seed = 0 if args.seed is None else args.seed
    record = load_record(args.file)
    replay(record)  # a refused record is refused first, as plain replay refuses it
    try:
        index = int(written_index, 10)
    except ValueError:
        fail(pgettext("what_if.refusal.index_not_a_number",
                      "--what-if {index!r}: {number} is an action's index, a whole number from 0").format(
            index=written_index, number=cli_metavars_words()["number"]))
    try:
        alternative = record_action(action)
        if alternative is None:
            seat, allowed = allowed_at(record, index)
            raise WhatIfRefusal(Refusal.NOT_AN_ACTION, index=index, seat=seat, action=action, allowed=allowed)
        result = what_if(record, index, alternative, seed, args.level)
    except WhatIfRefusal as refused:
        fail(refusal_text(refused))
    if args.json:
        print(json.dumps(what_if_json(record, result)))
        return 0
    from klabber_tui.words.ascii_text import print_out

    print_out(args.ascii, render_what_if(result))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``replay`` to the ``klabber`` parser, worded in the current language (issue 12)."""
    names = cli_metavars_words()
    replay = sub.add_parser("replay", help=cli_help_words()["replay"], description=cli_help_words()["replay.about"])
    replay.add_argument("file", type=file_name, metavar=names["file"], help=cli_help_words()["replay.file"])
    replay.add_argument("--json", action="store_true", help=cli_help_words()["replay.json"])
    replay.add_argument("--ascii", action="store_true", help=cli_help_words()["ascii"])
    replay.add_argument("--review", action="store_true",
                        help=cli_help_words()["replay.review"])
    replay.add_argument("--player", choices=("elder", "dealer"), metavar=names["seat"],
                        help=pgettext("cli.replay.player", "elder or dealer: the seat the player held, for --review; "
                                                           "the other seat's reasons are then worded as the bot's "
                                                           "(\"the bot holds…\"); a record the game wrote names "
                                                           "the seat itself"))
    replay.add_argument("--level", choices=LEVEL_NAMES, default=registry.VERDICT_LEVEL, metavar=names["level"],
                        help=cli_help_words()["replay.level"].format(
                            levels=choices_text(LEVEL_NAMES, "LEVEL_CHOICE_WORDS"),
                            level=choices_text((registry.VERDICT_LEVEL,), "LEVEL_CHOICE_WORDS")))
    # Issue 25: what if, the decision N made as ACTION and both lines played on.
    action = names["action"]
    replay.add_argument("--what-if", nargs=2, metavar=(names["number"], action),
                        help=pgettext("cli.replay.what_if",
                                      "play the deal on with action {n} (from 0) made as {action} instead (record "
                                      "notation, such as \"name H\"), beside what happened and the same choice played "
                                      "on, with the coach's values of the decision").format(n=names["number"],
                                                                                            action=action))
    replay.add_argument("--seed", type=SEED, metavar=names["seed"],
                        help=pgettext("cli.replay.seed", "the seed of the bots' play for --what-if (default 0)"))
    replay.set_defaults(run=cmd_replay)
