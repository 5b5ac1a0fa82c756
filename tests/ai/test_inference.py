"""Issue 10: inference from play weighs worlds by the other's following cards (ai.inference).

Hand-built: the elder leads a pointed card, the dealer could win it cheaply but throws a low card.
Under the model (win a pointed trick with the cheapest winner, rules.md §7 legal cards) a world
where the dealer held that winner then is unlikely, so it gets the floor weight; worlds where the
dealer could not have won keep weight 1.
"""

from __future__ import annotations

import numpy as np

from ai.inference import SOFT, follow_weights, sample_inferred_play_worlds
from ai.worlds import sample_play_worlds
from engine.cards import parse_card
from engine.deal import Deal
from engine.rules import RuleSet


def _after_a_duck() -> Deal:
    """Hearts trump (dealer takes); elder leads A♠; the dealer, holding K♠ Q♠ 8♠ … follows with 8♠.
    The model follows a pointed lead it cannot beat (no higher spade than the ace) with its cheapest
    spade: 8♠ is what it plays, so this world and its like keep weight 1."""
    rules = RuleSet.from_preset("klaberjass")
    deal = Deal.from_hands(rules, ["AS", "7C", "8D", "KD", "9C", "TS"], ["KS", "JH", "9H", "AH", "8S", "TH"],
                           "QH", ["7D", "QC", "8C"], ["JC", "QS", "9D"], "AD")
    deal.apply("elder", "pass")
    deal.apply("dealer", "take")
    while not (deal.stage == "play" and deal.to_act == "elder"
               and any(a.startswith("play") for a in deal.legal_actions("elder"))):
        seat = deal.to_act
        assert seat is not None
        deal.apply(seat, deal.legal_actions(seat)[0])
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


def test_inferred_worlds_are_worlds_the_view_allows() -> None:
    deal = _after_a_duck()
    view = deal.view("elder")
    worlds = sample_inferred_play_worlds(view, 64, np.random.default_rng(3))
    plain = sample_play_worlds(view, 256, np.random.default_rng(3))
    allowed = int(np.bitwise_or.reduce(plain.other_hand))
    assert worlds.count == 64
    for hand in worlds.other_hand.tolist():
        assert hand & ~allowed == 0 and hand.bit_count() == view.other_count
