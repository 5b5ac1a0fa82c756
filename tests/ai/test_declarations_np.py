"""The vectorised declarations agree with engine.declarations (rules.md §6.2, §6.4) on random
hands, for every combination of the options that decide them."""

import itertools

import numpy as np
import pytest

from ai.declarations_np import declarations
from engine.declarations import compare_sequences, trump_run_points
from engine.rules import RuleSet

COMBOS = list(itertools.product(("natural", "trump"), (True, False), (True, False), ("nobody", "elder"),
                                (True, False)))


def _engine(elder: int, dealer: int, trump: int, rules: RuleSet) -> tuple[int, int]:
    result = compare_sequences(elder, dealer, trump, rules)
    points = [0, 0]
    if result.winner is not None:
        points[0 if result.winner == "elder" else 1] = result.points
    if rules.trump_run_with_marriage:
        for i, hand in enumerate((elder, dealer)):
            scored = result.runs if result.winner == ("elder", "dealer")[i] else ()
            points[i] += trump_run_points(hand, trump, scored)
    return points[0], points[1]


@pytest.mark.parametrize("order,longer,top,tie,trump_run", COMBOS)
def test_matches_engine(order: str, longer: bool, top: bool, tie: str, trump_run: bool) -> None:
    rules = RuleSet.from_preset("clobber", {
        "trump_sequence_order": order, "longer_sequence_wins": longer, "compare_top_card": top,
        "sequence_final_tie": tie, "trump_run_with_marriage": trump_run})
    rng = np.random.default_rng(hash((order, longer, top, tie, trump_run)) % 2**32)
    n = 3000
    # Hands rich in runs: concentrate both hands on two suits half of the time.
    decks = np.argsort(rng.random((n, 32)) + np.where(np.arange(32) < 16, 0, rng.random((n, 1)) > 0.5), axis=1)
    bits = np.left_shift(np.int64(1), decks)
    elder = np.bitwise_or.reduce(bits[:, :9], axis=1)
    dealer = np.bitwise_or.reduce(bits[:, 9:18], axis=1)
    trump = rng.integers(0, 4, n)
    got_e, got_d = declarations(elder, dealer, trump, rules)
    for k in range(n):
        expected = _engine(int(elder[k]), int(dealer[k]), int(trump[k]), rules)
        assert (int(got_e[k]), int(got_d[k])) == expected, (k, hex(elder[k]), hex(dealer[k]), trump[k])
