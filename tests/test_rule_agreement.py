"""Issue 9: the fast paths that keep their own form agree with the engine on EVERY rule set the
option table allows: each preset, and each preset with every value of every option set on top.

The rule sets are generated from ``engine.rules.OPTIONS`` (the one table), never listed by hand, so
a new option or value is checked here the day it is added. Checked against the engine (rules.md
§6.2, §6.4, §7, §8): the numpy kernel's legal cards, trick points and bella (``ai.kernel``), the
vectorised declarations (``ai.declarations_np``) and the exact solver (``ai.solver``). And an
unknown value is an error everywhere: the rule set, the rule functions, the kernel, the solver
and a record.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from brute_force import brute_points, random_position

from ai import kernel
from ai.declarations_np import declarations
from ai.solver import Position, best_moves, solve
from engine import laws
from engine.cards import cards_of
from engine.deal import Deal
from engine.declarations import declaration_points
from engine.record import RecordError, parse_record, record_of
from engine.rules import OPTIONS, PRESETS, TARGET_RANGE, OptionSpec, RuleError, RuleSet


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
