"""What a deal's result is worth to a seat (rules.md §8, §9), shared by the play and the bidding.

The value is the score-sheet difference, plus a bonus for a result that wins the match near the
target and a malus for one that loses it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.actions import Seat
from engine.match import Match
from engine.rules import RuleSet

from .arrays import FloatArray, IntArray
from .match_model import MatchModel

MATCH_WIN_BONUS = 150  # points a deal is worth beyond its score when it wins or loses the match
VALUE, DEAL, WIN, MATCH, MADE = 0, 1, 2, 3, 4  # the channels of ``outcomes``
CHANNELS = 5


@dataclass(frozen=True)
class Standing:
    """The score sheet before this deal, for play near the target (rules.md §9)."""

    mine: int
    theirs: int
    target: int


def utility(s0: IntArray, s1: IntArray, me: int, standing: Standing | None) -> FloatArray:
    """The seat's value of a deal's result: the score-sheet difference, plus a bonus for a result
    that wins the match and a malus for one that loses it (§9: past the target, the higher wins)."""
    mine, theirs = (s0, s1) if me == 0 else (s1, s0)
    value: FloatArray = (mine - theirs).astype(np.float64)
    if standing is None:
        return value
    total_mine = standing.mine + mine
    total_theirs = standing.theirs + theirs
    over = (total_mine >= standing.target) | (total_theirs >= standing.target)
    wins = over & (total_mine > total_theirs)
    loses = over & (total_theirs > total_mine)
    bonus: FloatArray = MATCH_WIN_BONUS * (wins.astype(np.float64) - loses.astype(np.float64))
    total: FloatArray = value + bonus
    return total


def outcomes(s0: IntArray, s1: IntArray, me: int, standing: Standing | None, maker: int,
             rules: RuleSet) -> FloatArray:
    """(..., CHANNELS): the seat's value (``utility``), the deal's own score-sheet difference, 1
    where the result wins the match now, the chance to win the match once it is written
    (``ai.match_model``), and 1 where the maker (0 elder, 1 dealer) makes (his score is his total,
    above nought, §8). The two match channels are 0 without a standing; the bot decides on the
    value alone, and the coach shows the others apart."""
    mine, theirs = (s0, s1) if me == 0 else (s1, s0)
    deal: FloatArray = (mine - theirs).astype(np.float64)
    made = ((s0 if maker == 0 else s1) > 0).astype(np.float64)
    if standing is None:
        zero = np.zeros_like(deal)
        return np.stack([deal, deal, zero, zero, made], axis=-1)
    total_mine = standing.mine + mine
    total_theirs = standing.theirs + theirs
    over = (total_mine >= standing.target) | (total_theirs >= standing.target)
    wins = (over & (total_mine > total_theirs)).astype(np.float64)
    model = MatchModel.for_rules(rules, standing.target)
    chance = model.after(total_mine, total_theirs, mine, theirs, me, maker)
    return np.stack([utility(s0, s1, me, standing), deal, wins, chance, made], axis=-1)


def thrown_in_outcome(me: int, standing: Standing | None, rules: RuleSet) -> FloatArray:
    """(CHANNELS,): ``outcomes`` of a deal thrown in (§4.5): nothing scored, nobody makes, and the
    match goes on from the same standing with the dealer of ``redeal_dealer``."""
    row = np.zeros(CHANNELS)
    if standing is not None:
        model = MatchModel.for_rules(rules, standing.target)
        row[MATCH] = float(model.after(np.array(standing.mine), np.array(standing.theirs), np.array(0),
                                       np.array(0), me, None, thrown_in=True))
    return row


def mean_se(per_world: FloatArray) -> tuple[float, float]:
    """Mean over the worlds and its standard error (0 for a single world)."""
    n = per_world.shape[0]
    mean = float(per_world.mean())
    se = float(per_world.std(ddof=1) / np.sqrt(n)) if n > 1 else 0.0
    return mean, se


def standings_of(match: Match) -> dict[Seat, Standing]:
    """Each seat's score sheet before the deal on the table, from its own side: what every bot is
    told, at the table, in watch mode and in the arena, exactly as the coach judges a player with it
    (klabber_tui's ``standing_now``; rules.md §9)."""
    totals = match.totals
    return {match.seat_of(p): Standing(totals[p], totals[1 - p], match.target) for p in (0, 1)}
