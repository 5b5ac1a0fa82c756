"""``klabber advise --hand … --turn-up … --seat …`` (issue 25): any hand asked of the coach from the
command line, and the words of the refusals of a typed hand (the any-hand page shows the same).

The position is :mod:`klabber_tui.any_hand`'s; ``cmd_advise`` evaluates it exactly as it does a
record's last position, from the seat's view.
"""

from __future__ import annotations

import argparse
from typing import Any

from engine.actions import Seat
from engine.cards import format_card
from engine.deal import Deal
from engine.rules import DEFAULT_PRESET, RuleSet

from . import text
from .any_hand import AnyHand, HandRefusal, Refusal, any_hand
from .argtypes import fail


def hand_refusal_text(refusal: HandRefusal) -> str:
    """One line: what cannot have been dealt or said, and what is allowed."""
    d = refusal.detail
    code = refusal.code
    if code is Refusal.BAD_CARD:
        return text.ANY_HAND_WORDS["refusal.bad_card"].format(card=d["card"])
    if code is Refusal.HAND_SIZE:
        return text.plural("hand_size", int(d["count"]))
    if code is Refusal.CARD_TWICE:
        return text.ANY_HAND_WORDS["refusal.card_twice"].format(card=d["card"])
    if code is Refusal.TURN_UP_IN_HAND:
        return text.ANY_HAND_WORDS["refusal.turn_up_in_hand"].format(card=d["card"])
    if code is Refusal.BAD_WORD:
        return text.ANY_HAND_WORDS["refusal.bad_word"].format(number=int(d["index"]) + 1,
                                                                                  word=d["word"])
    if code is Refusal.NOT_SAID:
        return text.ANY_HAND_WORDS["refusal.not_said"].format(number=int(d["index"]) + 1, word=d["word"], seat=text.SEAT_LOWER[d["seat"]],
                                 allowed=", ".join(d["allowed"]))
    if code is Refusal.BIDDING_OVER:
        return text.ANY_HAND_WORDS["refusal.bidding_over"].format(number=int(d["index"]) + 1, word=d["word"])
    return text.ANY_HAND_WORDS["refusal.not_seats_turn"].format(to_act=text.SEAT_LOWER[d["to_act"]], seat=text.SEAT_LOWER[d["seat"]])


def typed_position(args: argparse.Namespace) -> AnyHand:
    """The position of ``--hand``, ``--turn-up``, ``--seat``, ``--bids`` and ``--rules``, or one
    line and exit 2."""
    if args.turn_up is None or args.seat is None:
        fail(text.ANY_HAND_WORDS["refusal.needs"])
    rules = RuleSet.from_preset(args.rules or DEFAULT_PRESET)
    try:
        return any_hand(rules, args.hand, args.turn_up, Seat(args.seat), args.bids or "")
    except HandRefusal as refused:
        fail(hand_refusal_text(refused))


def check_combination(args: argparse.Namespace) -> None:
    """Exactly one of RECORD and --hand; the hand's options only with --hand."""
    if args.record is not None and args.hand is not None:
        fail(text.ANY_HAND_WORDS["refusal.both"])
    if args.hand is None:
        for given, option in ((args.rules, "--rules"), (args.turn_up, "--turn-up"), (args.seat, "--seat"),
                              (args.bids, "--bids")):
            if given is not None:
                fail(text.ANY_HAND_WORDS["refusal.only_with_hand"].format(option=option))


def position_deal(args: argparse.Namespace) -> tuple[Deal, AnyHand | None]:
    """The deal ``advise`` evaluates at its seat to act: a record's, or a typed hand's."""
    check_combination(args)
    if args.hand is None:
        from engine.record import replay

        from .files import load_record

        return replay(load_record(args.record)), None  # a refused file or record: one line at cli.main
    typed = typed_position(args)
    return typed.deal(), typed


def typed_json(typed: AnyHand) -> dict[str, Any]:
    """The hand and turn-up as understood, canonical (rules.md §1)."""
    return {"hand": [format_card(c) for c in typed.hand], "turn_up": format_card(typed.turn_up)}


def understood_line(typed: AnyHand, ascii_suits: bool = False) -> str:
    """The hand the command understood, shown before the coach's answer."""
    cards = " ".join(text.card_text(c, ascii_suits) for c in typed.hand)
    return text.ANY_HAND_WORDS["understood"].format(
        cards=cards, turn_up=text.card_text(typed.turn_up, ascii_suits), seat=text.SEAT_LOWER[typed.seat],
        preset=text.preset_title(typed.rules.preset))
