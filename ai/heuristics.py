"""Rules of thumb (rules.md §10) shared by the greedy bot and the opponent model of the bidding.

Hand strength for a trump suit, the take threshold, when the dix exchange pays, and the plays worth
making (bella announced wherever it scores). Pure functions of a view or of card masks.
"""

from __future__ import annotations

from engine.actions import Action, ActionKind
from engine.cards import ACE, JACK, KING, NINE, QUEEN, SEVEN, SUIT_MASKS, TEN, card, card_points, cards_of, suit_of
from engine.laws import exchange_suit_ok
from engine.rules import RuleSet
from engine.view import PlayerView

TAKE_THRESHOLD = 42  # §10 strength from which the greedy bot (and the modelled opponent) takes
REFUSE_SCHMEISS_THRESHOLD = TAKE_THRESHOLD - 10  # ... and from which a schmeiss is refused


def hand_strength(hand: int, trump: int) -> int:
    """Rough points a hand is worth with ``trump`` (§10): high trumps, side aces and tens, bella."""
    points = 0
    trumps = hand & SUIT_MASKS[trump]
    for c in cards_of(trumps):
        points += card_points(c, trump)  # §1: jass 20, menel 14, A 11, 10 10, K 4, Q 3
    points += 2 * max(0, trumps.bit_count() - 2)  # length helps a little beyond two
    if trumps >> card(KING, trump) & 1 and trumps >> card(QUEEN, trump) & 1:
        points += 20
    for suit in range(4):
        if suit == trump:
            continue
        side = hand & SUIT_MASKS[suit]
        if side >> card(ACE, suit) & 1:
            points += 11
            if side >> card(TEN, suit) & 1:
                points += 10
        elif side >> card(TEN, suit) & 1 and side.bit_count() >= 2:
            points += 5
    # §10: the jass matters more than length; many trumps without jass or menel lose.
    if not trumps >> card(JACK, trump) & 1 and not trumps >> card(NINE, trump) & 1:
        points -= 15
    return points


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


def exchange_pays(view: PlayerView) -> bool:
    """Swap the dix when the turn-up is a trump or a card worth points (§5)."""
    assert view.trump is not None
    return suit_of(view.face_up) == view.trump or card_points(view.face_up, view.trump) >= 10


def contract_exchanges(turn_up: int, trump: int, rules: RuleSet) -> bool:
    """Whether the dix holder would swap in a contract with ``trump`` (as ``exchange_pays``, §5)."""
    if turn_up == card(SEVEN, trump) or not exchange_suit_ok(rules.dix_exchange, turn_up, trump):
        return False
    return suit_of(turn_up) == trump or card_points(turn_up, trump) >= 10
