"""Issue 9: the fast paths that keep their own form agree with the engine on EVERY rule set the
option table allows: each preset, and each preset with every value of every option set on top.

The rule sets are generated from ``engine.rules.OPTIONS`` (the one table), never listed by hand, so
a new option or value is checked here the day it is added. Checked against the engine (rules.md
§6.2, §6.4, §7, §8): the numpy kernel's legal cards, trick points and bella (``ai.kernel``), the
vectorised declarations (``ai.declarations_np``) and the exact solver (``ai.solver``). And an
unknown value is an error everywhere: the rule set, the rule functions, the kernel, the solver
and a record. And (issue 30) the point values a rule set carries reach every fast path: a variant
whose last trick is worth 20 is scored so by the deal, the kernel, the solver, the card evaluator
and the coach.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import pytest
from tests.support.brute_force import brute_points, engine_deal, random_position

from ai import kernel
from ai.coach import FactKey, play_facts
from ai.declarations_np import declarations
from ai.mc import Evaluation
from ai.play import exact_play_values, play_values
from ai.solver import Position, best_moves, solve, solve_value
from ai.worlds import Worlds
from engine import laws
from engine.cards import ACE, CLUBS, FULL_DECK, HEARTS, KING, SEVEN, SPADES, TEN, card, cards_of
from engine.deal import Deal
from engine.declarations import declaration_points
from engine.record import RecordError, parse_record, record_of
from engine.rules import (DEALER, ELDER, OPTION_VALUES, OPTIONS, PRESETS, TARGET_RANGE, OptionSpec, RuleError, RuleSet,
                          _value)


def values_of(spec: OptionSpec) -> tuple[Any, ...]:
    """Every value an option may take; the target's range by its two ends."""
    return spec.allowed if spec.type is not int else TARGET_RANGE


def generated_rule_sets() -> list[tuple[str, RuleSet]]:
    """Each preset as it is, then with each other value of each option set on top of it."""
    found = []
    for preset in PRESETS:
        found.append((preset, RuleSet.from_preset(preset)))
        for spec in OPTIONS:
            for value in values_of(spec):
                if value != spec.defaults[preset]:
                    found.append((f"{preset}-{spec.name}={value}", RuleSet.from_preset(preset, {spec.name: value})))
    return found


RULE_SETS = generated_rule_sets()
IDS = [name for name, _ in RULE_SETS]


def test_the_generated_rule_sets_cover_every_value_of_every_option() -> None:
    """The generator itself: every (preset, option, value) appears, so nothing is left unchecked."""
    seen = {(rules.preset, name, value) for _, rules in RULE_SETS for name, value in rules.options.items()}
    for preset in PRESETS:
        for spec in OPTIONS:
            for value in values_of(spec):
                assert (preset, spec.name, value) in seen
    assert all(spec.section.startswith("§") for spec in OPTIONS)


@pytest.mark.parametrize("rules", [r for _, r in RULE_SETS], ids=IDS)
def test_kernel_plays_by_the_engine(rules: RuleSet) -> None:
    """§7, §6.4, §8: lockstep playouts (greedy with random cards mixed in) replayed card by card in
    engine Deals: the same legal cards, the same mover, the same card points and bella."""
    seed = sum(map(ord, repr(sorted(rules.options.items())) + rules.preset))
    rng = np.random.default_rng(seed)
    deals = [Deal.from_seed(rules, seed * 100 + k) for k in range(12)]
    for d in deals:
        d.apply("elder", "take")
    trump = np.array([d.trump for d in deals])
    batch = kernel.new_batch(np.array([d.hands[0] for d in deals]), np.array([d.hands[1] for d in deals]),
                             trump, np.zeros(len(deals), np.int64))
    for _ in range(18):
        mover, legal = kernel.legal_masks(batch, rules)
        card = np.where(rng.random(len(deals)) < 0.4, kernel.random_card(legal, rng),
                        kernel.greedy_card(batch, mover, legal))
        real = kernel.card_to_trump_space(card, (4 - trump) % 4)  # back to real suits
        for k, d in enumerate(deals):
            assert kernel.to_trump_space(np.array([d.legal_play_mask()]), trump[k:k + 1])[0] == legal[k]
            assert d.to_act == ("elder", "dealer")[mover[k]]
            d.play_card(int(mover[k]), int(real[k]))
        kernel.play(batch, card, mover, rules)
    kernel.score_last_trick(batch, rules)
    for k, d in enumerate(deals):
        r = d.result()
        assert batch.points0[k] == r.elder.cards + r.elder.last_trick
        assert batch.points1[k] == r.dealer.cards + r.dealer.last_trick
        assert (batch.bella0[k], batch.bella1[k]) == (d.bella[0], d.bella[1])


