"""The numpy kernel's scoring and trump space against the engine (rules.md §8). That its playouts
follow the engine's rules card by card, on every rule set, is tests/ai/test_rule_agreement.py's."""

import numpy as np

from ai import kernel
from engine.cards import mask_of
from engine.scoring import SeatScore, settle


def test_settle_matches_the_engine_rule() -> None:
    """§8 vectorised agrees with engine.scoring.settle on made, tie and bust."""
    totals = [(100, 62), (81, 81), (40, 122), (0, 0)]
    for maker in (0, 1):
        t0 = np.array([a for a, _ in totals])
        t1 = np.array([b for _, b in totals])
        s0, s1, made = kernel.settle(t0, t1, np.full(len(totals), maker))
        for k, (a, b) in enumerate(totals):
            _, e, d = settle(("elder", "dealer")[maker], SeatScore(cards=a), SeatScore(cards=b))
            assert (s0[k], s1[k]) == (e.scored, d.scored)
            assert made[k] == ((a > b) if maker == 0 else (b > a))


def test_trump_space_round_trip() -> None:
    rng = np.random.default_rng(3)
    masks = rng.integers(0, 2**32, 100, dtype=np.int64)
    trump = rng.integers(0, 4, 100)
    there = kernel.to_trump_space(masks, trump)
    back = kernel.to_trump_space(there, (4 - trump) % 4)
    assert (back == masks).all()
    cards = rng.integers(0, 32, 100)
    assert (kernel.card_to_trump_space(kernel.card_to_trump_space(cards, trump), (4 - trump) % 4) == cards).all()
    assert mask_of([]) == 0
