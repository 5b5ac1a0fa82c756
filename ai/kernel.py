"""Lockstep playouts over a batch of positions with numpy (rules.md §7, §8).

A batch holds B positions that have all had the same number of cards played, so every step plays
one card in every position at once. Cards live in *trump space*: each position's suits are rotated
so that its trump is suit 0, which turns every rule table into a flat 32-entry lookup. Hands are
int64 bitmasks; the legal cards of §7 come from a few mask operations, and the card to play from a
policy: uniformly random, or a perfect-information greedy player (win a pointed trick as cheaply as
possible, cash masters, draw trumps, else throw the cheapest card) mixed with a little randomness.

Every rule the kernel plays by comes from the ``RuleSet`` it is given, read once per call outside
the array work: the overtaking rule (§7), bella's order and value (§6.4) and the last trick's value
(§1, §8), so a variant that changes one of them reaches the playouts unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import get_args

import numpy as np

from engine.cards import KING, PLAIN_STRENGTH, QUEEN, TRUMP_STRENGTH, card_points
from engine.rules import MustOvertake, RuleError, RuleSet

from .arrays import BoolArray, IntArray

I64 = np.int64
TRUMPS = np.int64(0xFF)  # suit 0 in trump space
FULL = np.int64(0xFFFFFFFF)
TRUMP_QUEEN, TRUMP_KING = np.int64(QUEEN), np.int64(KING)


def _tables() -> dict[str, IntArray]:
    """Rule tables in trump space (trump = suit 0)."""
    points = np.zeros(32, I64)
    strength = np.zeros(32, I64)  # within its suit; trumps above every plain card
    higher = np.zeros(32, I64)  # same-suit cards that beat the card
    cost = np.zeros(32, I64)  # how much it hurts to give the card away
    for c in range(32):
        suit, rank = c >> 3, c & 7
        order = TRUMP_STRENGTH if suit == 0 else PLAIN_STRENGTH
        points[c] = card_points(c, 0)
        strength[c] = order[rank] + (16 if suit == 0 else 0)
        cost[c] = points[c] * 16 + order[rank] + (400 if suit == 0 else 0)
        for r in range(8):
            if order[r] > order[rank]:
                higher[c] |= 1 << (suit * 8 + r)
    # Per suit and byte of that suit: the cheapest and the strongest card present (-1 if none).
    cheapest = np.full((4, 256), -1, I64)
    strongest = np.full((4, 256), -1, I64)
    for s in range(4):
        for byte in range(1, 256):
            present = [s * 8 + r for r in range(8) if byte >> r & 1]
            cheapest[s, byte] = min(present, key=lambda c: cost[c])
            strongest[s, byte] = max(present, key=lambda c: strength[c])
    return {"points": points, "strength": strength, "higher": higher, "cost": np.append(cost, 1 << 40),
            "cheapest": cheapest.ravel(), "strongest": strongest.ravel()}


_T = _tables()
POINTS, STRENGTH, HIGHER, COST = _T["points"], _T["strength"], _T["higher"], _T["cost"]
CHEAPEST, STRONGEST = _T["cheapest"], _T["strongest"]
_NONE_COST = np.int64(1 << 40)


def to_trump_space(mask: IntArray, trump: IntArray) -> IntArray:
    """Rotate masks so that suit ``trump`` becomes suit 0."""
    shift = (8 * trump).astype(I64)
    return ((mask >> shift) | (mask << (32 - shift))) & FULL


def card_to_trump_space(card: IntArray, trump: IntArray) -> IntArray:
    rotated: IntArray = (card - 8 * trump) & 31
    return rotated


@dataclass
class Batch:
    """B positions in lockstep, in trump space. Seat 0 is the elder, 1 the dealer."""

    hand0: IntArray
    hand1: IntArray
    leader: IntArray  # who leads the trick in progress (or the next one)
    current: IntArray  # card led to the trick in progress, -1 if none
    points0: IntArray  # card points (and the last trick) won during the playout
    points1: IntArray
    played0: IntArray  # cards each side has played, for bella 'either'
    played1: IntArray
    bella0: IntArray  # bella scored during the playout
    bella1: IntArray
    last_winner: IntArray

    @property
    def size(self) -> int:
        return int(self.leader.shape[0])

    def copy(self) -> Batch:
        return Batch(*(getattr(self, f.name).copy() for f in fields(self)))


def new_batch(hand0: IntArray, hand1: IntArray, trump: IntArray, leader: IntArray,
              current: IntArray | None = None, played0: IntArray | None = None,
              played1: IntArray | None = None) -> Batch:
    """A batch from real-suit masks and cards; everything is rotated into trump space here."""
    b = leader.shape[0]
    zeros = np.zeros(b, I64)
    trump = trump.astype(I64)
    return Batch(
        hand0=to_trump_space(hand0.astype(I64), trump),
        hand1=to_trump_space(hand1.astype(I64), trump),
        leader=leader.astype(I64, copy=True),
        current=np.full(b, -1, I64) if current is None else np.where(
            current < 0, -1, card_to_trump_space(current.astype(I64), trump)),
        points0=zeros.copy(), points1=zeros.copy(),
        played0=zeros.copy() if played0 is None else to_trump_space(played0.astype(I64), trump),
        played1=zeros.copy() if played1 is None else to_trump_space(played1.astype(I64), trump),
        bella0=zeros.copy(), bella1=zeros.copy(),
        last_winner=np.full(b, -1, I64),
    )


def legal_masks(batch: Batch, rules: RuleSet) -> tuple[IntArray, IntArray]:
    """The mover of each position (0/1) and its legal cards (§7, ``rules.must_overtake``)."""
    must_overtake = rules.must_overtake
    if must_overtake not in get_args(MustOvertake):
        raise RuleError(f"unknown must_overtake {must_overtake!r}: the values are {', '.join(get_args(MustOvertake))}")
    cur = batch.current
    leading = cur < 0
    mover: IntArray = (batch.leader ^ ~leading) & 1  # leader when leading, the other when following
    hand = np.where(mover == 0, batch.hand0, batch.hand1)
    cur0 = cur & 31
    led_suit = cur0 >> 3
    suit_cards = hand & (np.int64(0xFF) << (8 * led_suit))
    if must_overtake != "none":
        higher = suit_cards & HIGHER[cur0]
        overtake = higher != 0
        if must_overtake == "trump":
            overtake &= led_suit == 0
        suit_cards_eff = np.where(overtake, higher, suit_cards)
    else:
        suit_cards_eff = suit_cards
    trumps = hand & TRUMPS
    follow = np.where(suit_cards != 0, suit_cards_eff, np.where(trumps != 0, trumps, hand))
    return mover, np.where(leading, hand, follow)


def random_card(legal: IntArray, rng: np.random.Generator) -> IntArray:
    """A uniformly random set bit of each mask."""
    count = np.bitwise_count(legal)
    pick = (rng.random(legal.shape[0]) * count).astype(np.uint8)
    mask = legal
    for k in range(int(pick.max(initial=0))):
        mask = np.where(pick > k, mask & (mask - 1), mask)
    chosen: IntArray = np.bitwise_count((mask & -mask) - 1).astype(I64)
    return chosen


def _cheapest(cards: IntArray) -> tuple[IntArray, IntArray]:
    """The cheapest card of each mask and its cost; -1 and a huge cost for an empty mask."""
    best = CHEAPEST[cards & 0xFF]
    best_cost = COST[best]
    for s in (1, 2, 3):
        c = CHEAPEST[(s << 8) + ((cards >> (8 * s)) & 0xFF)]
        cost = COST[c]  # c = -1 reads the sentinel at the end of COST
        better = cost < best_cost
        best = np.where(better, c, best)
        best_cost = np.where(better, cost, best_cost)
    return best, best_cost


def greedy_card(batch: Batch, mover: IntArray, legal: IntArray) -> IntArray:
    """The perfect-information greedy choice for every position."""
    is_elder = mover == 0
    mine = np.where(is_elder, batch.hand0, batch.hand1)
    opp = np.where(is_elder, batch.hand1, batch.hand0)
    cur = batch.current
    leading = cur < 0
    cheap, cheap_cost = _cheapest(legal)

    # Following: win a trick holding points as cheaply as possible, or win for free; else throw.
    cur0 = cur & 31
    can_trump = np.where(cur0 >= 8, TRUMPS, 0)
    winners = legal & (HIGHER[cur0] | can_trump)
    win, win_cost = _cheapest(winners)
    want = (winners != 0) & ((POINTS[cur0] > 0) | (win_cost <= cheap_cost))
    follow = np.where(want, win, cheap)

    # Leading: draw trumps with the master trump, else cash the richest safe master, else cheapest.
    both = batch.hand0 | batch.hand1
    opp_trumps = (opp & TRUMPS) != 0
    lead = cheap
    lead_value = np.full(mover.shape[0], -1, I64)
    for s in range(4):
        top = STRONGEST[(s << 8) + ((both >> (8 * s)) & 0xFF)]
        top0 = top & 31
        is_mine = (top >= 0) & (((mine >> top0) & 1) == 1)
        if s == 0:
            safe = is_mine & opp_trumps
            value = np.full(mover.shape[0], 1000, I64)
        else:
            opp_has = ((opp >> (8 * s)) & 0xFF) != 0
            safe = is_mine & (opp_has | ~opp_trumps)
            value = POINTS[top0]
        better = safe & (value > lead_value)
        lead = np.where(better, top0, lead)
        lead_value = np.where(better, value, lead_value)
    return np.where(leading, lead, follow)


def play(batch: Batch, card: IntArray, mover: IntArray, rules: RuleSet) -> None:
    """Play one (legal) card in every position, closing tricks and scoring bella (§6.4: its order
    ``rules.bella_order``, its value ``rules.bella_points``)."""
    is_elder = mover == 0
    bit = np.left_shift(np.int64(1), card)
    hand = np.where(is_elder, batch.hand0, batch.hand1)
    is_pair_card = (card == TRUMP_QUEEN) | (card == TRUMP_KING)
    if is_pair_card.any():
        partner_bit = np.where(card == TRUMP_QUEEN, np.int64(1 << KING), np.int64(1 << QUEEN))
        if rules.bella_order == "either":
            played = np.where(is_elder, batch.played0, batch.played1)
            scores = is_pair_card & ((played & partner_bit) != 0)
        else:
            scores = (card == TRUMP_QUEEN) & ((hand & partner_bit) != 0)
        gain = np.where(scores, rules.bella_points, 0)
        batch.bella0 += np.where(is_elder, gain, 0)
        batch.bella1 += np.where(is_elder, 0, gain)
    batch.hand0 = np.where(is_elder, hand & ~bit, batch.hand0)
    batch.hand1 = np.where(is_elder, batch.hand1, hand & ~bit)
    batch.played0 |= np.where(is_elder, bit, 0)
    batch.played1 |= np.where(is_elder, 0, bit)

    led = batch.current
    if led[0] < 0:  # lockstep: every position is leading
        batch.current = card
        return
    follower_wins = ((card >> 3) == (led >> 3)) & (STRENGTH[card] > STRENGTH[led]) | (
        (card < 8) & (led >= 8)
    )
    winner = np.where(follower_wins, mover, batch.leader)
    trick_points = POINTS[card] + POINTS[led]
    batch.points0 += np.where(winner == 0, trick_points, 0)
    batch.points1 += np.where(winner == 0, 0, trick_points)
    batch.leader = winner
    batch.last_winner = winner
    batch.current = np.full_like(led, -1)


class Policy(StrEnum):
    """How the playouts choose a card: uniformly at random, or greedy with ``epsilon`` random cards."""

    GREEDY = "greedy"
    RANDOM = "random"


def run(batch: Batch, cards_left: int, rules: RuleSet, rng: np.random.Generator,
        policy: Policy = Policy.GREEDY, epsilon: float = 0.1) -> Batch:
    """Play the ``cards_left`` remaining cards of the deal by ``rules``; the last trick's
    ``rules.last_trick_points`` (§1, §8) go to its winner."""
    for _ in range(cards_left):
        mover, legal = legal_masks(batch, rules)
        if policy == Policy.RANDOM:
            card = random_card(legal, rng)
        else:
            card = greedy_card(batch, mover, legal)
            if epsilon > 0:
                explore = rng.random(batch.size) < epsilon
                card = np.where(explore, random_card(legal, rng), card)
        play(batch, card, mover, rules)
    if cards_left:
        score_last_trick(batch, rules)
    return batch


def score_last_trick(batch: Batch, rules: RuleSet) -> None:
    """Once the ninth trick is closed: its winner scores ``rules.last_trick_points`` (§1, §8)."""
    bonus = rules.last_trick_points
    last = batch.last_winner == 0
    batch.points0 += np.where(last, bonus, 0)
    batch.points1 += np.where(last, 0, bonus)


def settle(total0: IntArray, total1: IntArray, maker: IntArray) -> tuple[IntArray, IntArray, BoolArray]:
    """§8 for every position: what the elder and the dealer score, and whether the maker made it."""
    elder_makes = maker == 0
    mine = np.where(elder_makes, total0, total1)
    theirs = np.where(elder_makes, total1, total0)
    made = mine > theirs
    maker_scored = np.where(made, mine, 0)
    other_scored = np.where(mine >= theirs, theirs, mine + theirs)
    scored0 = np.where(elder_makes, maker_scored, other_scored)
    scored1 = np.where(elder_makes, other_scored, maker_scored)
    return scored0, scored1, made
