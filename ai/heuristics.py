"""Rules of thumb (rules.md §10) shared by the greedy bot and the opponent model of the bidding.

Hand strength for a trump suit, the take threshold, when the dix exchange pays, and the plays worth
making (bella announced wherever it scores). Pure functions of a view or of card masks.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeVar

from engine.actions import Action, ActionKind
from engine.cards import (ACE, JACK, KING, NINE, PLAIN_STRENGTH, QUEEN, SEVEN, TEN, TRUMP_POINTS,
                          TRUMP_STRENGTH, card, card_points, suit_of, trick_strength)
from engine.laws import exchange_suit_ok
from engine.rules import RuleSet
from engine.view import PlayerView

if TYPE_CHECKING:  # the simple bots cost no numpy
    from .arrays import IntArray

TAKE_THRESHOLD = 42  # §10 strength from which the greedy bot (and the modelled opponent) takes
REFUSE_SCHMEISS_THRESHOLD = TAKE_THRESHOLD - 10  # ... and from which a schmeiss is refused
# §10's count of a trump suit holding the king and queen adds bella's 20 (§6.4). A rule of thumb
# tuned with the threshold above, not a deal's score: a variant's ``rules.bella_points`` leaves it.
BELLA_STRENGTH = 20


def _trump_suit_strength(ranks: int) -> int:
    """§10 points of the trump suit holding ``ranks`` (a bit per rank): high trumps, length, bella."""
    points = sum(TRUMP_POINTS[r] for r in range(8) if ranks >> r & 1)  # §1: jass 20, menel 14, A 11, ...
    points += 2 * max(0, ranks.bit_count() - 2)  # length helps a little beyond two
    if ranks >> KING & 1 and ranks >> QUEEN & 1:
        points += BELLA_STRENGTH
    # §10: the jass matters more than length; many trumps without jass or menel lose.
    if not ranks >> JACK & 1 and not ranks >> NINE & 1:
        points -= 15
    return points


def _side_suit_strength(ranks: int) -> int:
    """§10 points of a side suit holding ``ranks``: its ace, the ten beside it, or a guarded ten."""
    if ranks >> ACE & 1:
        return 11 + (10 if ranks >> TEN & 1 else 0)
    return 5 if ranks >> TEN & 1 and ranks.bit_count() >= 2 else 0


# §10 strength by the ranks held in one suit (a bit per rank, 256 patterns), as trump and as a side
# suit: the one definition both ``hand_strength`` and the bidding's vectorised ``hand_strengths`` read.
TRUMP_SUIT_STRENGTH: tuple[int, ...] = tuple(_trump_suit_strength(ranks) for ranks in range(256))
SIDE_SUIT_STRENGTH: tuple[int, ...] = tuple(_side_suit_strength(ranks) for ranks in range(256))


def hand_strength(hand: int, trump: int) -> int:
    """Rough points a hand is worth with ``trump`` (§10): high trumps, side aces and tens, bella."""
    return sum((TRUMP_SUIT_STRENGTH if suit == trump else SIDE_SUIT_STRENGTH)[hand >> 8 * suit & 255]
               for suit in range(4))


def play_actions(view: PlayerView) -> list[Action]:
    """The legal plays, with ``bella`` announced wherever it scores (always worth announcing)."""
    plays = [a for a in view.legal if a.kind is ActionKind.PLAY]
    announced = {a.card for a in plays if a.bella}
    return [a for a in plays if a.bella or a.card not in announced]


def played_card(action: Action) -> int:
    """The card of a ``play`` action (typed as an int, not ``int | None``)."""
    c = action.card
    assert c is not None, action
    return c


def cheapness(c: int, trump: int) -> tuple[int, int]:
    """greedy's order of cards to give: fewest points first (a trump counts 8 more), then weakest."""
    is_trump = c >> 3 == trump
    return (card_points(c, trump) + (8 if is_trump else 0),
            TRUMP_STRENGTH[c & 7] if is_trump else PLAIN_STRENGTH[c & 7])


def follow_pool(cards: Iterable[int], led: int, trump: int) -> list[int]:
    """The cards greedy follows ``led`` from (its cheapest is the one it plays): those that win the
    trick when it holds points and one of them can, else all of them (rules.md §10)."""
    cards = list(cards)
    led_suit = led >> 3
    winners = [c for c in cards if trick_strength(c, trump, led_suit) > trick_strength(led, trump, led_suit)]
    return winners if winners and card_points(led, trump) > 0 else cards


def swap_pays(face_up: int, trump: int) -> bool:
    """Swap the dix when the card face up is a trump or a card worth points (§5)."""
    return suit_of(face_up) == trump or card_points(face_up, trump) >= 10


def exchange_pays(view: PlayerView) -> bool:
    """Whether the seat holding the dix swaps it now (``swap_pays``)."""
    assert view.trump is not None
    return swap_pays(view.face_up, view.trump)


def contract_exchanges(turn_up: int, trump: int, rules: RuleSet) -> bool:
    """Whether the dix holder would swap in a contract with ``trump`` (as ``exchange_pays``, §5)."""
    if turn_up == card(SEVEN, trump) or not exchange_suit_ok(rules.dix_exchange, turn_up, trump):
        return False
    return swap_pays(turn_up, trump)


Hands = TypeVar("Hands", int, "IntArray")


def after_contract_swap(hand: Hands, turn_up: int, trump: int, rules: RuleSet) -> Hands:
    """Nine-card hands (an int, or an array of them) as they play in a contract with ``trump``: the
    dix swapped for the turn-up where its holder would (``contract_exchanges``, §5)."""
    if not contract_exchanges(turn_up, trump, rules):
        return hand
    dix = card(SEVEN, trump)
    swapped: Hands = hand + ((hand >> dix) & 1) * ((1 << turn_up) - (1 << dix))  # the turn-up is in no hand
    return swapped
