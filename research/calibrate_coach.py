"""Calibration of the coach's make chance (issue 5, "honest numbers").

Collect: bots play seeded deals to the end; at every bidding decision that makes the seat maker at
once (take, name S, and refuse where the refuser names), the coach-level evaluation's raw make
chance of the chosen action is written with whether the maker made it:

    python research/calibrate_coach.py collect --deals 3000 --seed 1 --out /tmp/cal-1.jsonl

Forced (issue 24): at every bidding decision of the deal (the path the verdict level would bid),
every action the coach shows a make chance for (take, name S, refuse: ``ai.coach.maker_after``)
is forced in turn, and the deal is finished by the ``normal`` level for both seats, so the buckets
under 50% fill with the bids the bot would not make:

    python research/calibrate_coach.py collect --forced --rules klaberjass --seed 5 --deals 150 --jobs 2 --out /tmp/f-5.jsonl

Fit a two-parameter map (Platt scaling; ``--isotonic`` for isotonic regression instead) on some
files, then report on others (``--json``: only a JSON array of ``{bucket, n, predicted, realised,
low, high}``, with the map the game ships):

    python research/calibrate_coach.py fit /tmp/cal-1.jsonl
    python research/calibrate_coach.py report /tmp/cal-2.jsonl [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TextIO

from ai import registry
from ai.calibration import KNOTS, KNOTS_BY_KIND, ChanceKind, Knots, calibrated, chance_kind
from ai.coach import advise, maker_after
from ai.mc import MonteCarloBot
from ai.play_out import play_out
from engine.actions import EXCHANGE, Action, Seat
from engine.deal import PLAY, Deal, shuffled_deck
from engine.rules import ELDER, SEATS, RuleSet

# The card play that finishes the deals: not a verdict (tests/ai/test_verdict_level.py).
PLAY_LEVELS = {"bots": "easy", "forced": "normal"}


def _deck(seed: int, k: int) -> list[int]:
    return shuffled_deck(random.Random(f"cal:{seed}:{k}").getrandbits(63))


def _finish(deal: Deal, player: MonteCarloBot, seed: str) -> None:
    """Play ``deal`` to its end with ``player`` in both seats (the rest of the bidding too)."""
    play_out(deal, {seat: player for seat in SEATS}, lambda step: random.Random(f"{seed}:{step + 1}").getrandbits(63))


def forced_deal(task: tuple[str, int, int, str, str]) -> list[dict[str, object]]:
    """One deal of ``collect --forced``: at each bidding decision on the verdict level's path, the
    coach's advice (exactly as the game computes it, from the seat's view), then every action with
    a make chance forced and played out; one row per forced action."""
    preset, seed, k, level, play_level = task
    rules = RuleSet.from_preset(preset)
    player = MonteCarloBot(play_level)
    deal = Deal.from_deck(rules, _deck(seed, k))
    rows: list[dict[str, object]] = []
    while not deal.is_over and deal.stage != PLAY:
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat)
        advice = advise(view, None, level)
        for action in view.legal:
            raw = advice.raw_make_prob(action)
            maker = maker_after(view, action)
            if raw is None or maker is None:
                continue
            trial = deal.clone()
            trial.apply(seat, action)
            _finish(trial, player, f"forced:{seed}:{k}:{len(deal.actions)}:{action}")
            result = trial.result()
            rows.append({"p": round(raw, 4), "made": result.outcome == "made" and result.maker == maker,
                         "action": str(action), "stage": view.stage, "seat": seat, "maker": maker,
                         "best": action == advice.best, "deal": k})
        deal.apply(seat, MonteCarloBot.forced(view) or advice.best)
    return rows


def collect(args: argparse.Namespace) -> None:
    if args.forced:
        collect_forced(args)
        return
    rules = RuleSet.from_preset(args.rules)
    bidder = MonteCarloBot(args.level)
    player = MonteCarloBot(args.play_level or PLAY_LEVELS["bots"])
    with open(args.out, "a", encoding="utf-8") as out:
        for k in range(args.first, args.first + args.deals):
            deal = Deal.from_deck(rules, shuffled_deck(random.Random(f"cal:{args.seed}:{k}").getrandbits(63)))
            predictions: list[tuple[Seat, Action, float]] = []
            step = 0
            while not deal.is_over:
                for holder in SEATS:
                    if holder != deal.to_act and EXCHANGE in deal.legal_actions(holder):
                        if player.wants_exchange(deal.view(holder)):
                            deal.apply(holder, EXCHANGE)
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
            for maker, action, chance in predictions:
                made = result.outcome == "made" and result.maker == maker
                out.write(json.dumps({"p": round(chance, 4), "made": made, "action": str(action),
                                      "seat": maker, "elder": maker == ELDER, "deal": k}) + "\n")
            out.flush()


def collect_forced(args: argparse.Namespace) -> None:
    """``collect --forced``: deals handed to ``--jobs`` processes, written in deal order."""
    play_level = args.play_level or PLAY_LEVELS["forced"]
    tasks = [(args.rules, args.seed, k, args.level, play_level) for k in range(args.first, args.first + args.deals)]
    with open(args.out, "a", encoding="utf-8") as out:
        if args.jobs <= 1:
            results = map(forced_deal, tasks)
            for rows in results:
                _write(out, rows)
            return
        with ProcessPoolExecutor(args.jobs) as pool:
            for rows in pool.map(forced_deal, tasks):
                _write(out, rows)


def _write(out: TextIO, rows: list[dict[str, object]]) -> None:
    for row in rows:
        out.write(json.dumps(row) + "\n")
    out.flush()


def _kind(row: dict[str, Any]) -> ChanceKind | None:
    """The row's kind of bid: from its stage and action; rows written before rows had a stage (the
    bot's own bids: a take in round one, a name in round two) from the action alone."""
    if "action" not in row:
        return None
    action = Action.parse(str(row["action"]))
    stage = row.get("stage") or ("bidding_round_one" if action.kind == "take" else "bidding_round_two")
    return chance_kind(str(stage), action)


