"""Time ai.solver.solve on fresh 9-card deals: mean and p95 over random deals.

    /tmp/venv/bin/python scripts/bench_solver.py [--deals 50] [--preset klaberjass] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.solver import Position, _Search, _check, solve  # noqa: E402
from engine.rules import PRESETS, RuleSet  # noqa: E402


def random_position(rng: random.Random, tricks: int = 9) -> Position:
    deck = list(range(32))
    rng.shuffle(deck)
    h0 = sum(1 << c for c in deck[:tricks])
    h1 = sum(1 << c for c in deck[tricks : 2 * tricks])
    return Position((h0, h1), rng.randrange(4), 0, None, (0, 0), tricks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--preset", default="klaberjass", choices=list(PRESETS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--nodes", action="store_true", help="also report search nodes")
    args = parser.parse_args()
    rules = RuleSet.from_preset(args.preset)
    rng = random.Random(args.seed)
    times = []
    nodes = []
    for _ in range(args.deals):
        pos = random_position(rng)
        start = time.perf_counter()
        solve(pos, rules)
        times.append(time.perf_counter() - start)
        if args.nodes:
            _check(pos)
            s = _Search(pos, rules)
            s.value(pos)
            nodes.append(s.nodes)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(
        f"{args.preset}: {args.deals} deals, mean {1000 * statistics.mean(times):.1f} ms, "
        f"p95 {1000 * p95:.1f} ms, max {1000 * times[-1]:.1f} ms"
    )
    if nodes:
        print(f"nodes: mean {statistics.mean(nodes):.0f}, max {max(nodes)}")


if __name__ == "__main__":
    main()
