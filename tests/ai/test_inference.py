"""Issue 10: inference weighs worlds by the other's following cards and by his bids (ai.inference).

Hand-built: the elder leads a pointed card, the dealer could win it cheaply but throws a low card.
Under the model (win a pointed trick with the cheapest winner, rules.md §7 legal cards) a world
where the dealer held that winner then is unlikely, so it gets the floor weight; worlds where the
dealer could not have won keep weight 1.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pytest

from ai.bidding import hand_strengths
from ai.heuristics import hand_strength
from ai.inference import (BID_FLOOR, BID_SCALE, SOFT, bid_weights, first_hands, follow_weights, sample_bid_inferred_play_worlds,
                          sample_inferred_play_worlds)
from ai.levels import BidderModel
from ai.worlds import Worlds, sample_play_worlds
from engine.cards import parse_card
from engine.deal import Deal
from engine.rules import RuleSet


def _after_the_take() -> Deal:
    """Hearts turned up (Q♥); the elder passes, the dealer takes (rules.md §4.1), then the extra deal
    and the first lead. The dealer's first six, K♠ J♥ 9♥ A♥ 8♠ 10♥, are worth 59 in hearts under
    §10: J 20 + 9 14 + A 11 + 10 10 = 55, four trumps add 2 × 2 = 4, no side ace or ten."""
    rules = RuleSet.from_preset("klaberjass")
    deal = Deal.from_hands(rules, ["AS", "7C", "8D", "KD", "9C", "TS"], ["KS", "JH", "9H", "AH", "8S", "TH"],
                           "QH", ["7D", "QC", "8C"], ["JC", "QS", "9D"], "AD")
    deal.apply("elder", "pass")
    deal.apply("dealer", "take")
    while not (deal.stage == "play" and deal.to_act == "elder"
               and any(a.kind == "play" for a in deal.legal_actions("elder"))):
        seat = deal.to_act
        assert seat is not None
        deal.apply(seat, deal.legal_actions(seat)[0])
    return deal


def _after_a_duck() -> Deal:
    """Hearts trump (dealer takes); elder leads A♠; the dealer, holding K♠ Q♠ 8♠ … follows with 8♠.
    The model follows a pointed lead it cannot beat (no higher spade than the ace) with its cheapest
    spade: 8♠ is what it plays, so this world and its like keep weight 1."""
    deal = _after_the_take()
    deal.apply("elder", "play AS")
    deal.apply("dealer", "play 8S")
    return deal


def test_a_world_where_the_model_plays_the_card_played_keeps_its_weight() -> None:
    deal = _after_a_duck()
    view = deal.view("elder")
    true_hand = deal.view("dealer").hand
    weights = follow_weights(view, np.array([true_hand], dtype=np.int64))
    # The dealer held K♠ Q♠ 8♠ then: none beats the ace, so the cheapest spade, 8♠, is the model's card.
    assert weights.tolist() == [1.0]


def test_a_world_where_the_model_would_have_thrown_another_card_gets_the_floor() -> None:
    """A world giving the dealer 7♠ as well: the model would have thrown 7♠ (cheaper), not 8♠."""
    deal = _after_a_duck()
    view = deal.view("elder")
    true_hand = deal.view("dealer").hand
    swapped = true_hand & ~(1 << parse_card("JH")) | 1 << parse_card("7S")
    weights = follow_weights(view, np.array([true_hand, swapped], dtype=np.int64))
    assert weights.tolist() == [1.0, SOFT]


# -- inference from the bidding (probe:infer-bids) ------------------------------------------------

def test_vectorized_strength_is_the_rule_of_thumb() -> None:
    """``hand_strengths`` is ``hand_strength`` (§10) for every suit, on hands of six to nine cards."""
    rng = np.random.default_rng(5)
    hands = [sum(1 << int(c) for c in rng.choice(32, size=int(rng.integers(6, 10)), replace=False))
             for _ in range(500)]
    expected = [[hand_strength(h, trump) for trump in range(4)] for h in hands]
    assert hand_strengths(np.array(hands, dtype=np.int64)).tolist() == expected


def test_a_take_makes_first_hands_strong_in_the_trump_likely() -> None:
    """The dealer took hearts: his true first six (59, 17 over the threshold of 42) keep a weight
    near one; six cards without a heart (−15: no jack, no nine of trumps) get the floor."""
    view = _after_the_take().view("elder")
    strong = sum(1 << parse_card(c) for c in ["KS", "JH", "9H", "AH", "8S", "TH"])
    weak = sum(1 << parse_card(c) for c in ["7S", "8S", "7D", "9D", "QC", "JD"])
    weights = bid_weights(view, np.array([strong, weak], dtype=np.int64))
    assert weights[0] > 0.85
    assert weights[1] == pytest.approx(BID_FLOOR, abs=1e-3)


def test_a_pass_makes_strong_first_hands_unlikely() -> None:
    """From the dealer's seat the elder passed hearts: his true six (A♠ 7♣ 8♦ K♦ 9♣ 10♠, no heart:
    11 + 10 for A♠ 10♠, −15 without the jack or nine of trumps, so 6) keep a weight near one; six
    hearts J 9 A 10 K 8 (20 + 14 + 11 + 10 + 4 + 0, six trumps add 2 × 4: 67, 25 over the
    threshold) pass with the model's chance of not taking. The dealer's own take tells the dealer
    nothing, so only the pass counts."""
    view = _after_the_take().view("dealer")
    true_six = sum(1 << parse_card(c) for c in ["AS", "7C", "8D", "KD", "9C", "TS"])
    strong = sum(1 << parse_card(c) for c in ["JH", "9H", "AH", "TH", "KH", "8H"])
    weights = bid_weights(view, np.array([true_six, strong], dtype=np.int64))
    takes = 1 / (1 + math.exp(-(67 - 42) / BID_SCALE))
    assert weights[0] > 0.94
    assert weights[1] == pytest.approx(BID_FLOOR + (1 - 2 * BID_FLOOR) * (1 - takes))


def _after_a_refused_schmeiss() -> Deal:
    """kalabriasz, hearts turned up (Q♥): the elder schmeisses, the dealer refuses and so must name
    the trump himself (rules.md §4.3)."""
    rules = RuleSet.from_preset("kalabriasz")
    deal = Deal.from_hands(rules, ["7C", "8C", "KD", "QD", "7H", "8H"], ["JS", "9S", "AS", "TS", "7D", "8D"],
                           "QH", ["9D", "QC", "KC"], ["JC", "QS", "9H"], "AD")
    deal.apply("elder", "schmeiss")
    deal.apply("dealer", "refuse")
    return deal


def test_a_refusal_where_the_refuser_names_tells_of_his_best_suit() -> None:
    """From the elder's seat: the dealer refused. Six cards J♠ 9♠ A♠ 10♠ 7♦ 8♦ are worth 20 + 14
    + 11 + 10 = 55, four trumps add 4: 59 in spades, but 6 in hearts (no heart: A♠ 10♠ 21, −15
    without the jack or nine of trumps). A model that reads the refusal on the best suit gives them
    the weight of a refusal at 59 over a threshold of 32 (the rule of thumb's, softened by
    ``BID_SCALE``); the rule of thumb, reading hearts, a refusal at 6."""
    view = _after_a_refused_schmeiss().view("elder")
    six = np.array([sum(1 << parse_card(c) for c in ["JS", "9S", "AS", "TS", "7D", "8D"])], dtype=np.int64)

    def said(strength: int) -> float:
        return BID_FLOOR + (1 - 2 * BID_FLOOR) / (1 + math.exp(-(strength - 32) / BID_SCALE))

    assert bid_weights(view, six, BidderModel(refuses_on_best_suit=True))[0] == pytest.approx(said(59))
    assert bid_weights(view, six)[0] == pytest.approx(said(6))


def test_first_hands_are_six_of_the_cards_he_was_dealt() -> None:
    deal = _after_the_take()
    deal.apply("elder", deal.legal_actions("elder")[-1])
    deal.apply("dealer", deal.legal_actions("dealer")[0])
    view = deal.view("elder")
    dealt = deal.view("dealer").hand | view.played[1]
    drawn = first_hands(view, np.full(50, deal.view("dealer").hand, dtype=np.int64), np.random.default_rng(2))
    for hand in drawn.tolist():
        assert hand.bit_count() == 6 and hand & ~dealt == 0
    assert len(set(drawn.tolist())) > 1  # which three came in the extra deal is not known


@pytest.mark.parametrize("sample, deal", [(sample_inferred_play_worlds, _after_a_duck),
                                          (sample_bid_inferred_play_worlds, _after_the_take)])
def test_inferred_worlds_are_worlds_the_view_allows(sample: Callable[..., Worlds], deal: Callable[[], Deal]) -> None:
    """Weighing only chooses among worlds the view allows: no card seen elsewhere, the right count."""
    view = deal().view("elder")
    worlds = sample(view, 64, np.random.default_rng(3))
    plain = sample_play_worlds(view, 256, np.random.default_rng(3))
    allowed = int(np.bitwise_or.reduce(plain.other_hand))
    assert worlds.count == 64
    for hand in worlds.other_hand.tolist():
        assert hand & ~allowed == 0 and hand.bit_count() == view.other_count
