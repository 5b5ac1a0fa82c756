"""The research bots of issue 10 (``research.probes``) and the exact card values they rest on.

Run with ``pytest research`` from the repository root (not part of the default run)."""

from __future__ import annotations

import numpy as np
import pytest

from ai.arena import play_board
from ai.bidding import contract_outcomes
from ai.bots import Bot, FullDealBot, GreedyBot
from ai.play_out import decide
from ai.heuristics import play_actions, played_card
from ai.levels import LEVELS
from ai.oracle import exact_contract_values, solved_contracts
from ai.play import exact_play_values
from ai.registry import ARENA_NAMES, make_arena_bot, make_bot
from ai.utility import DEAL, VALUE
from ai.worlds import Worlds, sample_bid_worlds
from engine.actions import EXCHANGE
from engine.deal import Deal, shuffled_deck
from engine.declarations import declaration_points
from engine.rules import SEATS, RuleSet
from research import probes
from research.probes import SOLVE_BID_WORLDS, calibrated_values, solved_values

FACTORIES = ("true_world", "solve_worlds", "no_stock", "infer_play", "infer_bids", "true_bids", "solve_bids",
             "calibrated_bids")
NAMES = tuple(f"research.probes:{factory}" for factory in FACTORIES)
SEES_ALL = {"true_world", "true_bids", "no_stock"}


def test_research_bots_are_made_by_their_factories_and_only_by_the_arena() -> None:
    """The arena makes each by ``module:factory``; neither the game's names nor its ``make_bot`` know
    them; those that see every card are FullDealBots, the others Bots."""
    assert set(probes.__all__) >= set(FACTORIES)
    for factory, name in zip(FACTORIES, NAMES):
        bot = make_arena_bot(name)
        assert bot.name == name and name not in ARENA_NAMES
        assert isinstance(bot, FullDealBot if factory in SEES_ALL else Bot)
        assert isinstance(getattr(probes, factory)(), type(bot))
        with pytest.raises(ValueError):
            make_bot(name)


@pytest.mark.parametrize("name", NAMES)
def test_research_bot_plays_a_board_legally(name: str) -> None:
    """A whole board against greedy: every action is applied by the engine, which refuses illegal ones."""
    margin, tables = play_board(name, "greedy", RuleSet.from_preset("klaberjass"), 1, 3)
    assert len(tables) == 2 and all(t.maker in ("a", "b") for t in tables)


def test_research_bots_repeat_themselves() -> None:
    rules = RuleSet.from_preset("clobber")
    name = "research.probes:true_world"
    assert play_board(name, "greedy", rules, 4, 0) == play_board(name, "greedy", rules, 4, 0)


@pytest.mark.parametrize("seed", [0, 3, 11])
def test_solved_contracts_agree_with_the_oracle_on_the_true_extras(seed: int) -> None:
    """no_stock values a world as the oracle values the truth: on the true extra deal, the
    same (4, 2) values and make flags for both seats."""
    rules = RuleSet.from_preset("klaberjass")
    deal = Deal.from_deck(rules, shuffled_deck(seed))
    assert deal.extra[0] is not None and deal.extra[1] is not None
    hands = (sum(1 << c for c in deal.first[0] + deal.extra[0]), sum(1 << c for c in deal.first[1] + deal.extra[1]))
    for me in (0, 1):
        value, made = exact_contract_values(deal, me)
        mine, mine_made = solved_contracts(hands, deal.turn_up_card, rules, me)
        assert np.array_equal(mine, value[0]) and np.array_equal(mine_made, made[0])


def first_lead(seed: int) -> Deal:
    """A klaberjass deal bid by greedy, at its first lead."""
    deal = Deal.from_deck(RuleSet.from_preset("klaberjass"), shuffled_deck(seed))
    bot = GreedyBot()
    while deal.stage != "play" and not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        deal.apply(seat, decide(bot, deal, seat, 0))
    return deal


