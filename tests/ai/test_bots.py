"""Every bot plays only legal actions, in every preset and under option overrides, and is deterministic.

Deals are played by the arena's protocol (ai/arena.py play_table): before each action an open dix
exchange of the seat *not* to act is offered to it through ``wants_exchange(view)``.
"""

from __future__ import annotations

import random

import pytest

from ai.bots import Bot, FullDealBot, GreedyBot, RandomBot
from ai.play_out import decide
from ai.registry import ARENA_NAMES, BOT_NAMES, UnknownBot, make_arena_bot, make_bot
from ai.mc import MonteCarloBot
from ai.oracle import OracleBot
from engine.actions import EXCHANGE, Action
from engine.deal import Deal
from engine.rules import OPTION_VALUES, PRESETS, SEATS, RuleSet

ALL_PRESETS = tuple(PRESETS)


def random_overrides(seed: int) -> dict:
    """Two to four options of rules.md §11 at random values (the target is left alone)."""
    rng = random.Random(seed)
    keys = rng.sample(sorted(OPTION_VALUES), rng.randint(2, 4))
    return {k: rng.choice(OPTION_VALUES[k]) for k in keys}


def play_deal(deal: Deal, bots: dict, seed: int, stats: dict | None = None) -> Deal:
    """Play a deal to its end, asserting every action and every exchange is legal."""
    step = 0
    while not deal.is_over:
        for seat in SEATS:
            if seat != deal.to_act and EXCHANGE in deal.legal_actions(seat):
                view = deal.view(seat)
                assert view.legal == (EXCHANGE,), view.legal
                wants = bots[seat].wants_exchange(view)
                assert isinstance(wants, bool)
                if stats is not None:
                    stats["offered"] += 1
                if wants:
                    deal.apply(seat, "exchange")  # must not raise
                    if stats is not None:
                        stats["exchanged_off_turn"] += 1
        seat = deal.to_act
        assert seat is not None
        legal = deal.legal_actions(seat)
        view = deal.view(seat)
        assert list(view.legal) == legal
        action = decide(bots[seat], deal, seat, seed * 1000 + step)
        assert isinstance(action, Action) and action in legal, (deal.rules.preset, deal.rules.overrides(), seat, action, legal)
        if stats is not None:
            stats["actions"] += 1
            stats["bella"] += action.bella
            stats["exchange_on_turn"] += action == EXCHANGE
            stats["stages"].add(deal.stage)
        deal.apply(seat, action)
        step += 1
    return deal


def new_stats() -> dict:
    return {"offered": 0, "exchanged_off_turn": 0, "actions": 0, "bella": 0, "exchange_on_turn": 0,
            "stages": set()}


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_random_and_greedy_play_legally(preset: str) -> None:
    stats = new_stats()
    pairings = [("random", "random"), ("greedy", "greedy"), ("random", "greedy"), ("greedy", "random")]
    for k in range(120):
        a, b = pairings[k % 4]
        options = random_overrides(k) if k % 3 == 0 else {}
        rules = RuleSet.from_preset(preset, options)
        deal = Deal.from_seed(rules, 5000 + k)
        play_deal(deal, {"elder": make_bot(a), "dealer": make_bot(b)}, k, stats)
    assert stats["actions"] > 120 * 3
    assert "play" in stats["stages"] and "bidding_round_two" in stats["stages"]


@pytest.mark.slow
@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_mc_easy_plays_legally(preset: str) -> None:
    stats = new_stats()
    opponents = ["random", "greedy", "mc:easy"]
    for k in range(14):
        options = random_overrides(100 + k) if k % 3 == 2 else {}
        rules = RuleSet.from_preset(preset, options)
        deal = Deal.from_seed(rules, 7000 + k)
        mc, other = make_bot("mc:easy"), make_bot(opponents[k % 3])
        bots = {"elder": mc, "dealer": other} if k % 2 == 0 else {"elder": other, "dealer": mc}
        play_deal(deal, bots, k, stats)
    assert stats["actions"] > 14 * 3


def test_mc_bids_from_every_bidding_stage() -> None:
    """The mc bot answers a schmeiss, names after refusing one and bids in round two (§4)."""
    cases = [
        ("klaberjass", ["schmeiss"], "schmeiss_answer"),
        ("kalabriasz", ["schmeiss", "refuse"], "naming"),
        ("klaberjass", ["pass", "pass"], "bidding_round_two"),
        ("klaberjass", ["pass", "pass", "schmeiss"], "bidding_round_two"),
        ("clobber", ["pass"], "bidding_round_one"),
    ]
    bot = make_bot("mc:easy")
    for preset, bids, stage in cases:
        for seed in range(4):
            deal = Deal.from_seed(RuleSet.from_preset(preset), 300 + seed)
            for bid in bids:
                deal.apply(deal.to_act, bid)
            assert deal.stage == stage
            seat = deal.to_act
            action = bot.choose(deal.view(seat), seed)
            assert action in deal.legal_actions(seat)
            deal.apply(seat, action)


