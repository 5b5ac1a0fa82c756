"""Issue 24: every reason under a choice argues for it, or is the trade-off it is.

On seeded random positions of every preset, each fact's ``favours`` is checked against the numbers
the fact states, by rules written here from what each fact compares (a chance to make against
even, a cost against nothing, the §10 hand count against the count that takes, rules.md §10), not
by the coach's own table; and under the best choice every fact against it is a trade-off that
names the runner-up and what speaks against it.
"""

from __future__ import annotations

import random

import pytest

from ai.calibration import calibrated, chance_kind
from ai.coach import Fact, advise
from ai.heuristics import TAKE_THRESHOLD, hand_strength
from engine.rules import PRESETS
from klabber_tui.words.coach.facts import fact_text

from tests.support.deals import positions

ALWAYS_FOR = {"jass_held", "menel_held", "you_lead", "bella", "dix", "exchange", "bella_announced", "wins_trick",
              "trumps_trick", "match_win"}
ALWAYS_AGAINST = {"jass_unseen", "menel_unseen", "other_leads", "bella_silent", "bares_ten", "match_loss"}
CHANCE_TO_MAKE = {"makes", "schmeiss_refused_you_make", "refuse_you_make", "schmeiss_answer", "last_trick"}
CHANCE_AGAINST = {"refuse_other_makes", "lead_beaten", "schmeiss_means_trap", "schmeiss_means_elder",
                  "schmeiss_means_naming"}
COST = {"bust_against_pass", "bust", "gives_trick", "pass_throws_in", "accept_throws_in"}  # points lost or forgone
GAIN = {"pass_then_name"}
VALUE_TO_YOU = {"pass_other_takes", "pass_other_names", "refuse_you_name"}


def expected(f: Fact, hand: int) -> str:
    """Whether ``f`` argues for its action, from what it compares."""
    key = f.key
    if key.startswith("mistake") or key in ALWAYS_AGAINST:
        return "against"
    if key in ALWAYS_FOR:
        return "for"
    if key in CHANCE_TO_MAKE:
        return "for" if f.prob is not None and f.prob >= 0.5 else "against"
    if key in CHANCE_AGAINST:
        return "for" if f.prob is not None and f.prob < 0.5 else "against"
    if key in COST:
        return "for" if f.points is not None and f.points <= 0 else "against"
    if key in GAIN:
        return "for" if f.points is not None and f.points > 0 else "against"
    if key in VALUE_TO_YOU:
        return "for" if f.points is not None and f.points >= 0 else "against"
    if key == "trump_points":
        assert f.suit is not None and f.threshold == TAKE_THRESHOLD
        assert f.value == hand_strength(hand, f.suit)  # the rule of thumb's count of this very hand
        return "for" if f.value >= TAKE_THRESHOLD else "against"
    if key == "side_aces":
        return "for" if f.held else "against"
    if key == "draws_trumps":
        return "for" if f.unseen | f.his else "against"
    if key in ("jass_shown", "menel_shown"):  # the turn-up: against when the bot may hold the dix for it
        return "against" if f.unseen else "for"
    raise AssertionError(f"no rule for {key}")


@pytest.mark.slow
@pytest.mark.parametrize("preset", list(PRESETS))
def test_favours_follow_the_numbers_and_the_best_has_only_trade_offs(preset: str) -> None:
    for k, deal in enumerate(positions(preset, 12)):
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat)
        advice = advise(view, random.Random(k).choice(view.legal), "easy")
        actions = advice.evaluation.actions
        seen: list[Fact] = []  # the best's trade-offs so far: only the first words the counterweight
        for f in advice.facts:
            earlier = any(g.versus is not None for g in seen)
            if f.trade_off:
                seen.append(f)
            if f.action is None:
                assert f.favours is None and not f.trade_off
                continue
            assert f.favours == expected(f, view.hand), f
            if f.action == advice.best and f.favours == "against" and len(actions) == 1:
                assert f.trade_off and f.versus is None
            elif f.action == advice.best and f.favours == "against":
                runner = actions[1]
                assert f.trade_off and f.versus == runner.action, f
                if runner.make_prob is None:
                    assert f.versus_bust is None and f.versus_points == round(actions[0].ev - runner.ev)
                else:
                    assert f.versus_bust == pytest.approx(1 - calibrated(runner.make_prob, chance_kind(view.stage, runner.action)), abs=1e-3)
                assert ("a price of" if f.again else "price") in fact_text(f)  # issue 31: the claim, then its price
                assert f.again == earlier
            else:
                assert not f.trade_off, f
