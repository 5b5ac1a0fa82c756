"""The chance to win the match from a standing (rules.md §9), for the coach's second number.

A table over both totals and who deals, built by dynamic programming from the preset's
distribution of deal scores (``ai.match_data.DEALS``: what the elder and the dealer scored, who made
it, thrown-in deals included, measured from bot self-play by ``research/match_model.py``), with the
rules of §9: first to the target wins; both past it, the higher total; equal totals play on; under
``maker_counts_first`` a maker who scores and reaches the target wins; after a throw-in the dealer
changes or not by ``redeal_dealer`` (§4.5). Totals are kept in steps of ``STEP`` points.

The bot does not maximise this chance (its objective is ``ai.utility.utility``); the coach shows
it beside the deal's points, and ``klabber advise --json`` gives it as ``win_prob``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from engine.rules import RuleSet

from .arrays import BoolArray, FloatArray, IntArray
from .match_data import DEALS, STEP

__all__ = ["STEP", "MatchModel"]


@dataclass(frozen=True)
class _Deals:
    """The distribution of one deal's scores, in steps: elder, dealer, who made, probability."""

    elder: IntArray
    dealer: IntArray
    maker: IntArray  # 0 elder, 1 dealer
    prob: FloatArray
    thrown_in: float


Rows = tuple[tuple[int, int, str, int], ...]


def _deals(rows: Rows) -> _Deals:
    total = float(sum(n for *_, n in rows))
    played = [r for r in rows if r[2] != "-"]
    thrown = sum(n for *_, m, n in rows if m == "-")
    return _Deals(
        np.array([r[0] for r in played], np.int64), np.array([r[1] for r in played], np.int64),
        np.array([0 if r[2] == "e" else 1 for r in played], np.int64),
        np.array([r[3] / total for r in played]), thrown / total,
    )


