"""Bots behind one interface: ``choose(view, seed) -> action`` from a seat's view alone.

``random`` plays uniformly among legal actions; ``greedy`` is a sensible rule-of-thumb player
(rules.md §10); ``mc:<level>`` is the Monte Carlo bot (``ai.mc``); ``oracle`` sees every card and
is an upper bound for the arena, never an opponent in the game.
"""

from __future__ import annotations

import random
from typing import Protocol

from engine.cards import (
    ACE,
    JACK,
    KING,
    NINE,
    PLAIN_STRENGTH,
    QUEEN,
    SUIT_MASKS,
    TEN,
    TRUMP_STRENGTH,
    card,
    card_points,
    cards_of,
    parse_card,
    suit_of,
)
from engine.view import PlayerView


class Bot(Protocol):
    name: str

    def choose(self, view: PlayerView, seed: int) -> str:
        """One of ``view.legal`` for the seat to act; the same view and seed give the same action."""
        ...

    def wants_exchange(self, view: PlayerView) -> bool:
        """Whether to swap the dix now, asked of a holder who is not to act (rules.md §5)."""
        ...


def play_actions(view: PlayerView) -> list[str]:
    """The legal plays, with ``bella`` announced wherever it scores (always worth announcing)."""
    plays = [a for a in view.legal if a.startswith("play ")]
    announced = {a[:-6] for a in plays if a.endswith(" bella")}
    return [a for a in plays if a.endswith(" bella") or a not in announced]


class RandomBot:
    """Uniform among legal actions: the floor every other bot must clear."""

    name = "random"

    def choose(self, view: PlayerView, seed: int) -> str:
        return random.Random(seed).choice(list(view.legal))

    def wants_exchange(self, view: PlayerView) -> bool:
        return random.Random(view.hand ^ view.cards_played).random() < 0.5


# -- greedy: rules.md §10's rule of thumb ---------------------------------------------------


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


class GreedyBot:
    """Bids by the rule of thumb of §10, wins pointed tricks cheaply, draws trumps as maker."""

    name = "greedy"
    take_threshold = 42

    def choose(self, view: PlayerView, seed: int) -> str:
        if view.stage == "play":
            if "exchange" in view.legal:
                return "exchange"
            return self._play(view)
        return self._bid(view)

    def wants_exchange(self, view: PlayerView) -> bool:
        return True

    def _bid(self, view: PlayerView) -> str:
        legal = view.legal
        hand = view.hand
        turned = suit_of(view.turn_up)
        # The turn-up joins the hand of whoever holds the dix; count it as half a card.
        if "take" in legal:
            strength = hand_strength(hand, turned)
            return "take" if strength >= self.take_threshold else "pass"
        if "accept" in legal:
            return "refuse" if hand_strength(hand, turned) >= self.take_threshold - 10 else "accept"
        names = [a for a in legal if a.startswith("name ")]
        if names:
            best = max(names, key=lambda a: hand_strength(hand, "CDHS".index(a[-1])))
            strength = hand_strength(hand, "CDHS".index(best[-1]))
            forced = "pass" not in legal
            if forced or strength >= self.take_threshold:
                return best
            return "pass"
        return legal[0]

    def _play(self, view: PlayerView) -> str:
        actions = play_actions(view)
        cards = {parse_card(a.split(" ")[1]): a for a in actions}
        trump = view.trump
        assert trump is not None

        def cheapness(c: int) -> tuple[int, int]:
            is_trump = c >> 3 == trump
            strength = TRUMP_STRENGTH[c & 7] if is_trump else PLAIN_STRENGTH[c & 7]
            return (card_points(c, trump) + (8 if is_trump else 0), strength)

        if not view.current:
            return cards[self._lead(view, list(cards), cheapness)]
        led = view.current[0][1]
        led_suit = led >> 3

        def strength(c: int) -> int:
            if c >> 3 == trump:
                return 16 + TRUMP_STRENGTH[c & 7]
            return 8 + PLAIN_STRENGTH[c & 7] if c >> 3 == led_suit else 0

        winners = [c for c in cards if strength(c) > strength(led)]
        if winners and card_points(led, trump) > 0:
            return cards[min(winners, key=cheapness)]
        return cards[min(cards, key=cheapness)]

    def _lead(self, view: PlayerView, cards: list[int], cheapness: object) -> int:
        trump = view.trump
        assert trump is not None
        trumps = [c for c in cards if c >> 3 == trump]
        outstanding = SUIT_MASKS[trump] & ~view.hand & ~view.all_played & ~(1 << view.face_up)
        if view.maker == view.seat and trumps and outstanding:
            return max(trumps, key=lambda c: TRUMP_STRENGTH[c & 7])
        aces = [c for c in cards if c & 7 == ACE and c >> 3 != trump]
        if aces:
            return aces[0]
        return min(cards, key=cheapness)  # type: ignore[arg-type, operator]


def make_bot(name: str) -> Bot:
    """A bot by its arena name: random, greedy, mc:easy, mc:normal, mc:hard, oracle."""
    if name == "random":
        return RandomBot()
    if name == "greedy":
        return GreedyBot()
    if name.startswith("mc:"):
        from .mc import LEVELS, MonteCarloBot

        if name[3:] in LEVELS:
            return MonteCarloBot(name[3:])
    if name == "oracle":
        from .oracle import OracleBot

        return OracleBot()
    raise ValueError(f"unknown bot {name!r}: the bots are {', '.join(BOT_NAMES)}")


BOT_NAMES = ("random", "greedy", "mc:easy", "mc:normal", "mc:hard", "oracle")
