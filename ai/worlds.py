"""Sampling the hidden cards consistently with a seat's view (determinization).

A world fixes every card the seat cannot see: the other hand and, before the extra deal, the three
extra cards each side will get. Worlds respect everything the view proves: cards seen, cards known
to be in the other hand (an exchanged turn-up, shown runs, a king revealed by bella), voids shown
by not following suit or not trumping (rules.md §7), no higher card where ``must_overtake``
required beating and he did not, and the declaration dialogue of §6.3 (by rejection).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.actions import ELDER
from engine.cards import FULL_DECK, KING, QUEEN, SEVEN, SUIT_MASKS, card, cards_of
from engine.declarations import compare_sequences, trump_run_points
from engine.laws import higher_in_suit, must_beat
from engine.rules import MustOvertake
from engine.view import PlayerView

from .arrays import IntArray

_MAX_TRIES_PER_WORLD = 60


@dataclass(frozen=True)
class Worlds:
    """W sampled worlds: the other's hand now and, before the extra deal, both extra deals."""

    other_hand: IntArray  # (W,) int64 masks
    my_extra: IntArray  # (W,) zero once the extra deal is done
    other_extra: IntArray

    @property
    def count(self) -> int:
        return int(self.other_hand.shape[0])


def hidden_cards(view: PlayerView) -> int:
    """Cards the seat cannot see and the other is not known to hold."""
    seen = view.hand | view.all_played | 1 << view.face_up | view.other_known
    if view.bottom is not None:
        seen |= 1 << view.bottom
    return FULL_DECK & ~seen


@dataclass(frozen=True)
class Proof:
    """One thing the other's play proved about his hand, and the cards it rules out (rules.md §7,
    §6.4): the sampler's constraint and the coach's reason are this one record.

    ``kind``: ``void`` (he did not follow ``suit`` but trumped), ``void_no_trump`` (he followed
    neither ``suit`` nor the trump), ``no_higher`` (he had to beat ``led`` and did not, §7
    ``must_overtake``), ``no_bella_king`` (his trump queen went without bella, §6.4)."""

    kind: str
    suit: int
    led: int | None
    played: int
    cards: int  # the cards he cannot hold


def exclusion_proofs(view: PlayerView) -> list[Proof]:
    """Every proof the other's play gives of cards he does not hold, in the order of the play."""
    trump = view.trump
    if trump is None:
        return []
    proofs: list[Proof] = []
    mode = view.rules.must_overtake
    me = view.seat
    for trick in view.tricks:
        if trick.leader != me:
            continue
        led, followed = trick.cards
        proof = _proof(led, followed, trump, mode)
        if proof is not None:
            proofs.append(proof)
    rules = view.rules
    if rules.bella_order == "queen_first" and rules.bella_announce == "automatic":
        # Bella scores by itself as the queen goes while the king is held: a trump queen played
        # without it proves the king was not in his hand (§6.4).
        queen, king = card(QUEEN, trump), card(KING, trump)
        his_plays = view.played[0 if view.other == ELDER else 1]
        bella_scored = any(e.kind == "bella" and e.seat == view.other for e in view.events)
        if his_plays >> queen & 1 and not bella_scored:
            proofs.append(Proof("no_bella_king", trump, None, queen, 1 << king))
    return proofs


def excluded_from_other(view: PlayerView) -> int:
    """Cards the other cannot hold, proven by his plays (§7)."""
    excluded = 0
    for proof in exclusion_proofs(view):
        excluded |= proof.cards
    return excluded


def other_may_hold(view: PlayerView) -> int:
    """The hidden cards the other may hold: the pool the card worlds draw his unknown cards from
    (the rest of the hidden cards are in the stock); the dialogue (§6.3) is checked per world."""
    return hidden_cards(view) & ~excluded_from_other(view)


def _proof(led: int, followed: int, trump: int, mode: MustOvertake) -> Proof | None:
    led_suit = led >> 3
    if followed >> 3 != led_suit:
        if followed >> 3 != trump:  # void in the suit led, and no trump either
            return Proof("void_no_trump", led_suit, led, followed, SUIT_MASKS[led_suit] | SUIT_MASKS[trump])
        return Proof("void", led_suit, led, followed, SUIT_MASKS[led_suit])
    if not must_beat(mode, led_suit, trump):
        return None
    higher = higher_in_suit(SUIT_MASKS[led_suit], led, led_suit == trump)
    return None if not higher or higher >> followed & 1 else Proof("no_higher", led_suit, led, followed, higher)