def test_exact_values_at_the_first_lead_count_the_declarations() -> None:
    """rules.md §6.3: the declarations score at the first lead, so the view's score does not hold
    them yet. On the true world, a lead's exact value is minus the follower's best answer's value
    (zero-sum, both exact), and the follower's view already holds them: the two agree only if the
    leader's values count the declarations. Deals chosen so that someone declares."""
    checked = 0
    for seed in range(40):
        deal = first_lead(seed)
        if deal.is_over or deal.tricks or deal.current or EXCHANGE in deal.legal_actions(SEATS[deal.leader]):
            continue
        assert deal.trump is not None
        declared = declaration_points(deal.hands[0], deal.hands[1], deal.trump, deal.rules)
        if declared == (0, 0):
            continue
        leader = SEATS[deal.leader]
        view = deal.view(leader)
        truth = Worlds(np.array([deal.hands[1 - deal.leader]]), np.zeros(1, np.int64), np.zeros(1, np.int64))
        actions = play_actions(view)
        cards = [played_card(a) for a in actions]
        leads = exact_play_values(view, truth, np.array(cards), np.zeros(len(cards), bool))[:, 0]
        for k, action in enumerate(actions[:2]):
            after = first_lead(seed)
            after.apply(leader, action)
            follower = SEATS[1 - deal.leader]
            fview = after.view(follower)
            fcards = [played_card(a) for a in play_actions(fview)]
            mine = Worlds(np.array([after.hands[deal.leader]]), np.zeros(1, np.int64), np.zeros(1, np.int64))
            answers = exact_play_values(fview, mine, np.array(fcards), np.zeros(len(fcards), bool))[:, 0]
            assert leads[k] == -answers.max()
            checked += 1
        if checked >= 6:
            break
    assert checked >= 6


def test_true_bids_probe_plays_its_cards_as_mc_normal() -> None:
    """true_bids splits bidding from cards: in play it is mc:normal, card for card."""
    rules = RuleSet.from_preset("klaberjass")
    deal = Deal.from_deck(rules, shuffled_deck(7))
    probe, normal = probes.true_bids(), make_bot("mc:normal")
    checked = 0
    while not deal.is_over:
        seat = deal.to_act
        assert seat is not None
        action = decide(probe, deal, seat, 5)
        if deal.stage == "play":
            assert action == normal.choose(deal.view(seat), 5)
            checked += 1
        deal.apply(seat, action)
    assert checked > 0


def test_solve_bids_probe_values_contracts_at_the_solvers_mean() -> None:
    """solve_bids keeps the playouts' spread over the worlds but the solver's level: where all
    its worlds are solved, every contract's mean over them is the mean of the exact solves."""
    rules = RuleSet.from_preset("klaberjass")
    deal = Deal.from_deck(rules, shuffled_deck(5))
    seat = deal.to_act
    assert seat is not None
    view = deal.view(seat)
    me = SEATS.index(seat)
    worlds = sample_bid_worlds(view, 6, np.random.default_rng(2))
    assert worlds.count <= SOLVE_BID_WORLDS
    level = LEVELS["normal"]
    played = contract_outcomes(view, worlds, level.bid_playouts, level.epsilon, np.random.default_rng(3))
    value, made = solved_values(view, worlds, *played)
    solved = np.zeros((6, 4, 2))
    solved_made = np.zeros((6, 4, 2))
    for w in range(6):
        mine = view.hand | int(worlds.my_extra[w])
        other = int(worlds.other_hand[w]) | int(worlds.other_extra[w])
        solved[w], solved_made[w] = solved_contracts((mine, other) if me == 0 else (other, mine),
                                                     view.turn_up, rules, me)
    assert np.allclose(value[..., VALUE].mean(axis=0), solved.mean(axis=0))
    assert np.allclose(value[..., DEAL], value[..., VALUE])
    assert made.min() >= 0.0 and made.max() <= 1.0


def test_calibrated_bids_probe_moves_a_contract_by_the_calibrated_make_chance() -> None:
    """calibrated_bids: a contract made in 3 of 4 worlds (raw chance 0.75, calibrated 0.7144 by
    the knot of ``ai.calibration.KNOTS``, the map of every bid pooled) worth +60 where made and -100
    where bust loses (0.75 - 0.7144) * 160 = 5.696 in every world; a contract always made is not moved."""
    value = np.zeros((4, 4, 2, 3))
    made = np.ones((4, 4, 2))
    value[:, 0, 0, VALUE] = value[:, 0, 0, DEAL] = [60, 60, 60, -100]
    made[:, 0, 0] = [1, 1, 1, 0]
    value[:, 1, 0, VALUE] = value[:, 1, 0, DEAL] = 30
    deal = Deal.from_deck(RuleSet.from_preset("klaberjass"), shuffled_deck(5))
    seat = deal.to_act
    assert seat is not None
    view = deal.view(seat)
    moved, moved_made = calibrated_values(view, sample_bid_worlds(view, 4, np.random.default_rng(1)), value, made)
    assert np.allclose(moved[:, 0, 0, VALUE], np.array([60, 60, 60, -100]) - 0.0356 * 160)
    assert np.allclose(moved[:, 0, 0, DEAL], moved[:, 0, 0, VALUE])
    assert np.allclose(moved[:, 1, 0, VALUE], 30)
    assert moved_made is made
