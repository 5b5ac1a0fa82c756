"""Positions from seeded deals walked at random, for the tests of the coach's reasons and favours
(tests/ai/test_coach_reasons.py, tests/ai/test_coach_favours.py)."""

from __future__ import annotations

import random

from engine.deal import Deal
from engine.rules import RuleSet


def positions(preset: str, count: int) -> list[Deal]:
    """``count`` positions where someone is to act, from seeded deals walked at random."""
    rules = RuleSet.from_preset(preset)
    found: list[Deal] = []
    seed = 0
    while len(found) < count:
        rng = random.Random(f"{preset}-{seed}")
        deal = Deal.from_seed(rules, seed)
        stop = rng.randrange(0, 16)
        for _ in range(stop):
            seat = deal.to_act
            if seat is None:
                break
            deal.apply(seat, rng.choice(deal.legal_actions(seat)))
        seed += 1
        if deal.to_act is not None and len(deal.legal_actions(deal.to_act)) > 1:
            found.append(deal)
    return found
