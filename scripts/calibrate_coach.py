"""Calibration of the coach's make chance (issue 5, "honest numbers").

Collect: bots play seeded deals to the end; at every bidding decision that makes the seat maker at
once (take, name S, and refuse where the refuser names), the coach-level evaluation's raw make
chance of the chosen action is written with whether the maker made it:

    python scripts/calibrate_coach.py collect --deals 3000 --seed 1 --out /tmp/cal-1.jsonl

Fit a monotone map (isotonic regression) on some files, then report on others:

    python scripts/calibrate_coach.py fit /tmp/cal-1.jsonl
    python scripts/calibrate_coach.py report /tmp/cal-2.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai import registry  # noqa: E402
from ai.calibration import KNOTS, calibrated  # noqa: E402
from ai.mc import MonteCarloBot  # noqa: E402
from engine.deal import Deal, shuffled_deck  # noqa: E402
from engine.rules import ELDER, SEATS, RuleSet  # noqa: E402


def collect(args: argparse.Namespace) -> None:
    rules = RuleSet.from_preset(args.rules)
    bidder = MonteCarloBot(args.level)
    player = MonteCarloBot(args.play_level)
    with open(args.out, "a", encoding="utf-8") as out:
        for k in range(args.first, args.first + args.deals):
            deal = Deal.from_deck(rules, shuffled_deck(random.Random(f"cal:{args.seed}:{k}").getrandbits(63)))
            predictions: list[tuple[str, str, float]] = []
            step = 0
            while not deal.is_over:
                for seat in SEATS:
                    if seat != deal.to_act and "exchange" in deal.legal_actions(seat):
                        if player.wants_exchange(deal.view(seat)):
                            deal.apply(seat, "exchange")
                seat = deal.to_act
                assert seat is not None
                view = deal.view(seat)
                step += 1
                if deal.stage == "play":
                    deal.apply(seat, player.choose(view, k * 100 + step))
                    continue
                evaluation = bidder.evaluate(view, k * 100 + step)
                action = evaluation.best
                chance = evaluation.value(action).make_prob
                deal.apply(seat, action)
                if chance is not None and deal.maker == seat:
                    predictions.append((seat, action, chance))
            result = deal.result()
            for seat, action, chance in predictions:
                made = result.outcome == "made" and result.maker == seat
                out.write(json.dumps({"p": round(chance, 4), "made": made, "action": action,
                                      "seat": seat, "elder": seat == ELDER, "deal": k}) + "\n")
            out.flush()


def _load(paths: list[str]) -> list[tuple[float, bool]]:
    rows = []
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                rows.append((float(row["p"]), bool(row["made"])))
    return rows


def isotonic(rows: list[tuple[float, bool]]) -> list[tuple[float, float]]:
    """Pool-adjacent-violators on (raw, made), returned as knots at the block means."""
    rows = sorted(rows)
    blocks: list[list[float]] = []  # [sum_x, sum_y, n]
    for x, y in rows:
        blocks.append([x, float(y), 1.0])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            x2, y2, n2 = blocks.pop()
            blocks[-1][0] += x2
            blocks[-1][1] += y2
            blocks[-1][2] += n2
    knots = [(b[0] / b[2], b[1] / b[2]) for b in blocks]
    merged: list[tuple[float, float]] = []
    for x, y in knots:
        if merged and abs(merged[-1][0] - x) < 1e-9:
            continue
        merged.append((round(x, 4), round(y, 4)))
    if merged[0][0] > 0:
        merged.insert(0, (0.0, merged[0][1]))
    if merged[-1][0] < 1:
        merged.append((1.0, merged[-1][1]))
    return merged


def fit(args: argparse.Namespace) -> None:
    knots = isotonic(_load(args.files))
    print("KNOTS: tuple[tuple[float, float], ...] = (")
    for x, y in knots:
        print(f"    ({x}, {y}),")
    print(")")


def report(args: argparse.Namespace) -> None:
    rows = _load(args.files)
    print(f"{len(rows)} decisions; knots in use: {len(KNOTS)}")
    print("| predicted bucket | decisions | mean predicted | realised make rate | gap |")
    print("| --- | --- | --- | --- | --- |")
    for b in range(10):
        lo, hi = b / 10, (b + 1) / 10
        inside = [(calibrated(p), m) for p, m in rows if lo <= calibrated(p) < hi or (b == 9 and calibrated(p) == 1.0)]
        if not inside:
            continue
        predicted = sum(p for p, _ in inside) / len(inside)
        realised = sum(m for _, m in inside) / len(inside)
        flag = "" if len(inside) >= 200 else " (under 200: not judged)"
        print(f"| {lo:.1f}-{hi:.1f} | {len(inside)} | {100 * predicted:.1f}% | {100 * realised:.1f}% | "
              f"{100 * (realised - predicted):+.1f}{flag} |")


def build_parser() -> argparse.ArgumentParser:
    """The script's commands (a function, so a test reads the defaults without running one)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--deals", type=int, default=100)
    c.add_argument("--first", type=int, default=0)
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--rules", default="klaberjass")
    c.add_argument("--level", default=registry.VERDICT_LEVEL)  # the coach's level (issue 11)
    c.add_argument("--play-level", default="easy")
    c.add_argument("--out", required=True)
    c.set_defaults(run=collect)
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.set_defaults(run=fit)
    r = sub.add_parser("report")
    r.add_argument("files", nargs="+")
    r.set_defaults(run=report)
    return parser


def main() -> None:
    args = build_parser().parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
