"""The one list of bidding situations (issue 25): which decision each is, and where each exists.

Expected values from rules.md: the elder speaks first in both rounds (§2, §4.1, §4.2); schmeiss is
answered in round one and exists in every preset but clobber (§4.3); only kalabriasz has the refuser
of a schmeiss name the trump (§4.3).
"""

from __future__ import annotations

import pytest

from engine.rules import RuleSet
from engine.situations import SITUATIONS, Situation, situation_of, situations_for


def test_names_are_the_statistics_names() -> None:
    assert [str(s) for s in SITUATIONS] == ["round-one-elder", "round-one-dealer", "round-two-elder",
                                          "round-two-dealer", "schmeiss-answer", "naming-after-refusal"]


@pytest.mark.parametrize(("stage", "seat", "expected"), [
    ("bidding_round_one", "elder", "round-one-elder"),
    ("bidding_round_one", "dealer", "round-one-dealer"),
    ("bidding_round_two", "elder", "round-two-elder"),
    ("bidding_round_two", "dealer", "round-two-dealer"),
    ("schmeiss_answer", "elder", "schmeiss-answer"),
    ("schmeiss_answer", "dealer", "schmeiss-answer"),
    ("naming", "elder", "naming-after-refusal"),
    ("naming", "dealer", "naming-after-refusal"),
    ("play", "elder", None),
    ("done", "dealer", None),
])
def test_situation_of_a_stage_and_seat(stage: str, seat: str, expected: str | None) -> None:
    assert situation_of(stage, seat) == expected


@pytest.mark.parametrize(("preset", "count", "schmeiss", "naming"), [
    ("clobber", 4, False, False),
    ("klaberjass", 5, True, False),
    ("klaberass", 5, True, False),
    ("kalabriasz", 6, True, True),
])
def test_situations_each_preset_has(preset: str, count: int, schmeiss: bool, naming: bool) -> None:
    found = situations_for(RuleSet.from_preset(preset))
    assert len(found) == count
    assert (Situation.SCHMEISS_ANSWER in found) is schmeiss
    assert (Situation.NAMING_AFTER_REFUSAL in found) is naming


def test_a_deal_at_the_start_is_round_one_for_the_elder() -> None:
    """§2: the elder hand speaks first."""
    from engine.deal import Deal

    deal = Deal.from_seed(RuleSet.from_preset("klaberjass"), 1)
    assert deal.to_act is not None
    assert situation_of(deal.stage, deal.to_act) is Situation.ROUND_ONE_ELDER