def _load_kinds(paths: list[str]) -> list[tuple[float, bool, ChanceKind | None]]:
    rows = []
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                rows.append((float(row["p"]), bool(row["made"]), _kind(row)))
    return rows


def _load(paths: list[str]) -> list[tuple[float, bool]]:
    return [(p, made) for p, made, _kind in _load_kinds(paths)]


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
    for knot_x, knot_y in knots:
        if merged and abs(merged[-1][0] - knot_x) < 1e-9:
            continue
        merged.append((round(knot_x, 4), round(knot_y, 4)))
    if merged[0][0] > 0:
        merged.insert(0, (0.0, merged[0][1]))
    if merged[-1][0] < 1:
        merged.append((1.0, merged[-1][1]))
    return merged


def _logit(p: float) -> float:
    p = min(1 - 1e-4, max(1e-4, p))
    return math.log(p / (1 - p))


def platt(rows: list[tuple[float, bool]]) -> list[tuple[float, float]]:
    """A two-parameter map ``sigmoid(a * logit(raw) + b)``, fitted by maximum likelihood (Newton).

    Isotonic regression follows the noise of one seed (20 knots on 4,110 decisions, and the next
    seed missed a bucket); two parameters carry the steady overestimate and generalise. Returned as
    knots every 0.05 (and 0.01 near the ends) for ``ai.calibration.calibrated``.
    """
    a, b = 1.0, 0.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for raw, made in rows:
            x = _logit(raw)
            q = 1 / (1 + math.exp(-(a * x + b)))
            ga += (made - q) * x
            gb += made - q
            w = q * (1 - q)
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        step_a = (hbb * ga - hab * gb) / det
        step_b = (haa * gb - hab * ga) / det
        a, b = a + step_a, b + step_b
        if abs(step_a) + abs(step_b) < 1e-9:
            break
    grid = sorted({k / 20 for k in range(21)} | {0.01, 0.02, 0.98, 0.99})
    return [(x, round(1 / (1 + math.exp(-(a * _logit(x) + b))), 4)) for x in grid]


def fit(args: argparse.Namespace) -> None:
    """One map for every row, or with ``--by-kind`` one per kind of bid (``ai.calibration``'s
    ``KNOTS_BY_KIND``); ``--out`` writes them as JSON for ``report --knots``."""
    if args.by_kind:
        kinds = _load_kinds(args.files)
        maps = {kind: platt([(p, m) for p, m, k in kinds if k == kind]) for kind in ChanceKind}
        if args.out:
            Path(args.out).write_text(json.dumps({str(k): v for k, v in maps.items()}) + "\n", encoding="utf-8")
        for kind, knots in maps.items():
            print(f"{kind.name}: {sum(k == kind for _, _, k in kinds)} rows")
            for x, y in knots:
                print(f"    ({x}, {y}),")
        return
    rows = _load(args.files)
    knots = isotonic(rows) if args.isotonic else platt(rows)
    if args.out:
        Path(args.out).write_text(json.dumps(knots) + "\n", encoding="utf-8")
    print("KNOTS: tuple[tuple[float, float], ...] = (")
    for x, y in knots:
        print(f"    ({x}, {y}),")
    print(")")


