"""What a deal's result is worth to a seat (rules.md §8, §9), shared by the play and the bidding.

The value is the score-sheet difference, plus a bonus for a result that wins the match near the
target and a malus for one that loses it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.actions import Seat
from engine.match import Match

MATCH_WIN_BONUS = 150  # points a deal is worth beyond its score when it wins or loses the match
VALUE, DEAL, WIN = 0, 1, 2  # the channels of ``outcomes``


@dataclass(frozen=True)
class Standing:
    """The score sheet before this deal, for play near the target (rules.md §9)."""

    mine: int
    theirs: int
    target: int


def utility(s0: np.ndarray, s1: np.ndarray, me: int, standing: Standing | None) -> np.ndarray:
    """The seat's value of a deal's result: the score-sheet difference, plus a bonus for a result
    that wins the match and a malus for one that loses it (§9: past the target, the higher wins)."""
    mine, theirs = (s0, s1) if me == 0 else (s1, s0)
    value: np.ndarray = (mine - theirs).astype(np.float64)
    if standing is None:
        return value
    total_mine = standing.mine + mine
    total_theirs = standing.theirs + theirs
    over = (total_mine >= standing.target) | (total_theirs >= standing.target)
    wins = over & (total_mine > total_theirs)
    loses = over & (total_theirs > total_mine)
    bonus: np.ndarray = MATCH_WIN_BONUS * (wins.astype(np.float64) - loses.astype(np.float64))
    total: np.ndarray = value + bonus
    return total


def outcomes(s0: np.ndarray, s1: np.ndarray, me: int, standing: Standing | None) -> np.ndarray:
    """(..., 3): the seat's value (``utility``), the deal's own score-sheet difference, and 1 where
    the result wins the match (0 without a standing), so the coach can show each apart."""
    mine, theirs = (s0, s1) if me == 0 else (s1, s0)
    deal: np.ndarray = (mine - theirs).astype(np.float64)
    if standing is None:
        return np.stack([deal, deal, np.zeros_like(deal)], axis=-1)
    total_mine = standing.mine + mine
    total_theirs = standing.theirs + theirs
    over = (total_mine >= standing.target) | (total_theirs >= standing.target)
    wins = (over & (total_mine > total_theirs)).astype(np.float64)
    return np.stack([utility(s0, s1, me, standing), deal, wins], axis=-1)


def mean_se(per_world: np.ndarray) -> tuple[float, float]:
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
