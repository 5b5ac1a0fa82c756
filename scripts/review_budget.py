"""The review's budget on the clock (issue 24): a finished deal reviewed in at most 10 s on 2 cores.

Seeded deals of each preset are played to the end by ``greedy`` for both seats (cheap, and it
takes, passes and names as the rule of thumb says, so every kind of bidding comes up), then each is
reviewed as the game reviews it (``klabber_tui.practice.review.review_deal`` at the verdict level, both
seats). Timed apart: the whole review, and in it the bids' hindsight (``ai.hindsight``: every
contract of the deal solved exactly, then each bid's tree walked).

    python scripts/review_budget.py [--deals 5] [--seed 0] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from ai import registry
from ai.arena import usable_cpus
from ai.hindsight import Contracts, bid_values
from ai.play_out import play_out
from engine.actions import BIDDING_STAGES, SEATS
from engine.deal import Deal
from engine.rules import PRESETS, RuleSet
from klabber_tui.practice.review import review_deal


def bids_hindsight_s(deal: Deal) -> float:
    """Seconds for the bids' hindsight of a finished deal, replayed from its start."""
    started = time.perf_counter()
    replayed = _fresh(deal)
    contracts = Contracts(replayed)
    said = [action for _, action in deal.actions]
    for k, (seat, action) in enumerate(deal.actions):
        if replayed.stage in BIDDING_STAGES and replayed.to_act == seat and len(replayed.legal_actions(seat)) > 1:
            bid_values(replayed, said[k:], contracts)
        replayed.apply(seat, action)
    return time.perf_counter() - started


def _fresh(deal: Deal) -> Deal:
    return Deal(deal.rules, deal.first[0], deal.first[1], deal.turn_up_card, deal.extra[0], deal.extra[1], deal.bottom)


def summary(samples: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(samples), 2), "max": round(max(samples), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    bot = registry.make_arena_bot("greedy")
    figures: dict[str, object] = {"cpus": usable_cpus(), "level": registry.VERDICT_LEVEL}
    for preset in PRESETS:
        rules = RuleSet.from_preset(preset)
        reviews, hindsights = [], []
        for n in range(args.deals):
            deal = Deal.from_seed(rules, args.seed + n)
            play_out(deal, {seat: bot for seat in SEATS}, lambda step: step)
            started = time.perf_counter()
            review_deal(_fresh(deal), deal.actions, SEATS)
            reviews.append(time.perf_counter() - started)
            hindsights.append(bids_hindsight_s(deal))
        figures[preset] = {"review_s": summary(reviews), "bids_hindsight_s": summary(hindsights), "deals": args.deals}
    print(json.dumps(figures) if args.json else json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