def wilson(made: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a rate: sound near 0 and 1, where the normal one is not."""
    rate = made / n
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half) + 0.0, min(1.0, centre + half)  # + 0.0: never a -0.0 at nought made


def buckets(mapped: list[tuple[float, bool]]) -> list[dict[str, Any]]:
    """Per 10% bucket of the shown chance: count, mean prediction, realised rate, Wilson 95%."""
    table: list[dict[str, Any]] = []
    for b in range(10):
        lo, hi = b / 10, (b + 1) / 10
        inside = [(p, m) for p, m in mapped if lo <= p < hi or (b == 9 and p == 1.0)]
        if not inside:
            continue
        made = sum(m for _, m in inside)
        low, high = wilson(made, len(inside))
        table.append({"bucket": f"{lo:.1f}-{hi:.1f}", "n": len(inside),
                      "predicted": round(sum(p for p, _ in inside) / len(inside), 4),
                      "realised": round(made / len(inside), 4), "low": round(low, 4), "high": round(high, 4)})
    return table


def report(args: argparse.Namespace) -> None:
    """Per 10% bucket: count, mean prediction, realised rate and its 95% interval (issue 11).

    A bucket of 200 or more decisions passes when its mean prediction lies inside the interval.
    ``--knots FILE`` judges a map written by ``fit --out`` instead of the one in ai/calibration.py;
    ``--json`` prints only the buckets, as a JSON array.
    """
    rows = _load_kinds(args.files)
    maps: dict[ChanceKind | None, Knots] = {None: KNOTS}
    for kind, knots in KNOTS_BY_KIND.items():
        maps[kind] = knots
    if args.knots is not None:  # fit --out's JSON: one map (a list), or one per kind (an object)
        written = json.loads(Path(args.knots).read_text())
        if isinstance(written, list):
            maps = {kind: tuple((x, y) for x, y in written) for kind in maps}
        else:
            maps |= {ChanceKind(k): tuple((x, y) for x, y in v) for k, v in written.items()}
    table = buckets([(calibrated(p, knots=maps[kind]), m) for p, m, kind in rows])
    if args.json:
        print(json.dumps(table))
        return
    print(f"{len(rows)} decisions, each mapped by its kind of bid")
    print("| predicted bucket | decisions | mean predicted | realised make rate | 95% interval | holds |")
    print("| --- | --- | --- | --- | --- | --- |")
    failed = 0
    for r in table:
        if r["n"] >= 200:
            holds = "yes" if r["low"] <= r["predicted"] <= r["high"] else "**no**"
            failed += holds != "yes"
        else:
            holds = "under 200: not judged"
        print(f"| {r['bucket']} | {r['n']:,} | {100 * r['predicted']:.1f}% | {100 * r['realised']:.1f}% | "
              f"{100 * r['low']:.1f}% .. {100 * r['high']:.1f}% | {holds} |")
    print(f"buckets of 200 or more that miss: {failed}")


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
    c.add_argument("--play-level", default=None, help=f"the card play (default {PLAY_LEVELS})")
    c.add_argument("--forced", action="store_true", help="force every bid with a make chance (issue 24)")
    c.add_argument("--jobs", type=int, default=1, help="processes for --forced")
    c.add_argument("--out", required=True)
    c.set_defaults(run=collect)
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--isotonic", action="store_true", help="a monotone step map instead of the two-parameter one")
    f.add_argument("--by-kind", action="store_true", help="one two-parameter map per kind of bid (take, name, answer)")
    f.add_argument("--out", help="also write the knots as JSON, for report --knots")
    f.set_defaults(run=fit)
    r = sub.add_parser("report")
    r.add_argument("files", nargs="+")
    r.add_argument("--knots", help="a JSON file of knots from fit --out (default: ai/calibration.py)")
    r.add_argument("--json", action="store_true", help="only the buckets, as a JSON array")
    r.set_defaults(run=report)
    return parser


def main() -> None:
    args = build_parser().parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
