"""Drill positions (klabber_tui.practice.drill): deterministic for a seed, every situation, within the margin."""

from __future__ import annotations

import pytest

from engine.actions import ACCEPT, REFUSE, SCHMEISS
from engine.rules import RuleSet
from engine.situations import SITUATIONS, Situation
from klabber_tui.practice.drill import (
    DEFAULT_MARGIN,
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


def generate(preset: str, seed: int, count: int, **kwargs) -> list:
    """The drill's positions from ``count`` searches, as the drill screen asks for them."""
    drill = Drill(preset, seed, count, coach_level=LEVEL, bot_level="easy", **kwargs)
    found = [drill.position(k) for k in range(count)]
    return [p for p in found if p is not None]


@pytest.fixture(scope="module")
def klaberjass_positions():
    return generate("klaberjass", 5, 10)


@pytest.mark.slow
def test_same_seed_same_positions(klaberjass_positions) -> None:
    again = generate("klaberjass", 5, 10)
    assert again == klaberjass_positions
    other = generate("klaberjass", 6, 10)
    assert [p.deal_seed for p in other] != [p.deal_seed for p in klaberjass_positions]


# Where each situation puts the player, by rules.md §2 (the elder speaks first) and §4.
STAGES = {"round-one-elder": ("bidding_round_one", "elder"), "round-one-dealer": ("bidding_round_one", "dealer"),
          "round-two-elder": ("bidding_round_two", "elder"), "round-two-dealer": ("bidding_round_two", "dealer")}


@pytest.mark.slow
def test_every_situation_of_klaberjass_and_the_right_stage(klaberjass_positions) -> None:
    """klaberjass has schmeiss but the schmeisser makes on a refusal (§4.3): five situations."""
    assert {p.kind for p in klaberjass_positions} == set(SITUATIONS) - {Situation.NAMING_AFTER_REFUSAL}
    for p in klaberjass_positions:
        view = p.view()
        if p.kind == "schmeiss-answer":
            assert view.stage == "schmeiss_answer"
            assert set(view.legal) == {ACCEPT, REFUSE}
            assert p.prefix[-1][1] == SCHMEISS
        else:
            assert (view.stage, view.seat) == STAGES[p.kind]
        assert view.to_act == view.seat


def test_clobber_has_no_schmeiss_situation() -> None:
    rules = RuleSet.from_preset("clobber")
    assert Situation.SCHMEISS_ANSWER not in kinds_for(rules)
    with pytest.raises(ValueError):
        from ai.mc import MonteCarloBot
        build_position("clobber", Situation.SCHMEISS_ANSWER, 1, MonteCarloBot("easy"))


@pytest.mark.slow
def test_kalabriasz_names_after_a_refusal() -> None:
    """§4.3: under kalabriasz the refuser of a schmeiss names the trump, any of the four suits."""
    positions = generate("kalabriasz", 3, 2, situation=Situation.NAMING_AFTER_REFUSAL)
    assert positions
    for p in positions:
        view = p.view()
        assert view.stage == "naming" and p.kind is Situation.NAMING_AFTER_REFUSAL
        assert (p.prefix[-2][1], p.prefix[-1][1]) == (SCHMEISS, REFUSE)
        assert sorted(str(a) for a in view.legal) == ["name C", "name D", "name H", "name S"]


@pytest.mark.slow
def test_every_position_is_within_the_margin(klaberjass_positions) -> None:
    """Issue 25: the best two different choices are within the margin of ev; no position outside."""
    from ai.coach import advise

    for p in klaberjass_positions:
        gap, _se = gap_of(advise(p.view(), None, LEVEL).evaluation)
        assert gap == pytest.approx(p.gap, abs=0.01)
        assert gap <= DEFAULT_MARGIN


@pytest.mark.slow
def test_a_narrow_margin_finds_fewer_and_says_how_many_searches_failed() -> None:
    drill = Drill("klaberass", 11, 4, coach_level=LEVEL, bot_level="easy", margin=1)
    found = [drill.position(k) for k in range(4)]
    kept = [p for p in found if p is not None]
    assert all(p.gap <= 1 for p in kept)
    assert drill.missing == 4 - len(kept)
    assert found[len(kept):] == [None] * (4 - len(kept))


@pytest.mark.slow
def test_one_situation_only() -> None:
    positions = generate("klaberass", 2, 3, situation=Situation.ROUND_ONE_DEALER)
    assert positions and all(p.kind is Situation.ROUND_ONE_DEALER for p in positions)
    assert all(p.view().stage == "bidding_round_one" and p.view().seat == "dealer" for p in positions)


def test_prefix_words_are_the_bots_or_marked_forced() -> None:
    from ai.mc import MonteCarloBot

    bot = MonteCarloBot("easy")
    built = 0
    for k in range(12):
        seed = derive_seed("test", k)
        p = build_position("klaberass", Situation.SCHMEISS_ANSWER, seed, bot, cycle=k)
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


@pytest.mark.slow
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
