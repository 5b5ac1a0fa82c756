"""``klabber advise --hand … --turn-up … --seat …`` (issue 25): any hand asked of the coach from the
command line, and the words of the refusals of a typed hand (the any-hand page shows the same).

The position is :mod:`klabber_tui.practice.any_hand`'s; ``cmd_advise`` evaluates it exactly as it does a
record's last position, from the seat's view.
"""

from __future__ import annotations

import argparse
from typing import Any

from engine.actions import Seat
from engine.cards import format_card
from engine.deal import Deal
from engine.rules import DEFAULT_PRESET, RuleSet

from klabber_tui.practice.any_hand import HAND_SIZE, AnyHand, HandRefusal, Refusal, any_hand
from klabber_tui.cli.argtypes import fail
from klabber_tui.words.i18n import npgettext, pgettext
from klabber_tui.words.cards import card_text, seat_lower_words
from klabber_tui.words.commands import cli_metavars_words
from klabber_tui.words.names import preset_title


def hand_refusal_text(refusal: HandRefusal) -> str:
    """One line: what cannot have been dealt or said, and what is allowed."""
    d = refusal.detail
    code = refusal.code
    if code is Refusal.BAD_CARD:
        return pgettext("any_hand.refusal.not_a_card",
                        "{card!r} is not a card: a card is a rank 7 8 9 10 (or T) J Q K A, or В Д К Т in Russian (Т "
                        "the ace), then a suit C D H S or ♣ ♦ ♥ ♠, such as 10♦ or Т♣").format(card=d["card"])
    if code is Refusal.HAND_SIZE:
        count = int(d["count"])
        return npgettext("any_hand.refusal.hand_size",
                         "the hand has {n} card: a hand before the extra deal has exactly {size}",
                         "the hand has {n} cards: a hand before the extra deal has exactly {size}",
                         count).format(n=count, size=HAND_SIZE)
    if code is Refusal.CARD_TWICE:
        return pgettext("any_hand.refusal.card_twice",
                        "{card} is in the hand twice: the six cards must all be different").format(card=d["card"])
    if code is Refusal.TURN_UP_IN_HAND:
        return pgettext("any_hand.refusal.turn_up_in_hand",
                        "the turn-up {card} is also in the hand: it lies face up beside the stock, so the six cards "
                        "are six others").format(card=d["card"])
    seat = seat_lower_words()
    if code is Refusal.BAD_WORD:
        return pgettext("any_hand.refusal.not_a_bid",
                        "word {number} of --bids, {word!r}, is no bid in record notation: take, pass, schmeiss, "
                        "accept, refuse or name S (C D H S), lower case").format(number=int(d["index"]) + 1,
                                                                                 word=d["word"])
    if code is Refusal.NOT_SAID:
        return pgettext("any_hand.refusal.bid_not_allowed",
                        "word {number} of --bids, {word!r}, cannot be said there: the {seat} may say {allowed}"
                        ).format(number=int(d["index"]) + 1, word=d["word"], seat=seat[d["seat"]],
                                 allowed=", ".join(d["allowed"]))
    if code is Refusal.BIDDING_OVER:
        return pgettext("any_hand.refusal.bidding_over",
                        "after word {number} of --bids, {word!r}, the bidding is over (the trump fixed or the deal "
                        "thrown in): give the words said before the seat's own turn to bid"
                        ).format(number=int(d["index"]) + 1, word=d["word"])
    return pgettext("any_hand.refusal.not_the_seats_turn",
                    "after these words the {to_act} speaks, not the {seat}: give the words said before the {seat}'s "
                    "turn").format(to_act=seat[d["to_act"]], seat=seat[d["seat"]])


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


def typed_json(typed: AnyHand) -> dict[str, Any]:
    """The hand and turn-up as understood, canonical (rules.md §1)."""
    return {"hand": [format_card(c) for c in typed.hand], "turn_up": format_card(typed.turn_up)}


def understood_line(typed: AnyHand) -> str:
    """The hand the command understood, shown before the coach's answer."""
    cards = " ".join(card_text(c) for c in typed.hand)
    return pgettext("any_hand.understood_hand", "Your hand: {cards} · turn-up {turn_up} · {seat} · {preset}").format(
        cards=cards, turn_up=card_text(typed.turn_up), seat=seat_lower_words()[typed.seat],
        preset=preset_title(typed.rules.preset))
