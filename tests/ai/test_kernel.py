"""The numpy kernel plays by the engine's rules (rules.md §7, §6.4, §8): lockstep playouts are
replayed card by card through engine.Deal, which must accept every card and agree on every point."""

import numpy as np
import pytest

from ai import kernel
from engine.cards import mask_of
from engine.deal import Deal
from engine.rules import RuleSet
from engine.scoring import SeatScore, settle


@pytest.mark.parametrize("preset", ["clobber", "klaberjass", "klaberass", "kalabriasz"])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_playouts_follow_the_engine(preset: str, policy: str) -> None:
    rules = RuleSet.from_preset(preset)
    rng = np.random.default_rng(11)
    deals = [Deal.from_seed(rules, seed) for seed in range(40)]
    for d in deals:
        d.apply("elder", "take")
    trump = np.array([d.trump for d in deals])
    batch = kernel.new_batch(
        np.array([d.hands[0] for d in deals]), np.array([d.hands[1] for d in deals]),
        trump, np.zeros(len(deals), np.int64),
    )
    either = rules.bella_order == "either"
    for _ in range(18):
        mover, legal = kernel.legal_masks(batch, rules.must_overtake)
        if policy == "random":
            card = kernel.random_card(legal, rng)
        else:
            card = kernel.greedy_card(batch, mover, legal)
        real = kernel.card_to_trump_space(card, (4 - trump) % 4)  # back to real suits
        for k, d in enumerate(deals):
            assert kernel.to_trump_space(np.array([d.legal_play_mask()]), trump[k:k + 1])[0] == legal[k]
            assert d.to_act == ("elder", "dealer")[mover[k]]
            d.play_card(int(mover[k]), int(real[k]))
        kernel.play(batch, card, mover, either)
    batch.points0 += np.where(batch.last_winner == 0, 10, 0)
    batch.points1 += np.where(batch.last_winner == 0, 0, 10)
    for k, d in enumerate(deals):
        r = d.result()
        assert batch.points0[k] == r.elder.cards + r.elder.last_trick
        assert batch.points1[k] == r.dealer.cards + r.dealer.last_trick
        assert batch.bella0[k] == d.bella[0] and batch.bella1[k] == d.bella[1]


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
