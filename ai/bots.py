"""The simple bots and the interface every bot has: ``choose(view, seed) -> action`` from a seat's view.

``random`` plays uniformly among legal actions; ``greedy`` is a sensible rule-of-thumb player
(rules.md §10). The Monte Carlo bot is ``ai.mc``, the oracle ``ai.oracle``; ``ai.registry`` makes
any of them by name. A bot that sees every card (the oracle, research bots) is a ``FullDealBot``:
it is handed the whole deal, so it has no ``choose`` from a view at all.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from engine.actions import ACCEPT, EXCHANGE, PASS, REFUSE, TAKE, Action, Seat
from engine.cards import ACE, SUIT_MASKS, TRUMP_STRENGTH, suit_of
from engine.view import PlayerView

from .heuristics import (REFUSE_SCHMEISS_THRESHOLD, TAKE_THRESHOLD, cheapness, follow_pool, hand_strength, play_actions,
                         played_card)

if TYPE_CHECKING:  # the simple bots cost no numpy
    from engine.deal import Deal

    from .utility import Standing


@runtime_checkable
class Bot(Protocol):
    name: str

    def choose(self, view: PlayerView, seed: int, standing: Standing | None = None) -> Action:
        """One of ``view.legal`` for the seat to act; the same view, seed and standing give the same
        action. ``standing`` is the match score before the deal (rules.md §9), None for one deal."""
        ...

    def wants_exchange(self, view: PlayerView) -> bool:
        """Whether to swap the dix now, asked of a holder who is not to act (rules.md §5)."""
        ...


@runtime_checkable
class FullDealBot(Protocol):
    """A bot that sees every card: the arena's upper bound (``oracle``) and research bots. Only the
    arena plays it, handing it the whole deal; the game never does."""

    name: str

    def choose_full(self, deal: Deal, seat: Seat, seed: int) -> Action:
        """One of ``deal.legal_actions(seat)`` for ``seat``, the seat to act, from the whole deal;
        the same deal and seed give the same action. It plays each deal for itself (no standing)."""
        ...

    def wants_exchange(self, view: PlayerView) -> bool:
        """Whether to swap the dix now, asked of a holder who is not to act (rules.md §5)."""
        ...


ArenaBot = Bot | FullDealBot  # what the arena plays


class RandomBot:
    """Uniform among legal actions: the floor every other bot must clear."""

    name = "random"

    def choose(self, view: PlayerView, seed: int, standing: Standing | None = None) -> Action:
        return random.Random(seed).choice(list(view.legal))

    def wants_exchange(self, view: PlayerView) -> bool:
        return random.Random(view.hand ^ view.cards_played).random() < 0.5


class GreedyBot:
    """Bids by the rule of thumb of §10, wins pointed tricks cheaply, draws trumps as maker."""

    name = "greedy"
    take_threshold = TAKE_THRESHOLD
    refuse_threshold = REFUSE_SCHMEISS_THRESHOLD

    def choose(self, view: PlayerView, seed: int, standing: Standing | None = None) -> Action:
        """By rule of thumb, blind to the standing (it is frozen: tests pin its decisions)."""
        if view.stage == "play":
            if EXCHANGE in view.legal:
                return EXCHANGE
            return self._play(view)
        return self._bid(view)

    def wants_exchange(self, view: PlayerView) -> bool:
        return True

    def _bid(self, view: PlayerView) -> Action:
        legal = view.legal
        hand = view.hand
        turned = suit_of(view.turn_up)
        # The turn-up joins the hand of whoever holds the dix; count it as half a card.
        if TAKE in legal:
            strength = hand_strength(hand, turned)
            return TAKE if strength >= self.take_threshold else PASS
        if ACCEPT in legal:
            return REFUSE if hand_strength(hand, turned) >= self.refuse_threshold else ACCEPT
        names = {a: suit for a in legal if (suit := a.suit) is not None}
        if names:
            best = max(names, key=lambda a: hand_strength(hand, names[a]))
            strength = hand_strength(hand, names[best])
            forced = PASS not in legal
            if forced or strength >= self.take_threshold:
                return best
            return PASS
        return legal[0]

    def _play(self, view: PlayerView) -> Action:
        actions = play_actions(view)
        cards = {played_card(a): a for a in actions}
        trump = view.trump
        assert trump is not None
        if not view.current:
            return cards[self._lead(view, list(cards), trump)]
        return cards[min(follow_pool(cards, view.current[0][1], trump), key=lambda c: cheapness(c, trump))]

    def _lead(self, view: PlayerView, cards: list[int], trump: int) -> int:
        trumps = [c for c in cards if c >> 3 == trump]
        outstanding = SUIT_MASKS[trump] & ~view.hand & ~view.all_played & ~(1 << view.face_up)
        if view.maker == view.seat and trumps and outstanding:
            return max(trumps, key=lambda c: TRUMP_STRENGTH[c & 7])
        aces = [c for c in cards if c & 7 == ACE and c >> 3 != trump]
        if aces:
            return aces[0]
        return min(cards, key=lambda c: cheapness(c, trump))

