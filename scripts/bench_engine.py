"""Engine speed: random complete deals through the public API, one process, one core.

Each deal is ``Deal.from_seed`` then, until it is over, ``legal_actions`` for both seats and
``apply`` of a random one (so every action goes through the legality checks, as a record replay
or the game does). Prints deals per second per preset and overall, and the command that ran.

    python scripts/bench_engine.py --deals 4000 --seed 1
    python scripts/bench_engine.py --profile      # cProfile of the same loop, top functions
"""

from __future__ import annotations

import argparse
import random
import shlex
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.deal import Deal  # noqa: E402
from engine.rules import PRESETS, RuleSet  # noqa: E402


def play_deals(rules: RuleSet, n: int, rng: random.Random) -> tuple[int, int]:
    """Play ``n`` random deals; returns (actions applied, deals thrown in)."""
    actions = thrown = 0
    for _ in range(n):
        deal = Deal.from_seed(rules, rng.getrandbits(63))
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            waiting = seat.other
            choices = [(seat, a) for a in deal.legal_actions(seat)]
            choices += [(waiting, a) for a in deal.legal_actions(waiting)]  # an exchange, at times
            deal.apply(*rng.choice(choices))
            actions += 1
        thrown += deal.thrown_in
    return actions, thrown


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per preset (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="time each preset this many times and keep the best (default 3)")
    parser.add_argument("--profile", action="store_true", help="run under cProfile and print the top")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.repeat < 1:
        parser.error("--deals and --repeat must be at least 1")

    print("command:", shlex.join([Path(sys.executable).name, *sys.argv]))
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.enable()
        for name in PRESETS:
            play_deals(RuleSet.from_preset(name), args.deals, random.Random(f"{args.seed}:{name}"))
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return 0

    total_deals = 0
    total_time = 0.0
    for name in PRESETS:
        rules = RuleSet.from_preset(name)
        best = float("inf")
        for _ in range(args.repeat):  # the same deals each time; the best time is the least disturbed
            rng = random.Random(f"{args.seed}:{name}")
            start = time.perf_counter()
            actions, thrown = play_deals(rules, args.deals, rng)
            best = min(best, time.perf_counter() - start)
        total_deals += args.deals
        total_time += best
        print(f"{name:<11} {args.deals / best:8.0f} deals/s   ({args.deals} deals, {args.deals - thrown} played "
              f"out, {thrown} thrown in, {actions / best:,.0f} actions/s, {best:.2f} s)")
    print(f"{'overall':<11} {total_deals / total_time:8.0f} deals/s   ({total_deals} deals, {total_time:.2f} s, "
          f"best of {args.repeat})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
