"""A typed hand's words (issue 25): its refusals and the hand as understood, the same on ``klabber
advise --hand`` and on the any-hand page. The position is :mod:`klabber_tui.practice.any_hand`'s.
"""

from __future__ import annotations

from klabber_tui.practice.any_hand import HAND_SIZE, AnyHand, HandRefusal, Refusal
from klabber_tui.words.cards import card_text, seat_lower_words
from klabber_tui.words.i18n import npgettext, pgettext
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


def understood_line(typed: AnyHand) -> str:
    """The hand the command understood, shown before the coach's answer."""
    cards = " ".join(card_text(c) for c in typed.hand)
    return pgettext("any_hand.understood_hand", "Your hand: {cards} · turn-up {turn_up} · {seat} · {preset}").format(
        cards=cards, turn_up=card_text(typed.turn_up), seat=seat_lower_words()[typed.seat],
        preset=preset_title(typed.rules.preset))