class MatchModel:
    """The chance that the elder of the next deal wins the match, from both totals before it.

    ``rows`` is a distribution of deal scores as in ``ai.match_data.DEALS`` (points in steps)."""

    def __init__(self, rows: Rows, target: int, redeal_same: bool, maker_counts_first: bool) -> None:
        self.target = target
        self.redeal_same = redeal_same
        self.maker_counts_first = maker_counts_first
        self.n = -(-target // STEP)  # totals below the target, in steps
        d = _deals(rows)
        self._deals = d
        self.tied_over = self._tied_over(d)
        self.table = self._build(d)
        self._padded: FloatArray | None = None

    @classmethod
    def for_rules(cls, rules: RuleSet, target: int | None = None) -> MatchModel:
        """The model of ``rules`` (its preset's deals, §4.5 and §9 options) to ``target`` (default
        the rules' own), built once per process."""
        return _model(rules.preset, int(rules.target if target is None else target),
                      rules.redeal_dealer == "same", bool(rules.maker_counts_first))

    def _decided(self, e: IntArray, d: IntArray, maker: IntArray, scored_e: IntArray,
                 scored_d: IntArray) -> tuple[BoolArray, BoolArray]:
        """(won by the elder, decided) after a deal, from totals ``e``, ``d`` in steps (§9)."""
        n = self.n
        e_over, d_over = e >= n, d >= n
        hit_e = (maker == 0) & (scored_e > 0) & e_over & self.maker_counts_first
        hit_d = (maker == 1) & (scored_d > 0) & d_over & self.maker_counts_first
        decided = hit_e | hit_d | ((e_over | d_over) & (e != d))
        elder_won = hit_e | (~hit_d & e_over & (~d_over | (e > d)))
        return elder_won, decided

    def _tied_over(self, d: _Deals) -> float:
        """The elder's chance from equal totals both past the target: the next deal decides unless
        it is thrown in or scores equal again (§9: equal totals play on)."""
        base = np.full(d.prob.shape, self.n, np.int64)
        won, decided = self._decided(base + d.elder, base + d.dealer, d.maker, d.elder, d.dealer)
        r = float((d.prob * (won & decided)).sum())
        q = float((d.prob * ~decided).sum())  # scored equal again: play on, the dealer changes
        t = d.thrown_in
        if self.redeal_same:
            return (q + r) / (1 - t + q)
        return (t + q + r) / (1 + t + q)

    def _build(self, d: _Deals) -> FloatArray:
        """(n, n): the elder's chance, elder's total in steps by dealer's, both below the target.

        Every played deal adds points, so each anti-diagonal (a sum of both totals) depends only on
        those above it, and on itself through a throw-in, solved in closed form per pair of states."""
        n = self.n
        table = np.zeros((n, n))
        t = d.thrown_in
        for s in range(2 * n - 2, -1, -1):
            i = np.arange(max(0, s - n + 1), min(s, n - 1) + 1)
            j = s - i
            e = i[:, None] + d.elder[None, :]
            dd = j[:, None] + d.dealer[None, :]
            won, decided = self._decided(e, dd, d.maker[None, :], d.elder[None, :], d.dealer[None, :])
            below = (e < n) & (dd < n)
            later = np.where(below, 1.0 - table[np.minimum(dd, n - 1), np.minimum(e, n - 1)],
                             1.0 - self.tied_over)  # the dealer is elder in the next deal
            value = np.where(decided, won.astype(float), later)
            r = (value * d.prob[None, :]).sum(axis=1)  # r[k]: state (i[k], j[k]) by played deals
            if self.redeal_same:
                table[i, j] = r / (1 - t)
            else:
                r_swapped = r[::-1]  # state (j, i) is on the same diagonal, in reverse order
                table[i, j] = (t - t * t - t * r_swapped + r) / (1 - t * t)
        return table

    def elder_wins(self, elder_total: int, dealer_total: int) -> float:
        """The elder's chance to win the match from these totals, before the deal (§9)."""
        return float(self.next_deal(np.array([elder_total]), np.array([dealer_total]))[0])

    def next_deal(self, elder_total: IntArray, dealer_total: IntArray) -> FloatArray:
        """The elder's chance from totals before a deal; past the target is step ``n`` of the padded
        table (equal totals past it play on; one side past it alone has won)."""
        n = self.n
        e = np.minimum(np.asarray(elder_total) // STEP, n)
        d = np.minimum(np.asarray(dealer_total) // STEP, n)
        chance: FloatArray = self.padded[e, d]
        return chance

    @property
    def padded(self) -> FloatArray:
        """(n + 1, n + 1): the table with a last row and column for a total past the target."""
        if self._padded is None:
            n = self.n
            padded = np.zeros((n + 1, n + 1))
            padded[:n, :n] = self.table
            padded[n, :n] = 1.0
            padded[n, n] = self.tied_over
            self._padded = padded
        return self._padded

    def after(self, mine: IntArray, theirs: IntArray, scored_mine: IntArray, scored_theirs: IntArray,
              me: int, maker: int | None, thrown_in: bool = False) -> FloatArray:
        """The chance of seat ``me`` (0 elder, 1 dealer of this deal) to win the match once this
        deal is written: ``mine`` and ``theirs`` are the totals after it, ``scored_*`` what it
        added. Decided now (§9), else from the next deal's table, the dealer changed unless the deal
        was thrown in under ``redeal_dealer`` same (§4.5)."""
        target = self.target
        mine = np.asarray(mine)
        theirs = np.asarray(theirs)
        m_over, t_over = mine >= target, theirs >= target
        won = m_over & (~t_over | (mine > theirs))
        decided = (m_over | t_over) & (mine != theirs)
        if self.maker_counts_first and maker is not None:
            first = scored_mine > 0 if maker == me else scored_theirs > 0
            hit = first & (m_over if maker == me else t_over)
            won = np.where(hit, maker == me, won)
            decided = decided | hit
        elder_next = me if (thrown_in and self.redeal_same) else 1 - me
        later = self.next_deal(mine, theirs) if elder_next == 0 else 1.0 - self.next_deal(theirs, mine)
        chance: FloatArray = np.where(decided, won, later)
        return chance


@lru_cache(maxsize=16)
def _model(preset: str, target: int, redeal_same: bool, maker_counts_first: bool) -> MatchModel:
    return MatchModel(DEALS[preset], target, redeal_same, maker_counts_first)