@pytest.mark.parametrize("rules", [r for _, r in RULE_SETS], ids=IDS)
def test_vectorised_declarations_match_the_engine(rules: RuleSet) -> None:
    """§6.2, §6.4: sequences and the trump run, numpy against engine.declarations, on run-rich hands."""
    rng = np.random.default_rng(sum(map(ord, repr(sorted(rules.options.items())) + rules.preset)))
    n = 300
    # Half the deals concentrate both hands on two suits, so runs and ties are frequent.
    decks = np.argsort(rng.random((n, 32)) + np.where(np.arange(32) < 16, 0, rng.random((n, 1)) > 0.5), axis=1)
    bits = np.left_shift(np.int64(1), decks)
    elder = np.bitwise_or.reduce(bits[:, :9], axis=1)
    dealer = np.bitwise_or.reduce(bits[:, 9:18], axis=1)
    trump = rng.integers(0, 4, n)
    got_e, got_d = declarations(elder, dealer, trump, rules)
    for k in range(n):
        expected = declaration_points(int(elder[k]), int(dealer[k]), int(trump[k]), rules)
        assert (int(got_e[k]), int(got_d[k])) == expected, (k, hex(elder[k]), hex(dealer[k]), trump[k])


@pytest.mark.parametrize("rules", [r for _, r in RULE_SETS], ids=IDS)
def test_solver_matches_engine_brute_force(rules: RuleSet) -> None:
    """§7, §6.4: the exact solver against plain minimax through engine Deals on small positions,
    and its moves are exactly the engine's legal cards."""
    rng = random.Random(repr(sorted(rules.options.items())) + rules.preset)
    for i in range(4):
        pos = random_position(rng, (2, 3)[i % 2])
        assert solve(pos, rules) == brute_points(pos, rules), pos
        mover = pos.to_move
        legal = laws.legal_follow(pos.hands[mover], pos.current, pos.trump, rules.must_overtake)
        assert set(best_moves(pos, rules)) == set(cards_of(legal))


# -- an unknown value is an error everywhere -------------------------------------------------


def _bogus(rules: RuleSet, name: str) -> RuleSet:
    """A rule set with an unknown value forced in past validation, as a bug elsewhere might."""
    twin = replace(RuleSet.from_preset(rules.preset))
    object.__setattr__(twin, name, "sometimes")
    return twin


@pytest.mark.parametrize("spec", OPTIONS, ids=[s.name for s in OPTIONS])
def test_unknown_value_is_refused_by_the_rule_set_and_a_record(spec: OptionSpec) -> None:
    """§11: a rule set and a record naming an unknown value are refused, naming the allowed values."""
    with pytest.raises(RuleError) as info:
        RuleSet.from_preset("klaberjass", {spec.name: "sometimes"})
    for value in spec.allowed:
        assert (repr(value) if isinstance(value, str) else str(value).lower()) in str(info.value)
    with pytest.raises(RuleError):
        RuleSet(**{**RuleSet.from_preset("clobber").options, spec.name: "sometimes"}, preset="clobber")
    record = record_of(Deal.from_seed(RuleSet.from_preset("klaberjass"), 1))
    parse_record(record)  # the record is good as it is ...
    record["options"] = {spec.name: "sometimes"}  # ... until it names an unknown value
    with pytest.raises(RecordError) as refused:
        parse_record(record)
    assert spec.name in str(refused.value)


def test_unknown_value_is_an_error_in_every_rule_function() -> None:
    """Issue 9: an unknown value once meant 'none' to the engine and 'all' to the kernel; now it raises."""
    with pytest.raises(RuleError, match="must_overtake"):
        laws.must_beat("sometimes", 0, 0)  # type: ignore[arg-type]  # the point is a value mypy refuses
    with pytest.raises(RuleError, match="bella_order"):
        laws.bella_scores(1 << 13, 0, 13, 1, "sometimes")  # type: ignore[arg-type]  # as above
    with pytest.raises(RuleError, match="dix_exchange"):
        laws.exchange_suit_ok("sometimes", 8, 1)  # type: ignore[arg-type]  # as above
    with pytest.raises(RuleError, match="dix_deadline"):
        laws.exchange_window_open("sometimes", 0, 0)  # type: ignore[arg-type]  # as above
    batch = kernel.new_batch(np.array([0xFF]), np.array([0xFF00]), np.array([0]), np.array([0]))
    with pytest.raises(RuleError, match="must_overtake"):
        kernel.legal_masks(batch, _bogus(RuleSet.from_preset("klaberjass"), "must_overtake"))
    pos = Position((1 << 0, 1 << 8), 0, 0, None, (0, 0), 1)
    for name in ("must_overtake", "bella_order"):
        with pytest.raises(RuleError, match=name):
            solve(pos, _bogus(RuleSet.from_preset("klaberjass"), name))


# -- the rule set's point values reach every fast path (issue 30) ------------------------------


@dataclass(frozen=True)
class LastTrickTwenty(RuleSet):
    """A test-only variant made the way a new value would be: the table's ``last_trick_points`` row
    with 20 in place of 10 (rules.md §1, §8), everything else the preset's."""

    last_trick_points: int = _value("§1, §8", 20)


