"""Sequences (rules.md §6.1-§6.2) and clobber's trump run (§6.4) for many deals at once.

The same rules as ``engine.declarations``, on numpy arrays through tables over a suit's byte: each
byte's runs (at most two of three or more cards), the sum of their values, and the length of the
stretch around each rank. The trump suit under ``trump_sequence_order = trump`` is first permuted
into trump order. ``tests/ai/test_declarations_np.py`` checks it against the engine.
"""

from __future__ import annotations

import numpy as np

from engine.cards import JACK
from engine.rules import RuleSet

from .arrays import BoolArray, IntArray

I64 = np.int64
_TRUMP_ORDER = (0, 1, 5, 6, 3, 7, 2, 4)  # rank at each trump-sequence position, lowest first


def _byte_tables() -> dict[str, IntArray]:
    runs = np.zeros((256, 2, 3), I64)  # per byte, up to two runs: (value, length, top position)
    total = np.zeros(256, I64)
    stretch = np.zeros((256, 8), I64)  # length of the stretch of set bits containing each bit
    for byte in range(256):
        found = []
        k = 0
        while k < 8:
            if byte >> k & 1:
                start = k
                while k < 8 and byte >> k & 1:
                    k += 1
                length = k - start
                for bit in range(start, k):
                    stretch[byte, bit] = length
                if length >= 3:
                    found.append((50 if length >= 4 else 20, length, 7 - (k - 1)))
            else:
                k += 1
        for slot, run in enumerate(found[:2]):
            runs[byte, slot] = run
        total[byte] = sum(r[0] for r in found)
    permute = np.zeros(256, I64)  # natural-rank byte -> trump-order byte
    for byte in range(256):
        permute[byte] = sum(1 << pos for pos, rank in enumerate(_TRUMP_ORDER) if byte >> rank & 1)
    return {"runs": runs, "total": total, "stretch": stretch, "permute": permute}


_B = _byte_tables()
RUNS, TOTAL, STRETCH, PERMUTE = _B["runs"], _B["total"], _B["stretch"], _B["permute"]
_NEEDED_KQJ_BYTE = 0b0111_0000  # J Q K in a natural-rank byte
_TRUMP_Q_TO_J = 0b1111_1100  # positions Q K 10 A 9 J in a trump-order byte


def _player(hand: IntArray, trump: IntArray, rules: RuleSet) -> tuple[IntArray, IntArray]:
    """(best run key, sum of run values) for each hand; key 0 means no sequence."""
    by_trump_order = rules.trump_sequence_order == "trump"
    best = np.zeros(hand.shape[0], I64)
    total = np.zeros(hand.shape[0], I64)
    for suit in range(4):
        byte = (hand >> (8 * suit)) & 0xFF
        is_trump = trump == suit
        if by_trump_order:
            byte = np.where(is_trump, PERMUTE[byte], byte)
        total += TOTAL[byte]
        for slot in (0, 1):
            value, length, top = RUNS[byte, slot, 0], RUNS[byte, slot, 1], RUNS[byte, slot, 2]
            key = np.where(value == 50, 2, np.where(value == 20, 1, 0)) * 1_000_000
            if rules.longer_sequence_wins:
                key += length * 10_000
            if rules.compare_top_card:
                key += (8 - top) * 100
            key += is_trump.astype(I64)
            best = np.maximum(best, np.where(value > 0, key, 0))
    return best, total


def declarations(elder: IntArray, dealer: IntArray, trump: IntArray | np.int64, rules: RuleSet
                 ) -> tuple[IntArray, IntArray]:
    """Points from sequences and the trump run for the elder and the dealer of each deal."""
    trump = np.broadcast_to(np.asarray(trump, I64), elder.shape)
    key_e, total_e = _player(elder, trump, rules)
    key_d, total_d = _player(dealer, trump, rules)
    elder_wins = (key_e > key_d) | ((key_e == key_d) & (key_e > 0) & (rules.sequence_final_tie == "elder"))
    dealer_wins = key_d > key_e
    points_e = np.where(elder_wins, total_e, 0)
    points_d = np.where(dealer_wins, total_d, 0)
    if rules.trump_run_with_marriage:
        points_e = points_e + _trump_run(elder, trump, elder_wins, rules)
        points_d = points_d + _trump_run(dealer, trump, dealer_wins, rules)
    return points_e, points_d


def _trump_run(hand: IntArray, trump: IntArray, scored: BoolArray, rules: RuleSet) -> IntArray:
    """§6.4: K-Q-J of trumps, 20, or 50 in a natural run of four or more, unless a scored run has them."""
    byte = (hand >> (8 * trump)) & 0xFF
    holds = (byte & _NEEDED_KQJ_BYTE) == _NEEDED_KQJ_BYTE
    length = STRETCH[byte, JACK]
    value = np.where(length >= 4, 50, 20)
    if rules.trump_sequence_order == "trump":
        # In trump order J, Q and K share a run only as Q K 10 A 9 J: positions 2..7 all held.
        in_scored_run = (PERMUTE[byte] & _TRUMP_Q_TO_J) == _TRUMP_Q_TO_J
    else:
        in_scored_run = np.ones_like(holds)
    return np.where(holds & ~(scored & in_scored_run), value, 0)
