"""The match model's data and its check against whole matches (issue 24, ``ai/match_model.py``).

Collect: two bots play whole matches to a target (``ai.arena.play_match``, every bot told the
standing), and every deal is written with the standing before it, who dealt, what each seat scored,
who made, the outcome, and who won the match in the end:

    python research/match_model.py collect --rules klaberjass --bots mc:normal mc:normal \
        --matches 40 --seed 1 --out /tmp/matches-klaberjass-1.jsonl

Fit: each preset's distribution of deal scores (elder points, dealer points, the maker, binned to
``ai.match_model.STEP`` points, thrown-in deals included) from one or more files, printed as the
module ``ai/match_data.py`` (every preset found in the files):

    python research/match_model.py fit /tmp/matches-*-1.jsonl

Check: the model's chance to win the match from every standing the matches of another seed went
through (before each deal, from the side of the player who is elder in it), bucketed by the
prediction, against the share of those matches that player won, with Wilson 95% intervals:

    python research/match_model.py check /tmp/matches-klaberjass-2.jsonl [--json]
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from ai.arena import match_seed
from ai.play_out import play_out
from ai.registry import make_bot
from ai.utility import standings_of
from engine.match import Match
from engine.rules import DEALER, ELDER, RuleSet
from research.calibrate_coach import buckets

MAX_DEALS = 1000


def _step_seed(seed: int, match: int, number: int, step: int) -> int:
    """The seeds ``klabber arena --target`` gives the first play of a match (the data in research/coach
    was collected with them)."""
    return random.Random(f"decide-match:{seed}:{match}:0:{number}:{step}").getrandbits(63)


def collect(args: argparse.Namespace) -> None:
    """Whole matches, each deal one line (``match`` ties the lines of a match together)."""
    from ai import match_data

    # The bots decide on their value alone; the match chance they compute beside it is not read here,
    # so a preset not measured yet borrows another's distribution while its own is being measured.
    match_data.DEALS.setdefault(args.rules, next(iter(match_data.DEALS.values())))
    options = {} if args.target is None else {"target": args.target}
    rules = RuleSet.from_preset(args.rules, options)
    bots = (make_bot(args.bots[0]), make_bot(args.bots[1]))
    with open(args.out, "a", encoding="utf-8") as out:
        for k in range(args.first, args.first + args.matches):
            match = Match(rules, match_seed(args.seed, k))
            rows = []
            while not match.is_over and match.number <= MAX_DEALS:
                before = match.totals
                dealer = match.dealer
                number = match.number
                seats = {match.seat_of(p): bots[p] for p in (0, 1)}
                play_out(match.deal, seats, lambda step: _step_seed(args.seed, k, number, step), standings_of(match))
                result = match.deal.result()
                match.finish_deal()
                rows.append({
                    "match": k, "number": number, "dealer": dealer, "before": list(before),
                    "elder": result.seat(ELDER).scored, "dealer_points": result.seat(DEALER).scored,
                    "maker": result.maker, "outcome": result.outcome,
                })
            for row in rows:
                row["winner"] = match.winner
                row["rules"] = args.rules
                row["target"] = rules.target
                out.write(json.dumps(row) + "\n")
            out.flush()


def _load(paths: list[str]) -> list[dict[str, Any]]:
    rows = []
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                rows.append(json.loads(line))
    return rows


def fit(args: argparse.Namespace) -> None:
    """Each preset's binned distribution of deal scores, written as ``ai/match_data.py``."""
    from ai.match_model import STEP
    rows = _load(args.files)
    by_preset: dict[str, Counter[tuple[int, int, str]]] = {}
    for row in rows:
        maker = {ELDER: "e", DEALER: "d", None: "-"}[row["maker"]]
        key = (round(int(row["elder"]) / STEP), round(int(row["dealer_points"]) / STEP), maker)
        by_preset.setdefault(str(row["rules"]), Counter())[key] += 1
    lines = [
        '"""Each preset\'s distribution of deal scores, for ``ai.match_model`` (generated: do not edit).',
        "",
        "Rows: (elder's score, dealer's score, in steps of STEP points; who made it, e, d or - for a",
        "thrown-in deal; how many deals). Written by",
        f"    python research/match_model.py fit {' '.join(args.files)} --out ai/match_data.py",
        "from whole matches of bot self-play (docs/coach.md).",
        '"""',
        "",
        f"STEP = {STEP}",
        "",
        "DEALS: dict[str, tuple[tuple[int, int, str, int], ...]] = {",
    ]
    for preset, counts in sorted(by_preset.items()):
        lines.append(f"    # {sum(counts.values())} deals")
        lines.append(f"    {preset!r}: (")
        items = [f"({e}, {d}, {m!r}, {n})" for (e, d, m), n in sorted(counts.items())]
        for k in range(0, len(items), 6):
            lines.append("        " + ", ".join(items[k:k + 6]) + ",")
        lines.append("    ),")
    lines.append("}")
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")


