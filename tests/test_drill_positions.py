"""Drill positions (klabber_tui.drill): deterministic for a seed, every decision kind, close calls."""

from __future__ import annotations

import pytest

from engine.actions import ACCEPT, REFUSE, SCHMEISS
from engine.rules import RuleSet
from klabber_tui.drill import (
    KINDS,
    Score,
    answer_of,
    build_position,
    Drill,
    derive_seed,
    gap_of,
    kinds_for,
    play_out,
)

LEVEL = "easy"  # the coach's level here: the rules of generation are the same at every level


def generate(preset: str, seed: int, count: int) -> list:
    """The drill's first ``count`` positions, as the drill screen asks for them."""
    drill = Drill(preset, seed, count, coach_level=LEVEL, bot_level="easy")
    return [drill.position(k) for k in range(count)]


@pytest.fixture(scope="module")
def klaberjass_positions():
    return generate("klaberjass", 5, 10)


@pytest.mark.slow
def test_same_seed_same_positions(klaberjass_positions) -> None:
    again = generate("klaberjass", 5, 10)
    assert again == klaberjass_positions
    other = generate("klaberjass", 6, 10)
    assert [p.deal_seed for p in other] != [p.deal_seed for p in klaberjass_positions]


def test_all_five_kinds_and_the_right_stage(klaberjass_positions) -> None:
    assert {p.kind for p in klaberjass_positions} == set(KINDS)
    stages = {"r1_elder": ("bidding_round_one", "elder"), "r1_dealer": ("bidding_round_one", "dealer"),
              "r2_elder": ("bidding_round_two", "elder"), "r2_dealer": ("bidding_round_two", "dealer")}
    for p in klaberjass_positions:
        view = p.view()
        if p.kind == "schmeiss_answer":
            assert view.stage == "schmeiss_answer"
            assert set(view.legal) == {ACCEPT, REFUSE}
            assert p.prefix[-1][1] == SCHMEISS
        else:
            assert (view.stage, view.seat) == stages[p.kind]
        assert view.to_act == view.seat


def test_clobber_has_no_schmeiss_kind() -> None:
    rules = RuleSet.from_preset("clobber")
    assert "schmeiss_answer" not in kinds_for(rules)
    positions = generate("clobber", 2, 4)
    assert [p.kind for p in positions] == list(KINDS[:4])
    with pytest.raises(ValueError):
        from ai.mc import MonteCarloBot
        build_position("clobber", "schmeiss_answer", 1, MonteCarloBot("easy"))


def test_positions_are_close_calls(klaberjass_positions) -> None:
    """The skip rule: most positions are within GAP_POINTS (the rest are the closest of many)."""
    from ai.coach import advise

    close = 0
    for p in klaberjass_positions:
        gap, _se = gap_of(advise(p.view(), None, LEVEL).evaluation)
        assert gap == pytest.approx(p.gap, abs=0.01)
        close += gap <= 25
    assert close >= 8


def test_prefix_words_are_the_bots_or_marked_forced() -> None:
    from ai.mc import MonteCarloBot

    bot = MonteCarloBot("easy")
    built = 0
    for k in range(12):
        seed = derive_seed("test", k)
        p = build_position("klaberass", "schmeiss_answer", seed, bot, cycle=k)
        if p is None:  # the dealer's schmeiss needs the elder's pass first, which the bot may not say
            assert k % 2 == 1
            continue
        built += 1
        assert p.prefix[-1][1] == SCHMEISS
        deal = p.deal()
        assert deal.to_act == ("dealer" if k % 2 == 0 else "elder")
        if not p.forced:  # the bot said it itself
            assert bot.choose(_before_last(p).view(p.prefix[-1][0]),
                              derive_seed("word", seed, len(p.prefix) - 1)) == SCHMEISS
    assert built >= 6


def _before_last(p):
    from engine.deal import Deal

    deal = Deal.from_seed(p.rules, p.deal_seed)
    for seat, action in p.prefix[:-1]:
        deal.apply(seat, action)
    return deal


def test_score_and_missed(klaberjass_positions) -> None:
    from ai.coach import advise

    score = Score()
    for p in klaberjass_positions[:5]:
        view = p.view()
        worst = advise(view, None, LEVEL).evaluation.actions[-1].action
        score.add(answer_of(p, advise(view, worst, LEVEL)))
    assert score.decisions == 5
    assert score.agreed == 0
    assert score.loss_per_decision is not None and score.loss_per_decision > 0
    assert score.missed() == klaberjass_positions[:5]


@pytest.mark.slow
def test_play_out_finishes_the_deal(klaberjass_positions) -> None:
    for p in klaberjass_positions[:5]:
        for action in p.view().legal:
            deal = play_out(p, action)
            assert deal.is_over
            assert deal.thrown_in or len(deal.tricks) == 9
            assert play_out(p, action).actions == deal.actions  # seeded
