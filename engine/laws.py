"""Each card-play rule once, as a pure function of ints (rules.md §5, §6.4, §7).

The engine's ``Deal`` and the bot's exact paths (the oracle, the solver's entry points, the exact
play values) call these. The fast paths that keep their own form (``ai.kernel``'s numpy tables,
``ai.declarations_np``, the solver's inner loop) are checked against them on every preset and
every option value (``tests/ai/test_rule_agreement.py``). An option value these functions do not
know is an error, never a silent default.
"""

from __future__ import annotations

from .cards import KING, PLAIN_STRENGTH, QUEEN, SUIT_MASKS, TRUMP_STRENGTH, card, trick_strength
from .rules import BellaOrder, DixDeadline, DixExchange, MustOvertake, RuleError

__all__ = [
    "must_beat", "higher_in_suit", "legal_follow", "trick_winner", "bella_scores", "exchange_suit_ok",
    "exchange_window_open",
]


def must_beat(mode: MustOvertake, led_suit: int, trump: int | None) -> bool:
    """Whether a follower holding the suit led must beat the card led if he can (§7 must_overtake)."""
    if mode == "none":
        return False
    if mode == "all":
        return True
    if mode == "trump":
        return led_suit == trump
    raise RuleError(f"unknown must_overtake {mode!r}: the values are 'none', 'trump' or 'all'")


def higher_in_suit(cards: int, led: int, is_trump: bool) -> int:
    """The cards of ``cards`` (all of the led card's suit) stronger than ``led`` in trick order (§1)."""
    strength = TRUMP_STRENGTH if is_trump else PLAIN_STRENGTH
    floor = strength[led & 7]
    result = 0
    rest = cards
    while rest:
        low = rest & -rest
        c = low.bit_length() - 1
        if strength[c & 7] > floor:
            result |= low
        rest ^= low
    return result


def legal_follow(hand: int, led: int | None, trump: int | None, must_overtake: MustOvertake) -> int:
    """The cards of ``hand`` that may be played to a trick led with ``led`` (None: leading) (§7).

    Follow suit (beating the card led where ``must_overtake`` says so and one can); void, trump if
    possible; else any card.
    """
    if led is None:
        return hand
    led_suit = led >> 3
    suit_cards = hand & SUIT_MASKS[led_suit]
    if suit_cards:
        if must_beat(must_overtake, led_suit, trump):
            higher = higher_in_suit(suit_cards, led, led_suit == trump)
            if higher:
                return higher
        return suit_cards
    trumps = hand & SUIT_MASKS[trump] if trump is not None else 0
    return trumps or hand


def trick_winner(leader: int, led: int, followed: int, trump: int | None) -> int:
    """Who (0/1) wins a trick ``leader`` led with ``led`` and the other answered with ``followed`` (§7)."""
    led_suit = led >> 3
    if trick_strength(followed, trump, led_suit) > trick_strength(led, trump, led_suit):
        return 1 - leader
    return leader


def bella_scores(hand: int, played: int, c: int, trump: int | None, bella_order: BellaOrder) -> bool:
    """Whether playing ``c`` from ``hand`` (``played``: the player's cards already played) is the card
    at which bella scores (§6.4): the queen with the king in hand, or under ``either`` the second of
    the pair to go."""
    if trump is None or c >> 3 != trump:
        return False
    rank = c & 7
    if rank not in (KING, QUEEN):
        return False
    partner = card(KING if rank == QUEEN else QUEEN, trump)
    if bella_order == "queen_first":
        return rank == QUEEN and bool(hand >> partner & 1)
    if bella_order == "either":
        return bool(played >> partner & 1)
    raise RuleError(f"unknown bella_order {bella_order!r}: the values are 'queen_first' or 'either'")


def exchange_suit_ok(dix_exchange: DixExchange, turn_up: int, trump: int) -> bool:
    """Whether the dix may be exchanged at all in this contract (§5 dix_exchange), its holder aside."""
    if dix_exchange == "any_trump":
        return True
    if dix_exchange == "turn_up_trump":
        return turn_up >> 3 == trump
    raise RuleError(f"unknown dix_exchange {dix_exchange!r}: the values are 'turn_up_trump' or 'any_trump'")


def exchange_window_open(deadline: DixDeadline, cards_played: int, own_played: int) -> bool:
    """Whether the exchange is still open (§5 dix_deadline); ``own_played`` is the holder's played mask."""
    if deadline == "first_lead":
        return cards_played == 0
    if deadline == "own_first_card":
        return own_played == 0
    if deadline == "first_trick":
        return cards_played < 2
    if deadline == "last_card":
        return True  # while he holds the dix
    raise RuleError(
        f"unknown dix_deadline {deadline!r}: the values are 'first_lead', 'own_first_card', "
        "'first_trick' or 'last_card'"
    )