def _data(path: str | None) -> dict[str, tuple[tuple[int, int, str, int], ...]]:
    """The distributions of ``ai/match_data.py``, or of a file ``fit --out`` wrote."""
    from ai import match_data
    if path is None:
        return match_data.DEALS
    space: dict[str, object] = {}
    exec(compile(Path(path).read_text(encoding="utf-8"), path, "exec"), space)
    if space["STEP"] != match_data.STEP:
        raise SystemExit(f"{path} is binned in steps of {space['STEP']}, the model in {match_data.STEP}")
    deals: dict[str, tuple[tuple[int, int, str, int], ...]] = space["DEALS"]  # type: ignore[assignment]  # a module fit wrote
    return deals


def check_rows(rows: list[dict[str, Any]], data: str | None = None) -> list[tuple[float, bool]]:
    """(predicted, won) for the elder of every deal, from the standing before it."""
    from ai.match_model import MatchModel
    deals = _data(data)
    models: dict[tuple[str, int], MatchModel] = {}
    out = []
    for row in rows:
        key = (str(row["rules"]), int(row["target"]))
        if key not in models:
            rules = RuleSet.from_preset(key[0], {"target": key[1]})
            models[key] = MatchModel(deals[key[0]], key[1], rules.redeal_dealer == "same", rules.maker_counts_first)
        if row["winner"] is None:
            continue
        dealer = int(row["dealer"])
        elder = 1 - dealer
        before = row["before"]
        assert isinstance(before, list)
        predicted = models[key].elder_wins(before[elder], before[dealer])
        out.append((predicted, row["winner"] == elder))
    return out


def check(args: argparse.Namespace) -> None:
    pairs = check_rows(_load(args.files), args.data)
    table: list[dict[str, Any]] = buckets(pairs)
    if args.json:
        print(json.dumps(table))
        return
    print(f"{len(pairs)} standings (one per deal, from the elder's side)")
    print("| predicted bucket | standings | mean predicted | realised win rate | 95% interval |")
    print("| --- | --- | --- | --- | --- |")
    for r in table:
        print(f"| {r['bucket']} | {r['n']:,} | {100 * r['predicted']:.1f}% | {100 * r['realised']:.1f}% | "
              f"{100 * r['low']:.1f}% .. {100 * r['high']:.1f}% |")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--rules", default="klaberjass")
    c.add_argument("--bots", nargs=2, default=["mc:normal", "mc:normal"])
    c.add_argument("--target", type=int, default=None, help="default: the preset's")
    c.add_argument("--matches", type=int, default=10)
    c.add_argument("--first", type=int, default=0)
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--out", required=True)
    c.set_defaults(run=collect)
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--out", default=str(Path(__file__).resolve().parents[1] / "ai" / "match_data.py"))
    f.set_defaults(run=fit)
    k = sub.add_parser("check")
    k.add_argument("files", nargs="+")
    k.add_argument("--json", action="store_true")
    k.add_argument("--data", help="the distributions to check (a file fit --out wrote; default ai/match_data.py)")
    k.set_defaults(run=check)
    return parser


def main() -> None:
    args = build_parser().parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