def _random_subsets(pool: int, k: int, n: int, rng: np.random.Generator) -> IntArray:
    """``n`` random k-card subsets of ``pool`` as masks."""
    cards = np.array(list(cards_of(pool)), dtype=np.int64)
    if k == 0 or cards.size == 0:
        return np.zeros(n, np.int64)
    order = np.argsort(rng.random((n, cards.size)), axis=1)[:, :k]
    subsets: IntArray = np.bitwise_or.reduce(np.left_shift(np.int64(1), cards[order]), axis=1)
    return subsets


def sample_play_worlds(view: PlayerView, count: int, rng: np.random.Generator) -> Worlds:
    """Worlds once the trump is fixed: the other's hand, consistent with the play and the dialogue."""
    hidden = hidden_cards(view)
    allowed = other_may_hold(view)
    known = view.other_known
    need = view.other_count - known.bit_count()
    if allowed.bit_count() < need:  # cannot happen for a legal history; keep sampling possible
        allowed = hidden
    if not _needs_rejection(view):
        hands = _random_subsets(allowed, need, count, rng) | known
        return Worlds(hands, np.zeros(count, np.int64), np.zeros(count, np.int64))
    accepted: list[int] = []
    tries = 0
    while len(accepted) < count and tries < count * _MAX_TRIES_PER_WORLD:
        batch = _random_subsets(allowed, need, count, rng) | known
        tries += count
        for hand in batch.tolist():
            if _consistent(view, hand):
                accepted.append(hand)
                if len(accepted) == count:
                    break
    if not accepted:  # astronomically unlikely: fall back to worlds without the dialogue check
        accepted = (_random_subsets(allowed, need, count, rng) | known).tolist()
    while len(accepted) < count:
        accepted.append(accepted[len(accepted) % max(1, len(accepted))])
    hands = np.array(accepted[:count], dtype=np.int64)
    return Worlds(hands, np.zeros(count, np.int64), np.zeros(count, np.int64))


def _first_lead_hand(view: PlayerView, seat: str, hand_now: int) -> int:
    """A seat's hand at the first lead, from its hand now and its plays (§6.3, §5)."""
    played = view.played[0 if seat == ELDER else 1]
    hand = hand_now | played
    if view.exchanged_by == seat and view.exchange_at > 0 and view.trump is not None:
        hand = hand & ~(1 << view.turn_up) | (1 << card(SEVEN, view.trump))
    return hand


def _needs_rejection(view: PlayerView) -> bool:
    """Whether the view holds facts about whole hands, checked by rejection: the declarations."""
    return bool(view.dialogue)


def _consistent(view: PlayerView, other_hand: int) -> bool:
    """The declaration dialogue, shown runs and clobber's trump run (§6.3, §6.4) come out as seen."""
    assert view.trump is not None
    mine = _first_lead_hand(view, view.seat, view.hand)
    theirs = _first_lead_hand(view, view.other, other_hand)
    elder, dealer = (mine, theirs) if view.seat == ELDER else (theirs, mine)
    result = compare_sequences(elder, dealer, view.trump, view.rules)
    if result.dialogue != view.dialogue or tuple(r.mask for r in result.runs) != view.shown_runs:
        return False
    if view.rules.trump_run_with_marriage and not any(
        e.kind == "trump_run" and e.seat == view.other for e in view.events
    ):
        scored = result.runs if result.winner == view.other else ()
        if trump_run_points(theirs, view.trump, scored):
            return False
    return True


def sample_bid_worlds(view: PlayerView, count: int, rng: np.random.Generator) -> Worlds:
    """Worlds during the bidding: the other's six cards and both extra deals from the 25 unseen."""
    hidden = hidden_cards(view)
    cards = np.array(list(cards_of(hidden)), dtype=np.int64)
    order = np.argsort(rng.random((count, cards.size)), axis=1)[:, :12]
    bits = np.left_shift(np.int64(1), cards[order])
    other = np.bitwise_or.reduce(bits[:, :6], axis=1)
    my_extra = np.bitwise_or.reduce(bits[:, 6:9], axis=1)
    other_extra = np.bitwise_or.reduce(bits[:, 9:12], axis=1)
    return Worlds(other, my_extra, other_extra)
