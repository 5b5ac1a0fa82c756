"""The bidding tree's model of the other's answers (rules.md §4.1, §10; ``ai.bidding.BidTree``).

Two hand-built worlds and hand-set contract values, so each figure is worked out here by hand: the
elder passes in round one; the dealer takes in a world where his §10 strength in the turned suit
is over the threshold, and the elder then names his best suit in round two where he does not.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from ai.bidding import BidTree, answer_chance
from ai.levels import RULE_OF_THUMB, BidderModel
from ai.worlds import Worlds
from engine.actions import PASS
from engine.cards import parse_card
from engine.deal import Deal
from engine.rules import RuleSet

# Hearts turned up (Q♥). The dealer's six in world 0: J♥ 9♥ A♥ 10♥ 7♠ 8♠, worth 20 + 14 + 11 + 10,
# plus 2 × 2 for four trumps: 59 in hearts. In world 1: 7♠ 8♠ 9♠ 7♦ 8♦ 9♦, no heart: −15.
STRONG = sum(1 << parse_card(c) for c in ["JH", "9H", "AH", "TH", "7S", "8S"])
WEAK = sum(1 << parse_card(c) for c in ["7S", "8S", "9S", "7D", "8D", "9D"])
HEARTS, CLUBS = 2, 0


def _tree(model: BidderModel, preset: str = "clobber") -> BidTree:
    rules = RuleSet.from_preset(preset)
    deal = Deal.from_hands(rules, ["AC", "TC", "KC", "QC", "7H", "8H"], ["JH", "9H", "AH", "TH", "7S", "8S"], "QH")
    view = deal.view("elder")
    zero = np.zeros(2, np.int64)
    worlds = Worlds(np.array([STRONG, WEAK], np.int64), zero, zero)
    value = np.zeros((2, 4, 2))  # (world, trump suit, maker): the elder's score-sheet difference
    value[:, HEARTS, 1] = [-40.0, -40.0]  # the dealer makes hearts: the elder is 40 down
    value[:, HEARTS, 0] = [-100.0, 30.0]  # the elder takes hearts
    value[:, CLUBS, 0] = [10.0, 50.0]  # the elder names clubs in round two
    return BidTree(view, worlds, value, np.zeros((2, 4, 2)), model)


def test_the_rule_of_thumb_answers_surely() -> None:
    """§10 with threshold 42: the dealer takes at 59 and passes at −15. After the elder's pass:
    world 0 the dealer's hearts (−40), world 1 round two, where clubs (50) is the elder's best."""
    tree = _tree(RULE_OF_THUMB)
    assert tree.opp_takes.tolist() == [1.0, 0.0]
    value, _ = tree.value_of(PASS)
    assert value.tolist() == [-40.0, 50.0]


def test_a_soft_bidder_mixes_both_answers_in_every_world() -> None:
    """A bidder by feel, take threshold 50 and scale 9: at 59 he takes with chance σ(1) and at −15
    with σ(−65/9); the pass is worth that chance of −40 and the rest of naming clubs."""
    model = BidderModel(take_threshold=50, name_threshold=50, refuse_threshold=40, scale=9.0)
    tree = _tree(model)
    strong, weak = 1 / (1 + math.exp(-1)), 1 / (1 + math.exp(65 / 9))
    assert tree.opp_takes.tolist() == pytest.approx([strong, weak])
    value, _ = tree.value_of(PASS)
    assert value.tolist() == pytest.approx([strong * -40 + (1 - strong) * 10, weak * -40 + (1 - weak) * 50])


def test_answer_chance_is_a_step_without_a_scale_and_even_at_the_threshold_with_one() -> None:
    strength = np.array([41, 42, 43])
    assert answer_chance(RULE_OF_THUMB, strength, 42).tolist() == [0.0, 1.0, 1.0]
    soft = BidderModel(scale=5.0)
    assert answer_chance(soft, strength, 42)[1] == 0.5


# WEAK in spades or diamonds: the nine 14, three trumps add 2, no penalty with the nine: 16, its best
# suit; in hearts −15. STRONG: 59 in hearts, its best.
REFUSES_FROM_10 = BidderModel(refuse_threshold=10)


@pytest.mark.parametrize("preset", ["klaberjass", "klaberass", "kalabriasz"])
def test_the_rule_of_thumb_refuses_a_schmeiss_on_the_turned_suit(preset: str) -> None:
    """§10 as greedy plays it: refuse from 10 in hearts, the turned suit: 59 refuses, −15 accepts."""
    assert _tree(REFUSES_FROM_10, preset).opp_refuses_schmeiss.tolist() == [1.0, 0.0]


def test_a_value_bidder_refuses_on_the_suit_he_will_name_where_the_refuser_names() -> None:
    """kalabriasz (rules.md §4.3): the refuser names the trump and makes, so a player who bids by
    value refuses on his best suit: WEAK's 16 in spades reaches 10, although hearts is −15."""
    model = BidderModel(refuse_threshold=10, refuses_on_best_suit=True)
    assert _tree(model, "kalabriasz").opp_refuses_schmeiss.tolist() == [1.0, 1.0]


@pytest.mark.parametrize("preset", ["klaberjass", "klaberass"])
def test_where_the_schmeisser_makes_a_refusal_is_still_read_on_the_turned_suit(preset: str) -> None:
    """klaberjass, klaberass (§4.3): refused, the turn-up's suit is trump and the schmeisser makes,
    so the flag changes nothing there."""
    model = BidderModel(refuse_threshold=10, refuses_on_best_suit=True)
    assert _tree(model, preset).opp_refuses_schmeiss.tolist() == [1.0, 0.0]
