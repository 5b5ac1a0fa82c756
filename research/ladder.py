"""The bidding ladder (issue 31, item 4): each level's points lost per bidding decision, judged by the coach.

Collect: seeded matches (rules.md §9, to the preset's target) where the level under test holds player
0's seat against the game's usual opponent (``mc:normal``, the table's default level); at every
bidding decision of player 0 with a choice (more than one legal action, as
``klabber_tui.coaching.bid_to_judge`` asks), the coach is asked exactly what the game asks it: the
evaluation at the verdict level (``ai.registry.VERDICT_LEVEL``) from the player's view with the
match standing from the player's side (``advise(view, None, level, standing)``), then the verdict on
the action the level chose (``judge``). One JSONL row per decision, with the loss the statistics
would record (``klabber_tui.stats.record_decision``: clamped to 0..1000 and rounded to 0.01)::

    python research/ladder.py collect --preset klaberjass --level easy --seed 1 --matches 4 \\
        --out research/ladder/decisions-klaberjass-fit.jsonl

Summarise: per preset and level, the mean loss per decision and its 95% interval (a t-interval of
the ratio mean clustered by match: the decisions of one match share its standing), the
per-decision standard deviation, and for adjacent rungs the decisions needed to tell them apart;
then the held-out check on other seeds (``--check``)::

    python research/ladder.py summarise research/ladder/decisions-*-fit.jsonl \\
        --check research/ladder/decisions-*-check.jsonl --out research/ladder/summary.json

``ai.ladder``'s constants are that summary's numbers (tests/ai/test_ladder.py checks they agree).
The card play of a match can be handed to a cheaper level for both seats (``--card-level``) to
afford more bidding decisions: the coach's verdict does not depend on the cards played, only the
standing does (docs/coach.md, "The bidding ladder").
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ai import registry
from ai.bots import Bot
from ai.coach import advise, judge
from ai.ladder import LADDER_LEVELS, TOP_LEVEL, WINDOW, Figure, Placement, ladder, needed_decisions, place, rung_of, separations, t_quantile
from ai.utility import Standing
from engine.actions import BIDDING_STAGES, EXCHANGE, SEATS, Seat
from engine.deal import Deal
from engine.match import Match
from engine.rules import PRESETS, RuleSet

OPPONENT = "normal"  # klabber_tui.session.DEFAULT_LEVEL: the level the table offers first
MAX_LOSS = 10**3  # klabber_tui.stats.MAX_LOSS: what one decision's recorded loss is clamped to
PLAYER = 0  # the seat of the level under test, as the player is player 0 at the table


def decision_seed(match_seed: int, deal_number: int, action_index: int, seat: str) -> int:
    """A bot's seed for one decision, as the table derives one (``klabber_tui.session.decision_seed``)
    but under this script's own name, so no seed here is one the game uses."""
    digest = hashlib.sha256(f"klabber-ladder:{match_seed}:{deal_number}:{action_index}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def match_seed(preset: str, level: str, seed: int, k: int) -> int:
    """The shuffle seed of match ``k`` of a run: the level is in it, so two levels never share deals
    by accident (each is a sample of the game, not a paired comparison)."""
    digest = hashlib.sha256(f"ladder:{preset}:{level}:{seed}:{k}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def recorded_loss(loss: float) -> float:
    """The loss as a statistics row keeps it (``klabber_tui.stats.record_decision``)."""
    return round(min(max(0.0, loss), float(MAX_LOSS)), 2)


def _standing(match: Match, player: int) -> Standing:
    """The match score before this deal from ``player``'s side (``klabber_tui.coaching.standing_now``)."""
    totals = match.totals
    return Standing(totals[player], totals[1 - player], match.target)


def play_match(preset: str, level: str, seed: int, k: int, opponent: str, card_level: str | None,
               out: Any, max_deals: int) -> tuple[int, int]:
    """Play match ``k`` of ``seed`` with ``level`` as player 0; write a row per judged decision.
    Returns (deals played, decisions judged)."""
    rules = RuleSet.from_preset(preset)
    ms = match_seed(preset, level, seed, k)
    match = Match(rules, ms)
    bidders: dict[int, Bot] = {PLAYER: registry.make_bot(registry.bot_name(level)),
                               1 - PLAYER: registry.make_bot(registry.bot_name(opponent))}
    card_bot = None if card_level is None else registry.make_bot(registry.bot_name(card_level))
    verdict = registry.VERDICT_LEVEL
    decisions = 0
    deals = 0
    while not match.is_over and deals < max_deals:
        deal: Deal = match.deal
        number = match.number
        standings = {seat: _standing(match, match.player_at(seat)) for seat in SEATS}

        def bot_of(seat: Seat, stage: str) -> Bot:
            if card_bot is not None and stage not in BIDDING_STAGES:
                return card_bot
            return bidders[match.player_at(seat)]

        while not deal.is_over:
            for holder in SEATS:
                if holder != deal.to_act and EXCHANGE in deal.legal_actions(holder):
                    if bot_of(holder, deal.stage).wants_exchange(deal.view(holder)):
                        deal.apply(holder, EXCHANGE)
            seat = deal.to_act
            assert seat is not None
            stage = deal.stage
            view = deal.view(seat)
            index = len(deal.actions)
            bot = bot_of(seat, stage)
            action = bot.choose(view, decision_seed(ms, number, index, str(seat)), standings[seat])
            if match.player_at(seat) == PLAYER and stage in BIDDING_STAGES and len(view.legal) >= 2:
                evaluated = advise(view, None, verdict, standings[seat])
                verdict_on = judge(view, evaluated.evaluation, action)
                st = standings[seat]
                out.write(json.dumps({
                    "preset": preset, "level": level, "seed": seed, "match": k, "deal": number,
                    "decision": index, "stage": str(stage), "seat": str(seat), "chosen": str(action),
                    "best": str(verdict_on.best), "loss": recorded_loss(verdict_on.loss),
                    "raw_loss": round(verdict_on.loss, 4), "loss_se": round(verdict_on.loss_se, 4),
                    "standing": [st.mine, st.theirs, st.target], "opponent": opponent,
                    "card_level": card_level, "judge": verdict}) + "\n")
                decisions += 1
            deal.apply(seat, action)
        match.finish_deal()
        deals += 1
    out.flush()
    return deals, decisions


def collect(args: argparse.Namespace) -> int:
    out_path = Path(args.out)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    total_deals = total_decisions = 0
    with out_path.open("a", encoding="utf-8") as out:
        for seed in args.seed:
            for k in range(args.first, args.first + args.matches):
                deals, decisions = play_match(args.preset, args.level, seed, k, args.opponent, args.card_level, out,
                                              args.max_deals)
                total_deals += deals
                total_decisions += decisions
                elapsed = time.perf_counter() - started
                print(f"{args.preset} {args.level} seed {seed} match {k}: {deals} deals, {decisions} decisions; "
                      f"{elapsed:.0f} s so far, {elapsed / max(1, total_decisions):.2f} s a decision",
                      file=sys.stderr, flush=True)
    return 0


# -- summarise ----------------------------------------------------------------------------------


def read_rows(paths: Iterable[str]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            rows += [json.loads(line) for line in f if line.strip()]
    return rows


def clustered_interval(rows: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    """The mean recorded loss per decision with a 95% t-interval clustered by match.

    The mean is the ratio (sum of losses) / (decisions); its variance is the cluster-robust one,
    G/(G-1) · Σ_g (T_g − m·n_g)² / n², with T_g and n_g the loss sum and decision count of match g
    and G matches, and the t quantile with G − 1 degrees of freedom; its low end is held at 0.
    By match, not by deal: a match's decisions share its standing, and a bidder blind to it loses
    big on several deals near the target of the same match (docs/coach.md). ``sd`` is the per-decision standard
    deviation (what a player's interval over n decisions is sized by), ``deff`` the design effect
    (clustered variance over the variance of independent decisions)."""
    clusters: dict[tuple[Any, ...], list[float]] = defaultdict(list)
    for r in rows:
        clusters[(r["seed"], r["match"])].append(float(r["loss"]))
    losses = [x for c in clusters.values() for x in c]
    n = len(losses)
    g = len(clusters)
    mean = sum(losses) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in losses) / (n - 1)) if n > 1 else 0.0
    var = g / (g - 1) * sum((sum(c) - mean * len(c)) ** 2 for c in clusters.values()) / n**2 if g > 1 else 0.0
    se = math.sqrt(var)
    half = t_quantile(g - 1) * se if g > 1 else 0.0
    iid = sd**2 / n if n else 0.0
    low = max(0.0, mean - half)  # no decision loses less than nothing: the interval is held at 0
    deals = len({(r["seed"], r["match"], r["deal"]) for r in rows})
    return {"n": n, "matches": g, "deals": deals, "mean": round(mean, 4), "low": round(low, 4), "high": round(mean + half, 4),
            "sd": round(sd, 4), "se": round(se, 4), "deff": round(var / iid, 3) if iid > 0 else 1.0}


def summarise(args: argparse.Namespace) -> int:
    fit = read_rows(args.files)
    check = read_rows(args.check or [])
    summary: dict[str, Any] = {"judge": registry.VERDICT_LEVEL, "opponent": sorted({r["opponent"] for r in fit}),
                               "card_level": sorted({str(r["card_level"]) for r in fit}), "presets": {}}
    for preset in PRESETS:
        by_level = {lv: [r for r in fit if r["preset"] == preset and r["level"] == lv] for lv in (*LADDER_LEVELS, TOP_LEVEL)}
        if not all(by_level.values()):
            continue
        fitted = {lv: clustered_interval(rs) for lv, rs in by_level.items()}
        figures = figures_of(fitted)
        pairs = [{"weaker": p.weaker, "stronger": p.stronger, "intervals_overlap": p.overlap,
                  "decisions": p.decisions, "distinct": p.distinct} for p in separations(preset, figures)]
        entry: dict[str, Any] = {"levels": fitted, "adjacent": pairs,
                                 "rungs": [list(r.levels) for r in ladder(preset, figures)],
                                 "needed": needed_decisions(preset, figures),
                                 seeds_key(): sorted({r["seed"] for rs in by_level.values() for r in rs})}
        held = {lv: [r for r in check if r["preset"] == preset and r["level"] == lv] for lv in (*LADDER_LEVELS, TOP_LEVEL)}
        if any(held.values()):
            entry["check"] = {lv: held_out(rs, fitted[lv], preset, figures) for lv, rs in held.items() if rs}
        summary["presets"][preset] = entry
    text = json.dumps(summary, indent=1, sort_keys=True)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    if args.json:
        print(text)
    elif args.markdown:
        print(markdown(summary))
    else:
        print(table(summary))
    return 0


def seeds_key() -> str:
    return "fit_seeds"


def figures_of(fitted: Mapping[str, Mapping[str, Any]]) -> dict[str, Figure]:
    """``ai.ladder``'s figures from a preset's fitted intervals (rounded as ``ai.ladder`` keeps them)."""
    return {lv: Figure(lv, round(f["mean"], 3), round(f["low"], 3), round(f["high"], 3), round(f["sd"], 3), int(f["n"]))
            for lv, f in fitted.items()}


def held_out(rows: Sequence[Mapping[str, Any]], fitted: Mapping[str, float], preset: str,
             figures: Mapping[str, Figure]) -> dict[str, Any]:
    """The held-out check of one level: its mean on the unseen seeds (inside the fitted interval?),
    where ``ai.ladder.place`` puts it from all its held-out decisions and from the last ``WINDOW`` of
    them, and after how many decisions (in play order) it is placed at its own rung and stays there."""
    ordered = sorted(rows, key=lambda r: (r["seed"], r["match"], r["deal"], r["decision"]))
    losses = [float(r["loss"]) for r in ordered]
    own = rows[0]["level"]
    stats = clustered_interval(rows)

    def describe(p: Placement) -> dict[str, Any]:
        return {"code": str(p.code), "rungs": [list(r.levels) for r in p.rungs], "n": p.n, "mean": round(p.mean, 3),
                "low": round(p.low, 3), "high": round(p.high, 3), "more_needed": p.more_needed}

    reached = None
    own_rung = rung_of(preset, own, figures)
    for k in range(1, len(losses) + 1):
        if own_rung is not None and place(preset, losses[:k], len(losses), figures).at(own_rung):
            if reached is None:
                reached = k
        else:
            reached = None
    everything = place(preset, losses, len(losses), figures)
    last = place(preset, losses, WINDOW, figures)
    return {"n": len(losses), "mean": stats["mean"], "low": stats["low"], "high": stats["high"],
            "mean_in_fitted_interval": fitted["low"] <= stats["mean"] <= fitted["high"],
            # the held-out mean has its own noise: the difference of the two means in standard errors
            "z": round((stats["mean"] - fitted["mean"]) / math.sqrt(fitted["se"] ** 2 + stats["se"] ** 2), 2)
            if fitted["se"] > 0 or stats["se"] > 0 else 0.0,
            "placed_all": describe(everything), "placed_last_window": describe(last),
            "at_own_rung_from": reached}


def table(summary: Mapping[str, Any]) -> str:
    lines = []
    for preset, entry in summary["presets"].items():
        lines.append(f"{preset} (fit seeds {entry[seeds_key()]}; rungs {entry['rungs']}; needed {entry['needed']})")
        for lv, f in entry["levels"].items():
            lines.append(f"  {lv:9} n={f['n']:5} matches={f['matches']:3} mean={f['mean']:7.3f} "
                         f"[{f['low']:.3f}, {f['high']:.3f}] sd={f['sd']:.2f} deff={f['deff']:.2f}")
        for p in entry["adjacent"]:
            lines.append(f"  {p['weaker']} > {p['stronger']}: overlap={p['intervals_overlap']} "
                         f"decisions to separate={p['decisions']} distinct={p['distinct']}")
        for lv, c in entry.get("check", {}).items():
            lines.append(f"  check {lv:9} n={c['n']} mean={c['mean']:.3f} [{c['low']:.3f}, {c['high']:.3f}] "
                         f"in fitted={c['mean_in_fitted_interval']} z={c['z']:+.2f} all->{c['placed_all']['code']} "
                         f"{c['placed_all']['rungs']} last->{c['placed_last_window']['code']} "
                         f"{c['placed_last_window']['rungs']} own rung from {c['at_own_rung_from']}")
    return "\n".join(lines)


def _rungs_text(rungs: Sequence[Sequence[str]]) -> str:
    return " / ".join("=".join(r) for r in rungs) if rungs else "-"


def markdown(summary: Mapping[str, Any]) -> str:
    """The summary as docs/coach.md's tables (``summarise --markdown``)."""
    presets = list(summary["presets"])
    out = ["| level | " + " | ".join(presets) + " |", "| --- |" + " --- |" * len(presets)]
    for lv in (*LADDER_LEVELS, TOP_LEVEL):
        cells = []
        for preset in presets:
            f = summary["presets"][preset]["levels"][lv]
            cells.append(f"{f['mean']:.2f} [{f['low']:.2f}, {f['high']:.2f}]")
        out.append(f"| `{lv}` | " + " | ".join(cells) + " |")
    out += ["", "| preset | level | decisions (matches) | sd per decision | design effect |", "| --- | --- | --- | --- | --- |"]
    for preset in presets:
        for lv, f in summary["presets"][preset]["levels"].items():
            out.append(f"| {preset} | `{lv}` | {f['n']} ({f['matches']}) | {f['sd']:.2f} | {f['deff']:.2f} |")
    out += ["", "| preset | adjacent levels (weaker > stronger) | intervals overlap | decisions to separate | rungs |",
            "| --- | --- | --- | --- | --- |"]
    for preset in presets:
        entry = summary["presets"][preset]
        for p in entry["adjacent"]:
            out.append(f"| {preset} | `{p['weaker']}` > `{p['stronger']}` | {'yes' if p['intervals_overlap'] else 'no'} "
                       f"| {p['decisions']} | {'separate' if p['distinct'] else 'one rung'} |")
        out.append(f"| {preset} | ladder, weakest first | | needed: {entry['needed']} | {_rungs_text(entry['rungs'])} |")
    if any("check" in e for e in summary["presets"].values()):
        out += ["", "| preset | level | held-out decisions | held-out mean [95%] | inside the fitted interval | "
                    f"difference in SE | placed on all | placed on the last {WINDOW} | at its own rung from decision |",
                "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
        for preset in presets:
            for lv, c in summary["presets"][preset].get("check", {}).items():
                a, w = c["placed_all"], c["placed_last_window"]
                out.append(f"| {preset} | `{lv}` | {c['n']} | {c['mean']:.2f} [{c['low']:.2f}, {c['high']:.2f}] | "
                           f"{'yes' if c['mean_in_fitted_interval'] else 'no'} | {c['z']:+.2f} | "
                           f"{a['code']} {_rungs_text(a['rungs'])} | "
                           f"{w['code']} {_rungs_text(w['rungs'])} | {c['at_own_rung_from'] or 'never'} |")
    return "\n".join(out)


def constants_text(summary: Mapping[str, Any]) -> str:
    """``ai.ladder.FIGURES`` as Python source, from a summary (``constants``)."""
    lines = ["FIGURES: dict[str, dict[str, Figure]] = {"]
    for preset, entry in summary["presets"].items():
        lines.append(f'    "{preset}": {{')
        for lv, f in figures_of(entry["levels"]).items():
            lines.append(f'        "{lv}": Figure("{lv}", {f.mean!r}, {f.low!r}, {f.high!r}, {f.sd!r}, {f.n!r}),')
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines)


def constants(args: argparse.Namespace) -> int:
    summary = json.loads(Path(args.summary).read_text(encoding="utf-8"))
    print(constants_text(summary))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="play seeded matches and write one row per judged bidding decision")
    c.add_argument("--preset", required=True, choices=sorted(PRESETS))
    c.add_argument("--level", required=True, choices=(*LADDER_LEVELS, TOP_LEVEL))
    c.add_argument("--seed", type=int, nargs="+", required=True, help="one or more run seeds")
    c.add_argument("--matches", type=int, default=1, help="matches per seed")
    c.add_argument("--first", type=int, default=0, help="the first match index")
    c.add_argument("--max-deals", type=int, default=10**6, help="stop a match after this many deals")
    c.add_argument("--opponent", default=OPPONENT, help="the level player 1 plays (default: %(default)s)")
    c.add_argument("--card-level", default=None,
                   help="play the cards of both seats at this level (default: each seat's own bot)")
    c.add_argument("--out", required=True)
    s = sub.add_parser("summarise", help="intervals per preset and level, separation, held-out check")
    s.add_argument("files", nargs="+", help="the fit rows (JSONL)")
    s.add_argument("--check", nargs="*", help="held-out rows (other seeds)")
    s.add_argument("--out", help="write the summary JSON here")
    s.add_argument("--json", action="store_true", help="print the JSON rather than the table")
    s.add_argument("--markdown", action="store_true", help="print docs/coach.md's tables")
    k = sub.add_parser("constants", help="print ai.ladder.FIGURES from a summary")
    k.add_argument("summary", help="the summary JSON (research/ladder/summary.json)")
    args = parser.parse_args(argv)
    return {"collect": collect, "summarise": summarise, "constants": constants}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
