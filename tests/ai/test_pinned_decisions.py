"""The refactor of issue 9 changes no decision: greedy, oracle and mc:easy self-play, pinned.

Every action of each deal below was recorded with the code as it stood BEFORE issue 9's refactor
(typed actions, one home per rule, the ai/ package split), so any change in what a bot decides,
in any preset or under option overrides, fails here. Deals are played by the arena's protocol:
an open dix exchange of the seat not to act is offered to it first. Actions are written
``<seat letter>:<action with _ for spaces>``.
"""

from __future__ import annotations

from typing import Any

import pytest

from ai.play_out import play_out
from ai.registry import make_arena_bot
from engine.deal import Deal
from engine.rules import SEATS, RuleSet

pytestmark = pytest.mark.slow  # seconds a test: in the full run, not in the daily -m "not slow"


PINNED: list[tuple[str, str, dict[str, Any], int, str]] = [
    ("greedy", "klaberjass", {}, 3, "e:pass d:pass e:name_H e:play_JH d:play_8H e:play_9H d:play_KH e:play_TH d:play_7S e:play_QH d:play_9D e:play_AD d:play_QD e:play_AS d:play_JC e:play_8C d:play_QC d:play_KD e:play_8D d:play_TD e:play_TC"),
    ("greedy", "klaberjass", {}, 4, "e:pass d:pass e:name_C e:play_JC d:play_QC e:play_9C d:play_7D e:play_TC d:play_9D e:play_KC d:play_JD e:play_AD d:play_QD e:play_7S d:play_QS d:play_AH e:play_KH d:play_AS e:play_9S d:play_TH e:play_8D"),
    ("greedy", "klaberjass", {}, 6, "e:pass d:pass e:name_D e:play_9D d:play_7D e:play_TD d:play_AD d:play_9C e:play_8C d:play_9H e:play_QD_bella e:play_KD d:play_9S e:play_7S d:play_JS d:play_JC e:play_QC e:play_KC d:play_QH e:play_KS d:play_KH"),
    ("greedy", "klaberjass", {}, 8, "e:pass d:pass e:name_C e:play_JC d:play_7D e:play_TC d:play_7S e:play_KC d:play_8D e:play_QC d:play_9H e:play_AH d:play_QH e:play_8S d:play_JD e:play_KH d:play_QD e:play_KS d:play_KD e:play_TH d:play_TD"),
    ("greedy", "clobber", {}, 3, "e:pass d:pass e:name_D e:play_9D d:play_8D e:play_AD d:play_7S e:play_TD d:play_8C e:play_KD d:play_8H e:play_QD d:play_JC e:play_9H d:play_JH d:play_AS e:play_QC d:play_QH e:play_KH e:play_TH d:play_TC"),
    ("greedy", "clobber", {}, 4, "e:pass d:pass e:name_C e:play_JC d:play_KC e:play_TC d:play_9C d:play_AD e:play_8D d:play_AH e:play_TH d:play_7D e:play_9D e:play_QC d:play_7S e:play_AS d:play_9S e:play_QD d:play_JD e:play_QS d:play_KH"),
    ("greedy", "clobber", {}, 11, "e:pass d:pass e:pass d:name_H e:play_AC d:play_9C e:play_8C d:play_8H d:play_JH e:play_KH d:play_AH e:play_8D d:play_TH e:play_JC d:play_7D e:play_QD e:play_JS d:play_TS d:play_9D e:play_TD e:play_QS d:play_JD"),
    ("greedy", "clobber", {}, 17, "e:take d:exchange e:play_JS d:play_8S e:play_9S d:play_TS e:play_AS d:play_8C e:play_QS d:play_8D e:play_7H d:play_TH d:play_AH e:play_9H d:play_9C e:play_KC e:play_KD d:play_9D e:play_TD d:play_QC"),
    ("greedy", "klaberass", {}, 3, "e:pass d:pass e:name_H e:play_JH d:play_8H e:play_9H d:play_QH_bella e:play_TH d:play_KH e:play_AD d:play_9D e:play_AS d:play_7S e:play_8C d:play_JC d:play_QD e:play_8D d:play_KD e:play_QC d:play_TD e:play_TC"),
    ("greedy", "klaberass", {}, 4, "e:pass d:pass e:name_C e:play_JC d:play_QC e:play_9C d:play_7D e:play_TC d:play_9D e:play_KC d:play_JD e:play_AD d:play_QS e:play_7S d:play_AS d:play_AH e:play_8D d:play_KH e:play_9S d:play_TH e:play_QD"),
    ("greedy", "klaberass", {}, 6, "e:pass d:pass e:name_D e:play_9D d:play_AD e:play_TD d:play_9C e:play_KD d:play_9H e:play_QD d:play_9S e:play_7D d:play_JC e:play_7S d:play_JS d:play_QC e:play_KC e:play_8C d:play_QH e:play_KS d:play_KH"),
    ("greedy", "klaberass", {}, 8, "e:pass d:pass e:name_C e:play_JC d:play_TC e:play_KC d:play_7D e:play_QC d:play_7S e:play_AH d:play_9H e:play_8S d:play_8D e:play_QD d:play_KD d:play_JD e:play_KH d:play_QH e:play_TH e:play_KS d:play_TD"),
    ("greedy", "kalabriasz", {}, 3, "e:pass d:pass e:name_H e:play_JH d:play_8H e:play_9H d:play_QH e:play_TH d:play_KH e:play_AD d:play_9D e:play_AS d:play_7S e:play_8C d:play_JC d:play_QD e:play_8D d:play_KD e:play_QC d:play_TD e:play_TC"),
    ("greedy", "kalabriasz", {}, 4, "e:pass d:pass e:name_C e:play_JC d:play_QC e:play_9C d:play_7D e:play_TC d:play_9D e:play_KC d:play_JD e:play_AD d:play_QS e:play_7S d:play_AS d:play_AH e:play_8D d:play_KH e:play_9S d:play_TH e:play_QD"),
    ("greedy", "kalabriasz", {}, 6, "e:pass d:pass e:name_D e:play_9D d:play_AD e:play_TD d:play_9C e:play_KD d:play_9H e:play_QD d:play_9S e:play_7D d:play_JC e:play_7S d:play_JS d:play_QC e:play_KC e:play_8C d:play_QH e:play_KS d:play_KH"),
    ("greedy", "kalabriasz", {}, 8, "e:pass d:pass e:name_C e:play_JC d:play_TC e:play_KC d:play_7D e:play_QC d:play_7S e:play_AH d:play_9H e:play_8S d:play_8D e:play_QD d:play_KD d:play_JD e:play_KH d:play_QH e:play_TH e:play_KS d:play_TD"),
    ("oracle", "klaberjass", {}, 3, "e:pass d:schmeiss e:refuse d:exchange e:play_TH d:play_8H e:play_9H d:play_KH d:play_JS e:play_AS d:play_JC e:play_8C d:play_QC e:play_TC e:play_8D d:play_TD d:play_9D e:play_AD e:play_JH d:play_QD e:play_QH d:play_KD"),
    ("oracle", "klaberjass", {}, 4, "e:pass d:schmeiss e:refuse e:play_TC d:play_QC e:play_9C d:play_TH d:play_AH e:play_KH d:play_JD e:play_8D d:play_7D e:play_AD e:play_JC d:play_9D e:play_KC d:play_QD e:play_7S d:play_QS d:play_AS e:play_9S"),
    ("oracle", "clobber", {}, 3, "e:pass d:pass e:name_D e:play_QC d:play_TC d:play_8C e:play_9D e:play_TD d:play_8D e:play_QD d:play_JC e:play_KD d:play_7S e:play_AD d:play_AS e:play_9H d:play_QH d:play_8H e:play_TH e:play_KH d:play_JH"),
    ("oracle", "clobber", {}, 4, "e:pass d:take e:play_TC d:play_9C e:play_QS d:play_7S e:play_AS d:play_9S e:play_JC d:play_KC d:play_7D e:play_8D e:play_QC d:play_KH d:play_JD e:play_QD e:play_9D d:play_AD d:play_AH e:play_TH"),
    ("oracle", "klaberass", {}, 3, "e:pass d:schmeiss e:refuse d:exchange e:play_TC d:play_JC e:play_8C d:play_JS d:play_KD e:play_8D d:play_9D e:play_AD e:play_QC d:play_TD e:play_9H d:play_QH d:play_QD e:play_AS e:play_JH d:play_KH d:play_8H e:play_TH"),
    ("oracle", "klaberass", {}, 4, "e:pass d:take e:play_TC d:play_QC e:play_9C d:play_TH d:play_7D e:play_8D e:play_JC d:play_KH d:play_9D e:play_QD e:play_KC d:play_AH d:play_JD e:play_AD e:play_7S d:play_QS d:play_AS e:play_9S"),
    ("oracle", "kalabriasz", {}, 3, "e:pass d:schmeiss e:refuse e:name_H e:play_TC d:play_JC e:play_8D d:play_TD d:play_9D e:play_AD e:play_9H d:play_8H e:play_TH d:play_QH e:play_JH d:play_KH e:play_8C d:play_QD e:play_QC d:play_KD e:play_AS d:play_7S"),
    ("oracle", "kalabriasz", {}, 4, "e:pass d:take e:play_TC d:play_QC e:play_9C d:play_TH d:play_7D e:play_8D e:play_JC d:play_KH d:play_9D e:play_QD e:play_KC d:play_AH d:play_JD e:play_AD e:play_7S d:play_QS d:play_AS e:play_9S"),
    ("mc:easy", "klaberjass", {}, 3, "e:pass d:pass e:name_H e:play_8D d:play_TD d:play_KD e:play_AD e:play_JH d:play_8H e:play_9H d:play_KH e:play_QH d:play_7S e:play_8C d:play_QC d:play_JC e:play_TC e:play_TH d:play_9D e:play_AS d:play_QD"),
    ("mc:easy", "clobber", {}, 3, "e:pass d:pass e:name_D e:play_QD d:play_8D e:play_QC d:play_TC d:play_AS e:play_TD e:play_KD d:play_8H e:play_KH d:play_JH e:play_9D d:play_8C e:play_TH d:play_QH e:play_9H d:play_JC e:play_AD d:play_7S"),
    ("mc:easy", "klaberass", {}, 3, "e:pass d:pass e:name_H e:play_8D d:play_KD d:play_JC e:play_QC e:play_AS d:play_7S e:play_9H d:play_QH_bella e:play_JH d:play_8H e:play_AD d:play_9D e:play_TH d:play_KH e:play_TC d:play_QD e:play_8C d:play_TD"),
    ("mc:easy", "kalabriasz", {}, 3, "e:pass d:pass e:name_H e:play_8D d:play_TD d:play_KD e:play_AD e:play_8C d:play_JC d:play_QD e:play_TH e:play_JH d:play_8H e:play_AS d:play_7S e:play_9H d:play_QH e:play_TC d:play_KH d:play_9D e:play_QC"),
    ("greedy", "clobber", {"must_overtake": "all", "bella_order": "either", "bella_announce": "required"}, 11, "e:pass d:pass e:pass d:name_H e:play_AC d:play_9C e:play_8C d:play_8H d:play_JH e:play_KH d:play_AH e:play_8D d:play_TH e:play_JC d:play_7D e:play_QD e:play_JS d:play_TS d:play_9D e:play_TD e:play_QS d:play_JD"),
    ("oracle", "kalabriasz", {"must_overtake": "none", "trump_sequence_order": "trump", "dix_exchange": "any_trump"}, 3, "e:pass d:schmeiss e:refuse e:name_H e:play_TC d:play_JC e:play_9H d:play_8H e:play_TH d:play_QH e:play_AS d:play_7S e:play_8C d:play_KH d:play_TD e:play_AD e:play_QC d:play_9D e:play_8D d:play_KD d:play_QD e:play_JH"),
    ("oracle", "klaberjass", {"bella_order": "either", "trump_run_with_marriage": True, "dix_deadline": "last_card"}, 5, "e:pass d:take d:exchange e:play_AD d:play_7D e:play_8D d:play_8C d:play_TC e:play_QD d:play_QC e:play_KD d:play_8H e:play_TH e:play_QH d:play_JH e:play_AS d:play_9S e:play_QS d:play_KC_bella d:play_AC e:play_KS"),
]


def self_play(bot_name: str, rules: RuleSet, seed: int) -> list[str]:
    """One deal between two copies of a bot (by ``ai.play_out``, the arena's driver), spelled as in ``PINNED``."""
    deal = Deal.from_seed(rules, seed)
    play_out(deal, {seat: make_arena_bot(bot_name) for seat in SEATS}, lambda step: seed * 1000 + step)
    return [f"{seat[0]}:{str(action).replace(' ', '_')}" for seat, action in deal.actions]


@pytest.mark.parametrize(("bot", "preset", "overrides", "seed", "expected"), PINNED,
                         ids=[f"{p[0]}-{p[1]}-{p[3]}{'-opts' if p[2] else ''}" for p in PINNED])
def test_bot_decisions_did_not_change_in_the_refactor(
        bot: str, preset: str, overrides: dict[str, Any], seed: int, expected: str) -> None:
    rules = RuleSet.from_preset(preset, overrides)
    assert self_play(bot, rules, seed) == expected.split(" ")