def last_trick_worth_20() -> RuleSet:
    """The last trick worth 20: the option itself once the table makes ``last_trick_points`` one
    (a variant's row, rules.md §11), until then the test-only twin above."""
    if 20 in OPTION_VALUES.get("last_trick_points", ()):
        return RuleSet.from_preset("klaberjass", {"last_trick_points": 20})
    return LastTrickTwenty.from_preset("klaberjass")


def _two_tricks_left(rules: RuleSet) -> tuple[Position, Deal]:
    """Clubs trumps, two tricks left, the elder to lead holding A♠ K♠, the dealer 7♠ 10♥.

    Worked by hand (rules.md §1, §7, §8): whatever the elder leads, the dealer must follow with 7♠
    and loses; on the last trick he has no spade and no trump and discards 10♥. The elder takes
    both tricks: A 11 + K 4 + 10 10 + 7 0 = 25 card points, and the last trick."""
    elder = 1 << card(ACE, SPADES) | 1 << card(KING, SPADES)
    dealer = 1 << card(SEVEN, SPADES) | 1 << card(TEN, HEARTS)
    rest = FULL_DECK & ~(elder | dealer)
    spent = [c for c in cards_of(rest)][:14]  # seven tricks already played, seven cards each
    played = (sum(1 << c for c in spent[0::2]), sum(1 << c for c in spent[1::2]))
    pos = Position((elder, dealer), CLUBS, 0, None, played, 2)
    return pos, engine_deal(pos, rules)


@pytest.mark.parametrize(("rules", "elder_total"), [
    (RuleSet.from_preset("klaberjass"), 25 + 10),  # every preset: the last trick 10
    (last_trick_worth_20(), 25 + 20),  # the variant: 20
], ids=["last-trick-10", "last-trick-20"])
def test_the_rule_sets_last_trick_reaches_every_fast_path(rules: RuleSet, elder_total: int) -> None:
    """Issue 30: the value a rule set carries, not a constant, is what the deal scores, the kernel's
    playouts, the solver, the card evaluator (sampled and exact) and the coach's reasons count."""
    assert rules.last_trick_points == elder_total - 25
    pos, deal = _two_tricks_left(rules)
    elder, dealer = pos.hands

    # the deal (engine.deal), played out: the elder's cards and the last trick
    while not deal.is_over:
        i = deal._to_act
        deal.play_card(i, next(iter(cards_of(deal.legal_play_mask()))))
    assert (deal.card_points[0] + deal.last_trick[0], deal.card_points[1] + deal.last_trick[1]) == (elder_total, 0)
    assert deal.last_trick == [rules.last_trick_points, 0]

    # the kernel's lockstep playouts, random cards in every line
    batch = kernel.new_batch(np.full(64, elder), np.full(64, dealer), np.full(64, CLUBS), np.zeros(64, np.int64))
    kernel.run(batch, 4, rules, np.random.default_rng(1), policy=kernel.Policy.RANDOM)
    assert set(batch.points0.tolist()) == {elder_total} and set(batch.points1.tolist()) == {0}

    # the exact solver
    assert solve(pos, rules) == (elder_total, 0)
    assert solve_value(pos, rules) == elder_total

    # the card evaluator (ai.play): the elder's score-sheet difference after each card, the maker
    # (the elder) making with his whole total and the dealer scoring nothing (§8)
    view = _two_tricks_left(rules)[1].view(ELDER)
    worlds = Worlds(np.array([dealer], np.int64), np.zeros(1, np.int64), np.zeros(1, np.int64))
    cands = np.array(list(cards_of(elder)), np.int64)
    silent = np.zeros(len(cands), bool)
    sampled = play_values(view, worlds, cands, silent, 8, 0.5, np.random.default_rng(2))
    exact = exact_play_values(view, worlds, cands, silent)
    assert sampled.tolist() == exact.tolist() == [[float(elder_total)]] * len(cands)

    # the coach's reasons on the last trick: the trick won with the last trick's points, and the
    # last trick itself (rules.md §8), at the rule set's value
    last = _two_tricks_left(rules)[1]
    last.play_card(0, card(ACE, SPADES))
    last.play_card(1, card(SEVEN, SPADES))
    facts = play_facts(last.view(ELDER), Evaluation(ELDER, last.stage, 0, ()))
    assert [f.points for f in facts if f.key == FactKey.LAST_TRICK] == [rules.last_trick_points]
    last.play_card(0, card(KING, SPADES))  # led: the dealer's 10♥ follows and gives K 4 + 10 10
    facts = play_facts(last.view(DEALER), Evaluation(DEALER, last.stage, 0, ()))
    assert [f.points for f in facts if f.key == FactKey.GIVES_TRICK] == [4 + 10 + rules.last_trick_points]
