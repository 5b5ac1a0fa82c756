"""The match model (``ai.match_model``, issue 24): the chance to win the match, worked by hand from
small distributions of deal scores under the rules of §9 (target, the higher past it, equal totals
play on, ``maker_counts_first``) and §4.5 (who deals after a throw-in); and the coach's match
chance, which follows the standing."""

from __future__ import annotations

import pytest

from ai.match_data import DEALS, STEP
from ai.match_model import MatchModel
from engine.rules import PRESETS, RuleSet

HUNDRED = 100 // STEP  # 100 points in the model's steps


def test_first_to_the_target_over_two_deals() -> None:
    """Each deal the elder scores 100 (3 in 5) or the dealer does (2 in 5); target 200, dealer
    rotates. From 0-100 with the elder at 0: he wins the deal (0.6) to 100-100, where the other is
    elder and wins with 0.6, so he with 0.4; or the other reaches 200. 0.6 x 0.4 = 0.24. From 0-0:
    0.6 x (1 - 0.24) + 0.4 x 0.24 = 0.552."""
    rows = ((HUNDRED, 0, "e", 3), (0, HUNDRED, "d", 2))
    model = MatchModel(rows, 200, redeal_same=False, maker_counts_first=False)
    assert model.elder_wins(100, 100) == pytest.approx(0.6)
    assert model.elder_wins(0, 100) == pytest.approx(0.24)
    assert model.elder_wins(0, 0) == pytest.approx(0.552)


@pytest.mark.parametrize(("redeal_same", "expected"), [(False, 0.7 / 1.2), (True, 0.5 / 0.8)])
def test_throw_ins_and_who_deals_next(redeal_same: bool, expected: float) -> None:
    """Target 100: the elder scores 100 (0.5), the dealer does (0.3), or the deal is thrown in
    (0.2). The dealer changing after a throw-in: V = 0.5 + 0.2 (1 - V), V = 0.7 / 1.2; the same
    dealer again: V = 0.5 + 0.2 V, V = 0.5 / 0.8 (rules.md §4.5)."""
    rows = ((HUNDRED, 0, "e", 5), (0, HUNDRED, "d", 3), (0, 0, "-", 2))
    model = MatchModel(rows, 100, redeal_same=redeal_same, maker_counts_first=False)
    assert model.elder_wins(0, 0) == pytest.approx(expected)


def test_both_past_the_target_and_maker_counts_first() -> None:
    """Target 100, every deal the elder makes with 100 and the dealer scores 150: both pass the
    target and the higher total wins (the dealer); under maker_counts_first the maker's points
    count first and he wins (rules.md §9)."""
    rows = ((HUNDRED, 150 // STEP, "e", 1),)
    assert MatchModel(rows, 100, False, False).elder_wins(0, 0) == pytest.approx(0.0)
    assert MatchModel(rows, 100, False, True).elder_wins(0, 0) == pytest.approx(1.0)


def test_equal_totals_past_the_target_play_on() -> None:
    """Target 100, each deal both score 100 (0.5, the elder made) or the elder scores 100 alone
    (0.5): from 0-0 equal totals past the target play on; there the elder wins a deal he scores
    alone, so V_tied = 0.5 + 0.5 (1 - V_tied) = 2/3, and from 0-0: 0.5 + 0.5 (1 - 2/3) = 2/3."""
    rows = ((HUNDRED, HUNDRED, "e", 1), (HUNDRED, 0, "e", 1))
    model = MatchModel(rows, 100, False, False)
    assert model.tied_over == pytest.approx(2 / 3)
    assert model.elder_wins(0, 0) == pytest.approx(2 / 3)
    assert model.elder_wins(150, 150) == pytest.approx(2 / 3)


@pytest.mark.parametrize("preset", PRESETS)
def test_shipped_models_are_chances_that_follow_the_standing(preset: str) -> None:
    """Every preset has a distribution, and its chance rises with one's own total and falls with
    the other's; a total at the target with the other below it is a match won."""
    assert preset in DEALS
    model = MatchModel.for_rules(RuleSet.from_preset(preset))
    table = model.table
    assert ((table >= 0) & (table <= 1)).all()
    assert model.elder_wins(400, 100) > model.elder_wins(250, 250) > model.elder_wins(100, 400)
    assert model.elder_wins(500, 480) == 1.0 and model.elder_wins(480, 500) == 0.0
    assert 0.3 < model.elder_wins(0, 0) < 0.7
