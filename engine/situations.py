"""The bidding situations (issue 25): one list for drills, statistics and screens.

A situation is who decides and when: round one or two (rules.md §4.1, §4.2) as the elder or the
dealer (the elder always speaks first, §2), answering a schmeiss (round one, §4.3), or naming the
trump after refusing one (kalabriasz, §4.3). Its value is the name the statistics file
(``klabber-stats/3``) and the command line use.
"""

from __future__ import annotations

from enum import StrEnum

from .actions import BIDDING_ROUND_ONE, BIDDING_ROUND_TWO, DEALER, ELDER, NAMING, SCHMEISS_ANSWER
from .rules import RuleSet


class Situation(StrEnum):
    ROUND_ONE_ELDER = "round-one-elder"
    ROUND_ONE_DEALER = "round-one-dealer"
    ROUND_TWO_ELDER = "round-two-elder"
    ROUND_TWO_DEALER = "round-two-dealer"
    SCHMEISS_ANSWER = "schmeiss-answer"
    NAMING_AFTER_REFUSAL = "naming-after-refusal"


SITUATIONS: tuple[Situation, ...] = tuple(Situation)

_BY_STAGE_AND_SEAT: dict[tuple[str, str], Situation] = {
    (BIDDING_ROUND_ONE, ELDER): Situation.ROUND_ONE_ELDER,
    (BIDDING_ROUND_ONE, DEALER): Situation.ROUND_ONE_DEALER,
    (BIDDING_ROUND_TWO, ELDER): Situation.ROUND_TWO_ELDER,
    (BIDDING_ROUND_TWO, DEALER): Situation.ROUND_TWO_DEALER,
    (SCHMEISS_ANSWER, ELDER): Situation.SCHMEISS_ANSWER,
    (SCHMEISS_ANSWER, DEALER): Situation.SCHMEISS_ANSWER,
    (NAMING, ELDER): Situation.NAMING_AFTER_REFUSAL,
    (NAMING, DEALER): Situation.NAMING_AFTER_REFUSAL,
}


def situation_of(stage: str, seat: str) -> Situation | None:
    """The situation of a decision taken at ``stage`` by ``seat``; None for card play (or no seat)."""
    return _BY_STAGE_AND_SEAT.get((str(stage), str(seat)))


def exists_under(situation: Situation, rules: RuleSet) -> bool:
    """Whether the rules ever put a player in ``situation``: a schmeiss to answer needs a preset with
    schmeiss, naming after a refusal one where the refuser names (§4.3)."""
    if situation is Situation.SCHMEISS_ANSWER:
        return rules.schmeiss_allowed(1)
    if situation is Situation.NAMING_AFTER_REFUSAL:
        return rules.schmeiss_allowed(1) and rules.schmeiss_refused == "refuser_names"
    return True


def situations_for(rules: RuleSet) -> tuple[Situation, ...]:
    """The situations a player meets under ``rules``, in the list's order."""
    return tuple(s for s in SITUATIONS if exists_under(s, rules))
