"""Two arena runs on the same boards compared board by board (issue 10's split of the gap).

Each file is the ``--json`` output of ``klabber arena A B --seed S --deals N`` (with its
``board_margins``); both must share the seed and the opponent, so board k is the same stream of
decks in both. Prints each run's margin on the common boards and the paired difference with its 95%
interval, which is far narrower than the two intervals apart:

    python research/paired.py research/strength/split-true-bids-greedy.json research/strength/split-normal-greedy.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ai.arena import interval95


def load(path: str) -> tuple[str, list[float]]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if "board_margins" not in data:
        sys.exit(f"{path}: no board_margins (written by an arena before they were kept); run it again")
    return f"{data['a']} v {data['b']}", [float(m) for m in data["board_margins"]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    args = parser.parse_args()
    (name1, m1), (name2, m2) = load(args.first), load(args.second)
    n = min(len(m1), len(m2))
    if n < 2:
        sys.exit("fewer than two common boards")
    for name, margins in ((name1, m1[:n]), (name2, m2[:n])):
        lo, hi = interval95(margins)
        print(f"{name}: {sum(margins) / n:+.1f} a deal ({lo:+.1f} .. {hi:+.1f}) on boards 0..{n - 1}")
    diff = [a - b for a, b in zip(m1[:n], m2[:n])]
    lo, hi = interval95(diff)
    print(f"difference, paired: {sum(diff) / n:+.1f} a deal ({lo:+.1f} .. {hi:+.1f})")


if __name__ == "__main__":
    main()