def test_dix_exchange_is_offered_off_turn_and_taken() -> None:
    """The protocol's off-turn offer happens and every bot's answer is applied without complaint."""
    stats = new_stats()
    for preset in ("clobber", "klaberass"):  # last_card and first_trick deadlines leave it open longest
        rules = RuleSet.from_preset(preset)
        for k in range(60):
            bots = {"elder": make_bot("greedy"), "dealer": make_bot("random")}
            if k % 2:
                bots = {"elder": bots["dealer"], "dealer": bots["elder"]}
            play_deal(Deal.from_seed(rules, 900 + k), bots, k, stats)
    assert stats["offered"] > 0 and stats["exchanged_off_turn"] > 0, stats


@pytest.mark.slow
@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_oracle_plays_legally(preset: str) -> None:
    oracle = make_arena_bot("oracle")
    assert isinstance(oracle, OracleBot)
    for k in range(2):
        rules = RuleSet.from_preset(preset, random_overrides(40 + k) if k else {})
        bots = {"elder": oracle, "dealer": make_bot("greedy")} if k == 0 else {
            "elder": make_bot("random"), "dealer": oracle}
        play_deal(Deal.from_seed(rules, 11 + k), bots, k)


def test_the_oracle_sees_the_deal_and_has_no_choice_from_a_view() -> None:
    """Issue 22: a bot that sees every card is a FullDealBot, not a Bot whose ``choose`` raises;
    the game's ``make_bot`` does not make it, the arena's ``make_arena_bot`` does."""
    oracle = OracleBot()
    assert isinstance(oracle, FullDealBot) and not isinstance(oracle, Bot)
    assert not hasattr(oracle, "choose")
    with pytest.raises(UnknownBot):
        make_bot("oracle")


def test_bots_announce_bella_where_it_must_be_announced() -> None:
    """klaberjass (announce required): greedy and mc never play the bella queen silently (§6.4)."""
    rules = RuleSet.from_preset("klaberjass")
    deal = Deal.from_hands(rules, ["QH", "KH", "AC", "7D", "8D", "9D"], ["JC", "9C", "TC", "KC", "QC", "AD"],
                           "7H", ["8S", "9S", "TS"], ["AS", "KS", "QS"], "JS")
    deal.apply("elder", "take")
    view = deal.view("elder")
    assert Action.parse("play QH") in view.legal and Action.parse("play QH bella") in view.legal
    for name in ("greedy", "mc:easy"):
        for seed in range(5):
            assert make_bot(name).choose(view, seed) != Action.parse("play QH")


# -- names and determinism -------------------------------------------------------------------------


def test_make_bot_names() -> None:
    for name in BOT_NAMES:
        assert make_bot(name).name == name
        assert isinstance(make_bot(name), Bot)
    for name in ARENA_NAMES:
        assert make_arena_bot(name).name == name
    for bad in ("mc:insane", "mc:", "Greedy", "", "oracle2"):
        with pytest.raises(ValueError):
            make_bot(bad)
    with pytest.raises(ValueError):
        MonteCarloBot("brutal")
    assert isinstance(make_bot("random"), RandomBot) and isinstance(make_bot("greedy"), GreedyBot)


def sample_views() -> list:
    """Views at every kind of decision: bids of each stage and plays early and late."""
    views = []
    for preset in ALL_PRESETS:
        rules = RuleSet.from_preset(preset)
        for seed in range(3):
            deal = Deal.from_seed(rules, 40 + seed)
            greedy = make_bot("greedy")
            step = 0
            while not deal.is_over:
                seat = deal.to_act
                if step in (0, 1, 2, 5, 12, 16, 19) or deal.stage != "play":
                    views.append(deal.view(seat))
                deal.apply(seat, greedy.choose(deal.view(seat), step))
                step += 1
    return views


@pytest.mark.slow
def test_same_view_and_seed_same_action() -> None:
    views = sample_views()
    assert len(views) > 30
    for view in views:
        for name in ("random", "greedy", "mc:easy"):
            first = make_bot(name).choose(view, 1234)
            assert make_bot(name).choose(view, 1234) == first
            assert make_bot(name).choose(view, 1234) in view.legal


def test_same_view_and_seed_same_evaluation() -> None:
    bot = MonteCarloBot("easy")
    for view in sample_views()[::3]:
        if len(view.legal) < 2:
            continue
        a = bot.evaluate(view, 77)
        b = MonteCarloBot("easy").evaluate(view, 77)
        assert a == b
        assert a.best in view.legal
        evs = [x.ev for x in a.actions]
        assert evs == sorted(evs, reverse=True)


def test_random_bot_uses_its_seed() -> None:
    view = sample_views()[0]
    picks = {make_bot("random").choose(view, s) for s in range(40)}
    assert picks == set(view.legal)
