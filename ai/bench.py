"""Speed figures of the bot (``klabber bench``): kernel playouts, the exact solver, decision latency,
and how long "coach after each bid" keeps the player waiting for its verdict (issue 11).

Every figure comes from seeded positions, so two runs measure the same work.
"""

from __future__ import annotations

import importlib
import sys
import time
from typing import Any

import numpy as np

from engine.actions import ELDER, EXCHANGE, TAKE
from engine.cards import TRICKS_PER_DEAL
from engine.deal import Deal
from engine.rules import RuleSet
from engine.view import PlayerView

from .arena import usable_cpus
from .levels import LEVEL_NAMES

BATCH = 10_000
# Issue 11: bid positions the verdict is timed on (each a full evaluation at the verdict level, so
# the bench stays short), and the player's think times the evaluation made ahead is given.
VERDICT_POSITIONS = 30
THINK_SECONDS = (0, 2)


def peak_rss_mb() -> float | None:
    """The process's peak resident memory in MB; None where the platform does not say (``resource`` is
    POSIX only: Windows has none). Linux counts it in KiB, macOS in bytes."""
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1 << 20 if sys.platform == "darwin" else 1 << 10), 1)


def _percentiles(samples_ms: list[float]) -> dict[str, float]:
    a = np.array(samples_ms)
    return {"median": round(float(np.median(a)), 2), "p95": round(float(np.percentile(a, 95)), 2),
            "max": round(float(a.max()), 2)}


def playouts_per_second(seed: int, repeats: int = 5) -> float:
    """Random-legal playouts from the first lead of random deals, §8 scoring included, batch 10,000."""
    from . import kernel

    rng = np.random.default_rng(seed)
    decks = np.argsort(rng.random((BATCH, 32)), axis=1)
    bits = np.left_shift(np.int64(1), decks)
    hand0 = np.bitwise_or.reduce(bits[:, :9], axis=1)
    hand1 = np.bitwise_or.reduce(bits[:, 9:18], axis=1)
    trump = rng.integers(0, 4, BATCH)
    maker = rng.integers(0, 2, BATCH)
    rules = RuleSet.from_preset("klaberjass")  # must_overtake trump, bella queen first
    started = time.perf_counter()
    for _ in range(repeats):
        batch = kernel.new_batch(hand0, hand1, trump, np.zeros(BATCH, np.int64))
        kernel.run(batch, 18, rules, rng, policy=kernel.Policy.RANDOM)
        kernel.settle(batch.points0 + batch.bella0, batch.points1 + batch.bella1, maker)
    return BATCH * repeats / (time.perf_counter() - started)


def solver_ms(seed: int, deals: int = 30) -> dict[str, float]:
    """The exact solver on full 9-card deals (mean and p95 milliseconds)."""
    from .solver import Position, solve

    rules = RuleSet.from_preset("klaberjass")
    times = []
    for k in range(deals):
        deal = Deal.from_seed(rules, seed * 1000 + k)
        deal.apply(ELDER, TAKE)
        assert deal.trump is not None
        pos = Position((deal.hands[0], deal.hands[1]), deal.trump, 0, None, (0, 0), TRICKS_PER_DEAL)
        started = time.perf_counter()
        solve(pos, rules)
        times.append(1000 * (time.perf_counter() - started))
    return {"mean": round(float(np.mean(times)), 2), "p95": round(float(np.percentile(times, 95)), 2)}


def decision_views(count: int, seed: int) -> tuple[list[PlayerView], list[PlayerView]]:
    """Card and bid decisions with a real choice, met in greedy-v-greedy deals of every preset."""
    from .bots import GreedyBot

    greedy = GreedyBot()
    cards: list[PlayerView] = []
    bids: list[PlayerView] = []
    presets = ("klaberjass", "clobber", "klaberass", "kalabriasz")
    k = 0
    while len(cards) < count or len(bids) < count:
        rules = RuleSet.from_preset(presets[k % 4])
        deal = Deal.from_seed(rules, seed * 100_003 + k)
        k += 1
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            view = deal.view(seat)
            real_choice = len([a for a in view.legal if a != EXCHANGE]) > 1
            if view.stage == "play" and real_choice and len(cards) < count:
                cards.append(view)
            elif view.stage != "play" and len(view.legal) > 1 and len(bids) < count:
                bids.append(view)
            deal.apply(seat, greedy.choose(view, 0))
    return cards, bids


def verdict_ms(bids: list[PlayerView], level: str) -> dict[str, Any]:
    """"Coach after each bid": the time from the player's bid to the verdict, per bid position.

    Cold: the evaluation starts at the bid, so the wait is the evaluation and the judgement of the
    bid. Ahead (what the game does): the evaluation starts when the player is asked to bid, so after
    a think of ``t`` seconds only what is left of it remains, then the judgement. Each position's
    evaluation and judgement are timed once, on an otherwise idle process; the waits after a think
    are worked out from those times."""
    from .coach import advise, judge

    evaluated_s, judged_s = [], []
    for view in bids:
        started = time.perf_counter()
        evaluation = advise(view, None, level).evaluation
        evaluated = time.perf_counter()
        judge(view, evaluation, view.legal[-1])
        evaluated_s.append(evaluated - started)
        judged_s.append(time.perf_counter() - evaluated)
    cold = [1000 * (e + j) for e, j in zip(evaluated_s, judged_s)]
    ahead = {str(think): _percentiles([1000 * (max(0.0, e - think) + j) for e, j in zip(evaluated_s, judged_s)])
             for think in THINK_SECONDS}
    return {"level": level, "positions": len(bids), "cold_ms": _percentiles(cold), "ahead_ms": ahead}


def run_bench(decisions: int = 200, seed: int = 0) -> dict[str, Any]:
    first_view = Deal.from_seed(RuleSet.from_preset("klaberjass"), seed).view(ELDER)
    started = time.perf_counter()  # cold: importing the bot and its first decision
    mc = importlib.import_module("ai.mc")
    mc.MonteCarloBot("normal").choose(first_view, seed)
    cold_start_ms = 1000 * (time.perf_counter() - started)
    cards, bids = decision_views(decisions, seed)

    figures: dict[str, Any] = {"playouts_per_s": round(playouts_per_second(seed))}
    figures["solve_ms"] = solver_ms(seed)
    per_level: dict[str, Any] = {}
    for level in LEVEL_NAMES:
        bot = mc.MonteCarloBot(level)
        for view in cards[:5] + bids[:5]:  # warm-up
            bot.choose(view, seed)
        card_ms, bid_ms = [], []
        for k, view in enumerate(cards):
            t = time.perf_counter()
            bot.choose(view, seed + k)
            card_ms.append(1000 * (time.perf_counter() - t))
        for k, view in enumerate(bids):
            t = time.perf_counter()
            bot.choose(view, seed + k)
            bid_ms.append(1000 * (time.perf_counter() - t))
        per_level[f"mc:{level}"] = {"card_ms": _percentiles(card_ms), "bid_ms": _percentiles(bid_ms)}
    figures["decisions"] = per_level
    from . import registry

    figures["coach_after_bid"] = verdict_ms(bids[:VERDICT_POSITIONS], registry.VERDICT_LEVEL)
    figures["cold_start_ms"] = round(cold_start_ms, 1)
    figures["peak_rss_mb"] = peak_rss_mb()
    figures["cpus"] = usable_cpus()  # the figures mean little without the cores they ran on
    return figures
