"""Issue 10: the ``beginner`` bot makes a newcomer's mistakes, never random ones, and always legally.

Hand strengths below are worked by hand from the rule of thumb of rules.md §10 as
``ai.heuristics.hand_strength`` states it (trump points, +2 a trump beyond two, side aces 11 and a
ten beside its ace 10, −15 without jass or menel).
"""

from __future__ import annotations

import random

import pytest

from ai.beginner import BeginnerBot
from ai.bots import GreedyBot
from ai.registry import make_bot
from engine.actions import ELDER, EXCHANGE, PASS, TAKE, Action, ActionKind
from engine.cards import SUIT_MASKS
from engine.deal import Deal
from engine.rules import PRESETS, SEATS, RuleSet


def test_it_bids_on_hope_where_greedy_passes() -> None:
    """J♥ 7♥ A♠ 7♣ 8♦ K♠ with Q♥ turned: jass 20 + side ace 11 = 31, short of greedy's 42."""
    rules = RuleSet.from_preset("klaberjass")
    deal = Deal.from_hands(rules, ["JH", "7H", "AS", "7C", "8D", "KS"], ["AC", "TC", "QD", "8S", "8C", "KD"],
                           "QH", ["TS", "7D", "8H"], ["JC", "QS", "9D"], "AH")
    view = deal.view("elder")
    assert BeginnerBot().choose(view, 0) == TAKE
    assert GreedyBot().choose(view, 0) == PASS


def test_it_leads_a_ten_into_an_unseen_ace() -> None:
    """Not the maker, on lead with T♠ alone and A♠ unseen: the ten goes out (it scores most, §1)."""
    rules = RuleSet.from_preset("klaberjass")
    deal = Deal.from_hands(rules, ["TS", "7C", "8D", "KD", "9C", "8H"], ["AS", "JH", "9H", "AH", "KH", "TH"],
                           "QH", ["7D", "QC", "8C"], ["JC", "QS", "9D"], "AD")
    deal.apply("elder", "pass")
    deal.apply("dealer", "take")
    while not (deal.to_act == "elder" and deal.stage == "play" and any(a.kind is ActionKind.PLAY for a in
                                                                       deal.legal_actions(ELDER))):
        seat = deal.to_act
        assert seat is not None
        deal.apply(seat, deal.legal_actions(seat)[0])
    view = deal.view("elder")
    assert not view.current and view.maker == "dealer"
    assert BeginnerBot().choose(view, 0) == Action.parse("play TS")


@pytest.mark.parametrize("preset", PRESETS)
def test_it_always_plays_legally_and_draws_trumps_without_counting(preset: str) -> None:
    """Seeded self-play in every preset: every choice is legal and the same for any seed; as maker on
    lead with a trump it leads one even when the other has none left (it does not count them)."""
    bot = BeginnerBot()
    rules = RuleSet.from_preset(preset)
    uncounted = 0
    for k in range(40):
        rng = random.Random(f"beginner:{preset}:{k}")
        deck = list(range(32))
        rng.shuffle(deck)
        deal = Deal.from_deck(rules, deck)
        while not deal.is_over:
            for seat in SEATS:
                if seat != deal.to_act and EXCHANGE in deal.legal_actions(seat):
                    deal.apply(seat, "exchange")
            seat = deal.to_act
            assert seat is not None
            view = deal.view(seat)
            action = bot.choose(view, k)
            assert action in view.legal and action == bot.choose(view, k + 1)
            trumps = view.hand & SUIT_MASKS[view.trump] if view.trump is not None else 0
            if view.stage == "play" and view.maker == seat and not view.current and trumps and action.kind is ActionKind.PLAY:
                led = action.card
                assert led is not None and led >> 3 == view.trump, (action, view.trump)
                uncounted += deal.view(seat.other).hand & SUIT_MASKS[view.trump] == 0
            deal.apply(seat, action)
    assert uncounted > 0, "no position found where the other had no trumps left"


def test_the_registry_makes_it() -> None:
    assert make_bot("beginner").name == "beginner"
