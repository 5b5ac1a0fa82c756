"""The oracle: sees every card (the other hand, the stock, the extra deal) and plays by exact solution.

It is the arena's upper bound, never an opponent in the game: a ``FullDealBot`` (``ai.bots``),
handed the whole ``Deal`` (``choose_full``) instead of a view. Bids walk the same bidding tree as the
Monte Carlo bot, on the one true world with exactly solved contract values.
"""

from __future__ import annotations

import numpy as np

from engine.actions import EXCHANGE, SEATS, Action, Seat
from engine.cards import TRICKS_PER_DEAL
from engine.deal import Deal
from engine.rules import RuleSet
from engine.declarations import declaration_points
from engine.view import PlayerView

from . import kernel
from .arrays import FloatArray
from .bidding import BidTree
from .heuristics import after_contract_swap, exchange_pays, play_actions, played_card
from .solver import Position, best_moves, position_from_deal, solve
from .worlds import Worlds


class OracleBot:
    name = "oracle"

    def wants_exchange(self, view: PlayerView) -> bool:
        return exchange_pays(view)

    def choose_full(self, deal: Deal, seat: Seat, seed: int) -> Action:
        """The oracle's action for ``seat``, from the whole deal (every card known)."""
        view = deal.view(seat)
        if deal.stage == "play":
            if EXCHANGE in view.legal and exchange_pays(view):
                return EXCHANGE
            return self._play(deal, view)
        if len(view.legal) == 1:
            return view.legal[0]
        return self._bid(deal, view)

    def _play(self, deal: Deal, view: PlayerView) -> Action:
        actions = play_actions(view)
        if len(actions) == 1:
            return actions[0]
        values = best_moves(position_from_deal(deal), deal.rules)
        return max(actions, key=lambda a: values[played_card(a)])

    def _bid(self, deal: Deal, view: PlayerView) -> Action:
        me = SEATS.index(view.seat)
        value, made = exact_contract_values(deal, me)
        first_other = sum(1 << c for c in deal.first[1 - me])
        extra = [sum(1 << c for c in deal.extra[i] or ()) for i in (0, 1)]
        world = Worlds(np.array([first_other]), np.array([extra[me]]), np.array([extra[1 - me]]))
        tree = BidTree(view, world, value, made)
        return max(view.legal, key=lambda a: float(tree.value_of(a)[0][0]))


def exact_contract_values(deal: Deal, me: int) -> tuple[FloatArray, FloatArray]:
    """(1, 4, 2) exact score-sheet difference for seat ``me`` by trump suit and maker, and make flags."""
    hands = (sum(1 << c for c in deal.first[0] + (deal.extra[0] or ())),
             sum(1 << c for c in deal.first[1] + (deal.extra[1] or ())))
    value, made = solved_contracts(hands, deal.turn_up_card, deal.rules, me)
    return value[None], made[None]


def solved_contracts(hands: tuple[int, int], turn_up: int, rules: RuleSet, me: int
                     ) -> tuple[FloatArray, FloatArray]:
    """(4, 2) exact score-sheet difference for seat ``me`` of each trump suit with either maker, and
    make flags, for the nine-card hands (elder, dealer) before any dix exchange (§5, §8)."""
    value = np.zeros((4, 2))
    made = np.zeros((4, 2))
    for s in range(4):
        e, d = (after_contract_swap(hand, turn_up, s, rules) for hand in hands)
        declared = declaration_points(e, d, s, rules)
        points = solve(Position((e, d), s, 0, None, (0, 0), TRICKS_PER_DEAL), rules)
        total0 = np.array([declared[0] + points[0]])
        total1 = np.array([declared[1] + points[1]])
        for maker in (0, 1):
            s0, s1, ok = kernel.settle(total0, total1, np.array([maker]))
            value[s, maker] = float((s0 - s1)[0] if me == 0 else (s1 - s0)[0])
            made[s, maker] = float(ok[0])
    return value, made
