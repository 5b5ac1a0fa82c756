"""The coach cannot read hidden cards: two deals that differ only in cards the player cannot see
get identical advice (evaluation table with every ev and deal_ev, per-world samples and channels,
facts and their words, verdict, seed), with and without a match standing (issue 11)."""

from __future__ import annotations

import numpy as np
import pytest

from ai.coach import advise, coach_seed
from ai.mc import Standing
from engine.actions import Action
from engine.deal import Deal
from engine.rules import RuleSet
from klabber_tui.words.coach.facts import fact_text

RULES = RuleSet.from_preset("klaberjass")
ELDER_FIRST = ["JH", "9H", "AS", "7C", "8D", "KS"]
ELDER_EXTRA = ["TS", "7D", "8H"]
TURN_UP, BOTTOM = "QH", "AH"
# The dealer's cards (and the extra three) differ completely between the two deals; neither hand
# holds a sequence, so the public declaration dialogue is the same too.
DEALER_A = (["AC", "TC", "QD", "9S", "8C", "KD"], ["JC", "7S", "9D"])
DEALER_B = (["AD", "TD", "QC", "8S", "9C", "KC"], ["JD", "7S", "QS"])


def _deal(dealer: tuple[list[str], list[str]], actions: list[tuple[str, str]]) -> Deal:
    deal = Deal.from_hands(RULES, ELDER_FIRST, dealer[0], TURN_UP, ELDER_EXTRA, dealer[1], BOTTOM)
    for seat, action in actions:
        deal.apply(seat, action)
    return deal


def _same(a, b) -> None:
    assert a.evaluation == b.evaluation  # seat, stage, worlds, every action's ev, ev_se, make_prob, deal_ev
    assert [(v.deal_ev, v.win_prob) for v in a.evaluation.actions] == \
        [(v.deal_ev, v.win_prob) for v in b.evaluation.actions]
    for key in a.evaluation.channels:
        assert np.array_equal(a.evaluation.channels[key], b.evaluation.channels[key])
    assert [fact_text(f) for f in a.facts] == [fact_text(f) for f in b.facts]
    assert [v.ev for v in a.evaluation.actions] == [v.ev for v in b.evaluation.actions]
    assert a.evaluation.samples.keys() == b.evaluation.samples.keys()
    for key in a.evaluation.samples:
        assert np.array_equal(a.evaluation.samples[key], b.evaluation.samples[key])
    assert (a.chosen, a.loss, a.loss_se, a.mistake, a.facts) == (b.chosen, b.loss, b.loss_se, b.mistake, b.facts)
    assert [a.make_prob(v.action) for v in a.evaluation.actions] == \
        [b.make_prob(v.action) for v in b.evaluation.actions]


@pytest.mark.parametrize("actions, seat, chosen", [
    ([], "elder", "pass"),  # round one, nothing said yet
    ([("elder", "pass"), ("dealer", "pass")], "elder", "name S"),  # round two after both passed
    ([("elder", "take")], "elder", "play KS"),  # the first lead, after the extra deal and bottom card
], ids=["round-one", "round-two", "first-lead"])
def test_advice_is_the_same_when_only_hidden_cards_differ(actions, seat, chosen) -> None:
    deal_a, deal_b = _deal(DEALER_A, actions), _deal(DEALER_B, actions)
    assert deal_a.hands[1] != deal_b.hands[1]
    view_a, view_b = deal_a.view(seat), deal_b.view(seat)
    assert view_a == view_b  # the player's view holds nothing hidden
    assert coach_seed(view_a) == coach_seed(view_b)
    chosen = Action.parse(chosen)
    assert chosen in view_a.legal
    for level in ("easy", "normal"):
        advice_a, advice_b = advise(view_a, chosen, level), advise(view_b, chosen, level)
        _same(advice_a, advice_b)
    near_the_end = Standing(430, 445, 500)  # the match term in play: win chances, ev apart from deal_ev
    advice_a, advice_b = advise(view_a, chosen, "easy", near_the_end), advise(view_b, chosen, "easy", near_the_end)
    _same(advice_a, advice_b)
    assert any(v.ev != v.deal_ev for v in advice_a.evaluation.actions)
    assert all(advice_a.reasons(action) for action in view_a.legal)


def test_the_coach_does_see_its_own_cards() -> None:
    """The check above is not vacuous: a different hand of the player's own changes the advice."""
    deal = _deal(DEALER_A, [])
    other = Deal.from_hands(RULES, ["JD", "9D", "AS", "7C", "8D", "KS"][:1] + ELDER_FIRST[1:], DEALER_A[0],
                            TURN_UP, ELDER_EXTRA, DEALER_A[1], BOTTOM)
    a, b = advise(deal.view("elder"), None, "easy"), advise(other.view("elder"), None, "easy")
    assert a.evaluation != b.evaluation
